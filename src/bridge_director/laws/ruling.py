"""What the director sees: an irregularity as a pending ruling, its options and the judgements it needs.

A ``Ruling`` is plain data derived from the table's pending irregularity; it never changes the table.

>>> opt = Option("accept", "Accept the bid", "The bid stands and you call next.", "27A1")
>>> Ruling("Insufficient bid", "27", Edition.L2017, Seat.EAST, Seat.SOUTH, (opt,), (), "South, ...").option("accept")
Option(key='accept', label='Accept the bid', consequence='The bid stands and you call next.', law='27A1')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import IllegalCallError
from ..model import Seat
from ..table.edition import Edition


@dataclass(frozen=True, slots=True)
class Option:
    """One choice open to the one who chooses, with its exact consequence and the law that gives it."""

    key: str
    label: str
    consequence: str
    law: str


@dataclass(frozen=True, slots=True)
class Question:
    """A judgement only the director can make; the answer is an explicit input, never guessed.

    ``answers`` lists the possible answers; empty, the answer is written (a list of calls, a poll, a score), and
    ``hint`` shows its form."""

    key: str
    text: str
    answers: tuple[str, ...]
    law: str
    hint: str = ""


@dataclass(frozen=True, slots=True)
class Ruling:
    """A pending ruling: the irregularity, its law, the offender, who chooses and what.

    ``chooser`` is None when the director acts alone (a judgement, or a rectification with no choice).
    ``caller`` is set when the ruling is resolved by a call from that seat (e.g. the offender's correction).
    ``role`` names the seat held in ``offender`` where it is no offender: the claimer of a claim (Laws 68-71),
    the player who withdraws his agreement to one (69B).
    """

    irregularity: str
    law: str
    edition: Edition
    offender: Seat
    chooser: Seat | None
    options: tuple[Option, ...]
    questions: tuple[Question, ...]
    text: str
    caller: Seat | None = None
    role: str = "Offender"

    def option(self, key: str) -> Option:
        for option in self.options:
            if option.key == key:
                return option
        keys = ", ".join(o.key for o in self.options) or "none"
        raise IllegalCallError(f"'{key}' is not an option of this ruling (options: {keys})", law=self.law)

    def question(self, key: str) -> Question:
        for question in self.questions:
            if question.key == key:
                return question
        raise IllegalCallError(f"the director is not asked '{key}' now", law=self.law)


@dataclass(frozen=True)
class RecordedStep:
    """A step of a guided ruling, ready to store (question asked, answer found, evidence behind it)."""

    question: str
    answer: str
    evidence: dict[str, Any]
