"""Law 27: the insufficient bid — acceptance (A), corrections B1(a), B1(b), B2, B3, B4, early correction (C)
and the adjustment of D, by edition (2017 comparable call; 2007 "incontrovertibly not artificial";
1997 "conventional").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Bid, Call, Double, Redouble
from ..table.edition import Edition
from ..table.engine import legal_call
from ..table.events import CallMade, Choice, Event, Judgement
from ..table.registry import detector, resolve
from ..table.state import Pending as Stage
from ..table.state import TableState
from .common import adjust_text as adjust
from .common import enforced_pass, flag, lead, lead_text, name, pass_throughout, record, say, unauthorised
from .pending import describe, refuse
from .ruling import Option, Question, Ruling

LAW = "27"
NAME = "Insufficient bid"


@dataclass(frozen=True, slots=True)
class InsufficientBid(Stage):
    """An insufficient bid in rotation awaiting LHO's decision (27A); ``replacement`` per 27C."""

    bid: Bid
    replacement: Call | None = None
    second: bool = False


@dataclass(frozen=True, slots=True)
class Correction(Stage):
    """LHO did not accept: the offender must substitute a legal call (27B); ``forced`` after B3/B4."""

    bid: Bid
    forced: bool = False


@dataclass(frozen=True, slots=True)
class CorrectionJudgement(Stage):
    """The director judges the correction: same denomination(s) / not artificial / natural, or comparable."""

    bid: Bid
    replacement: Call
    question: str


@detector(CallMade, order=50)
def detect(state: TableState, event: CallMade) -> TableState | None:
    call = event.call
    if isinstance(call, Bid) and event.seat == state.next_seat and not state.is_sufficient(call):
        return state.but(pending=InsufficientBid(event.seat, event.laws, call))
    return None


# ----- wording ------------------------------------------------------------------------------------
def corrections(stage: InsufficientBid | Correction, state: TableState) -> tuple[Option, ...]:
    """The offender's corrections of an insufficient bid (27B), by edition, each with its consequence."""
    o, bid, edition = stage.offender, stage.bid, stage.edition
    offender_, lead, adjust_ = name(o), lead_text(o, bid, edition), adjust(o, edition)
    lowest = state.lowest_sufficient(bid)
    low = f"{lowest.symbol} (the lowest sufficient bid in {bid.strain.name.lower()})" if lowest else None
    pt = pass_throughout(o.partner)
    after_b1 = ("the director will adjust the score at the end of play if he judges that without the help of the "
                "insufficient bid the outcome could well have been different (Law 27D)")
    if edition is Edition.L2017:
        opts = []
        if low:
            opts.append(Option("27B1(a)", f"correct to {low}",
                               f"if the director judges that {bid.symbol} and {lowest.symbol if lowest else ''} "
                               "specify the same denomination(s), the auction goes on with no further "
                               f"rectification and no lead restriction; {after_b1}", "27B1(a)"))
        opts += [
            Option("27B1(b)", "correct with a comparable call",
                   f"a call (a double or redouble included) that the director judges comparable to {bid.symbol} "
                   "— the same or a similar meaning, a more precise meaning, or the same purpose: the auction goes "
                   f"on with no further rectification and no lead restriction; {after_b1}", "27B1(b)"),
            Option("27B2", "any other sufficient bid, or pass",
                   f"{pt}; {lead}; {adjust_}", "27B2"),
            Option("27B3", "a double or redouble that is not comparable",
                   f"it is cancelled and {offender_} must make a sufficient bid or pass; {pt}; {lead}; {adjust_}",
                   "27B3"),
        ]
        return tuple(opts)
    if edition is Edition.L2007:
        opts = []
        if low:
            opts.append(Option("27B1(a)", f"correct to {low}",
                               "if the director judges that both bids are incontrovertibly not artificial, the "
                               f"auction goes on with no further rectification; {after_b1}", "27B1(a)"))
        opts += [
            Option("27B1(b)", "a call with the same or a more precise meaning",
                   f"a legal call that the director judges to have the same meaning as {bid.symbol} or a more "
                   f"precise one (fully contained in the meanings of {bid.symbol}): no further rectification; "
                   f"{after_b1}", "27B1(b)"),
            Option("27B2", "any other sufficient bid, or pass", f"{pt}; {lead}; {adjust_}", "27B2"),
            Option("27B3", "a double or redouble not allowed by 27B1(b)",
                   f"it is cancelled and {offender_} must make a sufficient bid or pass; {pt}; {lead}; {adjust_}",
                   "27B3"),
        ]
        return tuple(opts)
    opts = []
    if low:
        opts.append(Option("27B1(a)", f"correct to {low}",
                           "if the director judges that neither bid is conventional, the auction goes on with no "
                           "penalty; if information from the insufficient bid damaged the other side the director "
                           "will adjust the score (Law 16C2)", "27B1(a)"))
    opts += [
        Option("27B1(b)", "any other sufficient bid, or pass (or any correction of a conventional bid)",
               f"{pt}; {lead}; {adjust_}", "27B1(b), 27B2"),
        Option("27B3", "an attempt to double or redouble",
               f"a double or redouble may not be substituted: it is cancelled and {offender_} must make a "
               f"sufficient bid or pass; {pt}; {lead}; {adjust_}", "27B3"),
    ]
    return tuple(opts)


