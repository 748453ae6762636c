"""Laws 28-34: calls out of rotation by position and edition, with the seeds' tables (002: 1997, 003: 2007)."""

from __future__ import annotations

import pytest

from bridge_director.engine import Table
from bridge_director.errors import IllegalCallError
from bridge_director.model import Seat
from bridge_director.table.state import Bar
from tablekit import bars, contract, laws_flagged, table


def oor(auction: str, seat: str, call: str, laws: str = "2017", dealer: str = "N"):  # type: ignore[no-untyped-def]
    t = table(auction, dealer, laws)
    t.call(seat, call)
    assert t.ruling is not None and t.ruling.law == "29", t.ruling
    return t


def refused(auction: str, seat: str, call: str, laws: str = "2017", artificial: str | None = "no"):  # type: ignore[no-untyped-def]
    t = oor(auction, seat, call, laws)
    t.choose("refuse")
    if call in ("P", "Pass") and artificial is not None and t.state.pending is not None:
        t.judge("artificial", artificial)
    return t


# ----- 28, 29 ---------------------------------------------------------------------------------------
def test_29A_lho_accepts_by_choice() -> None:
    t = oor("", "E", "1H")
    assert t.ruling.chooser is Seat.SOUTH
    t.choose("accept")
    assert t.state.auction_text() == "E:1H" and t.state.next_seat is Seat.SOUTH


def test_29A_call_by_lho_accepts() -> None:
    t = oor("", "E", "1H")
    t.call("S", "1S")
    assert t.state.auction_text() == "E:1H S:1S" and not t.state.restrictions


def test_28B_call_by_the_player_in_turn_cancels_and_is_unauthorised() -> None:
    t = oor("", "E", "1H")
    t.call("N", "1S")
    assert t.state.auction_text() == "N:1S" and t.state.pending is None
    assert [u.law for u in t.state.unauthorised] == ["16C2"] and not t.state.restrictions


def test_28A_call_at_rho_turn_when_rho_must_pass_is_in_rotation() -> None:
    t = table("1S")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "3NT")
    t.judge("comparable", "no")  # West passes throughout
    t.auction("P")  # South
    t.call("N", "4S")  # at West's turn: West must pass, so North's bid is in rotation
    assert t.state.auction_text() == "N:1S E:3NT S:Pass W:Pass N:4S" and t.state.pending is None


def test_29_only_listed_choices() -> None:
    t = oor("", "E", "1H")
    with pytest.raises(IllegalCallError) as err:
        t.call("W", "1S")
    assert err.value.law == "29"


# ----- 30 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_30A_pass_at_rho_turn_offender_passes_once(laws: str) -> None:
    t = refused("1H", "S", "P", laws)  # East's turn; South's RHO is East
    assert bars(t) == {("S", Bar.PASS_ONCE)} and t.state.next_seat is Seat.EAST
    t.auction("1S")
    t.call("S", "P")
    assert not t.state.restrictions


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_30A_2007_1997_pass_before_any_bid_pass_once(laws: str) -> None:
    t = refused("", "S", "P", laws)  # partner's turn, nobody has bid
    assert bars(t) == {("S", Bar.PASS_ONCE)}


def test_30B1_2017_partner_free_then_comparable_pass_nothing_more() -> None:
    t = refused("", "S", "P")
    assert not t.state.restrictions
    t.auction("1H P")
    t.call("S", "P")
    assert t.ruling.questions[0].key == "comparable"
    t.judge("comparable", "yes")
    assert not t.state.restrictions and laws_flagged(t) == {"23C"}


def test_30B1_2017_not_comparable_partner_passes_once() -> None:
    t = refused("", "S", "P")
    t.auction("1H P")
    t.call("S", "2H")
    t.judge("comparable", "no")
    assert bars(t) == {("N", Bar.PASS_ONCE)} and t.state.lead_restrictions and laws_flagged(t) == {"72C"}


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_30B1_offender_passes_throughout_partner_may_not_double(laws: str) -> None:
    t = refused("1H", "W", "P", laws)  # East's turn; West is East's partner
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT), ("E", Bar.NO_DOUBLE_ONCE)}
    t.call("E", "X")
    assert t.ruling.law == "37"


@pytest.mark.parametrize(("laws", "test"), [
    ("2007", "could have been aware when making the irregular call that it could well damage the other side"),
    ("1997", "could have known when making the irregular call that the enforced pass was likely to damage the other "
             "side")])
