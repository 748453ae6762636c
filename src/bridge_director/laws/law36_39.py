"""Laws 35-39: inadmissible calls — an inadmissible double or redouble (36), action by a player required
to pass (37), a bid above seven (38), a call after the final pass (39).  (Law 35 of 1997 lists the same
four as "accepted" when LHO calls over them: the outcomes here follow each edition's text.)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalCallError
from ..model import PASS, Bid, Call, Double, Pass, Redouble, Seat, Strain
from ..table.edition import Edition
from ..table.engine import append_call, legal_call
from ..table.events import BidAboveSeven, CallMade, Choice, Event
from ..table.registry import detector, resolve
from ..table.state import Bar, Pending, TableState
from .common import (
    adjust_law,
    adjust_text,
    bar,
    both_pass_throughout,
    flag,
    lead,
    lead_text,
    name,
    pass_throughout,
    record,
    say,
    unauthorised,
    withdrawn_law,
)
from .pending import describe, refuse
from .ruling import Option, Ruling


@dataclass(frozen=True, slots=True)
class Inadmissible(Pending):
    """36: a double or redouble that Law 19 does not permit (in rotation or not)."""

    call: Call
    turn: Seat


@dataclass(frozen=True, slots=True)
class RequiredToPass(Pending):
    """37: a call, double or redouble by a player whom the laws require to pass (or not to double)."""

    call: Call
    law: str


@dataclass(frozen=True, slots=True)
class AboveSeven(Pending):
    """38: a bid of more than seven."""

    level: int
    strain: Strain


@dataclass(frozen=True, slots=True)
class AfterFinalPass(Pending):
    """39: a call after the final pass."""

    call: Call


# ----- Law 39 -------------------------------------------------------------------------------------
@detector(CallMade, order=10)
def detect39(state: TableState, event: CallMade) -> TableState | None:
    if state.auction_over:
        return state.but(pending=AfterFinalPass(event.seat, event.laws, event.call))
    return None


def _is_defender(state: TableState, seat: Seat) -> bool:
    contract = state.contract()
    return contract is not None and seat.side != contract.side


@describe.register
def _d39(stage: AfterFinalPass, state: TableState) -> Ruling:
    o = stage.offender
    if _is_defender(state, o) and not isinstance(stage.call, Pass):
        cons = (f"{say(stage.call)} is cancelled; {lead_text(o, stage.call, stage.edition)} (Law 39B); the "
                f"information from it is unauthorised to {name(o.partner)} (Law 16C)")
    else:
        cons = f"{say(stage.call)} is cancelled with no further rectification (Law 39)"
    opt = Option("proceed", "cancel the call", cons, "39")
    note = (f" If {name(o.lho)} calls over it before the director rules, that call and {say(stage.call)} are "
            "cancelled without penalty (Law 35C)." if stage.edition is Edition.L1997 else "")
    return Ruling("Call after the final pass", "39", stage.edition, o, None, (opt,), (),
                  f"{name(o)} has called {say(stage.call)} after the auction ended (Law 39). {cons}.{note}")


@resolve.register
def _r39(stage: AfterFinalPass, state: TableState, event: Event) -> TableState:
    o, s = stage.offender, state
    if condoned_1997(stage, event):  # 1997 Law 35C: LHO called over it: both cancelled without penalty
        return record(s, "35C", "Call after the final pass", o, f"{say(stage.call)} and {name(o.lho)}'s call "
                      "over it cancelled without penalty", stage.edition)
    if not (isinstance(event, Choice) and event.option == "proceed"):
        raise refuse(_d39(stage, state), event)
    if _is_defender(state, o) and not isinstance(stage.call, Pass):
        s = lead(unauthorised(s, o, f"{name(o)}'s cancelled {say(stage.call)}"), o, stage.call, stage.edition)
    return record(s, "39", "Call after the final pass", o, f"{say(stage.call)} cancelled", stage.edition)


# ----- Law 37 -------------------------------------------------------------------------------------
@detector(CallMade, order=30)
def detect37(state: TableState, event: CallMade) -> TableState | None:
    seat, call = event.seat, event.call
    if seat != state.next_seat:
        return None
    barred = state.must_pass(seat)
    if barred is not None and not isinstance(call, Pass):
        return state.but(pending=RequiredToPass(seat, event.laws, call, barred.law))
    if isinstance(call, Double | Redouble) and any(r.bar is Bar.NO_DOUBLE_ONCE for r in state.bars(seat)):
        return state.but(pending=RequiredToPass(seat, event.laws, call, "30B1"))
    return None


def _accepted_law(edition: Edition) -> str:
    """The offender's left-hand opponent called over it: 37A (2017, 2007); in 1997, Law 35B."""
    return "35B" if edition is Edition.L1997 else "37A"


