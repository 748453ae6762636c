"""Seats, sides, vulnerability and the board cycle (Law 2).

>>> Seat.NORTH.lho, Seat.NORTH.rho, Seat.NORTH.partner
(Seat.EAST, Seat.WEST, Seat.SOUTH)
>>> board_dealer(7), board_vulnerability(7)
(Seat.SOUTH, Vulnerability.BOTH)
>>> board_vulnerability(17) is board_vulnerability(1)
True
"""

from __future__ import annotations

from enum import Enum, IntEnum

from ..errors import ParseError


class Side(Enum):
    """A partnership."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    def __repr__(self) -> str:
        return f"Side.{self.name}"


class Seat(IntEnum):
    """A compass seat; clockwise order is the order of rotation."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return "NESW"[self]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next player in rotation."""
        return _SEATS[(self + 1) % 4]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) % 4]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous player in rotation."""
        return _SEATS[(self + 3) % 4]

    @property
    def side(self) -> Side:
        return Side.NS if self % 2 == 0 else Side.EW

    def after(self, steps: int) -> Seat:
        return _SEATS[(self + steps) % 4]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read ``N``, ``north``, ``North`` ... (a letter or the whole name, any case)."""
        key = text.strip().upper()
        if key in _SEAT_NAMES:
            return cls(_SEAT_NAMES[key])
        raise ParseError(f"not a seat: {text!r}", field="seat")

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __str__(self) -> str:
        return self.letter


_SEATS: tuple[Seat, ...] = tuple(Seat)
_SEAT_NAMES = {name: i for i, seat in enumerate(Seat) for name in (seat.name, seat.name[0])}


class Vulnerability(Enum):
    """Who is vulnerable on a board."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def is_vulnerable(self, side: Side | Seat) -> bool:
        if isinstance(side, Seat):
            side = side.side
        return self is Vulnerability.BOTH or self.value == side.value

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        key = text.strip().lower()
        for names, vul in _VUL_NAMES:
            if key in names:
                return vul
        raise ParseError(f"not a vulnerability: {text!r}", field="Vulnerable")

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"


_VUL_NAMES = (
    ({"none", "love", "-", "o", "0", "", "nil"}, Vulnerability.NONE),
    ({"ns", "n", "n-s", "ns vul"}, Vulnerability.NS),
    ({"ew", "e", "e-w", "ew vul"}, Vulnerability.EW),
    ({"all", "both", "b"}, Vulnerability.BOTH),
)

# Law 2: the vulnerability of boards 1..16, repeated every 16 boards.
_CYCLE = "-NEB" "NEB-" "EB-N" "B-NE"
_VUL_BY_CODE = {"-": Vulnerability.NONE, "N": Vulnerability.NS, "E": Vulnerability.EW, "B": Vulnerability.BOTH}


def board_dealer(board: int) -> Seat:
    """Dealer of a board by Law 2: North deals board 1, then clockwise."""
    if board < 1:
        raise ParseError(f"board numbers start at 1, not {board}", field="Board")
    return Seat((board - 1) % 4)


def board_vulnerability(board: int) -> Vulnerability:
    """Vulnerability of a board by the 16-board cycle of Law 2."""
    if board < 1:
        raise ParseError(f"board numbers start at 1, not {board}", field="Board")
    return _VUL_BY_CODE[_CYCLE[(board - 1) % 16]]
