"""Laws 20C1, 25A, 29-32, 37A and the card's agreement in misinformation rulings: the checks that mutation testing
of the auction laws showed were missing.

Each test names the clause it checks: when a review of the auction may be asked for once the auction is over
(20C1), the replacement of an unintended call (25A), the law that makes a cancelled call unauthorised (16C; 16D in
2007) and partner's review that lists it (16B), a barred player's call accepted by his left-hand opponent (37A;
1997 35B) and what each partner's card says of a call when the director decides between misinformation and a
misbid (21B1(b), 75C).
"""

from __future__ import annotations

import pytest

import playkit
from bridge_director.cards.card_file import loads
from bridge_director.cards.model import SystemCard
from bridge_director.engine import Table
from bridge_director.laws.card_agreement import fits, misinformation, says
from bridge_director.laws.law21_misinformation import Explanation
from bridge_director.model import Call, Hand, Seat, Side
from bridge_director.table.edition import Edition
from bridge_director.table.events import DirectorReview, ReviewRequested
from bridge_director.table.state import Record, Unauthorised
from tablekit import table

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
EDITIONS = ("2017", "2007", "1997")


# ----- 20C1: a review of the auction once the auction is over ----------------------------------------------------
def review(t: Table, seat: Seat) -> bool:
    """Ask for a review; True when it is recorded as proper (20B/20C1), False when flagged for Law 16B."""
    t.do(ReviewRequested(seat))
    proper = t.state.records[-1].irregularity == "Review of the auction"
    assert proper == (not t.state.flags)
    return proper


def test_20C1_after_the_final_pass_with_no_deal_entered_a_review_is_proper() -> None:
    assert review(table("1NT P P P"), W)


@pytest.mark.parametrize("seat", [W, E, S])
def test_20C1_before_the_opening_lead_the_leader_his_partner_and_declarer_may_ask(seat: Seat) -> None:
    assert review(playkit.table(), seat)  # 1S by South: West leads, North is dummy


def test_20C1_declarer_first_turn_is_dummy_s_card_to_trick_one() -> None:
    t = playkit.table()
    playkit.play(t, "S6")  # West leads; dummy (North) to play
    assert review(t, S)


def test_20C1_declarer_turn_after_dummy_has_played_is_not_his_first() -> None:
    t = playkit.table()
    playkit.play(t, "S6 S2 S5")  # dummy and East have played: South plays to trick one from his own hand
    assert t.state.play is not None and t.state.play.next_seat is S
    assert not review(t, S)


def test_20C1_defender_first_turn_to_play_is_when_his_turn_comes() -> None:
    t = playkit.table()
    playkit.play(t, "S6 S2")  # East, third to play to trick one
    assert review(t, E)


def test_20C1_defender_may_not_ask_before_his_turn_comes() -> None:
    t = playkit.table()
    playkit.play(t, "S6")  # dummy to play: East has not yet played, but it is not his turn
    assert not review(t, E)
    assert t.state.records[-1].outcome == "East asked for a review when it was not his first turn to play (Law 20C1)"


# ----- 25A: an unintended call replaced -------------------------------------------------------------------------
def test_25A_lho_who_called_over_it_is_told_which_call_replaced_which() -> None:
    t = table("1H 2C")
    t.change("N", "1S")
    t.judge("nature", "unintended")
    assert t.ruling is not None and t.ruling.text.startswith("East, North has replaced 1♥ by 1♠ (Law 25A).")


@pytest.mark.parametrize("laws", EDITIONS)
def test_25A_an_insufficient_replacement_is_ruled_by_law_27_of_the_table_s_edition(laws: str) -> None:
    t = table("1S 2C", laws=laws)
    t.change("E", "1H")  # the intended call, before South has called: insufficient over 1S
    t.judge("nature", "unintended")
    assert t.ruling is not None and t.ruling.law == "27" and t.ruling.edition is Edition.parse(laws)


# ----- 16C (2007 16D): a call out of rotation cancelled ----------------------------------------------------------
@pytest.mark.parametrize(("laws", "law"), [("2017", "16C"), ("2007", "16D"), ("1997", "16C")])
def test_16C_a_call_out_of_rotation_not_accepted_is_unauthorised_to_the_offenders(laws: str, law: str) -> None:
    t = table(laws=laws)
    t.call("E", "1H")  # at North's turn
    t.choose("refuse")
    assert t.state.unauthorised == (Unauthorised(Side.EW, "East's cancelled 1♥", law),)


@pytest.mark.parametrize(("laws", "law"), [("2017", "16C"), ("2007", "16D"), ("1997", "16C")])
def test_16B_partner_s_review_lists_the_side_s_cancelled_call_under_the_edition_s_law(laws: str, law: str) -> None:
    t = table(laws=laws)
    t.call("E", "1H")  # at North's turn, not accepted
    t.choose("refuse")
    t.auction("1C")
    t.call("E", "1S")
    while t.ruling is not None and t.ruling.questions:  # the director's judgement of East's new call, if any
        t.judge(t.ruling.questions[0].key, "no")
    t.do(DirectorReview("16B", E, 2, t.laws))
    assert t.ruling is not None
    assert f"East's cancelled 1♥ (Law {law})" in t.ruling.text.splitlines()[1]


