"""Laws 57-59: premature play by a defender and declarer's four choices; inability to comply (59)."""

from __future__ import annotations

import pytest

from bridge_director.errors import IllegalPlayError
from bridge_director.model import Card, Seat
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
    with pytest.raises(IllegalPlayError) as err:
        play(t, "DQ")
    assert err.value.law == "57A"
    play(t, "DA")  # East's highest diamond


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
