"""Law 17D (1997, 2007; 2017 Law 15A): calls made on cards from a wrong board, by edition."""

from __future__ import annotations

import pytest

from bridge_director.engine import Table
from bridge_director.engine.log import dumps, loads
from bridge_director.errors import IllegalCallError
from bridge_director.model import Seat
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


# ----- a card from a wrong board: the engine can tell when the deal is known -------------------------------------
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _deal_table(laws: str, auction: str = "") -> Table:
    t = Table(1, deal=DEAL, laws=laws)  # board 1: North deals
    if auction:
        t.auction(auction)
    return t


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_17D1_card_not_in_this_deal_shows_a_wrong_board_and_cancels_the_calls(laws: str) -> None:
    """North exposes the ♣A, which is not his on this board: he holds another board's cards.  Law 24 does not
    apply; once the director names board 9, North's calls are cancelled as in 17D1 (2017 15A1) and a flag on
    board 9 says its card was seen here (16D 2017, 16C 2007, 16B 1997)."""
    t = _deal_table(laws, "1S P")
    t.expose("N", "CA")
    r = t.ruling
    assert r.law == CLAUSE[laws] + "1" and r.text.startswith("Director: ") and "Law 24 does not apply" in r.text
    assert not t.state.exposed and not t.state.restrictions
    t.wrong_board("N", board=9)
    assert t.ruling.caller is Seat.NORTH and t.ruling.law == CLAUSE[laws] + "1"  # his 1S and East's pass go
    other = {"2017": "16D", "2007": "16C", "1997": "16B"}[laws]
    assert other in laws_flagged(t)
    assert any("board 9" in f.text and "♣A" in f.text for f in t.state.flags if f.law == other)
    t.call("N", "1S")
    assert t.state.pending is None and t.state.auction_text() == "N:1S"


def test_17D_card_from_a_wrong_board_before_any_call_and_board_unknown() -> None:
    """Before North has called there is nothing to cancel; the director may go on without knowing the board."""
    t = _deal_table("2007")
    t.expose("N", "CA")
    with pytest.raises(IllegalCallError):
        t.call("N", "1S")  # only the director's entry is accepted while the ruling is pending
    t.choose("proceed")
    assert t.state.pending is None and "16C" in laws_flagged(t) and not t.state.exposed
    assert any("not identified" in f.text for f in t.state.flags)
    t.call("N", "1S")
    assert t.state.auction_text() == "N:1S"


def test_17D_card_from_this_hand_is_law_24() -> None:
    """The ♠A is North's on this board: an ordinary Law 24 exposure, not a wrong board."""
    t = _deal_table("2017", "1S P")
    t.expose("N", "SA")
    assert t.ruling.law == "24"
