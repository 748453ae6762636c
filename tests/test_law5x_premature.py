"""Laws 57-59: premature play by a defender and declarer's four choices; inability to comply (59)."""

from __future__ import annotations

import pytest

from bridge_director.model import Card, Seat
from bridge_director.table.play import RevokeCorrected
from playkit import options, play, table


def test_49_defender_plays_out_of_rotation_after_partner_is_a_penalty_card() -> None:
    t = table()
    play(t, "C4 C2 CA C7")  # East wins trick 1
    play(t, "DA")  # East leads; South to play, but West plays first (his partner has played)
    play(t, "D6")
    assert [(p.seat, p.card, p.major) for p in t.state.penalty_cards] == [(Seat.WEST, Card.parse("D6"), True)]
    assert t.state.play.next_seat is Seat.SOUTH


def test_57A_premature_play_to_a_trick_led_by_declarer() -> None:
    t = table()
    play(t, "H4 HA H8 H3")  # dummy wins trick 1
    play(t, "D2")  # dummy leads ♦2; East to play
    play(t, "D6")  # West plays before his partner East
    r = t.ruling
    assert r.law == "57" and r.chooser is Seat.SOUTH
    keys = options(t)
    assert keys[:2] == ["highest", "lowest"] and "another:S" in keys and "forbid:C" in keys
    assert "another:D" not in keys
    t.choose("highest")
    assert [(p.seat, p.card, p.major) for p in t.state.penalty_cards] == [(Seat.WEST, Card.parse("D6"), True)]
    play(t, "DA")  # East's highest diamond
    assert not t.state.period.revokes


def test_61A_57A_not_the_highest_card_is_a_revoke() -> None:
    """Law 61A: East, required to play his highest diamond (57A), plays the queen: a revoke (not refused),
    corrected by the ace before it is established; the queen becomes a major penalty card (62B1)."""
    t = table()
    play(t, "H4 HA H8 H3 D2 D6")
    t.choose("highest")
    play(t, "DQ")
    r = t.state.period.revokes[-1]
    assert (r.seat, r.rule, r.held) == (Seat.EAST, "57A", (Card.parse("DA"),))
    t.do(RevokeCorrected(Seat.EAST, Card.parse("DA")))
    assert t.state.play.current.cards[1] == Card.parse("DA")
    assert (Seat.EAST, Card.parse("DQ"), True) in [(p.seat, p.card, p.major) for p in t.state.penalty_cards]


def test_57A_lowest() -> None:
    t = table()
    play(t, "H4 HA H8 H3 D2 D6")
    t.choose("lowest")
    play(t, "DQ")
    assert t.state.play.current.cards[-1] == Card.parse("DQ")


def test_59_unable_to_comply_plays_any_card() -> None:
    t = table()
    play(t, "H4 HA H8 H3 D2 D6")
    t.choose("another:S")  # East holds diamonds: following suit comes first
    play(t, "DK")
    assert t.state.pending is None


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_61A_57A1c_not_the_suit_declarer_named_is_a_revoke(laws: str) -> None:
    """Law 61A (every edition): East, void in the suit led and told to play a club (57A), discards a diamond
    holding clubs: a revoke with the rule's clause; the complying cards are his clubs."""
    t = table(laws=laws)
    play(t, "S8 S2 S5 SA H3 H4 HA H8")  # East is void in spades; dummy wins trick 2
    play(t, "S3 S7")  # dummy leads a spade; West plays before his partner East
    t.choose("another:C")
    play(t, "DA")
    r = t.state.period.revokes[-1]
    assert (r.seat, r.rule, r.edition.value) == (Seat.EAST, "57A", laws) and Card.parse("CA") in r.held
    assert all(c.suit == Card.parse("CA").suit for c in r.held)
