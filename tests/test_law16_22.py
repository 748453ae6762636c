"""Laws 16C and 17-22: information from withdrawn calls, the auction period, bids, doubles, the end."""

from __future__ import annotations

from bridge_director.model import Seat, Side
from tablekit import contract, table


def test_16C1_withdrawn_call_unauthorised_to_offending_side_only() -> None:
    t = table("1S")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "4H")
    t.judge("comparable", "no")
    assert [(u.side, u.law) for u in t.state.unauthorised] == [(Side.EW, "16C")]


def test_16C2_call_out_of_rotation_cancelled_by_call_in_turn() -> None:
    t = table("")
    t.call("E", "1H")  # at North's turn: North is East's right-hand opponent (Law 28B: an opponent)
    t.call("N", "P")
    assert [(u.side, u.law) for u in t.state.unauthorised] == [(Side.EW, "16C2")]


def test_16C_not_applied_after_27B1() -> None:
    t = table("1S")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "2H")
    t.judge("same_denomination", "yes")
    assert not t.state.unauthorised


def test_16C3_adjustment_flag_after_an_enforced_pass() -> None:
    t = table("1H")
    t.call("W", "1S")  # out of rotation at partner's turn (2017 31B)
    t.choose("refuse")
    t.auction("P P")
    t.call("W", "2S")
    t.judge("comparable", "no")
    assert {f.law for f in t.state.flags} == {"72C"} and t.state.unauthorised


def test_17B_dealer_calls_first() -> None:
    assert table("", dealer="E").state.next_seat is Seat.EAST


def test_17C_rotation_clockwise() -> None:
    t = table("P 1H", dealer="W")
    assert t.state.next_seat is Seat.EAST


def test_18_sufficient_bid_and_19_double_of_opponent() -> None:
    t = table("1NT 2C X XX")
    assert t.state.pending is None and t.state.auction_text() == "N:1NT E:2C S:X W:XX"


def test_22A_passed_out() -> None:
    assert table("P P P P").state.passed_out


def test_22B_contract_after_three_passes() -> None:
    assert contract(table("1C P 1H P 4H P P P")) == "4H S"


# ----- 20: review and explanation ----------------------------------------------------------------------
def test_20B_review_at_own_turn_recorded_without_flag() -> None:
    from bridge_director.table.events import ReviewRequested
    t = table("1H")
    t.do(ReviewRequested(Seat.EAST))
    assert t.state.records[-1].law == "20B" and not t.state.flags and t.state.pending is None


def test_20B_review_out_of_turn_recorded_and_flagged() -> None:
    from bridge_director.table.events import ReviewRequested
    t = table("1H")
    t.do(ReviewRequested(Seat.WEST))  # not West's turn
    assert "not his turn" in t.state.records[-1].outcome and {f.law for f in t.state.flags} == {"16B"}


def test_20B_review_by_a_player_required_to_pass() -> None:
    from bridge_director.table.events import ReviewRequested
    t = table("1S")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "3H")
    t.judge("comparable", "no")
    t.auction("P")
    t.do(ReviewRequested(Seat.WEST))  # West must pass throughout
    assert "required to pass" in t.state.records[-1].outcome


def test_20F5_corrected_explanation_opens_21B1_for_the_opponents() -> None:
    from bridge_director.table.events import ExplanationCorrected
    t = table("1NT P 2D P")  # North explained South's 2D wrongly; East has passed since
    t.do(ExplanationCorrected(Seat.NORTH))
    r = t.state.records[-1]
    assert r.law == "20F5" and "West may change his pass" in r.outcome and "East" not in r.outcome
    assert {f.law for f in t.state.flags} == {"21B3"}
    t.change("W", "X")
    t.judge("nature", "misinformation")
    t.judge("influenced", "yes")  # 21B1(a)
    assert t.state.auction_text().endswith("W:X") and t.state.pending is None


def test_20_events_round_trip_in_the_log() -> None:
    from bridge_director.engine.log import dumps, loads
    from bridge_director.table.events import ExplanationCorrected, ReviewRequested
    t = table("1H")
    t.do(ReviewRequested(Seat.WEST))
    t.do(ExplanationCorrected(Seat.NORTH))
    assert loads(dumps(t)).state == t.state
