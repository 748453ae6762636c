"""Rulings on the session's results: the decision stored as data on the result it changes, penalties on a pair's
total, appeals that replace a decision while its history stays.

The ruling itself is the register's ``Ruling`` (facts, laws, director, decision text, appeal); here it is tied to
the result and its decision is kept as data, so the scorer applies it (``club.scores``) every time the section
is scored: a ruling reaches the score, and rescoring twice changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..errors import ConflictError, RegisterError
from ..laws.law86_teams import non_comparable
from ..laws.ruling import RecordedStep
from ..register.models import Pair, ResultRuling, Ruling, Section, SessionPenalty, SessionResult
from ..register.stored_rulings import new_ruling
from ..register.values import PenaltyKind
from .decisions import (
    AFTER_SCORING,
    Artificial,
    Assigned,
    Decision,
    Fouled,
    NoAdjustment,
    SeriousError,
    Split,
    Weighted,
    decision_from_json,
)
from .results import AWARDED, NOT_PLAYED

#: the units a procedural penalty may be given in, by the section's scoring method (Law 90; the authority's unit)
PENALTY_UNITS = {"mp": ("top", "mp", "percent"), "cross-imps": ("imps",), "butler": ("imps",),
                 "teams": ("imps", "vps")}


@dataclass(frozen=True, slots=True)
class PenaltyIn:
    """A penalty on pair ``pair``'s session total: ``amount`` in ``unit`` (a positive number is taken off),
    procedural (Law 90) or disciplinary (Law 91), under ``law`` and for ``reason``."""

    pair: int
    amount: float
    unit: str = "top"
    kind: PenaltyKind = PenaltyKind.PROCEDURAL
    law: str = ""
    reason: str = ""


def _result(db: Session, result_id: int) -> SessionResult:
    row = db.get(SessionResult, result_id)
    if row is None:
        raise RegisterError(f"no result {result_id} in the register", field="result")
    return row


def _check_decision(row: SessionResult, decision: Decision) -> None:
    board = row.board.number
    if isinstance(decision, Artificial) and row.status not in (NOT_PLAYED, AWARDED):
        raise RegisterError(f"board {board} has a result at table {row.table_no}: an artificial score is for a board "
                            "that could not be played (Law 12C2); assign a score instead (Law 12C1)",
                            field="decision", law="12C2")
    if isinstance(decision, AFTER_SCORING) and row.section.method != "mp":
        raise RegisterError(f"Law {decision.law}: this decision is applied at matchpoints; at IMPs give an "
                            "assigned or artificial score", field="decision", law=decision.law)
    _check_teams(row, decision)
    scores = ([decision.ns, decision.ew] if isinstance(decision, Split)
              else [s for s, _ in decision.outcomes] if isinstance(decision, Weighted)
              else [decision.expected, decision.after] if isinstance(decision, SeriousError)
              else [decision.score] if isinstance(decision, Assigned)
              else [decision.assigned] if isinstance(decision, Fouled) and decision.assigned is not None else [])
    for score in scores:
        score.ns_score(board)  # refuses an impossible contract, declarer or trick count, naming the field


def _check_teams(row: SessionResult, decision: Decision) -> None:
    """What only a teams match takes (Law 86): knockout averaging, the teams' faults on a fouled board."""
    if row.section.method == "teams":
        if isinstance(decision, Fouled) and decision.ns is not None and decision.ew is not None:
            non_comparable(decision.ns, decision.ew, imps=3, assigned=None if decision.assigned is None else 0.0,
                           edition=row.section.laws)  # refuses an assigned score the edition does not allow
        return
    if getattr(decision, "knockout", False):
        raise RegisterError("knockout averaging is for a teams match (Law 86)", field="knockout", law="86")
    if isinstance(decision, Fouled) and decision.ns is not None:
        raise RegisterError("the teams' shares of the fault on a fouled board are for a teams match; in a pairs "
                            "section the result is scored in its group (Law 87)", field="fault", law="87")


def _check_penalties(section: Section, penalties: Sequence[PenaltyIn]) -> None:
    units = PENALTY_UNITS.get(section.method, ("top",))
    for p in penalties:
        if p.unit not in units:
            raise RegisterError(f"a {section.method} section takes penalties in {', '.join(units)}, not {p.unit!r}",
                                field="unit", law="90")
        if not 0 < p.amount <= 1000:
            raise RegisterError(f"a penalty is more than 0 and at most 1000, not {p.amount:g}", field="amount")


def _penalties_of(db: Session, ruling_id: int) -> set[tuple[int, float, str]]:
    rows = db.scalars(select(SessionPenalty).where(SessionPenalty.ruling_id == ruling_id))
    return {(penalised_pair(p).number, float(p.amount), p.unit) for p in rows}


def penalised_pair(penalty: SessionPenalty) -> Pair:
    """The pair a penalty comes off; every penalty that reaches a score names one."""
    if penalty.pair is None:
        raise RegisterError(f"penalty {penalty.id} names no pair: it was recorded as text ({penalty.given}); "
                            "give it a pair before it is applied", field="pair", law="90")
    return penalty.pair


def _penalty_rows(db: Session, section: Section, ruling: Ruling, penalties: Sequence[PenaltyIn]) -> None:
    for p in penalties:
        pair = db.scalars(select(Pair).where(Pair.section_id == section.id, Pair.number == p.pair)).first()
        if pair is None:
            raise RegisterError(f"no pair {p.pair} in section {section.letter}", field="pair")
        law = p.law.strip() or ("91" if p.kind is PenaltyKind.DISCIPLINARY else "90")
        db.add(SessionPenalty(ruling=ruling, section_id=section.id, pair_id=pair.id, unit=p.unit, amount=p.amount,
                              kind=p.kind, law=law[:40], reason=p.reason.strip()))