def test_30B1_the_pass_throughout_is_flagged_under_law_23_in_the_edition_s_words(laws: str, test: str) -> None:
    """2007 Law 23: the offender 'could have been aware ... that this could well damage the non-offending side';
    1997 Law 23: he 'could have known ... that the enforced pass would be likely to damage' it."""
    t = refused("1H", "W", "P", laws)
    assert [(f.law, f.side.value, f.text) for f in t.state.flags] == [
        ("23", "EW", f"if the director judges that West {test}, he will adjust the score (Law 23)")]


def test_30C_artificial_pass_is_ruled_as_a_bid() -> None:
    t = refused("1H", "W", "P", "2007", artificial="yes")
    assert bars(t) == {("E", Bar.PASS_THROUGHOUT)}


def test_30B2_pass_at_lho_turn_is_a_change_of_call() -> None:
    t = oor("1H P 1S", "S", "P")  # West's turn; South's LHO is West and South has called
    t.choose("refuse")
    assert t.ruling.law == "25"


# ----- 31 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_31A1_rho_passes_offender_must_repeat(laws: str) -> None:
    t = refused("", "E", "1H", laws)  # North's turn; East's RHO is North
    t.call("N", "P")
    assert bars(t) == {("E", Bar.REPEAT)}
    with pytest.raises(IllegalCallError) as err:
        t.call("E", "1S")
    assert err.value.law == "31A1"
    t.call("E", "1H")
    assert t.state.pending is None and not t.state.restrictions and not t.state.lead_restrictions


def test_31A2_2017_rho_bids_comparable_no_rectification() -> None:
    t = refused("", "E", "1H")
    t.call("N", "1S")
    t.call("E", "2H")
    t.judge("comparable", "yes")
    assert not t.state.restrictions


def test_31A2_2017_not_comparable_partner_passes_once() -> None:
    t = refused("", "E", "1H")
    t.call("N", "1S")
    t.call("E", "P")
    t.judge("comparable", "no")
    assert bars(t) == {("W", Bar.PASS_ONCE)}


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_31A2a_repeats_denomination_partner_passes_once(laws: str) -> None:
    t = refused("", "E", "1H", laws)
    t.call("N", "1S")
    t.call("E", "2H")
    assert t.ruling.questions[0].key == "same_denomination" and t.ruling.questions[0].law == "29C"
    t.judge("same_denomination", "yes")
    assert bars(t) == {("W", Bar.PASS_ONCE)} and not t.state.lead_restrictions


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_29C_artificial_bid_out_of_rotation_denomination_specified(laws: str) -> None:
    t = refused("", "E", "2C", laws)  # at North's turn: East's 2C out of rotation was artificial (majors)
    t.call("N", "1S")
    t.call("E", "2C")  # the same bid, but it no longer shows the majors: not the denomination(s) specified
    t.judge("same_denomination", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)} and t.state.lead_restrictions


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_31A2b_other_call_partner_passes_throughout(laws: str) -> None:
    t = refused("", "E", "1H", laws)
    t.call("N", "1S")
    t.call("E", "X")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)} and t.state.lead_restrictions


def test_31B_2017_partner_calls_freely_then_comparable_check() -> None:
    t = refused("", "S", "1NT")  # North's turn: South's partner
    assert not t.state.restrictions
    t.auction("1D P")
    t.call("S", "3NT")
    t.judge("comparable", "no")
    assert bars(t) == {("N", Bar.PASS_ONCE)}


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_31B_partner_passes_throughout(laws: str) -> None:
    t = refused("", "S", "1NT", laws)
    assert bars(t) == {("N", Bar.PASS_THROUGHOUT)} and t.state.lead_restrictions
    t.call("N", "P")
    assert t.state.pending is None


def test_31B_at_lho_turn_offender_has_not_called() -> None:
    t = refused("", "W", "1S", "2007")  # North (dealer) is West's LHO; West has not called
    assert bars(t) == {("E", Bar.PASS_THROUGHOUT)}


def test_31C_later_bid_at_lho_turn_is_a_change_of_call() -> None:
    t = oor("1H P 1S", "S", "2S")
    t.choose("refuse")
    assert t.ruling.law == "25"


