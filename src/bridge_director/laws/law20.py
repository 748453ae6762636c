"""Law 20: review and explanation of calls, where it matters to a ruling.

* A review of the auction (20B: at one's own turn to call, unless required to pass; 20C: after the final
  pass, at one's first turn to play) asked at another time is recorded, so that the director can judge any
  unauthorised information it carried (Law 16B).
* A mistaken explanation corrected (20F5) starts the misinformation path: each opponent whose partner has not
  called since his last call may change it (Law 21B1; a ``change`` event judged ``misinformation``), and the
  director considers an adjustment at the end (21B3).
"""

from __future__ import annotations

from ..model import Seat
from ..table.events import ExplanationCorrected, ReviewRequested
from ..table.judged import Note
from ..table.registry import detector
from ..table.state import TableState
from .common import flag, name, record, say
from .law73_notes import check_call_no


def _first_turn_to_play(state: TableState, seat: Seat) -> bool:
    """Law 20C1: declarer (playing his or dummy's first card) or a defender, at his first turn to play."""
    play = state.play
    if play is None:
        return True
    played = {s for trick in play.tricks for i in range(len(trick.cards)) for s in (trick.seat_of(i),)}
    declarer, dummy = play.contract.declarer, play.contract.dummy
    if seat == dummy:
        return False
    if seat == declarer:
        return play.next_seat in (declarer, dummy) and not ({declarer, dummy} & played)
    return play.next_seat == seat and seat not in played


def _wrong_time(state: TableState, seat: Seat) -> str | None:
    if state.auction_over:
        started = state.play is not None and any(trick.cards for trick in state.play.tricks)
        if not started or _first_turn_to_play(state, seat):
            return None
        if state.play is not None and seat == state.play.contract.dummy:
            return "as dummy (only declarer and the defenders may, at their first turn to play, Law 20C1)"
        return "when it was not his first turn to play (Law 20C1)"
    if seat != state.next_seat:
        return "when it was not his turn to call (Law 20B)"
    if state.must_pass(seat) is not None:
        return "when he was required to pass (Law 20B)"
    return None


@detector(ReviewRequested, order=10)
def review(state: TableState, event: ReviewRequested) -> TableState:
    wrong = _wrong_time(state, event.seat)
    if wrong is None:
        return record(state, "20B", "Review of the auction", event.seat, f"{name(event.seat)} asked for a review at "
                      "his turn: the calls were restated", event.laws)
    s = flag(state, "16B", event.seat, f"{name(event.seat)} asked for a review of the auction {wrong}: adjust if "
             "his partner chose, from logical alternatives, one suggested by the request")
    return record(s, "20B", "Review of the auction at the wrong time", event.seat,
                  f"{name(event.seat)} asked for a review {wrong}", event.laws)


def may_change(state: TableState, side_of: Seat) -> list[Seat]:
    """The opponents of ``side_of`` who may still change their last call (21B1: partner has not called since)."""
    out: list[Seat] = []
    for seat in (side_of.lho, side_of.rho):
        idx = [i for i, ac in enumerate(state.calls) if ac.seat == seat]
        if idx and not any(ac.seat == seat.partner for ac in state.calls[idx[-1] + 1:]):
            out.append(seat)
    return out


@detector(ExplanationCorrected, order=10)
def corrected(state: TableState, event: ExplanationCorrected) -> TableState:
    o = event.seat
    if event.call_no is not None:
        check_call_no(state, event.call_no)
    cards = 0 if state.play is None else sum(len(trick.cards) for trick in state.play.tricks)
    state = state.but(notes=(*state.notes, Note("correction", o, len(state.calls), cards, event.call_no,
                                                event.answer)))
    started = state.play is not None and any(trick.cards for trick in state.play.tricks)
    seats = [] if started else may_change(state, o)
    if seats:
        who = "; ".join(f"{name(s)} may change his {say(state.calls_by(s)[-1])} (Law 21B1: a 'change' judged "
                        "'misinformation')" for s in seats)
    else:
        who = "no opponent may still change a call: the director adjusts if the misinformation damaged them (21B3)"
    s = flag(state, "21B3", o, f"{name(o)}'s side corrected a mistaken explanation: adjust if the misinformation "
             "damaged the other side")
    return record(s, "20F5", "Mistaken explanation corrected", o, who, event.laws)