def active_ruling(db: Session, result_id: int) -> ResultRuling | None:
    return db.scalars(select(ResultRuling).where(ResultRuling.result_id == result_id,
                                                 ResultRuling.active.is_(True))).first()


def rule_on_result(db: Session, result_id: int, *, director: str, laws: str, decision: Decision | None,
                   facts: str = "", penalties: Sequence[PenaltyIn] = (), kind: str = "judgement",
                   steps: Sequence[RecordedStep] = ()) -> Ruling:
    """Record a ruling on a stored result and apply its decision; the same ruling again changes nothing."""
    row = _result(db, result_id)
    decision = decision if decision is not None else NoAdjustment()
    _check_decision(row, decision)
    _check_penalties(row.section, penalties)
    current = active_ruling(db, result_id)
    if current is not None:
        same = current.decision == decision.to_json() and _penalties_of(db, current.ruling_id) == {
            (p.pair, float(p.amount), p.unit) for p in penalties}
        if same and current.ruling.director == director and current.ruling.laws == laws:
            return current.ruling
        raise ConflictError(f"result {result_id} already has ruling {current.ruling_id} "
                            f"({decision_from_json(current.decision).text()}); an appeal or the director's "
                            "correction (Law 82C) replaces it", field="result")
    ruling = new_ruling(db, kind=kind, director=director, laws=laws, board=row.board, facts=facts,
                        decision=decision.text(), steps=steps)
    db.add(ResultRuling(ruling=ruling, result=row, decision=decision.to_json()))
    _penalty_rows(db, row.section, ruling, penalties)
    db.flush()
    return ruling


def penalise(db: Session, section: Section, penalties: Sequence[PenaltyIn], *, director: str, laws: str,
             facts: str = "", decision: str = "") -> Ruling:
    """A ruling that gives penalties on pairs' totals with no change to any result (slow play, say: Law 90)."""
    if not penalties:
        raise RegisterError("give at least one penalty: pair, amount and unit", field="penalty")
    _check_penalties(section, penalties)
    text = decision.strip() or "; ".join(f"pair {p.pair}: {p.amount:g} {p.unit} off the total" for p in penalties)
    ruling = new_ruling(db, kind="penalty", director=director, laws=laws, facts=facts, decision=text)
    _penalty_rows(db, section, ruling, penalties)
    db.flush()
    return ruling


def apply_penalty(db: Session, penalty_id: int, *, section_id: int, pair: int, unit: str,
                  amount: float) -> SessionPenalty:
    """Put a penalty recorded as text (an upgraded register) in force: its section, pair, unit and amount."""
    penalty = db.get(SessionPenalty, penalty_id)
    if penalty is None:
        raise RegisterError(f"no penalty {penalty_id}", field="penalty")
    section = db.get(Section, section_id)
    if section is None:
        raise RegisterError(f"no section {section_id}", field="section")
    _check_penalties(section, [PenaltyIn(pair, amount, unit)])
    found = db.scalars(select(Pair).where(Pair.section_id == section.id, Pair.number == pair)).first()
    if found is None:
        raise RegisterError(f"no pair {pair} in section {section.letter}", field="pair")
    penalty.section_id, penalty.pair_id, penalty.unit, penalty.amount = section.id, found.id, unit, amount
    penalty.active = True
    db.flush()
    return penalty


def revise_ruling(db: Session, ruling_id: int, decision: Decision | None, *, appeal: str | None = None,
                  outcome: str = "") -> Ruling:
    """Replace the ruling's decision (None: the table result stands): an appeal's outcome (``appeal`` and
    ``outcome`` recorded on the ruling) or the director's correction (Law 82C).  The old decision stays,
    inactive, as history."""
    ruling = db.get(Ruling, ruling_id)
    if ruling is None:
        raise RegisterError(f"no ruling {ruling_id}", field="ruling")
    links = list(db.scalars(select(ResultRuling).where(ResultRuling.ruling_id == ruling_id,
                                                       ResultRuling.active.is_(True))))
    if not links:
        raise RegisterError(f"ruling {ruling_id} is not on a result of a session", field="ruling")
    old = links[0]
    decision = decision if decision is not None else NoAdjustment()
    _check_decision(old.result, decision)
    if old.decision == decision.to_json() and appeal is None:
        return ruling
    for link in links:
        link.active = False
    db.add(ResultRuling(ruling=ruling, result=old.result, decision=decision.to_json(), replaces_id=old.id))
    if appeal is not None:
        ruling.appeal = appeal
        ruling.appeal_outcome = outcome or decision.text()
    ruling.decision = decision.text()
    db.flush()
    return ruling


def section_decisions(db: Session, section: Section) -> dict[int, tuple[Decision, int]]:
    """Each result's active decision and the ruling behind it, by result id."""
    rows = db.scalars(select(ResultRuling).join(SessionResult).where(SessionResult.section_id == section.id,
                                                                     ResultRuling.active.is_(True)))
    return {r.result_id: (decision_from_json(r.decision), r.ruling_id) for r in rows}


def section_penalties(db: Session, section: Section) -> list[SessionPenalty]:
    return list(db.scalars(select(SessionPenalty).where(SessionPenalty.section_id == section.id,
                                                        SessionPenalty.active.is_(True),
                                                        SessionPenalty.pair_id.is_not(None))))
