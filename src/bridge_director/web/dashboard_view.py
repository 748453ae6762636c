"""What the director's dashboard marks on the rounds × tables grid: the current round, the results missing, the
open calls and the rulings pending (read-only; the grid itself is ``session_view.grid``).

- **The current round** is the first round with a result missing (None once every result is in).
- **Results missing** are the boards without a result at the tables of the current round and of every round up
  to the last one with a result: the tables that have played them, or are playing them now.
- **A ruling is pending** at a stored board of the section whose log has a ruling waiting (an irregularity, a
  review under way) or a judgement matter to rule on (a break in tempo, a remark, a corrected explanation: the
  director called back at the end of the hand), whether its result is stored or not; and on a stored result whose
  ruling is under appeal with no outcome yet.
- **An open call** is a call to the director from a table device not answered yet
  (``club.director_calls.waiting_calls``), the longest waiting first.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..club.director_calls import CallView, waiting_calls
from ..laws.matters import open_matters
from ..laws.pending import describe
from ..register.models import Board, ResultRuling, Ruling, Section, SessionResult, TableBoard
from ..table.state import TableState
from .session_view import Cell
from .tables import TableStore


@dataclass(frozen=True, slots=True)
class Missing:
    """A table of a round with boards still to be scored."""

    round_no: int
    table_no: int
    boards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PendingRuling:
    """A ruling the director still has to give: where, on which board, what, and the page to give it on."""

    round_no: int
    table_no: int
    board: int
    what: str
    url: str
    stored: bool = False  # the board's result is stored already


@dataclass(frozen=True, slots=True)
class Marks:
    """The dashboard's marks (see the module's text)."""

    current: int | None
    latest: int
    missing: tuple[Missing, ...]
    rulings: tuple[PendingRuling, ...]
    calls: tuple[CallView, ...] = ()

    @property
    def missing_results(self) -> int:
        return sum(len(m.boards) for m in self.missing)

    def ruled_at(self, round_no: int, table_no: int) -> tuple[PendingRuling, ...]:
        """The rulings pending at one table of one round (a cell of the grid)."""
        return tuple(r for r in self.rulings if (r.round_no, r.table_no) == (round_no, table_no))

    def called_at(self, round_no: int, table_no: int) -> tuple[CallView, ...]:
        """The open calls from one table in one round (a cell of the grid)."""
        return tuple(c for c in self.calls if (c.round_no, c.table_no) == (round_no, table_no))

    def late(self, cell: Cell) -> bool:
        """Whether ``cell`` has results missing (in the current round, or in one the field has moved past)."""
        return any((m.round_no, m.table_no) == (cell.round_no, cell.table_no) for m in self.missing)


def current_round(rows: list[list[Cell]]) -> int | None:
    """The first round with a result missing at a table in play (a sit-out has none to miss)."""
    for row in rows:
        if any(c.in_play and not c.sit_out and c.missing for c in row):
            return row[0].round_no if row else None
    return None


def missing_results(rows: list[list[Cell]], current: int | None) -> tuple[int, tuple[Missing, ...]]:
    """The last round with a result, and the tables with results missing up to it (or up to the current round)."""
    latest = max((c.round_no for row in rows for c in row if c.done), default=0)
    upto = max(latest, current or 0)
    return latest, tuple(Missing(c.round_no, c.table_no, c.missing) for row in rows for c in row
                         if c.round_no <= upto and c.in_play and not c.sit_out and c.missing)


def _at_table(state: TableState) -> str:
    """What waits at a stored board: the pending ruling, else the matters to rule on; empty when nothing does."""
    if state.pending is not None:
        ruling = describe(state.pending, state)
        return f"{ruling.irregularity}, Law {ruling.law}: ruling pending at the table"
    matters = open_matters(state)
    if matters:
        laws = ", ".join(sorted({m.law for m in matters}))
        return f"Law {laws}: to rule on {'now' if any(m.now for m in matters) else 'at the end of the hand'}"
    return ""


def pending_rulings(db: Session, section: Section, store: TableStore) -> tuple[PendingRuling, ...]:
    """Every ruling pending in the section, in round, table and board order."""
    stored = {(r, t, b) for r, t, b in db.execute(
        select(SessionResult.round_no, SessionResult.table_no, Board.number).join(Board)
        .where(SessionResult.section_id == section.id))}
    out: list[PendingRuling] = []
    boards = db.execute(select(TableBoard.token, TableBoard.round_no, TableBoard.table_no, TableBoard.board_number)
                        .where(TableBoard.section_id == section.id)).all()
    for token, round_no, table_no, board in boards:
        if round_no is None or table_no is None:
            continue
        what = _at_table(store.get(token).state)
        if what:
            out.append(PendingRuling(round_no, table_no, board, what, f"/tables/{token}",
                                     (round_no, table_no, board) in stored))
    appeals = db.execute(
        select(SessionResult.round_no, SessionResult.table_no, Board.number, Ruling.id)
        .join(Board, SessionResult.board_id == Board.id)
        .join(ResultRuling, ResultRuling.result_id == SessionResult.id)
        .join(Ruling, ResultRuling.ruling_id == Ruling.id)
        .where(SessionResult.section_id == section.id, ResultRuling.active.is_(True), Ruling.appeal.is_not(None),
               Ruling.appeal != "", Ruling.appeal_outcome.is_(None))).all()
    for round_no, table_no, board, ruling_id in appeals:
        out.append(PendingRuling(round_no, table_no, board, f"appeal against ruling {ruling_id}: no outcome yet",
                                 f"/sessions/{section.id}/rulings/{ruling_id}", True))
    return tuple(sorted(out, key=lambda p: (p.round_no, p.table_no, p.board, p.what)))


def marks(db: Session, section: Section, rows: list[list[Cell]], store: TableStore) -> Marks:
    current = current_round(rows)
    latest, missing = missing_results(rows, current)
    return Marks(current, latest, missing, pending_rulings(db, section, store), tuple(waiting_calls(db, section.id)))
