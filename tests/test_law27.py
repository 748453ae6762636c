"""Law 27, the insufficient bid, clause by clause and by edition, with every case of the seeds."""

from __future__ import annotations

import pytest

from bridge_director.errors import IllegalCallError
from bridge_director.model import Seat
from bridge_director.table.state import Bar
from tablekit import bars, contract, laws_flagged, table


def ib(auction: str, seat: str, bid: str, dealer: str = "N", laws: str = "2017"):  # type: ignore[no-untyped-def]
    t = table(auction, dealer, laws)
    t.call(seat, bid)
    assert t.ruling is not None and t.ruling.irregularity == "Insufficient bid"
    return t


def test_27_detected_with_lho_choosing() -> None:
    t = ib("1S", "E", "1H")
    assert t.ruling.chooser is Seat.SOUTH and t.ruling.law == "27"
    assert [o.key for o in t.ruling.options] == ["accept", "refuse"]


def test_27A1_lho_accepts_by_choice() -> None:
    t = ib("1S", "E", "1H")
    t.choose("accept", "S")
    assert t.state.pending is None and t.state.auction_text() == "N:1S E:1H"
    assert t.state.next_seat is Seat.SOUTH and not t.state.restrictions


def test_27A1_any_call_by_lho_accepts() -> None:
    t = ib("1S", "E", "1H")
    t.call("S", "2H")  # sufficient over the accepted 1H
    assert t.state.auction_text() == "N:1S E:1H S:2H" and t.state.pending is None


def test_27A1_accepted_bid_sets_the_level() -> None:
    t = ib("1S", "E", "1H")
    t.choose("accept")
    t.auction("P P P")
    assert contract(t) == "1H E"


def test_27_only_listed_choices_are_accepted() -> None:
    t = ib("1S", "E", "1H")
    with pytest.raises(IllegalCallError) as err:
        t.call("W", "2H")
    assert err.value.law == "27"
    with pytest.raises(IllegalCallError):
        t.choose("accept", "N")  # only South may accept
    with pytest.raises(IllegalCallError):
        t.judge("comparable", "yes")


def test_27B1a_2017_same_denomination_no_rectification() -> None:
    t = ib("1S", "E", "1H")
    t.choose("refuse")
    assert t.ruling.caller is Seat.EAST
    t.call("E", "2H")
    assert t.ruling.questions[0].key == "same_denomination"
    t.judge("same_denomination", "yes")
    assert t.state.pending is None and not t.state.restrictions and not t.state.lead_restrictions
    assert laws_flagged(t) == {"27D"}
    assert not t.state.unauthorised  # 16C does not apply after B1


def test_27B1b_2017_comparable_call_no_rectification() -> None:
    t = ib("1S", "E", "1H")
    t.choose("refuse")
    t.call("E", "3H")
    assert t.ruling.questions[0].key == "comparable"
    t.judge("comparable", "yes")
    assert not t.state.restrictions and laws_flagged(t) == {"27D"}


def test_27B1b_2017_double_may_be_comparable() -> None:
    t = ib("1S", "E", "1H")
    t.choose("refuse")
    t.call("E", "X")
    t.judge("comparable", "yes")
    assert t.state.auction_text() == "N:1S E:X" and not t.state.restrictions


