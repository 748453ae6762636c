"""The play period's own consequences, carried in ``TableState.period`` (Laws 41-71).

Plain frozen data: the revokes the engine has seen (Laws 61-64), the lead and play restrictions a
rectification imposed (Laws 50D, 57A, 26), the trick transfers and the director's adjustments, and
the notes for the board summary.  The transitions live in ``table.play`` and the law modules.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Card, Seat, Side, Suit
from .edition import Edition


@dataclass(frozen=True, slots=True)
class RevokeRecord:
    """A failure to follow suit (Law 61) seen by the engine: ``trick`` is 1-based.

    ``held`` are the cards of the suit led the offender held when he revoked (what he could legally
    have played, for the 1997 Law 64A); ``faced`` is true when every such card was on the table
    (dummy's hand, or penalty cards): Law 64B3.  ``rule`` is the clause of the rectification not complied with
    when the revoke is a lead or play contrary to it (Law 61A: 50D2, 26B, 57A ...; then ``suit`` is the suit the
    rule concerns and ``held`` the cards that would have complied), empty for a failure to follow suit.
    """

    seat: Seat
    trick: int
    card: Card
    suit: Suit
    held: tuple[Card, ...]
    faced: bool
    edition: Edition
    established: bool = False
    corrected: bool = False
    rule: str = ""


@dataclass(frozen=True, slots=True)
class LeadRule:
    """Law 50D2 / 26 / 54D: ``seat`` must lead ``suit`` (``require``) or may not lead it while he keeps the lead."""

    seat: Seat
    suit: Suit
    require: bool
    law: str


@dataclass(frozen=True, slots=True)
class PlayRule:
    """Law 57A: at ``trick`` ``seat`` must play his highest / lowest card of the suit led, a card of another
    suit ``suit``, or no card of ``suit`` (kinds ``highest``, ``lowest``, ``suit``, ``forbid``); kind ``card``:
    ``card`` is already played and is put on the trick at ``seat``'s turn (57D declarer's premature play, 62C2 a
    card the offending side kept)."""

    seat: Seat
    kind: str
    suit: Suit | None
    trick: int
    law: str = "57A"
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Transfer:
    """Tricks transferred at the end of play (Law 64A) from the offending side, or none (64B) with the reason."""

    law: str
    offender: Seat
    tricks: int
    text: str


@dataclass(frozen=True, slots=True)
class Adjustment:
    """The director's entry of declarer's tricks (claims 69-71, 62D, 64C, 12): it replaces the count."""

    law: str
    declarer_tricks: int
    text: str


@dataclass(frozen=True, slots=True)
class PlayPeriod:
    """Everything the play period carries beyond the cards (``TableState.play``)."""

    revokes: tuple[RevokeRecord, ...] = ()
    lead_rule: LeadRule | None = None
    play_rule: PlayRule | None = None
    transfers: tuple[Transfer, ...] = ()
    adjustments: tuple[Adjustment, ...] = ()
    notes: tuple[str, ...] = ()
    dummy_faced: bool = False
    lead_ruled: int = -1
    ended: bool = False
    claim_statement: str = ""
    designated: Card | None = None
    lead26_done: tuple[int, ...] = ()
    lead_from: Seat | None = None
    tricks_in_error: tuple[str, ...] = ()

    @property
    def revoking_sides(self) -> set[Side]:
        return {r.seat.side for r in self.revokes if not r.corrected}
