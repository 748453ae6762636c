"""Laws 53-56 (and 41A): leads out of turn — the five options of Law 54, declarer's lead (55), a defender's (56)."""

from __future__ import annotations

import pytest

from bridge_director.errors import IllegalCallError, IllegalPlayError
from bridge_director.model import Card, Seat
from bridge_director.table.play import CardPlayed, RevokeCorrected
from playkit import options, play, table

# 1♠ by South: West makes the opening lead, North is dummy.


def oloot():  # type: ignore[no-untyped-def]
    t = table()
    play(t, "HJ")  # East leads out of turn
    return t


def test_54_opening_lead_out_of_turn_five_options() -> None:
    t = oloot()
    r = t.ruling
    assert r.law == "54" and r.offender is Seat.EAST and r.chooser is Seat.SOUTH
    assert options(t) == ["spread", "accept", "require", "forbid", "penalty"]
    for word in ("Law 54A", "Law 54B", "50D2", "penalty card", "South, which do you choose?"):
        assert word in r.text


def test_54A_declarer_spreads_and_becomes_dummy() -> None:
    t = oloot()
    t.choose("spread", "S")
    p = t.state.play
    assert p.contract.declarer is Seat.NORTH and p.contract.dummy is Seat.SOUTH
    assert p.current.leader is Seat.EAST and p.next_seat is Seat.SOUTH
    assert t.state.pending is None and not t.state.penalty_cards


def test_54B_accept_declarer_plays_second() -> None:
    t = oloot()
    t.choose("accept")
    p = t.state.play
    assert p.contract.declarer is Seat.SOUTH and p.current.cards == (Card.parse("HJ"),)
    assert p.next_seat is Seat.SOUTH


def test_53A_play_from_the_next_hand_accepts_the_lead() -> None:
    t = oloot()
    play(t, "H3")  # South plays to it
    assert t.state.pending is None and t.state.play.current.cards == (Card.parse("HJ"), Card.parse("H3"))
    assert any(r.law == "54B" for r in t.state.records)


def test_54C_declarer_who_could_see_dummy_must_accept() -> None:
    t = oloot()
    t.judge("saw_dummy", "yes")
    assert options(t) == ["accept"] and "must accept" in t.ruling.text
    with pytest.raises(IllegalCallError):
        t.choose("penalty")


def test_54D_refuse_and_require_the_suit() -> None:
    t = oloot()
    t.choose("require")
    assert t.state.play.next_seat is Seat.WEST and not t.state.penalty_cards
    assert Card.parse("HJ") in t.state.play.hands[Seat.EAST].cards
    assert t.state.unauthorised and t.state.unauthorised[-1].side.value == "EW"
    play(t, "H7")
    assert t.state.pending is None and not t.state.period.revokes


def test_61A_54D_failure_to_lead_the_required_suit_is_a_revoke() -> None:
    """Law 61A: West, required to lead hearts (54D, 50D2(a)), leads a club holding hearts: a revoke, not a refusal;
    corrected before it is established, the club becomes a major penalty card (62B1)."""
    t = oloot()
    t.choose("require")
    play(t, "C4")
    r = t.state.period.revokes[-1]
    assert (r.seat, r.rule, r.suit) == (Seat.WEST, "50D2", Card.parse("H7").suit)
    assert "61A" in t.state.period.notes[-1]
    t.do(RevokeCorrected(Seat.WEST, Card.parse("H7")))
    assert t.state.play.current.cards == (Card.parse("H7"),) and t.state.period.revokes[-1].corrected
    assert [(p.seat, p.card, p.major) for p in t.state.penalty_cards] == [(Seat.WEST, Card.parse("C4"), True)]


def test_54D_refuse_and_forbid_the_suit_while_he_keeps_the_lead() -> None:
    t = oloot()
    t.choose("forbid")
    play(t, "D6 D2 DA D9")  # East wins: West no longer keeps the lead, the prohibition ends
    assert t.state.period.lead_rule is None


