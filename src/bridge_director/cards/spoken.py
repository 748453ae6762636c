"""An explanation as said at the table, read against the card's meaning (Laws 20F, 21B1(b), 75).

Players explain in their own words: "12 to 14", "five hearts", "transfer to hearts", "natural, balanced".  The
card says it in constraints (``hcp 12-14, balanced``; ``hearts 5+; purpose: transfer``).  ``read`` picks out of
the words what can be checked — a point range, suit lengths, a shape, a purpose, "natural" — and ``agrees``
compares each with the card: a paraphrase of the card is as explained; a claim the card contradicts is not;
words with nothing to check, or a card in words only, are left to the director (None).

>>> from .model import Meaning
>>> from .meaning import parse
>>> agrees(Meaning(parse("hcp 12-14, balanced")), "12 to 14")
True
>>> agrees(Meaning(parse("hcp 12-14, balanced")), "15-17 balanced")
False
>>> agrees(Meaning(parse("hearts 5+"), "transfer"), "natural, diamonds")
False
>>> agrees(Meaning(parse("hearts 5+"), "transfer"), "transfer, five or more hearts")
True
>>> agrees(Meaning(None, None, "see notes"), "12 to 14") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Suit
from .meaning import And, Expr, Length, Points, Range, Shape
from .model import Meaning

NUMBERS = {word: n for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
SUITS = {"spade": Suit.SPADES, "heart": Suit.HEARTS, "diamond": Suit.DIAMONDS, "club": Suit.CLUBS}
PURPOSES = ("transfer", "stayman", "puppet", "ask", "asking", "relay", "blackwood", "keycard", "rkcb", "cue",
            "splinter", "michaels", "unusual", "multi", "lebensohl", "drury", "jacoby", "texas", "gerber", "negative",
            "takeout", "take-out", "control")
SHAPE_WORDS = {"balanced": "balanced", "semi-balanced": "semibalanced", "semibalanced": "semibalanced",
               "unbalanced": "unbalanced", "singleton": "shortness", "shortness": "shortness", "void": "void"}
_N = r"(\d{1,2}|" + "|".join(sorted(NUMBERS, key=len, reverse=True)) + r")"
_RANGE = re.compile(rf"\b{_N}\s*(?:-|–|to)\s*{_N}\b(?!\s*(?:cards?|card)\b)")
_PLUS = re.compile(rf"\b{_N}\s*\+|\b(?:at least|minimum of|min)\s+{_N}\b")
_LENGTH = re.compile(rf"\b{_N}(\+|\s+or\s+more|\s+plus)?(?:\s*-?\s*cards?)?\s+(?:in\s+)?(spade|heart|diamond|club)s?\b"
                     rf"|\b(spade|heart|diamond|club)s?\s+{_N}(\+)?")


def _num(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word]


@dataclass(frozen=True, slots=True)
class Spoken:
    """What an explanation claims that a card can check."""

    points: Range | None = None
    lengths: tuple[tuple[Suit, Range], ...] = ()
    suits: tuple[Suit, ...] = ()  # suits named without a length
    shape: str | None = None
    purpose: str | None = None
    natural: bool = False

    @property
    def empty(self) -> bool:
        return (self.points is None and not self.lengths and not self.suits and self.shape is None
                and self.purpose is None and not self.natural)


def read(text: str) -> Spoken:
    """The checkable claims in an explanation (an empty ``Spoken`` when there are none)."""
    low = text.casefold()
    lengths: list[tuple[Suit, Range]] = []
    for m in _LENGTH.finditer(low):
        if m.group(3):
            n, plus, suit = _num(m.group(1)), bool(m.group(2)), SUITS[m.group(3)]
        else:
            n, plus, suit = _num(m.group(5)), bool(m.group(6)), SUITS[m.group(4)]
        if 0 < n <= 13:
            lengths.append((suit, Range(n, None if plus else n)))
    rest = _LENGTH.sub(" ", low)
    points = None
    if (r := _RANGE.search(rest)) is not None:
        lo, hi = _num(r.group(1)), _num(r.group(2))
        if lo <= hi <= 37:
            points = Range(lo, hi)
    elif (p := _PLUS.search(rest)) is not None:
        points = Range(_num(p.group(1) or p.group(2)), None)
    named = {SUITS[w] for w in re.findall(r"\b(spade|heart|diamond|club)s?\b", low)}
    suits = tuple(sorted(named - {s for s, _ in lengths}))
    shape = next((SHAPE_WORDS[w] for w in re.findall(r"[a-z-]+", low) if w in SHAPE_WORDS), None)
    purpose = next((w.replace("take-out", "takeout") for w in re.findall(r"[a-z-]+", low) if w in PURPOSES), None)
    return Spoken(points, tuple(lengths), suits, shape, purpose, "natural" in low)


def _parts(expr: Expr | None) -> tuple[Expr, ...]:
    if expr is None:
        return ()
    return expr.items if isinstance(expr, And) else (expr,)


def _same_purpose(card: str | None, said: str) -> bool:
    """``transfer`` and ``transfers``, ``ask`` and ``asking``: the same purpose in other words."""
    return card is not None and (card.startswith(said[:4]) or said.startswith(card[:4]))


def agrees(meaning: Meaning | None, explanation: str) -> bool | None:
    """True: the explanation says what the card says (in any words); False: it claims something the card
    contradicts; None: nothing to compare (a card in words only, or words with no checkable claim)."""
    if meaning is None or meaning.words_only:
        return None
    said = read(explanation)
    if said.empty:
        return None
    parts = _parts(meaning.shows)
    points = [p.range for p in parts if isinstance(p, Points) and p.suit is None]
    lengths = {p.suit: p.range for p in parts if isinstance(p, Length) and isinstance(p.suit, Suit)}
    shapes = {p.kind for p in parts if isinstance(p, Shape)}
    if said.points is not None and points and said.points != points[0]:
        return False
    for suit, rng in said.lengths:
        card = lengths.get(suit)
        if card is None and lengths:
            return False
        if card is not None and not (card.lo == rng.lo or (rng.hi is not None and card.has(rng.lo))):
            return False
    if said.suits and lengths and not set(said.suits) <= set(lengths):
        return False
    if said.shape is not None and shapes and said.shape not in shapes:
        return False
    if said.purpose is not None and not _same_purpose(meaning.purpose, said.purpose):
        return False
    return not (said.natural and meaning.purpose is not None)  # "natural" against an artificial call
