"""Is a call artificial (Definitions, 2007 and 2017) or conventional (Definitions, 1997)?  And which
denomination(s) does it specify (Law 29C; 2017 Law 27B1(a))?  Read from the system card.

The card's ``purpose`` is the tag of an artificial call, so a call that carries one is artificial.  Otherwise the
constraints decide, each claim proved by the solver over every hand the call shows (our criteria, after the
definitions: a natural bid says it is willing to play in the denomination it names):

* a bid in a suit is natural when it promises three or more cards there (1997 also accepts high-card strength
  there: the ace, king or queen) and promises no four-card length in a suit our side has not named;
* a bid in notrump is natural unless it promises four cards of one suit, a five-card suit, or a singleton or void;
* a pass is artificial when it promises strength (a high card outside the last suit named) or is tied to values
  other than in the last suit named (aces, key cards, controls; points, top honours or a stopper in another suit);
* a double or redouble without a purpose, and a meaning given only in words, are left to the director.

Denominations specified: a natural bid specifies the one it names; an artificial call the suits it promises four
or more cards in (none, when it promises no particular suit).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..model import Bid, Call, Hand, Pass, Strain, Suit
from . import context as ctx
from . import solver
from .comparable import named
from .meaning import And, Count, Expr, Length, Not, Or, Points, Range, Shape, Stopper
from .model import Meaning, SystemCard

WORD = {"2017": "artificial", "2007": "artificial", "1997": "conventional"}


@dataclass(frozen=True, slots=True)
class Nature:
    """``artificial`` True/False, or None when the director decides; ``reason``; ``hand`` a hand the call shows
    that proves the reason (e.g. one with a doubleton in the suit named); ``word`` the edition's term."""

    artificial: bool | None
    reason: str
    hand: Hand | None = None
    word: str = "artificial"

    def said(self, name: str) -> str:
        """``2♣ after 1N is artificial: the card gives it a purpose (stayman)``."""
        if self.artificial is None:
            return f"{name}: {self.reason}; the director judges whether it is {self.word}"
        return f"{name} is {'' if self.artificial else 'not '}{self.word}: {self.reason}"


def _name(suit: Suit) -> str:
    return suit.name.lower()


def _promises(shows: Expr, claim: Expr) -> bool:
    """Every hand ``shows`` allows satisfies ``claim``."""
    return solver.implies(shows, claim)


def _length(suit: Suit, n: int) -> Expr:
    return Length(Range(n, None), suit)


def _values(expr: Expr, last: Suit | None) -> Iterator[Expr]:
    """The constraints of a pass on values other than in the last suit named (promised or denied)."""
    if isinstance(expr, And | Or):
        for item in expr.items:
            yield from _values(item, last)
    elif isinstance(expr, Not):
        yield from _values(expr.item, last)
    elif isinstance(expr, Points | Stopper | Count) and _other_values(expr, last):
        yield expr


def _other_values(expr: Points | Stopper | Count, last: Suit | None) -> bool:
    """Aces, key cards or controls (values in no one suit), or values in a suit other than ``last``."""
    if isinstance(expr, Count) and expr.kind in ("aces", "keycards", "controls"):
        return True
    return expr.suit is not None and expr.suit != last


def _pass(shows: Expr, steps: tuple[ctx.Step, ...]) -> tuple[bool, str, Hand | None]:
    last = ctx.last_suit(steps)
    outside = [s for s in Suit if s != last]
    strength = Or(tuple(Points(Range(1, None), s) for s in outside))
    where = f"outside {_name(last)}, the last suit named" if last is not None else "in some suit"
    if _promises(shows, strength):
        return True, f"every hand it shows holds a high card {where}: it promises strength", None
    tied = next(_values(shows, last), None)
    if tied is not None:
        return True, f"it promises or denies values other than in the last suit named ({tied})", None
    return False, "it promises no strength and no values other than in the last suit named", None


