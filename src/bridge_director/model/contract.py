"""Contracts and the contract score of Law 77.

>>> c = Contract.parse("4SX", Seat.SOUTH)
>>> c, str(c)
(Contract.parse('4SX', Seat.SOUTH), '4♠X by S')
>>> c.score(tricks=10, vulnerable=True), c.score(tricks=8, vulnerable=False)
(790, -300)
>>> contract_score(3, Strain.NOTRUMP, Doubling.UNDOUBLED, vulnerable=False, tricks=9)
400
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from ..errors import ParseError
from .calls import Strain
from .seat import Seat, Side, Vulnerability


class Doubling(IntEnum):
    """Undoubled, doubled or redoubled; the value is the multiplier's log base 2."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        return ("", "X", "XX")[self]

    def __repr__(self) -> str:
        return f"Doubling.{self.name}"


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level, strain, doubling and declarer."""

    level: int
    strain: Strain
    doubling: Doubling
    declarer: Seat

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ParseError(f"a contract has a level from 1 to 7, not {self.level}", field="Contract")

    @classmethod
    def parse(cls, text: str, declarer: Seat) -> Contract:
        """Read PBN-style ``4SX``, ``3NT``, ``6♥XX`` (declarer given separately)."""
        key = text.strip().upper()
        for symbol, letter in _SYMBOLS:
            key = key.replace(symbol, letter)
        doubling = Doubling.UNDOUBLED
        if key.endswith("XX"):
            doubling, key = Doubling.REDOUBLED, key[:-2]
        elif key.endswith("X"):
            doubling, key = Doubling.DOUBLED, key[:-1]
        if len(key) < 2 or key[0] not in "0123456789":  # not str.isdigit: "²" is a digit too
            raise ParseError(f"not a contract: {text!r}", field="Contract")
        try:
            return cls(int(key[0]), Strain.parse(key[1:]), doubling, declarer)
        except ParseError:
            raise ParseError(f"not a contract: {text!r}", field="Contract") from None

    @property
    def side(self) -> Side:
        return self.declarer.side

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        return self.declarer.lho

    @property
    def pbn(self) -> str:
        """The PBN ``Contract`` tag value, e.g. ``4SX``."""
        return f"{self.level}{self.strain.letter}{self.doubling.suffix}"

    def score(self, tricks: int, vulnerable: bool) -> int:
        """The score to declarer's side for ``tricks`` tricks (Law 77)."""
        return contract_score(self.level, self.strain, self.doubling, vulnerable, tricks)

    def score_ns(self, tricks: int, vulnerability: Vulnerability) -> int:
        """The score from North-South's point of view."""
        points = self.score(tricks, vulnerability.is_vulnerable(self.side))
        return points if self.side is Side.NS else -points

    def result_text(self, tricks: int) -> str:
        """``=``, ``+1`` or ``-2`` against the contract."""
        diff = tricks - (self.level + 6)
        return "=" if diff == 0 else f"{diff:+d}"

    def __str__(self) -> str:
        return f"{self.level}{self.strain.symbol}{self.doubling.suffix} by {self.declarer.letter}"

    def __repr__(self) -> str:
        return f"Contract.parse({self.pbn!r}, {self.declarer!r})"


_TRICK_VALUE = (20, 20, 30, 30, 30)
_SYMBOLS = (("♣", "C"), ("♦", "D"), ("♥", "H"), ("♠", "S"), ("*", "X"))


def contract_score(level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int) -> int:
    """Law 77: the total score to declarer's side, negative when the contract fails."""
    if not 0 <= tricks <= 13:
        raise ParseError(f"tricks must be 0 to 13, not {tricks}", field="Result")
    factor = 1 << doubling
    needed = level + 6
    if tricks < needed:
        return -_undertrick_penalty(needed - tricks, doubling, vulnerable)
    per_trick = _TRICK_VALUE[strain]
    contract_points = (per_trick * level + (10 if strain is Strain.NOTRUMP else 0)) * factor
    score = contract_points
    if contract_points >= 100:
        score += 500 if vulnerable else 300
    else:
        score += 50
    if level == 6:
        score += 750 if vulnerable else 500
    elif level == 7:
        score += 1500 if vulnerable else 1000
    if doubling:
        score += 50 * (1 << (doubling - 1))  # the "insult": 50 doubled, 100 redoubled
    over = tricks - needed
    if doubling:
        score += over * (200 if vulnerable else 100) * (1 << (doubling - 1))
    else:
        score += over * per_trick
    return score


def _undertrick_penalty(down: int, doubling: Doubling, vulnerable: bool) -> int:
    if doubling is Doubling.UNDOUBLED:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + 300 * (down - 1)
    else:
        penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return penalty * (1 << (doubling - 1))
