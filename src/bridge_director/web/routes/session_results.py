"""A session's results as they arrive and when they are final: the ranking (refreshed every 15 s), each board's
traveller and frequency, each pair's score card, the printable results, hand records and guide cards, and the
CSV, PBN and USEBIO files.  ``sid`` is the section's id; everyone logged in reads.

Each page reads the section's stored score version (one small query) and serves the section's report as
computed at that version (``club.score_cache``): read once per change, never older than the register.  The
printable page and the downloads are rendered once per version too.
The printable pages are self-contained (their own inline style); they are served with a policy that allows
their styles and no script at all.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable
from typing import Annotated, ParamSpec

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup
from sqlalchemy import select
from sqlalchemy.orm import Session

from ...club.exports import report_csv, report_usebio, section_pbn
from ...club.hand_record_html import hand_records_html
from ...club.hand_records import DoubleDummy, HandRecord, with_double_dummy
from ...club.report import SectionReport, contract_text, fmt_points, frequency
from ...club.score_cache import Scores
from ...club.setup import movement_of, results_only
from ...club.table_cards import guide_cards_html
from ...errors import BridgeError
from ...model import Deal, board_dealer, board_vulnerability
from ...register.models import Board, Section
from ...scoring.report import frequency_chart
from ..accounts import Account
from ..pages import render
from ..schemas import RecordId
from ..section_scores import METHODS, other_method, report_by, section_scores
from ..security import READER
from ..session_view import club_register as register_of
from ..traveller_view import lead_symbol, replaced_scores

router = APIRouter(include_in_schema=False)
P = ParamSpec("P")
PRINT_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; "
                "base-uri 'none'; form-action 'none'")
_DD_CACHE: dict[tuple[str, str, str], DoubleDummy] = {}
_DD_LOCK = threading.Lock()
__all__ = ["router"]


class Missing(Exception):
    """No such section, board or pair: the page answers 404."""


def _pages(handler: Callable[P, Response]) -> Callable[P, Response]:
    """A page handler whose ``Missing`` becomes the error page with status 404."""
    @functools.wraps(handler)
    def page(*args: P.args, **kwargs: P.kwargs) -> Response:
        try:
            return handler(*args, **kwargs)
        except Missing as err:
            request = kwargs["request"]
            assert isinstance(request, Request)
            return render(request, "error.html", status_code=404, error=str(err))
    return page


def _section(db: Session, sid: int) -> Section:
    section = db.get(Section, sid)
    if section is None:
        raise Missing(f"there is no section number {sid}")
    return section


def _scores(request: Request, sid: int, method: str = "") -> Scores:
    """The section's scores as stored now (from the cache while the section is unchanged); a section of results
    only may be scored by another pairs ``method``."""
    found = section_scores(register_of(request), sid, method[:20] or None)
    if found is None:
        raise Missing(f"there is no section number {sid}")
    return found


def _report(request: Request, sid: int, method: str = "") -> SectionReport:
    return _scores(request, sid, method).report


def _links(sid: int, method: str = "") -> dict[str, str]:
    """The results pages' links, each with the pairs method asked for (a section of results only)."""
    base = f"/sessions/{sid}"
    query = f"?method={method}" if method in METHODS else ""
    return {"ranking": f"{base}/ranking{query}", "results": f"{base}/results{query}",
            "csv": f"{base}/export.csv{query}", "pbn": f"{base}/export.pbn{query}",
            "xml": f"{base}/export.xml{query}", "hands": f"{base}/hand-records",
            "cards": f"{base}/cards", "query": query, "section": f"{base}{query}", "publish": f"{base}/publish"}


@router.get("/sessions/{sid}/ranking")
@_pages
def ranking_page(request: Request, sid: RecordId, account: Annotated[Account, Depends(READER)],
                 method: str = "") -> Response:
    scores = _scores(request, sid, method)
    rep = scores.report
    return render(request, "results_ranking.html", rep=rep, sid=sid, ranking=rep.ranking(), fields=rep.fields(),
                  links=_links(sid, method), points=fmt_points, played=sum(1 for ln in rep.lines if ln.played),
                  matches=list(scores.matches))


@router.get("/sessions/{sid}/boards/{board}")
@_pages
def board_page(request: Request, sid: RecordId, board: RecordId,
               account: Annotated[Account, Depends(READER)], method: str = "") -> Response:
    scores = _scores(request, sid, method)
    rep, boards = scores.report, scores.boards
    if board not in boards and board not in rep.boards():
        raise Missing(f"board {board} is not played in this section")
    scored = rep.board_score(board)
    chart = Markup(frequency_chart(scored)) if scored is not None else ""  # numbers only, drawn by the scorer
    at = boards.index(board) if board in boards else -1
    with register_of(request).transaction() as db:
        replaced = replaced_scores(db, _section(db, sid), board)
    return render(request, "results_board.html", rep=rep, sid=sid, board=board, lines=rep.traveller(board),
                  frequency=frequency(scored) if scored is not None else [], chart=chart, points=fmt_points,
                  contract=contract_text, previous=boards[at - 1] if at > 0 else None,
                  next=boards[at + 1] if 0 <= at < len(boards) - 1 else None, links=_links(sid, method),
                  replaced=replaced, lead=lead_symbol)


