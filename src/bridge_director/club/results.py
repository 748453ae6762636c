"""Results of the session: entered at the table or the desk, checked against the movement and the deal, audited.

A result names its section, round, table and board; the movement says which pairs sit there and which boards are
in play.  Entering the same result twice (a retried request after a dropped connection) is harmless; entering a
different one over it is a ``ConflictError``: a stored result changes only by ``correct_result``, which keeps who
changed it, when, and the old and new values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Integer, Text, bindparam, cast, insert, select
from sqlalchemy.orm import Session

from ..errors import BridgeError, ConflictError, MissingError, RegisterError
from ..model import Card, Contract, Deal, Seat, board_vulnerability
from ..register.events import board_ref
from ..register.models import Base, Board, Pair, ResultChange, Section, SessionResult, utcnow
from ..register.plain import Plain
from ..scoring.event import PASSED_OUT
from .movement import Encounter, Movement
from .setup import movement_of, parsed_movement, session_deal

PLAYED, NOT_PLAYED, AWARDED = "played", "not-played", "awarded"


@dataclass(frozen=True, slots=True)
class TableRound:
    """Who sits at a table in a round, and the boards they play (a pair not entered, or gone, is ``None``)."""

    round_no: int
    table_no: int
    ns: Pair | None
    ew: Pair | None
    boards: tuple[int, ...]
    encounter: Encounter

    @property
    def sit_out(self) -> bool:
        return self.ns is None or self.ew is None


@dataclass(frozen=True, slots=True)
class ResultIn:
    """A result as entered: contract (``4SX``, ``3NT``, ``PASS``), declarer, tricks taken by declarer, lead."""

    contract: str
    declarer: str = ""
    tricks: int | None = None
    lead: str = ""
    status: str = PLAYED


def section_boards(section: Section) -> tuple[int, ...]:
    """Every board number the section's movement puts in play."""
    movement = movement_of(section)
    return tuple(sorted({b for e in movement.encounters
                         for b in movement.boards(e.board_set, section.boards_per_round, section.first_board)}))


def table_round(db: Session, section: Section, round_no: int, table_no: int) -> TableRound:
    """The table in the round, from the movement and the entry; refuses a table or round not in the movement."""
    movement = movement_of(section)
    encounter = _encounter(movement, section.letter, round_no, table_no)
    pairs = {p.number: p for p in db.scalars(_PAIRS, {"section": section.id, "numbers": [encounter.ns, encounter.ew]})}

    def present(number: int) -> Pair | None:
        pair = pairs.get(number)
        return pair if pair is not None and _playing(pair.left_after, round_no) else None

    boards = tuple(movement.boards(encounter.board_set, section.boards_per_round, section.first_board))
    return TableRound(round_no, table_no, present(encounter.ns), present(encounter.ew), boards, encounter)


def _encounter(movement: Movement, letter: str, round_no: int, table_no: int) -> Encounter:
    """Who meets at the table in the round; refuses a round or a table the movement does not have."""
    if not 1 <= round_no <= movement.rounds:
        raise RegisterError(f"section {letter} plays rounds 1 to {movement.rounds}, not {round_no}", field="round")
    encounter = movement.at(round_no, table_no)
    if encounter is None:
        raise RegisterError(f"table {table_no} is not in play in round {round_no} of section {letter} "
                            f"(tables 1 to {movement.tables})", field="table")
    return encounter


def _playing(left_after: int | None, round_no: int) -> bool:
    """A pair plays the round unless it left the section after an earlier one."""
    return left_after is None or round_no <= left_after


_PAIRS = select(Pair).where(Pair.section_id == bindparam("section"),
                            Pair.number.in_(bindparam("numbers", expanding=True)))


