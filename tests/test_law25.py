"""Laws 25 and 21B: changes of call, by edition (seeds 002 and 003 included)."""

from __future__ import annotations

import pytest

from bridge_director.errors import IllegalCallError
from bridge_director.model import Seat
from bridge_director.table.state import Bar
from tablekit import bars, contract, laws_flagged, table


def test_25A_unintended_call_replaced_without_rectification() -> None:
    t = table("1H")
    t.change("N", "1S")
    assert t.ruling.law == "25" and t.ruling.questions[0].answers == ("unintended", "misinformation",
                                                                      "change_of_mind")
    t.judge("nature", "unintended")
    assert t.state.auction_text() == "N:1S" and not t.state.restrictions
    # 16C2: the side that changed its call is the offending side; its own withdrawn call is unauthorised to it
    assert [(u.side, u.law) for u in t.state.unauthorised] == [(Seat.NORTH.side, "16C2")]


def test_25A_lho_may_withdraw_his_call() -> None:
    t = table("1H 2C")
    t.change("N", "1S")
    t.judge("nature", "unintended")
    assert t.ruling.chooser is Seat.EAST and {o.key for o in t.ruling.options} == {"keep", "withdraw"}
    t.choose("withdraw")
    assert t.state.auction_text() == "N:1S" and t.state.next_seat is Seat.EAST
    assert t.state.unauthorised[0].side.value == "NS"


def test_25A_lho_may_keep_his_call() -> None:
    t = table("1H 2C")
    t.change("N", "1S")
    t.judge("nature", "unintended")
    t.choose("keep")
    assert t.state.auction_text() == "N:1S E:2C"


def test_25A_too_late_once_partner_has_called() -> None:
    t = table("1H P 2H")
    with pytest.raises(IllegalCallError) as err:
        t.change("N", "1S")
    assert err.value.law == "25A"


def test_25A_unintended_insufficient_replacement_goes_to_law27() -> None:
    t = table("1S 2C")
    t.change("E", "1H")
    t.judge("nature", "unintended")
    assert t.ruling.law == "27" and t.ruling.chooser is Seat.SOUTH


def test_21B1_change_after_misinformation_reopens_final_pass() -> None:
    t = table("1NT P P P")
    assert t.state.auction_over
    t.change("W", "2H")
    t.judge("nature", "misinformation")
    t.judge("influenced", "yes")  # 21B1(a)
    assert not t.state.auction_over and t.state.auction_text() == "N:1NT E:Pass S:Pass W:2H"
    assert "21B3" in laws_flagged(t)


def test_25B_2017_lho_accepts_the_substitute() -> None:
    t = table("1H")
    t.change("N", "1S")
    t.judge("nature", "change_of_mind")
    assert t.ruling.law == "25B" and t.ruling.chooser is Seat.EAST
    t.choose("accept")
    assert t.state.auction_text() == "N:1S" and not t.state.restrictions


def test_25B_2017_call_by_lho_accepts() -> None:
    t = table("1H")
    t.change("N", "1S")
    t.judge("nature", "change_of_mind")
    t.call("E", "2C")
    assert t.state.auction_text() == "N:1S E:2C"


def test_25B_2017_not_accepted_original_stands() -> None:
    t = table("1H")
    t.change("N", "1S")
    t.judge("nature", "change_of_mind")
    t.choose("refuse")
    assert t.state.auction_text() == "N:1H" and not t.state.restrictions
    assert t.state.unauthorised and t.state.lead_restrictions


def test_25B_too_late_after_lho_called() -> None:
    t = table("1H 2C")
    t.change("N", "1S")
    t.judge("nature", "change_of_mind")
    assert t.state.auction_text() == "N:1H E:2C" and t.state.pending is None and t.state.unauthorised


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_25B2b1_original_stands_partner_passes_once(laws: str) -> None:
    t = table("1H", laws=laws)
    t.change("N", "1S")
    t.judge("nature", "change_of_mind")
    t.choose("refuse")
    assert t.ruling.chooser is Seat.NORTH and {o.key for o in t.ruling.options} == {"stand", "anew"}
    t.choose("stand")
    assert t.state.auction_text() == "N:1H" and bars(t) == {("S", Bar.PASS_ONCE)}


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_25B2b2_any_call_at_most_average_minus(laws: str) -> None:
    t = table("1H", laws=laws)
    t.change("N", "1S")
    t.judge("nature", "change_of_mind")
    t.choose("refuse")
    t.choose("anew")
    t.call("N", "2S")
    assert t.state.auction_text() == "N:2S" and "25B2(b)(2)" in laws_flagged(t) and not t.state.restrictions


def test_seed003_mechanical_error_changed_after_lho_bid_lho_may_change() -> None:
    t = table("1C 1S", laws="2007")
    t.change("N", "1D")
    t.judge("nature", "unintended")
    t.choose("withdraw")
    t.call("E", "1H")
    assert t.state.auction_text() == "N:1D E:1H"


def test_seed002_purposeful_change_1997_first_call_stands() -> None:
    t = table("1NT", laws="1997")
    t.change("N", "1S")
    t.judge("nature", "change_of_mind")
    t.choose("refuse")
    t.choose("stand")
    t.auction("P")
    t.call("S", "P")
    t.auction("P P")
    assert contract(t) == "1NT N"


def test_25_only_a_player_who_has_called_can_change() -> None:
    t = table("")
    with pytest.raises(IllegalCallError):
        t.change("N", "1S")


# ----- 21B1 after the final pass: the auction period lasts until the opening lead is faced --------------
FLAT = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _final(laws: str = "2017"):  # type: ignore[no-untyped-def]
    from bridge_director.engine import Table
    t = Table(None, dealer="N", vulnerability="None", deal=FLAT, laws=laws)
    t.auction("1NT P 3NT P P P")
    assert t.state.phase == "play"
    return t


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_21B1_final_pass_changed_before_the_opening_lead_reopens_the_auction(laws: str) -> None:
    t = _final(laws)
    t.change("N", "4H")  # North's pass (not the last call) after misinformation from East-West
    t.judge("nature", "misinformation")
    t.judge("influenced", "yes")  # 21B1(a)
    assert t.ruling.law == "21B2" and t.ruling.chooser is Seat.EAST
    t.choose("withdraw", "E")
    assert t.state.phase == "auction" and t.state.play is None and t.state.auction_text().endswith("N:4H")
    assert laws_flagged(t) == {"21B3"}
    t.auction("P P P")
    assert contract(t) == "4H N" and t.state.phase == "play"


def test_21B2_lho_keeps_his_final_pass() -> None:
    t = _final()
    t.change("N", "4H")
    t.judge("nature", "misinformation")
    t.judge("influenced", "yes")  # 21B1(a)
    t.choose("keep", "E")
    assert t.state.auction_text() == "N:1NT E:Pass S:3NT W:Pass N:4H E:Pass" and t.state.play is None


def test_21B3_after_the_opening_lead_is_faced_too_late() -> None:
    from bridge_director.model import Card
    from bridge_director.table.play import CardPlayed
    t = _final()
    t.do(CardPlayed(Seat.EAST, Card.parse("CA")))  # declarer is North: East leads
    with pytest.raises(IllegalCallError) as err:
        t.change("N", "4H")
    assert err.value.law == "21B3"


def test_21B1_partner_has_called_since_too_late() -> None:
    t = _final()
    with pytest.raises(IllegalCallError):
        t.change("W", "X")  # East, West's partner, passed after West's pass
