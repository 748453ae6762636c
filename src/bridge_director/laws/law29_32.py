"""Laws 28-32: calls out of rotation — deemed in rotation (28), acceptance and cancellation (29),
pass (30), bid (31), double or redouble (32) out of rotation, by edition; Law 33 and 34 notes.

Law 33 (simultaneous calls): record the call of the player whose turn it was first; the other call
is then judged as subsequent.  Law 34 (retention of the right to call) is built into
``TableState.auction_over``: three passes end the auction only when they come from the three players
other than the last one to call, so a player skipped by an accepted pass out of rotation still calls.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalCallError
from ..model import PASS, Bid, Call, Double, Pass, Redouble, Seat
from ..table.edition import Edition
from ..table.engine import legal_call
from ..table.events import CallChanged, CallMade, Choice, Event, Judgement
from ..table.registry import after_call, detector, resolve
from ..table.state import Bar, Pending, TableState, Watch
from . import law27a2
from .common import (
    adjust_law,
    adjust_text,
    bar,
    enforced_pass,
    flag,
    kind,
    lead_text,
    name,
    no_double_once,
    pass_once,
    pass_throughout,
    record,
    say,
    unauthorised,
    withdrawn_law,
)
from .pending import describe, refuse
from .ruling import Option, Question, Ruling

NAME = "Call out of rotation"


@dataclass(frozen=True, slots=True)
class OutOfRotation(Pending):
    """A call out of rotation awaiting LHO's decision (29A); ``turn`` is whose turn it was."""

    call: Call
    turn: Seat


@dataclass(frozen=True, slots=True)
class ArtificialPass(Pending):
    """30C: the director judges whether a pass out of rotation was artificial (then Law 31 applies)."""

    call: Call
    turn: Seat


@dataclass(frozen=True, slots=True)
class ComparableCheck(Pending):
    """2017: the offender's call at his turn after a cancelled call out of rotation; comparable (23A)?"""

    withdrawn: Call
    replacement: Call
    law: str


@dataclass(frozen=True, slots=True)
class DenominationCheck(Pending):
    """1997/2007 31A2: does the offender's bid repeat the denomination(s) of the cancelled bid (29C)?"""

    withdrawn: Call
    replacement: Call


def law_of(call: Call) -> str:
    return "30" if isinstance(call, Pass) else "31" if isinstance(call, Bid) else "32"


def position(state: TableState, offender: Seat, turn: Seat) -> str:
    """``rho``, ``partner``, ``lho-first`` (offender has not called) or ``lho-change`` (a change of call)."""
    if turn == offender.rho:
        return "rho"
    if turn == offender.partner:
        return "partner"
    return "lho-change" if state.has_called(offender) else "lho-first"


# ----- detection -----------------------------------------------------------------------------------
@detector(CallMade, order=20)
def detect(state: TableState, event: CallMade) -> TableState | None:
    seat, turn, call = event.seat, state.next_seat, event.call
    if seat == turn or state.auction_over:
        return None
    if seat == turn.lho and state.must_pass(turn) is not None:
        # Law 28A: at RHO's turn when RHO must pass the call is in rotation; RHO's pass is taken as made.
        from ..table.engine import handle
        return handle(event, legal_call(state, turn, PASS, event.laws))
    if isinstance(call, Double | Redouble) and not state.admissible(seat, call):
        return None  # Law 36 (an inadmissible double is never accepted)
    return state.but(pending=OutOfRotation(seat, event.laws, call, turn))


@detector(CallMade, order=45)
def detect_repeat(state: TableState, event: CallMade) -> TableState | None:
    """31A1/32A1: after RHO passed, the offender must repeat the call out of rotation."""
    for r in state.bars(event.seat):
        if r.bar is Bar.REPEAT and r.call is not None and event.call != r.call and event.seat == state.next_seat:
            from ..errors import IllegalCallError
            raise IllegalCallError(f"{name(event.seat)} must repeat {say(r.call)}: the right-hand opponent passed "
                                   f"after the cancelled call out of rotation", law=r.law)
    return None