def _seats(encounter: Encounter, round_no: int, table_no: int, boards: tuple[int, ...], board: int,
           seated: dict[int, int], ns: int | None, ew: int | None) -> tuple[int, int]:
    """The ids of the N-S and E-W pairs playing ``board`` at the table (``seated``: number -> id of each pair
    there and playing); refuses a board not played there, a table sitting out, and a pair given that is not
    there."""
    if board not in boards:
        raise RegisterError(f"board {board} is not played at table {table_no} in round {round_no} "
                            f"(boards {boards[0]}-{boards[-1]} are)", field="board")
    for number in (encounter.ns, encounter.ew):
        if number not in seated:
            raise RegisterError(f"table {table_no} sits out in round {round_no}: pair {number} is not playing",
                                field="pair")
    for given, number, direction in ((ns, encounter.ns, "N-S"), (ew, encounter.ew, "E-W")):
        if given is not None and given != number:
            raise RegisterError(f"pair {given} does not sit {direction} at table {table_no} in round "
                                f"{round_no}: pair {number} does", field="pair")
    return seated[encounter.ns], seated[encounter.ew]


def checked_values(board: int, result: ResultIn, deal_lead_holder: Seat | None = None) -> dict[str, Any]:
    """The stored values of a result, with its Law 77 score; refuses what cannot have happened at the table."""
    if result.status == NOT_PLAYED:
        return {"status": NOT_PLAYED, "contract": "", "declarer": "", "tricks": None, "lead": "", "ns_score": None}
    if result.status != PLAYED:
        raise BridgeError(f"a result is played or not-played, not {result.status!r}", field="status")
    text = result.contract.strip().upper()
    if text in PASSED_OUT:
        return {"status": PLAYED, "contract": "PASS", "declarer": "", "tricks": None, "lead": "", "ns_score": 0}
    if not result.declarer.strip():
        raise BridgeError(f"contract {result.contract!r} needs a declarer (N, E, S or W)", field="declarer")
    declarer = Seat.parse(result.declarer)
    contract = Contract.parse(text, declarer)
    if result.tricks is None or not 0 <= result.tricks <= 13:
        raise BridgeError(f"tricks taken by declarer are 0 to 13, not {result.tricks}", field="tricks")
    lead = ""
    if result.lead.strip():
        card = Card.parse(result.lead.strip())
        if deal_lead_holder is not None and deal_lead_holder is not declarer.lho:
            raise BridgeError(f"the lead {card} is not in the hand of {declarer.lho.name.title()}, who leads "
                              f"(it is {deal_lead_holder.name.title()}'s in the hand record)", field="lead", law="41")
        lead = str(card)
    score = contract.score_ns(result.tricks, board_vulnerability(board))
    return {"status": PLAYED, "contract": contract.pbn, "declarer": declarer.letter, "tricks": result.tricks,
            "lead": lead, "ns_score": score}


def _values(db: Session, section: Section, board: int, result: ResultIn, check_lead: bool = True) -> dict[str, Any]:
    return _values_on(session_deal(db, section.session_id, board) if check_lead else None, board, result)


def _values_on(deal: Deal | None, board: int, result: ResultIn) -> dict[str, Any]:
    """``checked_values`` with the lead checked against ``deal`` (the hand record; None: not checked)."""
    holder = None
    if deal is not None and result.lead.strip() and result.status == PLAYED:
        holder = deal.holder(Card.parse(result.lead.strip()))
    return checked_values(board, result, holder)


def find_result(db: Session, section: Section, round_no: int, table_no: int, board: int) -> SessionResult | None:
    return db.scalars(select(SessionResult).join(Board).where(
        SessionResult.section_id == section.id, SessionResult.round_no == round_no,
        SessionResult.table_no == table_no, Board.number == board)).first()


def enter_result(db: Session, section: Section, round_no: int, table_no: int, board: int, result: ResultIn, *,
                 ns: int | None = None, ew: int | None = None, by: str = "", check_lead: bool = True) -> SessionResult:
    """``store_result``, answered with the stored row as an ORM object.

    ``check_lead=False`` keeps a lead as recorded elsewhere (an imported file) even where the hand record says
    another player holds it."""
    stored = store_result(db, section.id, round_no, table_no, board, result, ns=ns, ew=ew, by=by,
                          check_lead=check_lead)
    return db.get_one(SessionResult, stored.id)


