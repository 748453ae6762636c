"""A reported call measured against the side's registered card (Law 40A3 / 40A, 40C1 / 40B; EBU Orange Book
6 A 1, 6 A 4, 6 B 1-2; ACBL Duplicate Decisions, psych definitions and regulation 1): as agreed, a gross or a minor
departure, or pointing to an undisclosed agreement, with the answers the card itself settles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridge_director.cards.card_file import load, loads
from bridge_director.laws.law40_psyches import Regime
from bridge_director.laws.psyche_card import CardVerdict, advise
from bridge_director.model import Auction, Call, Deal, Seat
from bridge_director.table.edition import Edition

EXAMPLES = Path(__file__).parents[1] / "examples" / "cards"
NATURAL = load(EXAMPLES / "natural-2over1.json")
STRONG_CLUB = load(EXAMPLES / "strong-club.json")
# North: no points, four spades; East 17; South 19 with four spades; West the rest
PSYCHE = "N:8765.432.5432.32 A9.KQT9.QJT.KQT9 KQJ2.AJ5.AK6.J54 T43.876.987.A876"
# North: a sound 1♠ (13 HCP, five spades); South: a 2♠ raise (8 HCP, three spades)
SOUND = "N:AKJ65.K32.Q32.32 Q987.QJT9.J.KQT9 T43.A54.K654.J54 2.876.AT987.A876"
# North: 10 HCP and five spades (one under the card's 11); South: 7 HCP, three spades
LIGHT = "N:AQJ65.K32.432.32 K987.QJT9.J.KQT9 T43.A54.Q765.J54 2.876.AKT98.A876"


def calls(dealer: Seat, text: str) -> tuple[tuple[Seat, Call], ...]:
    auction = Auction.parse(dealer, text)
    return tuple((auction.seat_of(i), c) for i, c in enumerate(auction.calls))


def test_40A3_a_hand_that_fits_the_card_is_as_agreed_not_a_psyche() -> None:
    advice = advise(NATURAL, calls(Seat.NORTH, "1S P 2S P P P"), 1, Deal.from_pbn(SOUND))
    assert advice.verdict is CardVerdict.AS_AGREED
    assert advice.lines[0] == ("the card (Natural 2/1: five-card majors, 15-17 notrump): 1♠ as an opening: "
                               "hcp 11-21, spades 5+, spades >= hearts")
    assert "fits it: the call is as agreed, not a psyche, misbid or deviation" in advice.lines[1]
    assert advice.suggestion("gross") is None


@pytest.mark.parametrize(("edition", "law"), [(Edition.L2017, "40A3"), (Edition.L2007, "40A3"),
                                              (Edition.L1997, "40A")])
def test_6A1_a_gross_departure_from_the_card_is_a_psyche_if_deliberate(edition: Edition, law: str) -> None:
    north_only = Deal.from_pbn("N:8765.432.5432.32 - - -")  # partner's hand unknown: no fielding to see
    advice = advise(NATURAL, calls(Seat.NORTH, "1S P P P"), 1, north_only, edition)
    assert advice.verdict is CardVerdict.GROSS and advice.suggestion("gross") == "yes"
    assert ("0 HCP against 11-21, 4 spades against 5+: a gross departure from the card, a psyche if deliberate, "
            f"a misbid if not (a player may depart without announcing it, Law {law})") in advice.lines[1]


def test_6A1_a_minor_departure_within_a_queen_is_a_deviation_not_a_psyche() -> None:
    advice = advise(NATURAL, calls(Seat.NORTH, "1S P 2S P P P"), 1, Deal.from_pbn(LIGHT))
    assert advice.verdict is CardVerdict.MINOR and advice.suggestion("gross") == "no"
    assert ("10 HCP against 11-21, 5 spades against 5+: a minor departure from the card, a deviation if "
            "deliberate, a misbid if not") in advice.lines[1]


@pytest.mark.parametrize(("edition", "law"), [(Edition.L2017, "40C1"), (Edition.L1997, "40B, 40C")])
def test_40C1_partner_departing_from_the_card_too_points_to_an_undisclosed_agreement(edition: Edition,
                                                                                      law: str) -> None:
    advice = advise(NATURAL, calls(Seat.NORTH, "1S P 2S P P P"), 1, Deal.from_pbn(PSYCHE), edition)
    assert advice.verdict is CardVerdict.UNDISCLOSED and advice.suggestion("gross") == "yes"
    assert advice.lines[2] == ("South's later 2♠ after 1S does not fit South's hand ♠KQJ2 ♥AJ5 ♦AK6 ♣J54 "
                               "(19 hcp) (card: hcp 6-10, spades 3+)")
    assert advice.lines[3].endswith(f"that points to an undisclosed agreement (Law {law})")


def test_40C1_a_call_the_card_does_not_list_has_no_disclosed_agreement() -> None:
    advice = advise(NATURAL, calls(Seat.NORTH, "1S P 2S P 3C"), 5, Deal.from_pbn(PSYCHE))
    assert advice.verdict is CardVerdict.UNDISCLOSED
    assert advice.lines == ("the card (Natural 2/1: five-card majors, 15-17 notrump) lists no meaning for 3♣ after "
                            "1S-2S: no disclosed agreement to measure it against; if partner's actions allowed for "
                            "the hand, that is an undisclosed agreement (Law 40C1)",)


def test_40_words_only_or_an_unknown_hand_is_not_measured() -> None:
    advice = advise(NATURAL, calls(Seat.NORTH, "1S P"), 1, None)
    assert advice.verdict is CardVerdict.UNMEASURED and advice.lines[1] == (
        "the hand is not known: compare North's hand with it")
    words = advise(NATURAL, calls(Seat.NORTH, "1N P 2S"), 3, Deal.from_pbn(PSYCHE))
    assert words.verdict is CardVerdict.UNMEASURED and words.lines[1].startswith("the card gives only words")


def test_acbl_regulation_1_the_card_answers_artificial_opening_and_conventional_response() -> None:
    one_club = advise(STRONG_CLUB, calls(Seat.NORTH, "1C P 1D"), 1, None, regime=Regime.ACBL)
    assert one_club.suggestion("artificial") == "yes"
    negative = advise(STRONG_CLUB, calls(Seat.NORTH, "1C P 1D"), 3, None, regime=Regime.ACBL)
    assert negative.suggestion("conventional") == "yes"  # 1♦ negative to an artificial 1♣
    natural = advise(NATURAL, calls(Seat.NORTH, "1S P 2S"), 3, None, regime=Regime.ACBL)
    assert natural.suggestion("conventional") == "no" and natural.suggestion("artificial") is None
    assert advise(NATURAL, calls(Seat.NORTH, "1S"), 1, None, regime=Regime.ACBL).suggestion("artificial") == "no"


def test_6A4_the_card_answers_whether_a_2D_opening_is_a_multi_at_level_3() -> None:
    multi = loads(json.dumps({"system": "m", "contexts": {"": {"2D": {
        "shows": "hcp 5-10, (hearts 6 or spades 6)", "purpose": "multi", "text": "Multi"}}}}))
    two_d = calls(Seat.NORTH, "2D")
    assert advise(multi, two_d, 1, None, regime=Regime.EBU, level=3).suggestion("multi") == "yes"
    assert advise(NATURAL, two_d, 1, None, regime=Regime.EBU, level=3).suggestion("multi") == "no"
    assert advise(multi, two_d, 1, None, regime=Regime.EBU, level=4).suggestion("multi") is None
