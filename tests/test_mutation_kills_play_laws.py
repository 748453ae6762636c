"""Play laws (47, 58): the checks that mutation testing of the play laws showed were missing — the information
from a withdrawn card, unauthorised to the right side under the law of the edition the ruling is made in.
"""

from __future__ import annotations

from bridge_director.laws.law58 import CardsPlayedTogether
from bridge_director.model import Card, Seat
from bridge_director.model.seat import Side
from bridge_director.table.edition import Edition
from bridge_director.table.play import CardPlayed, CardWithdrawn
from playkit import play, table

C = Card.parse


def test_47E1_lead_out_of_turn_after_misinformation_is_unauthorised_to_the_misinformers() -> None:
    """East leads out of turn after North-South told him it was his lead: the lead is withdrawn (47E1) and the
    information from it is unauthorised to North-South, the side that misinformed (16C)."""
    t = table()
    t.do(CardPlayed(Seat.EAST, C("CA")))
    t.do(CardWithdrawn(Seat.EAST, "47E1"))
    assert [(u.side, u.source) for u in t.state.unauthorised] == [(Side.NS, "East's withdrawn ♣A")]


def test_58B1_the_ruling_s_edition_names_the_law_on_information_from_cards_picked_up() -> None:
    """A ruling made under the 2007 Laws at a table whose default is 2017: the cards picked up are unauthorised
    information under 16D, the 2007 law on withdrawn actions."""
    t = table(laws="2017")
    t.do(CardsPlayedTogether(Seat.WEST, (C("C4"), C("C6")), (C("C4"),), Edition.L2007))
    assert [(u.side, u.law) for u in t.state.unauthorised] == [(Side.EW, "16D")]


def test_58B3_the_ruling_s_edition_names_the_law_on_information_from_withdrawn_cards() -> None:
    t = table(laws="2017")
    play(t, "C4 C2 CA C7")
    t.do(CardsPlayedTogether(Seat.WEST, (C("C4"), C("C5")), (C("C4"), C("C5")), Edition.L2007))
    t.choose("play:C5")
    found = [u.law for u in t.state.unauthorised if "58B3" in u.source]
    assert found == ["16D"]
