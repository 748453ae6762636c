"""Victory points on the WBF 2013 continuous 20-point scale, for a match of any length.

The winner of a match of ``N`` boards by ``I`` IMPs gets ``10 + 10 (1 - τ^(3I/B)) / (1 - τ³)`` VPs, where
``τ = (√5 - 1) / 2`` and the blitz margin is ``B = 15 √N``; from ``B`` on the winner gets 20.  Each value is
rounded to two decimals, and the table is then corrected so that no IMP is worth more VPs than the IMP before
it (rounding can break that by 0.01): where a step is larger than the step before it, the lower value is raised
by 0.01, repeatedly, until no step grows.  The loser gets 20 minus the winner's VPs.

Verified value by value against a published national-federation table of the WBF 2013 continuous scale for 1 to
10 boards (``tests/test_scoring_vp_published.py``), including its four departures from plain rounding (8 boards
at 40 IMPs; 10 boards at 27, 29, 31).  Longer matches follow the same rule but were not checked against a table.

>>> vp_scale(16)[:4]
(10.0, 10.31, 10.61, 10.91)
>>> victory_points(60, 16), victory_points(-7, 16)
((20.0, 0.0), (7.97, 12.03))
>>> blitz_margin(16)
60.0
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..errors import BridgeError
from ..model.numbers import IMP_LIMIT, MATCH_BOARDS, bounded
from .rounding import half_up

TAU = (math.sqrt(5) - 1) / 2


def blitz_margin(boards: int) -> float:
    """The IMP margin that wins 20-0: 15 times the square root of the number of boards."""
    if isinstance(boards, int) and not isinstance(boards, bool) and boards < 1:
        raise BridgeError(f"a match has at least one board, not {boards}", field="boards")
    return 15 * math.sqrt(bounded(boards, "boards", 1, MATCH_BOARDS))


def _raw(margin: int, blitz: float) -> float:
    return float(10 + 10 * (1 - TAU ** (3 * margin / blitz)) / (1 - TAU ** 3))


@lru_cache(maxsize=128)
def vp_scale(boards: int) -> tuple[float, ...]:
    """The winner's VPs for margins 0, 1, 2, ... up to the first margin worth 20 (WBF 2013 continuous).

    A match has 1 to :data:`~bridge_director.model.numbers.MATCH_BOARDS` boards: more is refused (by
    :func:`blitz_margin`) before the scale, a margin for each IMP up to the blitz, is made.
    """
    blitz = blitz_margin(boards)
    last = math.ceil(blitz)
    cents = [int(half_up(_raw(i, blitz), 2) * 100) if i < blitz else 2000 for i in range(last + 1)]
    # Concavity: each step must be no larger than the step before it; a rounding excess is moved down.
    changed = True
    while changed:
        changed = False
        for i in range(1, last):
            if cents[i + 1] - cents[i] > cents[i] - cents[i - 1]:
                cents[i] += 1
                changed = True
    return tuple(c / 100 for c in cents)


def victory_points(margin: int, boards: int) -> tuple[float, float]:
    """VPs of (this team, the other team) for an IMP margin from this team's side (a whole number of IMPs within
    :data:`~bridge_director.model.numbers.IMP_LIMIT` either way)."""
    scale = vp_scale(boards)
    margin = bounded(margin, "margin", -IMP_LIMIT, IMP_LIMIT)
    winner = scale[min(abs(margin), len(scale) - 1)]
    loser = round(20 - winner, 2)
    return (winner, loser) if margin >= 0 else (loser, winner)
