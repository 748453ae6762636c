"""The table device's pages (the players' phone, no account: the link is the key) and the director's pages for
it: each table's link and QR code with the printed table cards, revoking a link, the travellers setting, and the
calls waiting at ``/calls``.

Without the script the device works by forms: the keypad posts the taps, the page answers with the entry in
words and the other side's confirm button, and the confirmation stores it (``club.devices``), then the board's
traveller or the next board.  With the script (``static/app.js``) the same page queues its results on the phone
and moves on by itself, online or not (docs/phone.md, "Table devices").
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy.orm import Session
from starlette.datastructures import FormData

from ...club.devices import (
    DeviceEntry,
    issue,
    keypad_entry,
    links,
    revoke,
    set_traveller,
    shows_traveller,
    sign,
    table_plan,
)
from ...club.director_calls import (
    REASON_TEXT,
    REASONS,
    answer_call,
    answered_calls,
    call_director,
    open_call,
    waiting_calls,
)
from ...club.setup import movement_of, results_only
from ...club.table_cards import CardCode, guide_cards_html
from ...errors import BridgeError, ConflictError
from ...register.models import Section
from ..accounts import Account
from ..device_view import (
    Keyed,
    Refused,
    club_register,
    device_of,
    device_page,
    device_secret,
    device_url,
    enter_entry,
    qr_image,
    refusal_page,
)
from ..forms import choice, number, text
from ..pages import render
from ..schemas import RecordId
from ..security import DIRECTOR, client_address
from .api_tables import tables_of

router = APIRouter(include_in_schema=False)
Token = Annotated[str, Path(min_length=1, max_length=300, description="the table device's link")]
TableNo = Annotated[int, Path(ge=1, le=99)]
PRINT_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; "
                "base-uri 'none'; form-action 'none'")


# ----- the players' phone --------------------------------------------------------------------------------------
@router.get("/device/{token}")
def device(request: Request, token: Token, started: Annotated[int | None, Query(alias="round", ge=1, le=99)] = None,
           stored: Annotated[int | None, Query(ge=1, le=999)] = None) -> Response:
    """The table's board to enter now, or the end of a round with the moves (``round``: that round is started)."""
    try:
        found = device_of(request, token)
    except Refused as err:
        return refusal_page(request, err)
    line = ""
    if stored is not None:
        with club_register(request).transaction() as db:
            plan = table_plan(db, db.get_one(Section, found.section_id), found.table_no)
        done = next((b for r in plan.rounds for b in r.boards if b.number == stored and b.done), None)
        line = f"Board {stored} is entered: {done.result}" if done is not None else ""
    return device_page(request, found, started=started, stored=line)


def _keyed(form: FormData) -> Keyed:
    def field(name: str, options: tuple[str, ...]) -> str:
        value = text(form, name, max_length=4)
        return value if value in options else ""
    return Keyed(field("level", tuple("1234567")), field("strain", ("C", "D", "H", "S", "NT")),
                 field("double", ("X", "XX")), field("declarer", ("N", "E", "S", "W")),
                 field("lead_suit", ("S", "H", "D", "C")), field("lead_rank", tuple("AKQJT98765432")),
                 text(form, "made", max_length=4), text(form, "passed", max_length=2) == "1")


def _entry(form: FormData, keyed: Keyed, confirmed_by: str = "") -> DeviceEntry:
    round_no = number(form, "round", low=1, high=99, required=True, label="round") or 0
    board = number(form, "board", low=1, high=999, required=True, label="board") or 0
    return keypad_entry(round_no, board, level=keyed.level, strain=keyed.strain, double=keyed.double,
                        declarer=keyed.declarer, made=keyed.made, lead_suit=keyed.lead_suit,
                        lead_rank=keyed.lead_rank, passed=keyed.passed, confirmed_by=confirmed_by)


