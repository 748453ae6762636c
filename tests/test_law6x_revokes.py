"""Laws 61-64: revokes recorded, corrected before establishment (62), established (63), transfers (64A/B), 1997."""

from __future__ import annotations

import pytest

from bridge_director.errors import IllegalPlayError
from bridge_director.laws.law61_64 import transfer
from bridge_director.model import Card, Seat, Suit
from bridge_director.table.edition import Edition
from bridge_director.table.play import RevokeCorrected
from bridge_director.table.play_state import RevokeRecord
from bridge_director.table.summary import board_summary
from playkit import claim, play, play_out, table

# The seed's 1997 diagram, completed to a deal: 1NT by South, West leads.
SEED = "N:Q32.32.AKQJ.AKQJ JT987.AT9876.6.6 A65.KQ.T987.T987 K4.J54.5432.5432"


def ns_tricks_from(t, first: int) -> int:  # type: ignore[no-untyped-def]
    p = t.state.play
    return sum(1 for i, tr in enumerate(p.tricks, 1) if i >= first and tr.complete and tr.winner(p.trump).side.value
               == "NS")


def test_61_revoke_recorded_not_refused() -> None:
    t = table()
    play(t, "D6 D2 CT")  # East holds ♦AKQ
    r = t.state.period.revokes[0]
    assert (r.seat, r.trick, r.card, r.suit, r.established) == (Seat.EAST, 1, Card.parse("CT"), Suit.DIAMONDS, False)
    assert t.state.pending is None


def test_63A1_established_when_offending_side_plays_to_the_next_trick() -> None:
    t = table()
    play(t, "D6 D2 CT D9")  # South wins; not yet established
    assert not t.state.period.revokes[0].established
    play(t, "C7")  # South leads trick 2 (non-offenders): still not
    assert not t.state.period.revokes[0].established
    play(t, "C4")  # West plays to trick 2
    assert t.state.period.revokes[0].established


def test_62B1_defender_corrects_card_becomes_major_penalty_card() -> None:
    t = table()
    play(t, "D6 D2 CT")
    t.do(RevokeCorrected(Seat.EAST, Card.parse("DA")))
    assert t.state.play.current.cards == tuple(Card.parse(x) for x in ("D6", "D2", "DA"))
    assert [(p.seat, p.card, p.major) for p in t.state.penalty_cards] == [(Seat.EAST, Card.parse("CT"), True)]
    assert t.state.period.revokes[0].corrected and t.state.pending is None


def test_62C1_non_offenders_may_withdraw_cards_played_after() -> None:
    t = table()
    play(t, "D6 D2 CT D9")
    t.do(RevokeCorrected(Seat.EAST, Card.parse("DA")))
    assert t.ruling.law == "62C" and t.ruling.chooser.side.value == "NS"
    t.choose("withdraw", "S")
    assert t.state.play.next_seat is Seat.SOUTH and Card.parse("D9") in t.state.play.hands[Seat.SOUTH].cards


def test_62C1_non_offenders_keep_their_cards() -> None:
    t = table()
    play(t, "D6 D2 CT D9")
    t.do(RevokeCorrected(Seat.EAST, Card.parse("DA")))
    t.choose("keep")
    assert t.state.play.current.complete and t.state.play.next_seat is Seat.EAST


def test_62B2_declarer_corrects_without_penalty() -> None:
    t = table()
    play(t, "H7 H2 HJ S9")  # South ruffs holding ♥3
    t.do(RevokeCorrected(Seat.SOUTH, Card.parse("H3")))
    assert not t.state.penalty_cards and t.state.records[-1].law == "62B2"


def test_63B_established_revoke_cannot_be_corrected() -> None:
    t = table()
    play(t, "D6 D2 CT D9 C7 C4")
    with pytest.raises(IllegalPlayError) as err:
        t.do(RevokeCorrected(Seat.EAST, Card.parse("DA")))
    assert err.value.law == "62A"


def test_64A1_two_trick_transfer() -> None:
    t = table()
    play(t, "H7 H2 HJ S9")  # South revokes and wins the revoke trick
    play_out(t)
    assert t.ruling.law == "64" and t.ruling.chooser is None
    later = ns_tricks_from(t, 2)
    t.choose("apply")
    tr = t.state.period.transfers[0]
    assert tr.law == "64A1" and tr.tricks == (2 if later else 1)
    s = board_summary(t.state)
    assert s.final_tricks == s.tricks_at_table - tr.tricks
    assert any(f.startswith("Law 64C") for f in s.flags)


def test_64A2_one_trick_offender_did_not_win_the_revoke_trick() -> None:
    t = table()
    play(t, "D6 D2 CT D9")  # East revokes, South wins
    play(t, "C7 C4 C2 CA")  # East wins a later trick
    claim(t, "E", 0)  # East concedes the rest
    t.choose("agree", "S")
    t.choose("apply")
    tr = t.state.period.transfers[0]
    assert (tr.law, tr.tricks) == ("64A2", 1)
    s = board_summary(t.state)
    assert s.tricks_at_table == 12 and s.final_tricks == 13


