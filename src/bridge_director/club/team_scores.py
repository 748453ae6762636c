"""A teams section's matches from the stored results (Laws 78B, 78C, 86): each board's two tables IMPed from the
home team's side with every ruling's decision applied as the section's edition of the Laws says, penalties in
IMPs or VPs, then WBF VPs.

On a board:

- table results, assigned, split and weighted scores: each team's IMPs from its own scores at the two tables (a
  split scores each side apart, so the teams need not balance); weighted outcomes are IMPed one by one, then
  weighted and rounded to whole IMPs (Law 12C1(c); 1997 12C3);
- an artificial score (the board not played at a table): each team ± the authority's IMPs by its share of the
  fault (Law 12C2; 1997 and 2007 86A); the other table's result is not used, and the step says which clause
  would have the director assign instead (2017 86B1, 2007 86D);
- a fouled board played in another form at the other table: 2017 Law 86B2, or Laws 87 and 12C2 / 12C1 (2007
  with 86D), from the teams' shares of the fault on the fouled decision;
- non-balancing figures in a knockout (a decision's ``knockout``, or the whole section with ``knockout=True``)
  are averaged (1997 and 2007 86B, 2017 86C).

A penalty comes off its own team only (Law 90); each team's VPs follow its own IMPs, a knockout's one margin.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.orm import Session

from ..errors import BridgeError
from ..laws.law86_teams import artificial_imps, clauses, knockout_average, non_comparable, other_table_note
from ..register.models import Pair, Section, SessionResult
from ..scoring.adjusted import AuthorityProfile
from ..scoring.rounding import half_up
from ..scoring.teams import Outcomes, TeamsMatch, expected_imps
from ..scoring.vp import victory_points
from ..table.edition import Edition
from .adjustments import penalised_pair, section_decisions, section_penalties
from .decisions import Artificial, Assigned, Decision, Fouled, NoAdjustment, Split, Weighted
from .movement import MovementKind
from .results import section_results
from .scores import authority_profile
from .setup import movement_of


@dataclass(frozen=True, slots=True)
class TeamsResult:
    """A teams section's match: the two teams (by number) and the match IMPs and VPs."""

    home: int
    away: int
    match: TeamsMatch


@dataclass(frozen=True, slots=True)
class Seat:
    """One table of a board in a match: its result, the decision on it and its ruling, and whether the home
    team sits N-S there."""

    row: SessionResult
    found: tuple[Decision, int] | None
    home_ns: bool

    @property
    def decision(self) -> Decision | None:
        return None if self.found is None else self.found[0]

    @property
    def ruling(self) -> str:
        return "" if self.found is None else f" (ruling {self.found[1]}: {self.found[0].text()})"


@dataclass(frozen=True, slots=True)
class Rules:
    """What scores a board: the authority's figures, the match length, the edition, a knockout."""

    profile: AuthorityProfile
    boards: int | None
    edition: Edition
    knockout: bool

    @property
    def imps(self) -> int:
        return self.profile.imps_for(self.boards)


@dataclass(frozen=True, slots=True)
class BoardImps:
    """One board of a match: the home and away teams' IMPs, how, and the rulings behind them."""

    board: int
    home: float
    away: float
    how: str
    rulings: tuple[int, ...]


def whole(value: float) -> int:
    """IMPs rounded to a whole number, halves away from zero."""
    return int(half_up(value))


def _outcomes(seat: Seat, home: bool) -> Outcomes:
    """A team's score at this table, from its own side, as weighted outcomes."""
    ns_side = seat.home_ns if home else not seat.home_ns
    sign = 1 if ns_side else -1
    decision, board = seat.decision, seat.row.board.number
    if decision is None or isinstance(decision, NoAdjustment | Fouled):
        if seat.row.ns_score is None:
            raise BridgeError(f"board {board}, table {seat.row.table_no}: no result to score", field="result")
        return [(sign * seat.row.ns_score, 1.0)]
    if isinstance(decision, Assigned):
        return [(sign * decision.score.ns_score(board), 1.0)]
    if isinstance(decision, Split):
        return [(sign * (decision.ns if ns_side else decision.ew).ns_score(board), 1.0)]
    if isinstance(decision, Weighted):
        return [(sign * s.ns_score(board), w / 100) for s, w in decision.outcomes]
    raise BridgeError(f"Law {decision.law}: at teams give an assigned, split, weighted or artificial score",
                      field="decision")


