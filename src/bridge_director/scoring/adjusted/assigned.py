"""Assigned adjusted scores (Law 12C1): the old "likely / at all probable" procedure, and split scores.

Steps of the 1997/2007 procedure (seed 001): list the possible results; mark the likely ones and those at all
probable; the non-offenders get the most favourable likely result, the offenders the most unfavourable result
that was at all probable (likely ones included).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ...errors import BridgeError
from ...model.seat import Side
from ..matchpoints import Scale, matchpoints_against
from .common import AdjustedScore, Unit


class Likelihood(Enum):
    """How probable a result was without the infraction."""

    LIKELY = "likely"
    AT_ALL_PROBABLE = "at all probable"
    POSSIBLE = "possible"

    @classmethod
    def parse(cls, text: str) -> Likelihood:
        """``likely``, ``probable`` (or ``at all probable``) or ``possible``, any case."""
        key = " ".join(text.lower().split())
        found = cls.AT_ALL_PROBABLE if key == "probable" else next((x for x in cls if x.value == key), None)
        if found is None:
            raise BridgeError(f"a result is likely, probable or possible, not {text!r}", law="12C2")
        return found


@dataclass(frozen=True, slots=True)
class Possible:
    """A result that could have been reached: its NS score, a label such as ``3S= by N``, how probable."""

    score_ns: int
    label: str
    likelihood: Likelihood


def assign_likely_probable(possible: Sequence[Possible], non_offenders: Side) -> AdjustedScore:
    """Law 12C2 (1997/2007): NOS get the most favourable likely result, OS the worst at all probable.

    Scores come back as table scores from each side's own point of view.
    """
    sign = 1 if non_offenders is Side.NS else -1
    likely = [p for p in possible if p.likelihood is Likelihood.LIKELY]
    probable = [p for p in possible if p.likelihood is not Likelihood.POSSIBLE]
    if not likely:
        raise BridgeError("at least one possible result must be judged likely", law="12C2")
    best = max(likely, key=lambda p: sign * p.score_ns)
    worst = max(probable, key=lambda p: sign * p.score_ns)
    steps = (f"possible: {', '.join(f'{p.label} ({p.likelihood.value})' for p in possible)}",
             f"non-offenders ({non_offenders.value}): most favourable likely result {best.label}, "
             f"{sign * best.score_ns:+d}",
             f"offenders: most unfavourable result at all probable {worst.label}, {-sign * worst.score_ns:+d}")
    return AdjustedScore(sign * best.score_ns, -sign * worst.score_ns, Unit.POINTS, "12C2", steps)


def split_matchpoints(field: Sequence[int], ns_score: int, ew_score: int,
                      scale: Scale = Scale.TWO_ONE) -> tuple[float, float]:
    """Matchpoints of a split assigned score: NS scored on ``ns_score``, EW on ``ew_score``, each against the
    other results of the field (Law 12C1; the two need not balance)."""
    top = scale.top(len(field) + 1)
    return matchpoints_against(ns_score, field, scale), top - matchpoints_against(ew_score, field, scale)
