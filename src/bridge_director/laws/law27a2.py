"""Law 27A2 (1997: 27C): an insufficient bid made out of rotation.

Not accepted, it is a bid out of rotation and Law 31 applies (the insufficiency no longer matters: the bid is
cancelled).  Accepted under Law 29A it stands as if made in turn, but it is still insufficient: the player who
would call next (the offender's left-hand opponent) may then accept it as a legal bid or not under Law 27A1, and
if he does not, Law 27B applies to the offender's correction.  A call by that opponent over it accepts both.  If
the bid is cancelled and the offender must repeat it (31A1, the right-hand opponent having passed), the repeated
bid is insufficient in rotation and Law 27 applies to it.
"""

from __future__ import annotations

from ..model import Bid, Call, Seat
from ..table.edition import Edition
from ..table.state import TableState
from .law27 import InsufficientBid


def clause(edition: Edition) -> str:
    """``27A2`` (2017, 2007) or ``27C`` (1997)."""
    return "27C" if edition is Edition.L1997 else "27A2"


def insufficient(state: TableState, call: Call) -> bool:
    """True for a bid that is not sufficient over the auction that stands (Law 18)."""
    return isinstance(call, Bid) and not state.is_sufficient(call)


def accept_note(call: Call, edition: Edition) -> str:
    """What accepting an insufficient bid out of rotation means, for the text read to the left-hand opponent."""
    assert isinstance(call, Bid)
    return (f"; {call.symbol} is also insufficient, so after accepting it out of rotation you then decide whether "
            f"to accept it as a legal bid, and if you do not, the offender must correct it under Law 27B (Law "
            f"{clause(edition)}, 27A1); calling over it now accepts it both out of rotation and as insufficient")


def refuse_note(call: Call, edition: Edition) -> str:
    """Why Law 31 rules a refused insufficient bid out of rotation."""
    assert isinstance(call, Bid)
    return (f" Because {call.symbol} was made out of rotation, Law 31 rules it and not Law 27 (Law "
            f"{clause(edition)}); if {call.symbol} has to be repeated, it is then ruled as an insufficient bid "
            "in rotation (Law 27).")


def after_acceptance(state: TableState, offender: Seat, call: Bid, edition: Edition) -> TableState:
    """29A accepted the bid out of rotation; it is insufficient: Law 27 with the left-hand opponent choosing."""
    return state.but(pending=InsufficientBid(offender, edition, call))
