"""The registered card read for a reported psyche (laws.psyche_card; Law 40A3 / 40A, 40C1 / 40B; EBU 6 A 1, 6 A 4;
ACBL Duplicate Decisions, psych definitions and regulation 1): the measure of strength and length against the
card's meaning at its bounds, partner's own calls read for fielding (once each, later ones only, a hand known),
and the regulation's questions the card itself answers."""

from __future__ import annotations

import json
from pathlib import Path

from bridge_director.cards.card_file import load, loads
from bridge_director.cards.model import SystemCard
from bridge_director.laws.law40_psyches import Regime
from bridge_director.laws.psyche_card import CardVerdict, advise
from bridge_director.model import Auction, Call, Deal, Seat

EXAMPLES = Path(__file__).parents[1] / "examples" / "cards"
NATURAL = load(EXAMPLES / "natural-2over1.json")  # 1♠: hcp 11-21, spades 5+, spades >= hearts; 2♠: hcp 6-10, 3+
STRONG_CLUB = load(EXAMPLES / "strong-club.json")  # 1♣ strong (16+), 1♦ negative; over (1♣) 2♣ Michaels
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
# North: no points, four spades; South 19 HCP with four spades
PSYCHE = "N:8765.432.5432.32 A9.KQT9.QJT.KQT9 KQJ2.AJ5.AK6.J54 T43.876.987.A876"
NAT = "Natural 2/1: five-card majors, 15-17 notrump"
DEPART = "a player may depart without announcing it, Law 40A3"


def calls(dealer: Seat, text: str) -> tuple[tuple[Seat, Call], ...]:
    auction = Auction.parse(dealer, text)
    return tuple((auction.seat_of(i), c) for i, c in enumerate(auction.calls))


def card(contexts: dict[str, object]) -> SystemCard:
    return loads(json.dumps({"system": "t", "contexts": contexts}))


def north(hand: str) -> Deal:
    """North's hand alone (the others unknown)."""
    return Deal.from_pbn(f"N:{hand} - - -")


def measure(hand: str, auction: str = "1S P P P", c: SystemCard = NATURAL) -> tuple[CardVerdict, str]:
    advice = advise(c, calls(N, auction), 1, north(hand))
    return advice.verdict, advice.lines[1]


# ===== the measure against the card ===============================================================================
def test_6A1_two_cards_short_with_the_strength_in_range_is_gross() -> None:
    """12 HCP and three spades for a 1♠ promising 11-21 and five: two cards short, a psyche if deliberate."""
    assert measure("AQ2.K2.K5432.432") == (CardVerdict.GROSS, (
        "North's ♠AQ2 ♥K2 ♦K5432 ♣432 (12 hcp) does not fit it: 12 HCP against 11-21, 3 spades against 5+: a gross "
        f"departure from the card, a psyche if deliberate, a misbid if not ({DEPART})"))


def test_6A1_one_card_short_at_the_lowest_strength_is_minor() -> None:
    verdict, line = measure("AJ32.K2.K5432.32")
    assert verdict is CardVerdict.MINOR and "11 HCP against 11-21, 4 spades against 5+: a minor departure" in line


def test_6A1_one_card_short_at_the_highest_strength_is_minor() -> None:
    verdict, line = measure("AKQ2.AK.AJ32.432")
    assert (verdict, line.split(": ")[1]) == (CardVerdict.MINOR, "21 HCP against 11-21, 4 spades against 5+")


def test_6A1_strength_and_length_as_agreed_but_not_the_rest_is_minor_and_says_so() -> None:
    """Five spades and six hearts break 'spades >= hearts' only: strength and length are as agreed."""
    assert measure("AQ432.KQ5432.2.2") == (CardVerdict.MINOR, (
        "North's ♠AQ432 ♥KQ5432 ♦2 ♣2 (11 hcp) does not fit it: 11 HCP against 11-21, 5 spades against 5+ (strength "
        "and length as agreed: the rest of the meaning is not): a minor departure from the card, a deviation if "
        f"deliberate, a misbid if not ({DEPART})"))


def test_6A1_a_meaning_with_no_length_in_the_suit_bid_measures_strength_only() -> None:
    points_only = card({"": {"1S": "hcp 11-21"}})
    assert measure("8765.432.5432.32", c=points_only)[1].split(" does not fit it: ")[1].startswith(
        "0 HCP against 11-21: a gross departure")


