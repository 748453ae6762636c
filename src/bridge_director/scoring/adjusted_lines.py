"""The arithmetic of adjusted traveller lines inside event scoring: split (Law 12C1(b)), weighted (Law 12C1(c))
and fouled boards (Law 87B).

Every line of a board is seen four ways, each a small distribution of N-S scores with weights adding up to 1:
what its N-S pair is scored on (``own_ns``), what its E-W pair is scored on (``own_ew``), and what the other
tables' N-S and E-W pairs are compared with (``comp_ns``, ``comp_ew``).  A played line is its score all four
ways; a weighted line is its outcomes all four ways; a split line is scored on ``score`` for N-S and
``ew_score`` for E-W, and the others are compared with it as :class:`SplitField` says.

A line's points are then each of its own outcomes compared with every comparison outcome of the other lines,
weighted by both weights.  Sums are kept as exact fractions so the seeds' figures come out exactly.

>>> seen = [views(s) for s in (1430, 680, 650)] + [views(None, outcomes=((1430, 0.3), (680, 0.7)))]
>>> [(float(ns), float(ew)) for ns, ew in matchpoint_views(seen, per_win=2)]  # 2/1 scale, top 6
[(5.7, 0.3), (2.7, 3.3), (0.0, 6.0), (3.6, 2.4)]
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from itertools import accumulate

from ..errors import BridgeError
from .imps import butler_datum, imps
from .rounding import half_up

#: N-S scores with their weights (adding up to 1).
Dist = tuple[tuple[int, Fraction], ...]

#: How far the weights of a weighted line may be from 1 before it is refused (the register keeps percentages
#: to a tolerance of 1e-6); weights within it are scaled to add up to exactly 1.
WEIGHT_TOLERANCE = 1e-6


class SplitField(Enum):
    """How the other results on a board are scored when one table has a split score (``ew_score``).

    ``BY_SIDE`` (the default): the board is scored twice, N-S pairs among the N-S scores and E-W pairs among the
    E-W scores, so the other tables' N-S pairs meet the split table's N-S score and their E-W pairs its E-W
    score.  Each direction's points still add up to its share of the board; only the split table's two sides
    need not add up to a top.
    ``HALF``: the split table counts as two half results, its N-S score and its E-W score each with weight
    one half, and every other table is scored against that table (fractional frequencies, as a weighted line).
    """

    BY_SIDE = "by-side"
    HALF = "half"

    @classmethod
    def parse(cls, text: str) -> SplitField:
        key = text.strip().lower().replace("_", "-")
        for member in cls:
            if member.value == key:
                return member
        raise BridgeError(f"split scores are scored 'by-side' or 'half', not {text!r}", field="split-field")


def outcome_weights(outcomes: Iterable[tuple[int, float]], where: str = "") -> Dist:
    """The outcomes of a weighted score (Law 12C1(c)) with exact weights adding up to 1.

    Each weight is read as the decimal it prints as (0.3 is 3/10); it must be more than 0 and they must add up
    to 1 (within :data:`WEIGHT_TOLERANCE`, then scaled to exactly 1).  The same score given twice is merged.

    >>> outcome_weights([(1430, 0.3), (680, 0.7)])
    ((1430, Fraction(3, 10)), (680, Fraction(7, 10)))
    """
    merged: dict[int, Fraction] = {}
    for score, weight in outcomes:
        w = Fraction(repr(float(weight)))
        if w <= 0:
            raise BridgeError(f"{where}each weight is more than 0, not {weight!r}", field="weights", law="12C1c")
        merged[score] = merged.get(score, Fraction(0)) + w
    if not merged:
        raise BridgeError(f"{where}a weighted score needs at least one outcome", field="weights", law="12C1c")
    total = sum(merged.values(), Fraction(0))
    if abs(total - 1) > WEIGHT_TOLERANCE:
        raise BridgeError(f"{where}the weights add up to {float(total):g}, not 1", field="weights", law="12C1c")
    return tuple((s, w / total) for s, w in merged.items())


@dataclass(frozen=True, slots=True)
class Views:
    """One line seen four ways (see the module docstring)."""

    own_ns: Dist
    own_ew: Dist
    comp_ns: Dist
    comp_ew: Dist


def _one(score: int) -> Dist:
    return ((score, Fraction(1)),)


def views(score: int | None, ew_score: int | None = None, outcomes: Sequence[tuple[int, float]] = (),
          split_field: SplitField = SplitField.BY_SIDE) -> Views:
    """A line's four views: played (``score``), split (``score`` and ``ew_score``) or weighted (``outcomes``)."""
    if outcomes:
        dist = outcome_weights(outcomes)
        return Views(dist, dist, dist, dist)
    if score is None:
        raise BridgeError("an artificial score is not compared with the field", field="score")
    ew = score if ew_score is None else ew_score
    if ew == score:
        return Views(_one(score), _one(score), _one(score), _one(score))
    if split_field is SplitField.HALF:
        half = ((score, Fraction(1, 2)), (ew, Fraction(1, 2)))
        return Views(_one(score), _one(ew), half, half)
    return Views(_one(score), _one(ew), _one(score), _one(ew))


