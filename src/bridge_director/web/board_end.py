"""The play's end on the table page: revokes to correct, a disputed claim's evidence, the board summary.

Read-only views of what the engine decided (``table.summary.board_summary``, the Law 70 helpers of
``laws.law68_71``); nothing here changes a state.
"""

from __future__ import annotations

from ..errors import BridgeError
from ..laws.law68_71 import DisputedClaim, checklist, double_dummy, left
from ..model import Card, Seat
from ..table.state import TableState
from ..table.summary import board_summary
from .schemas import CardOut, ClaimOut, RevokeOut, SummaryOut, TransferOut


def card_out(card: Card) -> CardOut:
    return CardOut(card=str(card), symbol=card.symbol, red=card.suit.name in ("HEARTS", "DIAMONDS"))


def revokes_view(state: TableState) -> list[RevokeOut]:
    """Every revoke the engine saw; ``held`` lists the cards that can still correct one (Law 62A)."""
    play = state.play
    out: list[RevokeOut] = []
    for r in state.period.revokes:
        can_fix = play is not None and not (r.established or r.corrected or state.period.ended)
        held = [card_out(c) for c in r.held if play is not None and c in play.hands[r.seat]] if can_fix else []
        out.append(RevokeOut(seat=r.seat.name.title(), trick=r.trick, card=r.card.symbol, suit=r.suit.name.lower(),
                             established=r.established, corrected=r.corrected, held=held))
    return out


def claim_view(state: TableState) -> ClaimOut | None:
    """The evidence for a disputed claim (Law 70): remaining hands, double dummy, the 70C/D/E checklist."""
    stage, play = state.pending, state.play
    if not isinstance(stage, DisputedClaim) or play is None:
        return None
    claimer = stage.offender
    try:
        dd = f"{claimer.name.title()}'s side takes {double_dummy(play, claimer)} of the {left(play)} tricks"
    except BridgeError as err:
        dd = err.message
    hands = [f"{seat.name.title()}: {play.hands[seat]}" for seat in Seat]
    return ClaimOut(claimer=claimer.name.title(), tricks=stage.tricks, left=left(play), statement=stage.statement,
                    hands=hands, double_dummy=dd, checklist=checklist(play, claimer, stage.statement))


def summary_view(state: TableState) -> SummaryOut | None:
    """The end-of-board summary once the play has ended (thirteen tricks, or a claim settled)."""
    play = state.play
    if play is None or not (play.finished or state.period.ended):
        return None
    s = board_summary(state)
    return SummaryOut(
        contract=str(s.contract) if s.contract else None, tricks_at_table=s.tricks_at_table,
        transfers=[TransferOut(law=t.law, offender=t.offender.name.title(), tricks=t.tricks, text=t.text)
                   for t in s.transfers],
        adjustments=[f"Law {a.law}: declarer credited with {a.declarer_tricks} tricks" + (f" ({a.text})" if a.text
                                                                                            else "")
                     for a in s.adjustments],
        final_tricks=s.final_tricks, result=s.result, score_ns=s.score_ns, flags=list(s.flags),
        unauthorised=list(s.unauthorised), rulings=list(s.rulings), notes=list(s.notes), pending=s.pending)