def test_27B1a_not_same_denomination_then_comparable_asked() -> None:
    t = ib("1S", "E", "1H")
    t.choose("refuse")
    t.call("E", "2H")
    t.judge("same_denomination", "no")
    assert t.ruling.questions[0].key == "comparable"
    t.judge("comparable", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


def test_27B2_partner_passes_throughout() -> None:
    t = ib("1S", "E", "1H")
    t.choose("refuse")
    t.call("E", "3NT")
    t.judge("comparable", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}
    assert laws_flagged(t) == {"72C"} and t.state.lead_restrictions
    assert t.state.unauthorised[0].side.value == "EW"


def test_27B2_pass_correction_bars_partner() -> None:
    t = ib("1S", "E", "1H")
    t.choose("refuse")
    t.call("E", "P")
    t.judge("comparable", "no")
    t.auction("2S")
    with_call = t.call("W", "3H")  # West is barred: Law 37
    assert with_call.ruling is not None and with_call.ruling.law == "37"


def test_27B2_partner_barred_is_enforced_throughout() -> None:
    t = ib("1S", "E", "1H")
    t.choose("refuse")
    t.call("E", "2NT")
    t.judge("comparable", "no")
    t.auction("3S P 4S")
    assert t.state.must_pass(Seat.WEST) is not None
    t.auction("P P P")
    assert contract(t) == "4S N"


def test_27B3_double_not_comparable_cancelled() -> None:
    t = ib("1S", "E", "1H")
    t.choose("refuse")
    t.call("E", "X")
    t.judge("comparable", "no")
    assert t.ruling.caller is Seat.EAST and t.ruling.law == "27B"
    assert t.state.auction_text() == "N:1S"
    t.call("E", "2H")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


def test_27B4_second_insufficient_bid_lho_may_accept() -> None:
    t = ib("1S", "E", "1H")
    t.choose("refuse")
    t.call("E", "1D")
    assert t.ruling.law == "27B4" and t.ruling.chooser is Seat.SOUTH
    t.choose("accept")
    assert t.state.auction_text() == "N:1S E:1D" and not t.state.restrictions


def test_27B4_second_insufficient_bid_refused() -> None:
    t = ib("1S", "E", "1H")
    t.choose("refuse")
    t.call("E", "1D")
    t.choose("refuse")
    t.call("E", "2D")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


def test_27C_replacement_before_ruling_stands_unless_accepted() -> None:
    t = ib("1S", "E", "1H")
    t.call("E", "2H")  # replaced before the director ruled
    assert "27C" in t.ruling.text
    t.choose("refuse")
    t.judge("same_denomination", "yes")
    assert t.state.auction_text() == "N:1S E:2H" and not t.state.restrictions


def test_27C_lho_may_still_accept_the_insufficient_bid() -> None:
    t = ib("1S", "E", "1H")
    t.call("E", "2H")
    t.choose("accept")
    assert t.state.auction_text() == "N:1S E:1H"
    assert t.state.unauthorised  # the withdrawn replacement


def test_27D_flag_after_b1() -> None:
    t = ib("1NT", "E", "1S")
    t.choose("refuse")
    t.call("E", "2S")
    t.judge("same_denomination", "yes")
    assert any(f.law == "27D" and f.side.value == "EW" for f in t.state.flags)


# ----- 2007 ----------------------------------------------------------------------------------------
def test_27B1a_2007_incontrovertibly_not_artificial() -> None:
    t = ib("1S", "E", "1H", laws="2007")
    t.choose("refuse")
    t.call("E", "2H")
    assert t.ruling.questions[0].key == "not_artificial"
    t.judge("not_artificial", "yes")
    assert not t.state.restrictions


def test_27B1b_2007_more_precise_meaning() -> None:
    t = ib("1S", "E", "1H", laws="2007")
    t.choose("refuse")
    t.call("E", "3S")
    assert t.ruling.questions[0].key == "more_precise"
    t.judge("more_precise", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)} and laws_flagged(t) == {"23"}


# ----- 1997 ----------------------------------------------------------------------------------------
def test_27B1a_1997_natural_lowest_same_denomination() -> None:
    t = ib("1S", "E", "1H", laws="1997")
    t.choose("refuse")
    t.call("E", "2H")
    assert t.ruling.questions[0].key == "natural"
    t.judge("natural", "yes")
    assert not t.state.restrictions and laws_flagged(t) == {"16C2"}


def test_27B2_1997_conventional_bid_partner_passes_throughout() -> None:
    t = ib("2NT", "E", "2C", laws="1997")  # seed 002: 2C Landy over 2NT, conventional
    t.choose("refuse")
    t.call("E", "3C")
    t.judge("natural", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


def test_27B1b_1997_other_bid_partner_passes_throughout_no_question() -> None:
    t = ib("1S", "E", "1H", laws="1997")
    t.choose("refuse")
    t.call("E", "3H")
    assert t.state.pending is None and bars(t) == {("W", Bar.PASS_THROUGHOUT)}
    assert laws_flagged(t) == {"23"}


def test_27B3_1997_double_may_not_be_substituted() -> None:
    t = ib("1S", "E", "1H", laws="1997")
    t.choose("refuse")
    t.call("E", "X")
    assert t.state.pending is not None and t.ruling.caller is Seat.EAST and t.state.auction_text() == "N:1S"
    t.call("E", "P")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


# ----- seed 004 (2007 laws): the fifteen Law 27 cases -------------------------------------------------
def _refused(auction: str, seat: str, bid: str, dealer: str = "N"):  # type: ignore[no-untyped-def]
    t = ib(auction, seat, bid, dealer, "2007")
    t.choose("refuse")
    return t


def test_seed004_case01_1S_2C_1NT_corrected_2NT_B1a() -> None:
    t = _refused("1S 2C", "S", "1NT")
    t.call("S", "2NT")
    t.judge("not_artificial", "yes")
    assert not t.state.restrictions and laws_flagged(t) == {"27D"}


def test_seed004_case02_1S_1H_corrected_2H_score_stands_possible() -> None:
    t = _refused("1S", "N", "1H", dealer="W")
    t.call("N", "2H")
    t.judge("not_artificial", "yes")
    t.auction("3S 4H P P P")
    assert contract(t) == "4H N" and laws_flagged(t) == {"27D"}


def test_seed004_case03_1H_P_1H_to_2H_then_game_flagged_27D() -> None:
    t = _refused("1H P", "S", "1H")
    t.call("S", "2H")
    t.judge("not_artificial", "yes")
    t.auction("P 3C P 3S P 4H P P P")
    assert contract(t) == "4H N" and laws_flagged(t) == {"27D"}


def test_seed004_case04i_1H_3D_2H_to_3H_same_meaning() -> None:
    t = _refused("1H 3D", "S", "2H")
    t.call("S", "3H")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "yes")
    assert not t.state.restrictions


