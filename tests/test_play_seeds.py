"""The play-period examples of the seed guides, each with the seed's ruling under the seed's edition.

Seed 001: the ACBL technical file (1997 Laws): penalty cards major/minor, the played card, dummy's rights, a trick
turned the wrong way, leads out of turn, claims with an outstanding trump (cases 1-3, guidelines A-D), the revoke
(the 1997 extra two-trick rule, declarer vs dummy).  Seed 003: the UK club guide (2007): the opening lead out of
turn, the revoke, penalty cards.  Seed 004: the Zone 7 guide (2007): Law 12 and the revoke, the card pulled in
error, declarer's played card.

Deal (``playkit.DEAL``): N ♠432 ♥AKQ2 ♦5432 ♣32, E ♠5 ♥JT98 ♦AKQ ♣AKQJT, S ♠AKQJT9 ♥3 ♦JT9 ♣987,
W ♠876 ♥7654 ♦876 ♣654; 1♠ by South, West leads, North is dummy.
"""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError, IllegalPlayError
from bridge_director.laws.law42_47 import DesignationChanged, DummyAct
from bridge_director.laws.law68_71 import checklist, double_dummy, seed_line
from bridge_director.model import Card, Contract, Deal, Hand, Play, Seat, Trick
from bridge_director.table.play import CardPlayed, CardWithdrawn, RevokeCorrected
from bridge_director.table.summary import board_summary
from playkit import claim, options, play, play_out, table

C = Card.parse


def pcs(t):  # type: ignore[no-untyped-def]
    return [(p.seat, p.card, p.major) for p in t.state.penalty_cards]


# ===== seed 001, PENALTY CARDS - MAJOR/MINOR (1997) ===============================================================
def test_50C_seed001_dropped_spot_card_is_minor_no_lead_penalty_1997() -> None:
    """Seed 001: a single card below the ten exposed accidentally is a minor penalty card; there is no lead
    penalty for the offender's partner, only a restriction on the offender's own play of that suit."""
    t = table(laws="1997")
    t.expose("W", "C4")
    assert t.ruling.questions[0].key == "deliberate"
    t.judge("deliberate", "no")
    assert pcs(t) == [(Seat.WEST, C("C4"), False)]
    play(t, "H7 H2 HJ H3")  # East, the offender's partner, wins: no Law 50D ruling for a minor card
    assert t.state.pending is None
    play(t, "CA C7")
    play(t, "C6")  # West plays another club below the ten before the minor penalty card: Law 52
    assert t.ruling.law == "52"


def test_50C_seed001_minor_card_offender_may_play_an_honour_1997() -> None:
    """Seed 001: with a minor penalty card the offender "may, however, choose to play an honor card"."""
    t = table(laws="1997")
    t.expose("E", "H8")
    t.judge("deliberate", "no")
    play(t, "H7 H2 HJ")  # East plays the jack of hearts: allowed
    assert t.state.pending is None and t.state.play.current.cards[-1] == C("HJ")


def test_48A_seed001_declarer_never_has_a_penalty_card_1997() -> None:
    """Seed 001: "declarer never has one" (a penalty card)."""
    t = table(laws="1997")
    t.expose("S", "SA")
    assert not t.state.penalty_cards and t.state.records[-1].law == "48A"


def test_50D2_seed001_partner_gains_the_lead_pick_up_and_require_or_forbid_1997() -> None:
    """Seed 001: if partner has a major penalty card and you obtain the lead, declarer may let partner pick it up
    and require or forbid the suit; so do not lead before declarer has chosen."""
    t = table(laws="1997")
    t.expose("E", "CA")
    assert t.ruling.law == "50D" and options(t) == ["require:C", "forbid:C", "leave"]
    with pytest.raises(BridgeError):
        play(t, "H7")
    t.choose("forbid:C")
    assert not t.state.penalty_cards