# ----- wording -------------------------------------------------------------------------------------
def outcome(stage: OutOfRotation, state: TableState, artificial: bool = False) -> str:
    """What follows if LHO does not accept, in words, by position and edition."""
    o, ed, call = stage.offender, stage.edition, stage.call
    pos = position(state, o, stage.turn)
    law = "31" if artificial else law_of(call)
    back = f"the call is cancelled and the auction goes back to {name(stage.turn)}, whose turn it was"
    lead = lead_text(o, call, ed)
    if pos == "lho-change":
        return (f"{say(call)} is treated as an attempt by {name(o)} to change his call of "
                f"{say(state.calls_by(o)[-1])}, and Law 25 applies")
    if law == "30":
        if pos == "rho" or (ed is not Edition.L2017 and state.last_bid is None):
            return f"{back}; {pass_once(o)} (Law 30A)"
        if ed is Edition.L2017:
            return (f"{back}; {name(o.partner)} may make any legal call at their turn, but may not use the "
                    f"information from the cancelled pass (Law 16C2); at {name(o)}'s next turn, if the director "
                    f"judges that call comparable to the pass there is no further rectification; otherwise "
                    f"{pass_once(o.partner)}; {lead} (Law 30B1)")
        return f"{back}; {pass_throughout(o)}, and {no_double_once(o.partner)} (Law 30B1)"
    sub = "31" if law == "31" else "32"
    if pos == "rho":
        if ed is Edition.L2017:
            return (f"{back}. If {name(stage.turn)} passes, {name(o)} must repeat {say(call)} and there is no "
                    f"further rectification; if {name(stage.turn)} bids, doubles or redoubles, {name(o)} may make "
                    f"any legal call: if the director judges it comparable to {say(call)}, no further rectification; "
                    f"otherwise {pass_once(o.partner)}; {lead} (Law {sub}A)")
        if sub == "31":
            return (f"{back}. If {name(stage.turn)} passes, {name(o)} must repeat {say(call)} and there is no "
                    f"further rectification; if {name(stage.turn)} bids, doubles or redoubles, {name(o)} may make "
                    f"any legal call: a bid in the same denomination means {pass_once(o.partner)}; any other call "
                    f"means {pass_throughout(o.partner)}, and {lead} (Law 31A)")
        return (f"{back}. If {name(stage.turn)} passes, {name(o)} must repeat the {kind(call)} and there is no "
                f"further rectification; if {name(stage.turn)} bids, {name(o)} may make any legal call and "
                f"{pass_throughout(o.partner)}; {lead} (Law 32A)")
    if ed is Edition.L2017:
        return (f"{back}; {name(o.partner)} may make any legal call at their turn but may not use the information "
                f"from the cancelled {kind(call)} (Law 16C2); at {name(o)}'s next turn, if the director judges the "
                f"call comparable to {say(call)}, no further rectification; otherwise {pass_once(o.partner)}; "
                f"{lead} (Law {sub}B)")
    return f"{back}; {name(o)} may make any legal call at their turn; {pass_throughout(o.partner)}; {lead} (Law {sub}B)"


