"""Scoring a pairs event: every board matchpointed (with Neuberg), cross-IMPed or Butler-scored, then ranked.

>>> rs = [Result(1, "1", "2", 140), Result(1, "3", "4", 50), Result(1, "5", "6", -110),
...       Result(2, "1", "2", 420), Result(2, "3", "4", 420), Result(2, "5", "6", ns_award=60, ew_award=40)]
>>> ev = score_event(rs)
>>> [(s.pair, s.total, s.place) for s in ev.standings if s.field == "NS"]
[('1', 6.0, '1'), ('3', 4.0, '2'), ('5', 2.4, '3')]
>>> ev.boards[1].lines[0].ns  # 420 ties 420 among two results, Neuberg-scaled to a board of three
2.0
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, overload

from ..errors import BridgeError
from ..model.numbers import DECIMALS_LIMIT, RESULTS_LIMIT, SCORE_LIMIT, bounded
from .imps import butler_datum, cross_imp_totals, cross_imps, imps
from .matchpoints import EventMatchpoints, FrequencyRow, Scale, event_matchpoints, frequency_table, neuberg

if TYPE_CHECKING:  # adjusted lines and their exact fractions are loaded by the boards that have them
    from fractions import Fraction

    from .adjusted_lines import SplitField, Tally, Views


class Method(Enum):
    """How a board is scored across the field."""

    MATCHPOINTS = "mp"
    CROSS_IMPS = "cross-imps"
    BUTLER = "butler"

    @property
    def unit(self) -> str:
        return "MP" if self is Method.MATCHPOINTS else "IMP"

    @classmethod
    def parse(cls, text: str) -> Method:
        key = text.strip().lower().replace("_", "-")
        aliases = {"mp": cls.MATCHPOINTS, "matchpoints": cls.MATCHPOINTS, "mp-pairs": cls.MATCHPOINTS,
                   "cross-imps": cls.CROSS_IMPS, "cross-imp": cls.CROSS_IMPS, "imps": cls.CROSS_IMPS,
                   "butler": cls.BUTLER, "butler-pairs": cls.BUTLER}
        if key not in aliases:
            raise BridgeError(f"scoring method is mp, cross-imps or butler, not {text!r}", field="method")
        return aliases[key]


class PercentOf(Enum):
    """What a pair's matchpoint percentage is a share of.  ``NORM``: each board's top on its norm, the scale of the
    travellers (Neuberg where a board is short).  ``PLAYED``: each board's top as played, its matchpoints among its
    own results only; some scorers (NZ Scorer) take percentages so while writing Neuberg-scaled travellers."""

    NORM = "norm"
    PLAYED = "played"


class CrossImps(Enum):
    """How a cross-IMP board total becomes a score (Law 78B leaves the form of IMP scoring to the regulations).

    ``AVERAGE``: each result's IMPs against every other result, divided by the number of comparisons.
    ``SUM``: the same IMPs summed and not divided, as some scoring programs print them (e.g. a 10-table board runs
    from about -90 to +90); an artificial average plus or minus then counts one IMP for each comparison.
    """

    AVERAGE = "average"
    SUM = "sum"

    @classmethod
    def parse(cls, text: str) -> CrossImps:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise BridgeError(f"cross-IMPs are 'average' or 'sum', not {text!r}", field="cross-imps") from None


# Letter awards (A+, A=, A-) read from a file carry the Law 12C2 percentages; at cross-IMPs each 10% is one IMP a
# comparison (average plus: +1 IMP against each other result).
LETTER_AWARDS = frozenset({"A+", "A=", "A", "A-", "A\u2212"})


#: How travellers write a board that was passed out.
PASSED_OUT = frozenset({"PASS", "P", "AP", "PASSED", "ALL PASS"})


def _letter_award(result: Result) -> bool:
    parts = result.note.split("/")
    return result.artificial and len(parts) == 2 and all(p in LETTER_AWARDS for p in parts)


def _percent_award(result: Result) -> bool:
    """An artificial award written as percentages (``A+/A-`` from PBN, ``A6040`` from USEBIO)."""
    return _letter_award(result) or (result.artificial and _USEBIO_AWARD.fullmatch(result.note.upper()) is not None)


_USEBIO_AWARD = re.compile(r"A\d{4}")


@dataclass(frozen=True, slots=True)
class Result:
    """One traveller line: the N-S score, or an artificial award to each side (percent at MPs, IMPs otherwise).

    Adjusted lines (Law 12C1):

    - ``ew_score``: a split score (Law 12C1(b)): N-S are scored on ``score`` and E-W on ``ew_score`` (an N-S
      score too), each against the other results; :class:`SplitField` says how the others meet the line.
    - ``outcomes``: a weighted score (Law 12C1(c)): (N-S score, weight) pairs, the weights adding up to 1;
      ``score`` is then None.
    - ``group``: on a fouled board (Law 87), the results played on the same cards share a group; a board whose
      lines have more than one group is scored group by group.
    """

    board: int
    ns: str
    ew: str
    score: int | None = None
    ns_award: float | None = None
    ew_award: float | None = None
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    lead: str = ""
    note: str = ""
    ew_score: int | None = None
    outcomes: tuple[tuple[int, float], ...] = ()
    group: str = ""

    def __post_init__(self) -> None:
        if (self.ew_score is None and not self.outcomes and self.ns_award is None and self.ew_award is None
                and self.score is not None and -SCORE_LIMIT <= self.score <= SCORE_LIMIT and self.board >= 1):
            return  # a played line, as most are: nothing else to check
        where = f"board {self.board}, {self.ns} v {self.ew}: "
        if self.board < 1:
            raise BridgeError(f"board numbers start at 1, not {self.board}", field="board")
        for value, name in ((self.score, "score"), (self.ew_score, "ew_score"), *((s, "outcomes") for s, _ in
                                                                                self.outcomes)):
            if value is not None and abs(value) > SCORE_LIMIT:
                raise BridgeError(f"{where}a score of {value} is beyond what a board can score", field=name, law="77")
        for award, name in ((self.ns_award, "ns_award"), (self.ew_award, "ew_award")):
            if award is not None and not math.isfinite(award):
                raise BridgeError(f"{where}an award must be a finite number, not {award}", field=name)
        if self.outcomes:
            if self.score is not None or self.ew_score is not None:
                raise BridgeError(f"{where}a weighted score is its outcomes, not also a table score",
                                  field="outcomes", law="12C1c")
            from .adjusted_lines import outcome_weights

            outcome_weights(self.outcomes, where)
        elif self.score is None and (self.ns_award is None or self.ew_award is None):
            raise BridgeError(f"{where}a line needs a score or two awards", field="score")
        if self.ew_score is not None and self.score is None:
            raise BridgeError(f"{where}a split score needs the N-S score as well as E-W's", field="ew_score",
                              law="12C1b")

    @property
    def artificial(self) -> bool:
        """An artificial award (Law 12C2): no score, no weighted outcomes."""
        return self.score is None and not self.outcomes

    @property
    def split(self) -> bool:
        """A split score: E-W are scored on a different N-S score from N-S's (Law 12C1(b))."""
        return self.ew_score is not None and self.ew_score != self.score

    @property
    def weighted(self) -> bool:
        """A weighted score (Law 12C1(c))."""
        return bool(self.outcomes)

    @classmethod
    def played(cls, board: int, ns: str, ew: str, contract: str, declarer: str = "", tricks: int | None = None,
               lead: str = "") -> Result:
        """A line from contract, declarer and tricks; the NS score follows from Law 77 and the board's vulnerability."""
        from ..model.contract import Contract  # the model, loaded by the lines that need it
        from ..model.seat import Seat, board_vulnerability

        text = contract.strip()
        if text.upper() in PASSED_OUT:
            return cls(board, ns, ew, 0, contract="PASS", lead=lead)
        if not declarer or tricks is None:
            raise BridgeError(f"board {board}: contract {contract!r} needs a declarer and a trick count",
                              field="Declarer")
        made = Contract.parse(text, Seat.parse(declarer))
        score = made.score_ns(tricks, board_vulnerability(board))
        return cls(board, ns, ew, score, contract=made.pbn, declarer=made.declarer.letter, tricks=tricks, lead=lead)