# ----- 32 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_32A1_rho_passes_offender_repeats_double(laws: str) -> None:
    t = refused("1H P", "W", "X", laws)  # South's turn; West's RHO is South
    t.call("S", "P")
    t.call("W", "X")
    assert not t.state.restrictions and t.state.pending is None


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_32A2_rho_bids_partner_passes_throughout(laws: str) -> None:
    t = refused("1H P", "W", "X", laws)
    t.call("S", "2H")
    t.call("W", "P")
    assert bars(t) == {("E", Bar.PASS_THROUGHOUT)}


def test_32A2_2017_rho_bids_comparable_call() -> None:
    t = refused("1H P", "W", "X")
    t.call("S", "2H")
    t.call("W", "X")
    t.judge("comparable", "yes")
    assert not t.state.restrictions


def test_32B_2017_partner_calls_freely() -> None:
    t = refused("1H", "W", "X")  # East's turn
    t.call("E", "1S")
    assert t.state.pending is None and not t.state.restrictions
    t.auction("P")
    t.call("W", "P")
    t.judge("comparable", "no")
    assert bars(t) == {("E", Bar.PASS_ONCE)}


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_32B_partner_passes_throughout(laws: str) -> None:
    t = refused("1H", "W", "X", laws)
    assert bars(t) == {("E", Bar.PASS_THROUGHOUT)}


# ----- 33, 34 ---------------------------------------------------------------------------------------
def test_33_simultaneous_call_is_deemed_subsequent() -> None:
    t = table("1H")
    t.call("E", "1S")  # the call in turn is recorded first
    t.call("S", "2H")  # simultaneous with it: now in rotation, legal
    assert t.state.pending is None and t.state.auction_text() == "N:1H E:1S S:2H"


def test_33_simultaneous_insufficient_call_can_be_accepted() -> None:
    t = table("1H")
    t.call("E", "1S")
    t.call("S", "1D")
    assert t.ruling.law == "27" and t.ruling.chooser is Seat.WEST


def test_34_skipped_player_keeps_the_right_to_call() -> None:
    t = table("1H")
    t.call("W", "P")  # at East's turn (West's partner)
    t.choose("accept")  # North accepts
    t.auction("P")  # North
    t.call("E", "P")
    assert not t.state.auction_over and t.state.next_seat is Seat.SOUTH
    t.auction("P")
    assert t.state.auction_over and contract(t) == "1H N"


def test_34_opening_passes_out_of_rotation_do_not_pass_the_board_out() -> None:
    t = table()
    t.call("E", "P")
    t.choose("accept")
    t.auction("P P")  # South, West
    assert not t.state.auction_over and t.state.next_seat is Seat.NORTH


# ----- seed 002 (1997) and 003 (2007) tables ---------------------------------------------------------
def test_seed002_pass_oor_after_bid_at_partners_turn_1997() -> None:
    t = refused("1C", "W", "P", "1997")
    assert ("W", Bar.PASS_THROUGHOUT) in bars(t) and ("E", Bar.NO_DOUBLE_ONCE) in bars(t)
    assert laws_flagged(t) == {"23"}


def test_seed002_bid_oor_at_rho_turn_rho_acts_repeat_denomination_1997() -> None:
    t = refused("1C", "S", "1H", "1997")  # East's turn, South's RHO
    t.call("E", "1S")
    t.call("S", "2H")
    t.judge("same_denomination", "yes")
    assert bars(t) == {("N", Bar.PASS_ONCE)}


def test_seed003_bid_oor_at_partners_turn_2007() -> None:
    t = refused("1C", "W", "1H", "2007")
    assert bars(t) == {("E", Bar.PASS_THROUGHOUT)}
    t.call("E", "P")
    t.call("S", "P")
    t.call("W", "2D")
    assert t.state.pending is None


def test_seed003_double_oor_at_rho_turn_rho_bids_2007() -> None:
    t = refused("1H P", "W", "X", "2007")
    t.call("S", "1NT")
    t.call("W", "2D")
    assert bars(t) == {("E", Bar.PASS_THROUGHOUT)}


def test_32_the_script_names_a_double_out_of_rotation_plainly() -> None:
    t = Table(1, dealer="N")
    t.call("N", "1H")
    t.call("W", "X")  # East's turn: an admissible double out of rotation
    first = t.ruling.text.splitlines()[0]
    assert first.startswith("North, West has made a double out of rotation, at East's turn (Law 32")
    assert "of double" not in t.ruling.text
