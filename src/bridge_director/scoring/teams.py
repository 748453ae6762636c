"""A teams match: each board's two table results IMPed, totalled, and turned into VPs (Laws 78B, 78C).

>>> m = teams_match([(1, 620, -600), (2, -100, 130), (3, 420, -420)], boards=16)
>>> m.board_imps, m.imps, m.victory_points
((1, 1, 0), 2, (10.61, 9.39))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import BridgeError
from ..model import numbers
from .event import shared_places
from .imps import imps
from .rounding import half_up
from .vp import victory_points


@dataclass(frozen=True, slots=True)
class TeamsMatch:
    """A match from the home team's side: IMPs per board, the total (rounded), and VPs (home, away).

    Adjusted scores need not balance (Law 12C2): ``away_board_imps`` and ``away_total`` are the away team's own
    figures, ``home_total`` the home team's before rounding; ``board_rulings`` the rulings behind each board."""

    boards: tuple[int, ...]
    board_imps: tuple[float, ...]
    imps: int
    victory_points: tuple[float, float]
    steps: tuple[str, ...]
    away_board_imps: tuple[float, ...] = ()
    home_total: float = 0.0
    away_total: float = 0.0
    board_rulings: tuple[tuple[int, ...], ...] = ()


#: a team's score at one table as weighted outcomes: (points from the team's side, weight as a fraction)
Outcomes = Sequence[tuple[int, float]]


def expected_imps(first: Outcomes, second: Outcomes) -> float:
    """A team's IMPs on a board from its scores at the two tables: every pair of outcomes IMPed, then weighted
    (Law 12C1(c) at IMPs; a table result is one outcome of weight 1).

    >>> round(expected_imps([(1430, .3), (680, .4), (650, .2), (-100, .1)], [(-650, 1.0)]), 2)
    3.0
    """
    return sum(w1 * w2 * imps(s1 + s2) for s1, w1 in first for s2, w2 in second)


def teams_match(results: Sequence[tuple[int, int, int]], boards: int | None = None,
                adjustments: int = 0) -> TeamsMatch:
    """Each entry is (board, home team's score at one table, home team's score at the other), both from the home
    team's point of view; ``adjustments`` adds IMPs (e.g. a procedural penalty, negative).  VPs use the WBF 2013
    scale for ``boards`` (default: the number of results).
    """
    if not results:
        raise BridgeError("a match needs at least one board", field="boards")
    per_board = tuple(imps(a + b) for _, a, b in results)
    total = sum(per_board) + adjustments
    n = boards if boards is not None else len(results)
    vps = victory_points(total, n)
    steps = tuple(f"board {bd}: {a:+d} and {b:+d} = {a + b:+d}: {i:+d} IMPs"
                  for (bd, a, b), i in zip(results, per_board, strict=True))
    steps += (f"total {total:+d} IMPs over {n} boards: {vps[0]:.2f} - {vps[1]:.2f} VPs (WBF 2013)",)
    return TeamsMatch(tuple(bd for bd, _, _ in results), per_board, total, vps, steps,
                      tuple(-i for i in per_board), float(total), float(-total))


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One match of a Swiss or round-robin teams event: each team's IMPs, and the boards played."""

    round: int
    home: str
    away: str
    home_imps: float
    away_imps: float
    boards: int

    @property
    def victory_points(self) -> tuple[float, float]:
        """(home, away) VPs on the WBF 2013 scale for the IMP margin (a fraction rounded half away from zero)."""
        return victory_points(int(half_up(self.home_imps - self.away_imps)), self.boards)


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """A team's place: VPs, IMPs won and lost, matches played; equal VPs share the place (``3=``)."""

    team: str
    victory_points: float
    imps_for: float
    imps_against: float
    matches: int
    place: str


@dataclass(frozen=True, slots=True)
class TeamsEvent:
    """A teams event ranked on VPs (Law 78C: the regulations may convert IMPs to VPs)."""

    matches: tuple[MatchResult, ...]
    standings: tuple[TeamStanding, ...]
    steps: tuple[str, ...]