@dataclass(frozen=True, slots=True)
class ScoredLine:
    """A traveller line with the points each side earned on it."""

    result: Result
    ns: float
    ew: float


T = TypeVar("T")


class Lazy(Sequence[T]):
    """A tuple made on first use: the columnar scorer keeps an event's points in columns, and its lines and
    standings become objects when they are read.  It compares, hashes and pickles as the tuple it stands for.

    >>> made = Lazy(2, lambda: iter("ab"))
    >>> len(made), made == ("a", "b"), made[1:], made
    (2, True, ('b',), ('a', 'b'))
    """

    __slots__ = ("_items", "_length", "_make")

    def __init__(self, length: int, make: Callable[[], Iterable[T]]) -> None:
        self._length = length
        self._make = make
        self._items: tuple[T, ...] | None = None

    @property
    def items(self) -> tuple[T, ...]:
        """The tuple, made the first time it is asked for (two threads may both make it: equal values)."""
        items = self._items
        if items is None:
            items = self._items = tuple(self._make())
            assert len(items) == self._length, "a lazy tuple made a different number of items"
        return items

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        return self.items[index]

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[T]:
        return iter(self.items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Lazy):
            return self.items == other.items
        if isinstance(other, tuple):
            return self.items == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.items)

    def __repr__(self) -> str:
        return repr(self.items)

    def __reduce__(self) -> tuple[type[tuple[Any, ...]], tuple[tuple[T, ...]]]:
        return tuple, (self.items,)


class LineColumns(NamedTuple):
    """A board's scored lines as columns, in the board's order: each line's pairs, N-S score and points.  A line is
    ``Result(board, ns, ew, score)`` unless ``odd`` holds it, by its position (an award, a contract, a note)."""

    ns: Sequence[str]
    ew: Sequence[str]
    score: Sequence[int | None]
    ns_points: Sequence[float]
    ew_points: Sequence[float]
    odd: Mapping[int, Result]


class LazyLines(Lazy[ScoredLine]):
    """A board's scored lines made when read (:class:`Lazy`), which can also be read as columns without an object
    a line (``io.score_csv`` writes them so)."""

    __slots__ = ("_columns",)

    def __init__(self, length: int, make: Callable[[], Iterable[ScoredLine]],
                 columns: Callable[[], LineColumns]) -> None:
        super().__init__(length, make)
        self._columns = columns

    def columns(self) -> LineColumns:
        """The lines as columns (not kept: read them once)."""
        return self._columns()


@dataclass(frozen=True, slots=True)
class ResultColumns:
    """Played results as columns, line ``i`` being ``Result(board[i], ns[i], ew[i], score[i])``: a plain traveller
    file (board, pairs, N-S score) scored without an object a line.

    :func:`score_event` takes it as it takes a list of results; the scored lines are made from it when read.

    >>> ev = score_event(ResultColumns((1, 1, 1), ("1", "3", "5"), ("2", "4", "6"), (140, 50, 140)))
    >>> [(ln.result.ns, ln.ns) for ln in ev.boards[0].lines]
    [('1', 3.0), ('3', 0.0), ('5', 3.0)]
    """

    board: tuple[int, ...]
    ns: tuple[str, ...]
    ew: tuple[str, ...]
    score: tuple[int, ...]

    def __post_init__(self) -> None:
        for name, kind in (("board", int), ("ns", str), ("ew", str), ("score", int)):
            column = tuple(getattr(self, name))
            object.__setattr__(self, name, column)
            odd = set(map(type, column)) - {kind}
            if odd:
                raise BridgeError(f"column {name} holds {sorted(t.__name__ for t in odd)[0]} values, not only "
                                  f"{kind.__name__}", field=name)
        n = len(self.board)
        if not len(self.ns) == len(self.ew) == len(self.score) == n:
            raise BridgeError(f"columns of {n} boards, {len(self.ns)} and {len(self.ew)} pairs and "
                              f"{len(self.score)} scores: a line has one of each", field="columns")
        if n and (min(self.board) < 1 or max(map(abs, self.score)) > SCORE_LIMIT):
            for i in range(n):
                self.line(i)  # the first line out of bounds raises its own error

    def __len__(self) -> int:
        return len(self.board)

    def line(self, i: int) -> Result:
        """Line ``i`` as a :class:`Result`."""
        return Result(self.board[i], self.ns[i], self.ew[i], self.score[i])

    def results(self) -> list[Result]:
        """Every line as a :class:`Result`."""
        return [Result(*line) for line in zip(self.board, self.ns, self.ew, self.score, strict=True)]


def _plain_line(r: Result) -> bool:
    """A line that is ``Result(board, ns, ew, score)``: a played score and nothing else."""
    return (r.score is not None and r.ns_award is None and r.ew_award is None and not r.contract and not r.declarer
            and r.tricks is None and not r.lead and not r.note and r.ew_score is None and not r.outcomes
            and not r.group)