@dataclass(frozen=True, slots=True)
class Tally:
    """The comparison weights of a whole board (or group) for one direction, sorted by score."""

    scores: tuple[int, ...]
    weights: tuple[Fraction, ...]
    below: tuple[Fraction, ...]  # below[i]: total weight of the scores before scores[i]

    @classmethod
    def of(cls, dists: Iterable[Dist]) -> Tally:
        merged: dict[int, Fraction] = {}
        for dist in dists:
            for s, w in dist:
                merged[s] = merged.get(s, Fraction(0)) + w
        scores = tuple(sorted(merged))
        weights = tuple(merged[s] for s in scores)
        return cls(scores, weights, tuple(accumulate(weights[:-1], initial=Fraction(0))) if weights else ())

    def beaten_and_tied(self, score: int) -> tuple[Fraction, Fraction]:
        """Weight of the scores below ``score`` and of those equal to it."""
        i = bisect_left(self.scores, score)
        below = self.below[i] if i < len(self.scores) else sum(self.weights, Fraction(0))
        tied = self.weights[i] if i < len(self.scores) and self.scores[i] == score else Fraction(0)
        return below, tied


def matchpoints_of(own: Dist, field: Tally, itself: Dist, per_win: int) -> Fraction:
    """Matchpoints (N-S sense) of ``own`` against ``field`` less the line's own comparison weights ``itself``."""
    total = Fraction(0)
    for score, weight in own:
        below, tied = field.beaten_and_tied(score)
        below -= sum((u for p, u in itself if p < score), Fraction(0))
        tied -= sum((u for p, u in itself if p == score), Fraction(0))
        total += weight * (per_win * below + Fraction(per_win, 2) * tied)
    return total


def matchpoint_views(lines: Sequence[Views], per_win: int) -> list[tuple[Fraction, Fraction]]:
    """For each line, the matchpoints of its N-S pair and of its E-W pair among ``lines`` (Law 78A).

    E-W's figure is the top (``per_win`` x (lines - 1)) less the N-S-sense matchpoints of what E-W are scored on
    against the E-W comparisons.
    """
    ns_field = Tally.of(v.comp_ns for v in lines)
    ew_field = Tally.of(v.comp_ew for v in lines)
    top = per_win * (len(lines) - 1)
    return [(matchpoints_of(v.own_ns, ns_field, v.comp_ns, per_win),
             top - matchpoints_of(v.own_ew, ew_field, v.comp_ew, per_win))
            for v in lines]


def cross_imps_of(own: Dist, field: Tally, itself: Dist, memo: dict[int, Fraction] | None = None) -> Fraction:
    """IMPs (N-S sense) of ``own`` against every comparison of ``field`` less the line's own ``itself``, summed;
    ``memo`` keeps each score's IMPs against the whole field between calls."""
    memo = {} if memo is None else memo
    total = Fraction(0)
    for score, weight in own:
        if score not in memo:
            memo[score] = sum((w * imps(score - p) for p, w in zip(field.scores, field.weights, strict=True)),
                              Fraction(0))
        total += weight * (memo[score] - sum((u * imps(score - p) for p, u in itself), Fraction(0)))
    return total


def cross_imp_views(lines: Sequence[Views]) -> list[tuple[Fraction, Fraction]]:
    """For each line, N-S's and E-W's IMPs against every other line, summed over the comparisons (WBF scale)."""
    ns_field = Tally.of(v.comp_ns for v in lines)
    ew_field = Tally.of(v.comp_ew for v in lines)
    ns_memo: dict[int, Fraction] = {}
    ew_memo: dict[int, Fraction] = {}
    return [(cross_imps_of(v.own_ns, ns_field, v.comp_ns, ns_memo),
             -cross_imps_of(v.own_ew, ew_field, v.comp_ew, ew_memo))
            for v in lines]


def weighted_datum(field: Tally, *, exclude: int = 1, round_to: int = 10) -> float:
    """A Butler datum from fractional frequencies: ``exclude`` results' worth of weight is left out at each end
    (when at least two remain), the rest averaged and rounded to ``round_to`` (half away from zero).

    With whole frequencies this is :func:`~bridge_director.scoring.imps.butler_datum`.
    """
    if all(w == 1 for w in field.weights):
        return float(butler_datum(list(field.scores), exclude=exclude, round_to=round_to))
    pairs = list(zip(field.scores, field.weights, strict=True))
    total = sum(field.weights, Fraction(0))
    if not pairs:
        raise BridgeError("a Butler datum needs at least one result", field="scores")
    if exclude > 0 and total - 2 * exclude >= 2:
        pairs = _trim(_trim(pairs, exclude)[::-1], exclude)
        total -= 2 * exclude
    mean = sum((s * w for s, w in pairs), Fraction(0)) / total
    if not round_to:
        return float(mean)
    return float(int(half_up(float(mean / round_to))) * round_to)


def _trim(pairs: list[tuple[int, Fraction]], weight: int) -> list[tuple[int, Fraction]]:
    """``pairs`` with ``weight`` taken off from the front."""
    left = Fraction(weight)
    out: list[tuple[int, Fraction]] = []
    for s, w in pairs:
        if left >= w:
            left -= w
            continue
        out.append((s, w - left))
        left = Fraction(0)
    return out


def butler_views(lines: Sequence[Views], *, exclude: int = 1,
                 round_to: int = 10) -> tuple[float, float, list[tuple[Fraction, Fraction]]]:
    """The N-S and E-W datums, and each line's N-S and E-W IMPs against them (weighted over its outcomes)."""
    ns_datum = weighted_datum(Tally.of(v.comp_ns for v in lines), exclude=exclude, round_to=round_to)
    ew_datum = weighted_datum(Tally.of(v.comp_ew for v in lines), exclude=exclude, round_to=round_to)

    def against(own: Dist, datum: float) -> Fraction:
        return sum((w * imps(s - datum) for s, w in own), Fraction(0))

    return ns_datum, ew_datum, [(against(v.own_ns, ns_datum), -against(v.own_ew, ew_datum)) for v in lines]


def describe(dist: Dist) -> str:
    """``30% of +1430 + 70% of +680``."""
    return " + ".join(f"{float(w * 100):g}% of {s:+d}" for s, w in dist)