# ===== seed 001, PLAYED CARD (1997) ===========================================================================
def test_45C1_seed001_defender_card_played_stays_played_1997() -> None:
    """Seed 001: a defender's card partner could have seen is played; whether partner saw it is irrelevant —
    there is no withdrawal other than as Law 47 allows (47F)."""
    t = table(laws="1997")
    play(t, "H7")
    with pytest.raises(IllegalPlayError) as err:
        t.do(CardWithdrawn(Seat.WEST, "45C1"))
    assert err.value.law == "47F"


def test_45C2_seed001_declarer_card_played_whatever_the_defenders_saw_1997() -> None:
    """Seed 001: declarer's card held face up touching or nearly touching the table is played; that the
    defenders saw it is not germane: it may not be taken back."""
    t = table(laws="1997")
    play(t, "H7 H2 HJ H3")
    with pytest.raises(IllegalPlayError):
        t.do(CardWithdrawn(Seat.SOUTH, "45C2"))


def test_46B_seed001_incontrovertible_intention_overrides_the_default_1997() -> None:
    """Seed 001: 46B's restrictions apply except when declarer's other intention was incontrovertible — a matter
    for the director's judgement."""
    from bridge_director.table.play import DummyCardCalled
    t = table(laws="1997")
    play(t, "H7")
    t.do(DummyCardCalled("heart", t.laws))
    assert any(q.key == "intention" for q in t.ruling.questions)


def test_45C4b_seed001_thinking_ahead_is_not_an_unintended_designation_1997() -> None:
    """Seed 001 (office policy): declarer calls dummy's card meant for a later trick and wants it back; that is a
    mental lapse, not a slip of the tongue, so the change is not allowed (45C4(b)) and the card stands."""
    t = table(laws="1997")
    play(t, "H7 H2")
    t.do(DesignationChanged(Seat.NORTH, C("HA"), t.laws))
    r = t.ruling
    assert r.law == "45C4(b)" and r.questions[0].key == "unintended"
    t.judge("unintended", "no")
    assert t.state.play.current.cards == (C("H7"), C("H2")) and t.state.records[-1].law == "45C4(b)"


# ===== seed 001, A CARD TURNED THE WRONG WAY; dummy (1997) ==================================================
def test_42B2_seed001_dummy_may_try_to_stop_a_lead_from_the_wrong_hand_1997() -> None:
    """Seed 001: dummy may attempt to stop declarer leading out of turn (42B2): no rectification."""
    t = table(laws="1997")
    play(t, "H7 HA H8 H3")
    t.do(DummyAct("prevent", False, t.laws))
    assert t.state.records[-1].law == "42B2" and not t.state.flags


def test_65B3_seed001_trick_turned_the_wrong_way_the_cards_decide_1997() -> None:
    """Seed 001: a trick turned the wrong way is of no great consequence: the cards decide who won it (65)."""
    from bridge_director.laws.law65_67 import TrickEntry
    t = table(laws="1997")
    play(t, "H7 HA H8 H3")
    t.do(TrickEntry("quitted", Seat.WEST, 1, t.laws))
    assert t.state.play.tricks[0].winner(t.state.play.trump) is Seat.NORTH


# ===== seed 001, LEAD OUT OF TURN (1997) ======================================================================
def test_54_seed001_declarer_accepts_as_declarer_or_dummy_or_refuses_three_ways_1997() -> None:
    """Seed 001: accept and be declarer or dummy; refuse and leave a penalty card (the other defender leads
    anything), or have it picked up and require the suit once or forbid it while the proper leader keeps the
    lead."""
    t = table(laws="1997")
    play(t, "HJ")
    assert options(t) == ["spread", "accept", "require", "forbid", "penalty"]
    assert "for as long as he keeps the lead" in t.ruling.text


def test_54D_seed001_require_or_forbid_information_unauthorised_to_the_defenders_1997() -> None:
    """Seed 001: when declarer requires or forbids the suit, Law 16C applies to the defending side."""
    t = table(laws="1997")
    play(t, "HJ")
    t.choose("require")
    assert t.state.unauthorised[-1].side.value == "EW" and not t.state.penalty_cards


