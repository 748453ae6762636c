"""The director's review of a possible adjustment the engine flagged (Law 12): the question the flagging law asks,
then damage, then the score — so that every flag can end in a score on the result.

``DirectorReview(law, offender)`` for a flagged law that has no guided stage of its own (16B and 21B have theirs):

* 72C (2017) / 23 (2007, 1997): could the offender have known, at the time of his irregularity, that it could
  well damage the other side (1997: that it was likely to)?
* 23C, 27D (2017), 27D (2007): could the result well have been different without the assistance the
  infraction gave the offending side?
* 12A1 and every other flag (64C, 62D, 43B, 47E2(b), 55C, 67B2, 25B, 16C2 when judged as play): is the
  non-offending side insufficiently compensated, or was the offending side advantaged, by what happened?

A 'no' keeps the table result; a 'yes' leads to ``damage`` (where the law asks it) and the adjusted score
(``laws.adjustment``: assigned, weighted, split, or artificial when no result can be obtained).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import IllegalCallError
from ..table.edition import Edition
from ..table.events import DirectorReview, Event
from ..table.judged import Adjusted
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .adjustment import parse_score, score_question_text
from .common import name, record
from .pending import answer_to, describe
from .ruling import Question, Ruling

NAME = "Score adjustment"
YES_NO = ("yes", "no")
COULD_HAVE_KNOWN = ("72C", "23")
HELPED = ("23C", "27D")


@dataclass(frozen=True, slots=True)
class AdjustmentReview(Pending):
    """The review of the flag ``law`` raised against ``offender``'s side; ``answers`` so far."""

    law: str
    flags: tuple[str, ...]
    answers: tuple[tuple[str, str], ...] = ()


def _first_question(stage: AdjustmentReview) -> Question:
    o, law = stage.offender, stage.law
    if law in COULD_HAVE_KNOWN:  # 2017 72C and 2007 23: "could well damage"; 1997 23 and 72B1: "likely to damage"
        test = "was likely to" if stage.edition is Edition.L1997 else "could well"
        return Question("could-have-known", f"Could {name(o)} have known, at the time of the irregularity, that it "
                        f"{test} damage the other side?", YES_NO, law)
    if law in HELPED:
        return Question("helped", f"Could the result well have been different without the assistance that "
                        f"{name(o)}'s side gained through the infraction?", YES_NO, law)
    return Question("equity", f"Was the other side insufficiently compensated, or {name(o)}'s side advantaged, by "
                    f"what happened (Law {law}, 12A1)?", YES_NO, law)


def _question(stage: AdjustmentReview, state: TableState) -> Question:
    done = dict(stage.answers)
    first = _first_question(stage)
    if first.key not in done:
        return first
    if stage.law in COULD_HAVE_KNOWN and "damage" not in done:
        return Question("damage", "Was the other side damaged by the irregularity?", YES_NO, stage.law)
    return Question("score", score_question_text(state, stage.edition), (), "12C",
                    "4S N 9  or  60% 4S N 9; 40% 4S N 10  or  NS: 5D S 12; EW: table  or  NS: A+; EW: A-")


@describe.register
def _describe(stage: AdjustmentReview, state: TableState) -> Ruling:
    q = _question(stage, state)
    flags = "; ".join(stage.flags) if stage.flags else "no flag of this law is on the board"
    done = "; ".join(f"{k}: {v}" for k, v in stage.answers)
    text = "\n".join([f"Director: a possible adjustment for {name(stage.offender)}'s side (Law {stage.law}).",
                      f"Flagged: {flags}.", *([f"Found so far: {done}."] if done else []), q.text])
    return Ruling(NAME, stage.law, stage.edition, stage.offender, None, (), (q,), text)


def _end(state: TableState, stage: AdjustmentReview, adjusted: Adjusted, outcome: str) -> TableState:
    s = state.but(adjusted=(*state.adjusted, replace(adjusted, record=len(state.records))))
    return record(s, stage.law, NAME, stage.offender, outcome, stage.edition, stage.answers)


@resolve.register
def _resolve(stage: AdjustmentReview, state: TableState, event: Event) -> TableState:
    q = _question(stage, state)
    answer = answer_to(q, event, lambda: _describe(stage, state))
    staged = replace(stage, answers=(*stage.answers, (q.key, answer)))
    if q.key != "score":
        if answer == "no":
            return _end(state, staged, Adjusted(stage.law, "none", reason=q.text),
                        f"the table result stands ({q.key}: no)")
        return state.but(pending=staged)
    adjusted = parse_score(answer, state, law=stage.law)
    return _end(state, staged, adjusted, f"Law {stage.law}: {adjusted.text()}")


@detector(DirectorReview, order=30)
def detect(state: TableState, event: DirectorReview) -> TableState | None:
    law = event.law.strip().upper().replace(" ", "")
    flags = tuple(f.text for f in state.flags if f.law.upper() == law)
    if not law or not law[0].isdigit():
        raise IllegalCallError(f"name the law of the review, e.g. 16B, 21B, 72C, 27D, not {event.law!r}", law="12")
    return state.but(pending=AdjustmentReview(event.seat, event.laws, law, flags))
