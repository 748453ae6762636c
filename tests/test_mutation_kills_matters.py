"""Judgement matters on the director's timeline (laws.matters; Laws 16B, 20F, 21B, 73, 85, 12B1): each fact found at
the table stays an open matter until a review rules on it or waits for the end of the hand; the board is over when
passed out or played out; a waiting review hides only its own side's matters."""

from __future__ import annotations

from bridge_director.engine import Table
from bridge_director.laws.matters import Matter, board_over, later_text, plays_on
from bridge_director.model import Seat
from bridge_director.table.events import Explanation, ExplanationCorrected, Remark
from playkit import DEAL, play_out

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
LATER = (" (The board is not over: answer 'later' to let the table play on; the review waits, with its answers, and is "
         "taken up at the end of the hand by the same review.)")


def board(auction: str = "P 1C 1S") -> Table:
    t = Table(None, dealer="N", vulnerability="None", deal=DEAL)
    t.auction(auction)
    return t


def test_73B1_a_remark_and_a_gesture_are_matters_of_unauthorised_information_to_partner() -> None:
    t = board()
    t.do(Remark(W, "I had a problem"))
    t.do(Remark(E, "a shrug", True))
    t.auction("2C")
    remark, gesture = t.matters
    assert remark == Matter("remark", E, "16B", None, "West's remark (after call 3): \"I had a problem\": unauthorised "
                            "information to East?", False)
    assert gesture.to_json() == {
        "kind": "gesture", "seat": "W", "law": "16B", "call_no": 4,
        "text": "East's gesture (after call 3): \"a shrug\": unauthorised information to West?", "now": False,
        "waiting": False, "command": "review 16B W 4"}
    assert gesture.describe() == ("East's gesture (after call 3): \"a shrug\": unauthorised information to West? "
                                  "(director to be called back at the end of the hand: review 16B W 4)")


def test_20F_an_explanation_is_no_matter_its_correction_of_the_last_call_is() -> None:
    t = board()
    t.do(Explanation(N, 3, "weak, six spades", E, True, t.laws))
    assert t.matters == ()
    t.do(ExplanationCorrected(N, t.laws, 3, "natural"))
    [matter] = t.matters
    assert matter.to_json() == {
        "kind": "explanation corrected", "seat": "S", "law": "21B", "call_no": 3,
        "text": "North's corrected explanation of call 3 (after call 3): \"natural\": misinformation to West's side?",
        "now": False, "waiting": False, "command": "review 21B S 3"}


def test_73A2_an_ordinary_pause_is_skipped_and_the_next_fact_still_counts() -> None:
    t = board()
    t.hesitate("W", skip_warning=True, seconds=3, unusual=False)
    t.do(Remark(W, "sorry"))
    assert [(m.kind, m.seat) for m in t.matters] == [("remark", E)]


def test_16B_a_review_waiting_for_one_side_hides_only_that_side_s_matters() -> None:
    """North's break in tempo is under review (put aside) for South's 2♠; West's later remark is a matter for East."""
    t = board("P 1C 1S 2C P")
    t.hesitate("N", skip_warning=False, seconds=20, unusual=True)
    t.auction("P 2S")
    t.review("16B", "S", 7)
    t.judge("ui", "yes")
    t.later()
    t.do(Remark(W, "hmm"))
    t.auction("P P P")
    assert [(m.kind, m.seat, m.law, m.call_no, m.waiting) for m in t.matters] == [
        ("review waiting", S, "16B", 7, True), ("remark", E, "16B", 10, False)]


def test_21B_a_correction_under_review_is_skipped_and_a_later_remark_still_counts() -> None:
    t = board()
    t.do(Explanation(N, 3, "weak, six spades", E, True, t.laws))
    t.auction("2C P P P")
    t.do(ExplanationCorrected(S, t.laws, 3, "natural overcall, 8-16"))
    t.review("21B", "S", 3)
    t.judge("agreement", "not as explained")
    t.do(Remark(E, "that was not what I was told"))
    assert [(m.kind, m.seat, m.law) for m in t.matters] == [("review waiting", S, "21B"), ("remark", W, "16B")]


def test_12B1_a_passed_out_board_is_over_and_waits_for_nothing() -> None:
    t = board("P P P P")
    assert board_over(t.state) and not plays_on(t.state) and later_text(t.state) == ""


def test_12B1_a_board_being_played_is_not_over_and_says_so() -> None:
    t = board("P 1C 1S 2C P P P")
    assert not board_over(t.state) and plays_on(t.state) and later_text(t.state) == LATER
    play_out(t)
    assert board_over(t.state) and later_text(t.state) == ""


def test_12B1_without_the_deal_there_is_no_play_to_wait_for() -> None:
    t = Table(None, dealer="N")
    t.auction("P 1C 1S")
    assert not plays_on(t.state) and later_text(t.state) == ""
