"""The table page: board, bidding box, the ruling read-out with one button per option, the log; and the service
worker that lets the page take entries offline (``static/sw.js``, served from the root so it covers every page)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, RedirectResponse, Response
from pydantic import ValidationError

from ...club.at_table import record_from_table, result_from_table
from ...club.models import Section
from ...errors import BridgeError, ConflictError
from ...laws.ruling import Edition
from ...model import Seat, Strain
from ..accounts import Account
from ..audit import RESULT, note
from ..entries import to_event
from ..event_store import event_with_field
from ..forms import first_error, number
from ..pages import render
from ..schemas import BOARD_RANGE, EntryIn, TableOut
from ..security import DIRECTOR, READER, SCORER
from ..session_view import seated
from ..table_view import table_out
from .api_tables import find_table, parse_deal, tables_of

router = APIRouter(include_in_schema=False)
LEVELS = tuple(range(1, 8))
STRAINS = tuple(Strain)
FIELDS = ("kind", "seat", "call", "option", "question", "answer", "cards", "card", "level", "strain", "tricks",
          "statement", "law", "key")
SERVICE_WORKER = Path(__file__).resolve().parents[1] / "static" / "sw.js"
#: Sent by static/app.js with an entry: answer with the table page at once (one round trip, not a redirect).
SWAP_HEADER = "X-Table-Swap"
TRICK_LAWS = ("69B", "71", "62D", "64C", "12C1")


def validation_message(err: ValidationError) -> str:
    return first_error(err.errors())[0]


def auction_rows(view: TableOut) -> list[list[str]]:
    """The auction in rows of four (North to West), blanks before the dealer."""
    cells = [""] * "NESW".index(view.dealer[0]) + [c.call for c in view.calls]
    return [(cells[i:i + 4] + [""] * 4)[:4] for i in range(0, len(cells), 4)]


def table_page(request: Request, table_id: str, error: str | None = None, status_code: int = 200,
               conflict: bool = False) -> Response:
    table = find_table(request, table_id)
    view = table_out(table.state, table.id, table.log)
    header = None
    if table.seating.section_id is not None:
        with tables_of(request).register.transaction() as db:
            header = seated(db, table)
    return render(request, "table.html", status_code=status_code, table=view, error=error, levels=LEVELS,
                  strains=STRAINS, seats=tuple(Seat), auction_rows=auction_rows(view), trick_laws=TRICK_LAWS,
                  calculator=calculator_url(request, view) if view.contract or view.phase != "auction" else None,
                  seq=table.seq, seated=header, conflict=conflict)


def field_event(request: Request, board: int | None) -> str | None:
    """The first event of the register with results on ``board`` (its field fills the calculator), if any."""
    register = request.app.state.register
    if register is None or board is None:
        return None
    with register.transaction() as db:
        return event_with_field(db, board)


def calculator_url(request: Request, view: TableOut) -> str:
    """The adjusted-score calculator prefilled with the board, contract, declarer, deal and the event's field."""
    params: dict[str, str] = {"board": str(view.board or "")}
    if view.contract_pbn and view.declarer:
        params |= {"contract": view.contract_pbn, "declarer": view.declarer}
    if view.deal:
        params["deal"] = view.deal
    event = field_event(request, view.board)
    if event:
        params["event"] = event
    return "/adjusted?" + urlencode(params)


def home_error(request: Request, message: str) -> Response:
    """The home page again with ``message`` above the form; the open tables stay listed."""
    tables = [table_out(t.state, t.id) for t in reversed(tables_of(request).all())]
    return render(request, "home.html", status_code=422, tables=tables, error=message)


@router.post("/tables")
async def open_table(request: Request, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    form = await request.form()
    raw = str(form.get("board", "")).strip()
    try:
        board = int(raw)
    except ValueError:
        return home_error(request, f"board: enter a board number from 1 to 999, not {raw[:12]!r}")
    if not 1 <= board <= 999:
        return home_error(request, f"board: {BOARD_RANGE}, not {board}")
    try:
        table = tables_of(request).open(board, parse_deal(str(form.get("deal", ""))),
                                        Edition.parse(str(form.get("laws", "2017"))))
    except BridgeError as err:
        return home_error(request, str(err))
    return RedirectResponse(f"/tables/{table.id}", status_code=303)


@router.get("/tables/{table_id}")
def show_table(request: Request, table_id: str, account: Annotated[Account, Depends(READER)]) -> Response:
    return table_page(request, table_id)


@router.post("/tables/{table_id}/entries")
async def enter(request: Request, table_id: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    table = find_table(request, table_id)
    form = await request.form()
    data = {k: str(form[k]) for k in FIELDS if k in form and str(form[k]).strip()}
    data.setdefault("kind", "call")
    try:
        expected = number(form, "expected", low=0, high=100_000)
        entry = EntryIn.model_validate({**data, "led": form.get("led") == "on"}, strict=False)
        table.enter(lambda state: to_event(entry, state), expected=expected, by=account.username, key=entry.key)
    except ConflictError as err:
        return table_page(request, table_id, f"Nothing was entered: {err.message}", 409, conflict=True)
    except ValidationError as err:
        return table_page(request, table_id, validation_message(err), 422)
    except BridgeError as err:
        return table_page(request, table_id, str(err), 422)
    if request.headers.get(SWAP_HEADER) == "1":  # the page's script draws the answer in place: no redirect
        return table_page(request, table_id)
    return RedirectResponse(f"/tables/{table_id}", status_code=303)


@router.get("/sw.js")
def service_worker() -> Response:
    """The service worker, from the root so that its scope is the whole app; never cached by the browser's
    HTTP cache (a new version is picked up on the next visit)."""
    return FileResponse(SERVICE_WORKER, media_type="text/javascript",
                        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})


@router.post("/tables/{table_id}/record")
def record(request: Request, table_id: str, account: Annotated[Account, Depends(SCORER)]) -> Response:
    """Store the result the finished board's log gives as the session's result for that table (no retyping)."""
    table = find_table(request, table_id)
    given = result_from_table(table.state)
    where = table.seating
    try:
        if given is None or where.section_id is None or where.round_no is None or where.table_no is None:
            raise BridgeError("the board is not finished at a table of a session: no result to record",
                              field="result")
        with tables_of(request).register.transaction() as db:
            section = db.get(Section, where.section_id)
            if section is None:
                raise BridgeError(f"no section {where.section_id}", field="section")
            row = record_from_table(db, section, where.round_no, where.table_no, table.board or 0, table.state,
                                    account.username)
            note(db, request, RESULT, f"result {row.id}", f"section {section.id}, round {where.round_no}, table "
                 f"{where.table_no}, board {table.board}, from the table's log")
    except ConflictError as err:
        return table_page(request, table_id, str(err), 409)
    except BridgeError as err:
        return table_page(request, table_id, str(err), 422)
    return RedirectResponse(f"/tables/{table_id}", status_code=303)
