"""Rulings on a board of a teams match (Law 86): what becomes of the board, asked of the stored results (whether
the other table of the match has played it), recorded as a step of the ruling; the figures a ruling gives each
team on its board, for the written ruling and the pages.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..errors import RegisterError
from ..laws.law86_teams import Fault, TeamBoard, team_board
from ..register.models import Section, SessionResult
from .results import NOT_PLAYED
from .team_scores import TeamsResult, score_teams


@dataclass(frozen=True, slots=True)
class BoardFacts:
    """The director's Law 86 findings on a spoiled board: who is responsible, whether it can still be played at
    this table, and whether the match result without it may be known to a contestant."""

    at_fault: Fault
    playable: bool = False
    result_known: bool = False


def _team_numbers(row: SessionResult) -> tuple[int | None, int | None]:
    ns, ew = row.ns_pair.team, row.ew_pair.team
    return (None if ns is None else ns.number, None if ew is None else ew.number)


def other_table(db: Session, row: SessionResult) -> SessionResult | None:
    """The same board at the match's other table (the same two teams, seated the other way), if stored."""
    teams = _team_numbers(row)
    rows = db.scalars(select(SessionResult).where(SessionResult.section_id == row.section_id,
                                                  SessionResult.board_id == row.board_id,
                                                  SessionResult.id != row.id))
    return next((r for r in rows if _team_numbers(r) == teams[::-1]), None)


def board_fate(db: Session, result_id: int, facts: BoardFacts) -> TeamBoard:
    """Law 86 on the board of result ``result_id``: rule, redeal, adjust or play, with the step to record."""
    row = db.get(SessionResult, result_id)
    if row is None:
        raise RegisterError(f"no result {result_id} in the register", field="result")
    if row.section.method != "teams":
        raise RegisterError(f"section {row.section.letter} is not a teams section: Law 86 is for team play",
                            field="fault", law="86")
    other = other_table(db, row)
    played = other is not None and other.status != NOT_PLAYED and other.ns_score is not None
    return team_board(at_fault=facts.at_fault, played_elsewhere=played, playable=facts.playable,
                      edition=row.section.laws, result_known=facts.result_known)


@dataclass(frozen=True, slots=True)
class TeamFigure:
    """What a board gives one team: its number and name and its IMPs there."""

    team: int
    name: str
    imps: float


def board_figures(db: Session, section: Section, row: SessionResult,
                  matches: list[TeamsResult] | None = None) -> tuple[TeamFigure, TeamFigure] | None:
    """The IMPs the board of ``row`` gives the team sitting N-S there and the team sitting E-W (None: the board
    is not scored yet)."""
    ns, ew = _team_numbers(row)
    if ns is None or ew is None:
        return None
    names = {t.number: t.name for t in section.teams}
    for m in matches if matches is not None else score_teams(db, section):
        if {m.home, m.away} != {ns, ew} or row.board.number not in m.match.boards:
            continue
        at = m.match.boards.index(row.board.number)
        imps = {m.home: m.match.board_imps[at], m.away: m.match.away_board_imps[at]}
        return TeamFigure(ns, names.get(ns, str(ns)), imps[ns]), TeamFigure(ew, names.get(ew, str(ew)), imps[ew])
    return None
