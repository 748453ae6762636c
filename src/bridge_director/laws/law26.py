"""Law 26: the lead restriction after a withdrawn call, worked out once the auction has ended.

2017 (26B): declarer may forbid the lead of any one suit the offender has not specified in the legal
auction, at his partner's first turn to lead, while partner keeps the lead; none after a comparable call.
2007/1997 (26A/26B): a suit specified by the withdrawn call and not specified by the offender in the legal
auction may be required or forbidden; otherwise declarer may forbid any one suit.
"""

from __future__ import annotations

from ..model import Bid, Strain, Suit
from ..table.state import TableState
from .common import name
from .ruling import Edition


def named_suits(state: TableState, seat: object) -> set[Suit]:
    """Suits named by ``seat``'s bids in the legal auction (natural bids; artificial ones are the director's call)."""
    return {ac.call.strain.suit for ac in state.calls if ac.seat == seat and isinstance(ac.call, Bid)
            and ac.call.strain is not Strain.NOTRUMP and ac.call.strain.suit is not None}


def lead_restrictions_in_force(state: TableState) -> list[str]:
    """Each Law 26 restriction that applies now that the auction is over, as declarer's exact options."""
    contract = state.contract()
    if contract is None:
        return []
    out: list[str] = []
    for lr in state.lead_restrictions:
        o = lr.offender
        if o.side == contract.side:
            continue
        partner = o.partner
        when = ("on the opening lead" if partner == contract.opening_leader
                else f"at {name(partner)}'s first turn to lead")
        keep = f"for as long as {name(partner)} keeps the lead"
        named = named_suits(state, o)
        if lr.edition is Edition.L2017:
            free = [s for s in reversed(Suit) if s not in named]
            if not free:
                continue
            out.append(f"{when}, declarer may forbid {name(partner)} to lead any one of "
                       f"{', '.join(s.symbol for s in free)} {keep} (Law 26B; withdrawn {lr.withdrawn})")
            continue
        specified = [Suit(i) for i in lr.specified if Suit(i) not in named]
        if specified:
            suit = specified[0]
            out.append(f"{when}, declarer may require {name(partner)} to lead {suit.symbol}, or forbid the lead of "
                       f"{suit.symbol} {keep} (Law 26A; withdrawn {lr.withdrawn})")
        else:
            out.append(f"{when}, declarer may forbid {name(partner)} to lead any one suit {keep} "
                       f"(Law 26B; withdrawn {lr.withdrawn})")
    return out
