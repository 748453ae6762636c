"""The comparable call's predecessors decided from the card, clause by clause: 2007 27B1(a) and 27B1(b), 1997
27B1(a) with 27B1(b) and 27B2, 2007/1997 31A2(a) with 29C, and the definitions of an artificial (2007, 2017) and a
conventional (1997) call.  Cases after seed 004 (2007 Law 27) and seed 002 (1997)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.cards import artificial, editions
from bridge_director.cards.card_file import load, loads
from bridge_director.cards.comparable import Verdict
from bridge_director.cards.meaning import holds, parse
from bridge_director.cards.model import SystemCard
from bridge_director.cards.question import ask
from bridge_director.errors import ParseError
from bridge_director.model import Bid, Call, Strain, Suit

NATURAL = load(Path(__file__).parents[1] / "examples" / "cards" / "natural-2over1.json")

# Seed 004's cases as a card: a short-club system (1C 2+ clubs), Michaels, a two-suited 2S over 1NT, a raise
# over interference that means what the uncontested raise means (or, on RAISES_INV, an invitational one).
SEED004 = loads('''{"system": "seed 004", "contexts": {
  "": {"1C": {"shows": "hcp 10-20, clubs 2+", "text": "short club"}, "1H": "hcp 11-20, hearts 5+",
       "P": "hcp <=9", "1D": "hcp 11-21, diamonds top 1+"},
  "1C": {"2C": {"shows": "hcp 10+, clubs 5+", "text": "inverted raise"},
         "2N": "hcp 12-15, balanced, hearts <=3, spades <=3", "5C": "hcp 10-20, clubs 6+"},
  "(1D)": {"1H": "hcp 8-16, hearts 5+"},
  "(1S)": {"3H": "hcp 11-15, hearts 6+"},
  "(1H)": {"2H": "hcp 8+, spades 5+, (clubs 5+ or diamonds 5+)", "2D": "hcp 8-21, diamonds top 1+",
           "X": {"shows": "hcp 12+, hearts <=2", "purpose": "takeout"}},
  "(1N)": {"2S": "hcp 10+, spades 5+, (clubs 4+ or diamonds 4+)", "2C": {"shows": "hearts 5+, spades 5+",
           "purpose": "landy"}},
  "(2N)": {"3S": "hcp 10+, spades 6+", "3C": "hcp 10+, clubs 6+"},
  "1H": {"2H": "hcp 6-9, hearts 3+"},
  "1H-(3D)": {"3H": "hcp 6-9, hearts 3+"}
}}''')
RAISES_INV = loads('{"system": "inv", "contexts": {"1H": {"2H": "hcp 6-9, hearts 3+"}, '
                   '"1H-(3D)": {"3H": "hcp 10-12, hearts 3+"}}}')


def c(text: str) -> Call:
    return Call.parse(text)


def judge(edition: str, card: SystemCard, auction: str, w: str, r: str, wa: str | None = None) -> Verdict:
    """The edition's test for the question as typed (``card comparable``)."""
    answer = ask(card, auction, w, r, wa)
    return editions.judge(edition, card, answer.withdrawn_context, answer.withdrawn, answer.replacement_context,
                          answer.replacement)


# ----- the definitions ------------------------------------------------------------------------------------------
def test_2007_definition_a_club_opening_on_two_cards_is_artificial() -> None:
    found = artificial.of("2007", SEED004, "", c("1C"))
    assert found.artificial is True and "does not promise three or more clubs" in found.reason
    assert found.hand is not None and len(found.hand.holding(Suit.CLUBS)) <= 2  # the hand that proves it


def test_2007_definition_a_purpose_tag_is_artificial_and_natural_1S_is_not() -> None:
    assert artificial.of("2007", NATURAL, "1N", c("2C")).said("2♣") == \
        "2♣ is artificial: the card gives it a purpose (stayman)"
    natural = artificial.of("2007", NATURAL, "", c("1S"))
    assert natural.artificial is False and natural.reason.startswith("it promises three or more spades")


def test_2007_definition_a_bid_that_promises_a_second_suit_is_artificial() -> None:
    found = artificial.of("2007", SEED004, "(1N)", c("2S"))
    assert found.artificial is True and "second suit (four or more clubs or diamonds)" in found.reason


def test_2007_definition_notrump_promising_a_long_suit_is_artificial() -> None:
    gambling = artificial.of("2007", NATURAL, "", c("3NT"))  # a solid seven-card minor
    assert gambling.artificial is True and "a five-card suit" in gambling.reason
    assert artificial.of("2007", NATURAL, "", c("1NT")).artificial is False  # 15-17 balanced


