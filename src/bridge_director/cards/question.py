"""The comparable question as people ask it: a card, the auction typed from the dealer, the withdrawn call and
the replacement (the CLI's ``card comparable`` and the web app's form and API).

The auction runs from the dealer up to the offender's turn; it may end with the withdrawn call itself, which is
then set aside.  The replacement is read in that auction.  The withdrawn call is read in ``withdrawn_auction`` when
given (the director establishes what the offender meant); otherwise an insufficient bid is read as if the bid
that makes it insufficient had not been seen, and any other call in the same auction as the replacement.

>>> from .card_file import load
>>> from pathlib import Path
>>> card = load(Path(__file__).parents[3] / "examples" / "cards" / "natural-2over1.json")
>>> q = ask(card, "1NT 1S", "1S", "2S")
>>> q.withdrawn_context, q.replacement_context, q.verdict.comparable
('', '(1N)', False)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ParseError
from ..model import Auction, Bid, Call, Seat
from . import context as ctx
from .comparable import Verdict, decide
from .model import SystemCard


@dataclass(frozen=True, slots=True)
class Answer:
    withdrawn: Call
    replacement: Call
    withdrawn_context: str
    replacement_context: str
    verdict: Verdict


def _one(text: str, what: str) -> Call:
    calls = ctx.calls_of(text)
    if len(calls) != 1:
        raise ParseError(f"{text!r} stands for several calls; name one", field=what)
    return calls[0]


def ask(card: SystemCard, auction: str, withdrawn: str, replacement: str,
        withdrawn_auction: str | None = None) -> Answer:
    """Law 23A for the question as typed; bad input raises a ``ParseError`` naming the field."""
    w, r = _one(withdrawn, "withdrawn"), _one(replacement, "replacement")
    words = auction.replace(",", " ").split()
    if words and ctx.calls_of(words[-1]) == (w,):
        words = words[:-1]  # the auction as written at the table, the withdrawn call at its end
    steps = ctx.from_words(" ".join(words))
    if (why := ctx.legal(steps)) is not None:
        raise ParseError(f"the auction {auction!r} is not legal: {why}", field="auction")
    if (why := ctx.legal((*steps, (r, True)))) is not None:
        raise ParseError(f"the replacement {replacement} is not possible after {auction!r}: {why}",
                         field="replacement")
    if withdrawn_auction is not None:
        w_steps = ctx.from_words(withdrawn_auction)
    elif isinstance(w, Bid) and not Auction(Seat.NORTH, tuple(c for c, _ in steps)).is_sufficient(w):
        w_steps = ctx.before_last_bid(steps)
    else:
        w_steps = steps
    w_key, r_key = ctx.key(w_steps), ctx.key(steps)
    return Answer(w, r, w_key, r_key, decide(card, w_key, w, r_key, r))
