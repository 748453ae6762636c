"""Calls: pass, double, redouble and bids; strains in bidding order.

>>> Call.parse("1NT"), Call.parse("1♠"), Call.parse("P"), Call.parse("XX")
(Bid(1, Strain.NOTRUMP), Bid(1, Strain.SPADES), Pass(), Redouble())
>>> str(Bid(3, Strain.HEARTS)), Bid(1, Strain.NOTRUMP) > Bid(1, Strain.SPADES)
('3H', True)
>>> Call.parse("8C")
Traceback (most recent call last):
...
bridge_director.errors.ParseError: call: not a call: '8C' (a bid has a level from 1 to 7)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar

from ..errors import ParseError
from .cards import Suit


class Strain(IntEnum):
    """A denomination, in bidding order: clubs lowest, notrump highest."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None for notrump."""
        return None if self is Strain.NOTRUMP else Suit(int(self))

    @classmethod
    def from_suit(cls, suit: Suit) -> Strain:
        return cls(int(suit))

    @classmethod
    def parse(cls, text: str) -> Strain:
        key = text.strip().upper()
        if key in ("N", "NT", "SA", "NOTRUMP", "NOTRUMPS"):
            return cls.NOTRUMP
        return cls.from_suit(Suit.parse(text))

    def __repr__(self) -> str:
        return f"Strain.{self.name}"

    def __str__(self) -> str:
        return self.letter


class Call:
    """Base of the four kinds of call."""

    __slots__ = ()
    is_bid: ClassVar[bool] = False

    @staticmethod
    def parse(text: str) -> Call:
        """Read the notations people type and files use; raise ParseError naming the text."""
        call = _CALL_CACHE.get(text)
        if call is None:
            call = _CALL_CACHE.get(text.strip().upper().replace("♣", "C").replace("♦", "D")
                                   .replace("♥", "H").replace("♠", "S").rstrip("!"))
        if call is None:
            hint = ""
            key = text.strip()
            if key[:1].isdigit() and key[:1] not in "1234567":
                hint = " (a bid has a level from 1 to 7)"
            raise ParseError(f"not a call: {text!r}{hint}", field="call")
        return call


@dataclass(frozen=True, slots=True)
class Pass(Call):
    def __str__(self) -> str:
        return "Pass"

    def __repr__(self) -> str:
        return "Pass()"


@dataclass(frozen=True, slots=True)
class Double(Call):
    def __str__(self) -> str:
        return "X"

    def __repr__(self) -> str:
        return "Double()"


@dataclass(frozen=True, slots=True)
class Redouble(Call):
    def __str__(self) -> str:
        return "XX"

    def __repr__(self) -> str:
        return "Redouble()"


@dataclass(frozen=True, order=True, slots=True)
class Bid(Call):
    """A bid of ``level`` (1-7) in ``strain``; bids order by rank (Law 18)."""

    level: int
    strain: Strain
    is_bid: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ParseError(f"a bid has a level from 1 to 7, not {self.level}", field="call")

    @property
    def rank(self) -> int:
        """0 for 1♣ up to 34 for 7NT."""
        return (self.level - 1) * 5 + int(self.strain)

    @property
    def symbol(self) -> str:
        return f"{self.level}{self.strain.symbol}"

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}"

    def __repr__(self) -> str:
        return f"Bid({self.level}, {self.strain!r})"


PASS = Pass()
DOUBLE = Double()
REDOUBLE = Redouble()
ALL_BIDS: tuple[Bid, ...] = tuple(Bid(level, strain) for level in range(1, 8) for strain in Strain)

_CALL_CACHE: dict[str, Call] = {}
for _text in ("P", "PASS", "-", "PAS", "NB", "PA"):
    _CALL_CACHE[_text] = PASS
for _text in ("X", "D", "DBL", "DOUBLE", "DB"):
    _CALL_CACHE[_text] = DOUBLE
for _text in ("XX", "R", "RDBL", "REDOUBLE", "RD", "RDB"):
    _CALL_CACHE[_text] = REDOUBLE
for _bid in ALL_BIDS:
    _letters = ("N", "NT", "SA") if _bid.strain is Strain.NOTRUMP else (_bid.strain.letter,)
    for _l in _letters:
        _CALL_CACHE[f"{_bid.level}{_l}"] = _bid