@dataclass(frozen=True, slots=True)
class StoredResult:
    """A result as ``store_result`` stored it (or found it stored already: ``new`` is False): plain values."""

    id: int
    section_id: int
    round_no: int
    table_no: int
    board: int
    ns: int
    ew: int
    status: str
    contract: str
    declarer: str
    tricks: int | None
    lead: str
    ns_score: int | None
    entered_by: str
    version: int = 1
    new: bool = True

    @property
    def text(self) -> str:
        """The result in words (``describe``)."""
        return describe_values(self.status, self.contract, self.declarer, self.tricks, self.ns_score)


def store_result(db: Session, section_id: int, round_no: int, table_no: int, board: int, result: ResultIn, *,
                 ns: int | None = None, ew: int | None = None, by: str = "", check_lead: bool = True) -> StoredResult:
    """Store a result, checked against the movement (table, round, board, pairs) and the hand record (the lead);
    the same result again is accepted as it is, a different one is a conflict.

    The write of every table's result, so it reads and writes with plain statements (four reads at most and one
    INSERT), no ORM object; the movement is parsed once per process (``parsed_movement``)."""
    head = _SECTION_HEAD.one_or_none(db, {"section": section_id})
    if head is None:
        raise MissingError(f"no section {section_id}", field="section")
    session_id, letter, text, per_round, first = head
    movement = parsed_movement(text, letter)
    encounter = _encounter(movement, letter, round_no, table_no)
    boards = tuple(movement.boards(encounter.board_set, per_round, first))
    seated = {number: pair_id for pair_id, number, left_after in
              _SEATED.all(db, {"section": section_id, "ns": encounter.ns, "ew": encounter.ew})
              if _playing(left_after, round_no)}
    ns_id, ew_id = _seats(encounter, round_no, table_no, boards, board, seated, ns, ew)
    # the board and the result already stored there, in one read (a board not yet stored has no result)
    known = _BOARD_AND_STORED.one_or_none(db, {"session": session_id, "number": board, "section": section_id,
                                               "round": round_no, "table": table_no})
    if known is not None:
        board_id, deal_text, found_id = known
    else:
        (board_id, deal_text), found_id = board_ref(db, session_id, board), None
    values = _values_on(Deal.from_pbn(deal_text) if check_lead and deal_text else None, board, result)

    def stored(result_id: int, entered_by: str, version: int = 1, new: bool = True) -> StoredResult:
        return StoredResult(result_id, section_id, round_no, table_no, board, encounter.ns, encounter.ew,
                            values["status"], values["contract"], values["declarer"], values["tricks"],
                            values["lead"], values["ns_score"], entered_by, version, new)

    if found_id is not None:
        found = db.get_one(SessionResult, found_id)
        if _snapshot(found) == values:
            return stored(found.id, found.entered_by, found.version, new=False)
        raise ConflictError(f"board {board} at table {table_no} in round {round_no} already has a result "
                            f"({describe(found)}, entered by {found.entered_by or 'someone'}); correct it instead",
                            field="result")
    entered_by = by[:100]
    new_id: int = _INSERT.scalar(db, {"section_id": section_id, "board_id": board_id, "round_no": round_no,
                                      "table_no": table_no, "ns_pair_id": ns_id, "ew_pair_id": ew_id,
                                      "entered_by": entered_by, "entered_at": utcnow(), "version": 1, **values})
    return stored(new_id, entered_by)


_RESULTS, _BOARDS = SessionResult.__table__.c, Board.__table__.c
_SECTIONS, _PAIR_COLUMNS = Section.__table__.c, Pair.__table__.c
#: what a result's checks need of its section: the session, the letter, the movement as stored, the boards
_SECTION_HEAD = Plain(select(_SECTIONS.session_id, _SECTIONS.letter, cast(_SECTIONS.movement, Text),
                             _SECTIONS.boards_per_round, _SECTIONS.first_board)
                      .where(_SECTIONS.id == bindparam("section", type_=Integer)))
