"""What the offending side's system card says, added to the ruling when the director must judge a comparable
call (2017 Laws 23A with 27B1(b), 30B1(b)(i), 31A2(a), 31B, 32).  The director still answers the question.

* The insufficient bid is read as the offender meant it: by default as if he had not seen the bid that makes
  it insufficient (the auction without that bid and what followed); the director establishes what was meant.
* A call out of rotation is read in the auction as it stood when it was made.
* The replacement is read in the auction as it stands at the offender's turn.
"""

from __future__ import annotations

from ..cards import context as ctx
from ..cards.comparable import Verdict, decide, named, spoken
from ..cards.model import SystemCard
from ..model import Call, Seat
from ..table.state import AuctionCall, Pending, TableState
from .common import name


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


def _header(card: SystemCard, seat: Seat, withdrawn: Call, w_key: str, how: str) -> str:
    return (f"The system card of {name(seat)}'s side ({card.name}), reading the withdrawn {named(withdrawn, w_key)}"
            f"{how} (Law 23A):")


def candidates(card: SystemCard, state: TableState, seat: Seat, withdrawn: Call, w_key: str) -> list[str]:
    """Each call the card lists at the offender's turn, legal now, with its Law 23A verdict: the comparable ones
    first, each with its reason; then the others, each with a hand it shows that the withdrawn call does not."""
    now = _key(state.calls, seat)
    verdicts: list[tuple[Call, Verdict]] = [(call, decide(card, w_key, withdrawn, now, call))
                                            for call in card.calls(now) if state.admissible(seat, call)]
    lines = [f"   {spoken(c)}: {v.text()}" for c, v in verdicts if v.comparable]
    lines += [f"   {spoken(c)}: {v.text()}" for c, v in verdicts if v.comparable is None]
    lines += [f"   {spoken(c)}: {v.text()}" for c, v in verdicts if v.comparable is False]
    return lines or [f"   the card lists no call after {now or 'no bid'}"]


def note(stage: Pending, state: TableState) -> str:
    """Lines for the ruling's text ('' without a card for the offending side)."""
    from .law27 import Correction, CorrectionJudgement
    from .law29_32 import ComparableCheck

    o = stage.offender
    card = _card(state, o)
    if card is None:
        return ""
    guess = " (as if the bid that makes it insufficient had not been seen; you establish what was meant)"
    if isinstance(stage, Correction) and not stage.forced:
        w_key = insufficient_context(state.calls, o)
        lines = [f"For the director, away from the table: {_header(card, o, stage.bid, w_key, guess)}",
                 *candidates(card, state, o, stage.bid, w_key)]
        return "\n" + "\n".join(lines)
    if isinstance(stage, CorrectionJudgement) and stage.question == "comparable":
        w_key = insufficient_context(state.calls, o)
        verdict = decide(card, w_key, stage.bid, _key(state.calls, o), stage.replacement)
        return f"\n{_header(card, o, stage.bid, w_key, guess)} {spoken(stage.replacement)} is {verdict.text()}."
    if isinstance(stage, ComparableCheck):
        before = state.calls[:-1] if state.calls and state.calls[-1].seat == o else state.calls
        then = out_of_rotation_context(state, o, stage.withdrawn)
        how = " (in the auction when it was made out of rotation)"
        if then is None:  # the log does not reach back to the call out of rotation
            then, how = _key(before, o), " (in the auction now: the call out of rotation is not in this log)"
        verdict = decide(card, then, stage.withdrawn, _key(before, o), stage.replacement)
        return (f"\n{_header(card, o, stage.withdrawn, then, how)} {spoken(stage.replacement)} is "
                f"{verdict.text()}.")
    return ""
