"""Decisions that act on the points a table result earned, once its board is scored (matchpoint sections):
the old Law 25B cap, a Red psyche (EBU 6 D 2) and a serious error by the non-offenders (Law 12C1(e); 2007 12C1(b)).

Each replaces the two sides' points on that one line; the standings are ranked again from the boards.
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import BridgeError
from ..scoring.adjusted import AdjustedScore, AuthorityProfile, law25b_matchpoints
from ..scoring.adjusted import serious_error as serious
from ..scoring.event import BoardScore, EventScore, Method, ScoredLine, rank
from ..scoring.matchpoints import Scale, matchpoints_against, neuberg
from .decisions import Capped, Decision, RedPsyche, SeriousError


def _sides(adjusted: AdjustedScore, offenders: str) -> tuple[float, float]:
    """(N-S points, E-W points) from an adjusted score for non-offenders and offenders."""
    nos, os_ = adjusted.non_offenders, adjusted.offenders
    return (os_, nos) if offenders == "NS" else (nos, os_)


def _field_points(score: int, board: BoardScore, line: ScoredLine, scale: Scale) -> float:
    """N-S matchpoints ``score`` would earn against the board's other results (Neuberg to the board's norm)."""
    field = [ln.result.score for ln in board.lines if ln is not line and ln.result.score is not None]
    mp = matchpoints_against(score, field, scale)
    results = len(field) + 1
    return mp if results == board.norm else neuberg(mp, results, board.norm, scale, 2)


def apply_one(decision: Decision, line: ScoredLine, board: BoardScore, profile: AuthorityProfile,
              scale: Scale) -> ScoredLine:
    top = board.top
    if top is None:
        raise BridgeError(f"Law {decision.law}: applied at matchpoints only", field="decision")
    if isinstance(decision, Capped):
        offenders_points = line.ns if decision.offenders == "NS" else line.ew
        ns, ew = _sides(law25b_matchpoints(offenders_points, top, profile), decision.offenders)
    elif isinstance(decision, RedPsyche):
        ns, ew = decision.points(line.ew if decision.offenders == "NS" else line.ns, top, profile.name)
    elif isinstance(decision, SeriousError):
        number = board.board

        def for_nos(score: int) -> float:
            mp = _field_points(score, board, line, scale)
            return mp if decision.non_offenders == "NS" else top - mp

        actual = line.ns if decision.non_offenders == "NS" else line.ew
        given = serious(for_nos(decision.expected.ns_score(number)), for_nos(decision.after.ns_score(number)),
                        actual, top)
        offenders = "EW" if decision.non_offenders == "NS" else "NS"
        ns, ew = _sides(given, offenders)
    else:
        return line
    return ScoredLine(line.result, round(ns, 2), round(ew, 2))


def apply_after_scoring(scored: EventScore, decided: dict[int, Decision], profile: AuthorityProfile,
                        two_winners: bool) -> EventScore:
    """``decided`` maps ``id(line.result)`` to its decision; the standings are ranked again."""
    if scored.method is not Method.MATCHPOINTS:
        raise BridgeError("the old 25B cap, Red psyche and serious-error scores are applied at matchpoints; at "
                          "IMPs give the assigned or artificial score", field="decision")
    boards = []
    for board in scored.boards:
        lines = tuple(apply_one(decided[id(ln.result)], ln, board, profile, scored.scale)
                      if id(ln.result) in decided else ln for ln in board.lines)
        boards.append(replace(board, lines=lines))
    return replace(scored, boards=tuple(boards), standings=rank(boards, scored.method, two_winners))
