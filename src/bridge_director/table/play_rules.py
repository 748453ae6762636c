"""The lead and play rules a rectification imposes (Laws 26, 50D2, 54D, 56, 57A) and Law 61A.

A rule in force (``PlayPeriod.lead_rule`` / ``play_rule``) is checked against each card its player leads or
plays.  A card contrary to it when the player could comply is not refused: Law 61A makes it a revoke ("failure
to lead or play, when able, a card or suit required by law or specified by an opponent when exercising an option
in rectification"), so it is played and recorded as one (``table.play.play_card``) — detected, correctable before
it is established (Law 62) and carried to the end of play (Law 64) like any failure to follow suit.  A player
unable to comply plays any card (Law 59).  Kind ``card`` (a card already played that goes to the trick at its
turn, Laws 57D, 62C2) is not a rectification the player chooses to obey: any other card is refused.

>>> from bridge_director.model import Card, Suit
>>> Breach(Suit.HEARTS, (Card.parse("H7"),), "50D2", "must lead hearts").law
'50D2'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import IllegalPlayError
from ..model import Card, Play, Seat, Suit
from .state import TableState


@dataclass(frozen=True, slots=True)
class Breach:
    """Law 61A: a card contrary to a rule the player could comply with.

    ``suit`` is the suit the rule concerns (required, forbidden, or the suit led for highest/lowest); ``held``
    the cards that would have complied (what a correction may substitute, Law 62A); ``law`` the rule's clause.
    """

    suit: Suit
    held: tuple[Card, ...]
    law: str
    text: str


def _name(seat: Seat) -> str:
    return seat.name.title()


def _word(suit: Suit) -> str:
    return suit.name.lower()


def _leading(play: Play) -> bool:
    return play.current.complete or not play.current.cards


def check_rules(state: TableState, play: Play, seat: Seat, card: Card) -> tuple[TableState, Breach | None]:
    """Check ``seat``'s ``card`` against the lead / play rule in force and consume the rule (Laws 26, 50D2, 57A, 59).

    Returns the state with the rule consumed and the breach (Law 61A), or None when the card complies (or the
    player could not comply, Law 59).  Raises only for kind ``card`` (impossible input: the card is already
    played).
    """
    period = state.period
    hand = play.hands[seat]
    breach: Breach | None = None
    rule = period.lead_rule
    if rule is not None and _leading(play):
        if rule.seat != seat:
            period = replace(period, lead_rule=None)
        elif rule.require:
            if card.suit != rule.suit and hand.has_suit(rule.suit):
                breach = Breach(rule.suit, hand.holding(rule.suit), rule.law,
                                f"{_name(seat)} had to lead {_word(rule.suit)} (Law {rule.law})")
            period = replace(period, lead_rule=None)
        elif card.suit == rule.suit and any(c.suit != rule.suit for c in hand):
            breach = Breach(rule.suit, tuple(c for c in hand if c.suit != rule.suit), rule.law,
                            f"{_name(seat)} was forbidden to lead {_word(rule.suit)} while he kept the lead "
                            f"(Law {rule.law})")
    pr = period.play_rule
    if pr is not None and pr.seat == seat and not _leading(play):
        led = play.current.suit_led
        assert led is not None
        holding = hand.holding(led)
        if pr.kind in ("highest", "lowest") and holding:
            want = max(holding) if pr.kind == "highest" else min(holding)
            if card != want and card.suit == led:
                breach = Breach(led, (want,), pr.law, f"{_name(seat)} had to play his {pr.kind} {_word(led)[:-1]}, "
                                f"{want.symbol} (Law {pr.law})")
        elif pr.kind == "suit" and pr.suit is not None and not holding and hand.has_suit(pr.suit) \
                and card.suit != pr.suit:
            breach = Breach(pr.suit, hand.holding(pr.suit), pr.law,
                            f"{_name(seat)} had to play a {_word(pr.suit)[:-1]} (Law {pr.law})")
        elif pr.kind == "card" and pr.card is not None and card != pr.card and pr.card in hand.cards \
                and not play.revokes(pr.card, seat):
            raise IllegalPlayError(f"{_name(seat)}'s {pr.card.symbol} is already played and goes to this trick "
                                   f"(Law {pr.law})", law=pr.law)
        elif pr.kind == "forbid" and pr.suit is not None and card.suit == pr.suit and pr.suit != led \
                and not holding and any(c.suit != pr.suit for c in hand):
            breach = Breach(pr.suit, tuple(c for c in hand if c.suit != pr.suit), pr.law,
                            f"{_name(seat)} was forbidden to play a {_word(pr.suit)[:-1]} (Law {pr.law})")
        period = replace(period, play_rule=None)
    if period is not state.period:
        state = state.but(period=period)
    return state, breach