def test_64A1_dummy_winning_is_not_declarer_winning() -> None:
    t = table()
    play(t, "C4 C2 CA C7")  # East wins trick 1
    play(t, "HJ D9 H4 HA")  # South revokes (holds ♥3); dummy wins the trick
    play(t, "H2")  # North leads trick 3: established
    claim(t, "N", 11)
    t.choose("agree", "E")
    t.choose("apply")
    tr = t.state.period.transfers[0]
    assert (tr.law, tr.tricks) == ("64A2", 1)


def test_64B1_offending_side_won_no_trick_from_the_revoke_on() -> None:
    t = table()
    play(t, "D6 D2 CT D9 C7 C4")  # East's revoke, established when West plays to trick 2
    claim(t, "S", 12)
    t.choose("agree", "W")
    t.choose("apply")
    tr = t.state.period.transfers[0]
    assert (tr.law, tr.tricks) == ("64B1", 0)


def test_64B2_second_revoke_same_suit_same_player() -> None:
    t = table()
    play(t, "D6 D2 CT D9 DJ D7 D3 CJ")  # East revokes in diamonds twice
    claim(t, "S", 0)  # South concedes the rest: the defenders win later tricks
    t.choose("agree", "W")
    t.choose("apply")
    laws = [x.law for x in t.state.period.transfers]
    assert laws[1] == "64B2" and t.state.period.transfers[1].tricks == 0


def test_64B3_dummy_revoke_no_transfer() -> None:
    t = table()
    play(t, "H7 S2 H8 H3")  # dummy fails to follow
    assert t.state.period.revokes[0].faced
    play(t, "D2")  # NS play to trick 2 (North won): established
    claim(t, "N", 12)
    t.choose("agree", "E")
    t.choose("apply")
    assert t.state.period.transfers[0].law == "64B3"


def test_64B4_attention_after_a_call_on_the_next_deal() -> None:
    t = table()
    play(t, "H7 H2 HJ S9")
    play_out(t)
    t.choose("late-call")
    assert t.state.period.transfers[0].law == "64B4" and t.state.period.transfers[0].tricks == 0


def test_64B5_attention_after_the_round() -> None:
    t = table()
    play(t, "H7 H2 HJ S9")
    play_out(t)
    t.choose("late-round")
    assert t.state.period.transfers[0].law == "64B5"


def test_64B4_no_transfer_trick_12_revoke() -> None:
    t = table()
    play_out(t)
    r = RevokeRecord(Seat.EAST, 12, Card.parse("C2"), Suit.HEARTS, (), False, Edition.L2017, True)
    assert transfer(t.state.play, r, (r,)).law == "64B6"


def test_64B7_both_sides_revoked() -> None:
    t = table()
    play(t, "D6 D2 CT D9")  # East revokes
    play(t, "H3 H4 H2 H8")  # South leads; West, North, East follow; EW establish
    play(t, "CJ S9")  # East (who won trick 2) leads a club; South ruffs holding clubs
    assert len(t.state.period.revokes) == 2
    play_out(t)
    t.choose("apply")
    assert {x.law for x in t.state.period.transfers} == {"64B7"}


def test_63A3_2017_agreeing_to_a_claim_establishes() -> None:
    t = table()
    play(t, "D6 D2 CT")  # East's revoke, not established
    claim(t, "N", 12)  # a claim by declarer's side while trick 1 is in progress
    t.choose("agree", "E")
    assert t.state.period.revokes[0].established and t.ruling.law == "64"


def test_63A3_2007_agreement_does_not_establish() -> None:
    t = table(laws="2007")
    play(t, "D6 D2 CT")
    claim(t, "N", 12)
    t.choose("agree", "E")
    assert not t.state.period.revokes[0].established and t.state.pending is None


def test_64A_1997_later_trick_with_a_card_that_could_have_been_played() -> None:
    t = table(auction="P P 1NT P P P", deal=SEED, laws="1997")
    play(t, "C2 CA C6 C7")  # North wins
    play(t, "S2 S7 SA H4")  # West revokes holding ♠K4; South wins
    play(t, "S5 S4 SQ S8")  # West plays to the next trick: established
    play(t, "S3 S9 S6 SK")  # West wins with the ♠K he could have played to the revoke trick
    claim(t, "W", 1)
    t.choose("agree", "S")
    t.choose("apply")
    tr = t.state.period.transfers[0]
    assert (tr.law, tr.tricks) == ("64A1", 2)


def test_64A2_2017_same_play_one_trick() -> None:
    t = table(auction="P P 1NT P P P", deal=SEED, laws="2017")
    play(t, "C2 CA C6 C7 S2 S7 SA H4 S5 S4 SQ S8 S3 S9 S6 SK")
    claim(t, "W", 1)
    t.choose("agree", "S")
    t.choose("apply")
    tr = t.state.period.transfers[0]
    assert (tr.law, tr.tricks) == ("64A2", 1)
