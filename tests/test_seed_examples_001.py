"""Seed 001 (ACBL technical file, 1997 Laws): worked examples that had no test asserting the seed's outcome.

Each test names the seed line; see ``docs/seed-examples.md`` for the whole table.
"""

from __future__ import annotations

from bridge_director.model import Card, Contract, Seat
from bridge_director.table.state import Bar
from playkit import options, play
from playkit import table as play_table
from tablekit import bars, contract, laws_flagged, table

C = Card.parse


def _pcs(t):  # type: ignore[no-untyped-def]
    return [(p.seat, p.card, p.major) for p in t.state.penalty_cards]


# ----- Law 23, "IRREGULAR PASSES CAUSING DAMAGE" (seed 001 lines 149-241) -------------------------------------
def test_seed001_31_safe_psych_out_of_turn_partner_passes_throughout() -> None:
    """Seed 001 line 150: South passes; before West calls, North bids 1S out of turn; East does not accept; West
    opens and North passes at his turn.  The seed: South must pass for the rest of the auction (and Law 23 lets
    the director adjust if the opponents were damaged)."""
    t = table("P", dealer="S", laws="1997")
    t.call("N", "1S")  # at West's turn: West is North's right-hand opponent
    t.choose("refuse")
    t.call("W", "1H")
    t.call("N", "P")
    assert bars(t) == {("S", Bar.PASS_THROUGHOUT)}
    assert "23" in laws_flagged(t)


def test_seed001_27_insufficient_3C_over_4D_corrected_to_4NT_bars_partner() -> None:
    """Seed 001 line 204: partner's last bid was 4D and the player bids 3C (a stopper) — insufficient.  Any
    correction other than 5C bars his partner; he chooses 4NT.  The seed: partner must pass (and Law 23 applies if
    4NT does well)."""
    t = table("1D P 2C P 4D P", laws="1997")
    t.call("S", "3C")
    t.choose("refuse")
    t.call("S", "4NT")
    assert bars(t) == {("N", Bar.PASS_THROUGHOUT)}
    assert "23" in laws_flagged(t)


def test_seed001_27_insufficient_3C_over_4D_corrected_to_5C_no_bar() -> None:
    """Seed 001 line 212: "his partner would have to pass any call other than 5 clubs": 5C, the lowest sufficient
    bid in the same (natural) denomination, leaves partner free."""
    t = table("1D P 2C P 4D P", laws="1997")
    t.call("S", "3C")
    t.choose("refuse")
    t.call("S", "5C")
    t.judge("natural", "yes")
    assert not bars(t)


def test_seed001_31_third_chair_1NT_out_of_turn_passed_out_result_kept() -> None:
    """Seed 001 line 227: in third chair a player opens 1NT out of turn (before his partner, the dealer, has
    called); partner is barred, it goes pass-pass to him, he bids 1NT, passed out, and makes two (eight tricks).
    The seed: Law 23 does not apply, he keeps his score (+120 non-vulnerable)."""
    t = table("", dealer="N", laws="1997")
    t.call("S", "1NT")  # North, the dealer, is South's partner
    t.choose("refuse")
    assert bars(t) == {("N", Bar.PASS_THROUGHOUT)}
    t.auction("P P")
    t.call("S", "1NT")
    t.auction("P P P")
    assert contract(t) == "1NT S"
    assert Contract.parse("1NT", Seat.SOUTH).score(8, vulnerable=False) == 120


# ----- LEAD OUT OF TURN (seed 001 lines 784-816): the outcome of each choice ---------------------------------
def test_seed001_54A_accept_and_become_dummy_partner_declares() -> None:
    """Seed 001 line 784: declarer "may accept the lead and then be either the declarer or the dummy": he chooses
    dummy, so his partner (North) becomes declarer and the card led stands."""
    t = play_table(laws="1997")
    play(t, "HJ")  # East leads; it was West's opening lead
    t.choose("spread")
    p = t.state.play
    assert p.contract.declarer is Seat.NORTH and p.current.cards == (C("HJ"),)


def test_seed001_54B_accept_and_stay_declarer() -> None:
    """Seed 001 line 784: accepted, declarer stays declarer and plays second from his own hand."""
    t = play_table(laws="1997")
    play(t, "HJ")
    t.choose("accept")
    p = t.state.play
    assert p.contract.declarer is Seat.SOUTH and p.current.cards == (C("HJ"),) and p.next_seat is Seat.SOUTH


def test_seed001_54D_refused_penalty_card_other_defender_leads_anything() -> None:
    """Seed 001 line 787: refused, "leave it as a penalty card while permitting the other defender to lead
    anything he wishes"."""
    t = play_table(laws="1997")
    play(t, "HJ")
    t.choose("penalty")
    assert _pcs(t) == [(Seat.EAST, C("HJ"), True)]
    assert t.state.play.next_seat is Seat.WEST and t.state.period.lead_rule is None
    play(t, "C4")  # West leads a club: no restriction
    assert t.state.pending is None and t.state.play.current.cards == (C("C4"),)


def test_seed001_54D_refused_forbid_the_suit_card_picked_up() -> None:
    """Seed 001 line 790: or have it picked up "without further penalty" and forbid the lead of that suit for as
    long as the proper leader keeps the lead."""
    t = play_table(laws="1997")
    play(t, "HJ")
    t.choose("forbid")
    rule = t.state.period.lead_rule
    assert not t.state.penalty_cards and C("HJ") in t.state.play.hands[Seat.EAST].cards
    assert rule is not None and (rule.seat, rule.suit.name, rule.require) == (Seat.WEST, "HEARTS", False)


def test_seed001_56_lead_at_partners_turn_refused_is_a_penalty_card() -> None:
    """Seed 001 line 808: a defender's lead at partner's turn gives declarer the same options (declarer and dummy
    being already decided): refused and left on the table, the card is a major penalty card and the proper
    defender leads."""
    t = play_table(laws="1997")
    play(t, "C4 C2 CA C7")  # East wins trick 1
    play(t, "H4")  # West leads at East's turn
    assert "spread" not in options(t)
    t.choose("penalty")
    assert _pcs(t) == [(Seat.WEST, C("H4"), True)] and t.state.play.next_seat is Seat.EAST


# ----- THE WONDERFUL LAW 25 B (seed 001 lines 1842-1846) -----------------------------------------------------
def test_seed001_25_LHO_called_over_the_first_call_second_call_stands_lho_may_withdraw() -> None:
    """Seed 001 line 1842 (item 3): the first call was changed after LHO had called over it: "the second call
    stands without penalty ... LHO may then withdraw his call without penalty".  The seed lists it under 25B,
    but it is the 1997 Law 25A rule for an inadvertent call; the engine rules it so."""
    t = table("1C 1S", laws="1997")
    t.change("N", "1D")
    t.judge("nature", "unintended")
    t.choose("withdraw")
    t.call("E", "1H")
    assert t.state.auction_text() == "N:1D E:1H" and not t.state.restrictions
