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

import itertools
import sys
from abc import ABC, abstractmethod
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import BridgeError
from ..model.numbers import DECIMALS_LIMIT, bounded

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


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
    top = scale.top(sum(f for _, f in tally))
    rows = [FrequencyRow(score, freq, ns, top - ns) for (score, freq), ns in zip(tally, _row_points(tally, scale),
                                                                                strict=True)]
    rows.reverse()
    return rows


def _row_points(tally: Sequence[tuple[float, float]], scale: Scale) -> list[float]:
    """Each row's matchpoints, the rows (score, frequency) sorted by score ascending: the results below it, and
    half of the others on its row."""
    points: list[float] = []
    below = 0.0
    for _, freq in tally:
        points.append(scale.per_win * below + scale.per_win * (freq - 1) / 2)
        below += freq
    return points


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
        from fractions import Fraction

        if not 0 <= places <= DECIMALS_LIMIT:  # round(Fraction, 10**9) works out 10**(10**9)
            bounded(places, "places", 0, DECIMALS_LIMIT)
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




class EventMatchpoints(ABC):
    """Every board of an event matchpointed at once, from columns: each line's board and N-S score (None for a line
    without one, such as an artificial award).

    The boards come out ascending (``numbers``), each board's lines in the order given: board ``j`` holds the lines
    ``bounds[j]`` to ``bounds[j + 1]`` of that sorted order, which are the lines ``line_index(j)`` of the columns.
    A board short of its norm (``max(norm, its lines)``, the norm being the most lines on any board unless given)
    is Neuberg-scaled, ``places`` rounding as in :func:`neuberg`.  The figures are those of
    :func:`frequency_table` and :func:`neuberg` board by board, to the last bit.
    """

    numbers: list[int]
    bounds: list[int]
    played: list[int]
    norms: list[int]
    full: int
    scale: Scale

    def top(self, j: int) -> int:
        """Board ``j``'s top."""
        return self.scale.per_win * (self.norms[j] - 1)

    @abstractmethod
    def line_index(self, j: int) -> Sequence[int]:
        """The index in the columns of each line of board ``j``, in sorted order."""

    @abstractmethod
    def points(self, j: int) -> tuple[list[float], list[float]]:
        """N-S's and E-W's points on each line of board ``j``, in sorted order."""

    @abstractmethod
    def rows(self, j: int) -> list[FrequencyRow]:
        """Board ``j``'s frequency table, highest score first."""

    @abstractmethod
    def row_count(self, j: int) -> int:
        """How many different scores board ``j`` has."""

    @abstractmethod
    def replace(self, j: int, ns: Sequence[float], ew: Sequence[float]) -> None:
        """Board ``j`` scored otherwise (a board with adjusted lines): its lines' points, in sorted order."""

    @abstractmethod
    def pair_totals(self, ns: Sequence[str], ew: Sequence[str], two_winners: bool | None = None) -> PairTotals:
        """Each pair's points, tops and lines, the pairs named in the columns ``ns`` and ``ew``.

        Every line adds its N-S points to its N-S pair and then its E-W points to its E-W pair, line after line in
        sorted order: the sums a loop over the boards makes, to the last bit.  With two winners (``two_winners``;
        by default when no pair sat both ways) a pair is counted in its direction, the E-W pairs listed first; the
        pairs of each field in the order they first appear in the columns.
        """

    @abstractmethod
    def best_first(self, total: Sequence[float], maximum: Sequence[float]) -> tuple[list[float | None], list[int],
                                                                                    list[int]]:
        """Each key's percentage (``100 * total / maximum``, None where the maximum is 0), the keys by percentage
        (by total where there is none) highest first, equal values in the order given, and the positions in that
        order whose next value is within 2e-6 (every position when a value is beyond 1e9)."""


class PairTotals(NamedTuple):
    """Each pair's totals over an event: ``keys`` are (pair, field), the field being NS or EW with two winners and
    empty otherwise; ``fields`` says how many keys each field has, in the order listed."""

    keys: list[tuple[str, str]]
    fields: list[int]
    total: list[float]
    maximum: list[float]
    played: list[int]


