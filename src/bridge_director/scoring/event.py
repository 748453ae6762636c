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

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from ..errors import BridgeError
from ..model.contract import Contract
from ..model.seat import Seat, board_vulnerability
from .imps import butler_datum, cross_imp_totals, cross_imps, imps
from .matchpoints import FrequencyRow, Scale, frequency_table, neuberg


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
    return result.score is None and len(parts) == 2 and all(p in LETTER_AWARDS for p in parts)


def _percent_award(result: Result) -> bool:
    """An artificial award written as percentages (``A+/A-`` from PBN, ``A6040`` from USEBIO)."""
    return _letter_award(result) or (result.score is None and _USEBIO_AWARD.fullmatch(result.note.upper()) is not None)


_USEBIO_AWARD = re.compile(r"A\d{4}")


@dataclass(frozen=True, slots=True)
class Result:
    """One traveller line: NS score, or an artificial award to each side (percent at MPs, IMPs otherwise)."""

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

    def __post_init__(self) -> None:
        if self.board < 1:
            raise BridgeError(f"board numbers start at 1, not {self.board}", field="board")
        if self.score is None and (self.ns_award is None or self.ew_award is None):
            raise BridgeError(f"board {self.board}, {self.ns} v {self.ew}: a line needs a score or two awards",
                              field="score")

    @property
    def artificial(self) -> bool:
        return self.score is None

    @classmethod
    def played(cls, board: int, ns: str, ew: str, contract: str, declarer: str = "", tricks: int | None = None,
               lead: str = "") -> Result:
        """A line from contract, declarer and tricks; the NS score follows from Law 77 and the board's vulnerability."""
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


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One board scored across the field."""

    board: int
    lines: tuple[ScoredLine, ...]
    results: int
    norm: int
    top: float | None
    datum: float | None
    frequency: tuple[FrequencyRow, ...]
    steps: tuple[str, ...]


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
    """An event scored: boards, standings, and how it was done."""

    method: Method
    scale: Scale
    boards: tuple[BoardScore, ...]
    standings: tuple[Standing, ...]
    law: str
    steps: tuple[str, ...]


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
            assert r.ns_award is not None and r.ew_award is not None
            if _percent_award(r):
                # Percentages become IMPs: at cross-IMPs 10% is one IMP a comparison; at Butler the Law 12C2
                # average plus of 60% is +3 IMPs (and 40% is -3).
                if method is Method.CROSS_IMPS:
                    each = 1 if cross is CrossImps.AVERAGE else max(len(lines) - 1, 1)
                else:
                    each = 3
                scored.append(ScoredLine(r, (r.ns_award - 50) / 10 * each, (r.ew_award - 50) / 10 * each))
            else:
                scored.append(ScoredLine(r, r.ns_award, r.ew_award))
        else:
            scored.append(ScoredLine(r, points[r.score], 0.0 - points[r.score]))
    tally = Counter(scores)
    rows = tuple(FrequencyRow(s, tally[s], points[s], 0.0 - points[s]) for s in sorted(tally, reverse=True))
    if len(lines) > len(real):
        steps.append(f"{len(lines) - len(real)} artificial score(s) given in IMPs (Law 12C2)")
    return BoardScore(board, tuple(scored), len(real), len(lines), None, datum, rows, tuple(steps))


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


def score_event(results: Iterable[Result], method: Method = Method.MATCHPOINTS, *,
                scale: Scale = Scale.TWO_ONE, norm: int | None = None, two_winners: bool | None = None,
                butler_exclude: int = 1, butler_round: int = 10, imp_places: int | None = 2,
                mp_places: int | None = None, cross: CrossImps = CrossImps.AVERAGE) -> EventScore:
    """Score every board and rank the pairs (Laws 78A, 78B; Neuberg for boards short of the norm).

    ``norm`` is the number of results a full board has (default: the most on any board).  ``two_winners``
    ranks NS and EW apart (default: when no pair has sat both ways).  ``mp_places`` rounds Neuberg-scaled
    matchpoints (scorers commonly keep one decimal); cross-IMPs are rounded to ``imp_places`` and are averaged
    per comparison or, with ``cross=CrossImps.SUM``, summed.
    """
    by_board: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    if not by_board:
        raise BridgeError("no results to score", field="results")
    full = norm if norm is not None else max(len(v) for v in by_board.values())
    boards: list[BoardScore] = []
    for board in sorted(by_board):
        lines = by_board[board]
        if method is Method.MATCHPOINTS:
            boards.append(_score_board_mp(board, lines, max(full, len(lines)), scale, mp_places))
        else:
            boards.append(_score_board_imps(board, lines, method, butler_exclude, butler_round, imp_places, cross))
    standings = rank(boards, method, two_winners)
    steps = [f"{len(boards)} boards, {sum(len(b.lines) for b in boards)} lines, scored by {method.value}"]
    if method is Method.MATCHPOINTS:
        steps.append(f"norm {full} results a board; top {scale.top(full):g}")
    law = "78A" if method is Method.MATCHPOINTS else "78B"
    return EventScore(method, scale, tuple(boards), standings, law, tuple(steps))


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
    rows = []
    for key, value in total.items():
        maxi = maximum[key] if method is Method.MATCHPOINTS else None
        pct = 100 * value / maxi if maxi else None
        rows.append((key, value, maxi, pct))
    out: list[Standing] = []
    for field in sorted({k[1] for k, *_ in rows}):
        group = [row for row in rows if row[0][1] == field]
        group.sort(key=lambda row: (-(row[3] if row[3] is not None else row[1]), _pair_key(row[0][0])))
        keys = [round(row[3] if row[3] is not None else row[1], 6) for row in group]
        for (key, value, maxi, pct), place in zip(group, shared_places(keys), strict=True):
            out.append(Standing(key[0], key[1], round(value, 6), maxi, pct, played[key], place))
    return tuple(out)


def _pair_key(pair: str) -> tuple[int, str]:
    digits = "".join(ch for ch in pair if ch.isdigit())
    return (int(digits) if digits else 0, pair)