def test_56_seed001_lead_at_partners_turn_same_options_side_decided_1997() -> None:
    """Seed 001: a defender's lead at partner's turn: the same options, except that declarer and dummy are
    already decided."""
    t = table(laws="1997")
    play(t, "C4 C2 CA C7")  # East wins trick 1 with the ace
    play(t, "H4")  # West leads when East is on lead
    assert t.ruling.law == "56" and options(t) == ["accept", "require", "forbid", "penalty"]


def test_55_seed001_declarer_wrong_hand_a_defender_plays_and_accepts_1997() -> None:
    """Seed 001: declarer leads from the wrong hand; a play by a defender accepts it (53A)."""
    t = table(laws="1997")
    play(t, "H7 HA H8 H3")  # dummy wins
    play(t, "SA")  # from declarer's hand
    assert t.ruling.law == "55"
    play(t, "S6")  # West, next after South, plays: accepted
    assert t.state.pending is None and t.state.play.current.cards == (C("SA"), C("S6"))


def test_55B_seed001_rejected_declarer_leads_from_the_correct_hand_1997() -> None:
    """Seed 001: if either defender rejects the lead from the wrong hand it is withdrawn and declarer leads what
    he wishes from the correct hand."""
    t = table(laws="1997")
    play(t, "H7 HA H8 H3 SA")
    t.choose("retract", "W")
    assert t.state.play.next_seat is Seat.NORTH and C("SA") in t.state.play.hands[Seat.SOUTH].cards
    assert any(f.law == "55C" for f in t.state.flags)


def test_55A_seed001_declarer_led_at_a_defenders_turn_the_defender_leads_1997() -> None:
    """Seed 001: declarer leads when it was a defender's turn; retracted, the proper defender leads."""
    t = table(laws="1997")
    play(t, "C4 C2 CA C7")  # East wins
    play(t, "S9")  # declarer leads
    t.choose("retract", "E")
    assert t.state.play.next_seat is Seat.EAST


def test_53B_seed001_defender_at_the_right_plays_first_law_57_1997() -> None:
    """Seed 001: if the defender at the right of the hand that led out of turn is the first to play, the lead
    stands and Law 57 gives declarer his rights against the premature card."""
    t = table(laws="1997")
    play(t, "H7 HA H8 H3")  # dummy (North) won; South leads from the wrong hand
    play(t, "SA")
    play(t, "S5")  # East, at South's right, plays first
    assert t.state.play.current.cards == (C("SA"),) and t.ruling.law == "57"
    assert any(r.law == "53B" for r in t.state.records)


def test_49_seed001_accidentally_exposed_card_is_not_a_lead_1997() -> None:
    """Seed 001: a card exposed accidentally is not a lead (not Law 54): it is a penalty card."""
    t = table(laws="1997")
    t.expose("E", "DA")
    assert t.ruling.law == "50D" and pcs(t) == [(Seat.EAST, C("DA"), True)]


# ===== seed 001, CLAIMS MADE WITH AN OUTSTANDING TRUMP (1997) =================================================
def position(dummy_trump: str, south: str = "S9 S8 S7") -> Play:
    """Spades trumps, lead in dummy (♠x ♥A ♣A), a defender (East) ♠K ♦AK; "dummy's good"."""
    hands = {Seat.NORTH: f"{dummy_trump} HA CA", Seat.EAST: "SK DA DK", Seat.SOUTH: south, Seat.WEST: "H3 C3 D3"}
    parsed = {s: [C(c) for c in h.split()] for s, h in hands.items()}
    held = {c for cs in parsed.values() for c in cs}
    from bridge_director.model import FULL_DECK
    rest = [c for c in FULL_DECK if c not in held]
    deal = Deal.from_hands({s: Hand.of(cs) for s, cs in parsed.items()})
    tricks = (*(Trick(Seat.NORTH, tuple(rest[i:i + 4])) for i in range(0, 40, 4)), Trick(Seat.NORTH))
    return Play(Contract.parse("4S", Seat.SOUTH), deal, tricks)


