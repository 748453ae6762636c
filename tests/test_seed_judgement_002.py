"""Seed 002 (ACBL Duplicate Decisions, 1997 Laws): the judgement examples, each driven through the table engine to
the outcome the guide states.  Lines are the seed file's; see ``docs/seed-examples.md``, section "Judgement, not
mechanical".
"""

from __future__ import annotations

from bridge_director.club.decisions import Artificial, NoAdjustment, decision_from_json
from bridge_director.engine import Table
from bridge_director.laws import describe
from bridge_director.model import Card, Seat
from bridge_director.table.events import Choice, Remark, ReviewRequested
from bridge_director.table.play import CardPlayed, ClaimMade
from bridge_director.table.state import Bar
from bridge_director.table.summary import board_summary
from judgekit import judge, ns, review

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST








# ===== Law 17D: the second board (lines 95-111) ===================================================================
def _second_board() -> Table:
    """Board 1: North passed on the cards of board 2 before anyone else called (his hand stayed out of the auction)
    and then called on his own cards.  Board 2 is played next: North repeats his pass there."""
    first = Table(1, laws="1997")
    first.call(N, "P")
    first.wrong_board(N, board=2)
    first.call(N, "1D")
    flag = next(f for f in first.state.flags if f.law == "17D3")
    assert flag.text.startswith("board 2: North called pass") and "differs from pass" in flag.text
    second = Table(2, laws="1997")  # East deals
    second.auction("P P 1H P")  # North repeats his pass, as the flag on board 1 requires
    second.auction("1S P 2S P P P")
    return second


def test_17D_seed002_second_board_a_valid_result_is_obtained_it_stands() -> None:
    """Lines 97-105: on the board the hand came from the director tries to get a valid result, monitoring the
    auction (everyone knows that hand had nothing to say): obtained, the table result stands."""
    t = _second_board()
    review(t, "17D3", N)
    judge(t, ("equity", "no"))
    assert isinstance(decision_from_json(t.state.adjusted[-1].to_json()), NoAdjustment)


def test_17D_seed002_second_board_the_information_prevents_a_valid_result_artificial_score() -> None:
    """Lines 106-108: when the unauthorised information makes a valid result impossible, the director adjusts
    (Law 12): artificial, North's side directly at fault."""
    t = _second_board()
    review(t, "17D3", N)
    judge(t, ("equity", "yes"), ("score", "NS: A-; EW: A+"))
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, Artificial) and (decision.ns.value, decision.ew.value) == ("A-", "A+")


# ===== Law 18: "one ..." is not a call (lines 141-149) ============================================================
def test_16A_seed002_one_dot_dot_dot_is_no_call_partner_may_not_use_it_passed_out_assigned() -> None:
    """Lines 141-149: "one ..." is not a bid nor a call, and the director does not make the player complete it:
    Law 16 deals with it.  North said "one ...", then passed; South's third-hand 1S, suggested by it over Pass, is
    reviewed: the board is scored as passed out."""
    t = Table(1, laws="1997")
    t.do(Remark(N, "one ...", laws=t.laws))
    assert t.state.calls == () and t.state.next_seat is N  # no call: North still to call
    assert [(u.side.value, u.law) for u in t.state.unauthorised] == [("NS", "16A")]
    t.auction("P P 1S P 2S P P P")
    review(t, "16A", S, 3)
    assert 'North\'s remark (after call 0): "one ..."' in describe(t.state.pending, t.state).text
    judge(t, ("ui", "yes"), ("suggests", "action"), ("alternatives", "poll: Pass | 1S, Pass | 1S | Pass | Pass"),
          ("damage", "yes"), ("score", "PASS"))
    assert ns(t, 1) == 0 and t.state.records[-1].law == "16A"


