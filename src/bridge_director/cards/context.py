"""Auction contexts: the keys a system card files its meanings under, in the notation of BML sequences.

A key lists the calls made so far, joined by ``-``; the opponents' calls are in brackets.  When the opponents
have only passed since our side opened, their passes are left out (``1N-2C``: partner opened 1NT, we asked with
2♣); otherwise every call is written (``(1H)``, ``1N-(2H)``, ``(1N)-P-(P)``).  Passes before the first bid are
left out (seat and vulnerability do not change a meaning here).  The opening context is the empty key.

>>> from bridge_director.model import Call
>>> key([(Call.parse("1NT"), True), (PASS, False), (Call.parse("2C"), True)])
'1N-2C'
>>> key([(PASS, True), (Call.parse("1H"), False), (Call.parse("X"), True)])
'(1H)-X'
>>> normal("1NT-(P)-2C;"), normal("(1nt)---"), normal("")
('1N-2C', '(1N)', '')
>>> [str(c) for c in calls_of("1M")]
['1H', '1S']
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from ..errors import ParseError
from ..model import DOUBLE, PASS, REDOUBLE, Bid, Call, Pass, Seat, Strain, Suit

Step = tuple[Call, bool]  # a call and whether our side made it

_PATTERN = re.compile(r"^([1-7])(NT|N|M|m|X|red|black|[CDHS♣♦♥♠]+)$")
_GROUPS = {"M": (Strain.HEARTS, Strain.SPADES), "m": (Strain.CLUBS, Strain.DIAMONDS),
           "X": (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES),
           "red": (Strain.DIAMONDS, Strain.HEARTS), "black": (Strain.CLUBS, Strain.SPADES)}
_LETTER = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES, "♣": Strain.CLUBS,
           "♦": Strain.DIAMONDS, "♥": Strain.HEARTS, "♠": Strain.SPADES}


def word(call: Call) -> str:
    """A call as a key writes it: ``1N``, ``2C``, ``P``, ``X``, ``XX``."""
    if isinstance(call, Bid):
        return f"{call.level}{'N' if call.strain is Strain.NOTRUMP else call.strain.letter}"
    return "P" if isinstance(call, Pass) else "X" if call == DOUBLE else "XX"


def calls_of(token: str) -> tuple[Call, ...]:
    """The calls one word of a key or a card's call stands for: ``1S``; ``1HS`` (both); ``1m``, ``1M``, ``1X``
    (every suit), ``1red``, ``1black``; ``P``/``Pass``, ``X``/``D``/``Dbl``, ``XX``/``R``/``Rdbl``."""
    t = token.strip()
    upper = t.upper()
    if upper in ("P", "PASS"):
        return (PASS,)
    if upper in ("X", "D", "DBL", "DOUBLE"):
        return (DOUBLE,)
    if upper in ("XX", "R", "RDBL", "REDOUBLE"):
        return (REDOUBLE,)
    m = _PATTERN.match(t) or _PATTERN.match(t[:1] + t[1:].upper())
    if m is None:
        raise ParseError(f"not a call: {token!r}", field="call")
    level, rest = int(m.group(1)), m.group(2)
    if rest.upper() in ("N", "NT"):
        return (Bid(level, Strain.NOTRUMP),)
    if rest in _GROUPS:
        return tuple(Bid(level, s) for s in _GROUPS[rest])
    strains = sorted({_LETTER[ch] for ch in rest.upper()})
    return tuple(Bid(level, s) for s in strains)


def steps(text: str) -> list[tuple[tuple[Call, ...], bool]]:
    """A key's words, each with the calls it stands for and whether it is ours (not in brackets)."""
    body = text.strip().rstrip(";").strip()
    words = [w for w in re.split(r"[-\s]+", body) if w]
    out: list[tuple[tuple[Call, ...], bool]] = []
    for w in words:
        theirs = w.startswith("(") and w.endswith(")")
        if w.count("(") != w.count(")") or (("(" in w) and not theirs):
            raise ParseError(f"{w!r} in the context {text!r}: an opponents' call is written in brackets, e.g. (1H)",
                             field="context")
        out.append((calls_of(w[1:-1] if theirs else w), not theirs))
    return out


def expand(text: str) -> list[tuple[Step, ...]]:
    """Every concrete auction a key (with ``m``, ``M``, ``X`` ... words) stands for."""
    words = steps(text)
    return [tuple(zip(combo, (ours for _, ours in words), strict=True))
            for combo in itertools.product(*(calls for calls, _ in words))]


def key(auction: Sequence[Step]) -> str:
    """The normal key of an auction given as (call, ours) steps."""
    seq = list(auction)
    while seq and isinstance(seq[0][0], Pass):
        seq.pop(0)
    if not seq:
        return ""
    if seq[0][1] and all(isinstance(c, Pass) for c, ours in seq if not ours):
        return "-".join(word(c) for c, ours in seq if ours)
    return "-".join(word(c) if ours else f"({word(c)})" for c, ours in seq)