@pytest.mark.parametrize("case, trump", [(1, "SA"), (2, "S2"), (3, "SQ")])
def test_70C_seed001_cases_1_to_3_one_trick_to_the_defenders(case: int, trump: str) -> None:
    """Seed 001, cases 1-3: exactly one trick to the defenders — case 1: declarer may not play the trump ace to
    draw a trump he was likely unaware of; case 2: leading the deuce is irrational, not required; case 3: the
    queen is a normal safety check, played where it costs (here it loses to the king as the ruff would)."""
    p = position(trump)
    assert seed_line(p, Seat.SOUTH) == 2
    text = " ".join(checklist(p, Seat.SOUTH, "dummy's good"))
    assert "♠K" in text and "does not mention trumps" in text and "takes 2 of the 3" in text


def test_70C_seed001_guideline_B_no_forgotten_trump_drawn_to_claimers_advantage() -> None:
    """Seed 001, guideline B: double dummy, declarer draws the king with the ace and takes all three; the award
    line does not credit him with it."""
    p = position("SA")
    assert double_dummy(p, Seat.SOUTH) == 3 and seed_line(p, Seat.SOUTH) == 2


def test_70C_seed001_guideline_C_a_high_trump_safety_play_when_it_costs() -> None:
    """Seed 001, guideline C (case 3 principle): a high trump played as a safety check is normal, so it is played
    where it is to the claimer's disadvantage: with declarer holding ♦Q and two small hearts, leading the queen
    lets the king win and cash the diamonds, which the ace-first line does not."""
    assert seed_line(position("SQ", "DQ H5 H4"), Seat.SOUTH) == 0
    assert seed_line(position("S2", "DQ H5 H4"), Seat.SOUTH) == 2  # with a low trump dummy ruffs the ♦A


def test_70A_seed001_guideline_A_worst_order_of_the_side_suits() -> None:
    """Seed 001, guideline A: the non-trump suits are played in the order worst for the claimer, but only in
    normal orders: here no normal order loses a trick (throwing an ace instead of ruffing the ♦A is irrational),
    so the award equals double dummy.  A position where the order costs a trick is in test_law70_normal_line."""
    p = position("S2", "DQ H5 H4")
    assert seed_line(p, Seat.SOUTH) == 2 == double_dummy(p, Seat.SOUTH)


def test_70C_seed001_guideline_D_no_outstanding_trump_no_forced_trump_play() -> None:
    """Seed 001, guideline D: with no trump outstanding the claimer is not made to play his trumps to his
    disadvantage: the checklist has no outstanding-trump line."""
    p = position("S2", "S9 S8 S7")
    deal = Deal.from_hands({Seat.NORTH: Hand.of([C("S2"), C("HA"), C("CA")]),
                            Seat.EAST: Hand.of([C("H9"), C("DA"), C("DK")]),
                            Seat.SOUTH: p.hands[Seat.SOUTH], Seat.WEST: p.hands[Seat.WEST]})
    q = Play(p.contract, deal, p.tricks)
    assert checklist(q, Seat.SOUTH, "dummy's good")[0] == "70C: no trump is outstanding."


# ===== seed 001, REVOKE (1997) =================================================================================
SEED_DEAL = "N:Q32.32.AKQJ.AKQJ JT987.AT9876.6.6 A65.KQ.T987.T987 K4.J54.5432.5432"


def seed_revoke(laws: str) -> object:
    t = table(auction="P P 1NT P P P", deal=SEED_DEAL, laws=laws)
    play(t, "C2 CA C6 C7 S2 S7 SA H4 S5 S4 SQ S8 S3 S9 S6 SK")  # West revokes, later wins with the ♠K
    return t


def test_64A_seed001_I1_later_trick_won_with_a_card_legal_to_the_revoke_trick_1997() -> None:
    """Seed 001, I.1: West revokes under the ace of spades and later wins a trick with the king he could legally
    have played to the revoke trick: two tricks (1997), though he would not reasonably have played it."""
    t = seed_revoke("1997")
    claim(t, "W", 1)
    t.choose("agree", "S")
    t.choose("apply")
    assert [(x.law, x.tricks) for x in t.state.period.transfers] == [("64A1", 2)]


