"""Laws 35-39: inadmissible double or redouble, player required to pass, bid above seven, call after the end."""

from __future__ import annotations

import pytest

from bridge_director.engine import Table
from bridge_director.errors import IllegalCallError
from bridge_director.laws.law26 import lead_restrictions_in_force
from bridge_director.model import Seat
from bridge_director.table.state import Bar
from tablekit import bars, laws_flagged, table


def test_36B_inadmissible_double_offender_substitutes_partner_passes_throughout() -> None:
    t = table("1H P")
    t.call("S", "X")  # doubling partner
    assert t.ruling.law == "36" and t.ruling.caller is Seat.SOUTH and t.ruling.chooser is None
    with pytest.raises(IllegalCallError):
        t.choose("accept", "W")  # may never be accepted
    t.call("S", "2H")
    assert t.state.auction_text() == "N:1H E:Pass S:2H" and bars(t) == {("N", Bar.PASS_THROUGHOUT)}
    assert laws_flagged(t) == {"72C"}


def test_36A_lho_called_before_rectification_both_cancelled() -> None:
    t = table("1H P")
    t.call("S", "X")
    t.call("W", "1S")
    assert t.state.pending is None and t.state.auction_text() == "N:1H E:Pass" and not t.state.restrictions
    t.call("S", "2H")
    assert t.state.pending is None


def test_36_inadmissible_double_out_of_rotation() -> None:
    t = table("1H")
    t.call("S", "X")  # at East's turn, doubling partner
    assert t.ruling.law == "36" and [o.key for o in t.ruling.options] == ["proceed"]
    t.choose("proceed")
    assert t.state.next_seat is Seat.EAST and bars(t) == {("N", Bar.PASS_THROUGHOUT)}


@pytest.mark.parametrize(("laws", "clause"), [("2017", "36B4"), ("2007", "36B4"), ("1997", "36")])
def test_36B4_out_of_rotation_offender_calls_freely_at_his_turn(laws: str, clause: str) -> None:
    t = table("1H", laws=laws)
    t.call("S", "X")  # at East's turn (South's right-hand opponent), doubling partner
    assert f"(Law {clause})" in t.ruling.text and "South may make any legal call at his own turn" in t.ruling.text
    t.choose("proceed")
    assert [r.law for r in t.state.records] == [clause] and laws_flagged(t) == {"72C" if laws == "2017" else "23"}
    t.call("E", "1S")
    t.call("S", "2H")  # any legal call
    assert t.state.pending is None and bars(t) == {("N", Bar.PASS_THROUGHOUT)}


@pytest.mark.parametrize(("laws", "clause"), [("2017", "36A"), ("1997", "35A")])
def test_36A_out_of_rotation_lho_calls_over_it_no_rectification(laws: str, clause: str) -> None:
    t = table("1H", laws=laws)
    t.call("S", "X")  # at East's turn; West is South's LHO
    t.call("W", "1S")
    assert t.state.pending is None and t.state.auction_text() == "N:1H" and t.state.next_seat is Seat.EAST
    assert not t.state.restrictions and not t.state.lead_restrictions and t.state.records[-1].law == clause


def test_36_28B_out_of_rotation_player_in_turn_calls() -> None:
    t = table("1H")
    t.call("S", "X")
    t.call("E", "1S")  # East, whose turn it was, calls: the double is cancelled with no rectification
    assert t.state.auction_text() == "N:1H E:1S" and not t.state.restrictions
    assert [u.law for u in t.state.unauthorised] == ["16C2"]


def test_36_redouble_without_double_is_inadmissible() -> None:
    t = table("1H")
    t.call("E", "XX")
    assert t.ruling.law == "36"


def test_37A_lho_accepts_call_by_barred_player() -> None:
    t = table("1H")
    t.expose("E", "SK")
    t.choose("proceed")  # West must pass once
    t.auction("1S P")
    t.call("W", "2S")
    assert t.ruling.law == "37" and t.ruling.chooser is Seat.NORTH
    t.choose("accept")
    assert t.state.auction_text().endswith("W:2S") and not t.state.restrictions