def test_1997_definition_high_card_strength_in_the_suit_is_not_conventional() -> None:
    # "conveys a meaning other than ... high-card strength or length (three cards or more) there"
    assert artificial.of("1997", SEED004, "", c("1D")).artificial is False
    assert artificial.of("2007", SEED004, "", c("1D")).artificial is True  # 2007: no length, artificial
    assert artificial.of("1997", SEED004, "", c("1D")).said("1♦").startswith("1♦ is not conventional:")


def test_30C_definition_a_pass_that_promises_strength_is_artificial() -> None:
    strong = loads('{"system": "t", "contexts": {"": {"P": "hcp 16+"}, "1H": {"P": "hcp <=5"}}}')
    assert artificial.of("2007", strong, "", c("P")).artificial is True
    assert artificial.of("1997", strong, "", c("P")).said("pass").startswith("pass is conventional: every hand")
    assert artificial.of("2017", strong, "1H", c("P")).artificial is False


def test_30C_definition_a_pass_that_denies_aces_is_artificial() -> None:
    dopi = loads('{"system": "t", "contexts": {"1S-(2H)": {"P": "aces 0"}}}')
    found = artificial.of("2007", dopi, "1S-(2H)", c("P"))
    assert found.artificial is True and "values other than in the last suit named (aces 0)" in found.reason


def test_29C_denominations_specified_by_a_transfer_and_by_stayman() -> None:
    assert artificial.specified("2007", NATURAL, "1N", c("2D"))[0] == frozenset({Strain.HEARTS})
    assert artificial.specified("2007", NATURAL, "1N", c("2C"))[0] == frozenset()  # a major, not one suit
    assert artificial.specified("1997", NATURAL, "", c("1NT"))[0] == frozenset({Strain.NOTRUMP})
    assert artificial.specified("2007", NATURAL, "1N", c("2S"))[0] is None  # a relay given only in words


# ----- 2007 27B1(a) ---------------------------------------------------------------------------------------------
def test_2007_27B1a_natural_bids_lowest_same_denomination_no_further_rectification() -> None:
    v = judge("2007", NATURAL, "1S 1H", "1H", "2H")  # 1H opening (5+ hearts) over RHO's unseen 1S, then 2H
    assert (v.comparable, v.law, v.edition, v.head) == (True, "27B1(a)", "2007", "no further rectification")
    assert v.heading == "no further rectification (Law 27B1(a), 2007)"


def test_2007_27B1a_short_club_opening_is_artificial_so_27B2_bars_partner() -> None:
    # seed 004 example 7: 1C (P) 1C, 1C shows 2+ clubs: 27B1(a) is not possible; the inverted 2C is wider
    v = judge("2007", SEED004, "1C P", "1C", "2C", "")
    assert (v.comparable, v.law, v.head) == (False, "27B2", "partner must pass throughout")
    assert "1♣ as an opening is artificial: it does not promise three or more clubs" in v.reason
    assert v.counterexample is not None


def test_2007_27B1a_michaels_cue_bid_is_artificial() -> None:
    # seed 004 example 8: (1H) 1H meant over 1D; 2H would be Michaels (spades and a minor): not 27B1(a)
    v = editions.law_27b1a_2007(SEED004, "(1D)", Bid(1, Strain.HEARTS), "(1H)", c("2H"))
    assert (v.comparable, v.law) == (False, "27B1(a)")
    assert "2♥ after (1H) is artificial: it does not promise three or more hearts" in v.reason


def test_2007_27B1a_two_suited_insufficient_bid_is_artificial() -> None:
    # seed 004 example 5: (2NT) 2S meant over 1NT as spades and a minor: 2S is not incontrovertibly natural
    v = judge("2007", SEED004, "2NT", "2S", "3S", "1NT")
    assert v.comparable is False and v.law == "27B2"
    assert "2♠ after (1N) is artificial: it also promises a second suit" in v.reason


# ----- 2007 27B1(b) ---------------------------------------------------------------------------------------------
def test_2007_27B1b_more_precise_meaning_2NT_within_the_1C_opening() -> None:
    # seed 004 example 7: 2NT (12-15 balanced, no four-card major) lies within 1C's 10-20 with 2+ clubs
    v = judge("2007", SEED004, "1C P", "1C", "2NT", "")
    assert (v.comparable, v.law, v.head) == (True, "27B1(b)", "no further rectification")
    assert "a more precise meaning: every hand 2NT after 1C shows" in v.reason