@router.get("/sessions/{sid}/pairs/{number}")
@_pages
def pair_page(request: Request, sid: RecordId, number: RecordId,
              account: Annotated[Account, Depends(READER)], method: str = "") -> Response:
    rep = _report(request, sid, method)
    if number not in rep.names:
        raise Missing(f"there is no pair {number} in this section")
    return render(request, "results_pair.html", rep=rep, sid=sid, card=rep.score_card(number), points=fmt_points,
                  contract=contract_text, links=_links(sid, method))


@router.get("/sessions/{sid}/results")
@_pages
def results_page(request: Request, sid: RecordId, account: Annotated[Account, Depends(READER)],
                 method: str = "") -> Response:
    return _printable(_scores(request, sid, method).printable())


def _printable(page: str) -> Response:
    return HTMLResponse(page, headers={"Content-Security-Policy": PRINT_POLICY})


def _filename(rep: SectionReport, suffix: str) -> str:
    return re.sub(r"[^\w ,.()-]", "_", rep.title, flags=re.ASCII).strip() + suffix


def _download(body: str, media_type: str, filename: str) -> Response:
    return Response(body, media_type=f"{media_type}; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@router.get("/sessions/{sid}/export.csv")
@_pages
def export_csv(request: Request, sid: RecordId, account: Annotated[Account, Depends(READER)],
               method: str = "") -> Response:
    scores = _scores(request, sid, method)
    return _download(scores.page("csv", report_csv), "text/csv", _filename(scores.report, ".csv"))


@router.get("/sessions/{sid}/export.xml")
@_pages
def export_usebio(request: Request, sid: RecordId, account: Annotated[Account, Depends(READER)],
                  method: str = "") -> Response:
    scores = _scores(request, sid, method)
    return _download(scores.page("usebio", report_usebio), "application/xml", _filename(scores.report, ".xml"))


@router.get("/sessions/{sid}/export.pbn")
@_pages
def export_pbn(request: Request, sid: RecordId, account: Annotated[Account, Depends(READER)],
               method: str = "") -> Response:
    with register_of(request).transaction() as db:
        section = _section(db, sid)
        chosen = other_method(section, method[:20])
        rep = report_by(db, section, chosen)
        text = section_pbn(db, section, rep, chosen)
    return _download(text, "application/x-pbn", _filename(rep, ".pbn"))


def _hand_records(db: Session, section: Section) -> dict[int, HandRecord]:
    stored = db.execute(select(Board.number, Board.deal).where(Board.session_id == section.session_id,
                                                               Board.deal.is_not(None))).all()
    return {number: HandRecord(number, Deal.from_pbn(deal), board_dealer(number), board_vulnerability(number))
            for number, deal in sorted(stored) if deal}


def analysed(records: dict[int, HandRecord]) -> dict[int, HandRecord]:
    """The records with their double-dummy analysis, each deal solved once per process (pure computation);
    without endplay they are returned as they are."""
    def key(r: HandRecord) -> tuple[str, str, str]:
        return r.deal.to_pbn(), r.dealer.letter, r.vulnerability.value

    with _DD_LOCK:
        known = {n: r for n, r in records.items() if key(r) in _DD_CACHE}
    missing = {n: r for n, r in records.items() if n not in known}
    if missing:
        try:
            solved = with_double_dummy(missing)
        except BridgeError:  # endplay is not installed: the hand records without the analysis
            return records
        with _DD_LOCK:
            for record in solved.values():
                if record.dd is not None:
                    _DD_CACHE[key(record)] = record.dd
    with _DD_LOCK:
        return {n: HandRecord(r.board, r.deal, r.dealer, r.vulnerability, r.line, _DD_CACHE.get(key(r)))
                for n, r in records.items()}


@router.get("/sessions/{sid}/hand-records")
@_pages
def hand_records_page(request: Request, sid: RecordId, account: Annotated[Account, Depends(READER)]) -> Response:
    with register_of(request).transaction() as db:
        section = _section(db, sid)
        records = _hand_records(db, section)
        title = f"{section.session.event.name}, {section.session.name}: hand records"
    if not records:
        raise Missing("no hand records are stored for this session")
    return _printable(hand_records_html(analysed(records), title))


@router.get("/sessions/{sid}/cards")
@_pages
def guide_cards_page(request: Request, sid: RecordId, account: Annotated[Account, Depends(READER)]) -> Response:
    names = _report(request, sid).names
    with register_of(request).transaction() as db:
        section = _section(db, sid)
        if results_only(section):
            raise Missing("a section of uploaded results has no tables: there are no guide cards")
        page = guide_cards_html(movement_of(section), section.boards_per_round, names, section.first_board)
    return _printable(page)
