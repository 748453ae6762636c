"""Seed 003 (UK club guide, 2007 Laws): worked examples checked before only by the order of the options or by a
flag.  Each test names the seed line; see ``docs/seed-examples.md`` for the whole table.
"""

from __future__ import annotations

from bridge_director.model import Card, Seat
from bridge_director.scoring.adjusted import law25b_matchpoints
from playkit import play
from playkit import table as play_table
from tablekit import laws_flagged, table

C = Card.parse


def _pcs(t):  # type: ignore[no-untyped-def]
    return [(p.seat, p.card, p.major) for p in t.state.penalty_cards]


# ----- "An opening lead out of turn" (seed 003 lines 31-38): East leads ♥J, West's lead, South declares 1♠ ----
def test_seed003_54A_accept_and_become_dummy() -> None:
    """Seed 003 line 32, choice 1: declarer accepts the lead and becomes dummy (his partner declares)."""
    t = play_table(laws="2007")
    play(t, "HJ")
    t.choose("spread")
    assert t.state.play.contract.declarer is Seat.NORTH and t.state.play.current.cards == (C("HJ"),)


def test_seed003_54B_accept_partner_becomes_dummy() -> None:
    """Seed 003 line 33, choice 2: declarer accepts the lead, his partner's cards are faced as dummy, and dummy
    plays last to the trick."""
    t = play_table(laws="2007")
    play(t, "HJ")
    t.choose("accept")
    p = t.state.play
    assert p.contract.declarer is Seat.SOUTH and p.current.cards == (C("HJ"),) and p.next_seat is Seat.SOUTH


def test_seed003_54D_refuse_lead_reverts_to_lho_card_is_major_penalty_card() -> None:
    """Seed 003 line 34, choice 3: refused, the lead reverts to declarer's LHO and the card is a major penalty
    card."""
    t = play_table(laws="2007")
    play(t, "HJ")
    t.choose("penalty")
    assert _pcs(t) == [(Seat.EAST, C("HJ"), True)] and t.state.play.next_seat is Seat.WEST


def test_seed003_54D_refuse_and_require_the_suit_card_taken_up() -> None:
    """Seed 003 line 35, choice 4: refused, LHO must lead the same suit; the card goes back into the hand."""
    t = play_table(laws="2007")
    play(t, "HJ")
    t.choose("require")
    rule = t.state.period.lead_rule
    assert not t.state.penalty_cards and C("HJ") in t.state.play.hands[Seat.EAST].cards
    assert rule is not None and (rule.seat, rule.suit.name, rule.require) == (Seat.WEST, "HEARTS", True)


def test_seed003_54D_refuse_and_forbid_the_suit_card_taken_up() -> None:
    """Seed 003 line 36, choice 5: refused, LHO may not lead that suit while he keeps the lead; the card is taken
    up."""
    t = play_table(laws="2007")
    play(t, "HJ")
    t.choose("forbid")
    rule = t.state.period.lead_rule
    assert not t.state.penalty_cards and C("HJ") in t.state.play.hands[Seat.EAST].cards
    assert rule is not None and (rule.seat, rule.suit.name, rule.require) == (Seat.WEST, "HEARTS", False)


def test_seed003_56_lead_out_of_turn_during_play_accepted_stands() -> None:
    """Seed 003 line 38: during the play "you may accept the lead if you wish": the card stands as the lead."""
    t = play_table(laws="2007")
    play(t, "C4 C2 CA C7")  # East wins trick 1
    play(t, "H4")  # West leads at East's turn
    t.choose("accept")
    assert t.state.pending is None and t.state.play.current.cards == (C("H4"),)
    assert t.state.play.next_seat is Seat.NORTH


def test_seed003_56_lead_out_of_turn_during_play_refused_penalty_card() -> None:
    """Seed 003 line 38: "the last 3 options apply": refused, the card is a major penalty card, East leads."""
    t = play_table(laws="2007")
    play(t, "C4 C2 CA C7")
    play(t, "H4")
    t.choose("penalty")
    assert _pcs(t) == [(Seat.WEST, C("H4"), True)] and t.state.play.next_seat is Seat.EAST


# ----- "Penalty cards" (seed 003 line 61) ---------------------------------------------------------------------
def test_seed003_51A_two_major_penalty_cards_declarer_chooses_which_is_played() -> None:
    """Seed 003 line 61: "If he has 2 such cards declarer may decide which of the 2 he is to play": East, on lead
    with ♣A and ♦A on the table, plays the one declarer names (♦A)."""
    t = play_table(laws="2007")
    t.expose("E", "CA", "DA")
    t.choose("leave")
    play(t, "H7 H2 HJ H3")  # East wins and must lead a penalty card
    play(t, "CA")
    t.choose("play:DA")
    assert t.state.play.current.cards == (C("DA"),)
    assert _pcs(t) == [(Seat.EAST, C("CA"), True)]


# ----- "Changes of call" (seed 003 line 55) -------------------------------------------------------------------
def test_seed003_25B_other_call_side_plays_for_at_most_40_percent() -> None:
    """Seed 003 line 55: the change of mind not condoned, the offender makes another bid: "his side is playing
    for a maximum of 40%" and "the non-offending side get the score achieved at the table"."""
    t = table("1H", laws="2007")
    t.change("N", "1S")
    t.judge("nature", "change_of_mind")
    t.choose("refuse")
    t.choose("anew")
    t.call("N", "2S")
    assert "25B2(b)(2)" in laws_flagged(t)
    from bridge_director.scoring.adjusted import PROFILES
    capped = law25b_matchpoints(18, top=24, authority=PROFILES["EBU"])  # 75% at the table
    assert (capped.offenders, capped.non_offenders) == (9.6, 6)
    kept = law25b_matchpoints(6, top=24, authority=PROFILES["EBU"])  # 25%: kept
    assert (kept.offenders, kept.non_offenders) == (6, 18)