@dataclass(frozen=True, slots=True)
class TravellerColumns:
    """A file's traveller lines as columns: line ``i`` is the played line ``Result(board[i], ns[i], ew[i],
    score[i])`` unless ``odd`` holds it (an award, a contract, a note: the line as the reader read it, whose
    board, pairs and score the columns repeat; ``score[i]`` is None for a line without one).  An upload is read,
    checked, stored and scored so without an object a plain line; :func:`score_event` takes it as it takes a list
    of results.  Made by a reader that checked its lines (``io.travellers.traveller_columns``) or by :meth:`of`.

    >>> lines = [Result(1, "1", "2", 420), Result(1, "3", "4", ns_award=60, ew_award=40)]
    >>> columns = TravellerColumns.of(lines)
    >>> columns.score, list(columns.odd), columns.results() == lines
    ((420, None), [1], True)
    """

    board: tuple[int, ...]
    ns: tuple[str, ...]
    ew: tuple[str, ...]
    score: tuple[int | None, ...]
    odd: Mapping[int, Result]

    @classmethod
    def of(cls, lines: Iterable[Result]) -> TravellerColumns:
        """The columns of ``lines`` (each line not a plain played one kept whole in ``odd``)."""
        rs = lines if isinstance(lines, list | tuple) else list(lines)
        return cls(tuple(r.board for r in rs), tuple(r.ns for r in rs), tuple(r.ew for r in rs),
                   tuple(r.score for r in rs), {i: r for i, r in enumerate(rs) if not _plain_line(r)})

    def __len__(self) -> int:
        return len(self.board)

    def line(self, i: int) -> Result:
        """Line ``i`` as a :class:`Result`."""
        found = self.odd.get(i)
        if found is not None:
            return found
        score = self.score[i]
        assert score is not None  # a line without a score is in ``odd``
        return Result(self.board[i], self.ns[i], self.ew[i], score)

    def results(self) -> list[Result]:
        """Every line as a :class:`Result`."""
        return [self.line(i) for i in range(len(self.board))]


def checked_columns(board: tuple[int, ...], ns: tuple[str, ...], ew: tuple[str, ...],
                    score: tuple[int, ...]) -> ResultColumns:
    """:class:`ResultColumns` of columns a reader has checked as :class:`ResultColumns` checks them (tuples of one
    length, of ints and strings, boards from 1, scores Law 77 allows): made without checking them again."""
    columns = object.__new__(ResultColumns)
    for name, column in (("board", board), ("ns", ns), ("ew", ew), ("score", score)):
        object.__setattr__(columns, name, column)
    return columns


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One board scored across the field (``lines`` and ``frequency`` may be :class:`Lazy`: made when read)."""

    board: int
    lines: Sequence[ScoredLine]
    results: int
    norm: int
    top: float | None
    datum: float | None
    frequency: Sequence[FrequencyRow]
    steps: tuple[str, ...]

    def artificial_lines(self) -> list[ScoredLine]:
        """The lines given an artificial score (Law 12C2).  ``results`` counts every other line, so a board
        with as many results as lines has none, and its lines need not be made to say so."""
        if len(self.lines) <= self.results:
            return []
        return [ln for ln in self.lines if ln.result.artificial]


@dataclass(frozen=True, slots=True)
class Standing:
    """A pair's place: ``field`` is NS or EW in a two-winner movement, empty otherwise."""

    pair: str
    field: str
    total: float
    maximum: float | None
    percent: float | None
    boards: int
    place: str


@dataclass(frozen=True, slots=True)
class EventScore:
    """An event scored: boards, standings (a :class:`Lazy` tuple at matchpoints), and how it was done."""

    method: Method
    scale: Scale
    boards: tuple[BoardScore, ...]
    standings: Sequence[Standing]
    law: str
    steps: tuple[str, ...]
    #: what the standings' percentages are a share of (their totals are always on the travellers' scale)
    percent_of: PercentOf = PercentOf.NORM


def _score_board_mp(board: int, lines: Sequence[Result], norm: int, scale: Scale, places: int | None) -> BoardScore:
    scores = [r.score for r in lines if r.score is not None]
    n = len(scores)
    top = scale.top(norm)
    half = scale.per_win / 2
    raw = frequency_table(scores, scale)  # matchpoints among the n results, highest score first
    ns_for = {row.score: row.ns if n == norm else neuberg(row.ns, n, norm, scale, places) for row in raw}
    scored = []
    for r in lines:
        if r.score is None:
            assert r.ns_award is not None and r.ew_award is not None
            scored.append(ScoredLine(r, top * r.ns_award / 100, top * r.ew_award / 100))
        else:
            ns = ns_for[r.score]
            scored.append(ScoredLine(r, ns, top - ns))
    rows = tuple(FrequencyRow(row.score, row.frequency, ns_for[row.score], top - ns_for[row.score]) for row in raw)
    steps = [f"board {board}: {n} results scored {scale.per_win} per result beaten and {half:g} per tie"]
    if n != norm and n:
        steps.append(f"Neuberg: (MP + {half:g}) x {norm}/{n} - {half:g}, to a top of {top:g} (Law 78A)")
    if len(lines) > n:
        steps.append(f"{len(lines) - n} artificial score(s) given as percentages of {top:g} (Law 12C2)")
    return BoardScore(board, tuple(scored), n, norm, top, None, rows, tuple(steps))


def _score_board_imps(board: int, lines: Sequence[Result], method: Method, exclude: int,
                      round_to: int, places: int | None, cross: CrossImps = CrossImps.AVERAGE) -> BoardScore:
    real = [r for r in lines if r.score is not None]
    scores = [r.score for r in real if r.score is not None]
    points: dict[int, float] = {}
    datum: float | None = None
    if method is Method.CROSS_IMPS:
        if cross is CrossImps.AVERAGE:
            points = dict(zip(scores, cross_imps(scores, places=places), strict=True))
        else:  # whole IMPs already: nothing to round
            points = {s: float(t) for s, t in zip(scores, cross_imp_totals(scores), strict=True)}
        how = "averaged per comparison" if cross is CrossImps.AVERAGE else "summed over the comparisons"
        steps = [f"board {board}: each of {len(scores)} results IMPed against every other, {how} (WBF scale)"]
    else:
        if scores:
            datum = butler_datum(scores, exclude=exclude, round_to=round_to)
            for s in set(scores):
                points[s] = float(imps(s - datum))
        steps = [f"board {board}: datum {datum} = mean of {len(scores)} results less the {exclude} highest and "
                 f"lowest, rounded to {round_to}; each result IMPed against it"]
    scored = []
    for r in lines:
        if r.score is None:
            scored.append(_artificial_imps(r, method, cross, len(lines)))
        else:
            scored.append(ScoredLine(r, points[r.score], 0.0 - points[r.score]))
    tally = Counter(scores)
    rows = tuple(FrequencyRow(s, tally[s], points[s], 0.0 - points[s]) for s in sorted(tally, reverse=True))
    if len(lines) > len(real):
        steps.append(f"{len(lines) - len(real)} artificial score(s) given in IMPs (Law 12C2)")
    return BoardScore(board, tuple(scored), len(real), len(lines), None, datum, rows, tuple(steps))


