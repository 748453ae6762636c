"""The play through the engine: cards in turn, follow suit (Law 44), tricks, the result and the score (Law 77)."""

from __future__ import annotations

import pytest

from bridge_director.engine import Table
from bridge_director.engine.log import dumps, loads
from bridge_director.errors import BridgeError, IllegalPlayError
from bridge_director.model import Card, Contract, Seat
from bridge_director.table.play import CardPlayed, DummyFaced
from bridge_director.table.summary import board_summary, summary_json
from playkit import DEAL, FLAT, play, play_out, table


def test_41_play_starts_when_the_auction_ends() -> None:
    t = table()
    assert t.state.play is not None and t.state.play.next_seat is Seat.WEST
    assert not t.state.period.dummy_faced


def test_41D_dummy_faced_after_the_opening_lead() -> None:
    t = table()
    play(t, "H7")
    assert not t.state.period.dummy_faced  # the lead is faced; dummy spreads next
    t.do(DummyFaced())
    assert t.state.period.dummy_faced


def test_41D_dummy_faced_once_a_second_card_is_played() -> None:
    t = table()
    play(t, "H7 H2")
    assert t.state.period.dummy_faced


def test_41D_dummy_is_not_faced_before_the_opening_lead() -> None:
    t = table()
    with pytest.raises(IllegalPlayError) as err:
        t.do(DummyFaced())
    assert err.value.law == "41D" and not t.state.period.dummy_faced


def test_44_a_trick_goes_to_the_highest_trump() -> None:
    t = table()
    play(t, "C4 C2 CA C7")  # West leads, North, East wins with the ace
    assert t.state.play.next_seat is Seat.EAST and t.state.pending is None


def test_44_follow_suit_no_irregularity_when_void() -> None:
    t = table()
    play(t, "C4 C2 CA C7 CK C9 C5 C3 CQ S9")  # South ruffs the third club: void? no — South holds ♣8
    assert len(t.state.period.revokes) == 1  # South still held ♣8: a revoke, recorded not refused (Law 61)
    t2 = table()
    play(t2, "C4 C2 CA C7 CK C9 C5 C3 CQ C8 C6 H2")  # North is void in clubs: a legal discard
    assert not t2.state.period.revokes


def test_45_a_card_not_held_is_impossible() -> None:
    t = table()
    with pytest.raises(IllegalPlayError) as err:
        t.do(CardPlayed(Seat.WEST, Card.parse("SA")))
    assert err.value.law == "45"


def test_play_needs_the_deal() -> None:
    t = Table(None, dealer="N", vulnerability="None")
    t.auction("P P 1S P P P")
    with pytest.raises(BridgeError):
        t.do(CardPlayed(Seat.WEST, Card.parse("H7")))


def test_play_thirteen_tricks_give_result_and_score() -> None:
    t = table()
    play_out(t)
    s = board_summary(t.state)
    assert t.state.play.finished and len(t.state.play.completed_tricks) == 13
    won = t.state.play.declarer_tricks
    assert s.tricks_at_table == won == s.final_tricks
    assert s.score_ns == Contract.parse("1S", Seat.SOUTH).score_ns(won, t.state.vulnerability)
    assert s.result == ("=" if won == 7 else f"{won - 7:+d}")
    assert "Final:" in s.text()


def test_play_66_no_card_after_the_end() -> None:
    t = table()
    play_out(t)
    with pytest.raises(IllegalPlayError) as err:
        t.do(CardPlayed(Seat.WEST, Card.parse("H7")))
    assert err.value.law in ("45", "66")


def test_play_summary_carries_auction_flags() -> None:
    t = Table(None, dealer="N", vulnerability="None", deal=FLAT)
    t.auction("1S")
    t.call("E", "1H")  # insufficient
    t.choose("refuse")
    t.call("E", "3H")
    t.judge("comparable", "no")
    t.auction("P P P")
    play_out(t)
    s = board_summary(t.state)
    assert any("Law 72C" in f for f in s.flags) and s.unauthorised and s.final_tricks is not None


def test_play_log_round_trip() -> None:
    t = table()
    play(t, "H7 H2 HJ H3")
    back = loads(dumps(t))
    assert back.state.play == t.state.play and back.log == t.log


def test_play_summary_json() -> None:
    t = table(deal=DEAL)
    play_out(t)
    j = summary_json(t.state)
    assert j["tricks_played"] == 13 and j["score_ns"] == board_summary(t.state).score_ns


def test_play_undo_a_card() -> None:
    t = table()
    play(t, "H7")
    t.undo()
    assert not t.state.play.current.cards