@router.post("/device/{token}/result")
async def result(request: Request, token: Token) -> Response:
    """The keypad's taps: answered with the entry to confirm; the confirmation (``confirmed_by``) stores it; a
    refusal keeps the taps on the keypad and says why in one line."""
    form = await request.form()
    try:
        try:
            table_no = number(form, "table", low=1, high=99, label="table")
        except BridgeError as err:
            return device_page(request, device_of(request, token), error=str(err), status_code=422)
        found = device_of(request, token, table_no)
    except Refused as err:
        return refusal_page(request, err)
    keyed = _keyed(form)
    at: tuple[int, int] | None = None
    try:
        confirmed = choice(form, "confirmed_by", ("", "NS", "EW"), "")
        entry = _entry(form, keyed, confirmed)
        at = (entry.round_no, entry.board)
        if text(form, "change", max_length=2) == "1":
            return device_page(request, found, mode="board", keyed=keyed, at=at)
        if not confirmed:
            return device_page(request, found, mode="confirm", keyed=keyed, entry=entry, at=at)
        stored = enter_entry(request, token, entry, text(form, "key", max_length=64), table_no)
    except Refused as err:
        return refusal_page(request, err)
    except BridgeError as err:
        status = 409 if isinstance(err, ConflictError) else 422
        try:
            return device_page(request, found, mode="board", keyed=keyed, at=at, error=str(err),
                               status_code=status)
        except BridgeError:  # the round or board itself is not this table's: the board to enter now
            return device_page(request, found, error=str(err), status_code=status)
    with club_register(request).transaction() as db:
        show = shows_traveller(db, found.section_id)
    if show:
        return RedirectResponse(f"/device/{token}/boards/{stored.board}?{urlencode({'round': stored.round_no})}",
                                status_code=303)
    return RedirectResponse(f"/device/{token}?{urlencode({'stored': stored.board})}", status_code=303)


@router.get("/device/{token}/boards/{board}")
def board_done(request: Request, token: Token, board: Annotated[int, Path(ge=1, le=999)],
               round_no: Annotated[int, Query(alias="round", ge=1, le=99)]) -> Response:
    """The board's result at this table and, if the section shows them, its traveller; then the next board.  A
    board this table has no result for yet shows no traveller (it is still to be played here)."""
    try:
        found = device_of(request, token)
    except Refused as err:
        return refusal_page(request, err)
    with club_register(request).transaction() as db:
        plan = table_plan(db, db.get_one(Section, found.section_id), found.table_no)
    at = plan.find(round_no, board)
    if at is None or not at[1].done:
        return device_page(request, found, error=f"board {board}: this table has no result for it in round "
                                                 f"{round_no} yet", status_code=404)
    return device_page(request, found, mode="done", at=(round_no, board))


@router.post("/device/{token}/call")
async def call(request: Request, token: Token) -> Response:
    """Call the director to the table, about the board it shows (that board is opened for the director)."""
    form = await request.form()
    try:
        found = device_of(request, token)
    except Refused as err:
        return refusal_page(request, err)
    try:
        round_no = number(form, "round", low=1, high=99, required=True, label="round") or 1
        board = number(form, "board", low=1, high=999, label="board")
        what = choice(form, "what", REASONS, "")
        call_director(tables_of(request), found, round_no, board, what, text(form, "key", max_length=64) or None,
                      client_address(request))
    except BridgeError as err:
        return device_page(request, found, error=str(err), status_code=409 if isinstance(err, ConflictError)
                           else 422)
    return RedirectResponse(f"/device/{token}", status_code=303)


# ----- the director: links and table cards ----------------------------------------------------------------------
def _section(db: Session, sid: int) -> Section:
    section = db.get(Section, sid)
    if section is None:
        raise BridgeError(f"there is no section number {sid}", field="section")
    if results_only(section):
        raise BridgeError(f"section {section.letter} holds uploaded results only: it has no tables and no table "
                          "devices", field="section")
    return section


def devices_page(request: Request, sid: int, account: Account, error: str | None = None,
                 status_code: int = 200) -> Response:
    secret = device_secret(request)
    with club_register(request).transaction() as db:
        section = _section(db, sid)
        made = links(db, section, account.username, client_address(request))
        tables = [(t, device_url(request, sign(secret, row)), row) for t, row in made.items()]
        show = shows_traveller(db, section.id)
        title = f"{section.session.event.name}, {section.session.name}, section {section.letter}"
        waiting = len(waiting_calls(db, section.id))
    codes = [(t, url, qr_image(url), row) for t, url, row in tables]
    return render(request, "device_links.html", status_code=status_code, sid=sid, title=title, codes=codes,
                  show=show, waiting=waiting, error=error)


