"""The scorer's desk: a paper traveller typed board by board from the keyboard (``club.traveller_entry``).

``/sessions/{sid}/desk`` lists the boards with the rows stored; ``/sessions/{sid}/desk/boards/{b}`` is a board's
traveller, one text field a row in movement order.  Without JavaScript it is one form: Enter stores every row
typed (each in its own transaction, through ``enter_result`` or, for a stored row, ``correct_result`` at the
version shown) and the page comes back with each row stored or its error in place, the typed text kept.  With the
script (``static/app.js``, "the scorer's desk") Enter sends the one row (``only``), the answer is that row drawn
again, and the cursor goes to the next row.  Scorers and directors only; nothing is kept in the server's memory.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import FormData

from ...club.traveller_entry import CORRECTED, STORED, TravellerRow, desk_boards, store_line, traveller
from ...errors import BridgeError, ConflictError
from ...model import board_dealer, board_vulnerability
from ..accounts import Account
from ..audit import CORRECTION, RESULT, note
from ..forms import number, text
from ..pages import render
from ..schemas import RecordId
from ..security import SCORER
from ..session_view import brief, club_register, get_section

router = APIRouter(include_in_schema=False)
BoardNo = Annotated[int, Path(ge=1, le=999)]
VULNERABLE = {"NONE": "none vulnerable", "NS": "N-S vulnerable", "EW": "E-W vulnerable", "BOTH": "all vulnerable"}
AGAIN = " Press Enter again to put yours in its place (a correction, kept with the old result)."


@dataclass(frozen=True, slots=True)
class RowView:
    """A traveller row as drawn: the row as stored now, the text in its field, what was done or refused."""

    row: TravellerRow
    value: str
    outcome: str = ""
    error: str = ""
    focus: bool = False
    conflict: bool = False

    @property
    def state(self) -> str:
        if self.error:
            return "refused"
        return "stored" if self.row.stored is not None else ""


def _desk(request: Request, sid: int) -> Response:
    with club_register(request).transaction() as db:
        section = get_section(db, sid)
        line, boards = brief(db, section), desk_boards(db, section)
    first = next((b.board for b in boards if not b.complete), boards[0].board if boards else 1)
    return render(request, "scorer_desk.html", section=line, boards=boards, first=first)


@router.get("/sessions/{sid}/desk")
def desk(request: Request, sid: RecordId, account: Annotated[Account, Depends(SCORER)],
         board: Annotated[str, Query(max_length=12)] = "") -> Response:
    """The boards and their travellers' progress; ``?board=N`` (the "Go to board" field) opens board N."""
    wanted = board.strip()
    if wanted:
        if not (wanted.isascii() and wanted.isdigit() and 1 <= int(wanted) <= 999):
            return render(request, "error.html", status_code=422,
                          error=f"board: a board is a number from 1 to 999, not {wanted!r}")
        return RedirectResponse(f"/sessions/{sid}/desk/boards/{int(wanted)}", status_code=303)
    return _desk(request, sid)


def _board_page(request: Request, sid: int, board: int, views: list[RowView] | None = None,
                status_code: int = 200, at: str = "") -> Response:
    with club_register(request).transaction() as db:
        section = get_section(db, sid)
        line, rows, boards = brief(db, section), traveller(db, section, board), desk_boards(db, section)
    if views is None:
        views = [RowView(row, row.stored.line if row.stored else "") for row in rows]
    focus = _focus(views, at)
    views = [RowView(v.row, v.value, v.outcome, v.error, v.row.key == focus, v.conflict) for v in views]
    numbers = [b.board for b in boards]
    here = numbers.index(board)
    later = [b.board for b in boards[here + 1:] if not b.complete] + [b.board for b in boards[:here] if not b.complete]
    return render(request, "scorer_board.html", status_code=status_code, section=line, board=board, views=views,
                  dealer=board_dealer(board).name.title(), vulnerable=VULNERABLE[board_vulnerability(board).name],
                  stored=sum(1 for v in views if v.row.stored is not None),
                  rows=sum(1 for v in views if not v.row.sit_out),
                  previous=numbers[here - 1] if here > 0 else None,
                  following=numbers[here + 1] if here + 1 < len(numbers) else None,
                  next_open=later[0] if later else None, focus=focus)


