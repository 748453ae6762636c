"""Seed 003 (UK club guide, 2007 Laws): the judgement examples ("ethical rulings"), each driven through the table
engine to the outcome the guide states.  Lines are the seed file's; see ``docs/seed-examples.md``, section
"Judgement, not mechanical".
"""

from __future__ import annotations

import pytest

from bridge_director.cards.card_file import loads
from bridge_director.cards.model import TableCards
from bridge_director.club.decisions import NoAdjustment, Weighted, decision_from_json
from bridge_director.engine import Table
from bridge_director.errors import BridgeError
from bridge_director.laws import describe
from bridge_director.laws.law42_47 import DummyAct
from bridge_director.model import Card, Seat
from bridge_director.table.events import Explanation, Hesitation, Judgement
from bridge_director.table.play import RevokeCorrected
from bridge_director.table.summary import board_summary
from judgekit import claimed, judge, ns, play, review
from playkit import table as play_table

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST












# ===== line 4: "3NT would have been bid and made" ================================================================
#: North 15-17 notrump; East's 2D shows both majors by EW's card; South's seven diamonds make 3NT
MAJORS = TableCards(ew=loads('{"system": "t", "contexts": {"(1N)": {"2D": {"shows": "spades 5+, hearts 5+", '
                             '"text": "both majors"}}}}'))
THREE_NT = "N:AQ3.KJ4.A52.Q863 KJT87.AQ987..KJ9 92.T3.KQJ9763.A4 654.652.T84.T752"


def test_21B_seed003_line4_not_bid_for_misinformation_given_3NT_made() -> None:
    """Line 4: the director finds the complaint founded (West explained East's 2D as natural; the card says both
    majors), has the hand played out and, the non-offenders damaged, gives them 3NT made: 2H by West (-110)
    becomes +400."""
    t = Table(1, deal=THREE_NT, laws="2007", cards=MAJORS)
    t.auction("1NT 2D")
    t.do(Explanation(W, 2, "natural, diamonds", S, True, t.laws))
    t.auction("P 2H P P P")
    assert any(f.law == "20F5(b)" for f in t.state.flags)  # the declaring side should have corrected it
    claimed(play(t, "SA"), 8)
    assert board_summary(t.state).score_ns == -110
    review(t, "21B", E, 2)
    assert "the system card says: spades 5+, hearts 5+ (both majors)" in describe(t.state.pending, t.state).text
    judge(t, ("agreement", "not as explained"), ("damage", "yes"), ("score", "3NT N 9"))
    assert ns(t, 1) == 400


QUESTION_DEAL = "N:K32.T3.AQJ76.K54 Q765.5.9542.AJ76 AJ4.A8642.K3.Q32 T98.KQJ97.T8.T98"


def test_16B_seed003_line4_went_down_on_unauthorised_information_given_3NT_made() -> None:
    """Line 4, the other half: 3NT was bid but went down because East's lead was suggested by West's slow pass over
    3NT; the director gives NS 3NT made."""
    t = Table(1, deal=QUESTION_DEAL, laws="2007")
    t.auction("1D P 1H P 1NT P 3NT")
    t.do(Hesitation(W, laws=t.laws))
    t.auction("P P P")
    claimed(play(t, "H5"), 8)
    review(t, "16B", E)
    judge(t, ("card", "H5"), ("ui", "yes"), ("suggests", "H5"), ("alternatives", "la: S5, D2"), ("damage", "yes"),
          ("score", "3NT N 9"))
    assert ns(t, 1) == 400


# ===== lines 9-11: assigned and weighted scores ====================================================================
def _huddle() -> Table:
    """1S by North, 4H by East, South's slow pass, West passes, North bids 4S, all pass."""
    t = Table(1, laws="2007")
    t.auction("1S 4H")
    t.do(Hesitation(S, laws=t.laws))
    t.auction("P P 4S P P P")
    review(t, "16B", N, 5)
    return judge(t, ("ui", "yes"), ("suggests", "action"), ("alternatives", "la: Pass"))


def test_12C1_seed003_line9_assigned_score_the_better_result_the_damaged_side_was_likely_to_get() -> None:
    """Line 9: an assigned adjusted score changes the damaged pair's score to the better one they were likely to
    make without the infringement: 4H by East made."""
    t = judge(_huddle(), ("damage", "yes"), ("score", "4H E 10"))
    assert ns(t, 1) == -420


def test_12C1c_seed003_line11_weighted_score_when_two_real_results_were_possible() -> None:
    """Line 11: a weighted score when two or more real scores were possible: half 4H made, half one down."""
    t = judge(_huddle(), ("damage", "yes"), ("score", "50% 4H E 10; 50% 4H E 9"))
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, Weighted)
    assert [(s.ns_score(1), w) for s, w in decision.outcomes] == [(-420, 50.0), (50, 50.0)]


def test_12_seed003_line10_no_changed_score_in_the_wrong_circumstances() -> None:
    """Line 10: the director cannot change the score without damage: the review ends with the table result and a
    score entered afterwards is refused."""
    t = judge(_huddle(), ("damage", "no"))
    assert isinstance(decision_from_json(t.state.adjusted[-1].to_json()), NoAdjustment)
    with pytest.raises(BridgeError, match="no ruling is pending"):
        t.do(Judgement("score", "4H E 10"))


