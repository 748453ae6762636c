"""Boards at tables, stored: every entry is committed before it is acknowledged; the state is the log's fold.

A ``StoredTable`` is a view over the rows of one ``TableBoard``: its ``enter`` appends one numbered entry in one
transaction.  Two devices that enter from the same state get a ``ConflictError`` for the second entry, never a
silent overwrite: each entry names the number of entries its device had seen (``expected``), and the entry
numbers are unique in the database.  Replayed logs are cached per process and checked against the stored entry
count on every read, so several workers share one truth.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..errors import BridgeError, ConflictError, RegisterError
from ..laws.ruling import Edition
from ..model import Deal, Seat, Vulnerability, board_dealer, board_vulnerability
from ..register import Register
from ..table.api import Table as EngineTable
from ..table.events import Event
from ..table.journal import LogEntry
from ..table.journal import Table as Journal
from ..table.log import decode_event, encode_event
from ..table.state import TableState
from .models import TableBoard, TableEntry

CACHE_SIZE = 512


@dataclass(frozen=True, slots=True)
class Seating:
    """Where a stored board is played: section letter, round, table (all empty for a board opened on its own)."""

    section_id: int | None = None
    round_no: int | None = None
    table_no: int | None = None


class StoredTable:
    """One board at one table: the stored log replayed.  ``enter`` commits before it answers."""

    def __init__(self, store: TableStore, token: str, journal: Journal, seq: int, seating: Seating) -> None:
        self.store = store
        self.id = token
        self.journal = journal
        self.seq = seq
        self.seating = seating

    @property
    def state(self) -> TableState:
        return self.journal.state

    @property
    def log(self) -> list[LogEntry]:
        return self.journal.log

    @property
    def board(self) -> int | None:
        return self.journal.engine.start.board

    def enter(self, event: Event, expected: int | None = None, by: str = "") -> TableState:
        """Apply ``event`` and store it; ``expected`` is the entry count the device saw (None: the latest)."""
        fresh = self.store.enter(self.id, event, expected, by)
        self.journal, self.seq = fresh.journal, fresh.seq
        return self.state


def _journal(row: TableBoard) -> Journal:
    from .system_cards import cards_at  # the pairs' registered system cards (Law 23A), if any
    engine = EngineTable(row.board_number, dealer=row.dealer, vulnerability=row.vulnerability, deal=row.deal,
                         laws=row.laws, cards=cards_at(row))
    return Journal(row.token, engine)


def replay_rows(row: TableBoard, events: list[TableEntry]) -> Journal:
    """The journal of ``row`` with its stored entries entered again, in order."""
    journal = _journal(row)
    laws = Edition.parse(row.laws)
    for entry in events:
        try:
            journal.enter(decode_event(entry.event, laws, entry.seq))
        except BridgeError as err:
            raise RegisterError(f"table {row.token}, entry {entry.seq} no longer replays: {err}",
                                field="table_entries") from None
    return journal


class TableStore:
    """The boards at tables stored in ``register``."""

    def __init__(self, register: Register) -> None:
        self.register = register
        self._cache: OrderedDict[str, tuple[int, Journal, Seating]] = OrderedDict()
        self._lock = threading.Lock()

    # ----- opening ----------------------------------------------------------------------------------
    def open(self, board: int, deal: Deal | None = None, laws: Edition = Edition.L2017) -> StoredTable:
        """A board opened on its own: dealer and vulnerability follow the board number (Law 2)."""
        with self.register.transaction() as db:
            row = self._new_row(db, board, deal, laws, Seating())
        return self.get(row.token)

    def open_at(self, db: Session, seating: Seating, board: int, deal: Deal | None, laws: Edition) -> TableBoard:
        """The stored board at a section's table and round, created on first opening (inside ``db``)."""
        row = db.scalars(select(TableBoard).where(
            TableBoard.section_id == seating.section_id, TableBoard.round_no == seating.round_no,
            TableBoard.table_no == seating.table_no, TableBoard.board_number == board)).one_or_none()
        return row if row is not None else self._new_row(db, board, deal, laws, seating)

    @staticmethod
    def _new_row(db: Session, board: int, deal: Deal | None, laws: Edition, seating: Seating) -> TableBoard:
        dealer: Seat = board_dealer(board)
        vul: Vulnerability = board_vulnerability(board)
        row = TableBoard(token=secrets.token_hex(6), section_id=seating.section_id, round_no=seating.round_no,
                         table_no=seating.table_no, board_number=board, dealer=dealer.letter,
                         vulnerability=vul.value, deal=deal.to_pbn() if deal is not None else None,
                         laws=laws.value)
        db.add(row)
        db.flush()
        return row

    # ----- reading ----------------------------------------------------------------------------------
    def get(self, token: str) -> StoredTable:
        """The table ``token`` as stored now; KeyError if there is none."""
        with self.register.transaction() as db:
            return self._load(db, token)

    def _load(self, db: Session, token: str) -> StoredTable:
        row = db.scalars(select(TableBoard).where(TableBoard.token == token)).one_or_none()
        if row is None:
            raise KeyError(token)
        count = db.scalar(select(func.count()).select_from(TableEntry).where(TableEntry.table_id == row.id)) or 0
        with self._lock:
            cached = self._cache.get(token)
        if cached is not None and cached[0] == count:
            return StoredTable(self, token, _copy(cached[1]), count, cached[2])
        entries = list(db.scalars(select(TableEntry).where(TableEntry.table_id == row.id).order_by(TableEntry.seq)))
        journal = replay_rows(row, entries)
        seating = Seating(row.section_id, row.round_no, row.table_no)
        self._remember(token, len(entries), journal, seating)
        return StoredTable(self, token, _copy(journal), len(entries), seating)

    def all(self, limit: int = 50) -> list[StoredTable]:
        """The boards opened on their own, oldest first (the newest ``limit``)."""
        with self.register.transaction() as db:
            tokens = list(db.scalars(select(TableBoard.token).where(TableBoard.section_id.is_(None))
                                     .order_by(TableBoard.id.desc()).limit(limit)))
            return [self._load(db, t) for t in reversed(tokens)]

    # ----- writing ----------------------------------------------------------------------------------
    def enter(self, token: str, event: Event, expected: int | None = None, by: str = "") -> StoredTable:
        """Apply ``event`` to the stored table and commit it as the next entry; a refused entry stores nothing."""
        try:
            with self.register.transaction() as db:
                table = self._load(db, token)
                if expected is not None and expected != table.seq:
                    raise ConflictError(f"the table has {table.seq} entries, not {expected}: another device entered "
                                        "since this page was loaded; reload it", field="expected")
                table.journal.enter(event)
                row_id = db.scalar(select(TableBoard.id).where(TableBoard.token == token))
                db.add(TableEntry(table_id=row_id, seq=table.seq + 1,
                                  event=encode_event(event, Edition.parse(table.journal.engine.laws.value)),
                                  entered_by=by[:100]))
                try:
                    db.flush()
                except IntegrityError:
                    raise ConflictError("another device entered at this table at the same moment; reload it",
                                        field="expected") from None
        except BaseException:
            self._forget(token)
            raise
        table.seq += 1
        self._remember(token, table.seq, table.journal, table.seating)
        return StoredTable(self, token, _copy(table.journal), table.seq, table.seating)

    def _remember(self, token: str, seq: int, journal: Journal, seating: Seating) -> None:
        with self._lock:
            self._cache[token] = (seq, _copy(journal), seating)
            self._cache.move_to_end(token)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    def _forget(self, token: str) -> None:
        with self._lock:
            self._cache.pop(token, None)


def _copy(journal: Journal) -> Journal:
    """A journal that can be entered into without touching the cached one (states are frozen; lists are not)."""
    engine = EngineTable.__new__(EngineTable)
    engine.laws, engine.start, engine.state, engine.log = (journal.engine.laws, journal.engine.start,
                                                           journal.engine.state, list(journal.engine.log))
    return Journal(journal.id, engine, list(journal.log), list(journal.effective))
