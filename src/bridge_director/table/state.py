"""The frozen state of a table: the auction that stands, any pending irregularity, and every
consequence carried to the end of the board (Laws 16C, 23-26, 72C), with a slot for the play.

Consequences are data.  A law module adds them; the engine enforces the restrictions on calls;
the board summary shows them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Any

from ..model import (
    Auction,
    Bid,
    Call,
    Card,
    Contract,
    Deal,
    Double,
    Doubling,
    Pass,
    Play,
    Redouble,
    Seat,
    Side,
    Vulnerability,
)
from .edition import Edition
from .judged import Adjusted, Note
from .play_state import PlayPeriod

if TYPE_CHECKING:
    from ..cards.model import TableCards


class Bar(Enum):
    """A restriction on a seat's calls."""

    PASS_ONCE = "must pass at the next turn"
    PASS_THROUGHOUT = "must pass whenever it is his turn for the rest of the auction"
    NO_DOUBLE_ONCE = "may not double or redouble at the next turn"
    REPEAT = "must repeat the call at the next turn"


@dataclass(frozen=True, slots=True)
class Restriction:
    """A bar on ``seat``'s calls, with the law that imposed it (``call`` is the call to repeat, for REPEAT)."""

    seat: Seat
    bar: Bar
    law: str
    call: Call | None = None

    def describe(self) -> str:
        what = self.bar.value.replace("his", "their")
        if self.bar is Bar.REPEAT and self.call is not None:
            what = f"must repeat {self.call} at the next turn"
        return f"{self.seat.name.title()} {what} (Law {self.law})"


@dataclass(frozen=True, slots=True)
class LeadRestriction:
    """Law 26: a call of ``offender`` was withdrawn; if he defends, declarer may restrict his partner's lead.

    ``specified`` are the suits the withdrawn call specified (named by a natural bid, or as the director
    judged: ``judged``); ``shown`` the suits it promised without saying which (one of them: forbid only);
    ``legal`` the suits the offender specified in the legal auction as the director judged (None: not yet
    judged, natural bids count).  ``edition`` decides the rule.
    """

    offender: Seat
    withdrawn: Call
    specified: tuple[int, ...]
    edition: Edition
    law: str = "26"
    judged: bool = False
    shown: tuple[int, ...] = ()
    legal: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class ExposedCard:
    """A card exposed or led during the auction (Law 24); a penalty card if its holder defends."""

    seat: Seat
    card: Card
    led: bool = False


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    """A defender's penalty card (Law 50): major or minor."""

    seat: Seat
    card: Card
    major: bool
    law: str = "50"


@dataclass(frozen=True, slots=True)
class Flag:
    """A possible score adjustment the director must consider at the end of the board."""

    law: str
    side: Side
    text: str


@dataclass(frozen=True, slots=True)
class Unauthorised:
    """Law 16C: information from a withdrawn call or exposed card, unauthorised to ``side``."""

    side: Side
    source: str
    law: str = "16C"


@dataclass(frozen=True, slots=True)
class Watch:
    """A later call that a law must judge: the offender's next call after a withdrawn call (2017: comparable?).

    ``kind`` names the rule in the law module that set it; ``rho_call`` records the right-hand
    opponent's call when the rule depends on it (Laws 31A, 32A).
    """

    offender: Seat
    withdrawn: Call
    law: str
    kind: str
    edition: Edition
    rho_call: Call | None = None
    armed: bool = False


@dataclass(frozen=True, slots=True)
class Record:
    """A resolved ruling, kept for the board summary."""

    law: str
    irregularity: str
    offender: Seat
    outcome: str
    edition: Edition
    steps: tuple[tuple[str, str], ...] = ()  # a guided ruling's questions and the director's answers


@dataclass(frozen=True, slots=True)
class AuctionCall:
    """A call that stands in the auction, with the seat that made it."""

    seat: Seat
    call: Call

    def __str__(self) -> str:
        return f"{self.seat.letter}:{self.call}"


@dataclass(frozen=True, slots=True)
class Pending:
    """Base of every pending irregularity; each law module defines its own stages (subclasses)."""

    offender: Seat
    edition: Edition


