"""A teams section's matches from the stored results: each board's two tables IMPed from the home team's side,
rulings applied (assigned, weighted, artificial by the authority's IMPs), penalties in IMPs or VPs, then WBF VPs;
knockout averaging (Law 86B) on request."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from sqlalchemy.orm import Session

from ..errors import BridgeError
from ..register.models import Pair, Section, SessionResult
from ..scoring.adjusted import AuthorityProfile, artificial_teams
from ..scoring.imps import imps
from ..scoring.rounding import half_up
from ..scoring.teams import TeamsMatch
from ..scoring.vp import victory_points
from .adjustments import penalised_pair, section_decisions, section_penalties
from .decisions import Artificial, Assigned, Decision, NoAdjustment, Weighted
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


def whole(value: float) -> int:
    """IMPs rounded to a whole number, halves away from zero."""
    return int(half_up(value))


def _table_value(row: SessionResult, found: tuple[Decision, int] | None) -> int | tuple[tuple[int, float], ...] | None:
    """N-S's score at the table: the result's, an assigned one, or weighted outcomes (None: no score)."""
    if found is None or isinstance(found[0], NoAdjustment):
        return row.ns_score
    decision, board = found[0], row.board.number
    if isinstance(decision, Assigned):
        return decision.score.ns_score(board)
    if isinstance(decision, Weighted):
        return tuple((s.ns_score(board), w / 100) for s, w in decision.outcomes)
    if isinstance(decision, Artificial):
        return None
    raise BridgeError(f"Law {decision.law}: at teams give an assigned, weighted or artificial score",
                      field="decision")


def _board_imps(home_rows: list[tuple[SessionResult, tuple[Decision, int] | None, bool]],
                profile: AuthorityProfile, match_boards: int | None) -> tuple[float, float, str]:
    """(home IMPs, away IMPs, how) for one board's two tables; ``bool`` says the home team sits N-S there."""
    artificial = [(row, found, home_ns) for row, found, home_ns in home_rows
                  if found is not None and isinstance(found[0], Artificial)]
    if artificial:  # Law 12C2 at IMPs: each side's IMPs by its fault; they need not balance
        _, found, home_ns = artificial[0]
        assert found is not None and isinstance(found[0], Artificial)
        given = artificial_teams(found[0].ns, found[0].ew, profile, boards=match_boards)
        home, away = (given.ns, given.ew) if home_ns else (given.ew, given.ns)
        return float(home), float(away), f"artificial (ruling {found[1]}, Law 12C2): {home:+g} / {away:+g} IMPs"
    values = [(_table_value(row, found), home_ns) for row, found, home_ns in home_rows]
    weighted = [v for v, _ in values if isinstance(v, tuple)]
    if len(weighted) > 1:
        raise BridgeError("weighted scores at both tables of a board are not scored", field="decision")
    fixed = sum((v if home_ns else -v) for v, home_ns in values if isinstance(v, int))
    if not weighted:
        gained = imps(fixed)
        return float(gained), float(-gained), f"{fixed:+d}: {gained:+d} IMPs"
    [(outcomes, home_ns)] = [(v, h) for v, h in values if isinstance(v, tuple)]
    total = sum(w * imps((score if home_ns else -score) + fixed) for score, w in outcomes)
    gained = whole(total)
    return float(gained), float(-gained), f"weighted (Law 12C1c): {total:+.2f} rounded to {gained:+d} IMPs"


def score_teams(db: Session, section: Section, knockout: bool = False) -> list[TeamsResult]:
    """Each pair of teams that met: every board's two tables IMPed from the home team's side, rulings applied
    (assigned, weighted, artificial), then WBF VPs.  Artificial scores need not balance; in a knockout
    (``knockout``) the two sides' IMPs are averaged into one margin (Law 86B)."""
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
    profile = authority_profile(section)
    per_match: dict[tuple[int, int], list[tuple[int, float, float, str]]] = defaultdict(list)
    for (low, high, board), rows in sorted(by_board.items()):
        if len(rows) == 2:
            home_rows = [(row, found, ns_team == low) for row, found, ns_team in rows]
            per_match[(low, high)].append((board, *_board_imps(home_rows, profile, total_boards)))
    pending = _team_penalties(db, section)
    out = []
    for (low, high), boards in per_match.items():
        home_imps = sum(entry[1] for entry in boards) - pending[low].pop("imps", 0.0)
        away_imps = sum(entry[2] for entry in boards) - pending[high].pop("imps", 0.0)
        margin = (home_imps - away_imps) / 2
        vps = victory_points(whole(margin) if knockout else whole(home_imps), total_boards or len(boards))
        vp_cut = (pending[low].pop("vps", 0.0), pending[high].pop("vps", 0.0))
        vps = (round(vps[0] - vp_cut[0], 2), round(vps[1] - vp_cut[1], 2))
        steps = tuple(f"board {b}: {how}" for b, _, _, how in boards)
        if any(vp_cut):
            steps += (f"penalties (Law 90): {vp_cut[0]:g} and {vp_cut[1]:g} VPs off",)
        if knockout and home_imps != -away_imps:
            steps += (f"knockout: ({home_imps:+g} - {away_imps:+g}) / 2 = {margin:+g} IMPs (Law 86B)",)
        steps += (f"total {home_imps:+g} IMPs over {total_boards or len(boards)} boards: {vps[0]:.2f} - {vps[1]:.2f} "
                  "VPs (WBF 2013)",)
        match = TeamsMatch(tuple(b for b, _, _, _ in boards), tuple(int(h) for _, h, _, _ in boards),
                           whole(margin if knockout else home_imps), vps, steps)
        out.append(TeamsResult(low, high, match))
    return out


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
