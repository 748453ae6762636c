"""Events in the register as the web app sees them: travellers in, scoring results and deals out.

A traveller line is a register ``Result``: the NS score, and the contract and declarer as text; an
artificial line keeps its two awards in the contract column (``ADJ 60/40``) with no NS score.  A board's
deal lives in its table log header (``docs/table-log.md``), so the table engine can open it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast

from sqlalchemy import Table, delete, insert, select
from sqlalchemy.orm import Session

from ..errors import RegisterError
from ..model import Deal
from ..register.events import ensure_board, ensure_event, ensure_session
from ..register.models import Board, Event, EventSession, Result
from ..register.values import Authority
from ..scoring.event import Result as Line
from ..table.api import Table as EngineTable
from ..table.log import to_json

RESULTS_SESSION = "Results"
_ADJ = "ADJ "


@dataclass(frozen=True, slots=True)
class EventSummary:
    """An event on the event list."""

    id: int
    name: str
    authority: str
    boards: int
    results: int


def line_to_row(line: Line) -> tuple[str, int | None]:
    """The register's (contract text, NS score) for a scoring line.

    >>> line_to_row(Line(1, "1", "2", 420, contract="4S", declarer="N"))
    ('4S N', 420)
    >>> line_to_row(Line(1, "1", "2", ns_award=60, ew_award=40))
    ('ADJ 60/40', None)
    """
    if line.score is None:
        return f"{_ADJ}{line.ns_award:g}/{line.ew_award:g}", None
    return f"{line.contract} {line.declarer}".strip(), line.score


def row_to_line(board: int, row: Result) -> Line:
    """A register result as a scoring line."""
    return line_of(board, row.ns_pair, row.ew_pair, row.contract, row.ns_score)


def line_of(board: int, ns_pair: str, ew_pair: str, contract_text: str, ns_score: int | None) -> Line:
    """A scoring line from a result row's columns."""
    text = contract_text.strip()
    if ns_score is None:
        if not text.startswith(_ADJ):
            raise RegisterError(f"board {board}, {ns_pair} v {ew_pair}: no score", field="ns_score")
        ns, _, ew = text[len(_ADJ):].partition("/")
        return Line(board, ns_pair, ew_pair, ns_award=float(ns), ew_award=float(ew), note="adjusted")
    contract, _, declarer = text.partition(" ")
    return Line(board, ns_pair, ew_pair, ns_score, contract=contract, declarer=declarer.strip())


def deal_log(board: int, deal: Deal | None) -> dict[str, object]:
    """The engine's table log of a board not yet played: its header with the deal."""
    return to_json(EngineTable(board, deal=deal))


def find_event(db: Session, name: str) -> Event:
    event = db.scalars(select(Event).where(Event.name == name)).one_or_none()
    if event is None:
        raise RegisterError(f"no event called {name!r}", field="event")
    return event


def summarise(event: Event) -> EventSummary:
    """The event with its numbers of boards and of results."""
    boards = [b for s in event.sessions for b in s.boards]
    return EventSummary(event.id, event.name, event.authority.value, len(boards), sum(len(b.results) for b in boards))


def list_events(db: Session) -> list[EventSummary]:
    return [summarise(event) for event in db.scalars(select(Event).order_by(Event.id))]


def results_session(db: Session, event: Event) -> EventSession:
    return ensure_session(db, event, RESULTS_SESSION)


def store_results(db: Session, event_name: str, lines: Iterable[Line], deals: dict[int, Deal] | None = None,
                  authority: Authority = Authority.CLUB, replace: bool = True) -> int:
    """Store travellers (replacing the board's earlier ones) and deals; returns the number of lines stored."""
    event = ensure_event(db, event_name.strip(), authority)
    session = results_session(db, event)
    deals = deals or {}
    by_board: dict[int, list[Line]] = {}
    for line in lines:
        by_board.setdefault(line.board, []).append(line)
    rows: list[dict[str, object]] = []
    replaced: list[int] = []
    for number in sorted(set(by_board) | set(deals)):
        board = ensure_board(db, session, number)
        if number in deals and (board.table_log is None or not board.table_log.get("events")):
            board.table_log = deal_log(number, deals[number])
        if replace and number in by_board:
            replaced.append(board.id)
        for line in by_board.get(number, []):
            contract, score = line_to_row(line)
            rows.append({"board_id": board.id, "ns_pair": line.ns, "ew_pair": line.ew, "contract": contract,
                         "ns_score": score})
    # one DELETE and one multi-row INSERT for the whole upload (the transaction is the caller's)
    if replaced:
        db.execute(delete(Result).where(Result.board_id.in_(replaced)))
    if rows:
        db.execute(insert(cast(Table, Result.__table__)), rows)  # Core: no ORM bookkeeping per row
    db.expire_all()  # the boards' result lists are read afresh
    return len(rows)


def event_lines(db: Session, event_name: str) -> list[Line]:
    """Every traveller line of the event, board by board."""
    event = find_event(db, event_name)
    query = (select(Board.number, Result.ns_pair, Result.ew_pair, Result.contract, Result.ns_score)
             .join(Result, Result.board_id == Board.id).join(EventSession, Board.session_id == EventSession.id)
             .where(EventSession.event_id == event.id).order_by(EventSession.id, Board.number, Result.id))
    return [line_of(number, ns, ew, contract, score) for number, ns, ew, contract, score in db.execute(query)]


def board_of(db: Session, event_name: str, number: int) -> Board | None:
    event = find_event(db, event_name)
    for session in event.sessions:
        for board in session.boards:
            if board.number == number:
                return board
    return None


def board_deal(db: Session, event_name: str, number: int) -> str | None:
    """The PBN deal of board ``number`` of the event, if the register has it."""
    board = board_of(db, event_name, number)
    if board is None or not board.table_log:
        return None
    deal = board.table_log.get("deal")
    return deal if isinstance(deal, str) else None


def board_field(db: Session, event_name: str, number: int) -> list[int]:
    """The NS scores at the tables that played board ``number`` (artificial lines left out)."""
    board = board_of(db, event_name, number)
    return [] if board is None else [r.ns_score for r in board.results if r.ns_score is not None]


def event_with_field(db: Session, number: int) -> str | None:
    """The first event (oldest) with a scored result on board ``number``: its field fills the calculator."""
    return db.scalars(select(Event.name).join(Event.sessions).join(EventSession.boards).join(Board.results)
                      .where(Board.number == number, Result.ns_score.is_not(None))
                      .order_by(Event.id).limit(1)).first()