@describe.register
def _describe_ib(stage: InsufficientBid, state: TableState) -> Ruling:
    o, lho = stage.offender, stage.offender.lho
    law = "27B4" if stage.second else "27"
    accept = Option("accept", f"accept {stage.bid.symbol}",
                    f"{stage.bid.symbol} stands as a legal bid, you call next, and everyone may use what it "
                    "shows; calling over it accepts it (Law 27A)", "27A")
    if stage.second:
        refuse_opt = Option("refuse", "do not accept it",
                            f"{name(o)} must make a sufficient bid or pass; {pass_throughout(o.partner)}; "
                            f"{lead_text(o, stage.bid, stage.edition)}; {adjust(o, stage.edition)}", "27B4")
        options: tuple[Option, ...] = (accept, refuse_opt)
    else:
        options = (accept, Option("refuse", "do not accept it",
                                  f"{name(o)} must replace {stage.bid.symbol} with a legal call, as below", "27B"))
    lines = [f"{name(lho)}, {name(o)} has made an insufficient bid of {stage.bid.symbol} (Law {LAW}).",
             f"1. You may accept it: {accept.consequence}.",
             f"2. If you do not accept it: {options[1].consequence}."]
    if stage.replacement is not None:
        lines.append(f"{name(o)} has already replaced it with {say(stage.replacement)}: if you do not accept "
                     f"{stage.bid.symbol}, that replacement stands and is ruled on as below (Law 27C).")
    if not stage.second:
        for i, opt in enumerate(corrections(stage, state), 1):
            lines.append(f"   {chr(96 + i)}) {opt.label}: {opt.consequence}.")
    lines.append(f"{name(lho)}, do you accept {stage.bid.symbol}?")
    return Ruling(NAME, law, stage.edition, o, lho, options, (), "\n".join(lines))