# ===== line 18: damage from unauthorised information after an insufficient bid ====================================
IB_DEAL = "N:A5.K96.AQJ7.9432 QJT98.2.986.AKQJ K32.AQJ87.K54.87 764.T543.T32.T65"


def test_16D_seed003_line18_withdrawn_1C_suggests_the_club_lead_score_changed() -> None:
    """Line 18: (1D) 1C insufficient, not accepted, replaced by 1S: West passes throughout and the withdrawn 1C is
    unauthorised to him.  Declarer imposes no lead restriction; West leads a club, suggested over a spade: 4H one
    down becomes 4H made."""
    t = Table(1, deal=IB_DEAL, laws="2007")
    t.auction("1D")
    t.call(E, "1C")
    t.choose("refuse")
    t.call(E, "1S")
    t.judge("more_precise", "no")
    t.auction("2H P 3H P 4H P P P")
    t.judge("specified_suits", "C")
    t.judge("legal_suits", "S")
    t.choose("none", S)  # Law 26: declarer neither requires nor forbids a club lead
    claimed(play(t, "CT"), 9)
    assert board_summary(t.state).score_ns == -50
    review(t, "16D", W)
    judge(t, ("card", "CT"))
    assert "East's withdrawn 1♣" in describe(t.state.pending, t.state).text
    judge(t, ("ui", "yes"), ("suggests", "CT"), ("alternatives", "poll: S7 | CT, S7 | S7 | CT | S7"),
          ("damage", "yes"), ("score", "4H S 10"))
    assert ns(t, 1) == 420


# ===== line 37: the offender regains the lead after a lead out of turn ============================================
def _forbidden_hearts() -> Table:
    """1S by South (seed 003's lead-out-of-turn deal): East leads the HJ out of turn; declarer forbids hearts to
    West, the card goes back into East's hand; East wins the first trick and leads the HJ."""
    t = play_table(laws="2007")
    play(t, "HJ")
    t.choose("forbid")
    play(t, "D8 D2 DA D9 HJ H3 H4 HA")  # dummy wins the heart
    return claimed(t, 9)  # ten tricks in all: 1S+3


def test_16D_seed003_line37_offender_switches_to_the_initial_suit_without_a_bridge_reason_adjusted() -> None:
    """Line 37: when declarer required or forbade the suit and the offender regains the lead, he needs a good bridge
    reason to switch to it; without one (cashing his diamonds was the alternative) the score is adjusted."""
    t = _forbidden_hearts()
    assert board_summary(t.state).score_ns == 170
    review(t, "16D", E)
    judge(t, ("card", "HJ"))
    assert "East's ♥J, led out of turn and picked up" in describe(t.state.pending, t.state).text
    judge(t, ("ui", "yes"), ("suggests", "HJ"), ("alternatives", "la: DK, CA"), ("damage", "yes"),
          ("score", "1S S 11"))
    assert ns(t, 1) == 200


def test_16D_seed003_line37_with_a_good_bridge_reason_the_switch_stands() -> None:
    """The same switch with a good bridge reason (every peer leads the heart: no logical alternative): the table
    result stands."""
    t = _forbidden_hearts()
    table = board_summary(t.state).score_ns
    review(t, "16D", E)
    judge(t, ("card", "HJ"), ("ui", "yes"), ("suggests", "HJ"), ("alternatives", "la: none"))
    assert t.state.adjusted[-1].kind == "none" and board_summary(t.state).score_ns == table


# ===== line 47: the revoke penalty does not restore equity =========================================================
def test_64C_seed003_line47_revoke_penalty_insufficient_director_restores_equity() -> None:
    """Line 47: declarer ruffs the heart lead while holding one, draws trumps and cashes his hearts: nine tricks,
    seven after the two-trick transfer (1S made, +80).  Without the revoke East wins the first trick and the
    defence cashes its clubs and diamonds: the transfer is insufficient and the director restores equity, 1S
    three down."""
    t = play_table(laws="2007")
    play(t, "H7 H2 HJ S9")  # South ruffs holding the heart three
    play(t, "SA S6 S2 S5 SK S7 S3 CT SQ S8 S4 CJ")
    claimed(t, 5)
    t.choose("apply")
    summary = board_summary(t.state)
    assert (summary.tricks_at_table, summary.final_tricks, summary.score_ns) == (9, 7, 80)
    review(t, "64C", S)
    assert "64C" in {f.law for f in t.state.flags}
    judge(t, ("equity", "yes"), ("score", "1S S 4"))
    assert ns(t, 1) == -150


# ===== line 49: dummy asks a defender whether he revoked ===========================================================
def test_43A1b_seed003_line49_dummy_asks_a_defender_the_director_adjusts() -> None:
    """Lines 48-49: dummy asking a defender "have you revoked?" is illegal, unauthorised help to declarer: the
    revoke is corrected before it is established (a penalty card, no transfer) and the director adjusts to the
    result with the revoke established."""
    t = play_table(laws="2007")
    play(t, "D6 D2 CT")  # East discards a club on a diamond
    t.do(DummyAct("ask-defender", False, t.laws))
    assert "43B1" in {f.law for f in t.state.flags}
    t.do(RevokeCorrected(E, Card.parse("DA"), t.laws))
    review(t, "43B1", N)
    assert "dummy asked a defender" in describe(t.state.pending, t.state).text
    judge(t, ("equity", "yes"), ("score", "1S S 9"))
    assert ns(t, 1) == 140
