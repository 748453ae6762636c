"""Law 58B: two or more cards led or played at the same time from one hand (``CardsPlayedTogether``).

Deal (playkit): 1♠ by South, West leads, North is dummy.
N ♠432 ♥AKQ2 ♦5432 ♣32 · E ♠5 ♥JT98 ♦AKQ ♣AKQJT · S ♠AKQJT9 ♥3 ♦JT9 ♣987 · W ♠876 ♥7654 ♦876 ♣654
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from bridge_director.cli import app
from bridge_director.engine.log import dumps, loads
from bridge_director.errors import BridgeError
from bridge_director.laws.law58 import CardsPlayedTogether
from bridge_director.model import Card, Seat
from playkit import DEAL, options, play, table


def c(text: str) -> Card:
    return Card.parse(text)


def together(t, seat: str, cards: str, visible: str | None = None) -> None:  # type: ignore[no-untyped-def]
    cs = tuple(c(x) for x in cards.split())
    vs = cs if visible is None else tuple(c(x) for x in visible.split())
    t.do(CardsPlayedTogether(Seat.parse(seat), cs, vs, t.laws))


def penalties(t) -> list[tuple[Seat, Card, bool]]:  # type: ignore[no-untyped-def]
    return [(p.seat, p.card, p.major) for p in t.state.penalty_cards]


# ----- 58B1 ---------------------------------------------------------------------------------------------------
def test_58B1_only_one_face_visible_that_card_is_played_others_picked_up() -> None:
    t = table()
    together(t, "W", "C4 C6", "C4")
    assert t.state.pending is None
    assert t.state.play.current.cards == (c("C4"),) and c("C6") in t.state.play.hands[Seat.WEST].cards
    assert not t.state.penalty_cards
    rec = t.state.records[-1]
    assert rec.law == "58B1" and "47F" in rec.outcome and "(Law 16C)" in rec.outcome
    assert t.state.unauthorised[-1].law == "16C" and t.state.unauthorised[-1].side is Seat.WEST.side


@pytest.mark.parametrize(("laws", "law16"), [("2017", "16C"), ("2007", "16D"), ("1997", "16C")])
def test_58B1_information_from_the_cards_picked_up_by_edition(laws: str, law16: str) -> None:
    t = table(laws=laws)
    together(t, "W", "C4 C6", "C4")
    assert t.state.unauthorised[-1].law == law16 and f"(Law {law16})" in t.state.records[-1].outcome


def test_58B1_found_after_the_trick_the_visible_card_stands() -> None:
    t = table()
    play(t, "C4 C2 CA C7")  # South's ♣8 came out with the ♣7, face down, found now
    together(t, "S", "C7 C8", "C7")
    assert t.state.play.tricks[0].cards[-1] == c("C7") and t.state.records[-1].law == "58B1"
    assert c("C8") in t.state.play.hands[Seat.SOUTH].cards


# ----- 58B2 ---------------------------------------------------------------------------------------------------
def test_58B2_defender_other_cards_become_penalty_cards() -> None:
    """Two faces visible: the defender designates; the other card (an honour) is a major penalty card."""
    t = table()
    play(t, "C4 C2")
    together(t, "E", "CA CK")
    r = t.ruling
    assert r.law == "58B" and r.chooser is Seat.EAST and r.offender is Seat.EAST
    assert options(t) == ["play:CA", "play:CK"]
    assert r.text.startswith("East, ") and "(Law 58B2)" in r.text and "major penalty card" in r.text
    t.choose("play:CK", "E")
    assert t.state.play.current.cards == (c("C4"), c("C2"), c("CK"))
    assert penalties(t) == [(Seat.EAST, c("CA"), True)]
    assert t.state.records[-1].law == "58B2"


def test_58B2_defender_single_spot_card_is_a_minor_penalty_card() -> None:
    """Law 50: a single card below the ten exposed by playing two cards at once is a minor penalty card."""
    t = table()
    together(t, "W", "H7 H6")
    assert "minor penalty card" in t.ruling.option("play:H7").consequence
    t.choose("play:H7")
    assert t.state.play.current.cards == (c("H7"),)
    assert penalties(t) == [(Seat.WEST, c("H6"), False)]


def test_58B2_defender_two_other_cards_are_major_and_unseen_card_picked_up() -> None:
    t = table()
    together(t, "W", "H7 H6 H5 H4", "H7 H6 H5")
    t.choose("play:H5")
    assert penalties(t) == [(Seat.WEST, c("H7"), True), (Seat.WEST, c("H6"), True)]
    assert c("H4") in t.state.play.hands[Seat.WEST].cards and t.state.unauthorised[-1].law == "50E"


def test_58B2_declarer_other_card_no_penalty_card() -> None:
    t = table()
    play(t, "C4 C2 CA")
    together(t, "S", "C9 C8")
    r = t.ruling
    assert r.chooser is Seat.SOUTH and "48A" in r.option("play:C8").consequence
    t.choose("play:C8")
    assert t.state.play.tricks[0].cards[-1] == c("C8") and not t.state.penalty_cards
    assert c("C9") in t.state.play.hands[Seat.SOUTH].cards


def test_58B2_only_the_offender_designates() -> None:
    t = table()
    together(t, "W", "H7 H6")
    with pytest.raises(BridgeError):
        t.choose("play:H7", "S")
    with pytest.raises(BridgeError):
        play(t, "H2")


def test_58B2_lead_out_of_turn_designated_card_is_ruled_as_such() -> None:
    """The designated card is then an ordinary card: East's lead out of turn goes to Law 54, the other card is a
    penalty card."""
    t = table()
    together(t, "E", "HJ HT")
    t.choose("play:HJ")
    assert t.ruling is not None and t.ruling.law == "54"
    assert (Seat.EAST, c("HT"), True) in penalties(t)


# ----- 58B3 ---------------------------------------------------------------------------------------------------
def test_58B3_opponent_who_played_after_may_substitute() -> None:
    """East's ♣T and ♣J came out together, found after South played; East designates the jack: the ten goes
    back (a major penalty card), South's card goes back and South plays again, any card."""
    t = table()
    play(t, "C4 C2 CT C7")
    together(t, "E", "CT CJ")
    assert "may play another card without rectification (Law 58B3)" in t.ruling.option("play:CJ").consequence
    t.choose("play:CJ")
    assert t.state.play.current.cards == (c("C4"), c("C2"), c("CJ")) and t.state.play.next_seat is Seat.SOUTH
    assert (Seat.EAST, c("CT"), True) in penalties(t)
    play(t, "C9")
    assert t.state.play.tricks[0].cards[-1] == c("C9")


