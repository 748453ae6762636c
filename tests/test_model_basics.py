"""Seats, cards, calls, deals, board cycle (Law 2) and the auction's pure queries (Laws 17-22)."""

from __future__ import annotations

import pytest

from bridge_director.errors import DealError, IllegalCallError, ParseError
from bridge_director.model import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    Bid,
    Call,
    Card,
    Contract,
    Deal,
    Doubling,
    Rank,
    Seat,
    Side,
    Strain,
    Suit,
    Vulnerability,
    board_dealer,
    board_vulnerability,
)

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_seat_rotation() -> None:
    assert [s.lho for s in Seat] == [Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH]
    assert all(s.lho.rho == s and s.partner.partner == s for s in Seat)
    assert Seat.EAST.side is Side.EW and Side.EW.other is Side.NS


def test_law2_board_cycle() -> None:
    expected = "None NS EW All NS EW All None EW All None NS All None NS EW".split()
    assert [board_vulnerability(b).value for b in range(1, 17)] == expected
    assert [board_dealer(b).letter for b in range(1, 9)] == list("NESWNESW")
    assert board_vulnerability(33) is board_vulnerability(1)
    with pytest.raises(ParseError, match="Board"):
        board_dealer(0)


def test_vulnerability_names() -> None:
    assert Vulnerability.parse("Love") is Vulnerability.NONE
    assert Vulnerability.parse("Both") is Vulnerability.BOTH
    assert Vulnerability.BOTH.is_vulnerable(Seat.WEST) and not Vulnerability.NS.is_vulnerable(Side.EW)


@pytest.mark.parametrize(("text", "canonical"), [
    ("1S", "1S"), ("1♠", "1S"), ("1NT", "1NT"), ("1N", "1NT"), ("7nt", "7NT"), ("P", "Pass"), ("Pass", "Pass"),
    ("-", "Pass"), ("X", "X"), ("XX", "XX"), ("D", "X"), ("R", "XX"), ("2♥", "2H"), ("3d", "3D"), ("1C!", "1C"),
])
def test_call_notations(text: str, canonical: str) -> None:
    assert str(Call.parse(text)) == canonical


@pytest.mark.parametrize("text", ["8C", "0S", "1Z", "", "XXX", "Q"])
def test_malformed_call_names_the_text(text: str) -> None:
    with pytest.raises(ParseError, match="not a call") as info:
        Call.parse(text)
    assert repr(text) in str(info.value)


def test_cards_parse_in_several_notations() -> None:
    assert Card.parse("♠10") == Card.parse("ST") == Card.parse("st") == Card(Suit.SPADES, Rank.TEN)
    assert Card.parse("AS") == Card(Suit.SPADES, Rank.ACE)
    with pytest.raises(ParseError, match="not a card"):
        Card.parse("Z9")


def test_law6_deal_needs_distinct_cards() -> None:
    with pytest.raises(DealError, match="dealt twice"):
        Deal.from_pbn("N:AKQJ.T98.765.432 AT98.765.432.KQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    with pytest.raises(ParseError, match="four hands"):
        Deal.from_pbn("N:AKQJ.T98.765.432")


def test_deal_three_hands_fill_the_fourth() -> None:
    full = Deal.from_pbn(DEAL)
    assert Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 -") == full
    assert Deal.from_pbn("N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 -").complete is False


def test_law18_sufficiency() -> None:
    auction = Auction.parse(Seat.NORTH, "1H")
    assert auction.is_sufficient(Bid(1, Strain.SPADES)) and auction.is_sufficient(Bid(2, Strain.CLUBS))
    assert not auction.is_sufficient(Bid(1, Strain.DIAMONDS)) and not auction.is_sufficient(Bid(1, Strain.HEARTS))
    assert auction.lowest_sufficient(Strain.CLUBS) == Bid(2, Strain.CLUBS)
    assert auction.lowest_sufficient(Strain.NOTRUMP) == Bid(1, Strain.NOTRUMP)
    assert Auction.parse(Seat.NORTH, "7NT").lowest_sufficient(Strain.CLUBS) is None


def test_law19A_double_only_an_opponents_last_bid() -> None:
    assert Auction.parse(Seat.NORTH, "1H").admissible_double()
    assert not Auction.parse(Seat.NORTH, "1H P").admissible_double()          # partner's bid
    assert Auction.parse(Seat.NORTH, "1H P P").admissible_double()            # passes only since
    assert not Auction.parse(Seat.NORTH, "1H X").admissible_double()          # already doubled
    assert not Auction(Seat.NORTH).admissible_double()
    with pytest.raises(IllegalCallError) as info:
        Auction.parse(Seat.NORTH, "1H P").add(DOUBLE)
    assert info.value.law == "19A"


def test_law19B_redouble_only_an_opponents_double() -> None:
    assert Auction.parse(Seat.NORTH, "1H X").admissible_redouble()
    assert Auction.parse(Seat.NORTH, "1H X P P").admissible_redouble()
    assert not Auction.parse(Seat.NORTH, "1H X P").admissible_redouble()
    with pytest.raises(IllegalCallError) as info:
        Auction.parse(Seat.NORTH, "1H").add(REDOUBLE)
    assert info.value.law == "19B"


def test_law22_end_of_auction() -> None:
    assert not Auction.parse(Seat.NORTH, "P P P").complete
    assert Auction.parse(Seat.NORTH, "P P P P").passed_out
    assert Auction.parse(Seat.NORTH, "P P P 1C P P P").contract() is not None
    with pytest.raises(IllegalCallError) as info:
        Auction.parse(Seat.NORTH, "P P P P").add(PASS)
    assert info.value.law == "22"


def test_declarer_is_first_of_side_to_name_the_strain() -> None:
    auction = Auction.parse(Seat.NORTH, "1H 1S 2H 2S P P 3H X P P P")
    contract = auction.contract()
    assert contract is not None
    assert contract.declarer is Seat.NORTH and str(contract) == "3♥X by N"
    # East deals: East passes, South 1C, West passes, North 1NT: North is the first of NS to name notrump
    assert Auction.parse(Seat.EAST, "P 1C P 1NT P P P").contract() == Contract(1, Strain.NOTRUMP,
                                                                                Doubling.UNDOUBLED, Seat.NORTH)
    contract = Auction.parse(Seat.EAST, "P 1C P 1NT P P P").contract()
    assert contract is not None and contract.declarer is Seat.NORTH


def test_legal_calls_lists_exactly_the_legal_ones() -> None:
    auction = Auction.parse(Seat.NORTH, "1H X")
    calls = auction.legal_calls()
    assert PASS in calls and REDOUBLE in calls and DOUBLE not in calls
    assert Bid(1, Strain.SPADES) in calls and Bid(1, Strain.HEARTS) not in calls
    assert all(auction.is_legal(c) for c in calls)


@pytest.mark.parametrize(("text", "seat"), [("N", Seat.NORTH), ("east", Seat.EAST), (" South ", Seat.SOUTH),
                                            ("WEST", Seat.WEST), ("w", Seat.WEST)])
def test_seat_names_and_letters(text: str, seat: Seat) -> None:
    assert Seat.parse(text) is seat


@pytest.mark.parametrize("text", ["nonsense", "Ea", "", "X", "NE"])
def test_a_word_that_is_not_a_seat_is_refused(text: str) -> None:
    with pytest.raises(ParseError, match="not a seat"):
        Seat.parse(text)