def _artificial_imps(r: Result, method: Method, cross: CrossImps, lines: int) -> ScoredLine:
    """An artificial award at IMPs (Law 12C2), the board having ``lines`` lines."""
    assert r.ns_award is not None and r.ew_award is not None
    if not _percent_award(r):
        return ScoredLine(r, r.ns_award, r.ew_award)
    # Percentages become IMPs: at cross-IMPs 10% is one IMP a comparison; at Butler the Law 12C2 average plus of
    # 60% is +3 IMPs (and 40% is -3).
    if method is Method.CROSS_IMPS:
        each = 1 if cross is CrossImps.AVERAGE else max(lines - 1, 1)
    else:
        each = 3
    return ScoredLine(r, (r.ns_award - 50) / 10 * each, (r.ew_award - 50) / 10 * each)


def _needs_adjusted_scoring(lines: Sequence[Result]) -> bool:
    """A board with a split or weighted line, or with results in more than one group (a fouled board)."""
    return any(r.split or r.weighted for r in lines) or len({r.group for r in lines if not r.artificial}) > 1


def _group_label(name: str) -> str:
    return repr(name) if name else "(unmarked)"


def _score_board_adjusted(board: int, lines: Sequence[Result], method: Method, *, norm: int, scale: Scale,
                          mp_places: int | None, exclude: int, round_to: int, imp_places: int | None,
                          cross: CrossImps, split_field: SplitField | None) -> BoardScore:
    """A board with adjusted lines: split (12C1(b)) and weighted (12C1(c)) scores, groups of a fouled board (87B).

    Each group is scored on its own among its results; at matchpoints a group (or board) short of the norm is
    Neuberg-scaled to it.  Artificial awards take their percentage of the top (or their IMPs) as on any board.
    ``split_field`` None is :attr:`~.adjusted_lines.SplitField.BY_SIDE`.
    """
    from fractions import Fraction

    from .adjusted_lines import SplitField, Tally, butler_views, cross_imp_views, cross_imps_of, matchpoint_views, views

    split_field = SplitField.BY_SIDE if split_field is None else split_field
    real = [i for i, r in enumerate(lines) if not r.artificial]
    names = sorted({lines[i].group for i in real})
    mp = method is Method.MATCHPOINTS
    top = scale.top(norm) if mp else None
    half = scale.per_win / 2
    points: dict[int, tuple[float, float]] = {}
    rows: list[FrequencyRow] = []
    steps: list[str] = []
    datums: list[float] = []
    if mp:
        steps.append(f"board {board}: {len(real)} results scored {scale.per_win} per result beaten and {half:g} "
                     "per tie (Law 78A)")
    elif method is Method.CROSS_IMPS:
        how = "averaged per comparison" if cross is CrossImps.AVERAGE else "summed over the comparisons"
        steps.append(f"board {board}: each of {len(real)} results IMPed against every other, {how} (WBF scale)")
    if len(names) > 1:
        sizes = ", ".join(f"{_group_label(g)} {sum(1 for i in real if lines[i].group == g)}" for g in names)
        steps.append(f"Law 87B: fouled board, results in {len(names)} groups ({sizes}); each group is scored on "
                     "its own" + (f" and Neuberg-scaled to {norm} results" if mp else ""))
    for name in names:
        idx = [i for i in real if lines[i].group == name]
        seen = [views(lines[i].score, lines[i].ew_score, lines[i].outcomes, split_field) for i in idx]
        n = len(idx)
        ns_field = Tally.of(v.comp_ns for v in seen)
        ew_field = Tally.of(v.comp_ew for v in seen)
        label = f"group {_group_label(name)}: " if len(names) > 1 else ""
        if mp:
            assert top is not None
            top_n = scale.per_win * (n - 1)

            def sides(ns: Fraction, ew_view: Fraction, n: int = n, top_n: int = top_n) -> tuple[float, float]:
                """N-S's points and E-W's from N-S-sense matchpoints, exact on a full board, else Neuberg-scaled."""
                if n == norm:
                    return float(ns), float(top_n - ew_view)
                return (neuberg(float(ns), n, norm, scale, mp_places),
                        top - neuberg(float(ew_view), n, norm, scale, mp_places))

            for i, (ns, ew) in zip(idx, matchpoint_views(seen, scale.per_win), strict=True):
                points[i] = sides(ns, top_n - ew)
            if n != norm:
                steps.append(f"{label}Neuberg: (MP + {half:g}) x {norm}/{n} - {half:g}, to a top of {top:g} "
                             "(Law 78A)")
            for s, f, below in zip(reversed(ns_field.scores), reversed(ns_field.weights),
                                   reversed(ns_field.below), strict=True):
                # what a result at this score gets against the (possibly fractional) table, not counting itself;
                # a score that only weighted outcomes reached, less than one result's worth, ties nothing and
                # gets at most the top.  E-W's column comes from the E-W scores (they differ from N-S's only
                # with a split scored by side).
                ns_raw = _row_mp(below, f, scale.per_win, top_n)
                ew_below, ew_tied = ew_field.beaten_and_tied(s)
                ew_raw = _row_mp(ew_below, ew_tied, scale.per_win, top_n) if ew_tied else ns_raw
                rows.append(FrequencyRow(s, float(f), *sides(ns_raw, ew_raw)))
            _adjusted_steps_mp(steps, lines, idx, seen, ns_field, scale, split_field, n)
        elif method is Method.CROSS_IMPS:
            comparisons = max(n - 1, 1)

            def per_line(value: Fraction, comparisons: int = comparisons) -> float:
                figure = value / comparisons if cross is CrossImps.AVERAGE else value
                return float(figure) if imp_places is None else round(float(figure), imp_places)

            for i, (ns, ew) in zip(idx, cross_imp_views(seen), strict=True):
                points[i] = (per_line(ns), per_line(ew))
            ns_memo: dict[int, Fraction] = {}
            ew_memo: dict[int, Fraction] = {}
            for s, f in zip(reversed(ns_field.scores), reversed(ns_field.weights), strict=True):
                ns_row = per_line(cross_imps_of(((s, Fraction(1)),), ns_field, (), ns_memo))
                ew_row = (per_line(-cross_imps_of(((s, Fraction(1)),), ew_field, (), ew_memo))
                          if ew_field.beaten_and_tied(s)[1] else 0.0 - ns_row)
                rows.append(FrequencyRow(s, float(f), ns_row, ew_row))
            _adjusted_steps_imps(steps, lines, idx, seen, ns_field, split_field, per_line, None)
        else:
            ns_datum, ew_datum, figures = butler_views(seen, exclude=exclude, round_to=round_to)
            datums.append(ns_datum)
            for i, (ns, ew) in zip(idx, figures, strict=True):
                points[i] = (float(ns), float(ew))
            for s, f in zip(reversed(ns_field.scores), reversed(ns_field.weights), strict=True):
                ns_row = float(imps(s - ns_datum))
                ew_row = 0.0 - float(imps(s - ew_datum)) if ew_field.beaten_and_tied(s)[1] else 0.0 - ns_row
                rows.append(FrequencyRow(s, float(f), ns_row, ew_row))
            extra = f"; E-W's datum {ew_datum:g} (from the E-W scores)" if ew_datum != ns_datum else ""
            steps.append(f"board {board}: {label}datum {ns_datum:g} = mean of {n} results less the {exclude} "
                         "highest and lowest (weighted results count by their weights), rounded to "
                         f"{round_to}{extra}; each result IMPed against it")
            _adjusted_steps_imps(steps, lines, idx, seen, ns_field, split_field, float, ns_datum)
    scored = []
    for i, r in enumerate(lines):
        if r.artificial:
            if mp:
                assert top is not None and r.ns_award is not None and r.ew_award is not None
                scored.append(ScoredLine(r, top * r.ns_award / 100, top * r.ew_award / 100))
            else:
                scored.append(_artificial_imps(r, method, cross, len(lines)))
        else:
            scored.append(ScoredLine(r, *points[i]))
    if len(lines) > len(real):
        how = f"as percentages of {top:g}" if mp else "in IMPs"
        steps.append(f"{len(lines) - len(real)} artificial score(s) given {how} (Law 12C2)")
    if len(names) > 1:
        steps.append("frequency table: " + ", then ".join(f"group {_group_label(g)}" for g in names))
    datum = datums[0] if len(datums) == 1 else None
    return BoardScore(board, tuple(scored), len(real), norm if mp else len(lines), top, datum, tuple(rows),
                      tuple(steps))


