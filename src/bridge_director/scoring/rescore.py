"""An event's scores brought up to date board by board: the boards whose lines changed scored again, each pair's
total made again from its points on the boards it played, and the standings ranked again; no other board scored.

A board's points depend on that board's lines only when the norm (the results a full board has) and the fields
(N-S and E-W ranked apart or together) are fixed: a section playing a movement.  What depends on the other boards
as well (a norm that is the most results on any board, artificial scores taken from the pairs' session
percentages, decisions applied once the boards are scored) is not for this module: its caller scores those events
whole.

A pair's total is added up again from its points on every board it played, board by board and line by line, in
the order the full scorer adds them (``score_event``: the lines by board, then as given), not by taking the old
points off the old total and putting the new ones on: Neuberg's scaled matchpoints (2.33, 4.67) are not exact in
binary, and a total moved by a subtraction can differ from the full one in its last bit, which can move a
percentage, and so a place shared or not.  The same for its maximum (a sum of whole tops: exact in any order) and
the boards it played.

>>> from .event import Result, score_event
>>> lines = [Result(b, str(ns), str(ns + 1), 10 * ((b * ns) % 5)) for b in (1, 2, 3) for ns in (1, 3, 5)]
>>> full = score_event(lines, norm=3, two_winners=True)
>>> tally = tally_of(full, norm=3, apart=True)
>>> lines[4] = Result(2, "3", "4", 620)  # board 2 corrected
>>> board = score_event([ln for ln in lines if ln.board == 2], norm=3, two_winners=True).boards
>>> tally = rescored(tally, {2: board[0]})
>>> tally is not None and tally.event == score_event(lines, norm=3, two_winners=True)
True
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping
from dataclasses import dataclass
from functools import reduce
from itertools import chain
from operator import add

from .event import BoardScore, EventScore, LazyLines, Method, event_steps, standings_of

#: a pair and its field: ("3", "NS") with N-S and E-W ranked apart, ("3", "") otherwise
Key = tuple[str, str]
#: a key's total, its maximum (the tops of the boards it played at matchpoints; None otherwise) and its lines
Sums = tuple[float, float | None, int]


@dataclass(frozen=True, slots=True)
class Tally:
    """An event as scored, with each pair's points held board by board, to be brought up to date by
    :func:`rescored`.  ``points`` holds, by board number, each key's points on its lines of that board (in the
    order of the lines); ``played`` the boards each key played, ascending; ``sums`` what the standings take."""

    event: EventScore
    norm: int
    apart: bool
    boards: Mapping[int, BoardScore]
    points: Mapping[int, Mapping[Key, tuple[float, ...]]]
    played: Mapping[Key, tuple[int, ...]]
    sums: Mapping[Key, Sums]


def tally_of(event: EventScore, norm: int, apart: bool) -> Tally:
    """``event``'s points held pair by pair and board by board; ``norm`` is the norm it was scored to and ``apart``
    whether its fields are N-S and E-W (both fixed by the movement)."""
    boards = {b.board: b for b in event.boards}
    points = {number: _points(board, apart) for number, board in boards.items()}
    played: dict[Key, list[int]] = {}
    for number in sorted(points):
        for key in points[number]:
            played.setdefault(key, []).append(number)
    held = {key: tuple(numbers) for key, numbers in played.items()}
    mp = event.method is Method.MATCHPOINTS
    sums = {key: _sums(numbers, key, boards, points, mp) for key, numbers in held.items()}
    return Tally(event, norm, apart, boards, points, held, sums)


def rescored(tally: Tally, changed: Mapping[int, BoardScore | None]) -> Tally | None:
    """``tally`` with the boards ``changed`` (by number) scored anew: each such board's new score, or None for a
    board with no line left.  The pairs on those boards, before or after, have their sums made again; the others
    keep theirs.  None when no board is left (the event has no score)."""
    boards = dict(tally.boards)
    points = dict(tally.points)
    played = dict(tally.played)
    sums = dict(tally.sums)
    touched: set[Key] = set()
    for number, board in changed.items():
        before = points.pop(number, {})
        boards.pop(number, None)
        for key in before:
            played[key] = tuple(n for n in played[key] if n != number)
        touched.update(before)
        if board is None:
            continue
        boards[number] = board
        now = points[number] = _points(board, tally.apart)
        for key in now:
            numbers = list(played.get(key, ()))
            insort(numbers, number)
            played[key] = tuple(numbers)
        touched.update(now)
    if not boards:
        return None
    mp = tally.event.method is Method.MATCHPOINTS
    for key in touched:
        if played[key]:
            sums[key] = _sums(played[key], key, boards, points, mp)
        else:  # a pair whose every line went: out of the standings, as the full scorer leaves it
            del played[key], sums[key]
    ordered = tuple(boards[number] for number in sorted(boards))
    old = tally.event
    event = EventScore(old.method, old.scale, ordered,
                       standings_of((key, *held) for key, held in sums.items()), old.law,
                       event_steps(old.method, old.scale, len(ordered), sum(len(b.lines) for b in ordered),
                                   tally.norm), old.percent_of)
    return Tally(event, tally.norm, tally.apart, boards, points, played, sums)


def _points(board: BoardScore, apart: bool) -> dict[Key, tuple[float, ...]]:
    """Each key's points on the board, in the order of its lines (as columns where the board was scored so)."""
    lines = board.lines
    if isinstance(lines, LazyLines):
        columns = lines.columns()
        ns, ew, ns_points, ew_points = columns.ns, columns.ew, columns.ns_points, columns.ew_points
    else:
        ns, ew = [ln.result.ns for ln in lines], [ln.result.ew for ln in lines]
        ns_points, ew_points = [ln.ns for ln in lines], [ln.ew for ln in lines]
    ns_field, ew_field = ("NS", "EW") if apart else ("", "")
    out: dict[Key, list[float]] = {}
    for ns_pair, ew_pair, ns_got, ew_got in zip(ns, ew, ns_points, ew_points, strict=True):
        out.setdefault((ns_pair, ns_field), []).append(ns_got)
        out.setdefault((ew_pair, ew_field), []).append(ew_got)
    return {key: tuple(got) for key, got in out.items()}


def _sums(numbers: tuple[int, ...], key: Key, boards: Mapping[int, BoardScore],
          points: Mapping[int, Mapping[Key, tuple[float, ...]]], mp: bool) -> Sums:
    """A key's total (added line by line from 0.0, in the full scorer's order: ``reduce`` folds from the left),
    maximum and lines over the boards ``numbers`` (ascending)."""
    got = [points[number][key] for number in numbers]
    total = reduce(add, chain.from_iterable(got), 0.0)
    lines = sum(map(len, got))
    if not mp:
        return total, None, lines
    tops = 0.0
    for number, these in zip(numbers, got, strict=True):
        top = boards[number].top
        if top is not None:
            tops += top * len(these)  # whole tops: exact in any order
    return total, tops, lines