def test_2007_27B1b_more_precise_meaning_more_clubs_same_range() -> None:
    v = editions.law_27b1b_2007(SEED004, "", c("1C"), "1C", c("5C"))  # seed 004: 1C corrected to 5C, 6+ clubs
    assert (v.comparable, v.law) == (True, "27B1(b)")


def test_2007_27B1b_same_meaning_raise_over_interference() -> None:
    # seed 004 example 4(i): 1H (3D) 2H not seen; 3H over 3D means what 2H means
    v = editions.law_27b1b_2007(SEED004, "1H", c("2H"), "1H-(3D)", c("3H"))
    assert (v.comparable, v.law) == (True, "27B1(b)") and "the same meaning as 2♥ after 1H" in v.reason


def test_2007_27B1b_invitational_raise_is_not_contained_but_27B1a_applies() -> None:
    # seed 004 example 4(ii): 3H is invitational: "would all hands that make 3H have made 2H?" no; only 27B1(a)
    v = editions.law_27b1b_2007(RAISES_INV, "1H", c("2H"), "1H-(3D)", c("3H"))
    assert (v.comparable, v.law, v.head) == (False, "27B1(b)", "does not apply")
    hand = v.counterexample
    assert hand is not None and holds(parse("hcp 10-12, hearts 3+"), hand)
    assert not holds(parse("hcp 6-9, hearts 3+"), hand)
    whole = judge("2007", RAISES_INV, "1H 3D", "2H", "3H")  # 3H is the lowest heart bid and both are natural
    assert (whole.comparable, whole.law) == (True, "27B1(a)")


def test_2007_27B1b_same_purpose_alone_is_not_enough() -> None:
    # 2017 Law 23A3 makes Stayman for Stayman comparable; 2007 27B1(b) asks for the meaning itself
    assert judge("2017", NATURAL, "2NT P", "2C", "3C", "1NT P").law == "23A3"
    v = judge("2007", NATURAL, "2NT P", "2C", "3C", "1NT P")
    assert (v.comparable, v.law) == (False, "27B2") and "3♣ after 2N (hcp 4+" in v.reason


def test_2007_27B1b_double_with_the_same_meaning_is_allowed() -> None:
    v = judge("2007", NATURAL, "1NT 2D 2C", "2C", "X")  # the stolen-bid double: Stayman's meaning exactly
    assert (v.comparable, v.law) == (True, "27B1(b)") and "the same meaning" in v.reason


def test_2007_27B3_double_not_allowed_by_27B1b() -> None:
    v = judge("2007", SEED004, "1H 1D", "1D", "X", "")  # 1D (a top diamond) replaced by a takeout double
    assert (v.comparable, v.law, v.head) == (False, "27B3", "partner must pass throughout")


def test_2007_27B1b_a_purpose_the_replacement_adds_is_left_to_the_director() -> None:
    card = loads('{"system": "t", "contexts": {"": {"1H": "hcp 11-20, hearts 5+"}, '
                 '"(1S)": {"2N": {"shows": "hcp 12-15, hearts 5+", "purpose": "ask"}}}}')
    v = judge("2007", card, "1S 1H", "1H", "2NT")
    assert v.comparable is None and "also carries a purpose (ask)" in v.reason


# ----- 1997 27B1(a), 27B1(b), 27B2 ------------------------------------------------------------------------------
def test_1997_27B1a_natural_lowest_same_denomination() -> None:
    v = judge("1997", NATURAL, "1S 1H", "1H", "2H")
    assert (v.comparable, v.law, v.edition) == (True, "27B1(a)", "1997")
    assert "1♥ as an opening is not conventional" in v.reason


def test_1997_27B1a_conventional_bid_bars_partner() -> None:
    # seed 002: 2C over 2NT, meant as Landy over 1NT: conventional, partner passes throughout whatever follows
    v = judge("1997", SEED004, "2NT", "2C", "3C", "1NT")
    assert (v.comparable, v.law, v.head) == (False, "27B2", "partner must pass throughout")
    assert v.reason.startswith("2♣ after (1N) is conventional: the card gives it a purpose (landy)")


def test_1997_27B1b_any_other_correction_bars_partner_even_a_more_precise_one() -> None:
    # 3H (11-15, six hearts) lies within the 1H opening: it spares partner in 2007 (27B1(b)), not in 1997
    v = judge("1997", SEED004, "1S 1H", "1H", "3H")
    assert (v.comparable, v.law) == (False, "27B1(b)") and "3♥ is not the lowest sufficient bid" in v.reason
    assert judge("2007", SEED004, "1S 1H", "1H", "3H").law == "27B1(b)"


