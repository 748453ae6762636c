"""The table engine over JSON: open a table, enter every kind of event (once each, by idempotency key), read the
ruling, replay a board, and poll a table's entry count (what a second device watches)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from pydantic import BaseModel, Field

from ...model import Deal
from ...table.edition import Edition
from ..accounts import Account
from ..entries import to_event
from ..schemas import EntryIn, ErrorOut, ReplayIn, RulingOut, TableIn, TableOut
from ..security import DIRECTOR, READER, client_address
from ..table_view import ruling_of, ruling_out, table_out
from ..tables import Table, TableStore, new_table

router = APIRouter(prefix="/api", tags=["table"])
#: The response header that says an entry's idempotency key was already stored (its entry number).
REPEATED_HEADER = "Idempotent-Replayed"
ERRORS: dict[int | str, dict[str, object]] = {422: {"model": ErrorOut, "description": "refused, with the law"}}
NOT_FOUND: dict[int | str, dict[str, object]] = {404: {"model": ErrorOut, "description": "no such table"}}
CONFLICT: dict[int | str, dict[str, object]] = {409: {"model": ErrorOut, "description": "another device entered "
                                                                                         "first: reload"}}


def tables_of(request: Request) -> TableStore:
    store: TableStore = request.app.state.tables
    return store


def find_table(request: Request, table_id: str) -> Table:
    try:
        return tables_of(request).get(table_id)
    except KeyError:
        raise HTTPException(404, f"no open table {table_id!r}") from None


class CountOut(BaseModel):
    """How many entries a table has stored: a device whose page shows fewer reloads the table."""

    id: str
    entries: int = Field(description="the number of entries in the stored log (the ``expected`` of the next entry)")


def parse_deal(text: str | None) -> Deal | None:
    return Deal.from_pbn(text.strip()) if text and text.strip() else None


@router.post("/tables", status_code=201, response_model=TableOut, responses=ERRORS)
async def open_table(request: Request, body: TableIn, account: Annotated[Account, Depends(DIRECTOR)]) -> TableOut:
    """Open a board at a table; dealer and vulnerability follow the board number (Law 2)."""
    table = tables_of(request).open(body.board, parse_deal(body.deal), Edition.parse(body.laws))
    return table_out(table.state, table.id, table.log)


@router.get("/tables", response_model=list[TableOut])
async def list_tables(request: Request, account: Annotated[Account, Depends(READER)]) -> list[TableOut]:
    """Every open table, the newest first."""
    return [table_out(t.state, t.id, t.log) for t in reversed(tables_of(request).all())]


@router.get("/tables/{table_id}", response_model=TableOut, responses=NOT_FOUND)
async def get_table(request: Request, table_id: str, account: Annotated[Account, Depends(READER)]) -> TableOut:
    """The table's state: auction, pending ruling, restrictions, flags, and the whole log."""
    table = find_table(request, table_id)
    return table_out(table.state, table.id, table.log)


@router.post("/tables/{table_id}/entries", response_model=TableOut, responses={**ERRORS, **NOT_FOUND, **CONFLICT})
async def enter(request: Request, response: Response, table_id: str, body: EntryIn,
                account: Annotated[Account, Depends(DIRECTOR)]) -> TableOut:
    """Enter what happened at the table: every kind of the table log (a call, a card, the facts of judgement, the
    director's review, an answer; docs/web.md); a refused entry changes nothing and names the law or the field.  An
    entry whose ``key`` is already stored is not entered again: the answer is the table as stored, with the header
    ``Idempotent-Replayed`` naming the stored entry's number."""
    table = find_table(request, table_id)
    table.enter(lambda state: to_event(body, state), body.expected, by=account.username, key=body.key,
                address=client_address(request))
    if table.repeated is not None:
        response.headers[REPEATED_HEADER] = str(table.repeated)
    return table_out(table.state, table.id, table.log)


@router.get("/tables/{table_id}/entries/count", response_model=CountOut, responses=NOT_FOUND)
def count_entries(request: Request, table_id: str, account: Annotated[Account, Depends(READER)]) -> CountOut:
    """The number of entries the table has stored, read from the database (so any worker answers the same): a
    second device polls it and reloads the table when it grows."""
    try:
        return CountOut(id=table_id, entries=tables_of(request).count(table_id))
    except KeyError:
        raise HTTPException(404, f"no open table {table_id!r}") from None


@router.get("/tables/{table_id}/ruling", response_model=RulingOut | None, responses=NOT_FOUND)
async def get_ruling(request: Request, table_id: str, account: Annotated[Account, Depends(READER)]) -> RulingOut | None:
    """The pending ruling (law, who chooses, the text to read aloud, the options), or null."""
    ruling = ruling_of(find_table(request, table_id).state)
    return ruling_out(ruling) if ruling is not None else None


@router.post("/rulings", response_model=TableOut, responses=ERRORS)
async def replay_board(body: ReplayIn, account: Annotated[Account, Depends(READER)]) -> TableOut:
    """Replay a board's entries from the start (nothing is stored): the state and ruling where they stop."""
    table = new_table(body.board, parse_deal(body.deal), Edition.parse(body.laws))
    for entry in body.entries:
        table.enter(to_event(entry, table.state))
    return table_out(table.state, None, table.log)
