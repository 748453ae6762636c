"""The stored ruling: facts, laws, options, decision text, appeal and the recorded steps of a guided ruling.

What a ruling does to a score is not here: its decision on a result and its penalties on pairs are stored beside
the results (``SessionPenalty``, ``ResultRuling``; written by ``club.adjustments``), so the ranking applies them.
Changes to a ruling name the version they were made from; a stale version is a ConflictError (two directors
editing the same ruling), never a silent overwrite.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from sqlalchemy import insert, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from ..errors import ConflictError, RegisterError
from .events import board_id_of
from .models import Board, Ruling, WorkflowStep, utcnow

EDITABLE = ("facts", "options", "decision", "laws", "appeal", "appeal_outcome")


class Step(Protocol):
    """A recorded step of a guided ruling (``laws.ruling.RecordedStep`` is one): question, answer, evidence."""

    @property
    def question(self) -> str: ...
    @property
    def answer(self) -> str: ...
    @property
    def evidence(self) -> dict[str, Any]: ...


def new_ruling(db: Session, *, kind: str, director: str, laws: str, board: Board | int | None = None,
               facts: str = "", options: str = "", decision: str = "", steps: Sequence[Step] = ()) -> Ruling:
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
    for name in ("penalties", "steps"):
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
                  decision: str = "") -> Ruling:
    """A ruling on board ``board`` of ``event`` (both created if new), or on no board (a ruling on conduct, say).

    A ruling that changes a score is made on the result instead (``club.adjustments.rule_on_result``), so that
    its decision reaches the ranking.
    """
    if board is not None and not (event or "").strip():
        raise RegisterError("a board belongs to an event: give the event too", field="event")
    board_id = None
    if event and board is not None:
        board_id = board_id_of(db, event.strip(), session, board)
    return new_ruling(db, kind=kind, director=director, laws=laws, board=board_id, facts=facts, options=options,
                      decision=decision)


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