def test_6A1_an_artificial_call_measures_strength_not_the_suit_it_names() -> None:
    """An inverted raise (purpose given) shows clubs, but a suit named by an artificial call is not measured:
    13 HCP with three clubs is as strong as agreed, the rest is not."""
    inverted = card({"1C": {"2C": {"shows": "hcp 10+, clubs 5+", "purpose": "inverted"}}})
    advice = advise(inverted, calls(N, "1C P 2C"), 3, Deal.from_pbn("N:- - AK32.K32.K32.432 -"))
    assert advice.verdict is CardVerdict.MINOR
    assert advice.lines[1].split(" does not fit it: ")[1] == (
        "13 HCP against 10-35 (strength and length as agreed: the rest of the meaning is not): a minor departure "
        f"from the card, a deviation if deliberate, a misbid if not ({DEPART})")


def test_40_a_meaning_no_hand_fits() -> None:
    impossible = card({"": {"1S": "hcp 12-14, hcp 20-22"}})
    assert measure("AKQ2.K2.K5432.32", c=impossible)[1].split(" does not fit it: ")[1].startswith(
        "no hand fits the card's meaning (strength and length as agreed")


# ===== partner's calls read for fielding ==========================================================================
def test_40C1_partner_s_hand_unknown_shows_no_fielding() -> None:
    advice = advise(NATURAL, calls(N, "1S P 2S P"), 1, north("8765.432.5432.32"))
    assert advice.verdict is CardVerdict.GROSS and len(advice.lines) == 2


def test_40C1_partner_s_last_call_is_read_once() -> None:
    advice = advise(NATURAL, calls(N, "1S P 2S"), 1, Deal.from_pbn(PSYCHE))
    assert advice.verdict is CardVerdict.UNDISCLOSED
    assert advice.lines[2:] == (
        "South's later 2♠ after 1S does not fit South's hand ♠KQJ2 ♥AJ5 ♦AK6 ♣J54 (19 hcp) (card: hcp 6-10, spades "
        "3+)", "partner departed from the card too, as if allowing for the call: that points to an undisclosed "
        "agreement (Law 40C1)")


def test_40C1_partner_s_earlier_call_is_no_fielding() -> None:
    """South's 2♠ (19 HCP) is the reported call; North's 1♠ before it, on no points, is not partner allowing for
    it."""
    advice = advise(NATURAL, calls(N, "1S P 2S P P P"), 3, Deal.from_pbn(PSYCHE))
    assert advice.verdict is CardVerdict.GROSS and len(advice.lines) == 2
    assert advice.lines[0] == f"the card ({NAT}): 2♠ after 1S: hcp 6-10, spades 3+"


# ===== what the card answers of the regulation ====================================================================
def test_40_no_meaning_suggests_nothing() -> None:
    assert advise(NATURAL, calls(N, "1S P 2S P 3C"), 5, None).suggested == ()


def test_acbl_1_an_artificial_opening_as_agreed_still_answers_artificial() -> None:
    advice = advise(STRONG_CLUB, calls(N, "1C"), 1, north("AKQ2.AK2.K32.432"), regime=Regime.ACBL)
    assert advice.verdict is CardVerdict.AS_AGREED and advice.suggested == (("artificial", "yes"),)


def test_acbl_1_a_natural_response_to_an_artificial_opening_is_not_conventional() -> None:
    assert advise(STRONG_CLUB, calls(N, "1C P 1H"), 3, None, regime=Regime.ACBL).suggestion("conventional") == "no"


def test_acbl_1_the_opening_is_read_in_its_own_auction() -> None:
    """East deals and opens a strong 1♣; West's 1♦ negative is a conventional response to it."""
    advice = advise(STRONG_CLUB, calls(E, "1C P 1D"), 3, None, regime=Regime.ACBL)
    assert advice.suggested == (("conventional", "yes"),)


def test_acbl_1_a_call_over_an_opponent_s_opening_is_no_response() -> None:
    advice = advise(STRONG_CLUB, calls(E, "1C 2C"), 2, None, regime=Regime.ACBL)
    assert advice.suggested == ()


def test_acbl_1_an_opening_pass_is_neither_opening_nor_response() -> None:
    assert advise(STRONG_CLUB, calls(N, "P"), 1, None, regime=Regime.ACBL).suggested == ()


def test_6A4_ebu_asks_no_acbl_question_of_a_response() -> None:
    assert advise(STRONG_CLUB, calls(N, "1C P 1D"), 3, None, regime=Regime.EBU, level=3).suggested == ()


def test_6A4_a_multi_by_purpose_or_by_its_words() -> None:
    two_d = calls(N, "2D")
    by_purpose = card({"": {"2D": {"shows": "hcp 5-10", "purpose": "multi", "text": "weak two in a major"}}})
    by_words = card({"": {"2D": {"shows": "hcp 5-10", "purpose": "weak", "text": "Multi, weak two"}}})
    for c in (by_purpose, by_words):
        assert advise(c, two_d, 1, None, regime=Regime.EBU, level=3).suggestion("multi") == "yes"