def _suit_bid(bid: Bid, shows: Expr, steps: tuple[ctx.Step, ...], edition: str) -> tuple[bool, str, Hand | None]:
    suit = bid.strain.suit
    assert suit is not None
    own: Expr = _length(suit, 3)
    what = f"three or more {_name(suit)}"
    if edition == "1997":  # "high-card strength or length (three cards or more) there"
        own = Or((own, Count("top", Range(1, None), suit)))
        what += " (or the ace, king or queen there)"
    hand = solver.subset(shows, own)
    if hand is not None:
        return True, f"it does not promise {what}", hand
    ours = ctx.our_strains(steps) | {bid.strain}
    others = [s for s in Suit if Strain.from_suit(s) not in ours]
    for s in others:
        if _promises(shows, _length(s, 4)):
            return True, f"it also promises four or more {_name(s)}, a suit our side has not named", None
    if others and _promises(shows, Or(tuple(_length(s, 4) for s in others))):
        for s in list(others):  # name only the suits the promise needs
            rest = [t for t in others if t != s]
            if rest and _promises(shows, Or(tuple(_length(t, 4) for t in rest))):
                others = rest
        names = " or ".join(_name(s) for s in others)
        return True, f"it also promises a second suit (four or more {names})", None
    return False, f"it promises {what} and no other suit", None


def _notrump_bid(shows: Expr) -> tuple[bool, str, Hand | None]:
    for s in Suit:
        if _promises(shows, _length(s, 4)):
            return True, f"it promises four or more {_name(s)}", None
    if _promises(shows, Or(tuple(_length(s, 5) for s in Suit))):
        return True, "it promises a five-card suit", None
    if _promises(shows, Shape("shortness")):
        return True, "it promises a singleton or void", None
    return False, "it promises no particular suit and no shortness", None


def nature(edition: str, meaning: Meaning | None, context: str, call: Call) -> Nature:
    """Definitions of ``edition``: is ``call`` (read after ``context``) artificial / conventional?"""
    word = WORD[edition]
    if meaning is None:
        return Nature(None, "the card gives no meaning for it", word=word)
    if meaning.purpose:
        return Nature(True, f"the card gives it a purpose ({meaning.purpose})", word=word)
    if meaning.shows is None:
        return Nature(None, f"the card gives only words ({meaning.text})", word=word)
    steps = ctx.of_key(context)
    if isinstance(call, Pass):
        found = _pass(meaning.shows, steps)
    elif not isinstance(call, Bid):
        return Nature(None, "the card gives it no purpose", word=word)
    elif call.strain is Strain.NOTRUMP:
        found = _notrump_bid(meaning.shows)
    else:
        found = _suit_bid(call, meaning.shows, steps, edition)
    artificial, why, hand = found
    return Nature(artificial, f"{why} ({meaning.shows})", hand, word)


def of(edition: str, card: SystemCard, context: str, call: Call) -> Nature:
    """``nature`` for the call as the card gives it after ``context``."""
    return nature(edition, card.meaning(context, call), context, call)


def specified(edition: str, card: SystemCard, context: str, call: Call) -> tuple[frozenset[Strain] | None, str]:
    """The denomination(s) ``call`` specifies (None: the director decides), with the reason in words naming the
    call (Law 29C; 2017 27B1(a))."""
    found = of(edition, card, context, call)
    meaning, name = card.meaning(context, call), named(call, context)
    if found.artificial is False and isinstance(call, Bid):
        strains = frozenset({call.strain})
        return strains, f"{name} is not {found.word}: it specifies {denominations(strains)}"
    if found.artificial is None or meaning is None or meaning.shows is None:
        return None, f"{found.said(name)}; the director judges which denomination(s) it specifies"
    suits = frozenset(Strain.from_suit(s) for s in Suit if _promises(meaning.shows, _length(s, 4)))
    kind = f"is {found.word}" if found.artificial else "is not a bid"
    return suits, f"{name} {kind}: it specifies {denominations(suits)} (the suits it promises four or more of)"


def denominations(strains: frozenset[Strain]) -> str:
    """``hearts and spades``, ``notrump``, ``no denomination``."""
    if not strains:
        return "no denomination"
    names = [("clubs", "diamonds", "hearts", "spades", "notrump")[s] for s in sorted(strains)]
    return " and ".join(names)