def test_58B3_partners_card_stands_when_the_suit_led_is_unchanged() -> None:
    t = table()
    play(t, "C4 C2 CA C7")
    together(t, "W", "C4 C5")
    t.choose("play:C5")
    p = t.state.play
    assert p.current.cards == (c("C5"),) and p.next_seat is Seat.NORTH
    assert (Seat.WEST, c("C4"), False) in penalties(t)
    play(t, "C3")  # dummy plays again; East's ♣A is played again at his turn
    assert t.state.play.current.cards == (c("C5"), c("C3"), c("CA"))
    assert any(u.law == "16C" and "58B3" in u.source for u in t.state.unauthorised)


# ----- 58B4 ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("laws", "clause"), [("2017", "58B4"), ("2007", "58B4"), ("1997", "58C")])
def test_58B4_found_after_both_sides_played_to_the_next_trick_law_67(laws: str, clause: str) -> None:
    t = table(laws=laws)
    play(t, "C4 C2 CA C7 DA D9")
    together(t, "S", "C7 C8", "C7 C8")
    assert t.state.pending is None
    assert [r.law for r in t.state.records[-2:]] == [clause, "67B2"]
    assert t.state.play.tricks[0].cards[-1] == c("C7") and c("C8") in t.state.play.hands[Seat.SOUTH].cards
    assert not t.state.penalty_cards


def test_58B_before_both_sides_played_to_the_next_trick_is_still_58B() -> None:
    t = table()
    play(t, "C4 C2 CA C7 DA")
    together(t, "S", "C7 C8")
    assert t.ruling.law == "58B"


# ----- impossible input, log, CLI ----------------------------------------------------------------------------
@pytest.mark.parametrize(("seat", "cards", "visible"), [("W", "C4", "C4"), ("W", "C4 SA", "C4"),
                                                        ("W", "C4 C6", "C5"), ("W", "C4 C6", "")])
def test_58B_impossible_input_refused(seat: str, cards: str, visible: str) -> None:
    t = table()
    with pytest.raises(BridgeError):
        together(t, seat, cards, visible)


def test_58B_event_round_trips_in_the_json_log() -> None:
    t = table()
    together(t, "W", "H7 H6 H5", "H7 H6")
    t.choose("play:H6")
    text = dumps(t)
    entry = next(e for e in json.loads(text)["events"] if e["type"] == "together")
    assert entry == {"type": "together", "seat": "W", "cards": ["H7", "H6", "H5"], "visible": ["H7", "H6"]}
    again = loads(text)
    assert again.state.penalty_cards == t.state.penalty_cards and again.state.play == t.state.play


def test_58B_cli_together_word() -> None:
    lines = ["P", "P", "1S", "P", "P", "P", "together W H7 H6 [H5]", "choose play:H7", "show"]
    result = CliRunner().invoke(app, ["table", "play", "--board", "1", "--deal", DEAL], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "Law 58B2" in result.output and "West ♥6 (minor" in result.output
