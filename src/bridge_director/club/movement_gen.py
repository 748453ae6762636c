"""Movements built by rule: Mitchell (plain, skip, relay and bye-stand, arrow switch), Howell, 3/4 Howell, teams.

>>> m = mitchell(5)
>>> m.at(2, 3)  # N-S 3 stays; E-W pair 2 (pair 7) moved up from table 2; set 4 came down from table 4
Encounter(round=2, table=3, ns=3, ew=7, board_set=4, arrow_switch=False)
>>> [e.board_set for e in mitchell(8, even="relay").in_round(1)]  # tables 1 and 8 share set 1; set 8 rests
[1, 2, 3, 4, 5, 6, 7, 1]
>>> h = howell(4); (h.rounds, h.sets, h.shares, h.validate())
(7, 7, (), ())
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from functools import cache
from math import ceil

from ..errors import BridgeError
from .movement import Encounter, Movement, MovementKind, Share

EVEN_LAYOUTS = ("auto", "skip", "relay")


def _count(value: int, what: str, low: int, high: int, field: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise BridgeError(f"{what} is a whole number from {low} to {high}, not {value!r}", field=field)
    return value


def _rounds(rounds: int | None, full: int, what: str) -> int:
    if rounds is None:
        return full
    return _count(rounds, f"the number of rounds of {what}", 1, full, "rounds")


def shares_of(encounters: Iterable[Encounter]) -> tuple[Share, ...]:
    """A share for every group of tables that play the same set in the same round."""
    groups: dict[tuple[int, int], list[int]] = defaultdict(list)
    for e in encounters:
        groups[(e.round, e.board_set)].append(e.table)
    return tuple(Share(rnd, tuple(tables)) for (rnd, _), tables in sorted(groups.items()) if len(tables) > 1)


def mitchell(tables: int, rounds: int | None = None, *, even: str = "auto", arrow_switch: Iterable[int] = ()
             ) -> Movement:
    """A Mitchell for 3 to 30 tables: N-S pair ``t`` stays at table ``t``; E-W pair ``n+e`` starts at table ``e``
    and moves up one table a round; the boards move down one table.

    Odd tables: ``n`` rounds and ``n`` sets; every pair plays every set, every N-S pair meets every E-W pair.
    Even tables (``even``):

    * ``"skip"``: after round ``n/2`` the E-W pairs skip one table; at most ``n-1`` rounds (an ``n``-th would
      repeat a meeting), ``n`` sets, each pair missing one set and each E-W pair one N-S pair.
    * ``"relay"``: tables 1 and ``n`` share a set every round (the relay), and a bye-stand between tables ``n/2``
      and ``n/2+1`` holds the set no table plays; ``n`` rounds and ``n`` sets, every pair plays every set.
    * ``"auto"``: the relay for the full ``n`` rounds, the skip for fewer.

    ``rounds`` below the full count cuts the movement short; ``arrow_switch`` lists rounds in which every table
    turns the boards (the pairs swap directions), which makes one field (``two_winners`` False).
    """
    n = _count(tables, "a Mitchell's number of tables", 3, 30, "tables")
    if even not in EVEN_LAYOUTS:
        raise BridgeError(f"the even-table layout is auto, skip or relay, not {even!r}", field="even")
    if n % 2 and even != "auto":
        raise BridgeError(f"a {n}-table Mitchell needs no {even}: odd tables play every set", field="even")
    layout = "plain" if n % 2 else even if even != "auto" else "relay" if rounds in (None, n) else "skip"
    full = n - 1 if layout == "skip" else n
    count = _rounds(rounds, full, f"a {n}-table {layout if layout != 'plain' else ''} Mitchell".replace("  ", " "))
    arrows = sorted(set(arrow_switch))
    for r in arrows:
        if type(r) is not int or not 1 <= r <= count:
            raise BridgeError(f"arrow-switch round {r!r} is not one of 1 to {count}", field="arrow_switch")
    place = _relay_places(n) if layout == "relay" else None
    encounters = []
    for r in range(1, count + 1):
        shift = r if layout == "skip" and r > n // 2 else r - 1
        for t in range(1, n + 1):
            ew = n + (t - 1 - shift) % n + 1
            board_set = (t + r - 2) % n + 1 if place is None else place[((place.index(t) if t < n else 0) - r + 1) % n]
            switch = r in arrows
            encounters.append(Encounter(r, t, ew if switch else t, t if switch else ew, board_set, switch))
    name = f"mitchell-{n}" + ("" if layout == "plain" else f"-{layout}") + (f"-{count}-rounds" if count < full else "")
    name += "".join(f"-arrow-{r}" for r in arrows)
    described = {"plain": "N-S stationary, E-W up one table, boards down one table each round",
                 "skip": f"as plain, and the E-W pairs skip one table after round {n // 2}",
                 "relay": f"tables 1 and {n} share a set each round; a bye-stand between tables {n // 2} and "
                          f"{n // 2 + 1} holds the set not in play"}[layout]
    arrow_text = f"; arrow switch in round{'s' if len(arrows) > 1 else ''} {', '.join(map(str, arrows))}"
    return Movement(name, MovementKind.MITCHELL, n, count, tuple(range(1, 2 * n + 1)), n, tuple(encounters),
                    shares_of(encounters), n // 2 if layout == "relay" else None, not arrows,
                    f"{n}-table Mitchell, {count} rounds: {described}{arrow_text if arrows else ''}.")


def _relay_places(n: int) -> list[int]:
    """The board circuit of a relay Mitchell in the boards' direction, as the set each place holds in round 1.

    Place 0 is tables 1 and ``n`` (set 1), then tables ``n-1`` down to ``n/2+1``, the bye-stand (set ``n``),
    tables ``n/2`` down to 2; a table's place is found by its round-1 set, which is its own number.
    """
    half = n // 2
    return [1, *range(n - 1, half, -1), n, *range(half, 1, -1)]


@cache
def _howell_base(n: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The round-1 pairings (0-based, pair ``m = 2n-1`` stationary) and each position's set offset.

    Round ``r`` (0-based) adds ``r`` mod ``m`` to every moving pair and every set.  A pair plays a set twice unless
    ``{c0} + {c_i - a_i, c_i - b_i}`` are all different mod ``m``; a small search finds offsets ``c`` for the
    pattern ``(i, -i)``, or else a starter and offsets together.  2 and 3 tables have none: all tables then play
    the same set each round.
    """
    m = 2 * n - 1
    if n <= 3:
        return ((m, 0), *((i, m - i) for i in range(1, n))), (0,) * n
    pattern = [((i, m - i),) for i in range(1, n)]
    found = _search(m, pattern) or _search(m, None)
    if found is None:  # pragma: no cover - the search succeeds for 4..15 tables
        raise BridgeError(f"no {n}-table Howell found", field="tables")
    return ((m, 0), *(pair for pair, _ in found)), (0, *(c for _, c in found))


