"""Law 73E2 (2007: 73F; 1997: 73F2): an innocent player misled by an opponent's tempo, manner or remark.

A player needs a bridge reason to break tempo: hesitating before playing a singleton, or over which of two small
cards to play, is none (2017 73D2; 2007 73D2).  ``DirectorReview("73E2", seat)`` (or 73F, 73F2) reviews the
actions of ``seat`` that the log shows (his breaks in tempo, remarks and gestures) and asks, one at a time:

1. ``bridge-reason``: did he have a demonstrable bridge reason for the action?  Yes: no infraction.
2. ``could-have-known``: could he have known, at the time, that it could work to his benefit?  No: the result
   stands.
3. ``inference``: did an innocent opponent draw a false inference from it?  No: the result stands.
4. ``damage``: is the innocent side's result worse than it would have been without the false inference?
5. ``score``: the adjusted score (Law 12C; ``laws.adjustment``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..table.edition import Edition
from ..table.events import DirectorReview, Event
from ..table.judged import Adjusted
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .adjustment import damage_law, parse_score, score_question_text
from .common import name, record
from .pending import answer_to, describe
from .ruling import Question, Ruling

NAME = "Deception by tempo or manner"
LAWS = ("73E2", "73E", "73F", "73F2", "73D2")
STEPS = ("bridge-reason", "could-have-known", "inference", "damage", "score")
YES_NO = ("yes", "no")


def deception_law(edition: Edition) -> str:
    """The paragraph that adjusts: 73E2 (2017), 73F (2007), 73F2 (1997)."""
    return {Edition.L2017: "73E2", Edition.L2007: "73F", Edition.L1997: "73F2"}[edition]


@dataclass(frozen=True, slots=True)
class DeceptionReview(Pending):
    """The review of ``offender``'s tempo or manner; ``actions`` are his notes in the log, ``answers`` so far."""

    actions: tuple[str, ...]
    answers: tuple[tuple[str, str], ...] = ()


def _question(stage: DeceptionReview, state: TableState) -> Question:
    key, o, law = STEPS[len(stage.answers)], stage.offender, deception_law(stage.edition)
    if key == "bridge-reason":
        return Question(key, f"Had {name(o)} a demonstrable bridge reason for the action? (thinking before playing "
                        "a singleton, or which of two small cards to play, is none: Law 73D2)", YES_NO, "73D2")
    if key == "could-have-known":
        return Question(key, f"Could {name(o)} have known, at the time of the action, that it could work to his "
                        "benefit?", YES_NO, law)
    if key == "inference":
        return Question(key, f"Did an innocent opponent draw a false inference from {name(o)}'s action?", YES_NO,
                        law)
    if key == "damage":
        return Question(key, "Was the innocent side damaged: is its result worse than it would have been without the "
                        f"false inference (Law {damage_law(stage.edition)})?", YES_NO, law)
    return Question(key, score_question_text(state, stage.edition), (), "12C",
                    "4S N 9  or  60% 4S N 9; 40% 4S N 10  or  NS: 5D S 12; EW: table")


@describe.register
def _describe(stage: DeceptionReview, state: TableState) -> Ruling:
    q = _question(stage, state)
    o, law = stage.offender, deception_law(stage.edition)
    acts = "; ".join(stage.actions) if stage.actions else "none recorded in the log: the director establishes it"
    done = "; ".join(f"{k}: {v}" for k, v in stage.answers)
    text = "\n".join([f"Director: was an opponent misled by {name(o)}'s tempo or manner (Law {law})?",
                      f"{name(o)}'s actions: {acts}.", *([f"Found so far: {done}."] if done else []),
                      f"Step {len(stage.answers) + 1} of {len(STEPS)}: {q.text}"])
    return Ruling(NAME, law, stage.edition, o, None, (), (q,), text)


def _end(state: TableState, stage: DeceptionReview, adjusted: Adjusted, outcome: str) -> TableState:
    law = deception_law(stage.edition)
    s = state.but(adjusted=(*state.adjusted, replace(adjusted, record=len(state.records))))
    return record(s, law, NAME, stage.offender, outcome, stage.edition, stage.answers)


#: the answer to each yes/no step that ends the review with the table result, and why
STANDS = {"bridge-reason": ("yes", "the action had a demonstrable bridge reason"),
          "could-have-known": ("no", "he could not have known it could work to his benefit"),
          "inference": ("no", "no innocent opponent drew a false inference from it"),
          "damage": ("no", "the innocent side was not damaged")}


@resolve.register
def _resolve(stage: DeceptionReview, state: TableState, event: Event) -> TableState:
    q = _question(stage, state)
    answer = answer_to(q, event, lambda: _describe(stage, state))
    staged = replace(stage, answers=(*stage.answers, (q.key, answer)))
    law = deception_law(stage.edition)
    if q.key in STANDS:
        ends, why = STANDS[q.key]
        if answer == ends:
            return _end(state, staged, Adjusted(law, "none", reason=why), f"the table result stands: {why}")
        return state.but(pending=staged)
    adjusted = parse_score(answer, state, law=law)
    return _end(state, staged, adjusted, f"{name(stage.offender)}'s side misled an innocent opponent without a bridge "
                f"reason: {adjusted.text()}")


@detector(DirectorReview, order=15)
def detect(state: TableState, event: DirectorReview) -> TableState | None:
    if event.law.upper().replace(" ", "") not in LAWS:
        return None
    actions = tuple(n.describe() for n in state.notes
                    if n.seat == event.seat and n.kind in ("hesitation", "remark", "gesture"))
    return state.but(pending=DeceptionReview(event.seat, event.laws, actions))