def _row_mp(below: Fraction, frequency: Fraction, per_win: int, top: int) -> Fraction:
    """A frequency-table row's matchpoints (seed 004's layout): beaten weight, plus ties less the result itself."""
    from fractions import Fraction

    return min(per_win * below + Fraction(per_win, 2) * max(frequency - 1, Fraction(0)), Fraction(top))


def _split_step(r: Result, split_field: SplitField) -> str:
    from .adjusted_lines import SplitField

    assert r.score is not None and r.ew_score is not None
    how = (f"the other N-S pairs meet {r.score:+d} and the other E-W pairs {r.ew_score:+d} (scored by side)"
           if split_field is SplitField.BY_SIDE else
           f"the others meet {r.score:+d} and {r.ew_score:+d} at half weight each")
    return (f"Law 12C1(b): split score at {r.ns} v {r.ew}: N-S scored on {r.score:+d}, E-W on {r.ew_score:+d}, "
            f"each against the other results; {how}; this table's two sides need not add up to a top")


def _adjusted_steps_mp(steps: list[str], lines: Sequence[Result], idx: Sequence[int], seen: Sequence[Views],
                       ns_field: Tally, scale: Scale, split_field: SplitField, n: int) -> None:
    from fractions import Fraction

    from .adjusted_lines import describe, matchpoints_of

    for i, v in zip(idx, seen, strict=True):
        r = lines[i]
        if r.split:
            steps.append(_split_step(r, split_field))
        elif r.weighted:
            each = [matchpoints_of(((s, Fraction(1)),), ns_field, v.comp_ns, scale.per_win) for s, _ in v.own_ns]
            total = sum((w * mp for (_, w), mp in zip(v.own_ns, each, strict=True)), Fraction(0))
            parts = ", ".join(f"{s:+d} -> {float(mp):g}" for (s, _), mp in zip(v.own_ns, each, strict=True))
            steps.append(f"Law 12C1(c): weighted score at {r.ns} v {r.ew}: {describe(v.own_ns)}; each outcome "
                         f"against the other {n - 1} results: {parts}; weighted {float(total):g}; the other results "
                         "are scored against the weighted table (fractional frequencies)")


def _adjusted_steps_imps(steps: list[str], lines: Sequence[Result], idx: Sequence[int], seen: Sequence[Views],
                         ns_field: Tally, split_field: SplitField, per_line: Callable[[Fraction], float],
                         datum: float | None) -> None:
    from fractions import Fraction

    from .adjusted_lines import cross_imps_of

    for i, v in zip(idx, seen, strict=True):
        r = lines[i]
        if r.split:
            steps.append(_split_step(r, split_field))
        elif r.weighted:
            if datum is None:
                each = [per_line(cross_imps_of(((s, Fraction(1)),), ns_field, v.comp_ns)) for s, _ in v.own_ns]
                against = "the other results"
            else:
                each = [float(imps(s - datum)) for s, _ in v.own_ns]
                against = f"the datum {datum:g}"
            parts = ", ".join(f"{s:+d}: {e:+g} x {float(w * 100):g}% = {float(w) * e:+.2f}"
                              for (s, w), e in zip(v.own_ns, each, strict=True))
            total = sum(float(w) * e for (_, w), e in zip(v.own_ns, each, strict=True))
            steps.append(f"Law 12C1(c): weighted score at {r.ns} v {r.ew}: each outcome IMPed against {against}: "
                         f"{parts}; total {total:+.2f}; the other results are IMPed against the weighted table")


def shared_places(values: Sequence[float]) -> list[str]:
    """Places for values sorted best first; equal values share a place, written ``3=``."""
    places: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and abs(values[j + 1] - values[i]) < 1e-9:
            j += 1
        label = f"{i + 1}=" if j > i else str(i + 1)
        places.extend([label] * (j - i + 1))
        i = j + 1
    return places


