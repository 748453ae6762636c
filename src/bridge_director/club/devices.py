"""Table devices: the players' phones at a table, opened from the QR code on the table card, with no account.

A device link names one table of one section.  Its token is signed with a key stored in the register (so every
worker and a restart read the same links) and bound to a ``DeviceToken`` row that the director issues and may
revoke: a token whose signature fails, whose row is revoked or which names another table is refused
(``DeviceRefused``), naming the token.  A link is good for the section (the session's evening) until revoked.

After each board one player enters contract, declarer, lead and tricks (``keypad_entry``: level, strain,
declarer, [double], lead suit and rank, tricks as ``=``, ``+1``, ``-2`` ...) and the other side confirms; the
result goes through the scorer's own path (``club.results.store_result``, entered by ``table 3 device``): one
store, nothing typed twice.  Each result carries the device's idempotency key (``DeviceResult``): the same key
again is answered with the stored result and never entered twice; the same key with another result is refused.

``table_plan`` is what the phone needs for the whole evening at its table, also offline: each round's pairs and
names, boards (dealer, vulnerability, whether a result is stored) and where the pairs and boards go next.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from ..errors import BridgeError, ConflictError, RegisterError
from ..model import board_dealer, board_vulnerability
from ..register import Register
from ..register.audit import record_action
from ..register.models import (
    Base,
    Board,
    DeviceResult,
    DeviceSetting,
    DeviceToken,
    EventSession,
    Section,
    SessionResult,
    utcnow,
)
from .results import PLAYED, ResultIn, describe, store_result, table_round
from .setup import movement_of, pair_name, results_only
from .table_cards import Moves, round_moves

#: the name of the key that signs device links, in the register's ``server_secrets``
SECRET_NAME = "device key"
SALT = "bridge-director table device"
#: what a signed token looks like (base64url payload, a dot, base64url signature): anything else is no link at all
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{2,200}\.[A-Za-z0-9_-]{10,100}")
KEY_SHAPE = re.compile(r"[A-Za-z0-9_-]{8,64}")
AUDIT_KIND = "table device"
LEVELS = tuple(str(n) for n in range(1, 8))
STRAINS = ("C", "D", "H", "S", "NT")
DOUBLES = ("", "X", "XX")
SUITS = ("S", "H", "D", "C")
RANKS = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")
SIDES = ("NS", "EW")
VULNERABLE = {"None": "Nobody vulnerable", "NS": "N-S vulnerable", "EW": "E-W vulnerable", "All": "Both vulnerable"}


class DeviceRefused(RegisterError):
    """A device link that is not valid here: its signature fails, it was revoked, or it names another table (the
    web answers 403, naming the token)."""


class DeviceUnknown(RegisterError):
    """Not a device link at all (the web answers 404)."""


@dataclass(frozen=True, slots=True)
class Device:
    """A table device as its link names it: the link's row, section and table."""

    id: int
    section_id: int
    table_no: int
    letter: str
    token: str

    @property
    def name(self) -> str:
        """Who enters from it, as results and the audit log show it."""
        return f"table {self.table_no} device"


def token_ref(token: str) -> str:
    """A token as a message names it: its last six characters (enough to tell two links apart, not to forge)."""
    return f"…{token[-6:]}" if len(token) > 6 else token


def _serializer(secret: str) -> URLSafeSerializer:
    return URLSafeSerializer(secret, salt=SALT)


def sign(secret: str, row: DeviceToken) -> str:
    """The link's token for ``row``: the row, section and table, signed (the same text every time)."""
    return str(_serializer(secret).dumps([row.id, row.section_id, row.table_no]))