def test_64A_seed001_I2_two_tricks_only_if_the_side_wins_two_1997() -> None:
    """Seed 001, I.2: two tricks only when the revoking side wins two or more tricks from the revoke trick on."""
    t = seed_revoke("1997")
    claim(t, "W", 0)
    t.choose("agree", "S")
    t.choose("apply")
    assert [(x.law, x.tricks) for x in t.state.period.transfers] == [("64A2", 1)]


def test_64A_seed001_I3_two_tricks_without_winning_the_revoke_trick_2017_differs() -> None:
    """Seed 001, I.3 (1997: two tricks although the offending side did not win the revoke trick); under 2017 the
    same play transfers one trick (64A2): the extra rule is 1997's only."""
    t = seed_revoke("2017")
    claim(t, "W", 1)
    t.choose("agree", "S")
    t.choose("apply")
    assert [(x.law, x.tricks) for x in t.state.period.transfers] == [("64A2", 1)]


def test_64A1_seed001_II_dummy_winning_declarers_revoke_trick_1997() -> None:
    """Seed 001, II: declarer revokes and dummy wins the trick: declarer did not win it (64A1), one trick."""
    t = table(laws="1997")
    play(t, "C4 C2 CA C7 HJ D9 H4 HA H2")  # South revokes on trick 2 (holds ♥3); dummy wins and leads
    claim(t, "N", 11)
    t.choose("agree", "E")
    t.choose("apply")
    assert [(x.law, x.tricks) for x in t.state.period.transfers] == [("64A2", 1)]


def test_64B3_seed001_II_dummy_revoke_no_transfer_equity_restored_1997() -> None:
    """Seed 001, II: there is no penalty for a revoke by dummy; it is corrected by restoring equity (64C)."""
    t = table(laws="1997")
    play(t, "H7 S2 H8 H3 D2")
    claim(t, "N", 12)
    t.choose("agree", "E")
    t.choose("apply")
    assert t.state.period.transfers[0].law == "64B3" and any(f.law == "64C" for f in t.state.flags)


@pytest.mark.parametrize("laws, law", [("2017", "64B7"), ("2007", "64B7"), ("1997", "64A")])
def test_64B7_both_sides_revoked_by_edition(laws: str, law: str) -> None:
    """64B7 (2017, and 2007 whose 64B7 has the same clause): no transfer when both sides revoked on the board;
    the 1997 Law 64B has no such clause: each revoke is rectified."""
    t = table(laws=laws)
    play(t, "D6 D2 CT D9 H3 H4 H2 H8 CJ S9")
    play_out(t)
    t.choose("apply")
    got = {x.law[:len(law)] for x in t.state.period.transfers}
    assert got == {law}


# ===== seed 003 (2007) =========================================================================================
def test_54_seed003_opening_lead_out_of_turn_five_choices_2007() -> None:
    """Seed 003: the five choices — accept and be dummy, accept and stay declarer, refuse with a major penalty
    card, refuse and require the suit (card taken up), refuse and forbid it while the leader keeps the lead."""
    t = table(laws="2007")
    play(t, "HJ")
    r = t.ruling
    assert options(t) == ["spread", "accept", "require", "forbid", "penalty"] and r.edition.value == "2007"
    assert "major penalty card" in r.text and "goes back into East's hand" in r.text


def test_56_seed003_during_play_the_first_two_options_become_one_2007() -> None:
    """Seed 003: a lead out of turn during the play: accept, or the last three options."""
    t = table(laws="2007")
    play(t, "C4 C2 CA C7 H4")
    assert options(t) == ["accept", "require", "forbid", "penalty"]


def test_62B1_seed003_revoke_not_established_corrected_major_penalty_card_2007() -> None:
    """Seed 003: not established (the offending side has not played to the next trick): corrected, the card a
    major penalty card."""
    t = table(laws="2007")
    play(t, "D6 D2 CT")
    t.do(RevokeCorrected(Seat.EAST, C("DA")))
    assert pcs(t) == [(Seat.EAST, C("CT"), True)]


