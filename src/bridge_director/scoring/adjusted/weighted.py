"""Weighted assigned scores (Law 12C1(c)) on matchpoints and IMPs.

Weights are percentages with at most two decimals that sum to exactly 100; residual doubt is the director's
to resolve in the non-offenders' favour when choosing them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from ...errors import BridgeError
from ...model.numbers import SCORE_LIMIT, bounded
from ..imps import imps
from ..matchpoints import FrequencyRow, Scale, matchpoints_against, weighted_frequency_table
from ..rounding import half_up
from .common import AdjustedScore, Unit


@dataclass(frozen=True, slots=True)
class Outcome:
    """One weighted outcome: the NS table score and its weight in percent (two decimals at most)."""

    score_ns: int
    percent: float
    label: str = ""


def check_weights(outcomes: Sequence[Outcome]) -> list[Decimal]:
    """The weights as exact decimals; they must have two decimals at most and sum to 100%."""
    if not outcomes:
        raise BridgeError("a weighted score needs at least one outcome", law="12C1c")
    weights = []
    for o in outcomes:
        bounded(o.score_ns, "score", -SCORE_LIMIT, SCORE_LIMIT)
        try:
            w = Decimal(repr(o.percent))
        except InvalidOperation:
            raise BridgeError(f"weight {o.percent!r} is not a number", law="12C1c") from None
        if not w.is_finite():
            raise BridgeError(f"weight {o.percent!r} is not a number", law="12C1c")
        if not 0 <= w <= 100:  # before quantize, which cannot hold 1e308 to two decimals
            raise BridgeError(f"weight {o.percent:g}% is not in 0 to 100", law="12C1c", field="weight")
        if w != w.quantize(Decimal("0.01")) or w <= 0:
            raise BridgeError(f"weight {o.percent}% must be positive with at most two decimals", law="12C1c")
        weights.append(w)
    if sum(weights) != 100:
        raise BridgeError(f"weights sum to {sum(weights)}%, not 100%", law="12C1c")
    return weights


def _describe(outcomes: Sequence[Outcome]) -> str:
    return " + ".join(f"{o.percent:g}% of {o.score_ns:+d}" for o in outcomes)


@dataclass(frozen=True, slots=True)
class WeightedMatchpoints:
    """NS and EW matchpoints of a weighted score, with the per-outcome figures that make it up."""

    ns: float
    ew: float
    top: float
    outcome_matchpoints: tuple[float, ...]
    frequency: tuple[FrequencyRow, ...]
    law: str
    steps: tuple[str, ...]


def weighted_matchpoints(field: Sequence[int], outcomes: Sequence[Outcome], scale: Scale = Scale.TWO_ONE,
                         places: int = 1) -> WeightedMatchpoints:
    """Each outcome matchpointed against the other results of the field, then combined by weight.

    ``frequency`` is the fractional frequency table (each outcome adds its weight to its score's count);
    scored from that table the outcomes combine to the same figure.
    """
    weights = check_weights(outcomes)
    for score in field:
        bounded(score, "field", -SCORE_LIMIT, SCORE_LIMIT)
    top = scale.top(len(field) + 1)
    each = tuple(matchpoints_against(o.score_ns, field, scale) for o in outcomes)
    ns = sum(float(w) / 100 * mp for w, mp in zip(weights, each, strict=True))
    table = weighted_frequency_table(field, [(o.score_ns, float(w) / 100) for o, w in zip(outcomes, weights,
                                                                                          strict=True)], scale)
    steps = (f"outcomes: {_describe(outcomes)}",
             "each outcome against the other " f"{len(field)} results: "
             + ", ".join(f"{o.score_ns:+d} -> {mp:g}" for o, mp in zip(outcomes, each, strict=True)),
             f"weighted: {ns:.4g} of {top:g}, rounded to {round(ns, places):g}")
    return WeightedMatchpoints(round(ns, places), round(top - ns, places), top, each, table, "12C1c", steps)


def weighted_average_then_correct(field: Sequence[int], outcomes: Sequence[Outcome],
                                  scale: Scale = Scale.TWO_ONE, places: int = 1) -> AdjustedScore:
    """Seed 004's manual method: score the table as average, then correct both sides by (weighted - average).

    Returned as the corrections (NS first, then EW), in matchpoints.
    """
    result = weighted_matchpoints(field, outcomes, scale, places)
    average = result.top / 2
    correction = round(result.ns - average, places)
    steps = (*result.steps[:2], f"weighted {result.ns:g}; the table already holds average {average:g}",
             f"correct NS by {correction:+g} and EW by {-correction:+g} (adjusted score routine)")
    return AdjustedScore(correction, -correction, Unit.MATCHPOINTS, "12C1c", steps)


def weighted_imps(other_room_ns: int, outcomes: Sequence[Outcome]) -> AdjustedScore:
    """Each outcome IMPed against the other room, weighted, and the total rounded to whole IMPs (NS view).

    ``non_offenders`` holds the NS IMPs and ``offenders`` the EW IMPs; which side offended is the caller's.
    """
    weights = check_weights(outcomes)
    bounded(other_room_ns, "other_room", -SCORE_LIMIT, SCORE_LIMIT)
    parts = [(o, imps(o.score_ns - other_room_ns), w) for o, w in zip(outcomes, weights, strict=True)]
    total = sum(float(w) / 100 * i for _, i, w in parts)
    rounded = int(half_up(total))
    steps = (f"other room {other_room_ns:+d}",
             *(f"{o.score_ns:+d} - {other_room_ns:+d} = {o.score_ns - other_room_ns:+d}: {i:+d} IMPs x {w}%"
               f" = {float(w) / 100 * i:+.2f}" for o, i, w in parts),
             f"total {total:+.2f}, rounded to {rounded:+d} IMPs")
    return AdjustedScore(rounded, -rounded, Unit.IMPS, "12C1c", steps)
