"""Law 68C, the claim statement read as a plan (``laws/claim_text``): each step said back in words as the
director's proposed award reads it, the checks that mutation testing showed were missing."""

from __future__ import annotations

import pytest

from bridge_director.laws.claim_text import Action, Plan, Step
from bridge_director.model import Card, Suit

HA, SQ, D10 = Card.parse("HA"), Card.parse("SQ"), Card.parse("D10")


@pytest.mark.parametrize(("times", "spoken"), [(1, "a"), (2, "two"), (3, "three"), (4, "four"), (5, "five"),
                                               (6, "six"), (7, "7"), (12, "12")])
def test_68C_ruffs_counted_in_words_up_to_six(times: int, spoken: str) -> None:
    noun = "club" if times == 1 else "clubs"
    assert Step(Action.RUFF, Suit.CLUBS, times=times).words() == f"ruffing {spoken} {noun}"
    assert Step(Action.CONCEDE, Suit.CLUBS, times=times).words() == f"conceding {spoken} {noun}"


def test_68C_a_ruff_says_where_only_when_the_claimer_did() -> None:
    assert Step(Action.RUFF, Suit.HEARTS, where="dummy").words() == "ruffing a heart in dummy"
    assert Step(Action.RUFF, Suit.HEARTS, times=2, where="hand").words() == "ruffing two hearts in hand"
    assert Step(Action.RUFF, Suit.HEARTS).words() == "ruffing a heart"


def test_68C_a_concession_of_a_card_a_suit_or_a_trick() -> None:
    assert Step(Action.CONCEDE, card=SQ).words() == "conceding the ♠Q"
    assert Step(Action.CONCEDE, Suit.SPADES, card=SQ).words() == "conceding the ♠Q"
    assert Step(Action.CONCEDE, Suit.DIAMONDS).words() == "conceding a diamond"
    assert Step(Action.CONCEDE).words() == "conceding a trick"
    assert Step(Action.CONCEDE, times=2).words() == "conceding two tricks"


def test_68C_a_finesse_of_a_card_or_in_a_suit() -> None:
    assert Step(Action.FINESSE, card=D10).words() == "finessing ♦T"
    assert Step(Action.FINESSE, Suit.DIAMONDS, card=D10).words() == "finessing ♦T"
    assert Step(Action.FINESSE, Suit.HEARTS).words() == "finessing in hearts"


def test_68C_a_card_step_names_the_card_and_a_cash_the_suit() -> None:
    assert Step(Action.CARD, card=HA).words() == "♥A"
    assert Step(Action.CASH, Suit.SPADES).words() == "cashing the spades"
    assert Step(Action.DRAW).words() == "drawing trumps"
    assert Step(Action.DRAW, card=HA).words() == "drawing trumps"  # only a CARD step says its card
    assert Step(Action.CASH, Suit.CLUBS, card=HA).words() == "cashing the clubs"


@pytest.mark.parametrize("first", [Card.parse("SA"), Card.parse("HA"), Card.parse("DA"), Card.parse("CA")])
def test_68C_cards_named_in_a_row_are_one_part_of_the_line(first: Card) -> None:
    plan = Plan("", (Step(Action.CARD, card=first), Step(Action.CARD, card=SQ), Step(Action.DRAW),
                     Step(Action.CARD, card=D10)))
    assert plan.words() == f"{first.symbol}, ♠Q, then drawing trumps, then ♦T"