def _group(seat: Seat) -> str:
    return seat.decision.group if isinstance(seat.decision, Fouled) else ""


def _artificial(board: int, seats: Sequence[Seat], rules: Rules) -> tuple[float, float, str]:
    """Law 12C2 at IMPs: each team by its share of the fault; given at both tables, the two must agree."""
    given = []
    for seat in seats:
        if isinstance(seat.decision, Artificial):
            d = seat.decision
            home, away = (d.ns, d.ew) if seat.home_ns else (d.ew, d.ns)
            given.append((artificial_imps(home, away, rules.imps, rules.edition), seat))
    if len({g.imps for g, _ in given}) > 1:
        raise BridgeError(f"board {board}: the artificial scores at the two tables give the teams different figures; "
                          "give one artificial score for the board", field="decision", law="12C2")
    score, seat = given[0]
    how = f"artificial{seat.ruling}: {score.steps[0]}"
    if any(s.row.ns_score is not None and not isinstance(s.decision, Artificial) for s in seats):
        how += f"; {other_table_note(rules.edition)}"
    return score.imps[0], score.imps[1], how


def _fouled(board: int, seats: Sequence[Seat], rules: Rules) -> tuple[float, float, str]:
    """The two tables played the board in different forms: the teams' shares of the fault decide."""
    law = clauses(rules.edition).non_comparable
    ruled = [s for s in seats if isinstance(s.decision, Fouled) and s.decision.ns is not None]
    if not ruled:
        raise BridgeError(f"Law {law}: board {board} was played in different forms at the two tables (groups "
                          f"{', '.join(_group(s) or 'as dealt' for s in seats)}): give each team's share of the "
                          "fault on the fouled board", field="fault", law=law)
    seat = ruled[0]
    d = seat.decision
    assert isinstance(d, Fouled) and d.ns is not None and d.ew is not None
    home, away = (d.ns, d.ew) if seat.home_ns else (d.ew, d.ns)
    assigned = None
    if d.assigned is not None:
        other = [s for s in seats if s is not seat]
        points = d.assigned.ns_score(board) * (1 if seat.home_ns else -1)
        assigned = float(whole(expected_imps([(points, 1.0)], _outcomes(other[0], True)))) if other else None
    given = non_comparable(home, away, imps=rules.imps, assigned=assigned, edition=rules.edition)
    return given.imps[0], given.imps[1], f"fouled{seat.ruling}: {given.steps[0]}"


def _board(board: int, seats: Sequence[Seat], rules: Rules) -> BoardImps | None:
    """The board's IMPs for the two teams, or None when it cannot be scored yet (one table only)."""
    rulings = tuple(s.found[1] for s in seats if s.found is not None)
    if any(isinstance(s.decision, Artificial) for s in seats):
        home, away, how = _artificial(board, seats, rules)
    elif len(seats) < 2:
        return None
    elif _group(seats[0]) != _group(seats[1]):
        home, away, how = _fouled(board, seats, rules)
    else:
        home = expected_imps(_outcomes(seats[0], True), _outcomes(seats[1], True))
        away = expected_imps(_outcomes(seats[0], False), _outcomes(seats[1], False))
        rulings_text = "".join(s.ruling for s in seats)
        if any(isinstance(s.decision, Weighted) for s in seats):
            exact = home
            home, away = float(whole(home)), float(whole(away))
            law = clauses(rules.edition).weighted
            how = f"weighted{rulings_text}: {exact:+.2f} rounded to {home:+g} IMPs (Law {law})"
        else:
            points = [_outcomes(s, True)[0][0] for s in seats]
            how = f"{points[0]:+d} and {points[1]:+d}{rulings_text}: {home:+g} IMPs"
            if home != -away:
                how += f"; the away team {away:+g} IMPs from its own side's score"
    if home != -away and (rules.knockout or any(getattr(s.decision, "knockout", False) for s in seats)):
        averaged = knockout_average(home, away)
        how += (f"; knockout: ({home:+g} - {away:+g}) / 2 = {averaged[0]:+g} IMPs "
                f"(Law {clauses(rules.edition).knockout})")
        home, away = averaged
    return BoardImps(board, home, away, how, rulings)