def event_matchpoints(board: Sequence[int], score: Sequence[int | None], awards: Mapping[int, tuple[float, float]],
                      scale: Scale = Scale.TWO_ONE, norm: int | None = None,
                      places: int | None = None, *, scored: bool = False) -> EventMatchpoints:
    """An event's boards matchpointed from columns (see :class:`EventMatchpoints`); ``awards`` gives the N-S and E-W
    percentage of the top of each artificial line, by its index in the columns; ``scored`` says that every line has
    a score (no need to look).  NumPy does it when it is loaded, plain Python otherwise: scoring one event does not
    pay for loading NumPy.

    >>> mp = event_matchpoints([2, 1, 1, 2, 1], [420, 140, 50, 420, None], {4: (60.0, 40.0)})
    >>> mp.numbers, [mp.points(j)[0] for j in range(2)]  # two results each, Neuberg-scaled to a board of three
    ([1, 2], [[3.5, 0.5, 2.4], [2.0, 2.0]])
    """
    kind = _NumpyMatchpoints if "numpy" in sys.modules else _PythonMatchpoints
    return kind(board, score, awards, scale, norm, places, scored)


class _PythonMatchpoints(EventMatchpoints):
    """Plain Python: each board through :func:`frequency_table` and :func:`neuberg`, its lines by dictionary."""

    def __init__(self, board: Sequence[int], score: Sequence[int | None], awards: Mapping[int, tuple[float, float]],
                 scale: Scale, norm: int | None, places: int | None, scored: bool) -> None:
        n = len(board)
        ordered = sorted(board)
        in_order = ordered == list(board)
        order: Sequence[int] = range(n) if in_order else sorted(range(n), key=board.__getitem__)
        scores = score if in_order else [score[i] for i in order]
        self._order = order
        self.scale = scale
        self.numbers = sorted(set(board))
        self.bounds = [*(bisect_left(ordered, b) for b in self.numbers), n]
        sizes = [self.bounds[j + 1] - self.bounds[j] for j in range(len(self.numbers))]
        self.full = norm if norm is not None else max(sizes, default=0)
        self.norms = [max(self.full, size) for size in sizes]
        self.played = []
        self._ns: list[float] = []
        self._ew: list[float] = []
        self._rows: list[tuple[list[tuple[float, float]], dict[float, float], dict[float, float]]] = []
        for j, size in enumerate(sizes):
            lines = scores[self.bounds[j]:self.bounds[j + 1]]
            real: Sequence[int] = lines if scored else [s for s in lines if s is not None]  # type: ignore[assignment]
            n_real, board_norm, top = len(real), self.norms[j], self.top(j)
            counted = Counter(real)
            tally: list[tuple[float, float]] = [(s, float(counted[s])) for s in sorted(counted)]  # lowest first
            points = _row_points(tally, scale)  # frequency_table's figures
            ns_for = dict(zip([s for s, _ in tally], points if n_real == board_norm else
                              [neuberg(mp, n_real, board_norm, scale, places) for mp in points], strict=True))
            ew_for = {s: top - ns for s, ns in ns_for.items()}
            if n_real == size:
                self._ns.extend(map(ns_for.__getitem__, real))
                self._ew.extend(map(ew_for.__getitem__, real))
            else:  # the lines without a score are given their points below
                self._ns.extend([0.0 if s is None else ns_for[s] for s in lines])
                self._ew.extend([0.0 if s is None else ew_for[s] for s in lines])
            self._rows.append((tally, ns_for, ew_for))
            self.played.append(n_real)
        if awards:
            where = {i: k for k, i in enumerate(order) if i in awards}
            for i, (ns_award, ew_award) in awards.items():
                k = where[i]
                top = self.top(bisect_right(self.bounds, k) - 1)
                self._ns[k], self._ew[k] = top * ns_award / 100, top * ew_award / 100

    def line_index(self, j: int) -> Sequence[int]:
        return self._order[self.bounds[j]:self.bounds[j + 1]]

    def points(self, j: int) -> tuple[list[float], list[float]]:
        start, end = self.bounds[j], self.bounds[j + 1]
        return self._ns[start:end], self._ew[start:end]

    def rows(self, j: int) -> list[FrequencyRow]:
        tally, ns_for, ew_for = self._rows[j]
        return [FrequencyRow(s, f, ns_for[s], ew_for[s]) for s, f in reversed(tally)]

    def row_count(self, j: int) -> int:
        return len(self._rows[j][0])

    def replace(self, j: int, ns: Sequence[float], ew: Sequence[float]) -> None:
        start, end = self.bounds[j], self.bounds[j + 1]
        self._ns[start:end], self._ew[start:end] = ns, ew

    def pair_totals(self, ns: Sequence[str], ew: Sequence[str], two_winners: bool | None = None) -> PairTotals:
        ns_count, ew_count = Counter(ns), Counter(ew)  # the pairs as they first appear, and their lines
        both = ns_count.keys() & ew_count.keys()
        apart = (not both) if two_winners is None else two_winners
        if not isinstance(self._order, range):
            ns, ew = [ns[i] for i in self._order], [ew[i] for i in self._order]
        if apart:  # a pair's points all come from one column, in the order of the lines
            ns_total, ew_total = dict.fromkeys(ns_count, 0.0), dict.fromkeys(ew_count, 0.0)
            for pair, points in zip(ns, self._ns, strict=True):
                ns_total[pair] += points
            for pair, points in zip(ew, self._ew, strict=True):
                ew_total[pair] += points
            keys = [(pair, "EW") for pair in ew_count] + [(pair, "NS") for pair in ns_count]
            total, played = [*ew_total.values(), *ns_total.values()], [*ew_count.values(), *ns_count.values()]
            fields = [len(ew_count), len(ns_count)]
        else:
            names = dict.fromkeys([*ns_count, *ew_count])
            sums = dict.fromkeys(names, 0.0)
            for pair, other, points, others in zip(ns, ew, self._ns, self._ew, strict=True):
                sums[pair] += points
                sums[other] += others
            keys = [(pair, "") for pair in names]
            total, played = list(sums.values()), [ns_count[pair] + ew_count[pair] for pair in names]
            fields = [len(names)]
        if len(set(self.norms)) <= 1:  # one top on every board: a pair's tops are that many of it (whole: exact)
            top = self.top(0) if self.norms else 0
            return PairTotals(keys, fields, total, [float(top * c) for c in played], played)
        ns_max, ew_max = dict.fromkeys(ns_count, 0.0), dict.fromkeys(ew_count, 0.0)
        if not apart:
            ns_max = ew_max = dict.fromkeys(names, 0.0)
        for j in range(len(self.numbers)):
            top, start, end = self.top(j), self.bounds[j], self.bounds[j + 1]
            for pair in ns[start:end]:
                ns_max[pair] += top
            for pair in ew[start:end]:
                ew_max[pair] += top
        maximum = [*ew_max.values(), *ns_max.values()] if apart else list(ns_max.values())
        return PairTotals(keys, fields, total, maximum, played)

    def best_first(self, total: Sequence[float], maximum: Sequence[float]) -> tuple[list[float | None], list[int],
                                                                                    list[int]]:
        pct = [100 * t / m if m else None for t, m in zip(total, maximum, strict=True)]
        value = [t if p is None else p for t, p in zip(total, pct, strict=True)]
        order = sorted(range(len(value)), key=value.__getitem__, reverse=True)  # stable: equal values keep order
        ordered = [value[k] for k in order]
        if ordered and max(ordered[0], -ordered[-1]) >= 1e9:
            return pct, order, list(range(len(ordered) - 1))
        return pct, order, [k for k, (high, low) in enumerate(itertools.pairwise(ordered)) if high - low <= 2e-6]


