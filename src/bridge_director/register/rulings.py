"""Rulings, their adjusted scores, penalties, appeals and recorded workflow steps.

Changes to a ruling name the version they were made from; a stale version is a ConflictError (two directors
editing the same ruling), never a silent overwrite.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import insert, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from ..errors import ConflictError, RegisterError
from ..laws.ruling import RecordedStep
from .events import board_id_of
from .models import AdjustedScore, Board, Penalty, Ruling, WorkflowStep, utcnow
from .values import PenaltyKind, Side

EDITABLE = ("facts", "options", "decision", "laws", "appeal", "appeal_outcome")


@dataclass(frozen=True)
class ScoreGiven:
    """An adjusted score to record with a new ruling: the side, the score as the director wrote it, its law."""

    side: Side
    score: str
    law: str


@dataclass(frozen=True)
class PenaltyGiven:
    """A penalty to record with a new ruling (Law 90 procedural or Law 91 disciplinary)."""

    kind: PenaltyKind
    law: str
    offender: str
    amount: str
    reason: str = ""


def new_ruling(db: Session, *, kind: str, director: str, laws: str, board: Board | int | None = None,
               facts: str = "", options: str = "", decision: str = "", steps: Sequence[RecordedStep] = ()) -> Ruling:
    """Record a ruling (Law 81C5 asks the director to rule; the register keeps what was ruled and why) on
    ``board`` (the board or its id)."""
    if not director.strip():
        raise RegisterError("a ruling names its director", field="director")
    if not laws.strip():
        raise RegisterError("a ruling names the law(s) applied", field="laws")
    if isinstance(board, Board) and board.id is None:
        db.flush()  # a board made in this transaction gets its id
    # one INSERT ... RETURNING, no unit of work: the row comes back whole, with its (empty) lists known
    ruling: Ruling = db.scalars(insert(Ruling).returning(Ruling), [{
        "kind": kind, "director": director, "laws": laws, "facts": facts, "options": options, "decision": decision,
        "board_id": board if isinstance(board, int) or board is None else board.id, "ruled_at": utcnow(),
        "appeal": None, "appeal_outcome": None, "version": 1}]).one()
    for name in ("adjusted_scores", "penalties", "steps"):
        set_committed_value(ruling, name, [])
    if isinstance(board, Board):
        set_committed_value(ruling, "board", board)
    for position, step in enumerate(steps, start=1):
        ruling.steps.append(WorkflowStep(position=position, question=step.question, answer=step.answer,
                                         evidence=step.evidence))
    if steps:
        db.flush()
    return ruling


def record_ruling(db: Session, *, kind: str, director: str, laws: str, event: str | None = None,
                  session: str = "1", board: int | None = None, facts: str = "", options: str = "",
                  decision: str = "", adjusted: Sequence[ScoreGiven] = (),
                  penalty: PenaltyGiven | None = None) -> Ruling:
    """A ruling on board ``board`` of ``event`` (both created if new) with its adjusted scores and penalty.

    Everything goes into the caller's transaction: a refusal anywhere leaves none of it stored.  This is the
    one way the CLI, the register pages and the JSON API record a ruling.
    """
    if board is not None and not (event or "").strip():
        raise RegisterError("a board belongs to an event: give the event too", field="event")
    board_id = None
    if event and board is not None:
        board_id = board_id_of(db, event.strip(), session, board)
    ruling = new_ruling(db, kind=kind, director=director, laws=laws, board=board_id, facts=facts, options=options,
                        decision=decision)
    for number, given in enumerate(adjusted, start=1):
        if not given.score.strip() or not given.law.strip():
            raise RegisterError(f"adjusted score {number}: give the score and the law", field=f"adjusted.{number - 1}")
        adjust_score(db, ruling, given.side, given.score.strip(), given.law.strip())
    if penalty is not None:
        add_penalty(db, kind=penalty.kind, law=penalty.law.strip(), offender=penalty.offender.strip(),
                    amount=penalty.amount.strip(), reason=penalty.reason.strip(), ruling=ruling)
    return ruling


def get_ruling(db: Session, ruling_id: int) -> Ruling:
    ruling = db.get(Ruling, ruling_id)
    if ruling is None:
        raise RegisterError(f"no ruling number {ruling_id}", field="ruling")
    return ruling


def list_rulings(db: Session, *, director: str | None = None, law: str | None = None) -> list[Ruling]:
    """Rulings in the order they were recorded, optionally by director or by a law they cite."""
    query = select(Ruling).order_by(Ruling.id)
    if director:
        query = query.where(Ruling.director == director)
    rulings = list(db.scalars(query))
    if law:
        rulings = [r for r in rulings if law in (part.strip() for part in r.laws.split(","))]
    return rulings


def amend_ruling(db: Session, ruling_id: int, expected_version: int, **changes: str | None) -> Ruling:
    """Change a ruling read at ``expected_version``; raises ConflictError if it has moved on since."""
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise RegisterError(f"cannot change {', '.join(sorted(unknown))} of a ruling", field="ruling")
    ruling = get_ruling(db, ruling_id)
    if ruling.version != expected_version:
        raise ConflictError(f"ruling {ruling_id} is at version {ruling.version}, not {expected_version}: "
                            "another director changed it; reload it and retry", field="version")
    for name, value in changes.items():
        setattr(ruling, name, value)
    db.flush()  # the UPDATE carries "WHERE version = expected": a concurrent writer makes it fail
    return ruling


def record_appeal(db: Session, ruling_id: int, expected_version: int, appeal: str,
                  outcome: str | None = None) -> Ruling:
    """Record an appeal against a ruling (Law 92) and, once heard, its outcome (Law 93)."""
    return amend_ruling(db, ruling_id, expected_version, appeal=appeal, appeal_outcome=outcome)


def adjust_score(db: Session, ruling: Ruling, side: Side, score: str, law: str) -> AdjustedScore:
    """An adjusted score for ``side``, linked to ``ruling`` and the law it applies (Law 12)."""
    if not law.strip():
        raise RegisterError("an adjusted score names its law", field="law")
    adjusted = AdjustedScore(side=side, score=score, law=law)
    ruling.adjusted_scores.append(adjusted)
    db.flush()
    return adjusted


def add_penalty(db: Session, *, kind: PenaltyKind, law: str, offender: str, amount: str, reason: str = "",
                ruling: Ruling | None = None) -> Penalty:
    """A procedural (Law 90) or disciplinary (Law 91) penalty, from ``ruling`` where there is one."""
    if not law.strip():
        raise RegisterError("a penalty names its law or regulation", field="law")
    penalty = Penalty(kind=kind, law=law, offender=offender, amount=amount, reason=reason, ruling=ruling)
    db.add(penalty)
    db.flush()
    return penalty