def test_54D_refuse_and_leave_a_major_penalty_card() -> None:
    t = oloot()
    t.choose("penalty")
    pc = t.state.penalty_cards
    assert [(p.seat, p.card, p.major) for p in pc] == [(Seat.EAST, Card.parse("HJ"), True)]
    play(t, "C4")  # West leads anything; no second 50D ruling for the same lead
    assert t.state.pending is None


def test_41A_face_down_opening_lead_out_of_turn_goes_back() -> None:
    t = table()
    t.do(CardPlayed(Seat.EAST, Card.parse("HJ"), face_down=True))
    assert t.state.pending is None and t.state.records[-1].law == "41A"
    assert Card.parse("HJ") in t.state.play.hands[Seat.EAST].cards and t.state.play.next_seat is Seat.WEST


# ----- Law 56: a defender leads out of turn later in the play ------------------------------------------------
def test_56_defender_leads_at_partners_turn_four_options() -> None:
    t = table()
    play(t, "C4 C2 CA C7")  # East wins trick 1 and is on lead
    play(t, "H7")  # West leads instead
    assert t.ruling.law == "56" and t.ruling.chooser is Seat.SOUTH
    assert options(t) == ["accept", "require", "forbid", "penalty"]


def test_56_defender_leads_when_declarers_side_is_on_lead() -> None:
    t = table()
    play(t, "H4 HA H8 H3")  # dummy wins and is on lead
    play(t, "C4")  # West leads out of turn
    assert options(t) == ["accept", "refuse"]
    t.choose("refuse")
    assert [(p.seat, p.card, p.major) for p in t.state.penalty_cards] == [(Seat.WEST, Card.parse("C4"), True)]
    assert t.state.play.next_seat is Seat.NORTH


def test_56_accepted_next_hand_plays() -> None:
    t = table()
    play(t, "C4 C2 CA C7 H7")
    t.choose("accept")
    assert t.state.play.current.leader is Seat.WEST and t.state.play.next_seat is Seat.NORTH


# ----- Law 55: declarer leads out of turn -------------------------------------------------------------------
def test_55A_declarer_leads_at_a_defenders_turn_retracted() -> None:
    t = table()
    play(t, "C4 C2 CA C7 SA")  # East is on lead; South leads
    r = t.ruling
    assert r.law == "55" and r.chooser is Seat.WEST and options(t) == ["accept", "retract"]
    t.choose("retract", "E")
    assert t.state.play.next_seat is Seat.EAST and Card.parse("SA") in t.state.play.hands[Seat.SOUTH].cards
    assert any(f.law == "55C" for f in t.state.flags)


def test_55A_accepted_by_a_play() -> None:
    t = table()
    play(t, "C4 C2 CA C7 SA S6")  # West plays to it: accepted
    assert t.state.pending is None and t.state.play.current.leader is Seat.SOUTH


def test_55B_lead_from_the_wrong_hand() -> None:
    t = table()
    play(t, "H4 HA H8 H3")  # dummy wins; declarer leads from his own hand
    play(t, "SA")
    assert "from North's hand" in t.ruling.options[1].consequence and t.ruling.options[1].law == "55B"
    t.choose("retract")
    assert t.state.play.next_seat is Seat.NORTH


def test_55_only_a_defender_chooses() -> None:
    t = table()
    play(t, "C4 C2 CA C7 SA")
    with pytest.raises(IllegalCallError):
        t.choose("accept", "N")


def test_61A_54D_forbidden_suit_led_kept_after_a_later_card_is_established() -> None:
    """Law 61A: West leads the forbidden heart; the offending side plays to the next trick, so the revoke is
    established (63A1) and stands (63B): it cannot be corrected any more."""
    t = oloot()
    t.choose("forbid")
    play(t, "H7 H2 HJ H3")  # East (offender's partner) wins trick 1
    assert t.state.period.revokes[-1].rule == "50D2"
    play(t, "DA")
    assert t.state.period.revokes[-1].established
    with pytest.raises(IllegalPlayError):
        t.do(RevokeCorrected(Seat.WEST, Card.parse("D6")))
