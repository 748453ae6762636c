"""The auction as pure queries (Laws 17-22): sufficiency, admissible doubles, end, declarer.

The laws engine uses these to *detect* irregularities; ``Auction.add`` accepts only legal calls
and names the law an illegal one breaks.

>>> a = Auction.parse(Seat.NORTH, "1H 1S 2H X XX P P P")
>>> a.complete, a.contract()
(True, Contract.parse('2HXX', Seat.NORTH))
>>> Auction.parse(Seat.EAST, "P P P P").passed_out
True
>>> Auction.parse(Seat.NORTH, "1H").add(Bid(1, Strain.CLUBS))
Traceback (most recent call last):
...
bridge_director.errors.IllegalCallError: Law 18: 1C by East is insufficient after 1H
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import IllegalCallError
from .calls import ALL_BIDS, PASS, Bid, Call, Double, Pass, Redouble, Strain
from .contract import Contract, Doubling
from .seat import Seat


@dataclass(frozen=True, slots=True)
class Auction:
    """A sequence of calls in rotation starting with the dealer."""

    dealer: Seat
    calls: tuple[Call, ...] = ()

    @classmethod
    def parse(cls, dealer: Seat, text: str | Iterable[str]) -> Auction:
        """Build an auction from call texts, checking each call."""
        words = text.split() if isinstance(text, str) else list(text)
        auction = cls(dealer)
        for word in words:
            auction = auction.add(Call.parse(word))
        return auction

    @classmethod
    def checked(cls, dealer: Seat, calls: Iterable[Call]) -> Auction:
        """The auction of ``calls`` from ``dealer``, each checked as ``add`` would, in one pass.

        Raises IllegalCallError naming the call's number and the law (18, 19A, 19B, 22).
        """
        made: list[Call] = []
        last_rank = -1
        last_bid: Bid | None = None
        last_kind: type[Call] | None = None  # the last call other than a pass: Bid, Double or Redouble
        last_side = -1
        passes = 0
        for i, call in enumerate(calls):
            seat = dealer.after(i)
            ended = passes >= 3 and i >= 4
            kind = type(call)
            problem: tuple[str, str] | None = None
            if ended:
                problem = "22", f"{call} by {seat.name.title()} comes after the auction has ended"
            elif kind is Bid:
                assert isinstance(call, Bid)
                if call.rank <= last_rank:
                    problem = "18", f"{call} by {seat.name.title()} is insufficient after {last_bid}"
                last_rank, last_bid = call.rank, call
            elif kind is Double:
                if last_kind is not Bid or last_side == seat % 2:
                    problem = "19A", f"a double by {seat.name.title()} is inadmissible here"
            elif kind is Redouble and (last_kind is not Double or last_side == seat % 2):
                problem = "19B", f"a redouble by {seat.name.title()} is inadmissible here"
            if problem is not None:
                raise IllegalCallError(f"call {i + 1}: {problem[1]}", law=problem[0])
            if kind is Pass:
                passes += 1
            else:
                passes, last_kind, last_side = 0, kind, seat % 2
            made.append(call)
        return cls(dealer, tuple(made))

    # ----- who and what -----------------------------------------------------------------
    @property
    def next_seat(self) -> Seat:
        """The player whose turn it is to call."""
        return self.dealer.after(len(self.calls))

    def seat_of(self, index: int) -> Seat:
        return self.dealer.after(index)

    def last_bid_index(self) -> int | None:
        for i in range(len(self.calls) - 1, -1, -1):
            if isinstance(self.calls[i], Bid):
                return i
        return None

    @property
    def last_bid(self) -> Bid | None:
        i = self.last_bid_index()
        return self.calls[i] if i is not None else None  # type: ignore[return-value]

    def last_non_pass(self) -> tuple[Seat, Call] | None:
        for i in range(len(self.calls) - 1, -1, -1):
            if not isinstance(self.calls[i], Pass):
                return self.seat_of(i), self.calls[i]
        return None

    def calls_by(self, seat: Seat) -> tuple[Call, ...]:
        return tuple(c for i, c in enumerate(self.calls) if self.seat_of(i) == seat)

    # ----- Law 18 and 19 ------------------------------------------------------------------
    def is_sufficient(self, bid: Bid) -> bool:
        """Law 18: a bid supersedes the last bid only if it names more tricks or a higher strain."""
        last = self.last_bid
        return last is None or bid.rank > last.rank

    def lowest_sufficient(self, strain: Strain) -> Bid | None:
        """The lowest sufficient bid in ``strain`` (None above seven)."""
        last = self.last_bid
        level = 1 if last is None else last.level + (1 if strain <= last.strain else 0)
        return Bid(level, strain) if level <= 7 else None

    def admissible_double(self, seat: Seat | None = None) -> bool:
        """Law 19A: only the last bid, made by an opponent, with no call but passes since."""
        seat = self.next_seat if seat is None else seat
        last = self.last_non_pass()
        return last is not None and isinstance(last[1], Bid) and last[0].side != seat.side

    def admissible_redouble(self, seat: Seat | None = None) -> bool:
        """Law 19B: only the last double, made by an opponent, with no call but passes since."""
        seat = self.next_seat if seat is None else seat
        last = self.last_non_pass()
        return last is not None and isinstance(last[1], Double) and last[0].side != seat.side

    def illegality(self, call: Call) -> tuple[str, str] | None:
        """The (law, reason) a call at the next turn would break, or None if it is legal."""
        seat = self.next_seat
        if self.complete:
            return "22", f"{call} by {seat.name.title()} comes after the auction has ended"
        if isinstance(call, Bid) and not self.is_sufficient(call):
            return "18", f"{call} by {seat.name.title()} is insufficient after {self.last_bid}"
        if isinstance(call, Double) and not self.admissible_double(seat):
            return "19A", f"a double by {seat.name.title()} is inadmissible here"
        if isinstance(call, Redouble) and not self.admissible_redouble(seat):
            return "19B", f"a redouble by {seat.name.title()} is inadmissible here"
        return None

    def is_legal(self, call: Call) -> bool:
        return self.illegality(call) is None

    def add(self, call: Call) -> Auction:
        """The auction with ``call`` added at the next turn; an illegal call raises, naming the law."""
        problem = self.illegality(call)
        if problem is not None:
            raise IllegalCallError(problem[1], law=problem[0])
        return Auction(self.dealer, (*self.calls, call))

    def legal_calls(self) -> list[Call]:
        """Every call the next player may legally make."""
        if self.complete:
            return []
        calls: list[Call] = [PASS]
        if self.admissible_double():
            calls.append(Double())
        if self.admissible_redouble():
            calls.append(Redouble())
        last = self.last_bid
        start = 0 if last is None else last.rank + 1
        calls.extend(ALL_BIDS[start:])
        return calls

    # ----- Law 17 and 22: the end ---------------------------------------------------------
    @property
    def passed_out(self) -> bool:
        """Four passes and no bid (Law 22A)."""
        calls = self.calls
        return len(calls) >= 4 and calls[0] == calls[1] == calls[2] == calls[3] == PASS

    @property
    def complete(self) -> bool:
        """Law 17D/22: ended by three passes in rotation after a call, or by four passes."""
        calls = self.calls
        return len(calls) >= 4 and calls[-1] == calls[-2] == calls[-3] == PASS

    def contract(self) -> Contract | None:
        """The final contract, or None when passed out or not yet ended."""
        i = self.last_bid_index()
        if i is None or not self.complete:
            return None
        bid = self.calls[i]
        assert isinstance(bid, Bid)
        doubling = Doubling.UNDOUBLED
        for call in self.calls[i + 1:]:
            if isinstance(call, Double):
                doubling = Doubling.DOUBLED
            elif isinstance(call, Redouble):
                doubling = Doubling.REDOUBLED
        return Contract(bid.level, bid.strain, doubling, self.declarer_of(i))

    def declarer_of(self, bid_index: int) -> Seat:
        """Definitions, "declarer": the first player of the side to name the strain of the bid at ``bid_index``."""
        bid = self.calls[bid_index]
        assert isinstance(bid, Bid)
        side = self.seat_of(bid_index).side
        for i, call in enumerate(self.calls[: bid_index + 1]):
            if isinstance(call, Bid) and call.strain == bid.strain and self.seat_of(i).side == side:
                return self.seat_of(i)
        raise AssertionError("unreachable: the bid itself names the strain")

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.calls)

    def __repr__(self) -> str:
        return f"Auction.parse({self.dealer!r}, {str(self)!r})"