@describe.register
def _d37(stage: RequiredToPass, state: TableState) -> Ruling:
    o, lho = stage.offender, stage.offender.lho
    law = _accepted_law(stage.edition)
    accept = Option("accept", f"accept {say(stage.call)}",
                    f"{say(stage.call)} and every later call stand with no rectification for the breach; the call "
                    "is then treated by its own law (an insufficient bid you call over is accepted, Law 27A1); a "
                    f"player barred for the rest of the auction stays barred; calling over it accepts it (Law {law})",
                    law)
    cons = (f"{say(stage.call)} is cancelled and a pass is put in its place; {both_pass_throughout(o)}; "
            f"{lead_text(o, stage.call, stage.edition)}; {adjust_text(o, stage.edition)} (Law 37B)")
    refuse_opt = Option("refuse", "do not accept it", cons, "37B")
    text = (f"{name(lho)}, {name(o)} has called {say(stage.call)} when required by Law {stage.law} not to "
            f"(Law 37).\n1. You may accept it: {accept.consequence}.\n2. If you do not accept it: {cons}.\n"
            f"{name(lho)}, do you accept {say(stage.call)}?")
    return Ruling("Call by a player required to pass", "37", stage.edition, o, lho, (accept, refuse_opt), (), text)


@resolve.register
def _r37(stage: RequiredToPass, state: TableState, event: Event) -> TableState:
    o = stage.offender
    name_ = "Call by a player required to pass"
    if (isinstance(event, Choice) and event.option == "accept" and event.seat in (None, o.lho)) or \
            (isinstance(event, CallMade) and event.seat == o.lho):
        return _condoned(state, stage, event)
    if isinstance(event, Choice) and event.option == "refuse" and event.seat in (None, o.lho):
        s = legal_call(state.but(pending=None), o, PASS, stage.edition)
        s = bar(bar(s, o, Bar.PASS_THROUGHOUT, "37B"), o.partner, Bar.PASS_THROUGHOUT, "37B")
        s = lead(unauthorised(s, o, f"{name(o)}'s cancelled {say(stage.call)}"), o, stage.call, stage.edition)
        s = flag(s, adjust_law(stage.edition), o, adjust_text(o, stage.edition))
        return record(s, "37B", name_, o, f"{say(stage.call)} cancelled; {both_pass_throughout(o)}", stage.edition)
    raise refuse(_d37(stage, state), event)


def _condoned(state: TableState, stage: RequiredToPass, event: Event) -> TableState:
    """37A (1997 35B): the breach of the obligation to pass is condoned, and the call is then judged by its own law
    as if the offender had been free to make it: an insufficient bid by Law 27 (LHO's call over it accepts it,
    27A1), an inadmissible double or redouble by Law 36.  The obligation consumed by this turn is spent; an
    obligation to pass for the rest of the auction stays for the offender's later turns."""
    from ..table.engine import handle
    o = stage.offender
    s = record(state, _accepted_law(stage.edition), "Call by a player required to pass", o,
               f"{say(stage.call)} accepted", stage.edition)
    throughout = tuple(r for r in s.restrictions if r.seat == o and r.bar is Bar.PASS_THROUGHOUT)
    s = s.but(restrictions=tuple(r for r in s.restrictions if r.seat != o))
    if s.admissible(o, stage.call):
        s = append_call(s, o, stage.call)
    else:
        s = handle(CallMade(o, stage.call, stage.edition), s)
    if isinstance(event, CallMade):
        s = handle(event, s)
    return s.but(restrictions=(*s.restrictions, *throughout))


# ----- Law 36 -------------------------------------------------------------------------------------
@detector(CallMade, order=40)
def detect36(state: TableState, event: CallMade) -> TableState | None:
    if isinstance(event.call, Double | Redouble) and not state.admissible(event.seat, event.call):
        return state.but(pending=Inadmissible(event.seat, event.laws, event.call, state.next_seat))
    return None


