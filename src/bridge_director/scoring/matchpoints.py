"""Matchpoints (Law 78A), frequency tables and Neuberg's formula.

Two scales are in use: one point for each result beaten and a half for each tie (top ``n - 1``), or two and one
(top ``2(n - 1)``), which the frequency-table method computes from the bottom up: the lowest score gets its
frequency less one; each next score gets the previous matchpoints plus the previous frequency plus its own
frequency (less one for itself).

>>> [r.ns for r in frequency_table([480] * 2 + [450] * 13 + [420] * 8 + [170] * 4 + [110] * 2 + [-50] * 3)]
[61.0, 46.0, 25.0, 13.0, 7.0, 2.0]
>>> matchpoints([140, 50, -110, 50], Scale.ONE_HALF)
[3.0, 1.5, 0.0, 1.5]
>>> round(neuberg(14, results=9, norm=10), 2)  # 2/1 scale: (14 + 1) x 10/9 - 1
15.67
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ..errors import BridgeError


class Scale(Enum):
    """Matchpoint scale: points for beating one result (a tie is worth half of it)."""

    ONE_HALF = 1
    TWO_ONE = 2

    @property
    def per_win(self) -> int:
        return self.value

    def top(self, results: float) -> float:
        """The most a result can earn on a board with ``results`` results."""
        return self.value * (results - 1)

    @classmethod
    def parse(cls, text: str) -> Scale:
        key = text.strip().lower()
        if key in {"1", "1/0.5", "one", "one-half", "half"}:
            return cls.ONE_HALF
        if key in {"2", "2/1", "two", "two-one"}:
            return cls.TWO_ONE
        raise BridgeError(f"matchpoint scale is 1 (1 and ½) or 2 (2 and 1), not {text!r}", field="scale")


@dataclass(frozen=True, slots=True)
class FrequencyRow:
    """One line of a frequency table: an NS score, how often it was scored, and the matchpoints for each side."""

    score: float
    frequency: float
    ns: float
    ew: float


def _weighted_rows(tally: Sequence[tuple[float, float]], scale: Scale) -> list[FrequencyRow]:
    """Rows from (score, frequency) pairs sorted by score ascending, frequencies possibly fractional."""
    total = sum(f for _, f in tally)
    top = scale.top(total)
    rows: list[FrequencyRow] = []
    below = 0.0
    for score, freq in tally:
        ns = scale.per_win * below + scale.per_win * (freq - 1) / 2
        rows.append(FrequencyRow(score, freq, ns, top - ns))
        below += freq
    rows.reverse()
    return rows


def frequency_table(scores: Sequence[float], scale: Scale = Scale.TWO_ONE) -> tuple[FrequencyRow, ...]:
    """Frequency table of a board, highest NS score first (the scorer's layout)."""
    tally = Counter(scores)
    return tuple(_weighted_rows([(s, float(tally[s])) for s in sorted(tally)], scale))


def matchpoints(scores: Sequence[float], scale: Scale = Scale.TWO_ONE) -> list[float]:
    """NS matchpoints of each result against the others (sort and count: O(n log n))."""
    by_score = {row.score: row.ns for row in frequency_table(scores, scale)}
    return [by_score[s] for s in scores]


def matchpoints_against(score: float, field: Sequence[float], scale: Scale = Scale.TWO_ONE) -> float:
    """Matchpoints of one score compared with a field of other results (it is not part of the field)."""
    beaten = sum(1 for s in field if s < score)
    tied = sum(1 for s in field if s == score)
    return scale.per_win * beaten + scale.per_win * tied / 2


def neuberg(mp: float, results: int, norm: int, scale: Scale = Scale.TWO_ONE, places: int | None = None) -> float:
    """Neuberg's formula: scale matchpoints earned among ``results`` results up to a board of ``norm`` results.

    With ``places`` the value is worked out exactly and rounded half to even, as scorers print it (to one
    decimal, 2/1 scale: (8 + 1) x 21/20 - 1 = 8.45 gives 8.4, where floating point would give 8.5).

    >>> neuberg(8, results=20, norm=21, places=1), neuberg(18, results=20, norm=21, places=1)
    (8.4, 19.0)
    """
    if results < 1 or norm < 1:
        raise BridgeError(f"Neuberg needs at least one result, not {results} of {norm}", field="results")
    if places is not None:
        half = Fraction(scale.per_win, 2)
        return float(round((Fraction(mp) + half) * norm / results - half, places))
    return (mp + scale.per_win / 2) * norm / results - scale.per_win / 2


def weighted_frequency_table(field: Sequence[float], outcomes: Sequence[tuple[float, float]],
                             scale: Scale = Scale.TWO_ONE) -> tuple[FrequencyRow, ...]:
    """A frequency table in which one table's result is a weighted set of outcomes (12C1(c)).

    ``outcomes`` are (NS score, weight) with weights summing to 1; each adds its weight to the frequency of
    its score, so frequencies become fractional (seed 004's 2.3 / 5.4 / 2.2 / 2.1 layout).
    """
    tally: dict[float, float] = {}
    for s in field:
        tally[s] = tally.get(s, 0.0) + 1.0
    for s, w in outcomes:
        tally[s] = tally.get(s, 0.0) + w
    return tuple(_weighted_rows([(s, tally[s]) for s in sorted(tally)], scale))