def read_token(db: Session, secret: str, token: str, table_no: int | None = None) -> Device:
    """The device ``token`` opens; refused when it is not signed by this register, revoked, or (``table_no``)
    used for another table."""
    if not TOKEN_SHAPE.fullmatch(token):
        raise DeviceUnknown(f"this is not a table's link ({token_ref(token)[:20]}): scan the code on the table card",
                            field="token")
    ref = token_ref(token)
    try:
        payload = _serializer(secret).loads(token)
    except BadSignature:
        raise DeviceRefused(f"the table link {ref} was not issued by this club's director: scan the code on the "
                            "table card again", field="token") from None
    if not (isinstance(payload, list) and len(payload) == 3 and all(type(n) is int for n in payload)):
        raise DeviceRefused(f"the table link {ref} is not a table device's link", field="token")
    row = db.get(DeviceToken, payload[0])
    if row is None or row.section_id != payload[1] or row.table_no != payload[2]:
        raise DeviceRefused(f"the table link {ref} is not known to this register", field="token")
    if row.revoked_at is not None:
        raise DeviceRefused(f"the table link {ref} was revoked by the director: scan the new code on the table "
                            "card, or ask the director", field="token")
    if table_no is not None and table_no != row.table_no:
        raise DeviceRefused(f"the table link {ref} is table {row.table_no}'s, not table {table_no}'s: use the "
                            f"code on table {table_no}'s card", field="token")
    section = db.get(Section, row.section_id)
    if section is None:
        raise DeviceRefused(f"the table link {ref} names no section of this register", field="token")
    return Device(row.id, row.section_id, row.table_no, section.letter, token)


# ----- the director: links issued, revoked, and what the devices show ------------------------------------------
def _tables(section: Section) -> int:
    if results_only(section):
        raise RegisterError(f"section {section.letter} holds uploaded results only: it has no tables and no table "
                            "devices", field="section")
    return movement_of(section).tables


def _check_table(section: Section, table_no: int) -> None:
    tables = _tables(section)
    if not 1 <= table_no <= tables:
        raise RegisterError(f"section {section.letter} has tables 1 to {tables}, not {table_no}", field="table")


def _active(db: Session, section_id: int, table_no: int | None = None) -> list[DeviceToken]:
    query = select(DeviceToken).where(DeviceToken.section_id == section_id, DeviceToken.revoked_at.is_(None))
    if table_no is not None:
        query = query.where(DeviceToken.table_no == table_no)
    return list(db.scalars(query.order_by(DeviceToken.table_no, DeviceToken.id)))


def issue(db: Session, section: Section, table_no: int, by: str, address: str = "") -> DeviceToken:
    """A new link for the table: the table's older link, if any, is revoked (a lost or copied card)."""
    _check_table(section, table_no)
    revoked = _revoke(db, section, table_no, by)
    row = DeviceToken(section_id=section.id, table_no=table_no, issued_by=by[:100], issued_at=utcnow(),
                      revoked_by="")
    db.add(row)
    db.flush()
    record_action(db, by, AUDIT_KIND, f"section {section.id} table {table_no}",
                  f"link {row.id} issued" + (f", link {revoked} revoked" if revoked else ""), address)
    return row


def links(db: Session, section: Section, by: str, address: str = "") -> dict[int, DeviceToken]:
    """Each table's link, by table number; a table without one is issued one now."""
    tables = _tables(section)
    found = {row.table_no: row for row in _active(db, section.id)}
    for table_no in range(1, tables + 1):
        if table_no not in found:
            found[table_no] = issue(db, section, table_no, by, address)
    return dict(sorted(found.items()))


def _revoke(db: Session, section: Section, table_no: int | None, by: str) -> str:
    rows = _active(db, section.id, table_no)
    for row in rows:
        row.revoked_at, row.revoked_by = utcnow(), by[:100]
    db.flush()
    return ", ".join(str(row.id) for row in rows)


def revoke(db: Session, section: Section, table_no: int | None, by: str, address: str = "") -> int:
    """Revoke the table's link (``None``: every table's, at the end of the session); how many were revoked."""
    if table_no is not None:
        _check_table(section, table_no)
    revoked = _revoke(db, section, table_no, by)
    if revoked:
        where = f"table {table_no}" if table_no is not None else "every table"
        record_action(db, by, AUDIT_KIND, f"section {section.id} {where}", f"link {revoked} revoked", address)
    return len(revoked.split(", ")) if revoked else 0


def shows_traveller(db: Session, section_id: int) -> bool:
    """Whether the section's devices show a board's traveller after the table's result (yes unless turned off)."""
    setting = db.get(DeviceSetting, section_id)
    return True if setting is None else setting.show_traveller


