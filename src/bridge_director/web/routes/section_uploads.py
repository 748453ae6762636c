"""Uploaded travellers (PBN, CSV, USEBIO) and the page of a section of results only.

An upload becomes a section of results only of the event's session (``club.travellers``); a later upload to the
section adds or replaces boards.  The section's page is its ranking, each board's traveller with its frequency
chart and a ruling link per result, the exports, and a choice of pairs method (``?method=``).  Scorers and
directors upload; everyone logged in reads.  A refused file names its line and field and stores nothing.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response
from markupsafe import Markup

from ...club.report import contract_text, fmt_points
from ...club.setup import results_only
from ...errors import BridgeError, ConflictError
from ...scoring.report import frequency_chart
from ..accounts import Account
from ..forms import text
from ..pages import render
from ..schemas import RecordId
from ..section_scores import METHODS, other_method, section_scores
from ..security import SCORER
from ..session_view import all_sections, brief, club_register, get_section
from ..traveller_view import lead_symbol, replaced_scores
from ..uploads import form_file, read_upload, store_upload, upload_limit

router = APIRouter(include_in_schema=False)


def results_section_page(request: Request, sid: int, method: str = "", status_code: int = 200,
                         error: str | None = None, stored: int | None = None) -> Response:
    """The page of a section of results only, scored by its own method or by ``method``."""
    register = club_register(request)
    with register.transaction() as db:
        section = get_section(db, sid)
        line = brief(db, section)
        chosen = other_method(section, method)
        own = section.method
        replaced = replaced_scores(db, section)
    scores = section_scores(register, sid, chosen.value if chosen else None)
    if scores is None:
        return render(request, "error.html", status_code=404, error=f"there is no section number {sid}")
    rep = scores.report
    charts: dict[int, Any] = {}
    for board in rep.boards():
        scored = rep.board_score(board)
        charts[board] = Markup(frequency_chart(scored)) if scored is not None else ""  # numbers, drawn by the scorer
    query = f"?method={chosen.value}" if chosen else ""
    return render(request, "section_results_only.html", status_code=status_code, error=error, section=line,
                  rep=rep, sid=sid, ranking=rep.ranking(), fields=rep.fields(), charts=charts, query=query,
                  method=chosen.value if chosen else own, methods=METHODS, stored=stored, points=fmt_points,
                  contract=contract_text, replaced=replaced, lead=lead_symbol)


def _status(err: BridgeError) -> int:
    return 409 if isinstance(err, ConflictError) else 422


def _list_page(request: Request, status_code: int, error: str, form: dict[str, str]) -> Response:
    with club_register(request).transaction() as db:
        sections = all_sections(db)
    return render(request, "session_list.html", status_code=status_code, error=error, sections=sections,
                  upload=form)


@router.post("/sessions/upload")
async def upload(request: Request, account: Annotated[Account, Depends(SCORER)]) -> Response:
    """Travellers into a new (or the event's) section of results only; the section's page follows."""
    form = await request.form()
    typed = {"event": str(form.get("event", ""))[:200], "session": str(form.get("session", ""))[:100]}
    try:
        event = text(form, "event", max_length=200, required=True, label="the event's name")
        session = text(form, "session", max_length=100)
        name, content = await form_file(form, upload_limit(request))
        found = read_upload(name, content)
        with club_register(request).transaction() as db:
            stored = store_upload(db, request, found, event, session)
            sid, lines = stored.section.id, stored.lines
    except BridgeError as err:
        return _list_page(request, _status(err), str(err), typed)
    return RedirectResponse(f"/sessions/{sid}?stored={lines}", status_code=303)


@router.post("/sessions/{sid}/upload")
async def upload_to(request: Request, sid: RecordId, account: Annotated[Account, Depends(SCORER)]) -> Response:
    """More boards (or boards again) into this section of results only."""
    form = await request.form()
    try:
        name, content = await form_file(form, upload_limit(request))
        found = read_upload(name, content)
        with club_register(request).transaction() as db:
            section = get_section(db, sid)
            stored = store_upload(db, request, found, section.session.event.name, section.session.name,
                                  section.letter)
            lines = stored.lines
    except BridgeError as err:
        with club_register(request).transaction() as db:
            uploaded = results_only(get_section(db, sid))
        if not uploaded:
            return render(request, "error.html", status_code=_status(err), error=str(err))
        return results_section_page(request, sid, status_code=_status(err), error=str(err))
    return RedirectResponse(f"/sessions/{sid}?stored={lines}", status_code=303)
