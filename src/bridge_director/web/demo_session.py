"""The demo club night as a stored session: a 5-table Mitchell of 15 boards, ten pairs with names, the hand
records, results entered for four rounds and part of the fifth, and a board at a table with a ruling pending.

Everything goes through the club package's own functions (set-up, entry, hand records, results, tables): the
demo is an evening a director could have entered by hand.  The files are made by ``examples/generate_session.py``.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from pathlib import Path

from sqlalchemy.orm import Session

from ..club.adjustments import rule_on_result
from ..club.at_table import open_board
from ..club.decisions import Artificial, Assigned, Score
from ..club.hand_records import load_hand_records
from ..club.movement_gen import mitchell
from ..club.results import NOT_PLAYED, ResultIn, enter_result, table_round
from ..club.setup import add_section, create_session, import_entry_csv, store_hand_records
from ..club.tables import StoredTable, TableStore
from ..errors import BridgeError
from ..register import Register
from ..register.models import SessionResult
from ..scoring.adjusted import Fault

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
SESSION = "Tuesday evening"
TABLES, BOARDS_PER_ROUND = 5, 3
FULL_ROUNDS, LAST_ROUND_TABLES = 4, (1, 2)  # round 5 is in play: tables 1 and 2 have finished
NOT_PLAYED_AT = (4, 5)  # slow play: the first board of round 4 at table 5 was not played (artificial score)
ASSIGNED_AT = (2, 4)  # a hesitation: the director assigns a score on the first board of round 2 at table 4


def _read(name: str) -> str:
    path = EXAMPLES / name
    if not path.exists():
        raise BridgeError(f"the demo needs the example file {path}", field="file")
    return path.read_text(encoding="utf-8")


def demo_outcomes() -> dict[int, list[ResultIn]]:
    """Five results a board, in the order the tables play it."""
    outcomes: dict[int, list[ResultIn]] = defaultdict(list)
    for row in csv.DictReader(io.StringIO(_read("club-session-results.csv"))):
        tricks = int(row["tricks"]) if row["tricks"] else None
        outcomes[int(row["board"])].append(ResultIn(row["contract"], row["declarer"], tricks, row["lead"]))
    return outcomes


def existing_demo_session(register: Register, event: str) -> int | None:
    """The section id of the demo session a register already holds (a demo started again on its folder), or
    None for a register without it."""
    from sqlalchemy import select

    from ..register.models import Event, EventSession, Section
    with register.transaction() as db:
        return db.scalars(select(Section.id).join(EventSession, Section.session_id == EventSession.id)
                          .join(Event, EventSession.event_id == Event.id)
                          .where(Event.name == event, EventSession.name == SESSION, Section.letter == "A")
                          ).first()


def load_demo_session(register: Register, event: str, tables: TableStore) -> int:
    """Set up and partly play the demo session in ``register``; returns the section's id."""
    records = load_hand_records(EXAMPLES / "club-session.pbn")
    outcomes = demo_outcomes()
    used: dict[int, int] = defaultdict(int)
    with register.transaction() as db:
        session = create_session(db, event, SESSION)
        section = add_section(db, session, "A", mitchell(TABLES), BOARDS_PER_ROUND)
        import_entry_csv(db, section, _read("club-session-entry.csv"))
        store_hand_records(db, session, {number: record.deal for number, record in records.items()})
        for round_no in range(1, FULL_ROUNDS + 2):
            for table_no in range(1, TABLES + 1):
                if round_no > FULL_ROUNDS and table_no not in LAST_ROUND_TABLES:
                    continue
                boards = table_round(db, section, round_no, table_no).boards
                for board in boards:
                    result = outcomes[board][used[board]]
                    used[board] += 1
                    first = board == boards[0]
                    if (round_no, table_no) == NOT_PLAYED_AT and first:
                        result = ResultIn("", status=NOT_PLAYED)
                    row = enter_result(db, section, round_no, table_no, board, result, by="demo")
                    if first:
                        rulings(db, row, (round_no, table_no))
        section_id = section.id
        pending_board = table_round(db, section, FULL_ROUNDS + 1, 3).boards[0]
    insufficient_bid(open_board(tables, section_id, FULL_ROUNDS + 1, 3, pending_board))
    return section_id


def rulings(db: Session, row: SessionResult, where: tuple[int, int]) -> None:
    """The evening's two rulings on results: an artificial score and an assigned one (Law 12)."""
    if where == NOT_PLAYED_AT:
        rule_on_result(db, row.id, director="demo director", laws="12C2", kind="procedural",
                       facts="N-S arrived late for the round: no time to play the first board",
                       decision=Artificial(Fault.DIRECT, Fault.NONE))
    elif where == ASSIGNED_AT and row.contract and row.contract != "PASS":
        weaker = max(0, (row.tricks or 0) - 1)
        rule_on_result(db, row.id, director="demo director", laws="16B, 12C1b", kind="judgement",
                       facts="a break in tempo before the final pass; pass was a logical alternative",
                       decision=Assigned(Score(row.contract, row.declarer, weaker)))


def insufficient_bid(table: StoredTable) -> None:
    """The dealer opens 1♠ and the next player bids 1♥: Law 27 is pending at the table."""
    from ..model import Call
    from ..table.events import CallMade
    laws = table.state.laws
    table.enter(CallMade(table.state.next_seat, Call.parse("1S"), laws), by="demo")
    table.enter(CallMade(table.state.next_seat, Call.parse("1H"), laws), by="demo")


def warm_double_dummy(register: Register, section_id: int) -> None:
    """Solve the session's deals once in the background, so the hand-record page answers at once."""
    from ..register.models import Section
    from .routes.session_results import _hand_records, analysed
    try:
        with register.transaction() as db:
            section = db.get(Section, section_id)
            records = _hand_records(db, section) if section is not None else {}
        analysed(records)
    except Exception:  # a warm-up only: the page solves what is missing itself
        return