def score_event(results: Iterable[Result] | ResultColumns | TravellerColumns,
                method: Method = Method.MATCHPOINTS, *, scale: Scale = Scale.TWO_ONE, norm: int | None = None,
                two_winners: bool | None = None, butler_exclude: int = 1, butler_round: int = 10,
                imp_places: int | None = 2, mp_places: int | None = None, cross: CrossImps = CrossImps.AVERAGE,
                split_field: SplitField | None = None) -> EventScore:
    """Score every board and rank the pairs (Laws 78A, 78B; Neuberg for boards short of the norm).

    ``norm`` is the number of results a full board has (default: the most on any board).  ``two_winners``
    ranks NS and EW apart (default: when no pair has sat both ways).  ``mp_places`` rounds Neuberg-scaled
    matchpoints (scorers commonly keep one decimal); cross-IMPs are rounded to ``imp_places`` and are averaged
    per comparison or, with ``cross=CrossImps.SUM``, summed.

    Adjusted lines (see :class:`Result`) are scored inside their board: a split score (Law 12C1(b)) scores each
    side on its own score, the other results meeting it as ``split_field`` says (by default N-S pairs among the
    N-S scores and E-W pairs among the E-W scores); a weighted score (Law 12C1(c)) scores each outcome and
    weights the points, the others being scored against the weighted table; the groups of a fouled board
    (Law 87B) are scored apart and Neuberg-scaled to the norm.  A board's matchpoints add up to top x results
    except where a table has a split score.

    Matchpoints are worked out by columns (:func:`~.matchpoints.event_matchpoints`, with NumPy when it is loaded)
    and the boards' lines and the standings are made when read; a board with adjusted lines is scored line by line.
    The figures are those of scoring every board line by line, to the last bit.

    Each number is bounded first (``model.numbers``): a norm of 1 to :data:`RESULTS_LIMIT` results, at most
    :data:`DECIMALS_LIMIT` decimals; a refusal names the argument.
    """
    if norm is not None:
        bounded(norm, "norm", 1, RESULTS_LIMIT)
    for name, places in (("mp_places", mp_places), ("imp_places", imp_places)):
        if places is not None:
            bounded(places, name, 0, DECIMALS_LIMIT)
    bounded(butler_exclude, "butler_exclude", 0, RESULTS_LIMIT)
    bounded(butler_round, "butler_round", 0, SCORE_LIMIT)  # 0: the datum kept exact
    if method is Method.MATCHPOINTS:
        return _score_mp_columns(results, scale=scale, norm=norm, two_winners=two_winners, mp_places=mp_places,
                                 split_field=split_field)
    lines = results.results() if isinstance(results, ResultColumns | TravellerColumns) else results
    return _score_event_lines(lines, method, scale=scale, norm=norm, two_winners=two_winners,
                              butler_exclude=butler_exclude, butler_round=butler_round, imp_places=imp_places,
                              mp_places=mp_places, cross=cross, split_field=split_field)


def _score_event_lines(results: Iterable[Result], method: Method = Method.MATCHPOINTS, *,
                scale: Scale = Scale.TWO_ONE, norm: int | None = None, two_winners: bool | None = None,
                butler_exclude: int = 1, butler_round: int = 10, imp_places: int | None = 2,
                mp_places: int | None = None, cross: CrossImps = CrossImps.AVERAGE,
                split_field: SplitField | None = None) -> EventScore:
    """:func:`score_event` line by line: each board scored on its own, every pair's total by a loop over the lines.
    The other methods are scored so; at matchpoints it is the reference the columnar scorer matches exactly."""
    by_board: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    if not by_board:
        raise BridgeError("no results to score", field="results")
    full = norm if norm is not None else max(len(v) for v in by_board.values())
    boards: list[BoardScore] = []
    for board in sorted(by_board):
        lines = by_board[board]
        if _needs_adjusted_scoring(lines):
            boards.append(_score_board_adjusted(
                board, lines, method, norm=max(full, len(lines)), scale=scale, mp_places=mp_places,
                exclude=butler_exclude, round_to=butler_round, imp_places=imp_places, cross=cross,
                split_field=split_field))
        elif method is Method.MATCHPOINTS:
            boards.append(_score_board_mp(board, lines, max(full, len(lines)), scale, mp_places))
        else:
            boards.append(_score_board_imps(board, lines, method, butler_exclude, butler_round, imp_places, cross))
    standings = rank(boards, method, two_winners)
    steps = event_steps(method, scale, len(boards), sum(len(b.lines) for b in boards), full)
    law = "78A" if method is Method.MATCHPOINTS else "78B"
    return EventScore(method, scale, tuple(boards), standings, law, steps)


def event_steps(method: Method, scale: Scale, boards: int, lines: int, full: int) -> tuple[str, ...]:
    """What an event's scoring says of itself: its boards, lines and method, and at matchpoints its norm and top.

    >>> event_steps(Method.MATCHPOINTS, Scale.TWO_ONE, 27, 810, 30)
    ('27 boards, 810 lines, scored by mp', 'norm 30 results a board; top 58')
    """
    steps = f"{boards} boards, {lines} lines, scored by {method.value}"
    if method is Method.MATCHPOINTS:
        return steps, f"norm {full} results a board; top {scale.top(full):g}"
    return (steps,)


class _Columns(NamedTuple):
    """An event's lines as columns, in the order given, and the way back to each line's :class:`Result` (a
    named tuple: it costs less to define than a dataclass, and a command that starts for one file pays for it)."""

    board: Sequence[int]
    ns: Sequence[str]
    ew: Sequence[str]
    score: Sequence[int | None]
    awards: dict[int, tuple[float, float]]  # the artificial lines' percentages, by index
    adjusted: dict[int, list[Result]]  # boards with split or weighted lines, or fouled: their lines
    result: Callable[[int], Result]
    scored: bool  # every line has a score
    odd: Callable[[Sequence[int]], dict[int, Result]]  # of lines at these indices, the not plain ones by position