def _search(m: int, pattern: Sequence[tuple[tuple[int, int], ...]] | None
            ) -> list[tuple[tuple[int, int], int]] | None:
    """Pairs ``(a, b)`` covering 1..m-1 with distinct differences, and offsets, by depth-first search."""
    free, diffs, offsets, values = set(range(1, m)), set[int](), {0}, {0}
    chosen: list[tuple[tuple[int, int], int]] = []

    def options() -> list[tuple[int, int]]:
        if pattern is not None:
            return list(pattern[len(chosen)])
        a = min(free)
        return [(a, b) for b in sorted(free - {a})]

    def step() -> bool:
        if not free:
            return True
        for a, b in options():
            d = (b - a) % m
            if d in diffs or m - d in diffs or a not in free or b not in free:
                continue
            for c in range(m):
                x, y = (c - a) % m, (c - b) % m
                if c in offsets or x in values or y in values:
                    continue
                free.difference_update((a, b))
                diffs.update((d, m - d))
                offsets.add(c)
                values.update((x, y))
                chosen.append(((a, b), c))
                if step():
                    return True
                chosen.pop()
                free.update((a, b))
                diffs.difference_update((d, m - d))
                offsets.discard(c)
                values.difference_update((x, y))
        return False

    return chosen if step() else None