def set_traveller(db: Session, section: Section, show: bool, by: str, address: str = "") -> None:
    """Turn the travellers on the section's devices on or off (audited)."""
    setting = db.get(DeviceSetting, section.id)
    if setting is None:
        setting = DeviceSetting(section_id=section.id)
        db.add(setting)
    setting.show_traveller, setting.changed_by, setting.changed_at = show, by[:100], utcnow()
    db.flush()
    record_action(db, by, AUDIT_KIND, f"section {section.id}", f"travellers on the devices {'on' if show else 'off'}",
                  address)


# ----- the plan of the evening at one table ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlanBoard:
    """A board of a round at the table: dealer, vulnerability, and the stored result (empty: none yet)."""

    number: int
    dealer: str
    vulnerable: str
    result: str = ""

    @property
    def done(self) -> bool:
        return bool(self.result)


@dataclass(frozen=True, slots=True)
class PlanRound:
    """A round at the table: the pairs as they sit (0: none), their names, the boards and the moves after it."""

    round: int
    ns: int
    ew: int
    ns_names: str
    ew_names: str
    boards: tuple[PlanBoard, ...]
    moves: Moves | None
    sit_out: bool = False

    @property
    def done(self) -> bool:
        return self.sit_out or all(b.done for b in self.boards)


@dataclass(frozen=True, slots=True)
class Step:
    """What the device shows now: a board to enter (``board``), the end of a round with the moves (``round_end``,
    then ``next`` round), or the end of the evening at this table (``finished``)."""

    kind: str
    round: PlanRound
    board: PlanBoard | None = None
    next: PlanRound | None = None


@dataclass(frozen=True, slots=True)
class TablePlan:
    """The evening at one table of a section, as the device shows it."""

    section_id: int
    letter: str
    title: str
    table: int
    rounds: tuple[PlanRound, ...]
    show_traveller: bool
    calls: tuple[str, ...] = field(default=())

    def played(self) -> Iterator[PlanRound]:
        return (r for r in self.rounds if not r.sit_out and r.boards)

    def step(self, started: int | None = None) -> Step:
        """The first board without a result, round by round.  When it is the first board of a round after one
        already played, the end of that round comes first (the moves), unless round ``started`` or a later one
        was started already."""
        played = list(self.played())
        for index, rnd in enumerate(played):
            board = next((b for b in rnd.boards if not b.done), None)
            if board is None:
                continue
            if board is rnd.boards[0] and index > 0 and (started is None or started < rnd.round):
                return Step("round_end", played[index - 1], None, rnd)
            return Step("board", rnd, board)
        last = played[-1] if played else self.rounds[-1]
        return Step("finished", last)

    def find(self, round_no: int, board: int) -> tuple[PlanRound, PlanBoard] | None:
        for rnd in self.rounds:
            if rnd.round == round_no:
                found = next((b for b in rnd.boards if b.number == board), None)
                return (rnd, found) if found is not None else None
        return None

    def to_json(self) -> dict[str, Any]:
        """What the phone's script keeps: every round's pairs, boards and moves."""
        return {"section": self.section_id, "letter": self.letter, "title": self.title, "table": self.table,
                "traveller": self.show_traveller,
                "rounds": [{"round": r.round, "ns": r.ns, "ew": r.ew, "ns_names": r.ns_names, "ew_names": r.ew_names,
                            "sit_out": r.sit_out, "moves": _moves_json(r.moves),
                            "boards": [{"board": b.number, "dealer": b.dealer, "vulnerable": b.vulnerable,
                                        "done": b.done, "result": b.result} for b in r.boards]}
                           for r in self.rounds]}


def _moves_json(moves: Moves | None) -> dict[str, Any] | None:
    if moves is None:
        return None
    return {"ns": moves.ns, "ew": moves.ew, "boards": moves.boards, "ns_next": moves.ns_next,
            "ew_next": moves.ew_next, "boards_next": moves.boards_next}