@describe.register
def _describe_correction(stage: Correction, state: TableState) -> Ruling:
    o = stage.offender
    opts: tuple[Option, ...]
    if stage.forced:
        opts = (Option("27B3", "any sufficient bid or pass",
                       f"{pass_throughout(o.partner)}; {lead_text(o, stage.bid, stage.edition)}; "
                       f"{adjust(o, stage.edition)}", "27B3"),)
        text = (f"{name(o)}, you must now make a sufficient bid or pass: whatever you call, {opts[0].consequence} "
                f"(Law 27B3).")
    else:
        opts = corrections(stage, state)
        lines = [f"{name(o)}, {name(o.lho)} has not accepted your {stage.bid.symbol}; you must replace it with a "
                 f"legal call (Law 27B):"]
        lines += [f"   {chr(96 + i)}) {opt.label}: {opt.consequence}." for i, opt in enumerate(opts, 1)]
        ask = {Edition.L2017: "a comparable call",
               Edition.L2007: "a call with the same or a more precise meaning (Law 27B1(b))"}.get(stage.edition)
        if ask is not None:  # 1997 has no such correction: nothing to ask the director about
            lines.append(f"If you are considering {ask}, you may ask the director about it away from the table.")
        text = "\n".join(lines)
        if state.system is not None:  # the offending side's system card, read by the edition's rule
            from .card_advice import note
            text += note(stage, state)
    return Ruling(NAME, "27B", stage.edition, o, None, opts, (), text, caller=o)


QUESTIONS = {
    "same_denomination": ("Do {bid} and {rep} specify the same denomination(s)?", "27B1(a)"),
    "not_artificial": ("Are both {bid} and {rep} incontrovertibly not artificial?", "27B1(a)"),
    "natural": ("Are both {bid} and {rep} natural (neither conventional)?", "27B1(a)"),
    "comparable": ("Is {rep} comparable to {bid} (same or similar meaning, a subset of its meanings, or the same "
                   "purpose)?", "27B1(b)"),
    "more_precise": ("Does {rep} have the same meaning as {bid}, or a more precise one fully contained in it?",
                     "27B1(b)"),
}


@describe.register
def _describe_judgement(stage: CorrectionJudgement, state: TableState) -> Ruling:
    text, law = QUESTIONS[stage.question]
    q = Question(stage.question, text.format(bid=stage.bid.symbol, rep=say(stage.replacement)), ("yes", "no"), law)
    card = ""
    if state.system is not None:  # the system card's answer, to confirm
        from .card_advice import note
        card = note(stage, state)
    return Ruling(NAME, law, stage.edition, stage.offender, None, (), (q,),
                  f"Director: {q.text} (Law {law}). The offender's partner must not be told until you rule.{card}")


# ----- rectification ------------------------------------------------------------------------------
def _handle_call(state: TableState, event: CallMade) -> TableState:
    from ..table.engine import handle
    return handle(event, state)


@resolve.register
def _resolve_ib(stage: InsufficientBid, state: TableState, event: Event) -> TableState:
    o = stage.offender
    ruling = _describe_ib(stage, state)
    if isinstance(event, Choice) and event.seat in (None, o.lho):
        if event.option == "accept":
            return _accept(state, stage)
        if event.option == "refuse":
            if stage.replacement is not None:
                return correct(state.but(pending=Correction(o, stage.edition, stage.bid)), stage.replacement)
            if stage.second:
                return state.but(pending=Correction(o, stage.edition, stage.bid, forced=True))
            return state.but(pending=Correction(o, stage.edition, stage.bid))
    if isinstance(event, CallMade) and event.seat == o.lho:
        return _handle_call(_accept(state, stage), event)
    if isinstance(event, CallMade) and event.seat == o and stage.replacement is None and not stage.second:
        return state.but(pending=InsufficientBid(o, stage.edition, stage.bid, replacement=event.call))
    raise refuse(ruling, event)


def _accept(state: TableState, stage: InsufficientBid) -> TableState:
    o = stage.offender
    s = record(state, "27A", NAME, o, f"{stage.bid.symbol} by {name(o)} accepted by {name(o.lho)}", stage.edition)
    if stage.replacement is not None:
        s = unauthorised(s, o, f"{name(o)}'s withdrawn replacement {say(stage.replacement)}")
    return legal_call(s, o, stage.bid, stage.edition)


@resolve.register
def _resolve_correction(stage: Correction, state: TableState, event: Event) -> TableState:
    if isinstance(event, CallMade) and event.seat == stage.offender:
        return correct(state, event.call)
    raise refuse(_describe_correction(stage, state), event)