#: the section's pairs numbered ``ns`` and ``ew``: id, number, the round after which each left (if it did)
_SEATED = Plain(select(_PAIR_COLUMNS.id, _PAIR_COLUMNS.number, _PAIR_COLUMNS.left_after).where(
    _PAIR_COLUMNS.section_id == bindparam("section", type_=Integer),
    _PAIR_COLUMNS.number.in_([bindparam("ns", type_=Integer), bindparam("ew", type_=Integer)])))
#: a new result, every column given (``store_result``)
_INSERT = Plain(insert(Base.metadata.tables["session_results"]).returning(_RESULTS.id),
                columns=("section_id", "board_id", "round_no", "table_no", "ns_pair_id", "ew_pair_id", "entered_by",
                         "entered_at", "version", "status", "contract", "declarer", "tricks", "lead", "ns_score"))
#: a board of the session (id and deal) with the id of the result stored for it at a table in a round, if any
_BOARD_AND_STORED = Plain(
    select(_BOARDS.id, _BOARDS.deal, _RESULTS.id)
    .outerjoin(SessionResult.__table__,
               (_RESULTS.board_id == _BOARDS.id) & (_RESULTS.section_id == bindparam("section", type_=Integer))
               & (_RESULTS.round_no == bindparam("round", type_=Integer))
               & (_RESULTS.table_no == bindparam("table", type_=Integer)))
    .where(_BOARDS.session_id == bindparam("session", type_=Integer),
           _BOARDS.number == bindparam("number", type_=Integer)))


def correct_result(db: Session, result_id: int, result: ResultIn, *, version: int, by: str,
                   reason: str = "") -> SessionResult:
    """Change a stored result read at ``version``; the old and new values are kept with who and why."""
    row = db.get(SessionResult, result_id)
    if row is None:
        raise RegisterError(f"no result {result_id}", field="result")
    if row.version != version:
        raise ConflictError(f"the result was changed since it was read (version {row.version}, not {version}); "
                            "reload it", field="version")
    values = _values(db, row.section, row.board.number, result)
    old = _snapshot(row)
    if old == values:
        return row
    for key, value in values.items():
        setattr(row, key, value)
    row.entered_by = by[:100]
    db.add(ResultChange(result=row, changed_by=by[:100], old=old, new=values, reason=reason))
    db.flush()
    return row


def _snapshot(row: SessionResult) -> dict[str, Any]:
    return {"status": row.status, "contract": row.contract, "declarer": row.declarer, "tricks": row.tricks,
            "lead": row.lead, "ns_score": row.ns_score}


def describe(row: SessionResult) -> str:
    """``4S by N, 10 tricks, +420`` style text for a stored result."""
    return describe_values(row.status, row.contract, row.declarer, row.tricks, row.ns_score, row.ns_award,
                           row.ew_award)


def describe_values(status: str, contract: str, declarer: str, tricks: int | None, ns_score: int | None,
                    ns_award: float | None = None, ew_award: float | None = None) -> str:
    """``describe`` from the stored values."""
    if status == NOT_PLAYED:
        return "not played"
    if status == AWARDED:
        return f"awarded {ns_award:g}/{ew_award:g}" if ns_award is not None and ew_award is not None else "awarded"
    if contract == "PASS":
        return "passed out"
    if tricks is None or not contract:  # an uploaded traveller line gives its score, not always the rest
        made = f"{contract} by {declarer}, " if contract else ""
        return made + (f"{ns_score:+d}" if ns_score is not None else "no score")
    return f"{contract} by {declarer}, {tricks} tricks, {ns_score:+d}"


def section_results(db: Session, section: Section) -> list[SessionResult]:
    """Every stored result of the section, by board, round and table."""
    return list(db.scalars(select(SessionResult).join(Board).where(SessionResult.section_id == section.id)
                           .order_by(Board.number, SessionResult.round_no, SessionResult.table_no)))