def table_plan(db: Session, section: Section, table_no: int) -> TablePlan:
    """Every round at the table with its pairs, boards, stored results and moves."""
    _check_table(section, table_no)
    movement = movement_of(section)
    stored = {(row.round_no, number): describe(row) for row, number in db.execute(
        select(SessionResult, Board.number).join(Board).where(SessionResult.section_id == section.id,
                                                              SessionResult.table_no == table_no))}
    rounds = []
    for round_no in range(1, movement.rounds + 1):
        if movement.at(round_no, table_no) is None:
            rounds.append(PlanRound(round_no, 0, 0, "", "", (), None, True))
            continue
        where = table_round(db, section, round_no, table_no)
        boards = tuple(PlanBoard(b, board_dealer(b).letter, board_vulnerability(b).value,
                                 stored.get((round_no, b), "")) for b in where.boards)
        rounds.append(PlanRound(round_no, where.encounter.ns, where.encounter.ew,
                                pair_name(where.ns, round_no) if where.ns is not None else "(no pair)",
                                pair_name(where.ew, round_no) if where.ew is not None else "(no pair)",
                                boards, round_moves(movement, table_no, round_no, section.boards_per_round,
                                                    section.first_board), where.sit_out))
    session = db.get(EventSession, section.session_id)
    title = f"{session.event.name}, {session.name}" if session is not None else ""
    return TablePlan(section.id, section.letter, title, table_no, tuple(rounds), shows_traveller(db, section.id))


# ----- a result from the table --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DeviceEntry:
    """A result as the device sends it: round and board, contract (``4HX``, ``PASS``), declarer, tricks taken by
    declarer, the opening lead (``SK``, or empty), and the side that confirmed it (``NS`` or ``EW``)."""

    round_no: int
    board: int
    contract: str
    declarer: str = ""
    tricks: int | None = None
    lead: str = ""
    confirmed_by: str = ""

    def result(self) -> ResultIn:
        return ResultIn(self.contract, self.declarer, self.tricks, self.lead, PLAYED)

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round_no, "board": self.board, "contract": self.contract.strip().upper(),
                "declarer": self.declarer.strip().upper(), "tricks": self.tricks, "lead": self.lead.strip().upper(),
                "confirmed_by": self.confirmed_by}


def keypad_entry(round_no: int, board: int, *, level: str = "", strain: str = "", double: str = "",
                 declarer: str = "", made: str = "", lead_suit: str = "", lead_rank: str = "", passed: bool = False,
                 confirmed_by: str = "") -> DeviceEntry:
    """The result the keypad's taps make; a missing or impossible tap is refused naming its field.

    >>> keypad_entry(1, 5, level="4", strain="H", declarer="S", made="=", lead_suit="S", lead_rank="K")
    DeviceEntry(round_no=1, board=5, contract='4H', declarer='S', tricks=10, lead='SK', confirmed_by='')
    >>> keypad_entry(1, 5, level="3", strain="NT", double="X", declarer="W", made="-2").tricks
    7
    """
    if passed:
        return DeviceEntry(round_no, board, "PASS", confirmed_by=confirmed_by)
    if level not in LEVELS:
        raise BridgeError("tap the contract's level (1 to 7)", field="level")
    if strain not in STRAINS:
        raise BridgeError("tap the contract's suit or NT", field="strain")
    if double not in DOUBLES:
        raise BridgeError(f"doubled is X or XX, not {double[:4]!r}", field="double")
    if declarer not in ("N", "E", "S", "W"):
        raise BridgeError("tap the declarer (N, E, S or W)", field="declarer")
    if bool(lead_suit) != bool(lead_rank) or (lead_suit and lead_suit not in SUITS) or (lead_rank and
                                                                                          lead_rank not in RANKS):
        raise BridgeError("tap the lead's suit and its rank (or neither)", field="lead")
    found = re.fullmatch(r"=|([+-])([0-9]{1,2})", made.strip())
    if found is None:
        raise BridgeError("tap the tricks: = for made exactly, +1 for an overtrick, -1 for one down", field="made")
    needed = 6 + int(level)
    tricks = needed if made.strip() == "=" else needed + int(found.group(2)) * (1 if found.group(1) == "+" else -1)
    if not 0 <= tricks <= 13:
        raise BridgeError(f"{level}{strain} takes {needed} tricks to make: {made.strip()} would be {tricks}, and "
                          "declarer takes 0 to 13", field="made")
    return DeviceEntry(round_no, board, f"{level}{strain}{double}", declarer, tricks, lead_suit + lead_rank,
                       confirmed_by)