@describe.register
def _d36(stage: Inadmissible, state: TableState) -> Ruling:
    o, ed = stage.offender, stage.edition
    in_turn = stage.turn == o
    tail = f"{pass_throughout(o.partner)}; {lead_text(o, stage.call, ed)}; {adjust_text(o, ed)} (Law 36B)"
    if in_turn:
        cons = (f"the {say(stage.call)} is cancelled and {name(o)} must make a legal call; {tail}. If "
                f"{name(o.lho)} has called over it before the director rules, that call and the {say(stage.call)} "
                f"are both cancelled and {name(o)} calls again with no further rectification (Law 36A)")
        opts: tuple[Option, ...] = (Option("36B", "any legal call", tail, "36B"),)
        return Ruling("Inadmissible double or redouble", "36", ed, o, None, opts, (),
                      f"{name(o)}, your {say(stage.call)} is not permitted by Law 19 and may not be accepted "
                      f"(Law 36): {cons}.", caller=o)
    clause = "36" if ed is Edition.L1997 else "36B4"
    cons = (f"the {say(stage.call)} is cancelled and the auction goes back to {name(stage.turn)}, whose turn it was; "
            f"{name(o)} may make any legal call at his own turn; {pass_throughout(o.partner)}; "
            f"{lead_text(o, stage.call, ed)}; {adjust_text(o, ed)} (Law {clause})")
    opt = Option("proceed", "cancel it", cons, clause)
    lho_note = (f"If {name(o.lho)} calls over it before the director rules, that call and the {say(stage.call)} are "
                f"both cancelled, the auction goes back to {name(stage.turn)} and there is no further rectification "
                f"(Law {'35A' if ed is Edition.L1997 else '36A'}).")
    turn_note = (f" If {name(stage.turn)}, whose turn it was, calls before the director rules, the {say(stage.call)} "
                 f"is cancelled with no rectification; the information from it is unauthorised to "
                 f"{name(o.partner)} (Law 28B)." if stage.turn not in (o.lho, o.partner) else "")
    return Ruling("Inadmissible double or redouble", "36", ed, o, None, (opt,), (),
                  f"{name(o)}'s {say(stage.call)} out of rotation is not permitted by Law 19 and may not be "
                  f"accepted (Law 36): {cons}. {lho_note}{turn_note}")




@resolve.register
def _r36(stage: Inadmissible, state: TableState, event: Event) -> TableState:
    o, ed = stage.offender, stage.edition
    name_ = "Inadmissible double or redouble"
    in_turn = stage.turn == o
    if in_turn and isinstance(event, CallMade) and event.seat == o.lho:
        # Law 16C2 (2007 16D2): the non-offenders' withdrawn call is authorised to them and
        # unauthorised to the offending side
        s = unauthorised(state, o, f"{name(o.lho)}'s cancelled {say(event.call)}", withdrawn_law(ed))
        s = unauthorised(s, o, f"{name(o)}'s cancelled {say(stage.call)}", withdrawn_law(ed))
        return record(s, "36A", name_, o, f"{say(stage.call)} and {name(o.lho)}'s call cancelled; {name(o)} calls "
                      "again with no rectification", ed)
    if in_turn and isinstance(event, CallMade) and event.seat == o:
        if not state.admissible(o, event.call):
            raise refuse(_d36(stage, state), f"the illegal {say(event.call)}")
        from ..table.engine import handle
        s = record(state, "36B", name_, o, f"{say(stage.call)} cancelled; {pass_throughout(o.partner)}", ed)
        s = handle(event, s)
        return _bars(s, stage)
    if not in_turn and isinstance(event, Choice) and event.option == "proceed":
        clause = "36" if ed is Edition.L1997 else "36B4"
        s = record(state, clause, name_, o, f"{say(stage.call)} out of rotation cancelled; the auction goes back to "
                   f"{name(stage.turn)}; {pass_throughout(o.partner)}", ed)
        return _bars(s, stage)
    if not in_turn and isinstance(event, CallMade) and event.seat == o.lho:
        law = "35A" if ed is Edition.L1997 else "36A"
        s = unauthorised(state, o, f"{name(o.lho)}'s cancelled {say(event.call)}", withdrawn_law(ed))
        s = unauthorised(s, o, f"{name(o)}'s cancelled {say(stage.call)}", withdrawn_law(ed))
        return record(s, law, name_, o, f"{say(stage.call)} out of rotation and {name(o.lho)}'s call cancelled; the "
                      f"auction goes back to {name(stage.turn)} with no further rectification", ed)
    if not in_turn and isinstance(event, CallMade) and event.seat == stage.turn and stage.turn != o.partner:
        from ..table.engine import handle
        s = record(state, "28B", name_, o, f"{say(stage.call)} by {name(o)} cancelled by {name(stage.turn)}'s call "
                   "in turn", ed)
        return handle(event, unauthorised(s, o, f"{name(o)}'s cancelled {say(stage.call)}", withdrawn_law(ed)))
    raise refuse(_d36(stage, state), event)


