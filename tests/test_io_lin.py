"""LIN import: md, mb, an, pc, mc, sv, ah and the splitting of multi-board files."""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError
from bridge_director.io.lin import read_deal, read_lin
from bridge_director.model import Card, Claim, Seat, Vulnerability

MD = "S346TJH9QD69TC57K,S7H2347KD37JKC46A,S2KH58TD2458C389J,"


def test_md_dealer_digits_and_hand_order_south_west_north_east() -> None:
    for digit, seat in (("1", Seat.SOUTH), ("2", Seat.WEST), ("3", Seat.NORTH), ("4", Seat.EAST)):
        dealer, deal = read_deal(digit + MD)
        assert dealer is seat
        assert str(deal[Seat.SOUTH]) == "JT643.Q9.T96.K75"
        assert str(deal[Seat.WEST]) == "7.K7432.KJ73.A64"
        assert deal.complete


def test_bad_md_names_the_record_and_line() -> None:
    with pytest.raises(BridgeError) as info:
        read_deal("5" + MD, line=3)
    assert (info.value.field, info.value.line) == ("md", 3)


def test_alerts_explanations_vulnerability_and_board_name() -> None:
    lin = read_lin(f"md|3{MD}|ah|Board 12|sv|b|mb|1N!|an|15-17|mb|p|mb|2C!|mb|p|mb|p|mb|p|")
    board = lin[0].board()
    assert board.number == 12 and board.vulnerability is Vulnerability.BOTH
    assert board.notes == {0: "15-17", 2: "alert"}


def test_mc_claim_mid_trick_counts_total_tricks_for_declarer() -> None:
    # North deals and opens 2NT; East leads.
    text = f"md|3{MD}|mb|2N|mb|p|mb|p|mb|p|pc|h6|pc|h9|pc|HK|pc|hT|pc|cA|mc|8|"
    board = read_lin(text)[0].board()
    assert board.cards[:2] == (Card.parse("H6"), Card.parse("H9"))
    result = board.replay()
    assert result.declarer_tricks == 8
    # trick 1 went to West (defenders), so North claims all 8 of the remaining 12
    assert board.claim == Claim(Seat.NORTH, 8)


def test_passed_out_and_unplayed_boards() -> None:
    passed = read_lin(f"md|1{MD}|mb|p|mb|p|mb|p|mb|p|pg||")[0].board().replay()
    assert passed.contract is None and passed.score_ns == 0
    unplayed = read_lin(f"md|2{MD}|sv|o|pg||")[0].board()
    assert unplayed.calls == () and unplayed.the_dealer is Seat.WEST


def test_qx_splits_boards_and_header_records_are_metadata() -> None:
    text = (f"vg|Final,Q1,I,1,16,A,0,B,0|\npn|a,b,c,d,e,f,g,h|pg||\nqx|o1|md|3{MD}|sv|o|pg||\n"
            f"nt|a comment|pg||\nqx|c1|md|3{MD}|sv|o|pg||\n")
    boards = read_lin(text)
    assert [b.first("qx") for b in boards] == ["o1", "c1"]
    assert [b.board().number for b in boards] == [1, 1]
    assert boards[0].metadata["vg"].startswith("Final") and boards[1].line == 5


def test_one_board_per_line() -> None:
    text = f"pn|a,b,c,d|st||md|3{MD}|rh||ah|Board 1|\npn|a,b,c,d|st||md|4{MD}|rh||ah|Board 2|\n"
    boards = read_lin(text)
    assert [(b.board().number, b.board().the_dealer) for b in boards] == [(1, Seat.NORTH), (2, Seat.EAST)]
    assert boards[1].line == 2


def test_bad_call_and_bad_card_are_errors_with_line() -> None:
    with pytest.raises(BridgeError) as info:
        read_lin(f"md|3{MD}|\nmb|9Z|")[0].board()
    assert (info.value.field, info.value.line) == ("mb", 2)
    with pytest.raises(BridgeError) as info:
        read_lin(f"md|3{MD}|mb|1N|mb|p|mb|p|mb|p|pc|Z9|")[0].board()
    assert info.value.field == "pc"
