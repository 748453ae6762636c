"""A double or redouble in an improper form (seed 002: "I double 4S" when the bid was 4H): the double is of
the bid as it was made, and the words are unauthorised information to partner (Laws 19, 16B, 73B1)."""

from __future__ import annotations

import pytest

from bridge_director.engine.log import dumps, loads
from bridge_director.errors import IllegalCallError
from bridge_director.model import Seat
from tablekit import contract, table


@pytest.mark.parametrize(("laws", "ui_law"), [("2017", "16B"), ("2007", "16B"), ("1997", "16A")])
def test_19_double_naming_the_wrong_bid_doubles_the_bid_as_made(laws: str, ui_law: str) -> None:
    t = table("4H", laws=laws)  # North 4H, East says "I double 4S"
    t.improper_double("E", "4S")
    r = t.ruling
    assert (r.law, r.offender, [o.key for o in r.options]) == ("19", Seat.EAST, ["proceed"])
    assert "he has doubled the bid as it was made" in r.text and "4♥" in r.text and "4♠" in r.text
    t.choose("proceed")
    assert t.state.auction_text() == "N:4H E:X"
    assert [(u.side, u.law) for u in t.state.unauthorised] == [(Seat.EAST.side, ui_law)]
    assert [f.law for f in t.state.flags] == [ui_law]
    t.auction("P P P")
    assert contract(t) == "4HX N"


def test_19_naming_the_right_bid_is_still_improper() -> None:
    t = table("2S")
    t.improper_double("E", "2S")
    assert "named the bid, 2♠" in t.ruling.text and "73B1" in t.ruling.text
    t.choose("proceed")
    assert t.state.auction_text() == "N:2S E:X" and t.state.unauthorised


def test_19_redouble_in_improper_form_then_inadmissible_is_law_36() -> None:
    t = table("1S")
    t.improper_double("E", "1S", "XX")  # a redouble of an undoubled bid: Law 36 after the form is ruled
    t.choose("proceed")
    assert t.ruling.law == "36"


def test_19_only_a_double_or_redouble_and_a_bid() -> None:
    t = table("1S")
    with pytest.raises(IllegalCallError) as err:
        t.improper_double("E", "1S", "2H")
    assert err.value.law == "19"
    with pytest.raises(IllegalCallError):
        t.improper_double("E", "P")


def test_19_replays_from_the_log() -> None:
    t = table("4H")
    t.improper_double("E", "4S")
    t.choose("proceed")
    assert loads(dumps(t)).state.auction_text() == "N:4H E:X"


def test_19_and_16D_from_the_cli() -> None:
    from typer.testing import CliRunner

    from bridge_director.cli import app
    lines = ["faced N SK seen S", "play", "1H", "say E X 4S", "proceed", "P", "P", "P", "show"]
    out = CliRunner().invoke(app, ["table", "play", "--board", "1"], input="\n".join(lines) + "\n").output
    assert "Card found faced before the auction" in out and "Double or redouble in an improper form" in out
    assert "Auction: N:1H E:X S:Pass W:Pass N:Pass" in out and "contract 1♥X by N" in out
    assert "to NS: North's ♠K seen face up before the auction (Law 16D)" in out
    assert "to EW: East's words \"double 4♠\" (Law 16B)" in out