@router.get("/sessions/{sid}/devices")
def devices(request: Request, sid: RecordId, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """Each table's device link and QR code (issued on first sight), to print, renew or revoke."""
    try:
        return devices_page(request, sid, account)
    except BridgeError as err:
        return render(request, "error.html", status_code=404, error=str(err))


@router.get("/sessions/{sid}/devices/cards")
def device_cards(request: Request, sid: RecordId, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """The table cards, each with its table device's QR code: printed, one table a page."""
    secret = device_secret(request)
    try:
        with club_register(request).transaction() as db:
            section = _section(db, sid)
            made = links(db, section, account.username, client_address(request))
            urls = {t: device_url(request, sign(secret, row)) for t, row in made.items()}
            names = {p.number: " & ".join(n for n in (p.player1.name if p.player1 else "",
                                                      p.player2.name if p.player2 else "") if n)
                     for p in section.pairs}
            page = guide_cards_html(movement_of(section), section.boards_per_round, names, section.first_board,
                                    {t: CardCode(url, qr_image(url)) for t, url in urls.items()})
    except BridgeError as err:
        return render(request, "error.html", status_code=404, error=str(err))
    return HTMLResponse(page, headers={"Content-Security-Policy": PRINT_POLICY})


async def _director_change(request: Request, sid: int, account: Account, what: str, table_no: int | None) -> Response:
    form = await request.form()
    try:
        with club_register(request).transaction() as db:
            section = _section(db, sid)
            address = client_address(request)
            if what == "renew" and table_no is not None:
                issue(db, section, table_no, account.username, address)
            elif what == "revoke":
                revoke(db, section, table_no, account.username, address)
            elif what == "travellers":
                set_traveller(db, section, choice(form, "show", ("yes", "no")) == "yes", account.username, address)
    except BridgeError as err:
        try:
            return devices_page(request, sid, account, str(err), 422)
        except BridgeError:
            return render(request, "error.html", status_code=404, error=str(err))
    return RedirectResponse(f"/sessions/{sid}/devices", status_code=303)


@router.post("/sessions/{sid}/devices/{table}/renew")
async def renew(request: Request, sid: RecordId, table: TableNo,
                account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """A new link for the table (its card printed again); the old link is refused from now on."""
    return await _director_change(request, sid, account, "renew", table)


@router.post("/sessions/{sid}/devices/{table}/revoke")
async def revoke_table(request: Request, sid: RecordId, table: TableNo,
                       account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    return await _director_change(request, sid, account, "revoke", table)


@router.post("/sessions/{sid}/devices/revoke")
async def revoke_all(request: Request, sid: RecordId, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """Every table's link revoked: the end of the session (opening the page again issues new ones)."""
    return await _director_change(request, sid, account, "revoke", None)


@router.post("/sessions/{sid}/devices/travellers")
async def travellers(request: Request, sid: RecordId, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    return await _director_change(request, sid, account, "travellers", None)


# ----- the director: calls waiting ------------------------------------------------------------------------------
def calls_page(request: Request, error: str | None = None, status_code: int = 200) -> Response:
    with club_register(request).transaction() as db:
        waiting, answered = waiting_calls(db), answered_calls(db, 5)
    return render(request, "calls.html", status_code=status_code, waiting=waiting, answered=answered, error=error,
                  reason=REASON_TEXT.get)


@router.get("/calls")
def calls(request: Request, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """The calls waiting, the longest first: table, round, board, how long ago; refreshed by the page."""
    return calls_page(request)


@router.post("/calls/{call_id}/open")
def open_board_of_call(request: Request, call_id: RecordId,
                       account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """One tap: the call answered, and its table's board open with its log."""
    try:
        token = open_call(tables_of(request), call_id, account.username, client_address(request))
    except BridgeError as err:
        return calls_page(request, str(err), 422)
    return RedirectResponse(f"/tables/{token}", status_code=303)


@router.post("/calls/{call_id}/answer")
def answer(request: Request, call_id: RecordId, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    try:
        with club_register(request).transaction() as db:
            answer_call(db, call_id, account.username, client_address(request))
    except BridgeError as err:
        return calls_page(request, str(err), 422)
    return RedirectResponse("/calls", status_code=303)