def correct(state: TableState, call: Call) -> TableState:
    """Rule on the offender's correction ``call`` (Correction stage pending)."""
    stage = state.pending
    assert isinstance(stage, Correction)
    o, ed = stage.offender, stage.edition
    if isinstance(call, Bid) and not state.is_sufficient(call):
        if stage.forced:
            raise refuse(_describe_correction(stage, state), f"another insufficient bid ({call.symbol})")
        return state.but(pending=InsufficientBid(o, ed, call, second=True))
    if not state.admissible(o, call):
        raise refuse(_describe_correction(stage, state), f"the inadmissible {say(call)}")
    if stage.forced:
        if isinstance(call, Double | Redouble):  # 27B3: replaced "as the foregoing allows": a sufficient bid or pass
            raise refuse(_describe_correction(stage, state), f"a {say(call)} (Law 27B3: a sufficient bid or pass)")
        return _b2(state, stage, call, "27B3")
    if isinstance(call, Double | Redouble):
        if ed is Edition.L1997:
            return _b3(state, stage, call)
        return state.but(pending=CorrectionJudgement(o, ed, stage.bid, call, _comparable(ed)))
    if isinstance(call, Bid) and call == state.lowest_sufficient(stage.bid):
        first = {Edition.L2017: "same_denomination", Edition.L2007: "not_artificial", Edition.L1997: "natural"}[ed]
        return state.but(pending=CorrectionJudgement(o, ed, stage.bid, call, first))
    if ed is Edition.L1997:
        return _b2(state, stage, call, "27B1(b)")
    return state.but(pending=CorrectionJudgement(o, ed, stage.bid, call, _comparable(ed)))


def _comparable(edition: Edition) -> str:
    return "comparable" if edition is Edition.L2017 else "more_precise"


@resolve.register
def _resolve_judgement(stage: CorrectionJudgement, state: TableState, event: Event) -> TableState:
    if not (isinstance(event, Judgement) and event.question == stage.question and event.answer in ("yes", "no")):
        raise refuse(_describe_judgement(stage, state), event)
    o, ed, call = stage.offender, stage.edition, stage.replacement
    base = Correction(o, ed, stage.bid)
    if event.answer == "yes":
        law = QUESTIONS[stage.question][1]
        s = record(state, law, NAME, o, f"{stage.bid.symbol} corrected to {say(call)} under Law {law}: "
                   "no further rectification", ed)
        if ed is Edition.L1997:
            s = flag(s, "16C2", o, "if information from the insufficient bid damaged the other side, adjust")
        else:
            s = flag(s, "27D", o, f"after the correction of {name(o)}'s insufficient {stage.bid.symbol}: adjust if "
                     "without its help the outcome could well have been different")
        return legal_call(s, o, call, ed)
    if stage.question in ("comparable", "more_precise"):
        if isinstance(call, Double | Redouble):
            return _b3(state.but(pending=base), base, call)
        return _b2(state.but(pending=base), base, call, "27B2")
    if ed is Edition.L1997:
        return _b2(state.but(pending=base), base, call, "27B2")
    return state.but(pending=CorrectionJudgement(o, ed, stage.bid, call, _comparable(ed)))


def _b2(state: TableState, stage: Correction, call: Call, law: str) -> TableState:
    o, ed = stage.offender, stage.edition
    s = record(state, law, NAME, o, f"{stage.bid.symbol} corrected to {say(call)}: {pass_throughout(o.partner)}", ed)
    s = legal_call(s, o, call, ed)
    return enforced_pass(s, o, stage.bid, law, ed)


def _b3(state: TableState, stage: Correction, call: Call) -> TableState:
    o, ed = stage.offender, stage.edition
    s = unauthorised(state, o, f"{name(o)}'s cancelled {say(call)}")
    if ed is not Edition.L2017:  # the cancelled double is a second withdrawn call (2017: one rule for all)
        s = lead(s, o, call, ed)
    return s.but(pending=Correction(o, ed, stage.bid, forced=True))
