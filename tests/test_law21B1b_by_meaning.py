"""Laws 20F, 21B1(b), 75: whether an explanation matches the agreement is decided by meaning — the card's
constraints and purpose against what was said — not by comparing words."""

from __future__ import annotations

import pytest

from bridge_director.cards.card_file import loads
from bridge_director.cards.meaning import Range, parse
from bridge_director.cards.model import Meaning, TableCards
from bridge_director.cards.spoken import Spoken, agrees, read
from bridge_director.engine import Table
from bridge_director.laws.card_agreement import misinformation
from bridge_director.laws.law21_misinformation import Explanation as Verdict
from bridge_director.model import Call, Seat, Suit
from bridge_director.table.events import DirectorReview, Explanation

NT = Meaning(parse("hcp 12-14, balanced"))
TRANSFER = Meaning(parse("hearts 5+"), "transfer")


@pytest.mark.parametrize("said", ["12 to 14", "12-14 points", "12–14 hcp, balanced", "balanced 12 to 14",
                                  "twelve to fourteen"])
def test_20F_a_paraphrase_of_the_card_is_as_explained(said: str) -> None:
    assert agrees(NT, said) is True


@pytest.mark.parametrize("said", ["15-17", "15 to 17, balanced", "12-14 unbalanced", "natural, 5+ spades"])
def test_21B1b_a_claim_the_card_contradicts_is_not_as_explained(said: str) -> None:
    assert agrees(NT if "spades" not in said else TRANSFER, said) is False


@pytest.mark.parametrize(("said", "expected"), [("transfer", True), ("transfer to hearts", True),
                                                ("five hearts, transfer", True), ("natural", False),
                                                ("natural, diamonds", False), ("stayman", False),
                                                ("6+ diamonds", False)])
def test_21B1b_an_artificial_call_is_judged_by_its_purpose_and_suit(said: str, expected: bool) -> None:
    assert agrees(TRANSFER, said) is expected


def test_21B1b_a_card_in_words_only_or_words_with_nothing_to_check_are_left_to_the_director() -> None:
    assert agrees(Meaning(None, None, "see our notes"), "12 to 14") is None
    assert agrees(NT, "the usual") is None
    assert agrees(None, "12 to 14") is None


def test_read_picks_out_the_checkable_claims() -> None:
    assert read("5+ hearts, 10 to 12") == Spoken(Range(10, 12), ((Suit.HEARTS, Range(5, None)),))
    assert read("at least 16").points == Range(16, None)
    assert read("six diamonds").lengths == ((Suit.DIAMONDS, Range(6, 6)),)
    assert read("whatever he likes").empty


CARD = loads('{"system": "weak nt", "contexts": {"": {"1N": {"shows": "hcp 12-14, balanced"}}}}')
FLAT = "N:AKQ2.K32.K32.Q32 J43.A54.AQ7.J987 T98.QJT98.54.654 765.76.JT986.AKT"


@pytest.mark.parametrize(("said", "advice"), [("12 to 14", "as explained"), ("15 to 17", "not as explained")])
def test_21B1b_the_review_advises_from_the_meaning_of_what_was_said(said: str, advice: str) -> None:
    t = Table(1, dealer="N", vulnerability="None", deal=FLAT, cards=TableCards(ns=CARD))
    t.call("N", "1NT")
    t.do(Explanation(Seat.SOUTH, 1, said, Seat.EAST, True, t.laws))
    t.auction("P P P")
    t.do(DirectorReview("21B", Seat.NORTH, 1, t.laws))
    assert f"(the evidence suggests: {advice})" in t.ruling.questions[0].text


def test_75C_misinformation_helper_reads_a_paraphrase_as_the_agreement() -> None:
    verdict, _ = misinformation(card=CARD, partner_card=CARD, context="", call=Call.parse("1NT"),
                                explanation="twelve to fourteen", hand_fits_explanation=False)
    assert verdict is Verdict.MISBID