def confirming_side(entry: DeviceEntry) -> str:
    """The side that confirms: the declarer's opponents (E-W for a passed-out board)."""
    if entry.declarer.strip().upper() in ("N", "S"):
        return "EW"
    return "NS" if entry.declarer.strip() else "EW"


@dataclass(frozen=True, slots=True)
class DeviceEntered:
    """A result stored from a device (or found stored under its key: ``repeated``)."""

    result_id: int
    round_no: int
    board: int
    text: str
    ns_score: int | None
    repeated: bool


def _check_key(key: str) -> None:
    if not KEY_SHAPE.fullmatch(key):
        raise BridgeError("the key is 8 to 64 letters, digits, - or _", field="key")


def _repeated(db: Session, device: Device, entry: DeviceEntry, key: str) -> DeviceEntered | None:
    found = db.scalars(select(DeviceResult).where(DeviceResult.key == key)).one_or_none()
    if found is None:
        return None
    if found.device_id != device.id or found.entry != entry.to_json():
        raise ConflictError(f"the key {key[:40]!r} was used for another result: nothing was entered; send this "
                            "result with a new key", field="key")
    row = db.get_one(SessionResult, found.result_id)
    return DeviceEntered(row.id, row.round_no, entry.board, describe(row), row.ns_score, True)


def _enter(db: Session, device: Device, entry: DeviceEntry, key: str, address: str) -> DeviceEntered:
    _check_key(key)
    again = _repeated(db, device, entry, key)
    if again is not None:
        return again
    if entry.confirmed_by not in SIDES:
        raise BridgeError("the other side confirms the result: N-S or E-W", field="confirmed_by")
    if entry.confirmed_by != confirming_side(entry):
        who = "N-S" if confirming_side(entry) == "NS" else "E-W"
        raise BridgeError(f"declarer's opponents confirm the result: {who}, not the declaring side",
                          field="confirmed_by")
    try:
        stored = store_result(db, device.section_id, entry.round_no, device.table_no, entry.board, entry.result(),
                              by=device.name)
    except ConflictError as err:
        raise ConflictError(err.message.replace("; correct it instead", "") + ": nothing of yours was stored; call "
                            "the director to change it", field=err.field) from None
    db.execute(_KEEP_KEY, {"device_id": device.id, "result_id": stored.id, "key": key, "entry": entry.to_json(),
                           "confirmed_by": entry.confirmed_by, "entered_at": utcnow()})
    side = "N-S" if entry.confirmed_by == "NS" else "E-W"
    record_action(db, device.name, "result", f"result {stored.id}",
                  f"section {device.section_id}, round {entry.round_no}, table {device.table_no}, board {entry.board}, "
                  f"from the table device, confirmed by {side}: {stored.text}", address)
    return DeviceEntered(stored.id, entry.round_no, entry.board, stored.text, stored.ns_score, False)


#: the key a device sent its result under, kept with the result (a plain INSERT: no ORM object)
_KEEP_KEY = insert(Base.metadata.tables[DeviceResult.__tablename__])


def enter_from_device(register: Register, secret: str, token: str, entry: DeviceEntry, key: str,
                      address: str = "", table_no: int | None = None) -> DeviceEntered:
    """Store the device's result in one transaction (with its key and its audit), or answer the one stored under
    ``key``.  Two sends of one key at the same moment meet the key's unique constraint: the second is answered
    with the first's result."""
    try:
        with register.transaction() as db:
            return _enter(db, read_token(db, secret, token, table_no), entry, key, address)
    except RegisterError as err:
        if err.field is not None:  # refused on its merits (a conflict, the token, the movement): said as it is
            raise
        with register.transaction() as db:
            again = _repeated(db, read_token(db, secret, token, table_no), entry, key)
        if again is None:
            raise
        return again


def board_result(db: Session, device: Device, round_no: int, board: int) -> SessionResult | None:
    """The table's stored result on the board in the round (None: none yet)."""
    return db.scalars(select(SessionResult).join(Board).where(
        SessionResult.section_id == device.section_id, SessionResult.table_no == device.table_no,
        SessionResult.round_no == round_no, Board.number == board)).first()
