"""Law 27, the insufficient bid, clause by clause and by edition, with every case of the seeds."""

from __future__ import annotations

import pytest

from bridge_director.engine import Table
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


def test_27B1a_2007_seed004_case01_1S_2C_1NT_corrected_2NT() -> None:
    """Seed 004 case 1: 1S (2C) 1NT corrected to 2NT, both not artificial: 27B1(a), with the 27D flag."""
    t = _refused("1S 2C", "S", "1NT")
    t.call("S", "2NT")
    t.judge("not_artificial", "yes")
    assert not t.state.restrictions and laws_flagged(t) == {"27D"}


def test_27D_2007_seed004_case02_1S_1H_corrected_2H_score_may_stand() -> None:
    """Seed 004 case 2: (1S) 1H corrected to 2H, then 4H: the 27D flag lets the director judge
    (the score stands when there was no help)."""
    t = _refused("1S", "N", "1H", dealer="W")
    t.call("N", "2H")
    t.judge("not_artificial", "yes")
    t.auction("3S 4H P P P")
    assert contract(t) == "4H N" and laws_flagged(t) == {"27D"}


def test_27D_2007_seed004_case03_1H_P_1H_to_2H_then_game_flagged() -> None:
    """Seed 004 case 3: 1H (P) 1H corrected to 2H; the side was helped: 27D flag (the seed adjusts to 5H-1)."""
    t = _refused("1H P", "S", "1H")
    t.call("S", "2H")
    t.judge("not_artificial", "yes")
    t.auction("P 3C P 3S P 4H P P P")
    assert contract(t) == "4H N" and laws_flagged(t) == {"27D"}


def test_27B1b_2007_seed004_case04i_1H_3D_2H_to_3H_same_meaning() -> None:
    """Seed 004 case 4(i): 1H (3D) 2H corrected to a 3H of the same meaning: 27B1(b)."""
    t = _refused("1H 3D", "S", "2H")
    t.call("S", "3H")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "yes")
    assert not t.state.restrictions


def test_27B2_2007_seed004_case04ii_invitational_3H_only_b1a_or_b2() -> None:
    """Seed 004 case 4(ii): 3H invitational fails 27B1(b); only 27B1(a) or 27B2 remain."""
    t = _refused("1H 3D", "S", "2H")
    t.call("S", "3H")
    t.judge("not_artificial", "yes")
    assert not t.state.restrictions
    t2 = _refused("1H 3D", "S", "2H")
    t2.call("S", "4H")
    t2.judge("more_precise", "no")
    assert bars(t2) == {("N", Bar.PASS_THROUGHOUT)}


def test_27B2_2007_seed004_case05_2NT_2S_artificial() -> None:
    """Seed 004 case 5: (2NT) 2S two-suiter is artificial: no 27B1(a); 27B2 with lead restrictions."""
    t = _refused("2NT", "E", "2S")
    t.call("E", "3S")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)} and t.state.lead_restrictions


def test_27B2_2007_seed004_case06_2NT_minors_2H() -> None:
    """Seed 004 case 6: (2NT minors) 2H: 27B1 impossible, 27B2 only."""
    t = _refused("2NT", "E", "2H")
    t.call("E", "3C")
    t.judge("more_precise", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


def test_27B1b_2007_seed004_case07_1C_P_1C_to_2NT_or_5C() -> None:
    """Seed 004 case 7: 1C (P) 1C corrected to 2NT (or 5C): more precise, 27B1(b)."""
    t = _refused("1C P", "S", "1C")
    t.call("S", "2NT")
    t.judge("more_precise", "yes")
    assert not t.state.restrictions
    t5 = _refused("1C P", "S", "1C")
    t5.call("S", "5C")
    t5.judge("more_precise", "yes")
    assert not t5.state.restrictions


def test_27B2_2007_seed004_case08_1H_1H_michaels() -> None:
    """Seed 004 case 8: (1H) 1H with Michaels: no 27B1 correction, 27B2 is the last resort."""
    t = _refused("1H", "E", "1H")
    t.call("E", "2H")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


def test_27B1b_2007_seed004_case09_1H_P_1H_to_3H_or_2NT() -> None:
    """Seed 004 case 9: 1H (P) 1H corrected to a forcing 3H or Jacoby 2NT: more precise, 27B1(b)."""
    for call in ("3H", "2NT"):
        t = _refused("1H P", "S", "1H")
        t.call("S", call)
        t.judge("more_precise", "yes")
        assert not t.state.restrictions, call


def test_27B3_2007_seed004_case10_precision_1C_double_fails_1NT_passes() -> None:
    """Seed 004 case 10: (1C Precision) 1C: a double is less precise (27B3, cancelled); 1NT
    is more precise (27B1(b))."""
    t = _refused("1C", "E", "1C")
    t.call("E", "X")
    t.judge("more_precise", "no")  # 13+ is less precise than 16+: cancelled (27B3)
    t.call("E", "2C")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}
    t2 = _refused("1C", "E", "1C")
    t2.call("E", "1NT")
    t2.judge("more_precise", "yes")
    assert not t2.state.restrictions


