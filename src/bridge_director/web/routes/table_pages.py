"""The table page: board, bidding box, the ruling read-out with one button per option, the log; and the service
worker that lets the page take entries offline (``static/sw.js``, served from the root so it covers every page)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, RedirectResponse, Response
from pydantic import ValidationError
from starlette.datastructures import FormData

from ...club.at_table import record_from_table, result_from_table
from ...errors import BridgeError, ConflictError
from ...laws.matters import CALL_BACK
from ...model import Seat, Strain
from ...register.models import Section
from ...table.edition import Edition
from ..accounts import Account
from ..audit import RESULT, note
from ..board_fields import event_with_field
from ..entries import calls_answer, score_answer, to_event
from ..forms import first_error, number
from ..pages import render
from ..schemas import BOARD_RANGE, EntryIn, TableOut
from ..security import DIRECTOR, READER, SCORER, client_address
from ..session_view import seated
from ..table_view import (
    DESIGNATIONS,
    DUMMY_ACTS,
    KINDS_BY_KEY,
    PLAY_AGREEMENTS,
    RANK_WORDS,
    SKIP_WARNINGS,
    TRICK_ACTS,
    UNUSUAL,
    WITHDRAW,
    flags_view,
    ruling_of,
    sheet_view,
    table_out,
    table_result_text,
    under_review,
    written_view,
)
from .api_tables import find_table, parse_deal, tables_of

router = APIRouter(include_in_schema=False)
LEVELS = tuple(range(1, 8))
STRAINS = tuple(Strain)
FIELDS = ("kind", "seat", "call", "option", "question", "answer", "cards", "card", "level", "strain", "tricks",
          "statement", "law", "key", "call_no", "stated", "asked_by", "text", "seen_by", "board", "designation", "act",
          "trick", "visible", "seconds", "about")
#: the yes/no fields of an entry and their defaults (a checkbox sends "on"; a button "yes" or "no")
FLAGS = {"led": False, "agreed": True, "alerted": True, "gesture": False, "forfeited": False, "face_down": False}
#: the yes/no fields that may be left unknown (a break in tempo's context): "yes", "no", or nothing (None)
UNKNOWN_OR_FLAGS = ("skip_warning", "unusual")
YES, NO = ("on", "yes", "true", "1"), ("no", "false", "0", "off")
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
    state = table.state
    view = table_out(state, table.id, table.log)
    header = None
    if table.seating.section_id is not None:
        with tables_of(request).register.transaction() as db:
            header = seated(db, table)
    return render(request, "table.html", status_code=status_code, table=view, error=error, levels=LEVELS,
                  strains=STRAINS, seats=tuple(Seat), auction_rows=auction_rows(view), trick_laws=TRICK_LAWS,
                  calculator=calculator_url(request, view) if view.contract or view.phase != "auction" else None,
                  seq=table.seq, seated=header, conflict=conflict, sheet=sheet_view(state),
                  flag_views=flags_view(state), written=written_view(state, ruling_of(state)),
                  withdraw=WITHDRAW, dummy_acts=DUMMY_ACTS, trick_acts=TRICK_ACTS, designations=DESIGNATIONS,
                  rank_words=RANK_WORDS, skip_warnings=SKIP_WARNINGS, unusual=UNUSUAL, play_agreements=PLAY_AGREEMENTS,
                  call_back=CALL_BACK, reviewing=under_review(state),
                  table_result=table_result_text(state))


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


def _flag(form: FormData, name: str, given: str | None = None) -> bool:
    """A yes/no field: the value the kind gives, else the form's, else its default."""
    value = str(given if given is not None else form.get(name, "")).strip().lower()
    if value in YES:
        return True
    if value in NO:
        return False
    return FLAGS.get(name, False)


def _known(form: FormData, name: str) -> bool | None:
    """A yes/no field that may be left unknown: "yes" or "no" as tapped, nothing (or "not asked") None."""
    value = str(form.get(name, "")).strip().lower()
    if not value:
        return None
    if value in YES:
        return True
    if value in NO:
        return False
    raise BridgeError(f"{name} is yes, no or left unknown, not {value[:12]!r}", field=name)


def _from_sheet(form: FormData, data: dict[str, str]) -> dict[str, str]:
    """An entry of "Something happened": the kind tapped adds its fields; a few are put together from the taps
    (the bid named with a double, the two cards played together, declarer's words for dummy's card)."""
    sheet = str(form.get("sheet", "")).strip()
    kind = KINDS_BY_KEY.get(sheet)
    if kind is None:
        raise BridgeError(f"tap what happened first, not {sheet[:20]!r}", field="sheet")
    data = {**data, **dict(kind.fields)}
    if "seat" in kind.picks and not kind.auto and not data.get("seat"):
        raise BridgeError(f"tap who did it ({kind.label}, Law {kind.cite})", field="seat")
    if sheet == "improper_double":
        data["stated"] = data.pop("call", "")
        data["call"] = str(form.get("double", "X")) or "X"
    elif sheet == "together":
        first = data.pop("visible", "")
        data["cards"] = f"{first} {data.pop('card', '')}".strip()
        data["visible"] = data["cards"] if _flag(form, "both") else first
    elif sheet == "dummy_call":
        suit = str(form.get("desig_suit", "")).strip()
        word = data.get("designation", "")
        data["designation"] = suit if word == "suit" else f"{word} {suit}".strip()
    return data


def form_entry(form: FormData) -> EntryIn:
    """The entry a form of the table page sends: its fields, the kind from "Something happened", the answers the
    builders make (the score, the calls tapped); a field that cannot be read is refused naming it."""
    data = {}
    for name in FIELDS:  # the last value given: a button tapped after a field of the same name left empty
        given = [str(v).strip() for v in form.getlist(name) if str(v).strip()]
        if given:
            data[name] = given[-1]
    if "sheet" in form:
        data = _from_sheet(form, data)
    data.setdefault("kind", "call")
    if data["kind"] == "judgement":
        if str(form.get("score", "")).strip():
            data["answer"] = score_answer(lambda name: str(form.get(name, "")))
        elif str(form.get("build", "")).strip():
            data["answer"] = calls_answer(data.get("question", ""), [str(c) for c in form.getlist("calls")])
    flags = {name: _flag(form, name, data.pop(name, None)) for name in FLAGS}
    known = {name: _known(form, name) for name in UNKNOWN_OR_FLAGS if name in form}
    return EntryIn.model_validate({**data, **flags, **known}, strict=False)


@router.post("/tables/{table_id}/entries")
async def enter(request: Request, table_id: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    table = find_table(request, table_id)
    form = await request.form()
    try:
        expected = number(form, "expected", low=0, high=100_000)
        entry = form_entry(form)
        table.enter(lambda state: to_event(entry, state), expected=expected, by=account.username, key=entry.key,
                    address=client_address(request))
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
