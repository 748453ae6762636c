"""Calls to the director from a table device: stored, shown on the director's phone while they wait, answered.

A call names its table, round and board.  When it is made the board is opened at that table
(``club.at_table.open_board``: the stored board the laws engine runs on), so the director's one tap lands on the
table page with the board's log.  A call is answered once, by the director who answers it; making and answering
are audited in the transaction that stores them.  A call sent again with its key (the phone's queue after a
dropped connection) is the same call, never a second one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..errors import BridgeError, ConflictError, RegisterError
from ..register.audit import record_action
from ..register.models import DirectorCall, EventSession, Section, TableBoard, utcnow
from .at_table import open_board
from .devices import KEY_SHAPE, Device
from .setup import movement_of
from .tables import TableStore

AUDIT_KIND = "director call"
WHAT_LENGTH = 200
#: what the device's sheet offers (the player taps one; "" says nothing more)
REASONS = ("", "auction", "play", "claim", "revoke", "other")
REASON_TEXT = {"": "", "auction": "an irregularity in the auction", "play": "an irregularity in the play",
               "claim": "a claim", "revoke": "a revoke", "other": "a question"}


@dataclass(frozen=True, slots=True)
class CallView:
    """A call as the director's phone and the table device show it."""

    id: int
    section_id: int
    letter: str
    title: str
    table_no: int
    round_no: int
    board: int | None
    what: str
    called_at: datetime
    answered_at: datetime | None
    answered_by: str
    table_token: str | None

    def ago(self, now: datetime | None = None) -> str:
        """How long the call has waited (or waited), in words: ``just now``, ``4 min ago``, ``1 h 5 min ago``.

        >>> call = CallView(1, 1, "A", "", 3, 2, 5, "", datetime(2026, 1, 1, 20, 0, tzinfo=UTC), None, "", None)
        >>> [call.ago(datetime(2026, 1, 1, 20, m, s, tzinfo=UTC)) for m, s in ((0, 40), (4, 10), (59, 0))]
        ['just now', '4 min ago', '59 min ago']
        >>> call.ago(datetime(2026, 1, 1, 21, 5, tzinfo=UTC))
        '1 h 5 min ago'
        """
        seconds = int(((now or utcnow()) - aware(self.called_at)).total_seconds())
        if seconds < 60:
            return "just now"
        minutes = seconds // 60
        return f"{minutes} min ago" if minutes < 60 else f"{minutes // 60} h {minutes % 60} min ago"

    @property
    def where(self) -> str:
        board = f", board {self.board}" if self.board is not None else ""
        return f"Table {self.table_no}, round {self.round_no}{board}"