# ===== Law 20: a review not corrected (lines 236-244) =============================================================
def test_20_seed002_review_restated_wrongly_and_not_corrected_bidding_goes_on_then_adjusted() -> None:
    """Lines 236-244: West restates East's 2H as 2D and East does not correct it; the director has the players agree
    on the auction, lets the bidding go on with no penalty, and adjusts when the failure to correct damaged South:
    3C one down becomes 2H doubled one down."""
    t = Table(1, laws="1997")
    t.auction("1S 2H P P X P")
    t.do(ReviewRequested(S, t.laws))  # at his turn: proper
    t.do(Remark(W, "restated the auction as 1S 2D pass pass double pass", laws=t.laws))
    t.auction("3C P P P")  # no ruling stops the auction and nobody is barred
    assert t.state.contract() is not None and t.state.contract().pbn == "3C" and not t.state.restrictions
    review(t, "12A1", E)
    judge(t, ("equity", "yes"), ("score", "2HX E 7"))
    assert ns(t, 1) == 100


# ===== Law 23 examples 1 and 2 (lines 364-382) =====================================================================
def test_23_seed002_example1_psych_out_of_turn_after_partner_passed_adjusted() -> None:
    """Line 364: partner passes in first chair and the player psychs 1NT out of turn before his RHO calls; the
    opponents, fooled, stop in 1S with eleven tricks.  He could have known that silencing partner would pay: the
    director adjusts to 4S made."""
    t = Table(1, laws="1997")
    t.auction("P")
    t.call(S, "1NT")  # at East's turn
    t.choose("refuse")
    t.auction("1S P P P")
    t.judge("specified_suits", "none")  # Law 26: the withdrawn 1NT specified no suit
    assert {(r.seat, r.bar) for r in t.state.restrictions} == {(N, Bar.PASS_THROUGHOUT)}
    review(t, "23", S)
    judge(t, ("could-have-known", "yes"), ("damage", "yes"), ("score", "4S E 11"))
    assert ns(t, 1) == -450


#: South, third seat, 16 points; North (barred) holds 18: slam fails on the lie of the cards, 3NT makes ten tricks
THIRD_SEAT = "N:K84.AQ7.KQJ6.K72 652.6532.743.954 AQ3.KJ4.A52.Q863 JT97.T98.T98.AJT"


def test_23_seed002_example2_third_seat_1NT_out_of_turn_then_3NT_result_must_stand() -> None:
    """Lines 374-382: 1NT out of turn in third seat before anyone called; partner barred, it goes pass-pass to him
    and he opens 3NT; partner had a big hand and slam fails.  He could not have known: the result (3NT+1, +430)
    must stand."""
    t = Table(1, deal=THIRD_SEAT, laws="1997")
    t.call(S, "1NT")  # at North's turn (the dealer, his partner)
    t.choose("refuse")
    t.auction("P P 3NT P P P")
    t.do(CardPlayed(W, Card.parse("SJ"), t.laws))
    t.do(ClaimMade(S, 10, "", t.laws))
    t.do(Choice("agree", W))
    review(t, "23", S)
    judge(t, ("could-have-known", "no"))
    assert isinstance(decision_from_json(t.state.adjusted[-1].to_json()), NoAdjustment)
    assert board_summary(t.state).score_ns == 430


# ===== Law 27: lowest sufficient correction that helped (lines 558-561) ===========================================
def test_27_16C2_seed002_lowest_sufficient_correction_gave_information_adjusted() -> None:
    """Lines 553-561: 1H over 1S corrected to 2H (lowest sufficient, natural): no penalty, but the director may
    adjust when the insufficient bid's information helped the offenders and damaged the other side: West, knowing
    East may hold a minimum overcall, stops in 2H; the score becomes 3H one down."""
    t = Table(1, laws="1997")
    t.auction("1S")
    t.call(E, "1H")
    t.choose("refuse")
    t.call(E, "2H")
    t.judge("natural", "yes")
    assert not t.state.restrictions and "16C2" in {f.law for f in t.state.flags}
    t.auction("P P P")
    review(t, "16C2", E)
    assert "insufficient bid" in describe(t.state.pending, t.state).text
    judge(t, ("equity", "yes"), ("score", "3H E 8"))
    assert ns(t, 1) == 50 and t.state.records[-1].law == "16C2"