def test_seed004_case04ii_invitational_3H_only_b1a_or_b2() -> None:
    t = _refused("1H 3D", "S", "2H")
    t.call("S", "3H")
    t.judge("not_artificial", "yes")
    assert not t.state.restrictions
    t2 = _refused("1H 3D", "S", "2H")
    t2.call("S", "4H")
    t2.judge("more_precise", "no")
    assert bars(t2) == {("N", Bar.PASS_THROUGHOUT)}


def test_seed004_case05_2NT_2S_artificial_leaves_b2() -> None:
    t = _refused("2NT", "E", "2S")
    t.call("E", "3S")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)} and t.state.lead_restrictions


def test_seed004_case06_2NT_minors_2H_only_b2() -> None:
    t = _refused("2NT", "E", "2H")
    t.call("E", "3C")
    t.judge("more_precise", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


def test_seed004_case07_1C_P_1C_to_2NT_more_precise() -> None:
    t = _refused("1C P", "S", "1C")
    t.call("S", "2NT")
    t.judge("more_precise", "yes")
    assert not t.state.restrictions
    t5 = _refused("1C P", "S", "1C")
    t5.call("S", "5C")
    t5.judge("more_precise", "yes")
    assert not t5.state.restrictions


def test_seed004_case08_1H_1H_michaels_last_resort_b2() -> None:
    t = _refused("1H", "E", "1H")
    t.call("E", "2H")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


def test_seed004_case09_1H_P_1H_to_3H_or_jacoby_2NT() -> None:
    for call in ("3H", "2NT"):
        t = _refused("1H P", "S", "1H")
        t.call("S", call)
        t.judge("more_precise", "yes")
        assert not t.state.restrictions, call


def test_seed004_case10_precision_1C_1C_double_fails_1NT_passes() -> None:
    t = _refused("1C", "E", "1C")
    t.call("E", "X")
    t.judge("more_precise", "no")  # 13+ is less precise than 16+: cancelled (27B3)
    t.call("E", "2C")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}
    t2 = _refused("1C", "E", "1C")
    t2.call("E", "1NT")
    t2.judge("more_precise", "yes")
    assert not t2.state.restrictions


def test_seed004_case11_1C_1H_1D_negative_pass_or_double() -> None:
    for call in ("P", "X"):
        t = _refused("1C 1H", "S", "1D")
        t.call("S", call)
        t.judge("more_precise", "yes")
        assert not t.state.restrictions, call


def test_seed004_case12_4NT_5C_5C_dopi_double() -> None:
    t = _refused("1H P 3H P 4NT 5C", "S", "5C")
    t.call("S", "X")
    t.judge("more_precise", "yes")
    assert not t.state.restrictions and t.state.auction_text().endswith("E:5C S:X")


def test_seed004_case13_5NT_5D_one_king_to_6D() -> None:
    t = _refused("1H P 3H P 4NT P 5D P 5NT P", "S", "5D")
    t.call("S", "6D")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "yes")
    assert not t.state.restrictions


def test_seed004_case14_2NT_P_2C_stayman_to_3C() -> None:
    t = _refused("2NT P", "S", "2C")
    t.call("S", "3C")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "yes")
    assert not t.state.restrictions and laws_flagged(t) == {"27D"}


def test_seed004_case15_2NT_P_2H_transfer_to_3H() -> None:
    t = _refused("2NT P", "S", "2H")
    t.call("S", "3H")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "yes")
    assert not t.state.restrictions


def test_seed004_example_text_offers_acceptance_and_three_ways() -> None:
    t = ib("1S", "N", "1H", dealer="W", laws="2007")
    text = t.ruling.text
    assert text.startswith("East, North has made an insufficient bid of 1♥")
    assert "You may accept it" in text and "2♥" in text and "more precise" in text
    assert "South must pass whenever it is their turn for the rest of the auction" in text
    assert text.rstrip().endswith("do you accept 1♥?")


def test_seed003_insufficient_bid_2007_other_denomination_silences_partner() -> None:
    t = _refused("1S", "E", "1H")
    t.call("E", "2D")
    t.judge("more_precise", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}