def _focus(views: list[RowView], at: str) -> str:
    """The row the cursor starts in: the first refused, else ``at``, else the first not yet stored."""
    open_rows = [v.row.key for v in views if not v.row.sit_out]
    for v in views:
        if v.error:
            return v.row.key
    if at in open_rows:
        return at
    return next((v.row.key for v in views if not v.row.sit_out and v.row.stored is None), "")


@router.get("/sessions/{sid}/desk/boards/{board}")
def board_page(request: Request, sid: RecordId, board: BoardNo, account: Annotated[Account, Depends(SCORER)],
               at: Annotated[str, Query(max_length=8)] = "") -> Response:
    """The board's traveller: a field a row in movement order; ``at`` (``round-table``) the row to start in."""
    return _board_page(request, sid, board, at=at)


def _enter(request: Request, sid: int, board: int, row: TravellerRow, form: FormData, by: str) -> RowView:
    """Store the row as typed, in a transaction of its own; a refusal is kept on the row with the typed text."""
    key = row.key
    raw = form.get(f"row-{key}", "")
    typed = raw if isinstance(raw, str) else ""
    try:
        typed = text(form, f"row-{key}", max_length=80, label="a row")
        version = number(form, f"version-{key}", low=1, high=2**31 - 1, label="version")
        shown = text(form, f"shown-{key}", max_length=80)
        with club_register(request).transaction() as db:
            section = get_section(db, sid)
            done = store_line(db, section, board, row.round_no, row.table_no, typed, shown=shown, version=version,
                              by=by)
            if done.row is not None and done.outcome in (STORED, CORRECTED):
                note(db, request, RESULT if done.outcome == STORED else CORRECTION, f"result {done.row.id}",
                     f"section {sid}, round {row.round_no}, table {row.table_no}, board {board}: {typed}"
                     + (" (scorer's desk)" if done.outcome == STORED else ""))
    except ConflictError as err:
        return RowView(row, typed, error=f"{err}.{AGAIN}", conflict=True)
    except BridgeError as err:
        return RowView(row, typed, error=str(err))
    return RowView(row, "", outcome=done.outcome)


@router.post("/sessions/{sid}/desk/boards/{board}")
async def store_rows(request: Request, sid: RecordId, board: BoardNo,
                     account: Annotated[Account, Depends(SCORER)]) -> Response:
    """Every row typed (the form), or the one row ``only`` names (the script): each stored or refused alone."""
    form = await request.form()
    only = text(form, "only", max_length=8)
    with club_register(request).transaction() as db:
        rows = traveller(db, get_section(db, sid), board, only=only)
    wanted = [row for row in rows if not row.sit_out and (only or f"row-{row.key}" in form)]
    if only and not wanted:
        return render(request, "error.html", status_code=422,
                      error=f"row: board {board} has no row to type at round-table {only!r}")
    entered = {row.key: _enter(request, sid, board, row, form, account.username) for row in wanted}
    with club_register(request).transaction() as db:  # the rows as stored now, with their new versions
        fresh = {row.key: row for row in traveller(db, get_section(db, sid), board, only=only)}
    if only:
        one = entered[only]
        view = RowView(fresh[only], one.value if one.error else _shown(fresh[only]), one.outcome, one.error,
                       conflict=one.conflict)
        status = 409 if one.conflict else 422 if one.error else 200
        return render(request, "scorer_row.html", status_code=status, v=view)
    views = []
    for row in rows:
        done = entered.get(row.key)
        now = fresh[row.key]
        views.append(RowView(now, done.value if done and done.error else _shown(now),
                             done.outcome if done else "", done.error if done else "",
                             conflict=bool(done and done.conflict)))
    if any(v.error for v in views):
        return _board_page(request, sid, board, views, status_code=422)
    # drawn again from the register: the cursor in the first row still open, else in "Next board"
    return RedirectResponse(f"/sessions/{sid}/desk/boards/{board}", status_code=303)


def _shown(row: TravellerRow) -> str:
    return row.stored.line if row.stored is not None else ""
