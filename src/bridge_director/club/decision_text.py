"""A ruling's decision as a traveller prints it: short, with suit symbols and the result against the contract.

>>> score_short(Score("4S", "N", 10), 1)
'4♠= N +420'
>>> decision_short(Weighted(((Score("4S", "N", 10), 60), (Score("4S", "N", 9), 40))), 1)
'weighted: 60% 4♠= N +420, 40% 4♠−1 N −50'
>>> decision_short(Artificial(Fault.NONE, Fault.DIRECT), 1)
'artificial: N-S A+, E-W A−'
"""

from __future__ import annotations

from ..errors import BridgeError
from ..scoring.adjusted import Fault
from ..scoring.event import PASSED_OUT
from .decisions import KNOCKOUT_TEXT, Artificial, Assigned, Decision, Fouled, Score, Split, Weighted

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
FAULTS = {Fault.NONE: "A+", Fault.PARTLY: "A", Fault.DIRECT: "A−"}


def contract_short(contract: str) -> str:
    """``4SX`` as ``4♠X``; a pass as ``Passed``."""
    if contract.strip().upper() in PASSED_OUT:
        return "Passed"
    if len(contract) > 1 and contract[1] in SYMBOLS:
        return contract[0] + SYMBOLS[contract[1]] + contract[2:]
    return contract


def signed(score: int) -> str:
    return f"+{score}" if score > 0 else ("0" if score == 0 else f"−{-score}")


def score_short(score: Score, board: int) -> str:
    """``4♠= N +420``, ``3NT−1 S −50``, ``Passed``."""
    if score.contract.strip().upper() in PASSED_OUT:
        return "Passed"
    level = score.contract[:1]
    over = (score.tricks or 0) - (int(level) + 6) if level in "1234567" and level else 0
    made = "=" if over == 0 else (f"+{over}" if over > 0 else f"−{-over}")
    try:
        points = " " + signed(score.ns_score(board))
    except BridgeError:
        points = ""
    return f"{contract_short(score.contract)}{made} {score.declarer}{points}"


def decision_short(decision: Decision, board: int) -> str:
    """The decision on one line: what the scorer applied in place of the table result."""
    knockout = KNOCKOUT_TEXT if getattr(decision, "knockout", False) else ""
    if isinstance(decision, Artificial):
        return f"artificial: N-S {FAULTS[decision.ns]}, E-W {FAULTS[decision.ew]}{knockout}"
    if isinstance(decision, Assigned):
        return f"assigned: {score_short(decision.score, board)}"
    if isinstance(decision, Split):
        return f"split: N-S {score_short(decision.ns, board)}; E-W {score_short(decision.ew, board)}{knockout}"
    if isinstance(decision, Weighted):
        return "weighted: " + ", ".join(f"{w:g}% {score_short(s, board)}" for s, w in decision.outcomes)
    if isinstance(decision, Fouled):
        teams = (f"; teams N-S {FAULTS[decision.ns]}, E-W {FAULTS[decision.ew]}"
                 if decision.ns is not None and decision.ew is not None else "")
        if decision.assigned is not None:
            teams += f", assigned {score_short(decision.assigned, board)}"
        return f"fouled board: scored in group {decision.group}{teams}{knockout}"
    return decision.text()