def aware(when: datetime) -> datetime:
    """A stored time with its zone (SQLite gives it back without one: it was stored in UTC)."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def _view(db: Session, call: DirectorCall) -> CallView:
    section = db.get_one(Section, call.section_id)
    session = db.get(EventSession, section.session_id)
    title = f"{session.event.name}, {session.name}, section {section.letter}" if session is not None else ""
    token = db.scalar(select(TableBoard.token).where(TableBoard.id == call.table_board_id)) \
        if call.table_board_id is not None else None
    return CallView(call.id, call.section_id, section.letter, title, call.table_no, call.round_no, call.board,
                    call.what, aware(call.called_at), aware(call.answered_at) if call.answered_at else None,
                    call.answered_by, token)


def call_director(store: TableStore, device: Device, round_no: int, board: int | None, what: str = "",
                  key: str | None = None, address: str = "") -> CallView:
    """Store a call from the device's table in ``round_no`` about ``board`` (audited), with the board opened at
    the table for the director; the same ``key`` again is the call already stored."""
    if key is not None and not KEY_SHAPE.fullmatch(key):
        raise BridgeError("the key is 8 to 64 letters, digits, - or _", field="key")
    what = " ".join(what.split())
    if len(what) > WHAT_LENGTH:
        raise BridgeError(f"what happened is at most {WHAT_LENGTH} characters", field="what")
    with store.register.transaction() as db:
        if key is not None:
            found = db.scalars(select(DirectorCall).where(DirectorCall.key == key)).one_or_none()
            if found is not None:
                if found.device_id != device.id or (found.round_no, found.board) != (round_no, board):
                    raise ConflictError(f"the key {key[:40]!r} was used for another call: send this one with a new "
                                        "key", field="key")
                return _view(db, found)
        section = db.get_one(Section, device.section_id)
        rounds = movement_of(section).rounds
        if not 1 <= round_no <= rounds:
            raise RegisterError(f"section {section.letter} plays rounds 1 to {rounds}, not {round_no}",
                                field="round")
    table_board: int | None = None
    if board is not None:
        try:
            opened = open_board(store, device.section_id, round_no, device.table_no, board)
        except BridgeError:  # a board not at this table that round: the call goes through without it
            opened = None
        if opened is not None:
            with store.register.transaction() as db:
                table_board = db.scalar(select(TableBoard.id).where(TableBoard.token == opened.id))
    with store.register.transaction() as db:
        call = DirectorCall(section_id=device.section_id, table_no=device.table_no, round_no=round_no, board=board,
                            device_id=device.id, key=key, what=what, table_board_id=table_board, called_at=utcnow(),
                            answered_by="")
        db.add(call)
        db.flush()
        record_action(db, device.name, AUDIT_KIND, f"call {call.id}",
                      f"section {section.letter} ({device.section_id}), table {device.table_no}, round {round_no}"
                      + (f", board {board}" if board is not None else "") + (f": {what}" if what else ""), address)
        return _view(db, call)


def waiting_calls(db: Session, section_id: int | None = None) -> list[CallView]:
    """The calls not answered yet, the longest waiting first (every section's, or ``section_id``'s)."""
    query = select(DirectorCall).where(DirectorCall.answered_at.is_(None))
    if section_id is not None:
        query = query.where(DirectorCall.section_id == section_id)
    return [_view(db, c) for c in db.scalars(query.order_by(DirectorCall.called_at, DirectorCall.id))]


def answered_calls(db: Session, limit: int = 10) -> list[CallView]:
    """The calls answered last, newest first."""
    query = select(DirectorCall).where(DirectorCall.answered_at.is_not(None))
    return [_view(db, c) for c in db.scalars(query.order_by(DirectorCall.answered_at.desc(), DirectorCall.id.desc())
                                             .limit(limit))]


def table_calls(db: Session, section_id: int, table_no: int, limit: int = 3) -> list[CallView]:
    """The table's calls, newest first: what its device shows (waiting, or answered by whom)."""
    query = select(DirectorCall).where(DirectorCall.section_id == section_id, DirectorCall.table_no == table_no)
    return [_view(db, c) for c in db.scalars(query.order_by(DirectorCall.id.desc()).limit(limit))]


def _call(db: Session, call_id: int) -> DirectorCall:
    call = db.get(DirectorCall, call_id)
    if call is None:
        raise RegisterError(f"there is no call {call_id}", field="call")
    return call


def answer_call(db: Session, call_id: int, by: str, address: str = "") -> CallView:
    """Mark the call answered by ``by`` (audited); a call answered already stays as it was answered."""
    call = _call(db, call_id)
    if call.answered_at is None:
        call.answered_at, call.answered_by = utcnow(), by[:100]
        db.flush()
        record_action(db, by, AUDIT_KIND, f"call {call.id}",
                      f"answered: table {call.table_no}, round {call.round_no}"
                      + (f", board {call.board}" if call.board is not None else ""), address)
    return _view(db, call)


def open_call(store: TableStore, call_id: int, by: str, address: str = "") -> str:
    """The stored board of the call (opened now if it was not), the call answered by ``by``: the table page's
    token.  A call that names no board is refused naming the field."""
    with store.register.transaction() as db:
        call = _call(db, call_id)
        token = db.scalar(select(TableBoard.token).where(TableBoard.id == call.table_board_id)) \
            if call.table_board_id is not None else None
        where = (call.section_id, call.round_no, call.table_no, call.board)
    if token is None:
        section_id, round_no, table_no, board = where
        if board is None:
            raise RegisterError(f"call {call_id} names no board: go to table {table_no}", field="board")
        token = open_board(store, section_id, round_no, table_no, board).id
    with store.register.transaction() as db:
        call = _call(db, call_id)
        if call.table_board_id is None:
            call.table_board_id = db.scalar(select(TableBoard.id).where(TableBoard.token == token))
        answer_call(db, call_id, by, address)
    return token