def test_27B1b_2007_seed004_case11_1C_1H_1D_pass_or_double() -> None:
    """Seed 004 case 11: 1C (1H) 1D negative corrected to pass or double: more precise, 27B1(b)."""
    for call in ("P", "X"):
        t = _refused("1C 1H", "S", "1D")
        t.call("S", call)
        t.judge("more_precise", "yes")
        assert not t.state.restrictions, call


def test_27B1b_2007_seed004_case12_4NT_5C_5C_dopi_double() -> None:
    """Seed 004 case 12: 4NT (5C) 5C 'no keycards' corrected to a DOPI double: 27B1(b)."""
    t = _refused("1H P 3H P 4NT 5C", "S", "5C")
    t.call("S", "X")
    t.judge("more_precise", "yes")
    assert not t.state.restrictions and t.state.auction_text().endswith("E:5C S:X")


def test_27B1b_2007_seed004_case13_5NT_5D_to_6D() -> None:
    """Seed 004 case 13: 5NT ... 5D 'one king' corrected to 6D: 27B1(b)."""
    t = _refused("1H P 3H P 4NT P 5D P 5NT P", "S", "5D")
    t.call("S", "6D")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "yes")
    assert not t.state.restrictions


def test_27B1b_2007_seed004_case14_2NT_P_2C_stayman_to_3C() -> None:
    """Seed 004 case 14: 2NT (P) 2C Stayman corrected to 3C: allowed under 27B1(b), with the 27D flag."""
    t = _refused("2NT P", "S", "2C")
    t.call("S", "3C")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "yes")
    assert not t.state.restrictions and laws_flagged(t) == {"27D"}


def test_27B1b_2007_seed004_case15_2NT_P_2H_transfer_to_3H() -> None:
    """Seed 004 case 15: 2NT (P) 2H transfer corrected to 3H: 27B1(b)."""
    t = _refused("2NT P", "S", "2H")
    t.call("S", "3H")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "yes")
    assert not t.state.restrictions


def test_27_2007_seed004_example_text_offers_acceptance_and_three_ways() -> None:
    """Seed 004's worked example after (1S) 1H: acceptance first, then the three ways to correct, then the question."""
    t = ib("1S", "N", "1H", dealer="W", laws="2007")
    text = t.ruling.text
    assert text.startswith("East, North has made an insufficient bid of 1♥")
    assert "You may accept it" in text and "2♥" in text and "more precise" in text
    assert "South must pass whenever it is their turn for the rest of the auction" in text
    assert text.rstrip().endswith("do you accept 1♥?")


