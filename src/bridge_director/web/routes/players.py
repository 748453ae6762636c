"""The players' view: a pair's own score card on the players' phones, by QR code or link and with no account, and
the director's and scorer's pages that hand the cards out and publish the results.

- ``/card/{token}``: the pair's card (``club.score_card``), read-only; the signed token is the key.  While the
  section's results come in the card asks for itself again every 30 s (htmx) and shows a board's points once every
  result of the board is in.
- ``/sessions/{sid}/player-codes``: a printable page with one QR code a pair (its card's link).
- ``/sessions/{sid}/publish``: the links to the files below and each pair's link.
- ``/sessions/{sid}/publish.zip``: the folder of static pages and the PDF (``club.publish``), in one zip.
- ``/sessions/{sid}/results.pdf``: the PDF alone (ranking and travellers).

The points are the score cache's report (``club.score_cache``): the same as the ranking's, never scored apart.
"""

from __future__ import annotations

import base64
import functools
from collections.abc import Callable
from typing import Annotated, ParamSpec

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy.orm import Session

from ...club.publish import Published, publish_section, site_zip
from ...club.report import SectionReport, fmt_points
from ...club.score_card import PlayerCard, card_key, card_token, player_card, read_card_token, section_expected
from ...errors import BridgeError
from ...register import Register
from ...register.models import Section
from ..accounts import Account
from ..lan import public_base, qr_svg
from ..pages import TEMPLATES, render
from ..schemas import RecordId
from ..section_scores import section_scores
from ..security import SCORER
from ..session_view import club_register

router = APIRouter(include_in_schema=False)
P = ParamSpec("P")
#: how often a card asks for itself again while results come in
REFRESH_SECONDS = 30
#: the printable page of QR codes: its own styles and images, no script
PRINT_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; "
                "base-uri 'none'; form-action 'none'")
#: the card's answer: never kept by a proxy, never indexed, the token never sent on as a referrer
CARD_HEADERS = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer"}
__all__ = ["router"]


class Missing(BridgeError):
    """No such section: the page answers 404."""


def _pages(handler: Callable[P, Response]) -> Callable[P, Response]:
    """A page handler whose ``Missing`` becomes the error page with status 404."""
    @functools.wraps(handler)
    def page(*args: P.args, **kwargs: P.kwargs) -> Response:
        try:
            return handler(*args, **kwargs)
        except Missing as err:
            request = kwargs["request"]
            assert isinstance(request, Request)
            return render(request, "error.html", status_code=404, error=err.message)
    return page


def _report(register: Register, sid: int) -> SectionReport:
    scores = section_scores(register, sid)
    if scores is None:
        raise Missing(f"there is no section number {sid}", field="section")
    return scores.report


def _expected(db: Session, sid: int) -> dict[int, int]:
    section = db.get(Section, sid)
    if section is None:
        raise Missing(f"there is no section number {sid}", field="section")
    return section_expected(db, section)


def the_card(register: Register, sid: int, pair: int) -> PlayerCard:
    """The pair's card as stored now: the cached report and the results each board waits for."""
    rep = _report(register, sid)
    with register.transaction() as db:
        expected = _expected(db, sid)
    return player_card(rep, pair, expected)


def card_url(request: Request, key: str, sid: int, pair: int) -> str:
    return f"{public_base(request)}/card/{card_token(key, sid, pair)}"


def qr_data_uri(url: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(url)).decode("ascii")


# ----- the players' page -------------------------------------------------------------------------------------
@router.get("/card/{token}")
def card_page(request: Request, token: str) -> Response:
    """A pair's own score card; a link that is not one of ours, or whose section or pair is gone, answers 404 with
    one line to the player."""
    register = club_register(request)
    try:
        sid, pair = read_card_token(card_key(register), token[:100])
        card = the_card(register, sid, pair)
    except BridgeError as err:
        return render(request, "player_card.html", status_code=404, headers=CARD_HEADERS, card=None,
                      problem=err.message)
    return render(request, "player_card.html", headers=CARD_HEADERS, card=card, problem=None,
                  url=f"/card/{token}", refresh=REFRESH_SECONDS, points=fmt_points)


# ----- the director's and scorer's pages ---------------------------------------------------------------------
def _cards_links(request: Request, sid: int) -> tuple[SectionReport, list[tuple[int, str, str]]]:
    """The section's report and each pair's number, names and card link."""
    register = club_register(request)
    rep = _report(register, sid)
    if rep.method == "teams":
        raise BridgeError("a teams section is scored by matches: there are no pairs' score cards", field="section")
    key = card_key(register)
    return rep, [(pair, names, card_url(request, key, sid, pair)) for pair, names in sorted(rep.names.items())]


@router.get("/sessions/{sid}/player-codes")
@_pages
def player_codes(request: Request, sid: RecordId, account: Annotated[Account, Depends(SCORER)]) -> Response:
    """One QR code a pair, to print and hand out: each opens that pair's card."""
    rep, pairs = _cards_links(request, sid)
    page = TEMPLATES.get_template("player_codes.html").render(
        title=rep.title, codes=[(pair, names, url, qr_data_uri(url)) for pair, names, url in pairs])
    return HTMLResponse(page, headers={"Content-Security-Policy": PRINT_POLICY})


@router.get("/sessions/{sid}/publish")
@_pages
def publish_page(request: Request, sid: RecordId, account: Annotated[Account, Depends(SCORER)]) -> Response:
    rep, pairs = _cards_links(request, sid)
    return render(request, "publish_section.html", rep=rep, sid=sid, pairs=pairs)


def _published(request: Request, sid: int) -> Published:
    register = club_register(request)
    rep = _report(register, sid)
    with register.transaction() as db:
        section = db.get(Section, sid)
        if section is None:
            raise Missing(f"there is no section number {sid}", field="section")
        return publish_section(db, section, rep)


def _download(body: bytes, media_type: str, filename: str) -> Response:
    return Response(body, media_type=media_type,
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@router.get("/sessions/{sid}/publish.zip")
@_pages
def publish_zip(request: Request, sid: RecordId, account: Annotated[Account, Depends(SCORER)]) -> Response:
    """The folder of static pages and the PDF, in one zip to upload to the club's website."""
    published = _published(request, sid)
    return _download(site_zip(published), "application/zip", f"{published.name}.zip")


@router.get("/sessions/{sid}/results.pdf")
@_pages
def results_pdf(request: Request, sid: RecordId, account: Annotated[Account, Depends(SCORER)]) -> Response:
    """The ranking and the travellers as a PDF to print."""
    published = _published(request, sid)
    return _download(published.pdf, "application/pdf", f"{published.name}.pdf")