def test_37B_call_cancelled_both_pass_throughout() -> None:
    t = table("1H")
    t.expose("E", "SK")
    t.choose("proceed")
    t.auction("1S P")
    t.call("W", "2S")
    text = t.ruling.option("refuse").consequence
    assert "West and East must each pass whenever it is their turn for the rest of the auction" in text
    t.choose("refuse")
    assert t.state.auction_text().endswith("W:Pass")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT), ("E", Bar.PASS_THROUGHOUT)}
    assert t.state.lead_restrictions and laws_flagged(t) == {"72C"}


def test_37A_barred_throughout_stays_barred() -> None:
    t = table("1S")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "3NT")
    t.judge("comparable", "no")
    t.auction("4S")
    t.call("W", "X")
    t.choose("accept")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_38_bid_above_seven_cancelled_both_pass_throughout(laws: str) -> None:
    t = table("7S", laws=laws)
    t.bid_above_seven("E", 8, "H")
    assert t.ruling.law == "38" and [o.key for o in t.ruling.options] == ["proceed"]
    assert "East and West must each pass whenever it is their turn for the rest of the auction" in t.ruling.text
    t.choose("proceed")
    assert t.state.auction_text() == "N:7S E:Pass"
    assert bars(t) == {("E", Bar.PASS_THROUGHOUT), ("W", Bar.PASS_THROUGHOUT)}


def test_39_pass_by_defender_after_final_pass_cancelled_no_rectification() -> None:
    t = table("1H P P P")
    t.call("E", "P")
    assert t.ruling.law == "39"
    t.choose("proceed")
    assert not t.state.lead_restrictions and len(t.state.calls) == 4


def test_39_bid_by_defender_lead_restriction() -> None:
    t = table("1H P P P")
    t.call("W", "2S")
    t.choose("proceed")
    assert len(lead_restrictions_in_force(t.state)) == 1


def test_39_call_by_declarer_side_no_rectification() -> None:
    t = table("1H P P P")
    t.call("S", "2H")
    t.choose("proceed")
    assert not t.state.lead_restrictions and not t.state.unauthorised


def test_seed002_1997_law35_table_required_to_pass_not_accepted() -> None:
    t = table("1C", laws="1997")
    t.call("W", "P")  # pass out of rotation at partner's turn: West passes throughout
    t.choose("refuse")
    t.judge("artificial", "no")
    t.auction("P P")  # East, South
    t.call("W", "1S")
    t.choose("refuse")
    assert bars(t) >= {("W", Bar.PASS_THROUGHOUT), ("E", Bar.PASS_THROUGHOUT)} and laws_flagged(t) >= {"23"}


def test_38_a_bid_of_seven_or_less_is_not_a_bid_above_seven() -> None:
    t = Table(1)
    t.call("N", "1H")
    with pytest.raises(IllegalCallError, match="not above seven") as err:
        t.bid_above_seven("E", 3, "H")
    assert err.value.law == "38" and t.state.pending is None and len(t.log) == 1


@pytest.mark.parametrize(("laws", "clause"), [("2017", "16C2"), ("2007", "16D2"), ("1997", "16C2")])
def test_16C2_cancelled_calls_are_unauthorised_to_the_offending_side_only(laws: str, clause: str) -> None:
    """South's inadmissible double, then West (non-offender) calls over it: both calls are cancelled (36A); what
    West's cancelled call showed is authorised to East-West and unauthorised to North-South."""
    t = table("1H P", laws=laws)
    t.call("S", "X")  # doubling partner: inadmissible
    t.call("W", "1S")
    assert t.state.unauthorised and all(u.side is Seat.SOUTH.side for u in t.state.unauthorised)
    assert {u.law for u in t.state.unauthorised} == {clause}
    assert any("West" in u.source for u in t.state.unauthorised)


def test_16C2_out_of_rotation_inadmissible_double_lho_calls_over_it() -> None:
    t = table("1H")
    t.call("S", "X")  # at East's turn, and inadmissible
    t.call("W", "1S")
    assert {u.side for u in t.state.unauthorised} == {Seat.SOUTH.side}


