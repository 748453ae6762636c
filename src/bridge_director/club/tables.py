"""Boards at tables, stored: every entry is committed before it is acknowledged; the state is the log's fold.

A ``StoredTable`` is a view over the rows of one ``TableBoard``: its ``enter`` appends one numbered entry in one
transaction.  Two devices that enter from the same state get a ``ConflictError`` for the second entry, never a
silent overwrite: each entry names the number of entries its device had seen (``expected``), and the entry
numbers are unique in the database.  An entry may carry its device's idempotency key (unique per table): the
same key sent again (a retry after a lost answer, a queue sent after the connection came back) is answered with
the entry already stored, never entered twice.  Replayed logs are cached per process and checked against the
stored entry count on every read, so several workers share one truth.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..engine.api import Table as EngineTable
from ..engine.journal import LogEntry
from ..engine.journal import Table as Journal
from ..engine.log import decode_event, encode_event
from ..errors import BridgeError, ConflictError, RegisterError
from ..model import Deal, Seat, Vulnerability, board_dealer, board_vulnerability
from ..register import Register
from ..register.audit import record_action
from ..register.models import TableBoard, TableEntry
from ..table.edition import Edition
from ..table.events import Event
from ..table.state import TableState

CACHE_SIZE = 512
#: What ``enter`` takes: an event, or a function making it from the table's state as stored when it is entered.
EventOrMaker = Event | Callable[[TableState], Event]


@dataclass(frozen=True, slots=True)
class Seating:
    """Where a stored board is played: section letter, round, table (all empty for a board opened on its own)."""

    section_id: int | None = None
    round_no: int | None = None
    table_no: int | None = None


#: functions run in the transaction of every stored entry at a session's table: ``hook(db, seating, board, before,
#: after, by)``; ``club.at_table`` registers the one that carries a ruling made after the result was stored to it
AfterEntry = Callable[[Session, Seating, int | None, TableState, TableState, str], None]
AFTER_ENTRY: list[AfterEntry] = []


class StoredTable:
    """One board at one table: the stored log replayed.  ``enter`` commits before it answers.  ``repeated`` is
    the number of the stored entry an idempotency key was answered with (None: the entry was new)."""

    def __init__(self, store: TableStore, token: str, journal: Journal, seq: int, seating: Seating,
                 repeated: int | None = None) -> None:
        self.store = store
        self.id = token
        self.journal = journal
        self.seq = seq
        self.seating = seating
        self.repeated = repeated

    @property
    def state(self) -> TableState:
        return self.journal.state

    @property
    def log(self) -> list[LogEntry]:
        return self.journal.log

    @property
    def board(self) -> int | None:
        return self.journal.engine.start.board

    def enter(self, event: EventOrMaker, expected: int | None = None, by: str = "", key: str | None = None,
              address: str = "") -> TableState:
        """Apply ``event`` and store it; ``expected`` is the entry count the device saw (None: the latest); a
        ``key`` already stored answers with that entry instead (``repeated``).  The entry is audited (``by``,
        from ``address``) in the same transaction."""
        fresh = self.store.enter(self.id, event, expected, by, key, address)
        self.journal, self.seq, self.repeated = fresh.journal, fresh.seq, fresh.repeated
        return self.state


def authority_at(row: TableBoard) -> tuple[str, int | None]:
    """The regulating authority and EBU level of the event a stored board belongs to (``""``: none known)."""
    from sqlalchemy.orm import object_session

    from ..register.models import Section
    db = object_session(row)
    if db is None or row.section_id is None:
        return "", None
    section = db.get(Section, row.section_id)
    event = section.session.event if section is not None else None
    return (event.authority.value, event.level) if event is not None else ("", None)


def _journal(row: TableBoard) -> Journal:
    from .system_cards import cards_at  # the pairs' registered system cards (Law 23A), if any
    authority, level = authority_at(row)
    engine = EngineTable(row.board_number, dealer=row.dealer, vulnerability=row.vulnerability, deal=row.deal,
                         laws=row.laws, cards=cards_at(row), authority=authority, level=level)
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

    def count(self, token: str) -> int:
        """The number of entries stored at the table ``token`` (no replay: what a second device polls); KeyError
        if there is no such table."""
        with self.register.transaction() as db:
            row_id = db.scalar(select(TableBoard.id).where(TableBoard.token == token))
            if row_id is None:
                raise KeyError(token)
            return db.scalar(select(func.count()).select_from(TableEntry).where(TableEntry.table_id == row_id)) or 0

    def all(self, limit: int = 50) -> list[StoredTable]:
        """The boards opened on their own, oldest first (the newest ``limit``)."""
        with self.register.transaction() as db:
            tokens = list(db.scalars(select(TableBoard.token).where(TableBoard.section_id.is_(None))
                                     .order_by(TableBoard.id.desc()).limit(limit)))
            return [self._load(db, t) for t in reversed(tokens)]

    # ----- writing ----------------------------------------------------------------------------------
    def enter(self, token: str, event: EventOrMaker, expected: int | None = None, by: str = "",
              key: str | None = None, address: str = "") -> StoredTable:
        """Apply ``event`` to the stored table and commit it as the next entry; a refused entry stores nothing.
        ``event`` may be a function of the state as stored (read in the same transaction).  With ``key``: if an
        entry of this table already has it, the table is answered as stored, with ``repeated`` set to that entry's
        number, and nothing is entered (``expected`` is not checked then: the retry's page is older)."""
        try:
            with self.register.transaction() as db:
                table = self._load(db, token)
                row_id = db.scalar(select(TableBoard.id).where(TableBoard.token == token))
                if key is not None:
                    stored = self._keyed(db, row_id, key)
                    if stored is not None:
                        self._same_entry(db, token, stored, event, key)
                        table.repeated = stored
                        return table
                if expected is not None and expected != table.seq:
                    count = f"{table.seq} {'entry' if table.seq == 1 else 'entries'}"
                    raise ConflictError(f"the table has {count}, not {expected}: another device entered since this "
                                        "page was loaded; reload it", field="expected")
                made = event if isinstance(event, Event) else event(table.state)
                before = table.journal.state
                table.journal.enter(made)
                encoded = encode_event(made, Edition.parse(table.journal.engine.laws.value))
                db.add(TableEntry(table_id=row_id, seq=table.seq + 1, event=encoded, entered_by=by[:100], key=key))
                try:
                    db.flush()
                except IntegrityError:
                    raise ConflictError("another device entered at this table at the same moment; reload it",
                                        field="expected") from None
                record_action(db, by or "table", "table entry", f"table {row_id} entry {table.seq + 1}",
                              json.dumps(encoded, ensure_ascii=False), address)
                if table.seating.section_id is not None:
                    for hook in AFTER_ENTRY:
                        hook(db, table.seating, table.board, before, table.journal.state, by)
        except ConflictError as err:
            self._forget(token)
            if key is not None and err.field != "key":  # the same key sent twice at once: the other stored it
                again = self._answer_stored(token, key)
                if again is not None:
                    return again
            raise
        except BaseException:
            self._forget(token)
            raise
        table.seq += 1
        self._remember(token, table.seq, table.journal, table.seating)
        return StoredTable(self, token, _copy(table.journal), table.seq, table.seating)

    def _same_entry(self, db: Session, token: str, seq: int, event: EventOrMaker, key: str) -> None:
        """A key sent again must carry the same entry: the one stored under it (entry ``seq``), made again on the
        table as it stood before that entry.  A different body under a used key is refused, never dropped
        silently."""
        row = db.scalars(select(TableBoard).where(TableBoard.token == token)).one()
        entries = list(db.scalars(select(TableEntry).where(TableEntry.table_id == row.id).order_by(TableEntry.seq)))
        journal = replay_rows(row, entries[:seq - 1])
        laws = Edition.parse(journal.engine.laws.value)
        try:
            made = event if isinstance(event, Event) else event(journal.state)
            again = encode_event(made, laws)
        except BridgeError:
            again = None
        if again != entries[seq - 1].event:
            raise ConflictError(f"the key {key[:40]!r} was already used for entry {seq}, a different entry: "
                                "nothing was entered; send this entry with a new key", field="key")

    @staticmethod
    def _keyed(db: Session, row_id: int | None, key: str) -> int | None:
        """The number of the entry of table ``row_id`` stored with ``key``, if any."""
        found: int | None = db.scalar(select(TableEntry.seq).where(TableEntry.table_id == row_id,
                                                                    TableEntry.key == key))
        return found

    def _answer_stored(self, token: str, key: str) -> StoredTable | None:
        """The table as stored, if an entry with ``key`` is among its entries now (else None)."""
        with self.register.transaction() as db:
            table = self._load(db, token)
            row_id = db.scalar(select(TableBoard.id).where(TableBoard.token == token))
            stored = self._keyed(db, row_id, key)
        if stored is None:
            return None
        table.repeated = stored
        return table

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