@describe.register
def _describe(stage: OutOfRotation, state: TableState) -> Ruling:
    o, lho = stage.offender, stage.offender.lho
    short = law27a2.insufficient(state, stage.call)  # Law 27A2: an insufficient bid out of rotation
    accept = Option("accept", f"accept the {kind(stage.call)}",
                    f"{say(stage.call)} stands as if made in turn and the auction continues with you; calling "
                    "over it accepts it (Law 29A)" + (law27a2.accept_note(stage.call, stage.edition) if short else ""),
                    "29A")
    artificial_note = (" If the director judges the pass artificial, it is treated as a bid out of rotation "
                       "(Law 30C)." if isinstance(stage.call, Pass) else "")
    if short and position(state, o, stage.turn) != "lho-change":
        artificial_note = law27a2.refuse_note(stage.call, stage.edition)
    refuse_opt = Option("refuse", "do not accept it", outcome(stage, state) + "." + artificial_note,
                        law_of(stage.call))
    turn_note = ""
    if stage.turn == o.rho:  # Law 28B: only the opponent whose turn it was cancels it by calling
        turn_note = (f" If {name(stage.turn)}, whose turn it was, calls before the director rules, the call out "
                     f"of rotation is cancelled and the auction goes on from that call; the information from it is "
                     f"unauthorised to {name(o.partner)} (Law 28B).")
    # "an insufficient bid of 1♥", "a bid of 2♠", but "a double", never "a double of double"
    what = (f"an insufficient bid of {say(stage.call)}" if short else f"a bid of {say(stage.call)}"
            if isinstance(stage.call, Bid) else f"a {kind(stage.call)}")
    text = (f"{name(lho)}, {name(o)} has made {what} out of rotation, at "
            f"{name(stage.turn)}'s turn (Law {law_of(stage.call)}).\n"
            f"1. You may accept it: {accept.consequence}.\n"
            f"2. If you do not accept it: {refuse_opt.consequence}{turn_note}\n"
            f"{name(lho)}, do you accept {say(stage.call)}?")
    return Ruling(NAME, "29", stage.edition, o, lho, (accept, refuse_opt), (), text)


@describe.register
def _describe_artificial(stage: ArtificialPass, state: TableState) -> Ruling:
    q = Question("artificial", f"Was {name(stage.offender)}'s pass out of rotation artificial?", ("yes", "no"), "30C")
    return Ruling(NAME, "30C", stage.edition, stage.offender, None, (), (q,),
                  f"Director: {q.text} (Law 30C){_card_note(stage, state)}")


def _card_note(stage: Pending, state: TableState) -> str:
    """The offending side's system card on the director's question, by edition ('' without a card)."""
    if state.system is None:
        return ""
    from .card_advice import note
    return note(stage, state)


@describe.register
def _describe_comparable(stage: ComparableCheck, state: TableState) -> Ruling:
    q = Question("comparable", f"Is {name(stage.offender)}'s {say(stage.replacement)} comparable to the cancelled "
                 f"{say(stage.withdrawn)} (same or similar meaning, a subset of its meanings, or the same purpose)?",
                 ("yes", "no"), "23A")
    card = _card_note(stage, state)  # the system card's answer, for the director to confirm
    return Ruling(NAME, stage.law, stage.edition, stage.offender, None, (), (q,),
                  f"Director: {q.text} If yes, there is no further rectification, and at the end you will adjust "
                  f"the score if without the help gained the outcome could well have been different (Law 23C); if no, "
                  f"{pass_once(stage.offender.partner)} (Law {stage.law}).{card}")


# ----- rectification -------------------------------------------------------------------------------
@resolve.register
def _resolve(stage: OutOfRotation, state: TableState, event: Event) -> TableState:
    from ..table.engine import handle
    o, lho = stage.offender, stage.offender.lho
    if isinstance(event, Choice) and event.seat in (None, lho):
        if event.option == "accept":
            return _accept(state, stage)
        if event.option == "refuse":
            if isinstance(stage.call, Pass) and position(state, o, stage.turn) != "lho-change":
                return state.but(pending=ArtificialPass(o, stage.edition, stage.call, stage.turn))
            return cancel(state, stage, artificial=False)
    if isinstance(event, CallMade):
        if event.seat == stage.turn == o.rho:  # Law 28B: a call in turn by an opponent of the offender
            s = record(state, "28B", NAME, o, f"{say(stage.call)} by {name(o)} cancelled by {name(stage.turn)}'s "
                       "call in turn", stage.edition)
            s = unauthorised(s, o, f"{name(o)}'s cancelled {say(stage.call)}", withdrawn_law(stage.edition))
            return handle(event, s)
        if event.seat == lho:  # Law 29A: calling over it accepts it
            return handle(event, _accept(state, stage))
        if event.seat == stage.turn == o.partner:
            raise IllegalCallError(f"{name(o.partner)} is {name(o)}'s partner: a call by the offender's partner "
                                   f"does not cancel {say(stage.call)} (Law 28B covers only the opponent whose turn "
                                   f"it was); {name(lho)} first chooses whether to accept {say(stage.call)}",
                                   law="28B")
    raise refuse(_describe(stage, state), event)