@pytest.mark.parametrize(("laws", "law"), [("2017", "37A"), ("2007", "37A"), ("1997", "35B")])
def test_37A_lho_calls_over_it_before_the_director_rules(laws: str, law: str) -> None:
    t = table("1H", laws=laws)
    t.expose("E", "SK")
    t.choose("proceed")  # West must pass once (Law 24)
    t.auction("1S P")
    t.call("W", "2S")  # West was required to pass
    assert t.ruling.option("accept").law == law
    t.call("N", "3H")  # North calls over it: both calls stand, nothing more
    assert t.state.auction_text() == "N:1H E:1S S:Pass W:2S N:3H"
    assert t.state.records[-1].law == law and not t.state.restrictions
    assert t.state.next_seat is Seat.EAST and not t.state.lead_restrictions
    assert not any(u.source.endswith("cancelled 2♠") for u in t.state.unauthorised)
    t.auction("P P P")
    assert t.state.contract() is not None and t.state.contract().pbn == "3H"


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_37A_offender_barred_throughout_must_still_pass_after_lho_calls(laws: str) -> None:
    t = table("1S", laws=laws)
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "3NT")
    if t.state.pending is not None:
        t.judge(t.ruling.questions[0].key, "no")
    assert ("W", Bar.PASS_THROUGHOUT) in bars(t)
    t.auction("4S")
    t.call("W", "X")
    t.call("N", "P")  # called over: West's double stands, West stays barred
    assert t.state.auction_text().endswith("S:4S W:X N:Pass")
    assert ("W", Bar.PASS_THROUGHOUT) in bars(t)
    t.auction("P P")
    assert t.state.contract() is not None and t.state.contract().pbn == "4SX"


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_37B_director_called_before_lho_calls_cancels_and_bars_both(laws: str) -> None:
    t = table("1H", laws=laws)
    t.expose("E", "SK")
    t.choose("proceed")
    t.auction("1S P")
    t.call("W", "2S")
    t.choose("refuse")
    assert t.state.auction_text() == "N:1H E:1S S:Pass W:Pass"
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT), ("E", Bar.PASS_THROUGHOUT)}
    assert t.state.records[-1].law == "37B"
    t.auction("2H")
    t.call("E", "2S")  # East too is barred now: Law 37 again
    assert t.ruling.law == "37" and t.ruling.offender is Seat.EAST


@pytest.mark.parametrize(("laws", "law"), [("2017", "37A"), ("2007", "37A"), ("1997", "35B")])
def test_37A_insufficient_bid_by_barred_player_stands_when_lho_calls_27A1(laws: str, law: str) -> None:
    t = table("1H", laws=laws)
    t.expose("E", "SK")
    t.choose("proceed")  # West must pass once (Law 24)
    t.auction("1S P")
    t.call("W", "1D")  # barred, and insufficient too
    assert t.ruling.law == "37"
    t.call("N", "2H")  # North calls over it: 1D stands, accepted as insufficient (27A1)
    assert t.state.pending is None
    assert t.state.auction_text() == "N:1H E:1S S:Pass W:1D N:2H"
    assert [r.law for r in t.state.records[-2:]] == [law, "27A"]
    assert not t.state.restrictions


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_37A_accepted_insufficient_bid_then_goes_to_law_27(laws: str) -> None:
    t = table("1H", laws=laws)
    t.expose("E", "SK")
    t.choose("proceed")
    t.auction("1S P")
    t.call("W", "1D")
    t.choose("accept", "N")  # the breach of Law 24's pass is condoned; the bid is still insufficient
    assert t.ruling.law.startswith("27") and t.ruling.chooser is Seat.NORTH
    t.choose("accept", "N")
    assert t.state.auction_text() == "N:1H E:1S S:Pass W:1D" and t.state.next_seat is Seat.NORTH


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_37A_insufficient_bid_by_player_barred_throughout_stays_barred(laws: str) -> None:
    t = table("1S", laws=laws)
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "3NT")
    if t.state.pending is not None:
        t.judge(t.ruling.questions[0].key, "no")
    assert ("W", Bar.PASS_THROUGHOUT) in bars(t)
    t.auction("4S")
    t.call("W", "4H")  # barred and insufficient
    t.call("N", "4NT")  # called over: 4H stands (27A1), West stays barred
    assert t.state.auction_text().endswith("S:4S W:4H N:4NT")
    assert ("W", Bar.PASS_THROUGHOUT) in bars(t)
