"""The short way to store a table's result: the same checks as ``results.store_result``, made against what this
process has read of the section already, and one statement that writes the result and its audit entry only if
what the checks read still holds (``register.checked_insert``).

A section's movement, letter, session and boards per round never change once it is set up, so they are read once.
Its pairs and the session's boards (ids, hand-record deals) may change, and are checked again by the statement
itself: when anything differs (a pair withdrawn or added, a deal loaded, a board not stored yet, a result already
there, an account ended) nothing is written, the section's pairs and boards are read again next time, and the
caller stores the result the long way, which refuses or answers exactly as before.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from threading import Lock

from sqlalchemy import Integer, Text, bindparam, cast, select

from ..errors import BridgeError
from ..model import Deal
from ..register import Register
from ..register.checked_insert import CheckedResult, Writer, insert_checked, store_board
from ..register.models import Board, Pair, Section
from ..register.plain import Plain
from .movement import Movement
from .results import ResultIn, StoredResult, _encounter, _playing, _seats, _values_on
from .setup import parsed_movement

#: sections whose plans a process keeps (the least recently written forgotten first)
KEPT = 256


@dataclass(frozen=True, slots=True)
class _Board:
    id: int
    deal_text: str
    deal: Deal | None


@dataclass(frozen=True, slots=True)
class SectionPlan:
    """What a result's checks read of a section: the fixed part, and the pairs and boards as last read."""

    session_id: int
    letter: str
    movement: Movement
    per_round: int
    first: int
    pairs: dict[int, tuple[int, int | None]]  # number -> (id, left after round)
    boards: dict[int, _Board]  # number -> the session's board


class SectionPlans:
    """The plans of one register's sections, kept by this process (``KEPT`` at most)."""

    def __init__(self, register: Register) -> None:
        self.register = register
        self._plans: OrderedDict[int, SectionPlan] = OrderedDict()
        self._lock = Lock()

    def get(self, section_id: int) -> SectionPlan | None:
        """The section's plan, read if not kept; None for a section that is not there or has no movement."""
        plan = self._plans.get(section_id)
        if plan is None:
            plan = self._read(section_id)
            if plan is None:
                return None
            with self._lock:
                self._plans[section_id] = plan
                while len(self._plans) > KEPT:
                    self._plans.popitem(last=False)
        return plan

    def board(self, section_id: int, plan: SectionPlan, number: int) -> _Board:
        """Board ``number`` of the section's session, stored now if it is not yet (the first result of a board
        played without a hand record), and kept in ``plan``."""
        board_id, deal = store_board(self.register, plan.session_id, number)
        known = plan.boards[number] = _Board(board_id, deal or "", Deal.from_pbn(deal) if deal else None)
        return known

    def forget(self, section_id: int) -> None:
        """Read the section's pairs and boards again before its next write."""
        with self._lock:
            self._plans.pop(section_id, None)

    def _read(self, section_id: int) -> SectionPlan | None:
        with self.register.reading() as connection:
            head = _HEAD.one_or_none(connection, {"section": section_id})
            if head is None or head[2] is None:
                return None
            session_id, letter, text, per_round, first = head
            pairs = {number: (pair_id, left) for pair_id, number, left in
                     _PAIRS.all(connection, {"section": section_id})}
            boards = {number: _Board(board_id, deal or "", Deal.from_pbn(deal) if deal else None)
                      for board_id, number, deal in _BOARDS.all(connection, {"session": session_id})}
        return SectionPlan(session_id, letter, parsed_movement(text, letter), per_round, first, pairs, boards)


_S, _P, _B = Section.__table__.c, Pair.__table__.c, Board.__table__.c
_HEAD = Plain(select(_S.session_id, _S.letter, cast(_S.movement, Text), _S.boards_per_round, _S.first_board)
              .where(_S.id == bindparam("section", type_=Integer)))
_PAIRS = Plain(select(_P.id, _P.number, _P.left_after).where(_P.section_id == bindparam("section", type_=Integer)))
_BOARDS = Plain(select(_B.id, _B.number, _B.deal).where(_B.session_id == bindparam("session", type_=Integer)))


def quick_store(plans: SectionPlans, section_id: int, round_no: int, table_no: int, board: int, result: ResultIn,
                writer: Writer, detail: str, *, ns: int | None = None, ew: int | None = None) -> StoredResult | None:
    """Store a new result the short way (the module's docstring), with its audit entry (``detail``); None when it
    must be stored the long way (``store_result``), nothing having been written."""
    plan = plans.get(section_id)
    if plan is None:
        return None
    try:
        encounter = _encounter(plan.movement, plan.letter, round_no, table_no)
        boards = tuple(plan.movement.boards(encounter.board_set, plan.per_round, plan.first))
        seated = {number: plan.pairs[number][0] for number in (encounter.ns, encounter.ew)
                  if number in plan.pairs and _playing(plan.pairs[number][1], round_no)}
        ns_id, ew_id = _seats(encounter, round_no, table_no, boards, board, seated, ns, ew)
        known = plan.boards.get(board) or plans.board(section_id, plan, board)
        values = _values_on(known.deal, board, result)
    except BridgeError:
        plans.forget(section_id)
        return None
    checked = CheckedResult(section_id=section_id, board_id=known.id, session_id=plan.session_id, board=board,
                            deal=known.deal_text, round_no=round_no, table_no=table_no, ns_pair_id=ns_id,
                            ns=encounter.ns, ew_pair_id=ew_id, ew=encounter.ew, **values)
    new_id = insert_checked(plans.register, checked, writer, detail)
    if new_id is None:
        plans.forget(section_id)
        return None
    return StoredResult(new_id, section_id, round_no, table_no, board, encounter.ns, encounter.ew, values["status"],
                        values["contract"], values["declarer"], values["tricks"], values["lead"], values["ns_score"],
                        writer.username[:100])