@dataclass(frozen=True, slots=True)
class TableState:
    """One board at one table, derived from the event log by ``engine.apply``."""

    dealer: Seat
    vulnerability: Vulnerability
    board: int | None = None
    deal: Deal | None = None
    laws: Edition = Edition.L2017
    authority: str = ""  # the event's regulating authority (EBU, ACBL, ...): its regulations (psyches) apply
    level: int | None = None  # the EBU permission level of the event, where it applies
    calls: tuple[AuctionCall, ...] = ()
    pending: Pending | None = None
    restrictions: tuple[Restriction, ...] = ()
    watches: tuple[Watch, ...] = ()
    lead_restrictions: tuple[LeadRestriction, ...] = ()
    exposed: tuple[ExposedCard, ...] = ()
    penalty_cards: tuple[PenaltyCard, ...] = ()
    flags: tuple[Flag, ...] = ()
    unauthorised: tuple[Unauthorised, ...] = ()
    records: tuple[Record, ...] = ()
    notes: tuple[Note, ...] = ()
    adjusted: tuple[Adjusted, ...] = ()
    parked: tuple[Pending, ...] = ()  # judgement reviews whose facts are found, ruled at the end of the hand
    play: Play | None = None
    period: PlayPeriod = field(default_factory=PlayPeriod)
    events: int = 0
    previous: TableState | None = field(default=None, compare=False, repr=False)
    system: TableCards | None = field(default=None, compare=False, repr=False)  # the sides' system cards, if given

    def but(self, **changes: Any) -> TableState:
        """A copy with ``changes`` (the one way states change)."""
        return replace(self, **changes)

    # ----- the auction -----------------------------------------------------------------------
    @property
    def next_seat(self) -> Seat:
        """Whose turn it is: the left-hand opponent of the last player whose call stands."""
        return self.calls[-1].seat.lho if self.calls else self.dealer

    @property
    def last_bid(self) -> AuctionCall | None:
        for ac in reversed(self.calls):
            if isinstance(ac.call, Bid):
                return ac
        return None

    def last_non_pass(self) -> AuctionCall | None:
        for ac in reversed(self.calls):
            if not isinstance(ac.call, Pass):
                return ac
        return None

    def is_sufficient(self, bid: Bid) -> bool:
        """Law 18, as the model rules it (only the last bid counts, whoever made it)."""
        return self._bids().is_sufficient(bid)

    def lowest_sufficient(self, bid: Bid) -> Bid | None:
        """The lowest sufficient bid in ``bid``'s strain, or None above seven (the model's rule)."""
        return self._bids().lowest_sufficient(bid.strain)

    def _bids(self) -> Auction:
        """The calls as a model auction, for the questions that depend on the calls alone, not on who made them
        (a call out of rotation accepted under Law 29A breaks the model's dealer-based rotation)."""
        return Auction(self.dealer, tuple(ac.call for ac in self.calls))

    def admissible(self, seat: Seat, call: Call) -> bool:
        """Law 19: a double only of an opponent's last bid, a redouble only of an opponent's last double."""
        if isinstance(call, Double | Redouble):
            last = self.last_non_pass()
            wanted = Bid if isinstance(call, Double) else Double
            return last is not None and isinstance(last.call, wanted) and last.seat.side != seat.side
        if isinstance(call, Bid):
            return self.is_sufficient(call)
        return True

    @property
    def auction_over(self) -> bool:
        """Laws 17D, 22 and 34: four passes, or three passes after a call by the three other players."""
        last = self.last_non_pass()
        if last is None:
            return len({ac.seat for ac in self.calls}) == 4
        i = len(self.calls) - 1
        passers: set[Seat] = set()
        while i >= 0 and isinstance(self.calls[i].call, Pass):
            passers.add(self.calls[i].seat)
            i -= 1
        return passers >= {s for s in Seat if s != last.seat}

    @property
    def passed_out(self) -> bool:
        return self.auction_over and self.last_bid is None

    def contract(self) -> Contract | None:
        """The final contract once the auction is over; None while it lasts or when passed out."""
        if not self.auction_over:
            return None
        last = self.last_bid
        if last is None:
            return None
        bid = last.call
        assert isinstance(bid, Bid)
        doubling = Doubling.UNDOUBLED
        seen = False
        for ac in self.calls:
            if ac is last:
                seen = True
            elif seen and isinstance(ac.call, Double):
                doubling = Doubling.DOUBLED
            elif seen and isinstance(ac.call, Redouble):
                doubling = Doubling.REDOUBLED
        declarer = next(ac.seat for ac in self.calls if ac.seat.side == last.seat.side
                        and isinstance(ac.call, Bid) and ac.call.strain == bid.strain)
        return Contract(bid.level, bid.strain, doubling, declarer)

    def calls_by(self, seat: Seat) -> tuple[Call, ...]:
        return tuple(ac.call for ac in self.calls if ac.seat == seat)

    def has_called(self, seat: Seat) -> bool:
        return any(ac.seat == seat for ac in self.calls)

    def bars(self, seat: Seat) -> tuple[Restriction, ...]:
        return tuple(r for r in self.restrictions if r.seat == seat)

    def must_pass(self, seat: Seat) -> Restriction | None:
        for r in self.restrictions:
            if r.seat == seat and r.bar in (Bar.PASS_ONCE, Bar.PASS_THROUGHOUT):
                return r
        return None

    @property
    def phase(self) -> str:
        """``ruling`` while an irregularity is pending, else ``auction``, ``passed out`` or ``play``."""
        if self.pending is not None:
            return "ruling"
        if not self.auction_over:
            return "auction"
        return "passed out" if self.passed_out else "play"

    def auction_text(self) -> str:
        return " ".join(str(ac) for ac in self.calls)