def _bars(s: TableState, stage: Inadmissible) -> TableState:
    o, ed = stage.offender, stage.edition
    s = bar(s, o.partner, Bar.PASS_THROUGHOUT, "36B")
    s = lead(unauthorised(s, o, f"{name(o)}'s cancelled {say(stage.call)}"), o, stage.call, ed)
    return flag(s, adjust_law(ed), o, adjust_text(o, ed))


# ----- Law 38 -------------------------------------------------------------------------------------
@detector(BidAboveSeven, order=10)
def detect38(state: TableState, event: BidAboveSeven) -> TableState | None:
    if event.level <= 7:
        raise IllegalCallError(f"{event.level}{event.strain.symbol} is not above seven: enter it as a call",
                               law="38")
    return state.but(pending=AboveSeven(event.seat, event.laws, event.level, event.strain))


@describe.register
def _d38(stage: AboveSeven, state: TableState) -> Ruling:
    o, ed = stage.offender, stage.edition
    bid = f"{stage.level}{stage.strain.symbol}"
    cons = (f"{bid} is cancelled and a pass is put in its place; {both_pass_throughout(o)}; "
            f"{lead_text(o, Bid(1, stage.strain), ed)}; {adjust_text(o, ed)} (Law 38)")
    opt = Option("proceed", "cancel the bid", cons, "38")
    note = (f" If {name(o.lho)} calls over it before the director rules, that call and {bid} are cancelled, a "
            f"pass is put in place of {bid} and the auction goes on without penalty (Law 35D)."
            if ed is Edition.L1997 else "")
    return Ruling("Bid above seven", "38", ed, o, None, (opt,), (),
                  f"{name(o)} has bid {bid}, which may never be played (Law 38): {cons}.{note}")


@resolve.register
def _r38(stage: AboveSeven, state: TableState, event: Event) -> TableState:
    o, ed = stage.offender, stage.edition
    s = state.but(pending=None)
    if condoned_1997(stage, event):  # 1997 Law 35D: LHO called over it: both cancelled, a pass, no penalty
        if o == s.next_seat and not s.auction_over:
            s = legal_call(s, o, PASS, ed)
        return record(s, "35D", "Bid above seven", o, f"{stage.level}{stage.strain} and {name(o.lho)}'s call over "
                      f"it cancelled; a pass put in its place without penalty", ed)
    if not (isinstance(event, Choice) and event.option == "proceed"):
        raise refuse(_d38(stage, state), event)
    if o == s.next_seat and not s.auction_over:
        s = legal_call(s, o, PASS, ed)
    s = bar(bar(s, o, Bar.PASS_THROUGHOUT, "38"), o.partner, Bar.PASS_THROUGHOUT, "38")
    s = lead(unauthorised(s, o, f"{name(o)}'s cancelled bid above seven"), o, Bid(1, stage.strain), ed)
    s = flag(s, adjust_law(ed), o, adjust_text(o, ed))
    return record(s, "38", "Bid above seven", o, f"{stage.level}{stage.strain} cancelled; {both_pass_throughout(o)}",
                  ed)


def condoned_1997(stage: Pending, event: Event) -> bool:
    """1997 Law 35C/35D: the offender's left-hand opponent called over the inadmissible call."""
    return stage.edition is Edition.L1997 and isinstance(event, CallMade) and event.seat == stage.offender.lho
