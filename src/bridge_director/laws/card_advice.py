"""What the offending side's system card says, added to the ruling when the director must judge a replacement
call, by edition (``cards.editions``).  The director still answers the question.

* 2017: Law 23A with 27B1(b), 30B1(b)(i), 31A2(a), 31B, 32; 27B1(a) the denomination(s) each bid specifies.
* 2007: 27B1(a) (both bids not artificial) and 27B1(b) (the same or a more precise meaning); 31A2(a) with 29C.
* 1997: 27B1(a) (neither bid conventional); 31A2(a) with 29C.
* Every edition: 30C, whether the pass out of rotation is artificial (1997: conventional).

* The insufficient bid is read as the offender meant it: by default as if he had not seen the bid that makes
  it insufficient (the auction without that bid and what followed); the director establishes what was meant.
* A call out of rotation is read in the auction as it stood when it was made.
* The replacement is read in the auction as it stands at the offender's turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import artificial, editions
from ..cards import context as ctx
from ..cards.comparable import Verdict, decide, named, spoken
from ..cards.editions import judge
from ..cards.model import SystemCard
from ..model import Bid, Call, Pass, Seat
from ..table.state import AuctionCall, Pending, TableState
from .common import name

if TYPE_CHECKING:
    from .law27 import CorrectionJudgement


def _key(calls: tuple[AuctionCall, ...], seat: Seat) -> str:
    return ctx.key(ctx.from_table([(ac.seat, ac.call) for ac in calls], seat))


def insufficient_context(calls: tuple[AuctionCall, ...], seat: Seat) -> str:
    """The auction the offender of an insufficient bid appears to have called in: without the last bid (the one
    that makes his bid insufficient) and the calls after it."""
    steps = ctx.from_table([(ac.seat, ac.call) for ac in calls], seat)
    return ctx.key(ctx.before_last_bid(steps))


def out_of_rotation_context(state: TableState, offender: Seat, withdrawn: Call) -> str | None:
    """The auction when the cancelled call out of rotation was made (found in the states before), or None."""
    from .law29_32 import OutOfRotation

    s: TableState | None = state
    while s is not None:
        p = s.pending
        if isinstance(p, OutOfRotation) and p.offender == offender and p.call == withdrawn:
            return _key(s.calls, offender)
        s = s.previous
    return None


def _card(state: TableState, seat: Seat) -> SystemCard | None:
    return state.system.of(seat.side) if state.system is not None else None


TEST = {"2017": "Law 23A", "2007": "Law 27B1, 2007", "1997": "Law 27B1(a), 1997"}


def _header(card: SystemCard, seat: Seat, withdrawn: Call, w_key: str, how: str, test: str = "Law 23A") -> str:
    return (f"The system card of {name(seat)}'s side ({card.name}), reading the withdrawn {named(withdrawn, w_key)}"
            f"{how} ({test}):")


def candidates(card: SystemCard, state: TableState, seat: Seat, withdrawn: Call, w_key: str,
               edition: str = "2017") -> list[str]:
    """Each call the card lists at the offender's turn, legal now, with the edition's verdict (2017 Law 23A,
    2007 27B1(a) and (b), 1997 27B1(a)): those that spare partner first, each with its reason; then those left to
    the director; then the others, each with a hand it shows that the withdrawn call does not where one proves it."""
    now = _key(state.calls, seat)
    calls = [call for call in card.calls(now) if state.admissible(seat, call)]
    if edition == "1997" and isinstance(withdrawn, Bid):  # only the lowest sufficient bid can spare partner
        lowest = state.lowest_sufficient(withdrawn)
        calls = [lowest] if lowest is not None else []
    verdicts: list[tuple[Call, Verdict]] = [(call, judge(edition, card, w_key, withdrawn, now, call)) for call in calls]
    lines = [f"   {spoken(c)}: {v.text()}" for c, v in verdicts if v.comparable]
    lines += [f"   {spoken(c)}: {v.text()}" for c, v in verdicts if v.comparable is None]
    lines += [f"   {spoken(c)}: {v.text()}" for c, v in verdicts if v.comparable is False]
    if edition == "1997":
        lines.append("   any other sufficient bid or pass: partner must pass throughout (Law 27B1(b), 1997); a double "
                     "or redouble may not replace the bid (Law 27B)")
    return lines or [f"   the card lists no call after {now or 'no bid'}"]


def _judgement(card: SystemCard, state: TableState, o: Seat, stage: CorrectionJudgement) -> Verdict | None:
    """The card's answer to the director's question on a correction of an insufficient bid, by edition."""
    w_key, now, bid, rep = insufficient_context(state.calls, o), _key(state.calls, o), stage.bid, stage.replacement
    if stage.question == "comparable":
        return decide(card, w_key, bid, now, rep)
    if stage.question == "more_precise":
        return editions.law_27b1b_2007(card, w_key, bid, now, rep)
    if stage.question == "not_artificial":
        return editions.law_27b1a_2007(card, w_key, bid, now, rep)
    if stage.question == "natural":
        return editions.law_27b1a_1997(card, w_key, bid, now, rep)
    if stage.question == "same_denomination":
        return editions.law_27b1a_2017(card, w_key, bid, now, rep)
    return None


def _passed_call(state: TableState, o: Seat, ed: str) -> str:
    """Law 30C also sends to Law 31 a pass of an artificial call (2007) or of partner's artificial call (2017):
    the card of the side that made the call the pass would pass ('' when 1997, no such call, or no card)."""
    last = state.calls[-1] if state.calls else None
    if ed == "1997" or last is None or isinstance(last.call, Pass) or (ed == "2017" and last.seat != o.partner):
        return ""
    card = _card(state, last.seat)
    if card is None:
        return ""
    then = _key(state.calls[:-1], last.seat)
    found = artificial.of(ed, card, then, last.call)
    whose = "partner's artificial call" if ed == "2017" else "an artificial call"
    return (f" It would pass {name(last.seat)}'s {spoken(last.call)}: {found.said(named(last.call, then))} (a pass "
            f"of {whose} is also ruled by Law 31).")


def note(stage: Pending, state: TableState) -> str:
    """Lines for the ruling's text ('' without a card for the offending side)."""
    from .law27 import Correction, CorrectionJudgement
    from .law29_32 import ArtificialPass, ComparableCheck, DenominationCheck

    o = stage.offender
    card = _card(state, o)
    if card is None:
        return ""
    ed = str(stage.edition)
    guess = " (as if the bid that makes it insufficient had not been seen; you establish what was meant)"
    if isinstance(stage, Correction) and not stage.forced:
        w_key = insufficient_context(state.calls, o)
        lines = [f"For the director, away from the table: {_header(card, o, stage.bid, w_key, guess, TEST[ed])}",
                 *candidates(card, state, o, stage.bid, w_key, ed)]
        return "\n" + "\n".join(lines)
    if isinstance(stage, CorrectionJudgement):
        verdict = _judgement(card, state, o, stage)
        if verdict is None:
            return ""
        w_key = insufficient_context(state.calls, o)
        if stage.question == "comparable":
            return f"\n{_header(card, o, stage.bid, w_key, guess)} {spoken(stage.replacement)} is {verdict.text()}."
        test = f"Law {QUESTION_LAW[stage.question]}, {ed}"
        return f"\n{_header(card, o, stage.bid, w_key, guess, test)} {spoken(stage.replacement)}: {verdict.text()}."
    if isinstance(stage, ArtificialPass):
        now = _key(state.calls, o)
        found = artificial.of(ed, card, now, stage.call)
        return (f"\nThe system card of {name(o)}'s side ({card.name}) on the pass out of rotation (Law 30C; "
                f"Definitions, {ed}): {found.said(named(stage.call, now))}.{_passed_call(state, o, ed)}")
    if isinstance(stage, ComparableCheck | DenominationCheck):
        before = state.calls[:-1] if state.calls and state.calls[-1].seat == o else state.calls
        then = out_of_rotation_context(state, o, stage.withdrawn)
        how = " (in the auction when it was made out of rotation)"
        if then is None:  # the log does not reach back to the call out of rotation
            then, how = _key(before, o), " (in the auction now: the call out of rotation is not in this log)"
        if isinstance(stage, DenominationCheck):
            verdict = editions.law_31a2a(ed, card, then, stage.withdrawn, _key(before, o), stage.replacement)
            return (f"\n{_header(card, o, stage.withdrawn, then, how, f'Law 29C, {ed}')} {spoken(stage.replacement)}: "
                    f"{verdict.text()}.")
        verdict = decide(card, then, stage.withdrawn, _key(before, o), stage.replacement)
        return (f"\n{_header(card, o, stage.withdrawn, then, how)} {spoken(stage.replacement)} is "
                f"{verdict.text()}.")
    return ""


QUESTION_LAW = {"more_precise": "27B1(b)", "not_artificial": "27B1(a)", "natural": "27B1(a)",
                "same_denomination": "27B1(a)"}
