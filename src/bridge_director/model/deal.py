"""Hands and deals, with the PBN deal string in and out.

>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> str(deal[Seat.NORTH])
'AKQJ.T98.765.432'
>>> deal.to_pbn(Seat.EAST)
'E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432'
>>> Deal.from_pbn(deal.to_pbn(Seat.WEST)) == deal
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..errors import DealError, ParseError
from .cards import FULL_DECK, Card, Rank, Suit
from .seat import Seat

_SUITS_DOWN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
# For each suit in PBN order, rank character (either case) -> card.
_CARD_BY_CHAR: tuple[dict[str, Card], ...] = tuple(
    {ch: Card(suit, rank) for rank in Rank for ch in (rank.char, rank.char.lower())} for suit in _SUITS_DOWN)


@dataclass(frozen=True, slots=True)
class Hand:
    """A set of cards held by one player (any number, so a hand in play shrinks)."""

    cards: frozenset[Card]

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        return cls(frozenset(cards))

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Read ``spades.hearts.diamonds.clubs`` (PBN order, ``10`` or ``T``)."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ParseError(f"a hand has four suits separated by dots: {text!r}", field="Deal")
        cards: list[Card] = []
        for table, holding in zip(_CARD_BY_CHAR, parts, strict=True):
            for rank_text in holding.replace("10", "T"):
                card = table.get(rank_text)
                if card is None:
                    raise ParseError(f"not a rank {rank_text!r} in hand {text!r}", field="Deal")
                cards.append(card)
        hand = cls(frozenset(cards))
        if len(hand.cards) != len(cards):
            raise DealError(f"a card is repeated in hand {text!r}", field="Deal")
        return hand

    def holding(self, suit: Suit) -> tuple[Card, ...]:
        """The cards of one suit, highest first."""
        return tuple(sorted((c for c in self.cards if c.suit == suit), reverse=True))

    def has_suit(self, suit: Suit) -> bool:
        return any(c.suit == suit for c in self.cards)

    def without(self, card: Card) -> Hand:
        return Hand(self.cards - {card})

    @property
    def hcp(self) -> int:
        return sum(c.rank.hcp for c in self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self.cards, key=lambda c: (-c.suit, -c.rank)))

    def __str__(self) -> str:
        return ".".join("".join(c.rank.char for c in self.holding(s)) for s in _SUITS_DOWN)

    def __repr__(self) -> str:
        return f"Hand.from_pbn({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Deal(Mapping[Seat, Hand]):
    """The four hands of a board: 52 distinct cards, 13 to each player (Law 6).

    A deal read from a record may leave hands unknown (``-`` in PBN); ``complete`` says whether
    all four are known.  A single unknown hand is filled in from the cards left over.
    """

    hands: tuple[Hand, Hand, Hand, Hand]

    def __post_init__(self) -> None:
        seen: set[Card] = set()
        for seat, hand in zip(Seat, self.hands, strict=True):
            if len(hand) > 13:
                raise DealError(f"{seat.name.title()} holds {len(hand)} cards, more than 13", field="Deal")
            clash = seen & hand.cards
            if clash:
                raise DealError(f"{min(clash)} is dealt twice", field="Deal")
            seen |= hand.cards

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Hand]) -> Deal:
        empty = Hand(frozenset())
        return cls(tuple(hands.get(seat, empty) for seat in Seat))  # type: ignore[arg-type]

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Read a PBN deal string ``F:h1 h2 h3 h4`` where F is the seat of the first hand.

        Deals are immutable, so the parse of a recent string is reused (rooms of a teams match share deals).
        """
        return _deal_from_pbn(text)

    @classmethod
    def _parse_pbn(cls, text: str) -> Deal:
        text = text.strip()
        if len(text) < 2 or text[1] != ":":
            raise ParseError(f"a PBN deal starts with the first seat and a colon: {text!r}", field="Deal")
        first = Seat.parse(text[0])
        parts = text[2:].split()
        if len(parts) != 4:
            raise ParseError(f"a PBN deal has four hands, found {len(parts)}: {text!r}", field="Deal")
        hands: dict[Seat, Hand] = {}
        for i, part in enumerate(parts):
            if part != "-":
                hands[first.after(i)] = Hand.from_pbn(part)
        deal = cls.from_hands(hands)
        return deal.fill_last_hand()

    def fill_last_hand(self) -> Deal:
        """Complete a deal of three full hands by giving the fourth the cards left over."""
        unknown = [seat for seat in Seat if len(self.hands[seat]) == 0]
        if len(unknown) == 1 and all(len(self.hands[s]) == 13 for s in Seat if s != unknown[0]):
            used = frozenset().union(*(h.cards for h in self.hands))
            rest = Hand(frozenset(FULL_DECK) - used)
            return self.replace(unknown[0], rest)
        return self

    def replace(self, seat: Seat, hand: Hand) -> Deal:
        hands = list(self.hands)
        hands[seat] = hand
        return Deal(tuple(hands))  # type: ignore[arg-type]

    @property
    def complete(self) -> bool:
        return all(len(h) == 13 for h in self.hands)

    def require_complete(self) -> Deal:
        if not self.complete:
            counts = ", ".join(f"{s.letter} {len(h)}" for s, h in zip(Seat, self.hands, strict=True))
            raise DealError(f"the deal is not 13 cards to each hand ({counts})", field="Deal")
        return self

    def holder(self, card: Card) -> Seat | None:
        for seat, hand in zip(Seat, self.hands, strict=True):
            if card in hand.cards:
                return seat
        return None

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        parts = [str(self.hands[first.after(i)]) if len(self.hands[first.after(i)]) else "-" for i in range(4)]
        return f"{first.letter}:" + " ".join(parts)

    def __getitem__(self, seat: Seat) -> Hand:
        return self.hands[seat]

    def __iter__(self) -> Iterator[Seat]:
        return iter(Seat)

    def __len__(self) -> int:
        return 4

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"


@lru_cache(maxsize=4096)
def _deal_from_pbn(text: str) -> Deal:
    return Deal._parse_pbn(text)
