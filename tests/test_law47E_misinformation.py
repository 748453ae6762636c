"""Law 47E: a card played after misinformation taken back, and to whom the withdrawn card is unauthorised (Law 16C;
16D in 2007): the side that misinformed is the offending side."""

from __future__ import annotations

import pytest

from bridge_director.model import Card, Seat
from bridge_director.model.seat import Side
from bridge_director.table.play import CardPlayed, CardWithdrawn, DummyFaced
from playkit import play, table

LAW16 = {"2017": "16C", "2007": "16D", "1997": "16C"}


def c(text: str) -> Card:
    return Card.parse(text)


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_47E2a_opening_lead_retracted_before_dummy_is_faced(laws: str) -> None:
    t = table(laws=laws)  # 1♠ by South: West leads
    play(t, "H7")
    t.do(CardWithdrawn(Seat.WEST, "47E2", t.laws))
    assert t.state.play.current.cards == () and t.state.records[-1].law == "47E2"
    assert not t.state.penalty_cards
    # 16C1: authorised to East-West (misinformed); unauthorised to North-South, who misinformed (16C2)
    assert [(u.side, u.source, u.law) for u in t.state.unauthorised] == [(Side.NS, "West's withdrawn ♥7",
                                                                          LAW16[laws])]
    play(t, "C5")  # the lead is made again
    assert t.state.play.current.cards == (c("C5"),)


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_47E2a_opening_lead_not_retracted_once_dummy_has_been_faced(laws: str) -> None:
    t = table(laws=laws)
    play(t, "H7")
    t.do(DummyFaced(t.laws))
    t.do(CardWithdrawn(Seat.WEST, "47E2", t.laws))
    assert t.state.play.current.cards == (c("H7"),)
    assert t.state.records[-1].law == "47E2(b)" and "dummy has been faced" in t.state.records[-1].outcome
    assert [(f.law, f.side) for f in t.state.flags] == [("47E2(b)", Side.NS)]
    assert not t.state.unauthorised


def test_47E2a_a_later_card_is_retracted_while_no_card_has_followed_it() -> None:
    t = table()
    play(t, "H7 H2")  # dummy's card: dummy is faced; East has not played
    play(t, "H8")
    t.do(CardWithdrawn(Seat.EAST, "47E2", t.laws))
    assert t.state.play.current.cards == (c("H7"), c("H2"))
    assert [(u.side, u.source) for u in t.state.unauthorised] == [(Side.NS, "East's withdrawn ♥8")]


def test_47E1_lead_out_of_turn_retracted_is_unauthorised_to_the_side_that_misinformed() -> None:
    t = table()
    t.do(CardPlayed(Seat.EAST, c("CA")))  # East leads out of turn after North-South said it was his lead
    t.do(CardWithdrawn(Seat.EAST, "47E1"))
    assert [(u.side, u.source) for u in t.state.unauthorised] == [(Side.NS, "East's withdrawn ♣A")]



def test_41D_dummy_faced_is_kept_in_the_table_log() -> None:
    from bridge_director.engine.log import dumps, loads
    t = table(laws="2007")
    play(t, "H7")
    t.do(DummyFaced(t.laws))
    again = loads(dumps(t))
    assert again.state.period.dummy_faced and again.state == t.state