def score_teams(db: Session, section: Section, knockout: bool = False) -> list[TeamsResult]:
    """Each pair of teams that met: every board's two tables IMPed from the home team's side, rulings applied,
    then WBF VPs.  Adjusted scores need not balance; in a knockout (``knockout``, or a decision's own flag on
    its board) the two teams' figures on a board are averaged into one (Law 86)."""
    if movement_of(section).kind is not MovementKind.TEAMS:
        raise BridgeError(f"section {section.letter} is not a teams section", field="method")
    decisions = section_decisions(db, section)
    by_board: dict[tuple[int, int, int], list[tuple[SessionResult, tuple[Decision, int] | None, int]]]
    by_board = defaultdict(list)
    for row in section_results(db, section):
        found = decisions.get(row.id)
        if row.ns_score is None and found is None:
            continue
        home, away = _team(row.ns_pair), _team(row.ew_pair)
        by_board[(min(home, away), max(home, away), row.board.number)].append((row, found, home))
    total_boards = len(movement_of(section).encounters) // 2 * section.boards_per_round or None
    rules = Rules(authority_profile(section), total_boards, Edition.parse(section.laws), knockout)
    per_match: dict[tuple[int, int], list[BoardImps]] = defaultdict(list)
    for (low, high, board), rows in sorted(by_board.items()):
        scored = _board(board, [Seat(row, found, ns_team == low) for row, found, ns_team in rows], rules)
        if scored is not None:
            per_match[(low, high)].append(scored)
    pending = _team_penalties(db, section)
    return [TeamsResult(low, high, _match(boards, pending[low], pending[high], rules))
            for (low, high), boards in per_match.items()]


def _match(boards: list[BoardImps], home_cut: dict[str, float], away_cut: dict[str, float],
           rules: Rules) -> TeamsMatch:
    """The match from its boards: each team's IMPs less its own penalties, then each team's VPs."""
    n = rules.boards or len(boards)
    imp_cut = (home_cut.pop("imps", 0.0), away_cut.pop("imps", 0.0))
    home_total = sum(b.home for b in boards) - imp_cut[0]
    away_total = sum(b.away for b in boards) - imp_cut[1]
    steps = [f"board {b.board}: {b.how}" for b in boards]
    if any(imp_cut):
        steps.append(f"penalties (Law 90): {imp_cut[0]:g} and {imp_cut[1]:g} IMPs off, each from its own team")
    if rules.knockout:
        margin = sum(b.home for b in boards) - imp_cut[0] + imp_cut[1]
        home_total, away_total = margin + 0.0, -margin + 0.0
        vps = victory_points(whole(margin), n)
    else:
        vps = (victory_points(whole(home_total), n)[0], victory_points(whole(away_total), n)[0])
    vp_cut = (home_cut.pop("vps", 0.0), away_cut.pop("vps", 0.0))
    vps = (round(vps[0] - vp_cut[0], 2), round(vps[1] - vp_cut[1], 2))
    if any(vp_cut):
        steps.append(f"penalties (Law 90): {vp_cut[0]:g} and {vp_cut[1]:g} VPs off")
    if home_total == -away_total:
        steps.append(f"total {home_total:+g} IMPs over {n} boards: {vps[0]:.2f} - {vps[1]:.2f} VPs (WBF 2013)")
    else:
        steps.append(f"home {home_total:+g} IMPs, away {away_total:+g} IMPs (adjusted scores need not balance, "
                     f"Law 12C2) over {n} boards: {vps[0]:.2f} - {vps[1]:.2f} VPs, each from its own IMPs "
                     "(WBF 2013)")
    return TeamsMatch(tuple(b.board for b in boards), tuple(b.home for b in boards), whole(home_total), vps,
                      tuple(steps), tuple(b.away for b in boards), home_total, away_total,
                      tuple(b.rulings for b in boards))


def _team_penalties(db: Session, section: Section) -> defaultdict[int, dict[str, float]]:
    """Each team's penalties by unit (IMPs come off its first match's IMPs, VPs off that match's VPs)."""
    out: defaultdict[int, dict[str, float]] = defaultdict(dict)
    for p in section_penalties(db, section):
        team = _team(penalised_pair(p))
        out[team][p.unit] = out[team].get(p.unit, 0.0) + p.amount
    return out


def _team(pair: Pair) -> int:
    if pair.team is None:
        raise BridgeError(f"pair {pair.number} has no team", field="team")
    return pair.team.number
