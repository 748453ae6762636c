"""Law 24: cards exposed or led during the auction, and what they become (Law 50)."""

from __future__ import annotations

import pytest

from bridge_director.engine import CardExposed, Table
from bridge_director.errors import IllegalPlayError
from bridge_director.model import Seat
from bridge_director.table.play import penalty_cards
from bridge_director.table.state import Bar
from tablekit import bars, table

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_24A_single_low_card_no_further_rectification() -> None:
    t = table("1H")
    t.expose("E", "S7")
    assert t.ruling.law == "24" and t.ruling.chooser is None
    t.choose("proceed")
    assert not t.state.restrictions and t.state.exposed[0].card.rank == 7
    t.auction("P P P")
    assert [(p.seat, p.major) for p in penalty_cards(t.state)] == [(Seat.EAST, False)]


def test_24B_honour_partner_passes_once_and_major_penalty_card() -> None:
    t = table("1H")
    t.expose("E", "SK")
    t.choose("proceed")
    assert bars(t) == {("W", Bar.PASS_ONCE)}
    t.auction("P P P")
    t.call("W", "P")
    assert t.state.auction_over and penalty_cards(t.state)[0].major


def test_24C_two_cards_partner_passes_once() -> None:
    t = table("1H")
    t.expose("E", "S2", "D3")
    t.choose("proceed")
    assert bars(t) == {("W", Bar.PASS_ONCE)}


def test_24C_card_led_partner_passes_once() -> None:
    t = table("1H")
    t.expose("E", "S2", led=True)
    t.choose("proceed")
    assert bars(t) == {("W", Bar.PASS_ONCE)}


def test_24_offender_becomes_declarer_cards_go_back() -> None:
    t = table("1H")
    t.expose("N", "SK")
    t.choose("proceed")
    t.auction("P P P")
    assert penalty_cards(t.state) == ()


def test_24_card_not_held_is_a_wrong_board_not_law24() -> None:
    """A card not in the seat's hand on this board is no longer refused: it shows that the player holds another
    board's cards (17D; 2017 15A, see test_law17), and Law 24 does not apply to it; an empty exposure is still
    impossible input."""
    t = Table(1, deal=DEAL)
    t.expose("N", "CA")
    assert t.ruling.law == "15A1" and t.ruling.irregularity == "Call on cards from a wrong board"
    assert not t.state.exposed
    t2 = Table(1, deal=DEAL)
    t2.expose("N", "SA")
    assert t2.state.pending is not None and t2.ruling.law == "24"
    with pytest.raises(IllegalPlayError) as err:
        Table(1, deal=DEAL).do(CardExposed(Seat.NORTH, ()))
    assert err.value.law == "24"


def test_24_text_states_penalty_cards_and_unauthorised_information() -> None:
    t = table("1H")
    t.expose("E", "SK")
    text = t.ruling.text
    assert "West must pass at their next turn to call" in text and "major penalty card" in text
    assert "Law 24" in text and "unauthorised" in text


def test_24_a_card_named_twice_is_refused_not_counted_as_two_cards() -> None:
    t = Table(1)
    t.call("N", "1H")
    with pytest.raises(IllegalPlayError, match="named twice") as err:
        t.expose("E", "SK", "SK")
    assert err.value.law == "24" and t.state.pending is None and len(t.log) == 1
