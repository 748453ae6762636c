"""Facts for judgement: a break in tempo, an alert and explanation, a remark or gesture, a psyche reported.

None of these stops the table: each is kept as a ``Note`` on the state for a later ruling, and where it carries
information to the player's partner it is marked unauthorised to that side (Law 16B1(a); 1997 16A):

* a break in tempo (Law 73A2 and 73D1): agreed, or disputed (the director finds the facts, Law 85);
* an explanation of partner's call (Law 20F1), with the alert or its absence: the answer is unauthorised to the
  player whose call was explained (Laws 16B1(a), 20F, 73C);
* an extraneous remark, question or gesture (Law 73B1);
* a psyche (Law 40C1; 1997 40A): recorded for the authority's psyche regulation (``laws.law40_review``).
"""

from __future__ import annotations

from ..errors import IllegalCallError
from ..table.edition import Edition
from ..table.events import Explanation, Hesitation, PsycheReported, Remark
from ..table.judged import Note
from ..table.registry import detector
from ..table.state import TableState
from .common import flag, name, record, say, unauthorised


def ui_law(edition: Edition) -> str:
    """The law on unauthorised information from partner: 16B (2017, 2007), 16A (1997)."""
    return "16A" if edition is Edition.L1997 else "16B"


def psyche_law(edition: Edition) -> str:
    """A psyche is a deviation from the side's understandings: 40C1 (2017, 2007), 40A (1997)."""
    return "40A" if edition is Edition.L1997 else "40C1"


def cards_played(state: TableState) -> int:
    play = state.play
    return 0 if play is None else sum(len(trick.cards) for trick in play.tricks)


def add_note(state: TableState, note: Note) -> TableState:
    return state.but(notes=(*state.notes, note))


def check_call_no(state: TableState, call_no: int) -> None:
    """``call_no`` must be a call that stands (1 = the first call of the auction)."""
    if not 1 <= call_no <= len(state.calls):
        raise IllegalCallError(f"there is no call {call_no}: the auction has {len(state.calls)} calls", law="20")


@detector(Hesitation, order=10)
def hesitation(state: TableState, event: Hesitation) -> TableState:
    s = add_note(state, Note("hesitation", event.seat, len(state.calls), cards_played(state), agreed=event.agreed,
                             skip_warning=event.skip_warning, seconds=event.seconds, unusual=event.unusual))
    if event.unusual is False:  # the director found the tempo normal for the situation: no break, no information
        return s
    law = ui_law(event.laws)
    if not event.agreed:
        return flag(s, "85", event.seat, f"a break in tempo by {name(event.seat)} is disputed: the director "
                    "establishes the facts on the balance of probabilities (Law 85A) before any Law "
                    f"{law} ruling")
    return unauthorised(s, event.seat, f"{name(event.seat)}'s break in tempo (Law 73A2)", law)


@detector(Explanation, order=10)
def explanation(state: TableState, event: Explanation) -> TableState:
    if event.call_no is None:  # a play agreement (leads, carding), which belongs to no call
        about = event.about.strip() or "the play"
        s = add_note(state, Note("explanation", event.seat, len(state.calls), cards_played(state), None,
                                 event.answer, asked_by=event.asked_by, alerted=event.alerted, about=about))
        return unauthorised(s, event.seat, f"{name(event.seat)}'s explanation of his side's agreement on {about}: "
                            f"\"{event.answer}\"", ui_law(event.laws))
    check_call_no(state, event.call_no)
    called = state.calls[event.call_no - 1]
    if called.seat != event.seat.partner:
        raise IllegalCallError(f"call {event.call_no} ({say(called.call)}) was made by {name(called.seat)}: a "
                               f"player explains his partner's calls (Law 20F1)", law="20F1")
    s = add_note(state, Note("explanation", event.seat, len(state.calls), cards_played(state), event.call_no,
                             event.answer, asked_by=event.asked_by, alerted=event.alerted))
    alert = "" if event.alerted else " (the call was not alerted)"
    return unauthorised(s, event.seat, f"{name(event.seat)}'s explanation of {name(called.seat)}'s "
                        f"{say(called.call)}: \"{event.answer}\"{alert}", ui_law(event.laws))


@detector(Remark, order=10)
def remark(state: TableState, event: Remark) -> TableState:
    if not event.text.strip():
        raise IllegalCallError("say what was said or done (the remark or gesture)", law="73B1")
    kind = "gesture" if event.gesture else "remark"
    s = add_note(state, Note(kind, event.seat, len(state.calls), cards_played(state), text=event.text.strip()))
    return unauthorised(s, event.seat, f"{name(event.seat)}'s {kind}: \"{event.text.strip()}\" (Law 73B1)",
                        ui_law(event.laws))


@detector(PsycheReported, order=10)
def psyche(state: TableState, event: PsycheReported) -> TableState:
    check_call_no(state, event.call_no)
    called = state.calls[event.call_no - 1]
    if called.seat != event.seat:
        raise IllegalCallError(f"call {event.call_no} ({say(called.call)}) was made by {name(called.seat)}, not "
                               f"{name(event.seat)}", law=psyche_law(event.laws))
    s = add_note(state, Note("psyche", event.seat, len(state.calls), cards_played(state), event.call_no,
                             say(called.call)))
    return record(s.but(pending=state.pending), psyche_law(event.laws), "Psyche", event.seat,
                  f"{name(event.seat)}'s {say(called.call)} (call {event.call_no}) reported as a psyche: the "
                  "director classifies it under the authority's regulation and records it", event.laws)
