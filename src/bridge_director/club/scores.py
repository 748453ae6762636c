"""The stored results handed to ``scoring``: matchpoints (either scale, Neuberg), cross-IMPs, Butler, teams VPs.

Nothing is computed here but the shape of the input: a pair is named by its number in the section, a board not
played is left out (so Neuberg factors it), and a teams section pairs each board's two tables of a match.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from sqlalchemy.orm import Session

from ..errors import BridgeError
from ..scoring.event import EventScore, Result, score_event
from ..scoring.matchpoints import Scale
from ..scoring.teams import TeamsMatch, teams_match
from .models import Pair, Section, SessionResult
from .movement import MovementKind
from .results import NOT_PLAYED, section_results
from .setup import movement_of, scoring_method


def scoring_line(row: SessionResult) -> Result | None:
    """A stored result as a traveller line; None for a board not played."""
    if row.status == NOT_PLAYED or row.ns_score is None:
        return None
    return Result(row.board.number, str(row.ns_pair.number), str(row.ew_pair.number), row.ns_score,
                  contract=row.contract, declarer=row.declarer, tricks=row.tricks, lead=row.lead)


def section_lines(db: Session, section: Section) -> list[Result]:
    return [line for row in section_results(db, section) if (line := scoring_line(row)) is not None]


def score_section(db: Session, section: Section, scale: Scale | None = None) -> EventScore | None:
    """The section's pairs event scored so far (None before the first result).

    The norm is the number of tables that play each board in the movement, so a board short of results is
    Neuberg-factored; a plain Mitchell is ranked N-S and E-W apart.  The scale is the section's unless given.
    """
    lines = section_lines(db, section)
    if not lines:
        return None
    movement = movement_of(section)
    norm = max(1, len(movement.encounters) // max(1, movement.sets))
    the_scale = scale if scale is not None else Scale(section.scale)
    return score_event(lines, scoring_method(section), scale=the_scale, norm=norm, two_winners=movement.two_winners,
                       mp_places=2)


@dataclass(frozen=True, slots=True)
class TeamsResult:
    """A teams section's match: the two teams (by number) and the match IMPs and VPs."""

    home: int
    away: int
    match: TeamsMatch


def score_teams(db: Session, section: Section) -> list[TeamsResult]:
    """Each pair of teams that met: every board played at both tables IMPed from the home team's side."""
    if movement_of(section).kind is not MovementKind.TEAMS:
        raise BridgeError(f"section {section.letter} is not a teams section", field="method")
    by_board: dict[tuple[int, int, int], list[tuple[int, int]]] = defaultdict(list)
    for row in section_results(db, section):
        if row.ns_score is None:
            continue
        home, away = _team(row.ns_pair), _team(row.ew_pair)
        key = (min(home, away), max(home, away), row.board.number)
        by_board[key].append((home, row.ns_score))
    matches: dict[tuple[int, int], list[tuple[int, int, int]]] = defaultdict(list)
    for (low, high, board), scores in sorted(by_board.items()):
        if len(scores) == 2:
            as_home = [score if team == low else -score for team, score in scores]
            matches[(low, high)].append((board, as_home[0], as_home[1]))
    total_boards = len(movement_of(section).encounters) // 2 * section.boards_per_round or None
    return [TeamsResult(low, high, teams_match(rows, boards=total_boards)) for (low, high), rows in matches.items()]


def _team(pair: Pair) -> int:
    if pair.team is None:
        raise BridgeError(f"pair {pair.number} has no team", field="team")
    return pair.team.number