def _accept(state: TableState, stage: OutOfRotation) -> TableState:
    s = record(state, "29A", NAME, stage.offender, f"{say(stage.call)} by {name(stage.offender)} accepted",
               stage.edition)
    if isinstance(stage.call, Bid) and law27a2.insufficient(state, stage.call):
        return law27a2.after_acceptance(s, stage.offender, stage.call, stage.edition)  # 27A2 then 27A1
    return legal_call(s, stage.offender, stage.call, stage.edition)


@resolve.register
def _resolve_artificial(stage: ArtificialPass, state: TableState, event: Event) -> TableState:
    if isinstance(event, Judgement) and event.question == "artificial" and event.answer in ("yes", "no"):
        oor = OutOfRotation(stage.offender, stage.edition, stage.call, stage.turn)
        return cancel(state, oor, artificial=event.answer == "yes")
    raise refuse(_describe_artificial(stage, state), event)


def cancel(state: TableState, stage: OutOfRotation, *, artificial: bool) -> TableState:
    """LHO did not accept: cancel the call and set what follows (Laws 30, 31, 32)."""
    o, ed, call = stage.offender, stage.edition, stage.call
    pos = position(state, o, stage.turn)
    if pos == "lho-change":
        from ..table.engine import handle
        s = state.but(pending=None)
        return handle(CallChanged(o, call, ed), s)
    law = "31" if artificial else law_of(call)
    text = outcome(stage, state, artificial)
    s = record(state, law, NAME, o, f"{say(call)} by {name(o)} at {name(stage.turn)}'s turn not accepted: {text}", ed)
    s = unauthorised(s, o, f"{name(o)}'s cancelled {say(call)}")  # 16C (2007: 16D)
    if law == "30":
        if pos == "rho" or (ed is not Edition.L2017 and state.last_bid is None):
            return bar(s, o, Bar.PASS_ONCE, "30A")
        if ed is Edition.L2017:
            return s.but(watches=(*s.watches, Watch(o, call, "30B1", "next", ed, armed=True)))
        s = bar(s, o, Bar.PASS_THROUGHOUT, "30B1")
        s = bar(s, o.partner, Bar.NO_DOUBLE_ONCE, "30B1")
        return flag(s, adjust_law(ed), o, adjust_text(o, ed))
    sub = "31" if law == "31" else "32"
    if pos == "rho":
        return s.but(watches=(*s.watches, Watch(o, call, f"{sub}A", "rho", ed)))
    if ed is Edition.L2017:
        return s.but(watches=(*s.watches, Watch(o, call, f"{sub}B", "next", ed, armed=True)))
    return enforced_pass(s, o, call, f"{sub}B", ed)


@after_call
def _watch(state: TableState, seat: Seat, call: Call, edition: Edition) -> TableState:
    """Follow a cancelled call out of rotation to the right-hand opponent's call and the offender's next call."""
    if not state.watches:
        return state
    keep: list[Watch] = []
    for w in state.watches:
        if w.kind == "rho" and not w.armed and seat == w.offender.rho:
            w = Watch(w.offender, w.withdrawn, w.law, w.kind, w.edition, call, armed=True)
            if isinstance(call, Pass):
                state = bar(state, w.offender, Bar.REPEAT, f"{w.law}1", w.withdrawn)
            keep.append(w)
        elif w.armed and seat == w.offender and w.kind in ("rho", "next"):
            state = _judge(state, w, call)
        else:
            keep.append(w)
    return state.but(watches=tuple(keep))