def _columns(results: Iterable[Result] | ResultColumns | TravellerColumns) -> _Columns:
    if isinstance(results, ResultColumns):
        return _Columns(results.board, results.ns, results.ew, results.score, {}, {}, results.line, True, _no_odd)
    if isinstance(results, TravellerColumns):
        return _traveller_columns(results)
    rs = results if isinstance(results, list | tuple) else list(results)
    score = [r.score for r in rs]
    scored = None not in score
    awards = {} if scored else {i: _percentages(r) for i, r in enumerate(rs) if r.artificial}
    odd = {r.board for r in rs if r.ew_score is not None or r.outcomes or r.group}
    adjusted: dict[int, list[Result]] = {}
    if odd:
        by_board: dict[int, list[Result]] = defaultdict(list)
        for r in rs:
            if r.board in odd:
                by_board[r.board].append(r)
        adjusted = {board: lines for board, lines in by_board.items() if _needs_adjusted_scoring(lines)}
    return _Columns([r.board for r in rs], [r.ns for r in rs], [r.ew for r in rs], score, awards, adjusted,
                    rs.__getitem__, scored, partial(_odd_lines, rs))


def _no_odd(index: Sequence[int]) -> dict[int, Result]:
    return {}


def _odd_lines(lines: Sequence[Result], index: Sequence[int]) -> dict[int, Result]:
    """The lines at ``index`` that are not plain played ones, by position."""
    return {k: r for k, i in enumerate(index) if not _plain_line(r := lines[i])}


def _odd_in(odd: Mapping[int, Result], index: Sequence[int]) -> dict[int, Result]:
    """The lines of ``odd`` (by index in the columns) at ``index``, by position."""
    if not odd:
        return {}
    if isinstance(index, range) and index.step == 1 and len(odd) < len(index):
        return {i - index.start: r for i, r in odd.items() if i in index}
    return {k: odd[i] for k, i in enumerate(index) if i in odd}


def _traveller_columns(columns: TravellerColumns) -> _Columns:
    """:func:`_columns` of columns whose odd lines only are objects: the same columns, awards and adjusted boards."""
    odd = columns.odd
    awards = {i: _percentages(r) for i, r in odd.items() if r.artificial}
    boards = {r.board for r in odd.values() if r.ew_score is not None or r.outcomes or r.group}
    adjusted: dict[int, list[Result]] = {}
    if boards:
        by_board: dict[int, list[Result]] = defaultdict(list)
        for i, board in enumerate(columns.board):
            if board in boards:
                by_board[board].append(columns.line(i))
        adjusted = {board: lines for board, lines in by_board.items() if _needs_adjusted_scoring(lines)}
    return _Columns(columns.board, columns.ns, columns.ew, columns.score, awards, adjusted, columns.line,
                    None not in columns.score, partial(_odd_in, odd))


def _percentages(r: Result) -> tuple[float, float]:
    assert r.ns_award is not None and r.ew_award is not None  # an artificial line has both (Result checks)
    return r.ns_award, r.ew_award


def _score_mp_columns(results: Iterable[Result] | ResultColumns | TravellerColumns, *, scale: Scale,
                      norm: int | None, two_winners: bool | None, mp_places: int | None,
                      split_field: SplitField | None) -> EventScore:
    """:func:`score_event` at matchpoints, by columns."""
    cols = _columns(results)
    if not cols.board:
        raise BridgeError("no results to score", field="results")
    mp = event_matchpoints(cols.board, cols.score, cols.awards, scale, norm, mp_places, scored=cols.scored)
    half = scale.per_win / 2
    boards: list[BoardScore] = []
    for j, number in enumerate(mp.numbers):
        board_norm, top, size, n = mp.norms[j], mp.top(j), mp.bounds[j + 1] - mp.bounds[j], mp.played[j]
        if number in cols.adjusted:
            adjusted = _score_board_adjusted(
                number, cols.adjusted[number], Method.MATCHPOINTS, norm=board_norm, scale=scale, mp_places=mp_places,
                exclude=1, round_to=10, imp_places=None, cross=CrossImps.AVERAGE, split_field=split_field)
            mp.replace(j, [ln.ns for ln in adjusted.lines], [ln.ew for ln in adjusted.lines])
            boards.append(adjusted)
            continue
        steps = [f"board {number}: {n} results scored {scale.per_win} per result beaten and {half:g} per tie"]
        if n != board_norm and n:
            steps.append(f"Neuberg: (MP + {half:g}) x {board_norm}/{n} - {half:g}, to a top of {top:g} (Law 78A)")
        if size > n:
            steps.append(f"{size - n} artificial score(s) given as percentages of {top:g} (Law 12C2)")
        lines = LazyLines(size, partial(_scored_lines, cols, mp, j), partial(_line_columns, cols, mp, j))
        boards.append(BoardScore(number, lines, n, board_norm, top, None, Lazy(mp.row_count(j), partial(mp.rows, j)),
                                 tuple(steps)))
    return EventScore(Method.MATCHPOINTS, scale, tuple(boards), _rank_columns(cols, mp, two_winners), "78A",
                      event_steps(Method.MATCHPOINTS, scale, len(boards), len(cols.board), mp.full))


def _scored_lines(cols: _Columns, mp: EventMatchpoints, j: int) -> Iterator[ScoredLine]:
    ns, ew = mp.points(j)
    return map(ScoredLine, map(cols.result, mp.line_index(j)), ns, ew)


def _line_columns(cols: _Columns, mp: EventMatchpoints, j: int) -> LineColumns:
    index = mp.line_index(j)
    ns_points, ew_points = mp.points(j)
    if isinstance(index, range) and index.step == 1:
        part = slice(index.start, index.stop)
        ns, ew, score = cols.ns[part], cols.ew[part], cols.score[part]
    else:
        ns, ew, score = [cols.ns[i] for i in index], [cols.ew[i] for i in index], [cols.score[i] for i in index]
    return LineColumns(ns, ew, score, ns_points, ew_points, cols.odd(index))


def _rank_columns(cols: _Columns, mp: EventMatchpoints, two_winners: bool | None) -> Lazy[Standing]:
    """:func:`rank` at matchpoints from the columns: the same totals (summed in the same order), places and ties."""
    pairs = mp.pair_totals(cols.ns, cols.ew, two_winners)
    keys, total, maximum, played = pairs.keys, pairs.total, pairs.maximum, pairs.played
    pct: list[float | None] = []
    ranked: list[int] = []
    shared: dict[int, str] = {}
    fields = []
    for size in pairs.fields:
        start = len(ranked)
        field_pct, order, close = mp.best_first(total[start:start + size], maximum[start:start + size])
        places = _shared(order, close, partial(_value, total[start:start + size], field_pct),
                         [pair for pair, _ in keys[start:start + size]])
        pct.extend(field_pct)
        shared.update((start + k, place) for k, place in places.items())
        ranked.extend(map(start.__add__, order))
        fields.append((start, start + size))

    def standings() -> Iterator[Standing]:
        return (Standing(keys[k][0], keys[k][1], _round6(total[k]), maximum[k], pct[k], played[k],
                         shared.get(at) or str(at - start + 1))
                for at, k, start in zip(range(len(ranked)), ranked, _field_starts(fields, len(ranked)), strict=True))

    return Lazy(len(ranked), standings)