def howell(tables: int, rounds: int | None = None, *, name: str | None = None) -> Movement:
    """A complete Howell for ``2n`` pairs at ``n`` tables (2 to 15): ``2n-1`` rounds and sets, every pair meets
    every other pair once and plays every set once.  Pair ``2n`` stays at table 1 (N-S in odd rounds).

    From 4 tables no set is at two tables in a round; with 2 or 3 tables no such Howell exists, and every table
    plays the same set in a round (declared shares; one copy of each board per table).
    """
    n = _count(tables, "a Howell's number of tables", 2, 15, "tables")
    m = 2 * n - 1
    count = _rounds(rounds, m, f"a {n}-table Howell")
    starter, offsets = _howell_base(n)
    encounters = []
    for r in range(count):
        for k, ((a, b), c) in enumerate(zip(starter, offsets, strict=True)):
            one, two = (a if a == m else (a + r) % m) + 1, (b + r) % m + 1
            first_ns = r % 2 == 0 if k == 0 else k % 2 == 1  # balances the directions a little
            ns, ew = (one, two) if first_ns else (two, one)
            encounters.append(Encounter(r + 1, k + 1, ns, ew, (r + c) % m + 1))
    what = "complete Howell" if count == m else f"Howell cut to {count} rounds"
    return Movement(name or (f"howell-{n}" if count == m else f"howell-{n}-{count}-rounds"), MovementKind.HOWELL, n,
                    count, tuple(range(1, 2 * n + 1)), m, tuple(encounters), shares_of(encounters), None, False,
                    f"{n}-table {what}: {2 * n} pairs, pair {2 * n} stays at table 1; no pair plays a set twice.")


def three_quarter_howell(tables: int) -> Movement:
    """The first ``ceil(3(2n-1)/4)`` rounds of ``howell(n)``: each pair meets about three quarters of the field,
    never a pair twice, and never plays a set twice.
    """
    n = _count(tables, "a Howell's number of tables", 2, 15, "tables")
    count = ceil(3 * (2 * n - 1) / 4)
    base = howell(n, count, name=f"howell-{n}-three-quarter")
    return Movement(base.name, base.kind, n, count, base.pairs, base.sets, base.encounters, base.shares, None, False,
                    f"{n}-table 3/4 Howell: the first {count} of {2 * n - 1} rounds of the complete Howell; each pair "
                    f"meets {count} of the other {2 * n - 1} pairs and never plays a set twice.")


def teams_match(sets: int = 1) -> Movement:
    """A teams-of-four match in two rooms, one round per set (stanza).

    Team A is pairs 1 and 2, team B pairs 3 and 4: table 1 (open room) has 1 N-S against 4 E-W, table 2 (closed
    room) 3 N-S against 2 E-W, both on the same set.
    """
    count = _count(sets, "a match's number of sets", 1, 100, "sets")
    encounters = [e for r in range(1, count + 1) for e in (Encounter(r, 1, 1, 4, r), Encounter(r, 2, 3, 2, r))]
    return Movement("teams-match" if count == 1 else f"teams-match-{count}", MovementKind.TEAMS, 2, count,
                    (1, 2, 3, 4), count, tuple(encounters), shares_of(encounters), None, False,
                    f"Teams match, {count} set{'s' if count > 1 else ''}: team A = pairs 1 and 2, team B = pairs 3 "
                    "and 4; 1 v 4 at table 1, 3 v 2 at table 2, the same set at both.")


def teams_round_robin(teams: int) -> Movement:
    """A round robin of ``teams`` teams (an even number, 4 to 30): the Howell of ``teams/2`` tables with each of
    its tables a match played at two tables on one set.  Team ``T`` is pairs ``2T-1`` and ``2T``; in a match of
    home team ``h`` and away team ``w`` pair ``2h-1`` sits N-S against ``2w`` and ``2w-1`` N-S against ``2h``.
    """
    count = _count(teams, "a round robin's number of teams", 4, 30, "teams")
    if count % 2:
        raise BridgeError(f"a round robin needs an even number of teams; add a phantom team to {count}",
                          field="teams")
    base = howell(count // 2)
    encounters = []
    for e in base.encounters:
        home, away = e.ns, e.ew
        encounters += [Encounter(e.round, 2 * e.table - 1, 2 * home - 1, 2 * away, e.board_set),
                       Encounter(e.round, 2 * e.table, 2 * away - 1, 2 * home, e.board_set)]
    return Movement(f"teams-round-robin-{count}", MovementKind.TEAMS, count, base.rounds,
                    tuple(range(1, 2 * count + 1)), base.sets, tuple(encounters), shares_of(encounters), None, False,
                    f"Round robin of {count} teams in {base.rounds} rounds; team T is pairs 2T-1 and 2T; each match "
                    "plays one set at two tables.")