def test_64A1_seed003_offender_won_the_revoke_trick_two_tricks_2007() -> None:
    """Seed 003: the offender won the revoke trick and his side a later one: two tricks."""
    t = table(laws="2007")
    play(t, "D6 D2 DA D9 CA C7 C4 C2 HJ S9 H4 H2")  # South ruffs holding ♥3 and wins trick 3
    play(t, "ST S6 S2 S5")  # South leads a trump (established) and wins trick 4
    claim(t, "S", 5)
    t.choose("agree", "W")
    t.choose("apply")
    assert [(x.law, x.tricks) for x in t.state.period.transfers] == [("64A1", 2)]


def test_64A1_seed003_offender_won_the_revoke_trick_only_one_trick_2007() -> None:
    """Seed 003: the offender won the revoke trick but his side no later trick: that trick only."""
    t = table(laws="2007")
    play(t, "D6 D2 DA D9 CA C7 C4 C2 HJ S9 H4 H2")  # South ruffs; established by South's lead
    claim(t, "S", 0)
    t.choose("agree", "W")
    t.choose("apply")
    assert [(x.law, x.tricks) for x in t.state.period.transfers] == [("64A1", 1)]


def test_64A2_seed003_offender_lost_the_revoke_trick_side_won_later_one_trick_2007() -> None:
    """Seed 003: the offender did not win the revoke trick, his side won a later trick: one trick."""
    t = table(laws="2007")
    play(t, "D6 D2 CT D9 C7 C4 C2 CA")
    claim(t, "E", 0)
    t.choose("agree", "S")
    t.choose("apply")
    assert [(x.law, x.tricks) for x in t.state.period.transfers] == [("64A2", 1)]


def test_64B1_seed003_no_trick_won_from_the_revoke_on_no_transfer_2007() -> None:
    """Seed 003: the offender did not win the revoke trick and his side no later trick: no penalty."""
    t = table(laws="2007")
    play(t, "D6 D2 CT D9 C7 C4")
    claim(t, "S", 12)
    t.choose("agree", "W")
    t.choose("apply")
    assert [(x.law, x.tricks) for x in t.state.period.transfers] == [("64B1", 0)]


def test_64C_seed003_equity_when_the_transfer_is_insufficient_2007() -> None:
    """Seed 003: if the penalty is insufficient the director restores equity (64C): flagged after every
    established revoke."""
    t = table(laws="2007")
    play(t, "H7 H2 HJ S9")
    play_out(t)
    t.choose("apply")
    assert any(f.law == "64C" for f in t.state.flags)


def test_62D_seed003_revoke_on_trick_12_must_be_corrected_2007() -> None:
    """Seed 003: a revoke on trick 12 cannot be established and must be corrected; 64B6: no transfer."""
    from bridge_director.laws.law61_64 import transfer
    from bridge_director.model import Suit
    from bridge_director.table.edition import Edition
    from bridge_director.table.play_state import RevokeRecord
    t = table(laws="2007")
    play_out(t)
    r = RevokeRecord(Seat.EAST, 12, C("C2"), Suit.HEARTS, (), False, Edition.L2007, True)
    assert transfer(t.state.play, r, (r,)).law == "64B6"


def test_43A1b_seed003_dummy_may_not_ask_a_defender_2007() -> None:
    """Seed 003: dummy asking a defender whether he revoked is illegal and unauthorised help to declarer: the
    director may adjust."""
    t = table(laws="2007")
    play(t, "D6 D2 CT")
    t.do(DummyAct("ask-defender", False, t.laws))
    assert t.state.records[-1].law == "43A1(b)" and any(f.law == "43B1" for f in t.state.flags)


def test_42B1_seed003_dummy_may_ask_declarer_2007() -> None:
    """Seed 003: dummy can ask declarer whether he revoked."""
    t = table(laws="2007")
    play(t, "H7 H2 HJ S9")
    t.do(DummyAct("ask-declarer", False, t.laws))
    assert t.state.records[-1].law == "42B1" and not t.state.flags


def test_50C_seed003_minor_card_ten_is_an_honour_2007() -> None:
    """Seed 003: with a minor penalty card the offender cannot play another card of the suit below an honour
    first, but may play an honour (the ten included)."""
    t = table(laws="2007")
    t.expose("E", "H8")
    t.judge("deliberate", "no")
    play(t, "H7 H2 HT")
    assert t.state.pending is None


