"""The play of the cards as pure queries: following suit (Law 44), trick winners, who leads.

>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> play = Play.start(deal, Contract.parse("1NT", Seat.SOUTH))
>>> play.next_seat
Seat.WEST
>>> for text in ("HA", "H8", "H7", "H2"):
...     play = play.add(Card.parse(text))
>>> play.tricks[0].winner(None), play.next_seat
(Seat.WEST, Seat.WEST)
>>> play.add(Card.parse("SA"))
Traceback (most recent call last):
...
bridge_director.errors.IllegalPlayError: Law 45: ♠A is not in West's hand
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalPlayError
from .cards import Card, Suit
from .contract import Contract
from .deal import Deal, Hand
from .seat import Seat, Side


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick: the leader and the cards played to it in rotation."""

    leader: Seat
    cards: tuple[Card, ...] = ()

    @property
    def complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def suit_led(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    def seat_of(self, index: int) -> Seat:
        return self.leader.after(index)

    def card_of(self, seat: Seat) -> Card | None:
        i = (seat - self.leader) % 4
        return self.cards[i] if i < len(self.cards) else None

    def winning_index(self, trump: Suit | None) -> int:
        """Law 44: the highest trump wins, or else the highest card of the suit led."""
        best = 0
        for i in range(1, len(self.cards)):
            card, top = self.cards[i], self.cards[best]
            if card.suit == top.suit:
                if card.rank > top.rank:
                    best = i
            elif card.suit == trump:
                best = i
        return best

    def winner(self, trump: Suit | None) -> Seat:
        return self.seat_of(self.winning_index(trump))

    def __str__(self) -> str:
        return f"{self.leader.letter}: " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim or concession (Law 68): by whom, the tricks the claimer's side is to take, the statement."""

    claimer: Seat
    tricks: int
    statement: str = ""
    agreed: bool = True


@dataclass(frozen=True, slots=True)
class Play:
    """The play so far: the hands still held, the tricks, and any claim that ended it."""

    contract: Contract
    hands: Deal
    tricks: tuple[Trick, ...]
    claim: Claim | None = None

    @classmethod
    def start(cls, deal: Deal, contract: Contract) -> Play:
        return cls(contract, deal, (Trick(contract.opening_leader),))

    @property
    def trump(self) -> Suit | None:
        return self.contract.strain.suit  # None at notrump

    @property
    def current(self) -> Trick:
        return self.tricks[-1]

    @property
    def finished(self) -> bool:
        """All 13 tricks played, or ended by a claim."""
        return self.claim is not None or (len(self.tricks) == 13 and self.current.complete)

    @property
    def next_seat(self) -> Seat:
        trick = self.current
        if trick.complete:
            return trick.winner(self.trump)
        return trick.seat_of(len(trick.cards))

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        return tuple(t for t in self.tricks if t.complete)

    def tricks_won(self, side: Side) -> int:
        """Completed tricks won by ``side``, plus its share of an agreed claim."""
        trump = self.trump
        parity = 0 if side is Side.NS else 1
        won = sum(1 for t in self.tricks if len(t.cards) == 4 and (t.leader + t.winning_index(trump)) % 2 == parity)
        if self.claim is not None:
            left = 13 - len(self.completed_tricks)
            share = self.claim.tricks if self.claim.claimer.side == side else left - self.claim.tricks
            won += share
        return won

    @property
    def declarer_tricks(self) -> int:
        return self.tricks_won(self.contract.side)

    def legal_cards(self, seat: Seat | None = None) -> tuple[Card, ...]:
        """Law 44C: a player must follow suit if able; otherwise any card."""
        seat = self.next_seat if seat is None else seat
        hand = self.hands[seat]
        trick = self.current
        led = None if trick.complete else trick.suit_led
        if led is not None and hand.has_suit(led):
            return hand.holding(led)
        return tuple(hand)

    def revokes(self, card: Card, seat: Seat | None = None) -> bool:
        """True if playing ``card`` fails to follow suit when able (Law 61)."""
        seat = self.next_seat if seat is None else seat
        trick = self.current
        led = None if trick.complete else trick.suit_led
        return led is not None and card.suit != led and self.hands[seat].has_suit(led)

    def add(self, card: Card, *, allow_revoke: bool = False) -> Play:
        """Play ``card`` for the player in turn; a card not held or a revoke raises, naming the law."""
        if self.finished:
            raise IllegalPlayError(f"{card.symbol} is played after the play has ended", law="66")
        seat = self.next_seat
        hand = self.hands[seat]
        if card not in hand.cards:
            raise IllegalPlayError(f"{card.symbol} is not in {seat.name.title()}'s hand", law="45")
        if not allow_revoke and self.revokes(card, seat):
            led = self.current.suit_led
            assert led is not None
            raise IllegalPlayError(
                f"{seat.name.title()} plays {card.symbol} but holds {led.name.lower()} (must follow suit)",
                law="44C")
        trick = self.current
        tricks = self.tricks
        if trick.complete:
            trick = Trick(seat)
            tricks = (*tricks, trick)
        tricks = (*tricks[:-1], Trick(trick.leader, (*trick.cards, card)))
        return Play(self.contract, self.hands.replace(seat, hand.without(card)), tricks)

    def with_claim(self, claim: Claim) -> Play:
        left = 13 - len(self.completed_tricks)
        if not 0 <= claim.tricks <= left:
            raise IllegalPlayError(f"a claim of {claim.tricks} tricks with {left} left", law="68")
        return Play(self.contract, self.hands, self.tricks, claim)

    def remaining_hands(self) -> dict[Seat, Hand]:
        return {seat: self.hands[seat] for seat in Seat}