def test_27B2_2007_seed003_other_denomination_silences_partner() -> None:
    """Seed 003: corrected in another denomination, partner is silenced throughout."""
    t = _refused("1S", "E", "1H")
    t.call("E", "2D")
    t.judge("more_precise", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


# ----- 27A2 (1997: 27C): an insufficient bid out of rotation ---------------------------------------------------
A2 = {"2017": "27A2", "2007": "27A2", "1997": "27C"}


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_27A2_insufficient_bid_out_of_rotation_refused_is_law_31(laws: str) -> None:
    """Not accepted, an insufficient bid out of rotation is a bid out of rotation (Law 31), not Law 27."""
    t = table("1S", laws=laws)  # East's turn; West bids 1H out of rotation (at his partner's turn)
    t.call("W", "1H")
    r = t.ruling
    assert r.law == "29" and r.chooser is Seat.NORTH and f"Law {A2[laws]}" in r.text
    assert r.text.startswith("North, West has made an insufficient bid of 1♥ out of rotation")
    t.choose("refuse")
    assert t.state.pending is None and t.state.auction_text() == "N:1S" and t.state.records[-1].law == "31"


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_27A2_accepted_out_of_rotation_then_27A1_lho_accepts_it_as_legal(laws: str) -> None:
    """Accepted under 29A, the bid is still insufficient: the same opponent then may accept it as legal (27A1)."""
    t = table("1S P", laws=laws)  # South's turn; West bids 1H at his right-hand opponent's turn
    t.call("W", "1H")
    t.choose("accept", "N")
    assert t.ruling.law == "27" and t.ruling.chooser is Seat.NORTH and t.state.auction_text() == "N:1S E:Pass"
    t.choose("accept", "N")
    assert t.state.auction_text() == "N:1S E:Pass W:1H" and t.state.next_seat is Seat.NORTH
    assert [r.law for r in t.state.records] == ["29A", "27A"]


@pytest.mark.parametrize(("laws", "question"), [("2017", "same_denomination"), ("2007", "not_artificial"),
                                                ("1997", "natural")])
def test_27A2_accepted_out_of_rotation_then_27B_correction(laws: str, question: str) -> None:
    """Accepted out of rotation but not as a legal bid: the offender corrects it under 27B, by edition."""
    t = table("1S P", laws=laws)
    t.call("W", "1H")
    t.choose("accept")
    t.choose("refuse")
    assert t.ruling.caller is Seat.WEST
    t.call("W", "2H")
    assert t.ruling.questions[0].key == question
    t.judge(question, "yes")
    assert t.state.auction_text() == "N:1S E:Pass W:2H" and not t.state.restrictions
    t2 = table("1S P", laws=laws)
    t2.call("W", "1H")
    t2.choose("accept")
    t2.choose("refuse")
    t2.call("W", "P")
    if t2.ruling is not None:
        t2.judge(t2.ruling.questions[0].key, "no")
    assert bars(t2) == {("E", Bar.PASS_THROUGHOUT)}  # 27B2


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_27A2_a_call_over_it_accepts_it_both_ways(laws: str) -> None:
    """LHO calling over an insufficient bid out of rotation accepts it out of rotation (29A) and as legal (27A1)."""
    t = table("1S P", laws=laws)
    t.call("W", "1H")
    t.call("N", "2H")
    assert t.state.pending is None and t.state.auction_text() == "N:1S E:Pass W:1H N:2H"
    assert [r.law for r in t.state.records] == ["29A", "27A"]


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_27A2_31A1_repeated_insufficient_bid_is_ruled_under_27(laws: str) -> None:
    """Refused at RHO's turn and RHO passes: the offender must repeat the bid (31A1); repeated in rotation it is
    still insufficient, so Law 27 applies to it and LHO may accept it."""
    t = table("1S P", laws=laws)
    t.call("W", "1H")  # at South's turn
    t.choose("refuse")
    t.call("S", "P")
    t.call("W", "1H")
    assert t.ruling.law == "27" and t.ruling.chooser is Seat.NORTH
    t.choose("accept")
    assert t.state.auction_text() == "N:1S E:Pass S:Pass W:1H" and not t.state.restrictions


def test_27B3_after_the_cancelled_double_only_a_sufficient_bid_or_pass() -> None:
    """Law 27B3: the cancelled double is replaced "as the foregoing allows" — a sufficient bid or a pass, never a
    second attempt at doubling."""
    t = ib("1S", "E", "1H")
    t.choose("refuse")
    t.call("E", "X")
    t.judge("comparable", "no")
    assert "sufficient bid or pass" in t.ruling.text
    with pytest.raises(IllegalCallError):
        t.call("E", "X")
    t.call("E", "P")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


def test_27B4_refused_second_insufficient_bid_states_the_adjustment() -> None:
    t = ib("1S", "E", "1H")
    t.choose("refuse")
    t.call("E", "1D")
    assert "Law 72C" in t.ruling.option("refuse").consequence


@pytest.mark.parametrize(("laws", "ask"), [("2017", "a comparable call"),
                                           ("2007", "a call with the same or a more precise meaning"),
                                           ("1997", None)])
def test_27B_offender_told_what_he_may_ask_about_by_edition(laws: str, ask: str | None) -> None:
    """1997 has no 27B1(b): the offender is not invited to ask about a comparable call that does not exist."""
    t = Table(1, laws=laws)
    t.call("N", "1H")
    t.call("E", "1D")
    t.choose("refuse")
    assert t.ruling is not None
    text = t.ruling.text
    if ask is None:
        assert "comparable" not in text and "ask the director" not in text
    else:
        assert f"If you are considering {ask}" in text
        assert laws == "2017" or "comparable" not in text
