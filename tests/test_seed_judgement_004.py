"""Seed 004 (Zone 7 guide, 2007 Laws): the judgement examples, each driven through the table engine to the outcome
the guide states.  Lines are the seed file's; see ``docs/seed-examples.md``, section "Judgement, not mechanical".
"""

from __future__ import annotations

from bridge_director.cards.card_file import loads
from bridge_director.cards.model import TableCards
from bridge_director.club.decisions import Artificial, NoAdjustment, Weighted, decision_from_json
from bridge_director.engine import Table
from bridge_director.engine.log import dumps as dumps_log
from bridge_director.engine.log import loads as loads_log
from bridge_director.laws import describe
from bridge_director.laws.law73_deception import DeceptionReview
from bridge_director.model import Seat
from bridge_director.table.events import Explanation, ExplanationCorrected, Hesitation, Remark
from bridge_director.table.state import Bar
from bridge_director.table.summary import board_summary
from judgekit import claimed, judge, ns, play, review

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST












def stands(t: Table) -> bool:
    return isinstance(decision_from_json(t.state.adjusted[-1].to_json()), NoAdjustment)


# ===== lines 57-83: what a replacement call means; partner's use of the insufficient bid ==========================
def test_16B_seed004_line61_offender_tells_the_table_what_he_meant_unauthorised_to_partner() -> None:
    """Line 61: the offender announces what his insufficient bid meant before the director can stop him: the words
    are unauthorised to partner.  (1NT) 1H, "I meant a natural one-level overcall", corrected to 2H; North, who
    would raise, passes: the review finds the raise a less suggested alternative, 2H made becomes 3H one down."""
    t = Table(14, laws="2007")  # East deals, nobody vulnerable
    t.auction("1NT")
    t.call(S, "1H")
    t.choose("refuse")
    t.call(S, "2H")
    t.judge("not_artificial", "yes")
    # said while the ruling was pending; the engine takes notes only between rulings, so it is entered now,
    # before North's call
    t.do(Remark(S, "I did not see the 1NT, I meant a natural one-level overcall", laws=t.laws))
    t.auction("P P P")
    assert [(u.side.value, u.law) for u in t.state.unauthorised] == [("NS", "16B")]
    review(t, "16B", N, 4)
    assert "I meant a natural one-level overcall" in describe(t.state.pending, t.state).text
    judge(t, ("ui", "yes"), ("suggests", "pass"), ("alternatives", "poll: 3H | 3H, Pass | Pass | 3H | 3H"),
          ("damage", "yes"), ("score", "3H S 8"))
    assert ns(t, 14) == -50


def _case1() -> Table:
    """1S (2C) 1NT not accepted, corrected to 2NT under 27B1(a); opener (15 points) passes: 2NT by South."""
    t = Table(1, laws="2007")
    t.auction("1S 2C")
    t.call(S, "1NT")
    t.choose("refuse")
    t.call(S, "2NT")
    t.judge("not_artificial", "yes")
    t.auction("P P P")
    assert not t.state.restrictions and "27D" in {f.law for f in t.state.flags}
    return review(t, "27D", S)


def test_27D_seed004_lines76_82_good_contract_reached_only_through_the_insufficient_bid_adjusted() -> None:
    """Lines 76-82 (case 1, lines 100-110): partner may deduce the weaker hand and pass, but the good contract must
    be one the pair could reach without the insufficient bid; it could not: 2C by East making eight."""
    t = judge(_case1(), ("helped", "yes"), ("score", "2C E 8"))
    assert ns(t, 1) == -90 and t.state.records[-1].law == "27D"


def test_27D_seed004_lines76_82_the_same_contract_from_a_normal_auction_score_stands() -> None:
    """Lines 76-82 (case 1, line 108): with negative doubles the normal auction reaches 2NT anyway: no help from
    the insufficient bid, the score stands."""
    t = judge(_case1(), ("helped", "no"))
    assert stands(t)