def normal(text: str) -> str:
    """The normal form of a key written on a card (one concrete auction)."""
    found = expand(text)
    if len(found) != 1:
        raise ParseError(f"the context {text!r} stands for {len(found)} auctions; name one", field="context")
    return key(found[0])


def their_suit(auction: Sequence[Step]) -> Suit | None:
    """The suit of the opponents' last bid in a suit (what ``their`` means in a meaning)."""
    for call, ours in reversed(auction):
        if not ours and isinstance(call, Bid) and call.strain is not Strain.NOTRUMP:
            return call.strain.suit
    return None


def from_table(calls: Sequence[tuple[Seat, Call]], seat: Seat) -> tuple[Step, ...]:
    """The steps of a table's auction from ``seat``'s side."""
    return tuple((call, s.side == seat.side) for s, call in calls)


def from_words(text: str, *, ours_next: bool = True) -> tuple[Step, ...]:
    """An auction typed as calls from the dealer (``1NT 1S``): the player to call next is ours, and sides
    alternate backwards from there.  Each word must stand for one call."""
    calls: list[Call] = []
    for w in text.replace(",", " ").split():
        found = calls_of(w)
        if len(found) != 1:
            raise ParseError(f"{w!r} in the auction {text!r} stands for several calls; name one", field="auction")
        calls.append(found[0])
    n = len(calls)
    return tuple((c, ((n - i) % 2 == 0) == ours_next) for i, c in enumerate(calls))


def before_last_bid(auction: Sequence[Step]) -> tuple[Step, ...]:
    """The auction without its last bid and the calls after it: what a player who did not see that bid believed
    the auction to be (the usual reading of an insufficient bid)."""
    last = max((i for i, (call, _) in enumerate(auction) if isinstance(call, Bid)), default=None)
    return tuple(auction if last is None else auction[:last])


def of_key(text: str) -> tuple[Step, ...]:
    """The one auction a normal key stands for (``card.meaning`` keys); a pattern raises a ``ParseError``."""
    found = expand(text)
    if len(found) != 1:
        raise ParseError(f"the context {text!r} stands for {len(found)} auctions; name one", field="context")
    return found[0]


def last_bid(auction: Sequence[Step]) -> Bid | None:
    """The last bid made, by either side (the one a later bid must supersede), or None."""
    return next((call for call, _ in reversed(auction) if isinstance(call, Bid)), None)


def lowest_sufficient(auction: Sequence[Step], strain: Strain) -> Bid | None:
    """The lowest bid in ``strain`` that supersedes the last bid (Law 18), or None when none does.

    >>> lowest_sufficient(of_key("(1S)"), Strain.HEARTS), lowest_sufficient(of_key("(7N)"), Strain.CLUBS)
    (Bid(2, Strain.HEARTS), None)
    """
    last = last_bid(auction)
    level = 1 if last is None else last.level + (0 if strain > last.strain else 1)
    return Bid(level, strain) if level <= 7 else None


def our_strains(auction: Sequence[Step]) -> frozenset[Strain]:
    """The denominations our side has named in the auction."""
    return frozenset(call.strain for call, ours in auction if ours and isinstance(call, Bid))


def last_suit(auction: Sequence[Step]) -> Suit | None:
    """The suit of the last bid in a suit, by either side ('the last suit named'), or None."""
    return next((call.strain.suit for call, _ in reversed(auction)
                 if isinstance(call, Bid) and call.strain.suit is not None), None)


def legal(auction: Sequence[Step]) -> str | None:
    """Why the steps are not a legal auction (sides alternating, bids rising, doubles of the opponents' bid), or
    None.  The steps of a short key leave the opponents' passes out, so sides alternate only in a full one."""
    if any(not ours for _, ours in auction):
        for i in range(1, len(auction)):
            if auction[i][1] == auction[i - 1][1]:
                return f"calls {i} and {i + 1} are by the same side: write every call once the opponents act"
    last: Bid | None = None
    last_by: bool | None = None
    doubled: int = 0
    for i, (call, ours) in enumerate(auction):
        if isinstance(call, Bid):
            if last is not None and call <= last:
                return f"{word(call)} is not higher than {word(last)} (Law 18)"
            last, last_by, doubled = call, ours, 0
        elif call == DOUBLE:
            if last is None or last_by == ours or doubled:
                return f"the double at call {i + 1} is not of an opponent's undoubled bid (Law 19A)"
            doubled = 1
        elif call == REDOUBLE:
            if doubled != 1 or last_by != ours:
                return f"the redouble at call {i + 1} is not of an opponent's double of our bid (Law 19B)"
            doubled = 2
    return None