def test_1997_27B1a_raise_over_interference_is_the_lowest_natural_bid() -> None:
    v = judge("1997", SEED004, "1H 3D", "2H", "3H")  # 3H is the lowest sufficient heart bid, both natural
    assert (v.comparable, v.law) == (True, "27B1(a)")


def test_1997_27B2_a_conventional_substitute_bars_partner() -> None:
    card = loads('{"system": "t", "contexts": {"": {"1H": "hcp 11-20, hearts 5+"}, '
                 '"(1S)": {"2H": "hcp 8+, hearts 5+, (clubs 5+ or diamonds 5+)"}}}')
    v = judge("1997", card, "1S 1H", "1H", "2H")  # 2H over 1S shows hearts and a minor: a two-suiter
    assert (v.comparable, v.law, v.head) == (False, "27B2", "partner must pass throughout")
    assert "2♥ after (1S) is conventional: it also promises a second suit (four or more clubs or diamonds)" in v.reason


def test_1997_27B1a_short_club_is_conventional_27B2() -> None:
    v = judge("1997", SEED004, "1C P", "1C", "2C", "")
    assert (v.comparable, v.law) == (False, "27B2") and "1♣ as an opening is conventional" in v.reason


def test_1997_27B1a_high_cards_there_spare_partner_where_2007_does_not() -> None:
    # 1D promises a top diamond (no length); over RHO's 1H it becomes 2D with a wider range
    assert judge("1997", SEED004, "1H 1D", "1D", "2D", "").law == "27B1(a)"
    v = judge("2007", SEED004, "1H 1D", "1D", "2D", "")
    assert (v.comparable, v.law) == (False, "27B2")  # artificial in 2007, and 2D allows 8-10 points


def test_1997_27B_double_may_not_replace_an_insufficient_bid() -> None:
    v = judge("1997", NATURAL, "1NT 2D 2C", "2C", "X")
    assert (v.comparable, v.law, v.head) == (False, "27B", "partner must pass throughout")


def test_1997_27B1b_a_pass_bars_partner_and_27B1a_words_only_are_left_to_the_director() -> None:
    v = judge("1997", NATURAL, "1S 1H", "1H", "P", "")
    assert v.comparable is False and v.law == "27B1(b)"  # a pass is not the lowest sufficient bid
    unknown = loads('{"system": "t", "contexts": {"": {"1H": {"text": "natural"}}, "(1S)": {"2H": "hearts 5+"}}}')
    assert judge("1997", unknown, "1S 1H", "1H", "2H").comparable is None


# ----- 2007 and 1997 Laws 30-32 -----------------------------------------------------------------------------------
@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_31A2a_natural_bid_repeats_the_denomination(laws: str) -> None:
    v = judge(laws, NATURAL, "1H", "1S", "2S", "")  # 1S out of rotation, RHO opened 1H, offender bids 2S
    assert (v.comparable, v.law, v.head) == (True, "31A2(a)", "partner must pass once")


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_31A2b_29C_natural_2D_does_not_repeat_the_hearts_a_transfer_specified(laws: str) -> None:
    card = loads('{"system": "t", "contexts": {"1N": {"2D": {"shows": "hearts 5+", "purpose": "transfer"}}, '
                 '"1N-(2C)": {"2D": "hcp 0-7, diamonds 5+", "2H": "hcp 0-7, hearts 5+"}}}')
    v = judge(laws, card, "1NT 2C", "2D", "2D", "1NT P")
    assert (v.comparable, v.law) == (False, "31A2(b)") and "it specifies hearts" in v.reason
    assert judge(laws, card, "1NT 2C", "2D", "2H", "1NT P").law == "31A2(a)"


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_30_32_no_comparable_call_in_the_earlier_editions(laws: str) -> None:
    v = judge(laws, NATURAL, "1H", "1S", "P", "")  # a bid replaced by a pass: it repeats no denomination
    assert (v.comparable, v.law, v.head) == (False, "31A2(b)", "partner must pass throughout")
    passes = judge(laws, loads('{"system": "t", "contexts": {"": {"P": "hcp <=11"}, "1H": {"P": "hcp <=5"}}}'),
                   "1H", "P", "P", "")
    assert (passes.comparable, passes.law, passes.head) == (False, None, "no comparable call")


def test_judge_unknown_edition_names_the_field() -> None:
    with pytest.raises(ParseError) as err:
        editions.judge("1987", NATURAL, "", c("1S"), "(1H)", c("2S"))
    assert err.value.field == "laws"
