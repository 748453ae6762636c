"""What every adjusted score carries: the two sides' scores, the unit, the law and the steps taken."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...errors import BridgeError, ParseError
from ...model.numbers import IMP_LIMIT, check_score, finite, shown, whole


class Unit(Enum):
    """The unit a score is in."""

    PERCENT = "%"
    MATCHPOINTS = "MP"
    IMPS = "IMP"
    VP = "VP"
    POINTS = "points"  # a table score, from the named side's point of view

    @classmethod
    def parse(cls, text: str) -> Unit:
        key = text.strip().lower()
        for unit in cls:
            if key in {unit.value.lower(), unit.name.lower(), unit.name.lower().rstrip("s")}:
                return unit
        raise BridgeError(f"unit is one of %, MP, IMP, VP, points; not {text!r}", field="unit")


@dataclass(frozen=True, slots=True)
class ProceduralPenalty:
    """A procedural penalty (Law 90), recorded apart from the board score it goes with."""

    amount: float
    unit: Unit
    reason: str
    law: str = "90"

    def __post_init__(self) -> None:
        if isinstance(self.amount, int | float) and self.amount < 0:
            raise BridgeError(f"a penalty is given as a positive amount, not {self.amount}", law=self.law)
        finite(self.amount, "penalty", 0, IMP_LIMIT)

    def __str__(self) -> str:
        return f"procedural penalty {self.amount:g} {self.unit.value} ({self.reason}; Law {self.law})"


@dataclass(frozen=True, slots=True)
class AdjustedScore:
    """An adjusted score for the non-offending and offending sides; the two need not balance.

    ``penalty`` (if any) is taken from the offenders on top of ``offenders``, and kept apart from it.
    """

    non_offenders: float
    offenders: float
    unit: Unit
    law: str
    steps: tuple[str, ...]
    penalty: ProceduralPenalty | None = None

    @property
    def offenders_net(self) -> float:
        """The offenders' board score less the procedural penalty (same unit only)."""
        if self.penalty is None or self.penalty.unit is not self.unit:
            return self.offenders
        return self.offenders - self.penalty.amount

    def explain(self) -> str:
        lines = [f"Law {self.law}: non-offenders {self.non_offenders:g} {self.unit.value}, "
                 f"offenders {self.offenders:g} {self.unit.value}"]
        lines.extend(f"  - {step}" for step in self.steps)
        if self.penalty is not None:
            lines.append(f"  + {self.penalty}")
        return "\n".join(lines)


def parse_scores(text: str, field: str = "field") -> list[int]:
    """NS table scores typed as ``420, 170 -50`` (commas or spaces): ``[420, 170, -50]``.

    >>> parse_scores("420, 170 -50")
    [420, 170, -50]
    """
    scores = []
    for word in text.replace(",", " ").split():
        try:
            value = whole(word, field)  # ASCII digits, at most 18 of them
        except ParseError:
            raise BridgeError(f"not a table score: {shown(word)}", field=field) from None
        scores.append(check_score(value, field))  # Law 77: 7600 at most either way
    return scores
