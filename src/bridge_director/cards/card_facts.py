"""What a card's meanings allow, as the convention regulations ask it: the HCP values a call may hold, the fewest
cards it may hold in a suit, a hand it allows that breaks a rule, and the calls it makes after a given bid.

Every answer comes from the solver, so it holds for every hand the meaning allows, not for a sample.

>>> from .meaning import parse
>>> hcp_values(parse("hcp 10-12 or hcp 15-17, balanced"))
(10, 11, 12, 15, 16, 17)
>>> fewest(parse("hcp 5-10, hearts 6 or hcp 5-10, hearts 5, spades 4"), Suit.HEARTS)
5
>>> shows_long_suit(parse("hcp 10-15, (clubs 7+ or diamonds 7+)")), shows_long_suit(parse("hcp 15-17"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

import z3

from ..model import Bid, Call, Hand, Pass, Rank, Strain, Suit
from . import context as ctx
from .meaning import Expr
from .model import Meaning, SystemCard
from .solver import _H, example, formula  # _H: the hand's variables, for the claims the card language lacks

MAX_HCP = 37


def allows(shows: Expr, claim: z3.BoolRef | None = None) -> Hand | None:
    """A hand the meaning allows for which ``claim`` also holds, or None when there is none."""
    body = formula(shows)
    return example(body if claim is None else z3.And(body, claim))


def hcp(low: int, high: int | None = None) -> z3.BoolRef:
    """The hand's HCP are ``low`` to ``high`` (no upper limit when None)."""
    parts = [_H.total >= low] + ([] if high is None else [_H.total <= high])
    return z3.And(parts)


def length(suit: Suit, low: int, high: int | None = None) -> z3.BoolRef:
    parts = [_H.length[suit] >= low] + ([] if high is None else [_H.length[suit] <= high])
    return z3.And(parts)


def rule_of(n: int) -> z3.BoolRef:
    """The Rule of ``n``: HCP plus the lengths of the two longest suits is at least ``n``."""
    return z3.Or([_H.total + _H.length[a] + _H.length[b] >= n for a, b in combinations(Suit, 2)])


def two_suits(cards: int) -> z3.BoolRef:
    """Two suits that hold ``cards`` or more between them."""
    return z3.Or([_H.length[a] + _H.length[b] >= cards for a, b in combinations(Suit, 2)])


def controls(low: int) -> z3.BoolRef:
    """Controls (ace 2, king 1) of at least ``low``."""
    value = z3.Sum([z3.If(_H.has[s, Rank.ACE], 2, 0) + z3.If(_H.has[s, Rank.KING], 1, 0) for s in Suit])
    return value >= low


def any_suit(low: int) -> z3.BoolRef:
    """Some suit of ``low`` or more cards."""
    return z3.Or([_H.length[s] >= low for s in Suit])


def shortness() -> z3.BoolRef:
    """A singleton or a void."""
    return z3.Or([_H.length[s] <= 1 for s in Suit])


def void() -> z3.BoolRef:
    return z3.Or([_H.length[s] == 0 for s in Suit])


def hcp_values(shows: Expr) -> tuple[int, ...]:
    """Every HCP total some hand the meaning allows holds, lowest first."""
    return tuple(v for v in range(MAX_HCP + 1) if allows(shows, _H.total == v) is not None)


def fewest(shows: Expr, suit: Suit) -> int | None:
    """The fewest cards in ``suit`` a hand the meaning allows may hold (None: no hand fits the meaning)."""
    return next((n for n in range(14) if allows(shows, _H.length[suit] == n) is not None), None)


def shows_long_suit(shows: Expr, low: int = 7) -> bool:
    """Whether every hand the meaning allows holds a suit of ``low`` or more cards (a notrump call that shows a
    long suit, like a gambling 3NT, is not a natural notrump)."""
    return allows(shows, z3.Not(any_suit(low))) is None


@dataclass(frozen=True, slots=True)
class Entry:
    """One call of the card with the auction it is made in (``context``: the key, '' for an opening)."""

    context: str
    call: Call
    meaning: Meaning

    @property
    def level(self) -> int:
        """The level of a bid (0 for pass, double, redouble)."""
        return self.call.level if isinstance(self.call, Bid) else 0

    @property
    def natural(self) -> bool:
        """Not artificial by the card: no purpose tag (constraints or words only)."""
        return self.meaning.purpose is None

    def where(self) -> str:
        """``1NT as an opening``, ``1NT after (1H)``."""
        from .comparable import named

        return named(self.call, self.context)


def openings(card: SystemCard) -> Iterator[Entry]:
    """The card's opening bids (pass excluded)."""
    for call, meaning in card.meanings.get("", {}).items():
        if isinstance(call, Bid):
            yield Entry("", call, meaning)


def overcalls(card: SystemCard) -> Iterator[Entry]:
    """The card's bids made as the side's first action after the opponents opened (direct or later)."""
    for key, calls in card.meanings.items():
        if not key:
            continue
        auction = ctx.expand(key)[0]
        ours_quiet = all(isinstance(c, Pass) for c, ours in auction if ours)
        if ours_quiet and any(isinstance(c, Bid) for c, ours in auction if not ours):
            for call, meaning in calls.items():
                if isinstance(call, Bid):
                    yield Entry(key, call, meaning)


def after(card: SystemCard, entry: Entry) -> Iterator[Entry]:
    """Every call of the card in an auction that follows ``entry`` (responses, rebids, and so on)."""
    prefix = ctx.key((*ctx.expand(entry.context)[0], (entry.call, True)))
    for key, calls in card.meanings.items():
        if key == prefix or key.startswith(prefix + "-"):
            for call, meaning in calls.items():
                yield Entry(key, call, meaning)


def conventional_after(card: SystemCard, entry: Entry) -> tuple[Entry, ...]:
    """The calls after ``entry`` that the card tags with a purpose: its conventional responses and rebids."""
    return tuple(e for e in after(card, entry) if not e.natural)


def suit_of(call: Call) -> Suit | None:
    """The suit a bid names (None for notrump, pass, double, redouble)."""
    if isinstance(call, Bid) and call.strain is not Strain.NOTRUMP:
        return call.strain.suit
    return None