class _NumpyMatchpoints(EventMatchpoints):
    """NumPy: the lines sorted by board (stably), every (board, score) group counted at once, Neuberg per group.

    Each figure is made by the same floating-point operations, in the same order, as :func:`frequency_table`
    and :func:`neuberg` make it (NumPy's float64 is Python's float), so the two agree to the last bit.
    """

    def __init__(self, board: Sequence[int], score: Sequence[int | None], awards: Mapping[int, tuple[float, float]],
                 scale: Scale, norm: int | None, places: int | None, scored: bool) -> None:
        import numpy as np

        n = len(board)
        self.scale = scale
        boards = np.fromiter(board, np.int64, n)
        real: NDArray[np.bool_] | None = None
        if not scored and None in score:
            real = np.fromiter((s is not None for s in score), np.bool_, n)
            scores = np.fromiter((0 if s is None else s for s in score), np.int64, n)
        else:
            scores = np.fromiter(score, np.int64, n)
        order: NDArray[np.intp] | None = None
        if n > 1 and bool((boards[1:] < boards[:-1]).any()):
            order = np.argsort(boards, kind="stable")
            boards, scores = boards[order], scores[order]
            real = None if real is None else real[order]
        self._order = order
        starts = np.flatnonzero(np.diff(boards, prepend=boards[:1] - 1))
        count = len(starts)
        bounds = np.append(starts, n)
        sizes = np.diff(bounds)
        self.numbers, self.bounds = boards[starts].tolist(), bounds.tolist()
        self.full = norm if norm is not None else int(sizes.max(initial=0))
        norms = np.maximum(sizes, self.full)
        self.norms = norms.tolist()
        line_board = np.repeat(np.arange(count), sizes)
        line_top = scale.per_win * (norms - 1)[line_board]
        real_board = line_board if real is None else line_board[real]
        real_score = scores if real is None else scores[real]
        played = np.bincount(real_board, minlength=count)
        self.played = played.tolist()
        ns = np.zeros(n)
        self._group_bounds = [0] * (count + 1)
        self._group_score: list[int] = []
        self._group_count: list[int] = []
        self._group_value: list[float] = []
        if real_score.size:
            low = int(real_score.min())
            span = int(real_score.max()) - low + 1
            groups, inverse, counts = _unique_counts(real_board * span + (real_score - low), count * span)
            group_board = groups // span
            below = np.cumsum(counts) - counts - (np.cumsum(played) - played)[group_board]
            raw = scale.per_win * below + scale.per_win * (counts - 1) / 2  # frequency_table's figure, exactly
            results, board_norm = played[group_board], norms[group_board]
            half = scale.per_win / 2
            if places is None:  # neuberg's operations, in its order
                value = np.where(results != board_norm, (raw + half) * board_norm / results - half, raw)
            else:
                value = raw.copy()
                for k in np.flatnonzero(results != board_norm).tolist():
                    value[k] = neuberg(float(raw[k]), int(results[k]), int(board_norm[k]), scale, places)
            if real is None:
                ns = value[inverse]
            else:
                ns[real] = value[inverse]
            self._group_bounds = np.searchsorted(group_board, np.arange(count + 1)).tolist()
            self._group_score = (groups - group_board * span + low).tolist()
            self._group_count = counts.tolist()
            self._group_value = value.tolist()
        ew = line_top - ns
        if awards:
            where = np.arange(n) if order is None else np.argsort(order)
            for i, (ns_award, ew_award) in awards.items():
                k = int(where[i])
                top = int(line_top[k])
                ns[k], ew[k] = top * ns_award / 100, top * ew_award / 100
        self._ns, self._ew, self._line_top = ns, ew, line_top.astype(np.float64)

    def line_index(self, j: int) -> Sequence[int]:
        start, end = self.bounds[j], self.bounds[j + 1]
        return range(start, end) if self._order is None else self._order[start:end].tolist()

    def points(self, j: int) -> tuple[list[float], list[float]]:
        start, end = self.bounds[j], self.bounds[j + 1]
        return self._ns[start:end].tolist(), self._ew[start:end].tolist()

    def rows(self, j: int) -> list[FrequencyRow]:
        top = self.top(j)
        span = range(self._group_bounds[j + 1] - 1, self._group_bounds[j] - 1, -1)
        return [FrequencyRow(self._group_score[k], float(self._group_count[k]), self._group_value[k],
                             top - self._group_value[k]) for k in span]

    def row_count(self, j: int) -> int:
        return self._group_bounds[j + 1] - self._group_bounds[j]

    def replace(self, j: int, ns: Sequence[float], ew: Sequence[float]) -> None:
        start, end = self.bounds[j], self.bounds[j + 1]
        self._ns[start:end], self._ew[start:end] = ns, ew

    def pair_totals(self, ns: Sequence[str], ew: Sequence[str], two_winners: bool | None = None) -> PairTotals:
        n = len(ns)
        ns_first: dict[str, int] = {}
        ew_first: dict[str, int] = {}
        # one pass over each column: a pair's key is where it first appears (E-W's after N-S's)
        ns_ids = self._ids(map(ns_first.setdefault, ns, range(n)), n)
        ew_ids = self._ids(map(ew_first.setdefault, ew, range(n, 2 * n)), n)
        both = ns_first.keys() & ew_first.keys()
        apart = (not both) if two_winners is None else two_winners
        if apart:
            keys = [(pair, "EW") for pair in ew_first] + [(pair, "NS") for pair in ns_first]
            ids = [*ew_first.values(), *ns_first.values()]
            fields = [len(ew_first), len(ns_first)]
        else:
            if both:
                ew_ids = self._remap(ew_ids, {ew_first[pair]: ns_first[pair] for pair in both}, 2 * n)
            ew_only = [pair for pair in ew_first if pair not in both]
            keys = [(pair, "") for pair in [*ns_first, *ew_only]]
            ids = [*ns_first.values(), *(ew_first[pair] for pair in ew_only)]
            fields = [len(keys)]
        total, maximum, played = self._sums(ns_ids, ew_ids, 2 * n, ids, apart)
        return PairTotals(keys, fields, total, maximum, played)

    def _ids(self, ids: Iterator[int], size: int) -> NDArray[np.intp]:
        import numpy as np

        return np.fromiter(ids, np.intp, size)

    def _remap(self, ids: NDArray[np.intp], mapping: dict[int, int], size: int) -> NDArray[np.intp]:
        import numpy as np

        table = np.arange(size)
        table[list(mapping)] = list(mapping.values())
        return table[ids]

    def best_first(self, total: Sequence[float], maximum: Sequence[float]) -> tuple[list[float | None], list[int],
                                                                                    list[int]]:
        import numpy as np

        totals, tops = np.array(total, np.float64), np.array(maximum, np.float64)
        some = tops != 0
        with np.errstate(divide="ignore", invalid="ignore"):
            pct = 100 * totals / tops  # Python's operations, in its order
        value = np.where(some, pct, totals)
        order = np.argsort(-value, kind="stable")  # equal values keep their order, as Python's sort does
        ordered = value[order]
        if ordered.size and max(ordered[0], -ordered[-1]) >= 1e9:
            close = list(range(len(ordered) - 1))
        else:
            close = np.flatnonzero(ordered[:-1] - ordered[1:] <= 2e-6).tolist()
        percent = pct.tolist() if some.all() else [p if s else None for p, s in zip(pct.tolist(), some.tolist(),
                                                                                      strict=True)]
        return percent, order.tolist(), close

    def _sums(self, ns_ids: NDArray[np.intp], ew_ids: NDArray[np.intp], size: int, pick: list[int],
              apart: bool) -> tuple[list[float], list[float], list[int]]:
        import numpy as np

        if self._order is not None:
            ns_ids, ew_ids = ns_ids[self._order], ew_ids[self._order]
        # bincount adds in index order: each pair's sum is made line after line, as a loop makes it; with the
        # pairs apart, a pair's points all come from one column
        if apart:
            total = np.bincount(ns_ids, self._ns, size) + np.bincount(ew_ids, self._ew, size)
        else:
            n = len(self._ns)
            keys, points = np.empty(2 * n, np.intp), np.empty(2 * n)
            keys[0::2], keys[1::2] = ns_ids, ew_ids
            points[0::2], points[1::2] = self._ns, self._ew
            total = np.bincount(keys, points, size)
        played = np.bincount(ns_ids, minlength=size) + np.bincount(ew_ids, minlength=size)
        maximum: NDArray[Any]
        if len(set(self.norms)) <= 1:  # one top on every board: a pair's tops are that many of it (whole: exact)
            maximum = (self.top(0) if self.norms else 0) * played.astype(np.float64)
        else:  # whole numbers: exact in any order
            maximum = np.bincount(ns_ids, self._line_top, size) + np.bincount(ew_ids, self._line_top, size)
        at = np.array(pick, np.intp)
        return total[at].tolist(), maximum[at].tolist(), played[at].tolist()


def _unique_counts(key: NDArray[np.int64], size: int) -> tuple[NDArray[np.int64], NDArray[np.intp],
                                                                  NDArray[np.int64]]:
    """``numpy.unique(key, return_inverse=True, return_counts=True)`` for keys in ``range(size)``: by counting
    when the range is small beside the keys (no sort), else by ``unique``."""
    import numpy as np

    if size > 16 * len(key) + 4096:
        groups, inverse, counts = np.unique(key, return_inverse=True, return_counts=True)
        return groups, inverse.reshape(-1), counts
    table = np.bincount(key, minlength=size)
    groups = np.flatnonzero(table)
    index = np.zeros(size, np.intp)
    index[groups] = np.arange(len(groups))
    return groups, index[key], table[groups]
