"""Laws 42-43 (dummy's rights and limits), 46B (incomplete designation of dummy's card) and 47 (retraction)."""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError, IllegalPlayError
from bridge_director.laws.law42_47 import DummyAct
from bridge_director.laws.law65_67 import TrickEntry
from bridge_director.model import Card, Seat
from bridge_director.table.play import CardPlayed, CardWithdrawn, DummyCardCalled
from bridge_director.table.summary import board_summary
from playkit import options, play, table


def c(text: str) -> Card:
    return Card.parse(text)


def call(t, words: str) -> None:  # type: ignore[no-untyped-def]
    t.do(DummyCardCalled(words, t.laws))


# ----- 46 ---------------------------------------------------------------------------------------------------
def test_46A_a_complete_designation_is_played() -> None:
    t = table()
    play(t, "H7")
    call(t, "heart queen")
    assert t.state.pending is None and t.state.play.current.cards[-1] == c("HQ")


@pytest.mark.parametrize(("words", "clause", "card"), [("high", "46B1(a)", "HA"), ("low", "46B1(c)", "H2"),
                                                       ("win", "46B1(b)", "HQ")])
def test_46B1_high_low_win(words: str, clause: str, card: str) -> None:
    t = table()
    play(t, "H7")
    call(t, words)
    r = t.ruling
    assert r.law == "46B" and r.questions[0].key == "intention" and f"(Law {clause})" in r.text
    t.judge("intention", "no")
    assert t.state.play.current.cards[-1] == c(card) and t.state.records[-1].law == clause


def test_46B_incontrovertible_intention_is_the_directors_judgement() -> None:
    t = table()
    play(t, "H7")
    call(t, "low")
    t.judge("intention", "HK")
    assert t.state.play.current.cards[-1] == c("HK") and t.state.records[-1].law == "46B"


def test_46B2_suit_without_rank_is_the_lowest() -> None:
    t = table()
    play(t, "H7 HA H8 H3")  # dummy wins and leads
    call(t, "spade")
    t.judge("intention", "no")
    assert t.state.play.current.cards == (c("S2"),)


def test_46B3a_rank_on_a_lead_continues_dummy_s_winning_suit() -> None:
    t = table()
    play(t, "H7 HA H8 H3")
    call(t, "queen")
    assert "(Law 46B3(a))" in t.ruling.text
    t.judge("intention", "no")
    assert t.state.play.current.cards == (c("HQ"),)


def test_46B4_card_not_in_dummy_declarer_designates_any_legal_card() -> None:
    t = table()
    play(t, "H7")
    call(t, "SK")
    assert t.ruling.chooser is Seat.SOUTH and options(t) == ["card:H2", "card:HQ", "card:HK", "card:HA"]
    t.choose("card:HK", "S")
    assert t.state.play.current.cards[-1] == c("HK")


def test_46B5_play_anything_a_defender_designates() -> None:
    t = table()
    play(t, "H7")
    call(t, "play anything")
    assert t.ruling.chooser is Seat.WEST
    with pytest.raises(BridgeError):
        t.choose("card:H2", "S")
    t.choose("card:H2", "E")
    assert t.state.play.current.cards[-1] == c("H2")


# ----- 47 ---------------------------------------------------------------------------------------------------
def test_47C_change_of_designation_card_back_without_rectification() -> None:
    t = table()
    play(t, "H7 H2")
    t.do(CardWithdrawn(Seat.NORTH, "47C"))
    assert t.state.play.next_seat is Seat.NORTH and c("H2") in t.state.play.hands[Seat.NORTH].cards
    assert not t.state.penalty_cards


def test_47B_defender_withdrawing_an_illegal_play_gets_a_penalty_card() -> None:
    t = table()
    play(t, "H7 H2 H8")
    t.do(CardWithdrawn(Seat.EAST, "47B"))
    assert (Seat.EAST, c("H8"), True) in {(p.seat, p.card, p.major) for p in t.state.penalty_cards}


def test_47D_later_cards_of_the_trick_go_back_too() -> None:
    t = table()
    play(t, "H7 H2 H8")
    t.do(CardWithdrawn(Seat.NORTH, "47C"))
    assert t.state.play.current.cards == (c("H7"),) and "47D" in t.state.records[-1].outcome


def test_47E2_too_late_after_a_later_card_flags_an_adjustment() -> None:
    t = table()
    play(t, "H7 H2 H8")
    t.do(CardWithdrawn(Seat.NORTH, "47E2"))
    assert t.state.play.current.cards == (c("H7"), c("H2"), c("H8"))
    assert any(f.law == "47E2(b)" for f in t.state.flags)


def test_47E1_lead_out_of_turn_after_misinformation_is_withdrawn() -> None:
    t = table()
    t.do(CardPlayed(Seat.EAST, c("CA")))  # East leads out of turn: Law 54 pending
    t.do(CardWithdrawn(Seat.EAST, "47E1"))
    assert t.state.pending is None and not t.state.penalty_cards and t.state.records[-1].law == "47E1"
    play(t, "H7")