def test_50D1_seed003_major_card_played_at_the_first_legal_opportunity_discarding_2007() -> None:
    """Seed 003: a major penalty card must be played at the first legal opportunity, discarding included."""
    t = table(laws="2007")
    t.expose("E", "CA")
    t.choose("leave")
    play(t, "S8 S2 S5 SA")  # East follows in spades: the club is not a legal play
    play(t, "SK S7 S3")
    play(t, "HJ")  # East, void in spades, discards the heart instead of the penalty card
    assert t.ruling.law == "52"


def test_51A_seed003_two_major_penalty_cards_declarer_decides_2007() -> None:
    """Seed 003: with two major penalty cards declarer decides which is played."""
    t = table(laws="2007")
    t.expose("E", "CA", "DA")
    t.choose("leave")
    play(t, "H7 H2 HJ H3")  # East wins and must lead a penalty card
    play(t, "CA")
    assert t.ruling.law == "51A" and options(t) == ["play:CA", "play:DA"]


def test_50D2_seed003_partner_on_lead_require_the_suit_card_picked_up_2007() -> None:
    """Seed 003: partner on lead: declarer requires the suit (or forbids it while he keeps the lead); the
    penalty card goes back into the hand."""
    t = table(laws="2007")
    t.expose("E", "CA")
    t.choose("require:C")
    assert not t.state.penalty_cards and t.state.period.lead_rule.require


# ===== seed 004 (2007) =========================================================================================
def test_64A2_seed004_one_trick_transfer_stands_though_advantageous_2007() -> None:
    """Seed 004 (Law 12): an established revoke transfers one trick; the non-offenders may end with a trick more
    than without the revoke, but the director may not adjust because the rectification is advantageous."""
    t = table(laws="2007")
    play(t, "D6 D2 CT D9 C7 C4 C2 CA")
    claim(t, "E", 0)
    t.choose("agree", "S")
    t.choose("apply")
    s = board_summary(t.state)
    assert s.final_tricks == s.tricks_at_table + 1 and not t.state.period.adjustments


def test_47F_seed004_wrong_card_pulled_from_own_hand_no_redress_2007() -> None:
    """Seed 004: there is no redress for a player who pulls the wrong card from his hand and plays it."""
    t = table(laws="2007")
    play(t, "H7 H2")
    with pytest.raises(IllegalPlayError) as err:
        t.do(CardWithdrawn(Seat.WEST, "wrong card"))
    assert err.value.law == "47F"


def test_45C4b_seed004_declarer_may_not_change_a_card_because_he_is_declarer_2007() -> None:
    """Seed 004: declarer may not change a card played or designated "because he is declarer": only an
    unintended designation changed without pause for thought (45C4(b))."""
    t = table(laws="2007")
    play(t, "H7 H2 HJ S9")
    with pytest.raises(IllegalPlayError):
        t.do(CardWithdrawn(Seat.SOUTH, "47F"))
    play(t, "S6 S2 S5 SA")
    play(t, "SK")
    t.do(DesignationChanged(Seat.SOUTH, C("SQ"), t.laws))
    t.judge("unintended", "no")
    assert t.state.play.current.cards == (C("SK"),)


def test_45C4b_unintended_designation_changed_opponent_plays_again() -> None:
    """45C4(b) (2017): an unintended designation changed without pause for thought: the new card is played and
    an opponent who had played after it takes his card back (16C)."""
    t = table()
    play(t, "H7 H2 HJ")
    t.do(DesignationChanged(Seat.NORTH, C("HA"), t.laws))
    t.judge("unintended", "yes")
    p = t.state.play
    assert p.current.cards == (C("H7"), C("HA")) and C("HJ") in p.hands[Seat.EAST].cards
    assert C("H2") in p.hands[Seat.NORTH].cards and t.state.records[-1].law == "45C4(b)"
    play(t, "H8")
    assert t.state.play.current.cards[-1] == C("H8")
    _ = CardPlayed