def _field_starts(fields: Sequence[tuple[int, int]], size: int) -> Iterator[int]:
    for start, end in fields:
        yield from itertools.repeat(start, end - start)


def _round6(value: float) -> float:
    """``round(value, 6)``; a whole or half number (every matchpoint total but Neuberg's) is its own."""
    return value if (2 * value).is_integer() else round(value, 6)


def _value(total: Sequence[float], pct: Sequence[float | None], k: int) -> float:
    """What ranks key ``k``: its percentage, or its total where it has none."""
    value = pct[k]
    return total[k] if value is None else value


def _shared(order: list[int], close: Iterable[int], value: Callable[[int], float],
            pairs: Sequence[str]) -> dict[int, str]:
    """Put right :func:`rank`'s order where values are close (``order`` is by value, highest first; ``close`` the
    positions whose next value is within 2e-6): equal values by pair number; and give the places shared there
    (``3=``), by position.  The place at any other position is that position plus one.

    Values are compared rounded to 6 decimals, as :func:`rank` compares them.  ``round`` is slow, so only values
    close enough to a neighbour to share its place are rounded: values more than 2e-6 apart stay apart.
    """
    shared: dict[int, str] = {}
    for first, last in _clusters(close):
        values = {k: value(k) for k in order[first:last + 1]}
        block = sorted(values, key=lambda k: (-values[k], _pair_key(pairs[k])))
        order[first:last + 1] = block
        if len(set(values.values())) == 1:  # a tie (the usual cluster): one place for all
            shared.update((first + offset, f"{first + 1}=") for offset in range(len(block)))
            continue
        for offset, place in enumerate(shared_places([round(values[k], 6) for k in block])):
            if place.endswith("="):
                shared[first + offset] = f"{int(place[:-1]) + first}="
    return shared


def _clusters(close: Iterable[int]) -> Iterator[tuple[int, int]]:
    """The first and last positions of each run of neighbours joined by close gaps (gap k joins k and k + 1)."""
    first = last = -2
    for k in close:
        if k != last:
            if first >= 0:
                yield first, last
            first = k
        last = k + 1
    if first >= 0:
        yield first, last


def rank(boards: Sequence[BoardScore], method: Method, two_winners: bool | None = None) -> tuple[Standing, ...]:
    """Totals, percentages (matchpoints: of the tops of the boards played) and places, ties shared."""
    total: dict[tuple[str, str], float] = defaultdict(float)
    maximum: dict[tuple[str, str], float] = defaultdict(float)
    played: Counter[tuple[str, str]] = Counter()
    seen_ns = {ln.result.ns for b in boards for ln in b.lines}
    seen_ew = {ln.result.ew for b in boards for ln in b.lines}
    split = (not (seen_ns & seen_ew)) if two_winners is None else two_winners
    for b in boards:
        for ln in b.lines:
            for pair, field, pts in ((ln.result.ns, "NS", ln.ns), (ln.result.ew, "EW", ln.ew)):
                key = (pair, field if split else "")
                total[key] += pts
                played[key] += 1
                if b.top is not None:
                    maximum[key] += b.top
    mp = method is Method.MATCHPOINTS
    return standings_of((key, value, maximum[key] if mp else None, played[key]) for key, value in total.items())


def standings_of(totals: Iterable[tuple[tuple[str, str], float, float | None, int]]) -> tuple[Standing, ...]:
    """The standings of each (pair, field) key's total, maximum (None: no percentage) and boards, as :func:`rank`
    and the columnar scorer give them: each field (in order of its name) best first, by percentage where the
    maximum is not 0 and by total otherwise, then by pair number; places shared where the values rounded to 6
    decimals are equal.

    >>> [(s.pair, s.percent, s.place) for s in standings_of([(("3", ""), 6.0, 10.0, 2), (("1", ""), 3.0, 5.0, 1),
    ...                                                      (("2", ""), 2.0, 10.0, 2)])]
    [('1', 60.0, '1='), ('3', 60.0, '1='), ('2', 20.0, '3')]
    """
    rows = [(key, value, maxi, 100 * value / maxi if maxi else None, played) for key, value, maxi, played in totals]
    out: list[Standing] = []
    for field in sorted({k[1] for k, *_ in rows}):
        group = [row for row in rows if row[0][1] == field]
        group.sort(key=lambda row: (-(row[3] if row[3] is not None else row[1]), _pair_key(row[0][0])))
        keys = [round(row[3] if row[3] is not None else row[1], 6) for row in group]
        for (key, value, maxi, pct, played), place in zip(group, shared_places(keys), strict=True):
            out.append(Standing(key[0], key[1], round(value, 6), maxi, pct, played, place))
    return tuple(out)


def with_played_percentages(on_norm: EventScore, as_played: EventScore) -> EventScore:
    """``on_norm``'s boards and totals with each pair's percentage, and so its place, from ``as_played`` (the same
    lines, each board scored to its own results): the travellers on one scale, the percentages on the other
    (a standing's ``maximum`` stays that of its total)."""
    played = {(s.pair, s.field): s.percent for s in as_played.standings}
    out: list[Standing] = []
    for field in sorted({s.field for s in on_norm.standings}):
        group = [replace(s, percent=played.get((s.pair, s.field), s.percent))
                 for s in on_norm.standings if s.field == field]
        group.sort(key=lambda s: (-(s.percent if s.percent is not None else s.total), _pair_key(s.pair)))
        keys = [round(s.percent if s.percent is not None else s.total, 6) for s in group]
        out.extend(replace(s, place=place) for s, place in zip(group, shared_places(keys), strict=True))
    step = "percentages: each board's matchpoints among its own results over its top as played (not Neuberg-scaled)"
    return replace(on_norm, standings=tuple(out), steps=(*on_norm.steps, step), percent_of=PercentOf.PLAYED)


def _pair_key(pair: str) -> tuple[int, str]:
    if pair.isascii():
        digits = pair.translate(_NOT_DIGITS)[:18]
    else:
        digits = "".join(ch for ch in pair if ch in "0123456789")[:18]  # ASCII digits only (``²`` is a digit too)
    return (int(digits) if digits else 0, pair)


#: every ASCII character but the digits, to be deleted by ``str.translate``
_NOT_DIGITS = dict.fromkeys(code for code in range(128) if not 48 <= code <= 57)
