"""Law 23A (2017) decided from a system card: the law's and the guides' examples, each verdict checked by the
rule (a counterexample hand is checked against both meanings by the plain evaluator, not by the solver)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.cards.card_file import load, loads
from bridge_director.cards.comparable import compare, decide
from bridge_director.cards.meaning import holds, parse
from bridge_director.cards.model import Meaning
from bridge_director.cards.question import ask
from bridge_director.errors import ParseError
from bridge_director.model import Call, Suit

EXAMPLES = Path(__file__).parents[1] / "examples" / "cards"
NATURAL = load(EXAMPLES / "natural-2over1.json")
STRONG_CLUB = load(EXAMPLES / "strong-club.json")


def c(text: str) -> Call:
    return Call.parse(text)


def test_23A1_insufficient_1NT_overcall_corrected_to_2NT_with_the_same_range() -> None:
    # RHO opened a weak 2H; the offender bid 1NT meaning the overcall of a one-level opening (15-18, stopper).
    v = decide(NATURAL, "(1H)", c("1NT"), "(2H)", c("2NT"))
    assert (v.comparable, v.law, v.counterexample) == (True, "23A1", None)
    assert "same meaning" in v.reason


def test_23A2_natural_1S_replaced_by_weak_jump_overcall_is_not_a_subset() -> None:
    # 1S out of rotation (an opening: 11-21, 5+ spades); after RHO's 1H the offender bids 2S, a weak jump overcall.
    v = decide(NATURAL, "", c("1S"), "(1H)", c("2S"))
    assert v.comparable is False and v.law is None
    hand = v.counterexample
    assert hand is not None and len(hand) == 13
    assert holds(parse("hcp 5-10, spades 6"), hand)  # 2S shows it ...
    assert not holds(parse("hcp 11-21, spades 5+, spades >= hearts"), hand)  # ... a 1S opening does not


def test_23A2_natural_1S_replaced_by_intermediate_jump_overcall_is_a_subset() -> None:
    # Strong club: 1S opens 11-15 with 5+ spades; 2S over 1H is intermediate: 11-15, 6+ spades, at most 3 hearts.
    v = decide(STRONG_CLUB, "", c("1S"), "(1H)", c("2S"))
    assert (v.comparable, v.law, v.counterexample) == (True, "23A2", None)


def test_23A3_stayman_for_stayman() -> None:
    # Partner opened 2NT; the offender's 2C (Stayman over 1NT) is replaced by 3C, Stayman over 2NT.
    v = decide(NATURAL, "1N", c("2C"), "2N", c("3C"))
    assert (v.comparable, v.law) == (True, "23A3")
    # the meanings differ (8+ against 4+ points): only the purpose makes it comparable
    assert decide(NATURAL, "1N", c("2C"), "2N", c("3N")).comparable is False


def test_23A3_stolen_bid_double_is_stayman_for_stayman() -> None:
    answer = ask(NATURAL, "1NT 2D 2C", "2C", "X")
    assert (answer.withdrawn_context, answer.replacement_context) == ("1N", "1N-(2D)")
    assert (answer.verdict.comparable, answer.verdict.law) == (True, "23A3")


def test_23A_free_text_meaning_is_left_to_the_director() -> None:
    v = decide(NATURAL, "", c("1S"), "(1H)", c("P"))
    assert v.comparable is None and v.law is None
    assert "only words" in v.reason and "no suitable action" in v.reason


def test_23A_a_call_the_card_does_not_list_is_left_to_the_director() -> None:
    v = decide(NATURAL, "", c("1S"), "(1H)", c("4D"))
    assert v.comparable is None and "no meaning for 4♦ after (1H)" in v.reason


def test_23A1_similar_meaning_differs_by_one_point_at_the_edge() -> None:
    opening = Meaning(parse("hcp 15-17, balanced"))
    overcall = Meaning(parse("hcp 15-18, balanced, stopper hearts"))
    v = compare(opening, overcall)
    assert (v.comparable, v.law) == (True, "23A1") and "similar" in v.reason
    # two points off is not similar: a 19-count shows the replacement and not the withdrawn call even widened
    far = compare(opening, Meaning(parse("hcp 15-19, balanced")))
    assert far.comparable is False and far.counterexample is not None and far.counterexample.hcp == 19


def test_23A2_replacement_wider_than_withdrawn_is_not_comparable_and_the_hand_shows_why() -> None:
    v = compare(Meaning(parse("hcp 12-14, balanced")), Meaning(parse("hcp 12-14")))
    assert v.comparable is False
    hand = v.counterexample
    assert hand is not None and 12 <= hand.hcp <= 14
    lengths = sorted(len(hand.holding(s)) for s in Suit)
    assert lengths[0] <= 1 or lengths[1] <= 2  # unbalanced: not a hand the withdrawn call shows


def test_23A2_subset_direction_matters() -> None:
    wide, narrow = Meaning(parse("hcp 11-21, hearts 5+")), Meaning(parse("hcp 11-15, hearts 6+"))
    assert compare(wide, narrow).law == "23A2"  # the replacement is more precise: comparable
    assert compare(narrow, wide).comparable is False  # the replacement says less: not


def test_23A_different_purposes_are_compared_by_meaning() -> None:
    card = loads('{"system": "t", "contexts": {"1N": {"2C": {"shows": "hcp 8+", "purpose": "stayman"}, '
                 '"2D": {"shows": "hearts 5+", "purpose": "transfer"}}}}')
    v = decide(card, "1N", c("2C"), "1N", c("2D"))
    assert v.comparable is False and "purposes differ (stayman and transfer)" in v.reason


def test_question_reads_an_insufficient_bid_as_if_the_last_bid_was_not_seen() -> None:
    answer = ask(NATURAL, "1NT 1S", "1S", "2S")
    assert (answer.withdrawn_context, answer.replacement_context) == ("", "(1N)")
    assert answer.verdict.comparable is False
    given = ask(NATURAL, "2H", "1NT", "2NT", withdrawn_auction="1H")
    assert (given.withdrawn_context, given.verdict.law) == ("(1H)", "23A1")


@pytest.mark.parametrize(("auction", "withdrawn", "replacement", "field"), [
    ("1NT 1S", "1S", "1H", "replacement"),  # 1H is not a legal call after 1NT
    ("1NT 1S", "1M", "2S", "withdrawn"),    # one call, not a pattern
    ("1NT 1C 1D", "2S", "3S", "auction"),   # 1D after 1C is not higher
])
def test_question_bad_input_names_the_field(auction: str, withdrawn: str, replacement: str, field: str) -> None:
    with pytest.raises(ParseError) as err:
        ask(NATURAL, auction, withdrawn, replacement)
    assert err.value.field == field


def test_75C_the_card_shows_the_agreement_so_a_wrong_call_is_a_misbid() -> None:
    from bridge_director.laws.card_agreement import fits, misinformation, says
    from bridge_director.laws.law21_misinformation import Explanation
    from bridge_director.model import Hand

    agreement = says(NATURAL, "1N", c("2D"))
    assert agreement == "hearts 5+; purpose: transfer (transfer to hearts)"
    hand = Hand.from_pbn("AKJ32.32.Q5432.2")  # responder held spades: the 2D transfer was the wrong call
    assert fits(NATURAL, "1N", c("2D"), hand) is False
    verdict, steps = misinformation(card=NATURAL, partner_card=NATURAL, context="1N", call=c("2D"),
                                    explanation=agreement, hand_fits_explanation=False)
    assert verdict is Explanation.MISBID and steps[-1].answer == "yes: the call was a misbid (Law 75C)"
    other, _ = misinformation(card=NATURAL, partner_card=STRONG_CLUB, context="1N", call=c("2S"),
                              explanation="natural", hand_fits_explanation=False)
    assert other is Explanation.MISINFORMATION  # one card has 2S as a relay, the other no 2S: no agreement