def test_47F_no_other_withdrawal() -> None:
    t = table()
    play(t, "H7")
    with pytest.raises(IllegalPlayError):
        t.do(CardWithdrawn(Seat.WEST, "47F"))


# ----- 42, 43 -----------------------------------------------------------------------------------------------
def test_42B2_dummy_prevents_a_lead_from_the_wrong_hand_no_rectification() -> None:
    t = table()
    t.do(DummyAct("prevent"))
    assert t.state.records[-1].law == "42B2" and not t.state.flags


def test_43B2a_warning_after_forfeiting_rights_defenders_choose_the_hand() -> None:
    t = table()
    play(t, "H7 HA H8 H3")  # dummy wins and is on lead
    t.do(DummyAct("warn", forfeited=True))
    assert t.ruling.law == "43B2(a)" and options(t) == ["hand:S", "hand:N"]
    t.choose("hand:S", "E")
    t.do(CardPlayed(Seat.SOUTH, c("SA")))
    assert t.state.pending is None and t.state.play.current.leader is Seat.SOUTH


def test_43B2b_dummy_asks_declarer_about_a_revoke_after_forfeiting() -> None:
    t = table()
    play(t, "H7 H2 H8 S9")  # South revokes (holds ♥3)
    t.do(DummyAct("ask-declarer", forfeited=True))
    assert options(t) == ["card:H3"]
    t.choose("card:H3", "S")
    r = t.state.period.revokes[0]
    assert r.established and not r.corrected and t.state.play.tricks[0].cards[-1] == c("H3")


def test_43B1_43B3_dummy_asks_a_defender() -> None:
    t = table()
    play(t, "H7")
    t.do(DummyAct("ask-defender", forfeited=True))
    assert {f.law for f in t.state.flags} >= {"43B1", "43B3"}
    t97 = table(laws="1997")
    t97.do(DummyAct("ask-defender", forfeited=True, laws=t97.laws))
    assert "1997 Law 43B3" in t97.state.records[-1].outcome


# ----- 65-67 ------------------------------------------------------------------------------------------------
def test_65B3_quitted_trick_pointed_the_wrong_way_the_cards_decide() -> None:
    t = table()
    play(t, "H7 H2 H8 H3")
    t.do(TrickEntry("quitted", Seat.WEST, 1))
    assert t.state.records[-1].law == "65B3" and "East's side" in t.state.records[-1].outcome


def test_67B1_card_too_many_deemed_revoke_one_trick() -> None:
    t = table()
    play(t, "H7 H2 H8 H3")
    t.do(TrickEntry("too-many", Seat.EAST, 1))
    assert [(x.law, x.tricks) for x in t.state.period.transfers] == [("67B1", 1)]


def test_67B1_1997_no_penalty_when_he_holds_the_suit_led() -> None:
    t = table(laws="1997")
    play(t, "H7 H2 H8 H3")
    t.do(TrickEntry("too-many", Seat.EAST, 1, t.laws))
    assert t.ruling.questions[0].key == "held_suit"
    t.judge("held_suit", "yes")
    assert not t.state.period.transfers and t.state.records[-1].law == "67B1(a)"


def test_67B2_too_few_cards_ownership_unchanged() -> None:
    t = table()
    play(t, "H7 H2 H8 H3")
    t.do(TrickEntry("too-few", Seat.WEST, 1))
    assert t.state.records[-1].law == "67B2" and board_summary(t.state).flags


def test_47B_card_of_the_trick_just_turned_may_still_be_withdrawn() -> None:
    """47B: before anyone plays to the next trick, the trick just completed is still the one in play: a
    defender's card of it withdrawn to correct an illegal play becomes a major penalty card; the card played
    after it goes back too (47D)."""
    t = table()
    play(t, "H7 H2 HJ H3")
    t.do(CardWithdrawn(Seat.EAST, "47B"))
    p = t.state.play
    assert p.current.cards == (Card.parse("H7"), Card.parse("H2")) and p.next_seat is Seat.EAST
    assert [(x.seat, x.card, x.major) for x in t.state.penalty_cards] == [(Seat.EAST, Card.parse("HJ"), True)]


def test_47F_card_of_an_earlier_trick_stands() -> None:
    """47F: a card of an earlier trick is not withdrawn under Law 47 (Laws 62 and 67 govern those cases)."""
    t = table()
    play(t, "H7 H2 HJ H3 CA")
    with pytest.raises(IllegalPlayError) as err:
        t.do(CardWithdrawn(Seat.WEST, "47B"))
    assert err.value.law == "47F" and "Law 62" in str(err.value)


def test_43B2a_defenders_choose_the_hand_already_on_lead() -> None:
    """43B2(a): the defenders choose the hand on lead: declarer leads from it; a lead from the other hand is then
    a lead out of turn (Law 55)."""
    t = table()
    play(t, "H7 HA H8 H3")  # dummy wins and is on lead
    t.do(DummyAct("warn", forfeited=True))
    t.choose("hand:N", "W")
    assert t.state.period.lead_from is None and "the hand on lead" in t.state.records[-1].outcome
    t.do(CardPlayed(Seat.SOUTH, c("SA")))
    assert t.ruling.law == "55"