@pytest.mark.parametrize(("laws", "law"), [("2017", "16C2"), ("2007", "16D2"), ("1997", "16C2")])
@pytest.mark.parametrize("call", ["1H", "XX"])
def test_28B_a_call_out_of_rotation_cancelled_by_rho_s_call_in_turn_is_unauthorised(laws: str, law: str,
                                                                                    call: str) -> None:
    t = table("1C", laws=laws)
    t.call("S", call)  # at East's turn (a redouble is also inadmissible: Law 36)
    t.call("E", "P")  # East calls in turn: the call out of rotation is cancelled (Law 28B)
    said = "1♥" if call == "1H" else "redouble"
    assert t.state.unauthorised[-1] == Unauthorised(Side.NS, f"South's cancelled {said}", law)


# ----- 37A (1997 35B): the left-hand opponent accepts a barred player's call -------------------------------------
def barred_west(laws: str) -> Table:
    """West must pass once (Law 24: East exposed the ♠K); North opens 1H, East 1S, South passes."""
    t = table("1H", laws=laws)
    t.expose("E", "SK")
    t.choose("proceed")
    t.auction("1S P")
    return t


@pytest.mark.parametrize(("laws", "law"), [("2017", "37A"), ("2007", "37A"), ("1997", "35B")])
def test_37A_the_acceptance_is_recorded_for_the_board(laws: str, law: str) -> None:
    t = barred_west(laws)
    t.call("W", "2S")
    t.choose("accept")
    assert t.state.records[-1] == Record(law, "Call by a player required to pass", W, "2♠ accepted",
                                         Edition.parse(laws))


@pytest.mark.parametrize("laws", EDITIONS)
@pytest.mark.parametrize(("call", "law"), [("1D", "27"), ("XX", "36")])
def test_37A_an_accepted_call_is_then_ruled_by_its_own_law_in_the_table_s_edition(laws: str, call: str,
                                                                                   law: str) -> None:
    t = barred_west(laws)
    t.call("W", call)  # barred, and insufficient (27) or a redouble with no double (36)
    t.choose("accept", "N")
    assert t.ruling is not None and t.ruling.law == law and t.ruling.edition is Edition.parse(laws)


# ----- 21B1(b), 75C: what the cards say of the call --------------------------------------------------------------
CARD = loads('{"system": "t", "contexts": {"1N": {"2D": {"shows": "hearts 5+", "purpose": "transfer"}, '
             '"2H": {"text": "see our notes"}}}}')
D2, H2, S2 = Call.parse("2D"), Call.parse("2H"), Call.parse("2S")
TRANSFER = "hearts 5+; purpose: transfer"


def test_21B1b_without_a_card_there_is_no_agreement_in_words() -> None:
    assert says(None, "1N", D2) is None
    assert says(CARD, "1N", S2) is None and says(CARD, "1N", D2) == TRANSFER


def test_21B1b_a_call_off_the_card_or_in_words_only_has_no_constraints_to_fit() -> None:
    hand = Hand.from_pbn("AK32.QJ432.32.32")
    assert fits(CARD, "1N", S2, hand) is None
    assert fits(CARD, "1N", H2, hand) is None
    assert fits(CARD, "1N", D2, hand) is True


def judge(explanation: str, *, card: SystemCard | None = CARD, fits_explanation: bool = False,
          alerted: bool = True, other_evidence: str | None = None) -> Explanation:
    verdict, _ = misinformation(card=card, partner_card=card, context="1N", call=D2,
                                explanation=explanation, hand_fits_explanation=fits_explanation, alerted=alerted,
                                other_evidence=other_evidence)
    return verdict


def test_21B1b_without_cards_a_mistaken_explanation_is_presumed() -> None:
    assert judge("transfer to hearts", card=None) is Explanation.MISINFORMATION


def test_21B1b_without_cards_other_evidence_of_the_agreement_makes_it_a_misbid() -> None:
    assert judge("transfer to hearts", card=None, other_evidence="their notes say transfer") is Explanation.MISBID


def test_75C_an_explanation_that_matches_the_card_makes_a_wrong_call_a_misbid() -> None:
    assert judge("transfer to hearts") is Explanation.MISBID


def test_75_an_explanation_the_card_contradicts_is_misinformation() -> None:
    assert judge("natural, diamonds") is Explanation.MISINFORMATION


def test_21B1b_a_hand_that_fits_the_explanation_was_not_misdescribed() -> None:
    assert judge("transfer to hearts", fits_explanation=True) is Explanation.NO_INFRACTION


def test_21B1b_a_call_not_alerted_as_required_is_misinformation_whatever_the_card() -> None:
    assert judge("transfer to hearts", alerted=False) is Explanation.MISINFORMATION