def teams_ranking(matches: Sequence[MatchResult]) -> TeamsEvent:
    """Each match's IMPs to VPs (WBF 2013, for its number of boards), totals per team, places (ties shared).

    >>> e = teams_ranking([MatchResult(1, "A", "B", 30, 10, 8), MatchResult(1, "C", "D", 12, 12, 8),
    ...                    MatchResult(2, "A", "C", 5, 5, 8), MatchResult(2, "B", "D", 0, 20, 8)])
    >>> [(s.team, s.victory_points, s.place) for s in e.standings]
    [('A', 26.46, '1='), ('D', 26.46, '1='), ('C', 20.0, '3'), ('B', 7.08, '4')]
    """
    if not matches:
        raise BridgeError("a teams event needs at least one match", field="matches")
    vps: dict[str, float] = {}
    won: dict[str, float] = {}
    lost: dict[str, float] = {}
    played: dict[str, int] = {}
    steps = []
    for m in matches:
        if m.home == m.away:
            raise BridgeError(f"round {m.round}: {m.home} cannot play itself", field="away")
        home, away = m.victory_points
        for team, v, f, a in ((m.home, home, m.home_imps, m.away_imps), (m.away, away, m.away_imps, m.home_imps)):
            vps[team] = round(vps.get(team, 0.0) + v, 2)
            won[team] = won.get(team, 0.0) + f
            lost[team] = lost.get(team, 0.0) + a
            played[team] = played.get(team, 0) + 1
        steps.append(f"round {m.round}: {m.home} {m.home_imps:g} - {m.away_imps:g} {m.away} over {m.boards} boards: "
                     f"{home:.2f} - {away:.2f} VPs")
    order = sorted(vps, key=lambda t: (-vps[t], t))
    standings = [TeamStanding(team, vps[team], won[team], lost[team], played[team], place)
                 for team, place in zip(order, shared_places([vps[t] for t in order]), strict=True)]
    steps.append(f"{len(order)} teams ranked on VPs; equal VPs share a place")
    return TeamsEvent(tuple(matches), tuple(standings), tuple(steps))


#: a match's IMPs either way, its rounds and its boards: beyond these a number is a typing error
IMP_LIMIT = numbers.IMP_LIMIT
ROUND_LIMIT = numbers.ROUND_LIMIT
MATCH_BOARDS = numbers.MATCH_BOARDS


def matches_from_csv(text: str) -> list[MatchResult]:
    """Matches from CSV with a header ``round,home,away,home_imps,away_imps,boards`` (one line a match); each
    number is read by ``model.numbers`` (ASCII, bounded), a line with more cells than the header is refused."""
    import csv

    from ..errors import ParseError
    from ..model.numbers import real, whole

    try:
        rows = list(csv.reader(text.splitlines()))
    except csv.Error as err:
        raise BridgeError(f"not CSV: {err}", field="csv") from None
    need = {"round", "home", "away", "home_imps", "away_imps", "boards"}
    header = [k.strip().lower() for k in rows[0]] if rows else []
    if not any(rows[1:]) or not need <= set(header):
        raise BridgeError(f"a teams CSV needs the columns {', '.join(sorted(need))}", field="header")
    out = []
    for number, row in enumerate(rows[1:], start=2):
        if not row:
            continue
        if len(row) > len(header):
            raise BridgeError(f"line {number}: {len(row)} cells where the header has {len(header)} columns "
                              "(a team's name with a comma not in quotes?)", field="csv")
        cells = dict(zip(header, (c.strip() for c in row), strict=False))
        try:
            round_no, boards = whole(cells.get("round", ""), "round"), whole(cells.get("boards", ""), "boards")
            home_imps, away_imps = real(cells.get("home_imps", ""), "home_imps"), real(cells.get("away_imps", ""),
                                                                                       "away_imps")
        except ParseError:
            raise BridgeError(f"line {number}: round and boards are whole numbers, IMPs are numbers",
                              field="csv") from None
        if boards < 1:
            raise BridgeError(f"line {number}: a match has at least one board", field="boards")
        for value, name, low, high in ((round_no, "round", 1, ROUND_LIMIT), (boards, "boards", 1, MATCH_BOARDS),
                                       (home_imps, "home_imps", -IMP_LIMIT, IMP_LIMIT),
                                       (away_imps, "away_imps", -IMP_LIMIT, IMP_LIMIT)):
            if not low <= value <= high:
                raise BridgeError(f"line {number}: {name} {value:g} is not in {low} to {high}", field=name)
        out.append(MatchResult(round_no, cells.get("home", ""), cells.get("away", ""), home_imps, away_imps, boards))
    return out
