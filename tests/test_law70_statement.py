"""Law 68C as Law 70 reads it: the claim statement becomes an ordered plan (``claim_text.read_statement``) — cards
named, drawing trumps, cashing a suit, ruffing a suit in a given hand, conceding, finessing; "all mine", "the rest are
high" and "one loser" say how much, not how; no statement is a plan with nothing stated.  70C asks whether the
statement speaks of the opponents' trumps."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_director.laws.claim_text import Action, Step, read_statement
from bridge_director.model import Card, Suit

C = Card.parse
SPADES, HEARTS, CLUBS, DIAMONDS = Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS


def actions(statement: str, trump: Suit | None = SPADES) -> list[tuple[str, Suit | None]]:
    return [(s.action.value, s.suit) for s in read_statement(statement, trump).steps]


def test_68C_no_statement_is_a_plan_with_nothing_stated() -> None:
    plan = read_statement("", SPADES)
    assert not plan.stated and plan.steps == () and not plan.mentions_trumps and plan.words() == ""


@pytest.mark.parametrize("statement", ["drawing trumps", "I'll draw trumps", "pulling the last trump",
                                       "trumps first", "cash the top trumps", "spades are good"])
def test_68C_drawing_trumps_is_a_step_and_mentions_trumps(statement: str) -> None:
    plan = read_statement(statement, SPADES)
    assert actions(statement) == [("draw", None)] and plan.mentions_trumps


@pytest.mark.parametrize(("statement", "suit"), [("cashing the hearts", HEARTS), ("running the clubs", CLUBS),
                                                 ("the diamonds are good", DIAMONDS), ("hearts first", HEARTS),
                                                 ("then the clubs", CLUBS)])
def test_68C_cashing_a_suit(statement: str, suit: Suit) -> None:
    assert actions(statement) == [("cash", suit)]


def test_68C_ruffing_a_club_in_dummy_names_the_hand_and_the_count() -> None:
    (step,) = read_statement("ruffing two clubs in dummy", SPADES).steps
    assert step == Step(Action.RUFF, CLUBS, times=2, where="dummy")
    assert step.words() == "ruffing two clubs in dummy"
    assert read_statement("trumping a heart on the table", SPADES).steps == (Step(Action.RUFF, HEARTS,
                                                                                  where="dummy"),)


def test_68C_conceding_a_diamond_is_a_loser() -> None:
    plan = read_statement("conceding a diamond", SPADES)
    assert plan.steps == (Step(Action.CONCEDE, DIAMONDS),) and plan.losers == 1
    assert read_statement("losing to the ♦A", SPADES).steps == (Step(Action.CONCEDE, DIAMONDS, C("DA")),)


def test_68C_finessing_a_card_or_in_a_suit() -> None:
    assert read_statement("finessing the ♣Q", SPADES).steps == (Step(Action.FINESSE, CLUBS, C("CQ")),)
    assert read_statement("take the club finesse", SPADES).steps == (Step(Action.FINESSE, CLUBS),)


@pytest.mark.parametrize("statement", ["all mine", "the rest are high", "dummy's good", "my hand is good",
                                       "claiming the rest"])
def test_68C_all_mine_says_how_much_not_how(statement: str) -> None:
    plan = read_statement(statement, SPADES)
    assert plan.all_good and plan.steps == () and plan.stated


@pytest.mark.parametrize(("statement", "losers"), [("one loser", 1), ("two losers", 2), ("no losers", 0)])
def test_68C_losers_counted(statement: str, losers: int) -> None:
    assert read_statement(statement, SPADES).losers == losers


def test_68C_the_order_of_the_statement_is_kept_after_reverses_it() -> None:
    plan = read_statement("cash the hearts after drawing trumps, then ruff a club in hand", SPADES)
    assert [s.action for s in plan.steps] == [Action.DRAW, Action.CASH, Action.RUFF]
    assert plan.words() == "drawing trumps, then cashing the hearts, then ruffing a club in hand"


def test_68C_cards_named_are_steps_in_order_each_once() -> None:
    plan = read_statement("♥A, then S10 and ♥A again", SPADES)
    assert plan.cards == (C("HA"), C("ST")) and plan.words() == "♥A, ♠T"


def test_70C_a_statement_about_clubs_does_not_mention_trumps() -> None:
    assert not read_statement("cashing the clubs, all mine", SPADES).mentions_trumps
    assert not read_statement("ruffing a club", SPADES).mentions_trumps  # ruffing says nothing of their trumps


def test_70C_the_word_trump_mentions_trumps() -> None:
    assert read_statement("the trump is out, all mine", SPADES).mentions_trumps


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="♠♥♦♣SHDCAKQJT98765432 ,;.thenalrumpsfigcod", max_size=60))
def test_68C_any_text_reads_without_error_and_its_cards_are_named(text: str) -> None:
    """Any statement is read (never a traceback); every card of a step is one the text names."""
    plan = read_statement(text, SPADES)
    assert set(plan.cards) <= set(plan.named)
    assert all(s.card is None or s.card in plan.named for s in plan.steps)
