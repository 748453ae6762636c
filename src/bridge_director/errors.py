"""One exception hierarchy.  Exceptions are for impossible input; irregularities are table states.

Every error names what it breaks: a law, a field, or a line of a file.

>>> err = IllegalCallError("bid of 1♣ after 1♥ is insufficient", law="18")
>>> str(err)
'Law 18: bid of 1♣ after 1♥ is insufficient'
>>> str(ParseError("bad call 'Q'", field="Auction", line=12))
"line 12, Auction: bad call 'Q'"
"""

from __future__ import annotations


class BridgeError(Exception):
    """Base class of every error raised by bridge-director."""

    def __init__(self, message: str, *, law: str | None = None, field: str | None = None,
                 line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.law = law
        self.field = field
        self.line = line

    def __str__(self) -> str:
        where = []
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.field:
            where.append(self.field)
        if self.law:
            where.append(f"Law {self.law}")
        return f"{', '.join(where)}: {self.message}" if where else self.message


class ParseError(BridgeError, ValueError):
    """Text that does not denote a card, call, deal, or file record."""


class DealError(BridgeError, ValueError):
    """A deal that is not 52 distinct cards, 13 to a hand (Law 1, Law 6)."""


class IllegalCallError(BridgeError):
    """A call that the auction cannot accept as legal (Laws 17-22)."""


class IllegalPlayError(BridgeError):
    """A card that cannot be played legally, or is not held (Laws 44, 45)."""


class RegisterError(BridgeError):
    """A register record that cannot be stored or found: unknown id, bad field, unreadable export."""


class ConflictError(RegisterError):
    """A register record changed by someone else since it was read (optimistic concurrency)."""


class MissingError(RegisterError):
    """A register record asked for by an id that names none (the web answers 404)."""