def test_27D_seed004_line96_27B1b_allowed_in_hindsight_wrongly_is_no_director_error_adjusted() -> None:
    """Line 96: the director allowed 2NT (P) 2H transfer to be replaced by 3H under 27B1(b) and realises later that
    he should not have: not a director's error (no Law 82C), the adjustment is made under 27D."""
    t = Table(1, laws="2007")
    t.auction("2NT P")
    t.call(S, "2H")
    t.choose("refuse")
    t.call(S, "3H")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "yes")
    t.auction("P 3S P 4S P P P")
    review(t, "27D", S)
    judge(t, ("helped", "yes"), ("score", "3NT N 9"))
    assert ns(t, 1) == 400 and t.state.records[-1].law == "27D"


# ===== lines 254-265: Law 12A =======================================================================================
def test_12A2_seed004_line258_board_played_anyway_then_an_artificial_score() -> None:
    """Line 258: an adjustment when no rectification permits normal play is the last resort; the board is best played
    anyway, the artificial score awarded afterwards: North's card faced and seen by both opponents, the board
    played, then average minus to North's side and average plus to East-West."""
    t = Table(1, laws="2007")
    t.found_faced(N, "SA", seen_by=(E, W))
    t.choose("play")
    t.auction("1S P 2S P P P")
    assert [(u.side.value, u.law) for u in t.state.unauthorised] == [("EW", "16C"), ("EW", "16C")]
    review(t, "16C2(c)", N)
    judge(t, ("equity", "yes"), ("score", "NS: A-; EW: A+"))
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, Artificial) and (decision.ns.value, decision.ew.value) == ("A-", "A+")


def test_82C_seed004_line259_incorrect_rectification_both_sides_non_offending() -> None:
    """Line 259: an incorrect rectification is a ground for adjusting.  2NT (P) 2C Stayman, corrected to 3C, was
    wrongly denied 27B1(b) and North barred; nothing can put the board right: both sides are treated as
    non-offending, average plus to each."""
    t = Table(1, laws="2007")
    t.auction("2NT P")
    t.call(S, "2C")
    t.choose("refuse")
    t.call(S, "3C")
    t.judge("not_artificial", "no")
    t.judge("more_precise", "no")  # the director's error
    t.auction("P P P")
    assert {(r.seat, r.bar) for r in t.state.restrictions} == {(N, Bar.PASS_THROUGHOUT)}
    review(t, "82C", S)
    judge(t, ("equity", "yes"), ("score", "NS: A+; EW: A+"))
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, Artificial) and (decision.ns.value, decision.ew.value) == ("A+", "A+")


# ===== lines 363-372: the weights of a weighted score ==============================================================
#: North's spades; East's 2NT over 1S shows hearts and clubs by EW's card
SPADES = "N:AKQ98.3.AKJ2.K72 2.KQT98.98.QJT95 JT765.42.Q43.A43 43.AJ765.T765.86"
HEARTS_CLUBS = TableCards(ew=loads('{"system": "t", "contexts": {"(1S)": {"2N": {"shows": "hearts 5+, clubs 5+", '
                                   '"text": "hearts and clubs"}}}}'))


def test_12C1c_seed004_lines363_372_misinformed_pair_defends_4HX_weighted_30_40_20_10() -> None:
    """Lines 363-372: misinformed, NS defend 4H doubled (+300); correctly informed they bid spades, game and
    perhaps slam: 30% of 6S made (+1430), 40% of 4S+2 (+680), 20% of 4S+1 (+650), 10% of 6S-1 (-100)."""
    t = Table(5, deal=SPADES, laws="2007", cards=HEARTS_CLUBS)  # North deals, NS vulnerable
    t.auction("1S 2NT")
    t.do(Explanation(W, 2, "both minors", S, True, t.laws))
    t.auction("3S 4H X P P P")
    claimed(play(t, "SA"), 8)
    assert board_summary(t.state).score_ns == 300
    review(t, "21B", E, 2)
    judge(t, ("agreement", "not as explained"), ("damage", "yes"),
          ("score", "30% 6S N 12; 40% 4S N 12; 20% 4S N 11; 10% 6S N 11"))
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, Weighted)
    outcomes = [(s.ns_score(5), w) for s, w in decision.outcomes]
    assert outcomes == [(1430, 30.0), (680, 40.0), (650, 20.0), (-100, 10.0)]
    assert sum(score * w for score, w in outcomes) / 100 == 821


