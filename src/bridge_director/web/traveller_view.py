"""A traveller's line as the session pages show it: contract, declarer and lead apart, the lead with its suit
symbol, and the score a ruling put in place of the table's, beside the table's score struck through.

A ruling replaces the table score when its decision is an assigned score (one, or one for each side), a weighted
score, an artificial score or a fouled board's assigned score; a decision that keeps the table score as its basis
(the old Law 25B cap, a Red psyche, a serious error) leaves it standing, the line's "adj." saying what it did.

>>> lead_symbol("HK"), lead_symbol("ST"), lead_symbol(""), lead_symbol("x")
('♥K', '♠T', '', 'x')
>>> replacing(Assigned(Score("4S", "N", 9)), 1), replacing(Split(Score("4S", "N", 9), Score("4S", "N", 10)), 1)
('-50', '-50 / 420')
>>> from bridge_director.club.decisions import Capped
>>> from bridge_director.scoring.adjusted import Fault
>>> replacing(Artificial(Fault.NONE, Fault.DIRECT), 1), replacing(Capped("NS"), 1)
('A+ / A−', None)
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..club.adjustments import section_decisions
from ..club.decision_text import FAULTS
from ..club.decisions import Artificial, Assigned, Decision, Fouled, Score, Split, Weighted
from ..errors import BridgeError
from ..model import Card
from ..register.models import Board, Section, SessionResult

__all__ = ["lead_symbol", "replaced_scores", "replacing"]


def lead_symbol(lead: str) -> str:
    """A stored lead (``HK``) with its suit symbol (``♥K``); anything that is not a card as it is."""
    if not lead:
        return ""
    try:
        return Card.parse(lead).symbol
    except BridgeError:
        return lead


def _ns(score: Score, board: int) -> str:
    try:
        return str(score.ns_score(board))
    except BridgeError:  # a score the scorer cannot work out here: the line's "adj." says it in words
        return score.text()


def replacing(decision: Decision, board: int) -> str | None:
    """What ``decision`` shows in place of the table score on ``board`` (N-S's view, as the score column), or None
    when the table score stands as the basis of the decision."""
    if isinstance(decision, Assigned):
        return _ns(decision.score, board)
    if isinstance(decision, Split):
        return f"{_ns(decision.ns, board)} / {_ns(decision.ew, board)}"
    if isinstance(decision, Weighted):
        return "weighted"
    if isinstance(decision, Artificial):
        return f"{FAULTS[decision.ns]} / {FAULTS[decision.ew]}"
    if isinstance(decision, Fouled) and decision.assigned is not None:
        return _ns(decision.assigned, board)
    return None


def replaced_scores(db: Session, section: Section, board: int | None = None) -> dict[int, str]:
    """By result id, what replaced the table score of each line a ruling adjusted (on ``board``, or every board)."""
    decisions = section_decisions(db, section)
    if not decisions:
        return {}
    query = (select(SessionResult.id, Board.number).join(Board, SessionResult.board_id == Board.id)
             .where(SessionResult.id.in_(decisions)))
    if board is not None:
        query = query.where(Board.number == board)
    out: dict[int, str] = {}
    for result_id, number in db.execute(query):
        shown = replacing(decisions[result_id][0], number)
        if shown is not None:
            out[result_id] = shown
    return out
