"""International match points on the WBF scale, cross-IMPs and Butler datums.

>>> imps(750), imps(-10), imps(20), imps(-4000)
(13, 0, 1, -24)
>>> cross_imps([-140, -460, 50, -490])  # each result against the three others, averaged
[3.67, -6.0, 9.0, -6.67]
>>> butler_datum([170, 140, 150, 170])  # top and bottom left out: mean of 150 and 170
160
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence

from ..errors import BridgeError
from ..model.numbers import finite

#: Lower bound of each IMP band: a difference of 20-40 is 1 IMP, ... 4000 and more is 24.
WBF_IMP_BOUNDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)

#: the largest points difference :func:`imps` takes either way: a round figure far past two table scores (15,200)
DIFFERENCE_LIMIT = 1_000_000


def imps(difference: float) -> int:
    """IMPs for a difference in total points, with its sign (WBF scale).  Two table scores differ by at most
    twice :data:`~bridge_director.model.numbers.SCORE_LIMIT`; a difference beyond :data:`DIFFERENCE_LIMIT`, or
    not a finite number (``nan`` fails the test too), is refused."""
    if not -DIFFERENCE_LIMIT <= difference <= DIFFERENCE_LIMIT:
        finite(difference, "difference", -DIFFERENCE_LIMIT, DIFFERENCE_LIMIT)
    band = bisect_right(WBF_IMP_BOUNDS, abs(difference))
    return band if difference >= 0 else -band


def _imp_sums(values: Sequence[int], counts: Sequence[int]) -> list[int]:
    """For each distinct score, the IMP total against every result of the field (itself included: 0)."""
    cumulative = [0]
    for count in counts:
        cumulative.append(cumulative[-1] + count)
    total = cumulative[-1]
    sums: list[int] = []
    for value in values:
        won = lost = 0
        for bound in WBF_IMP_BOUNDS:
            won += cumulative[bisect_right(values, value - bound)]
            lost += total - cumulative[bisect_left(values, value + bound)]
        sums.append(won - lost)
    return sums


def cross_imp_totals(scores: Sequence[int]) -> list[int]:
    """Cross-IMPs: each result IMPed against every other result on the board, summed (O(k log k) per board)."""
    tally = Counter(scores)
    values = sorted(tally)
    by_value = dict(zip(values, _imp_sums(values, [tally[v] for v in values]), strict=True))
    return [by_value[s] for s in scores]


def cross_imps(scores: Sequence[int], *, places: int | None = 2) -> list[float]:
    """Cross-IMPs per comparison: the total divided by the number of other results (rounded to ``places``)."""
    if len(scores) < 2:
        return [0.0 for _ in scores]
    comparisons = len(scores) - 1
    return [t / comparisons if places is None else round(t / comparisons, places)
            for t in cross_imp_totals(scores)]


def butler_datum(scores: Sequence[int], *, exclude: int = 1, round_to: int = 10) -> int | float:
    """The Butler datum: the mean NS score leaving out the ``exclude`` highest and lowest results.

    Nothing is left out when that would leave fewer than two results.  The mean is rounded to the nearest
    ``round_to`` points (half away from zero); ``round_to=0`` keeps it exact.
    """
    if not scores:
        raise BridgeError("a Butler datum needs at least one result", field="scores")
    ordered = sorted(scores)
    if exclude > 0 and len(ordered) - 2 * exclude >= 2:
        ordered = ordered[exclude:-exclude]
    mean = sum(ordered) / len(ordered)
    if not round_to:
        return mean
    from .rounding import half_up  # decimal, loaded when a datum is rounded

    return int(half_up(mean / round_to)) * round_to


def butler_imps(scores: Sequence[int], *, exclude: int = 1, round_to: int = 10) -> list[int]:
    """Each result IMPed against the board's Butler datum."""
    datum = butler_datum(scores, exclude=exclude, round_to=round_to)
    return [imps(s - datum) for s in scores]