# ===== lines 420-448: random notes =================================================================================
def test_21B1_seed004_line420_auction_reopened_by_a_correction_before_the_opening_lead() -> None:
    """Line 420: an auction may be reopened through Law 21: West corrects his explanation before the opening lead
    and South changes his final pass to double; the auction goes on."""
    t = Table(1, laws="2007")
    t.auction("1D 2NT")
    t.do(Explanation(W, 2, "both minors", S, True, t.laws))
    t.auction("3H 4C P P P")
    t.do(ExplanationCorrected(W, t.laws, 2, "hearts and clubs"))
    review(t, "21B", E, 2)
    judge(t, ("agreement", "not as explained"))
    t.change(S, "X")
    judge(t, ("nature", "misinformation"))
    judge(t, ("influenced", "yes"))  # 21B1(a)
    assert not t.state.auction_over and t.state.next_seat is W
    t.auction("P P P")
    assert t.state.contract() is not None and t.state.contract().pbn == "4CX"


def test_25A_seed004_line420_auction_reopened_by_an_unintended_final_pass() -> None:
    """Line 420, "very occasionally via Law 25A": East's final pass was a slip for his double; changed before his
    partner called, the double replaces it and the auction goes on."""
    t = Table(1, laws="2007")
    t.auction("1S P 4S P P P")
    t.change(E, "X")
    judge(t, ("nature", "unintended"))
    assert t.state.auction_text().endswith("E:X") and t.state.next_seat is S
    t.auction("P P P")
    assert t.state.contract() is not None and t.state.contract().pbn == "4SX"


#: 4S by South; West holds a singleton spade
SINGLETON = "S:AKQJ9.AKQ.53.A65 8.JT9.AKQ76.KQJT T432.5432.42.432 765.876.JT98.987"


def _slow_singleton() -> Table:
    t = Table(11, deal=SINGLETON, laws="2007")  # South deals, nobody vulnerable
    t.auction("4S P P P")
    play(t, "DA D2 D8 D3 CK C2 C7 CA SA S8")
    t.do(Hesitation(W, laws=t.laws))  # West thought before playing his singleton
    play(t, "S2 S5")
    claimed(t, 7)  # misled about the trumps, declarer goes one down
    assert board_summary(t.state).score_ns == -50
    return review(t, "73F", W)


def test_73F_seed004_line422_hesitating_before_playing_a_singleton_no_bridge_reason_adjusted() -> None:
    """Line 422: a player needs a bridge reason to break tempo; before playing a singleton there is none.  Declarer
    drew a false inference and lost a trick: 4S one down becomes 4S made."""
    t = _slow_singleton()
    assert isinstance(t.state.pending, DeceptionReview)
    assert "West's break in tempo" in describe(t.state.pending, t.state).text
    judge(t, ("bridge-reason", "no"), ("could-have-known", "yes"), ("inference", "yes"), ("damage", "yes"),
          ("score", "4S S 10"))
    assert ns(t, 11) == 420 and t.state.records[-1].law == "73F"


def test_73F_seed004_line422_a_break_in_tempo_with_a_bridge_reason_result_stands() -> None:
    """The same break in tempo found to have a bridge reason: no infraction, 4S one down stands."""
    t = judge(_slow_singleton(), ("bridge-reason", "yes"))
    assert stands(t) and board_summary(t.state).score_ns == -50


def test_73F_seed004_the_review_replays_from_its_log_to_the_same_score() -> None:
    t = judge(_slow_singleton(), ("bridge-reason", "no"), ("could-have-known", "yes"), ("inference", "yes"),
              ("damage", "yes"), ("score", "4S S 10"))
    back = loads_log(dumps_log(t))
    assert back.state.adjusted == t.state.adjusted and back.state.records == t.state.records