def _judge(state: TableState, w: Watch, call: Call) -> TableState:
    o, ed = w.offender, w.edition
    if w.kind == "rho" and isinstance(w.rho_call, Pass):
        return record(state, f"{w.law}1", NAME, o, f"{name(o)} repeated {say(call)}: no further rectification", ed)
    if ed is Edition.L2017:
        law = f"{w.law}2" if w.kind == "rho" else w.law
        return state.but(pending=ComparableCheck(o, ed, w.withdrawn, call, law))
    if w.law.startswith("31") and isinstance(call, Bid) and isinstance(w.withdrawn, Bid):
        # 31A2(a) with 29C: the denomination(s) the cancelled bid specified (if artificial), a director's judgement
        return state.but(pending=DenominationCheck(o, ed, w.withdrawn, call))
    return _other_call(state, o, w.withdrawn, call, w.law, ed)


def _other_call(state: TableState, o: Seat, withdrawn: Call, call: Call, law_: str, ed: Edition) -> TableState:
    law = f"{law_}2(b)" if law_.startswith("31") else f"{law_}2"
    s = enforced_pass(state, o, withdrawn, law, ed)
    return record(s, law, NAME, o, f"{name(o)} called {say(call)}: {pass_throughout(o.partner)}", ed)


@describe.register
def _describe_denomination(stage: DenominationCheck, state: TableState) -> Ruling:
    q = Question("same_denomination", f"Does {name(stage.offender)}'s {say(stage.replacement)} repeat the "
                 f"denomination(s) specified by the cancelled {say(stage.withdrawn)} (Law 29C: if the call out of "
                 f"rotation was artificial, the denomination(s) it specified count, not the one it named)?",
                 ("yes", "no"), "29C")
    o = stage.offender
    return Ruling(NAME, "31A2", stage.edition, o, None, (), (q,),
                  f"Director: {q.text} If yes, {pass_once(o.partner)} (Law 31A2(a)); if no, "
                  f"{pass_throughout(o.partner)}, and {lead_text(o, stage.withdrawn, stage.edition)} (Law 31A2(b))."
                  f"{_card_note(stage, state)}")


@resolve.register
def _resolve_denomination(stage: DenominationCheck, state: TableState, event: Event) -> TableState:
    if not (isinstance(event, Judgement) and event.question == "same_denomination" and event.answer in ("yes", "no")):
        raise refuse(_describe_denomination(stage, state), event)
    o, ed = stage.offender, stage.edition
    s = state.but(pending=None)
    if event.answer == "no":
        return _other_call(s, o, stage.withdrawn, stage.replacement, "31A", ed)
    s = bar(s, o.partner, Bar.PASS_ONCE, "31A2(a)")
    s = flag(s, adjust_law(ed), o, adjust_text(o, ed))
    return record(s, "31A2(a)", NAME, o, f"{name(o)} repeated the denomination: {pass_once(o.partner)}", ed)


@resolve.register
def _resolve_comparable(stage: ComparableCheck, state: TableState, event: Event) -> TableState:
    if not (isinstance(event, Judgement) and event.question == "comparable" and event.answer in ("yes", "no")):
        raise refuse(_describe_comparable(stage, state), event)
    o, ed = stage.offender, stage.edition
    if event.answer == "yes":
        s = flag(state, "23C", o, f"{name(o)}'s {say(stage.replacement)} replaced a cancelled {say(stage.withdrawn)}: "
                 "adjust if without the help gained the outcome could well have been different")
        return record(s, "23A", NAME, o, f"{say(stage.replacement)} judged comparable: no further rectification", ed)
    s = enforced_pass(state, o, stage.withdrawn, stage.law, ed, throughout=False)
    return record(s, stage.law, NAME, o, f"{say(stage.replacement)} not comparable: {pass_once(o.partner)}", ed)

