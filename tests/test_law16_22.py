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
    t.call("S", "1H")
    t.call("N", "P")
    assert [(u.side, u.law) for u in t.state.unauthorised] == [(Side.NS, "16C2")]


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
