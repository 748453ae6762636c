"""Laws 25 and 21B: a change of call — unintended (25A), after misinformation (21B1), or intended (25B),
by edition (2017: the substitute is cancelled unless LHO accepts; 2007/1997: the offender may let the
first call stand with partner passing once, or call anew with his side limited to average minus).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalCallError
from ..model import Call, Seat
from ..table.edition import Edition
from ..table.events import CallChanged, CallMade, Choice, Event, Judgement
from ..table.registry import detector, resolve
from ..table.state import Bar, Pending, TableState
from .common import bar, flag, lead, lead_text, name, pass_once, record, say, unauthorised, withdrawn_law
from .pending import describe, refuse
from .ruling import Option, Question, Ruling

NAME = "Change of call"
NATURES = ("unintended", "misinformation", "change_of_mind")


@dataclass(frozen=True, slots=True)
class ChangeOfCall(Pending):
    """A player replaces his call; the director judges what kind of change it is."""

    original: Call
    replacement: Call
    index: int


@dataclass(frozen=True, slots=True)
class IntendedChange(Pending):
    """25B: an intended change before LHO called; LHO may accept the substitute."""

    original: Call
    replacement: Call
    index: int


@dataclass(frozen=True, slots=True)
class OffenderElects(Pending):
    """2007/1997 25B2: LHO did not accept; the offender lets the first call stand or calls anew."""

    original: Call
    replacement: Call
    index: int
    anew: bool = False


@dataclass(frozen=True, slots=True)
class MisinformedChange(Pending):
    """21B1(a): a change of call said to follow misinformation; the director judges whether it is allowed.
    ``offender`` is the player changing his call (the misinformed side: the opponents are the offending side)."""

    original: Call
    replacement: Call
    index: int


@dataclass(frozen=True, slots=True)
class LhoMayWithdraw(Pending):
    """25A5 / 21B2: LHO had called over the call now replaced; he may withdraw his call."""

    original: Call
    replacement: Call
    index: int
    law: str


def _index(state: TableState, seat: Seat) -> int:
    for i in range(len(state.calls) - 1, -1, -1):
        if state.calls[i].seat == seat:
            return i
    raise IllegalCallError(f"{name(seat)} has made no call to change", law="25")


@detector(CallChanged, order=10)
def detect(state: TableState, event: CallChanged) -> TableState:
    if state.play is not None and any(trick.cards for trick in state.play.tricks):
        raise IllegalCallError("the opening lead has been faced: the auction period is over and no call may be "
                               "changed; if misinformation damaged the side that called, the director adjusts the "
                               "score (Law 21B3)", law="21B3")
    i = _index(state, event.seat)
    later = [ac.seat for ac in state.calls[i + 1:]]
    if event.seat.partner in later or event.seat.rho in later or len(later) > 1:
        raise IllegalCallError(f"{name(event.seat)}'s partner has called since: the call of "
                               f"{say(state.calls[i].call)} stands and may no longer be changed", law="25A")
    return state.but(pending=ChangeOfCall(event.seat, event.laws, state.calls[i].call, event.call, i))


@describe.register
def _describe(stage: ChangeOfCall, state: TableState) -> Ruling:
    o = stage.offender
    q = Question("nature", f"Did {name(o)} change {say(stage.original)} to {say(stage.replacement)} because of a "
                 "slip of the tongue or fingers (unintended), because of misinformation from the opponents, or by "
                 "a change of mind?", NATURES, "25")
    text = (f"Director: ask {name(o)} away from the table. {q.text} Unintended: the intended call replaces it with "
            f"no rectification (Law 25A). Misinformation: the change is allowed (Law 21B1). Change of mind: Law 25B.")
    return Ruling(NAME, "25", stage.edition, o, None, (), (q,), text)


@describe.register
def _describe_intended(stage: IntendedChange, state: TableState) -> Ruling:
    o, lho, ed = stage.offender, stage.offender.lho, stage.edition
    accept = Option("accept", f"accept {say(stage.replacement)}",
                    f"{say(stage.replacement)} replaces {say(stage.original)} and the auction continues with you "
                    "with no rectification; calling over it accepts it (Law 25B1)", "25B1")
    if ed is Edition.L2017:
        cons = (f"{say(stage.replacement)} is cancelled and {say(stage.original)} stands; the information from the "
                f"cancelled call is unauthorised to {name(o.partner)} (Law 16C); "
                f"{lead_text(o, stage.replacement, ed)} (Law 25B2)")
    else:
        cons = (f"{name(o)} then chooses: let {say(stage.original)} stand, and {pass_once(o.partner)}; or make any "
                f"legal call, and his side's score on this board will be at most average minus (the table result if "
                f"that is worse); in the first case {lead_text(o, stage.replacement, ed)}; in the second "
                f"{lead_text(o, stage.original, ed)} (Law 25B2(c))")
    refuse_opt = Option("refuse", "do not accept it", cons, "25B2")
    text = (f"{name(lho)}, {name(o)} has changed his call from {say(stage.original)} to {say(stage.replacement)} "
            f"(Law 25B).\n1. You may accept the change: {accept.consequence}.\n2. If you do not accept it: "
            f"{cons}.\n{name(lho)}, do you accept {say(stage.replacement)}?")
    return Ruling(NAME, "25B", ed, o, lho, (accept, refuse_opt), (), text)


@describe.register
def _describe_elects(stage: OffenderElects, state: TableState) -> Ruling:
    o, ed = stage.offender, stage.edition
    if stage.anew:
        text = (f"{name(o)}, make your call now; your side's score on this board will be at most average minus "
                "(Law 25B2(b)(2)).")
        return Ruling(NAME, "25B2", ed, o, None, (), (), text, caller=o)
    stand = Option("stand", f"let {say(stage.original)} stand",
                   f"{pass_once(o.partner)} (Law 25B2(b)(1)); {lead_text(o, stage.replacement, ed)} (Law 25B2(c))",
                   "25B2")
    anew = Option("anew", "make any legal call",
                  "the auction continues with no bar, but your side's score on this board will be at most "
                  "average minus, or the table result if that is worse (Law 25B2(b)(2)); "
                  f"{lead_text(o, stage.original, ed)} (Law 25B2(c))", "25B2")
    text = (f"{name(o)}, {name(o.lho)} has not accepted your change. You may:\n1. {stand.label}: "
            f"{stand.consequence};\n2. {anew.label}: {anew.consequence}.")
    return Ruling(NAME, "25B2", ed, o, o, (stand, anew), (), text)


@describe.register
def _describe_withdraw(stage: LhoMayWithdraw, state: TableState) -> Ruling:
    o, lho = stage.offender, stage.offender.lho
    later = say(state.calls[stage.index + 1].call)
    keep = Option("keep", f"keep your {later}", f"your {later} stands over {say(stage.replacement)} if it is still "
                  "legal; otherwise you must call again", stage.law)
    if stage.law == "21B2":  # the withdrawing side gave the misinformation: it is the offending side
        info = f"unauthorised to your side and authorised to {name(o)}'s side"
    else:
        info = f"authorised to your side and unauthorised to {name(o)}'s side"
    withdraw = Option("withdraw", f"withdraw your {later}",
                      f"you call again over {say(stage.replacement)} with no rectification; your withdrawn {later} "
                      f"is {info} (Law {withdrawn_law(stage.edition)})", stage.law)
    text = (f"{name(lho)}, {name(o)} has replaced {say(stage.original)} by {say(stage.replacement)} (Law "
            f"{stage.law}). You may:\n1. {keep.label}: {keep.consequence};\n2. {withdraw.label}: "
            f"{withdraw.consequence}.")
    return Ruling(NAME, stage.law, stage.edition, o, lho, (keep, withdraw), (), text)


def _rebuild(state: TableState, index: int, seat: Seat, call: Call, ed: Edition, keep_after: bool) -> TableState:
    """Replace the call at ``index`` by ``call`` (judged afresh) and, if kept, replay the calls after it."""
    from ..table.engine import handle
    later = state.calls[index + 1:] if keep_after else ()
    state = reopen(state)
    s = handle(CallMade(seat, call, ed), state.but(calls=state.calls[:index], pending=None))
    for ac in later:
        if s.pending is not None:
            break
        s = handle(CallMade(ac.seat, ac.call, ed), s) if s.admissible(ac.seat, ac.call) else s
    return s


def reopen(state: TableState) -> TableState:
    """A change of call after the final pass, before the opening lead is faced (Laws 17D, 21B1): the auction
    period has not ended, so the play that had begun is undone (penalty cards and play state as before it)."""
    if state.play is None:
        return state
    base = state
    while base.play is not None and base.previous is not None:
        base = base.previous
    return state.but(play=None, penalty_cards=base.penalty_cards, period=base.period)


@resolve.register
def _resolve(stage: ChangeOfCall, state: TableState, event: Event) -> TableState:
    if not (isinstance(event, Judgement) and event.question == "nature" and event.answer in NATURES):
        raise refuse(_describe(stage, state), event)
    o, ed = stage.offender, stage.edition
    lho_called = len(state.calls) > stage.index + 1
    if event.answer == "misinformation":
        return state.but(pending=MisinformedChange(o, ed, stage.original, stage.replacement, stage.index))
    if event.answer == "unintended":
        s = record(state, "25A", NAME, o, f"{say(stage.original)} replaced by {say(stage.replacement)}", ed)
        s = unauthorised(s, o, f"{name(o)}'s withdrawn {say(stage.original)}", withdrawn_law(ed))
        return _substitute(s, stage.index, o, stage.original, stage.replacement, ed, "25A", lho_called)
    if lho_called:
        s = unauthorised(state, o, f"{name(o)}'s attempted change to {say(stage.replacement)}")
        return record(s, "25B", NAME, o, f"LHO had called: {say(stage.original)} stands", ed)
    return state.but(pending=IntendedChange(o, ed, stage.original, stage.replacement, stage.index))


def _substitute(state: TableState, index: int, o: Seat, original: Call, replacement: Call, ed: Edition, law: str,
                lho_called: bool) -> TableState:
    if lho_called:
        return state.but(pending=LhoMayWithdraw(o, ed, original, replacement, index, law))
    return _rebuild(state, index, o, replacement, ed, keep_after=False)


def influence_question(stage: MisinformedChange) -> Question:
    """21B1(a): 2017 and 2007 ask whether the decision could well have been influenced by the misinformation; 1997
    whether it is probable that the call was made as a result of it."""
    o, call = name(stage.offender), say(stage.original)
    if stage.edition is Edition.L1997:
        text = f"Is it probable that {o} made the call of {call} as a result of the misinformation?"
    else:
        text = f"Could {o}'s decision to call {call} well have been influenced by the misinformation?"
    return Question("influenced", text, ("yes", "no"), "21B1(a)" if stage.edition is not Edition.L1997 else "21B1")


@describe.register
def _describe_misinformed(stage: MisinformedChange, state: TableState) -> Ruling:
    q = influence_question(stage)
    o, lho = stage.offender, stage.offender.lho
    text = (f"Director: {name(o)} wants to change {say(stage.original)} to {say(stage.replacement)} because of "
            f"misinformation from {name(lho)}'s side. The change is allowed until the end of the auction period, "
            f"while {name(o.partner)} has not called since, only if the director so judges (Law {q.law}). If "
            f"allowed: {say(stage.replacement)} replaces it with no rectification; what {say(stage.original)} "
            f"showed is authorised to {name(o)}'s side and unauthorised to {name(lho)}'s side "
            f"(Law {withdrawn_law(stage.edition)}); {name(lho)} may then change a call made over it (Law 21B2). If "
            f"not: {say(stage.original)} stands, and the attempted change is unauthorised to {name(o.partner)}. "
            f"{q.text}")
    return Ruling(NAME, q.law, stage.edition, lho, None, (), (q,), text)


def _attempt_law(edition: Edition) -> str:
    """An attempted change that the director refuses is extraneous information from partner: 16B1 (1997 16A)."""
    return "16A" if edition is Edition.L1997 else "16B1"


@resolve.register
def _resolve_misinformed(stage: MisinformedChange, state: TableState, event: Event) -> TableState:
    q = influence_question(stage)
    if not (isinstance(event, Judgement) and event.question == q.key and event.answer in q.answers):
        raise refuse(_describe_misinformed(stage, state), event)
    o, ed = stage.offender, stage.edition
    if event.answer == "no":
        s = unauthorised(state, o, f"{name(o)}'s attempted change to {say(stage.replacement)}", _attempt_law(ed))
        return record(s, q.law, NAME, o.lho, f"change to {say(stage.replacement)} refused: the director judged "
                      f"that {say(stage.original)} was not made because of the misinformation; it stands", ed,
                      (("influenced", "no"),))
    s = record(state, q.law, NAME, o.lho, f"{say(stage.original)} replaced by {say(stage.replacement)} after "
               "misinformation", ed, (("influenced", "yes"),))
    s = unauthorised(s, o.lho, f"{name(o)}'s withdrawn {say(stage.original)}", withdrawn_law(ed))
    s = flag(s, "21B3", o.lho, "adjust if the misinformation damaged the side that changed its call")
    return _substitute(s, stage.index, o, stage.original, stage.replacement, ed, "21B2",
                       len(state.calls) > stage.index + 1)


@resolve.register
def _resolve_intended(stage: IntendedChange, state: TableState, event: Event) -> TableState:
    from ..table.engine import handle
    o, ed = stage.offender, stage.edition
    accepted = (isinstance(event, Choice) and event.option == "accept" and event.seat in (None, o.lho)) or \
        (isinstance(event, CallMade) and event.seat == o.lho)
    if accepted:
        s = record(state, "25B1", NAME, o, f"change to {say(stage.replacement)} accepted", ed)
        s = _rebuild(s, stage.index, o, stage.replacement, ed, keep_after=False)
        return handle(event, s) if isinstance(event, CallMade) else s
    if isinstance(event, Choice) and event.option == "refuse" and event.seat in (None, o.lho):
        s = unauthorised(state, o, f"{name(o)}'s cancelled {say(stage.replacement)}")
        if ed is Edition.L2017:
            s = lead(s, o, stage.replacement, ed)
            return record(s, "25B2", NAME, o, f"{say(stage.replacement)} cancelled; {say(stage.original)} stands", ed)
        return s.but(pending=OffenderElects(o, ed, stage.original, stage.replacement, stage.index))
    raise refuse(_describe_intended(stage, state), event)


@resolve.register
def _resolve_elects(stage: OffenderElects, state: TableState, event: Event) -> TableState:
    o, ed = stage.offender, stage.edition
    if stage.anew and isinstance(event, CallMade) and event.seat == o:
        s = flag(state, "25B2(b)(2)", o, f"{name(o)}'s side scores at most average minus (or the table result if "
                 "worse)")
        s = record(s, "25B2", NAME, o, f"{name(o)} called anew: {say(event.call)}", ed)
        s = lead(s, o, stage.original, ed)  # 25B2(c): the first call is the one withdrawn
        if event.call != stage.replacement:
            s = lead(s, o, stage.replacement, ed)
        return _rebuild(s, stage.index, o, event.call, ed, keep_after=False)
    if not stage.anew and isinstance(event, Choice) and event.seat in (None, o):
        if event.option == "stand":
            s = lead(bar(state, o.partner, Bar.PASS_ONCE, "25B2(b)(1)"), o, stage.replacement, ed)
            return record(s, "25B2", NAME, o, f"{say(stage.original)} stands; {pass_once(o.partner)}", ed)
        if event.option == "anew":
            return state.but(pending=OffenderElects(o, ed, stage.original, stage.replacement, stage.index, True))
    raise refuse(_describe_elects(stage, state), event)


@resolve.register
def _resolve_withdraw(stage: LhoMayWithdraw, state: TableState, event: Event) -> TableState:
    o, ed = stage.offender, stage.edition
    if isinstance(event, Choice) and event.seat in (None, o.lho) and event.option in ("keep", "withdraw"):
        s = state
        if event.option == "withdraw":
            offending = o.lho if stage.law == "21B2" else o  # 16C2: the offending side, whoever withdrew
            s = unauthorised(s, offending, f"{name(o.lho)}'s withdrawn {say(state.calls[stage.index + 1].call)}",
                             withdrawn_law(ed))
        return _rebuild(s.but(pending=None), stage.index, o, stage.replacement, ed,
                        keep_after=event.option == "keep")
    raise refuse(_describe_withdraw(stage, state), event)
