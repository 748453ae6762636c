"""Law 17D (1997, 2007; 2017 Law 15A): calls made on cards from a wrong board, by edition."""

from __future__ import annotations

import pytest

from bridge_director.errors import IllegalCallError
from bridge_director.model import Seat
from bridge_director.table.log import dumps, loads
from bridge_director.table.state import Bar
from tablekit import bars, laws_flagged, table

CLAUSE = {"2017": "15A", "2007": "17D", "1997": "17D"}


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_17D1_call_cancelled_offender_calls_again_on_his_own_cards(laws: str) -> None:
    t = table("1H", laws=laws)
    t.call("E", "1S")
    t.wrong_board("E", board=8)  # noticed before South called
    r = t.ruling
    assert r.caller is Seat.EAST and r.law == CLAUSE[laws] + "1" and r.text.startswith("East, ")
    t.call("E", "2C")  # differs, but nobody had called over it: the auction simply goes on
    assert t.state.pending is None and t.state.auction_text() == "N:1H E:2C"
    assert [u.side.value for u in t.state.unauthorised] == ["EW"]
    assert laws_flagged(t) == {CLAUSE[laws] + "3"}  # board 8: East must repeat 1S there


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_17D2_lho_called_same_call_lho_must_repeat(laws: str) -> None:
    t = table("1H", laws=laws)
    t.auction("1S")  # East (with board 8's cards)
    t.auction("2H")  # South had called over it
    t.wrong_board("E")
    t.call("E", "1S")
    assert t.state.auction_text() == "N:1H E:1S" and bars(t) == {("S", Bar.REPEAT)}
    with pytest.raises(IllegalCallError):
        t.call("S", "3H")
    t.call("S", "2H")
    assert t.state.pending is None and not laws_flagged(t)


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_17D2_lho_called_different_call_artificial_adjusted_score(laws: str) -> None:
    t = table("1H", laws=laws)
    t.auction("1S 2H")
    t.wrong_board("E")
    t.call("E", "P")
    assert t.ruling.questions[0].key == "differs"
    t.judge("differs", "yes")
    assert laws_flagged(t) == {CLAUSE[laws] + "2"} and t.state.auction_text() == "N:1H E:Pass"


def test_17D2_not_judged_different_auction_goes_on() -> None:
    t = table("1H", laws="2017")
    t.auction("1S 2H")
    t.wrong_board("E")
    t.call("E", "2S")
    t.judge("differs", "no")  # a similar meaning: the board is played normally
    assert not laws_flagged(t) and not t.state.restrictions and t.state.next_seat is Seat.SOUTH


@pytest.mark.parametrize("laws", ["2017", "2007"])
def test_17D2_partner_called_over_it_artificial_adjusted_score(laws: str) -> None:
    t = table("1H", laws=laws)
    t.auction("1S P 2S")  # West (East's partner) has called over it
    t.wrong_board("E", board=3)
    assert [o.key for o in t.ruling.options] == ["proceed"] and "artificial adjusted score" in t.ruling.text
    t.choose("proceed")
    assert laws_flagged(t) == {CLAUSE[laws] + "2", CLAUSE[laws] + "3"}


def test_17D_no_call_yet_nothing_to_cancel() -> None:
    t = table("1H")
    t.wrong_board("E")
    assert t.state.pending is None and t.state.records[-1].law == "15A1"


def test_17D_after_the_final_pass_before_the_lead_reopens() -> None:
    t = table("1H P P P", dealer="W", laws="2007")  # East's pass was followed only by South's
    t.wrong_board("E")
    t.call("E", "1S")
    t.judge("differs", "yes")
    assert t.state.phase == "auction" and laws_flagged(t) == {"17D2"}


def test_17D_wrong_board_round_trips_in_the_log() -> None:
    t = table("1H", laws="2007")
    t.call("E", "1S")
    t.wrong_board("E", board=8)
    back = loads(dumps(t))
    assert back.log == t.log and back.state == t.state
