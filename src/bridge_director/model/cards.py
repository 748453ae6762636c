"""Suits, ranks and cards.

>>> Card.parse("SA"), Card.parse("♥10"), Card.parse("dq")
(Card.parse('SA'), Card.parse('HT'), Card.parse('DQ'))
>>> str(Card.parse("H2")), Card.parse("S9").symbol
('H2', '♠9')
>>> Card.parse("SA") > Card.parse("SK")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from ..errors import ParseError


class Suit(IntEnum):
    """A suit, in ascending bidding order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_major(self) -> bool:
        return self >= Suit.HEARTS

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip()
        if len(key) == 1:
            code = _SUIT_CODES.get(key.upper())
            if code is not None:
                return code
        named = _SUIT_NAMES.get(key.lower())
        if named is not None:
            return named
        raise ParseError(f"not a suit: {text!r}", field="suit")

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self.letter


_SUIT_CODES = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
               "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
               "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES}
_SUIT_NAMES = {"clubs": Suit.CLUBS, "diamonds": Suit.DIAMONDS, "hearts": Suit.HEARTS, "spades": Suit.SPADES,
               "club": Suit.CLUBS, "diamond": Suit.DIAMONDS, "heart": Suit.HEARTS, "spade": Suit.SPADES}


class Rank(IntEnum):
    """A rank, two low to ace high."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        return "23456789TJQKA"[self - 2]

    @property
    def is_honour(self) -> bool:
        """Honours for Laws 24 and 50: ace, king, queen, jack and ten."""
        return self >= Rank.TEN

    @property
    def hcp(self) -> int:
        return max(0, self - 10)

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        rank = _RANK_CODES.get(key)
        if rank is None:
            raise ParseError(f"not a rank: {text!r}", field="rank")
        return rank

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __str__(self) -> str:
        return self.char


_RANK_CODES = {r.char: r for r in Rank} | {"10": Rank.TEN}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card; cards order by suit, then rank."""

    suit: Suit
    rank: Rank

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``SA``, ``♠A``, ``sa``, ``S10`` or rank-first ``AS``."""
        cached = _CARD_CACHE.get(text)
        if cached is not None:
            return cached
        key = text.strip()
        if len(key) >= 2:
            try:
                return cls(Suit.parse(key[0]), Rank.parse(key[1:]))
            except ParseError:
                try:
                    return cls(Suit.parse(key[-1]), Rank.parse(key[:-1]))
                except ParseError:
                    pass
        raise ParseError(f"not a card: {text!r}", field="card")

    @property
    def symbol(self) -> str:
        return f"{self.suit.symbol}{self.rank.char}"

    def __str__(self) -> str:
        return f"{self.suit.letter}{self.rank.char}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


FULL_DECK: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in Rank)
_CARD_CACHE: dict[str, Card] = {}
for _card in FULL_DECK:
    for _s in (_card.suit.letter, _card.suit.letter.lower(), _card.suit.symbol):
        _CARD_CACHE[_s + _card.rank.char] = _card
        _CARD_CACHE[_s + _card.rank.char.lower()] = _card
