"""What the register's pages show of a ruling's figures: its penalties on pairs' totals (``SessionPenalty``) and
its decisions on results (``ResultRuling``), each with the section it belongs to and a link there.

A penalty upgraded from the old free-text register keeps its text (``given``) and is not applied until a director
names its section, pair, unit and amount (``club.adjustments.apply_penalty``).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload

from ..club.adjustments import PENALTY_UNITS
from ..club.decision_text import decision_short
from ..club.decisions import decision_from_json
from ..club.setup import pair_name
from ..register.models import Pair, ResultRuling, Section, SessionPenalty

#: every unit a penalty may be given in (each section takes those of its method: ``PENALTY_UNITS``)
UNITS = tuple(dict.fromkeys(unit for units in PENALTY_UNITS.values() for unit in units))


def section_title(section: Section) -> str:
    session = section.session
    return f"{session.event.name} · {session.name} · section {section.letter}"


@dataclass(frozen=True, slots=True)
class PenaltyRow:
    """A penalty as the pages list it; ``section_id`` and ``pair`` are None for an upgraded text penalty whose
    pair is not known yet."""

    id: int
    ruling_id: int
    section_id: int | None
    section: str
    pair: int | None
    names: str
    kind: str
    law: str
    amount: str
    reason: str
    given: str | None
    active: bool


def amount_text(penalty: SessionPenalty) -> str:
    """``0.25 of a top``, ``3 mp``, ``10% of the pair's maximum``, ``2 imps``."""
    if penalty.unit == "top":
        return f"{penalty.amount:g} of a top"
    if penalty.unit == "percent":
        return f"{penalty.amount:g}% of the pair's maximum"
    return f"{penalty.amount:g} {penalty.unit}"


def penalty_row(penalty: SessionPenalty, sections: dict[int, Section]) -> PenaltyRow:
    section = sections.get(penalty.section_id) if penalty.section_id is not None else None
    pair: Pair | None = penalty.pair
    return PenaltyRow(penalty.id, penalty.ruling_id, section.id if section is not None else None,
                      section_title(section) if section is not None else "", pair.number if pair else None,
                      pair_name(pair) if pair else "", penalty.kind.value.lower(), penalty.law,
                      amount_text(penalty), penalty.reason, penalty.given, penalty.active)


def _sections(db: Session) -> dict[int, Section]:
    return {s.id: s for s in db.scalars(select(Section))}


def all_penalties(db: Session) -> list[PenaltyRow]:
    """Every penalty, the newest first."""
    sections = _sections(db)
    rows = db.scalars(select(SessionPenalty).options(joinedload(SessionPenalty.pair))
                      .order_by(SessionPenalty.id.desc()))
    return [penalty_row(p, sections) for p in rows]


def ruling_penalties(db: Session, penalties: list[SessionPenalty]) -> list[PenaltyRow]:
    sections = _sections(db) if penalties else {}
    return [penalty_row(p, sections) for p in penalties]


@dataclass(frozen=True, slots=True)
class DecisionRow:
    """A ruling's decision on a stored result: the result's section, board and pairs, the decision in short."""

    result_id: int
    section_id: int
    section: str
    board: int
    ns: int
    ew: int
    decision: str
    active: bool


def ruling_decisions(db: Session, ruling_id: int) -> list[DecisionRow]:
    """The ruling's decisions on results, in force first, then those an appeal replaced."""
    links = db.scalars(select(ResultRuling).where(ResultRuling.ruling_id == ruling_id)
                       .order_by(ResultRuling.active.desc(), ResultRuling.id.desc()))
    out = []
    for link in links:
        row = link.result
        board = row.board.number
        out.append(DecisionRow(row.id, row.section_id, section_title(row.section), board, row.ns_pair.number,
                               row.ew_pair.number, decision_short(decision_from_json(link.decision), board),
                               link.active))
    return out


def section_choices(db: Session) -> list[tuple[int, str]]:
    """Every section (id, title), the newest first, for a penalty's section."""
    return [(s.id, section_title(s)) for s in db.scalars(select(Section).order_by(Section.id.desc()))]
