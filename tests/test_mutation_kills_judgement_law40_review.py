"""Law 40 (laws.law40_review): what the side's registered card tells the director about a reported psyche, under
each regulation and edition.

The card's advice is shown under every question: the card's line for the call, how far the hand departs from it
(a gross or a minor departure: a psyche or a deviation if deliberate), partner's later calls that depart from it
too, and the law that makes that an undisclosed agreement (2017/2007 40C1; 1997 40B and 40C).  Where the card
itself answers a regulation's question it says so: ACBL psych regulation 1 (is the opening artificial?) and EBU
Orange Book 6 A 4 (is a 2♦ opening at Level 3 a Multi?).  Where it answers nothing, no suggestion line is shown.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.cards.card_file import load, loads
from bridge_director.cards.model import SystemCard, TableCards
from bridge_director.engine import Table
from bridge_director.model import Seat
from bridge_director.table.events import DirectorReview, Judgement, PsycheReported
from judgekit import calls, ruling

N = Seat.NORTH
NATURAL = load(Path(__file__).parents[1] / "examples" / "cards" / "natural-2over1.json")
MULTI = loads('{"system": "Multi", "contexts": {"": {"2D": {"shows": "hcp 5-10, (hearts 6 or spades 6)", '
              '"purpose": "multi", "text": "Multi: a weak two in either major"}}}}')
# North: 0 HCP and four cards in each suit but clubs; South: 19 HCP with four spades
DEAL = "N:8765.432.5432.32 A9.KQT9.QJT.KQT9 KQJ2.AJ5.AK6.J54 T43.876.987.A876"
HEAD = "For the director, from the side's card: "
NAT_1S = ("  the card (Natural 2/1: five-card majors, 15-17 notrump): 1♠ as an opening: hcp 11-21, spades 5+, "
          "spades >= hearts")
RAISE = ("  South's later 2♠ after 1S does not fit South's hand ♠KQJ2 ♥AJ5 ♦AK6 ♣J54 (19 hcp) (card: hcp 6-10, spades "
         "3+)")


def gross_1S(law: str) -> str:
    return ("  North's ♠8765 ♥432 ♦5432 ♣32 (0 hcp) does not fit it: 0 HCP against 11-21, 4 spades against 5+: a gross "
            "departure from the card, a psyche if deliberate, a misbid if not (a player may depart without announcing "
            f"it, Law {law})")


def reported(opening: str, authority: str, card: SystemCard, *, laws: str = "2017", level: int = 4,
             later: tuple[str, ...] = ("P", "P", "P")) -> Table:
    """North opens ``opening`` on nothing (then ``later``); it is reported as a psyche and the director reviews it
    with North-South's card registered for the table."""
    t = calls(Table(1, dealer="N", vulnerability="None", deal=DEAL, laws=laws, authority=authority, level=level,
                    cards=TableCards(ns=card)), opening, *later)
    t.do(PsycheReported(N, 1, t.laws))
    t.do(DirectorReview("40", N, 1, t.laws))
    return t


def after_deliberate_and_gross(t: Table) -> Table:
    t.do(Judgement("deliberate", "yes"))
    t.do(Judgement("gross", "yes"))
    return t


def test_40C1_the_card_advises_on_every_question_and_suggests_only_what_it_answers() -> None:
    """40C1: partner's raise on 19 HCP departs from the card as much as the opening does: that points to an undisclosed
    agreement.  The card answers 'gross' (yes: 0 HCP against 11-21); on 'deliberate' it has no answer, and no
    suggestion line is shown."""
    t = reported("1S", "ACBL", NATURAL, later=("P", "2S", "P", "P", "P"))
    advice = [HEAD + "points to an undisclosed agreement.", NAT_1S, gross_1S("40A3"), RAISE,
              "  partner departed from the card too, as if allowing for the call: that points to an undisclosed "
              "agreement (Law 40C1)"]
    assert ruling(t).text.splitlines() == [
        "Director: North's 1♠ (call 1) reported as a psyche, classified under the ACBL regulation (Law 40C1).",
        "Question 1 of 8: Was the call a deliberate misstatement of honour strength or suit length? (no: an "
        "inadvertent one, a misbid)", *advice]
    t.do(Judgement("deliberate", "yes"))
    assert ruling(t).text.splitlines()[3:] == [*advice, "The card suggests: yes (your judgement decides)."]


def test_40B_1997_the_card_names_40B_40C_for_an_undisclosed_agreement_and_40A_for_the_right_to_psyche() -> None:
    """1997: a player may depart from his announced methods under 40A, and an understanding partner allowed for is an
    undisclosed agreement under 40B (the adjustment 40C); the card's advice cites the 1997 paragraphs."""
    t = reported("1S", "", NATURAL, laws="1997", later=("P", "2S", "P", "P", "P"))
    assert ruling(t).text.splitlines()[2:] == [
        HEAD + "points to an undisclosed agreement.", NAT_1S, gross_1S("40A"), RAISE,
        "  partner departed from the card too, as if allowing for the call: that points to an undisclosed agreement "
        "(Law 40B, 40C)"]


@pytest.mark.parametrize(("opening", "artificial"), [("1S", "no"), ("2C", "yes")])
def test_ACBL_psych_regulation_1_the_card_says_whether_the_opening_is_artificial(opening: str,
                                                                                  artificial: str) -> None:
    """ACBL psych regulation 1: an artificial opening may not be psyched.  The card answers whether the opening is
    artificial: a natural 1♠ is not, the strong 2♣ (a purpose on the card) is."""
    t = after_deliberate_and_gross(reported(opening, "ACBL", NATURAL))
    r = ruling(t)
    assert r.questions[0].key == "artificial"
    assert r.text.splitlines()[-1] == f"The card suggests: {artificial} (your judgement decides)."


@pytest.mark.parametrize(("card", "multi"), [(NATURAL, "no"), (MULTI, "yes")])
def test_EBU_6A4_at_level_3_the_card_says_whether_a_2D_opening_is_a_multi(card: SystemCard, multi: str) -> None:
    """EBU Orange Book 6 A 4: at Level 3 a Multi 2♦ opening may not be psyched.  The card answers the question: a weak
    two in diamonds is not a Multi, a card whose 2♦ has the purpose 'multi' is."""
    t = after_deliberate_and_gross(reported("2D", "EBU", card, level=3))
    r = ruling(t)
    assert r.questions[0].key == "multi"
    assert r.text.splitlines()[-1] == f"The card suggests: {multi} (your judgement decides)."


def test_EBU_6A4_at_level_4_a_2D_opening_is_not_asked_about_and_the_card_suggests_nothing_more() -> None:
    """EBU 6 A 4 restricts the Multi at Level 3 only: at Level 4 the next question is the psyche control (6 A 3),
    which the card does not answer, so the advice ends with the hand measured against the card."""
    t = after_deliberate_and_gross(reported("2D", "EBU", NATURAL, level=4))
    r = ruling(t)
    assert r.questions[0].key == "control"
    assert r.text.splitlines()[3:] == [
        HEAD + "a gross departure from the card.",
        "  the card (Natural 2/1: five-card majors, 15-17 notrump): 2♦ as an opening: hcp 5-10, diamonds 6, hearts "
        "<=3, spades <=3",
        "  North's ♠8765 ♥432 ♦5432 ♣32 (0 hcp) does not fit it: 0 HCP against 5-10, 4 diamonds against 6+: a gross "
        "departure from the card, a psyche if deliberate, a misbid if not (a player may depart without announcing it, "
        "Law 40A3)"]
