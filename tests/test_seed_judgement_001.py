"""Seed 001 (ACBL technical file, 1997 Laws): the judgement examples, each driven through the table engine to the
outcome the guide states (the call that stands, the score that replaces the table result, or the table result
kept).  Lines are the seed file's; see ``docs/seed-examples.md``, section "Judgement, not mechanical".
"""

from __future__ import annotations

import pytest

from bridge_director.cards.card_file import loads
from bridge_director.cards.model import TableCards
from bridge_director.club.decisions import NoAdjustment, decision_from_json
from bridge_director.engine import Table
from bridge_director.engine.log import dumps as table_dumps
from bridge_director.engine.log import loads as table_loads
from bridge_director.errors import BridgeError
from bridge_director.laws import describe
from bridge_director.laws.law16_play import PlayInQuestion
from bridge_director.laws.law16_ui import UiReview
from bridge_director.laws.law85_facts import Stance, disputed_call
from bridge_director.laws.law86_teams import Fault, team_board
from bridge_director.model import Card, Seat
from bridge_director.table.events import Explanation, ExplanationCorrected, Judgement, Remark, ReviewRequested
from bridge_director.table.play import DummyCardCalled, TricksAdjusted
from bridge_director.table.state import Bar
from bridge_director.table.summary import board_summary
from judgekit import claimed, judge, ns, play, review

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


# ----- helpers -----------------------------------------------------------------------------------------------------










# ===== Law 23, "IRREGULAR PASSES CAUSING DAMAGE" (lines 150-241) ===================================================
def test_23_seed001_safe_psych_out_of_turn_could_have_known_adjusted_to_4H_made() -> None:
    """Lines 150-200: South passes, North psyches 1S out of turn at West's turn, not accepted; West opens 1H and
    North passes: South is barred throughout.  North could have known the enforced pass would help: if the
    opponents were damaged (they stopped in 2H, 4H makes) the score is adjusted."""
    t = Table(11, laws="1997")  # board 11: South deals, nobody vulnerable
    t.call(S, "P")
    t.call(N, "1S")
    t.choose("refuse")
    t.auction("1H P 2H P P P")
    t.judge("specified_suits", "S")  # Law 26: the suit North's withdrawn 1S specified
    assert {(r.seat, r.bar) for r in t.state.restrictions} == {(S, Bar.PASS_THROUGHOUT)}
    review(t, "23", N)
    assert "Flagged:" in describe(t.state.pending, t.state).text
    judge(t, ("could-have-known", "yes"), ("damage", "yes"), ("score", "4H W 11"))
    assert t.state.records[-1].law == "23" and ns(t, 11) == -450


def test_23_seed001_3C_insufficient_corrected_to_4NT_to_bar_partner_adjusted() -> None:
    """Lines 204-225: 3C over partner's 4D is insufficient; 4NT bars partner, and the player stops there.  All the
    aspects of Law 23 are present: the board is adjusted to a normal auction's contract (5C one down here)."""
    t = Table(1, laws="1997")
    t.auction("1D P 2C P 4D P")
    t.call(S, "3C")
    t.choose("refuse")
    t.call(S, "4NT")
    t.auction("P P P")
    assert t.state.contract().pbn == "4NT" and t.state.contract().declarer is S
    review(t, "23", S)
    judge(t, ("could-have-known", "yes"), ("damage", "yes"), ("score", "5C S 10"))
    assert ns(t, 1) == -50


THIRD_CHAIR = "N:K84.Q73.KJ6.J742 T92.T652.8743.A5 AQ3.KJ4.A52.Q863 J765.A98.QT9.KT9"


def test_23_seed001_third_chair_1NT_out_of_turn_could_not_have_known_keeps_plus_120() -> None:
    """Lines 227-241: a balanced 16 count opens 1NT out of turn in third chair; partner (10 points) is barred, the
    offender's 1NT is passed out and makes eight tricks.  He could not have known barring partner would help:
    Law 23 does not apply and he keeps his +120."""
    t = Table(1, deal=THIRD_CHAIR, laws="1997")
    t.call(S, "1NT")  # at North's turn: North, the dealer, is his partner
    t.choose("refuse")
    t.auction("P P 1NT P P P")
    claimed(play(t, "S6"), 8)
    review(t, "23", S)
    judge(t, ("could-have-known", "no"))
    assert isinstance(decision_from_json(t.state.adjusted[-1].to_json()), NoAdjustment)
    assert board_summary(t.state).score_ns == 120


# ===== ASKING QUESTIONS ABOUT OPPONENTS' AGREEMENTS (lines 257-468) ================================================
BLACKWOOD = ("1S", "P", "4NT", "P", "5C", "P", "5D", "P", "5S", "P", "6S", "P", "P", "P")


def test_20_seed001_case1_asking_about_each_alert_at_ones_turn_passes_nothing_to_partner() -> None:
    """Line 297 and case 1: a player may ask about every alerted call at his turn.  The answers inform him, not his
    partner: a review of partner's later call finds no information from him in the log, and the result stands."""
    t = Table(1, laws="1997")
    t.auction("1C")
    t.do(Explanation(S, 1, "artificial, 16 or more", E, True, t.laws))  # East asks at his turn
    t.auction("P 1D P 1NT")
    t.do(Explanation(N, 3, "negative, 0-7", E, True, t.laws))  # and at his next turn
    t.auction("2S P 3S P P P")
    review(t, "16A", W, 8)
    assert "none recorded in the log" in describe(t.state.pending, t.state).text
    judge(t, ("ui", "no"))
    assert t.state.adjusted[-1].kind == "none" and not [f for f in t.state.flags if f.law == "16B"]


def test_20C1_seed001_case2_declarer_asks_at_trick_one_no_inference_allowed() -> None:
    """Case 2 and lines 311-316 (seed 002 lines 226-230 too): before playing to trick one declarer may ask about
    the auction (and the leads), even knowing the answer; the opponents may draw no inference and nothing is
    flagged."""
    t = Table(1, deal=THIRD_CHAIR, laws="1997")
    t.auction("P P 1NT P P P")
    play(t, "S6")
    t.do(ReviewRequested(S, t.laws))  # declarer, at his first turn to play (from dummy)
    assert not t.state.flags and "at his turn" in t.state.records[-1].outcome


def test_20C1_seed001_case3_leader_holding_the_queen_asks_about_5S_before_leading() -> None:
    """Case 3: after 1S 4NT 5C 5D 5S 6S, the opening leader asks what 5S showed although he holds the queen of
    trumps.  He is entitled to know: the review at his turn is recorded as proper and nothing is flagged."""
    t = Table(1, laws="1997")
    t.auction(" ".join(BLACKWOOD))
    t.do(ReviewRequested(E, t.laws))  # the opening leader, after the final pass and before the lead
    t.do(Explanation(S, 9, "the queen of trumps, no side king", E, True, t.laws))
    assert "at his turn" in t.state.records[-1].outcome
    assert not [f for f in t.state.flags if f.law.startswith("16")]
    assert [(u.side.value, u.law) for u in t.state.unauthorised] == [("NS", "16A")]  # the answer is NS's matter


QUESTION_DEAL = "N:K32.T3.AQJ76.K54 Q765.5.9542.AJ76 AJ4.A8642.K3.Q32 T98.KQJ97.T8.T98"


def test_16A_seed001_question_about_an_unalerted_1H_then_partner_leads_a_heart_adjusted() -> None:
    """Lines 405-418: 1D P 1H: asking about the unalerted 1H strongly suggests hearts; when the asker's partner then
    leads a heart, the opponents may be entitled to redress: 3NT one down becomes 3NT made."""
    t = Table(1, deal=QUESTION_DEAL, laws="1997")
    t.auction("1D P 1H")
    t.do(Remark(W, "asked what the unalerted 1H showed", laws=t.laws))
    t.do(Explanation(N, 3, "natural, four or more hearts", W, False, t.laws))
    t.auction("P 1NT P 3NT P P P")
    claimed(play(t, "H5"), 8)
    review(t, "16A", E)
    assert isinstance(t.state.pending, PlayInQuestion)
    judge(t, ("card", "H5"))
    assert "West's remark" in describe(t.state.pending, t.state).text
    judge(t, ("ui", "yes"), ("suggests", "H5"), ("alternatives", "poll: S5 | H5, S5 | D2 | S5 | H5"),
          ("damage", "yes"), ("score", "3NT N 9"))
    assert t.state.records[-1].law == "16A" and ns(t, 1) == 400


# ===== TWELVE OR FEWER CARDS IN DUMMY (lines 469-492) ==============================================================
#: dummy (North) shows xxxx xxxx x xxx: its second diamond is hidden; West holds the diamond ace-king
TWELVE = "S:AKQJ9.AKQ.53.A65 8.JT9.AKQ76.KQJT T432.5432.42.432 765.876.JT98.987"


def _twelve_card_dummy() -> Table:
    t = Table(11, deal=TWELVE, laws="1997")
    t.auction("4S P P P")
    play(t, "DA D2 D8 D3")  # dummy seems void now: West does not continue with the king
    play(t, "CK C2 C7 CA")
    return claimed(t, 9)  # declarer discards his diamond on dummy's long heart: ten tricks


def test_41D_12_seed001_dummy_of_twelve_cards_adjusted_by_the_trick_not_cashed() -> None:
    """Lines 469-492: the defence would have continued diamonds but for dummy's apparent singleton; the director
    restores equity: 4S made (+420) becomes 4S one down."""
    t = _twelve_card_dummy()
    assert board_summary(t.state).score_ns == 420
    review(t, "41D", N)
    judge(t, ("equity", "yes"), ("score", "4S S 9"))
    assert t.state.records[-1].law == "41D" and ns(t, 11) == -50


def test_41D_12_seed001_dummy_of_twelve_cards_the_trick_entered_by_the_director() -> None:
    """The same adjustment entered as the tricks declarer is credited with: the board's score is 4S one down."""
    t = _twelve_card_dummy()
    t.do(TricksAdjusted(9, "12A1", "the diamond king the defence would have cashed"))
    summary = board_summary(t.state)
    assert (summary.final_tricks, summary.score_ns) == (9, -50)


# ===== "WE HAVE FOUR TRICKS PARTNER" (lines 690-696) ===============================================================
#: 3NT by South; West's spades run (four tricks) and his fifth spade is the setting trick
FOUR_TRICKS = "S:765.AKQ.AKQ.KQJ4 AKQJ8.T98.T9.T98 943.J32.5432.A32 T2.7654.J876.765"


def _four_tricks() -> Table:
    t = Table(3, deal=FOUR_TRICKS, laws="1997")  # South deals, NS not vulnerable
    t.auction("2NT P 3NT P P P")
    play(t, "SA S3 S2 S5 SK S4 ST S6 SQ S9 H4 S7 SJ D2 H5 C4")
    t.do(Remark(E, "we have four tricks partner", laws=t.laws))
    play(t, "S8 D3 H6 DQ")  # West cashes the setting trick
    return claimed(t, 8)


def test_16A_seed001_we_have_four_tricks_partner_cashing_the_setting_trick_adjusted_to_3NT_made() -> None:
    """Lines 690-696: a defender cashes the setting trick after partner's "we have four tricks partner": Law 16.
    Switching was a logical alternative the remark made less attractive: 3NT one down becomes 3NT made."""
    t = _four_tricks()
    assert board_summary(t.state).score_ns == -50
    review(t, "16A", W)
    assert "SA SK SQ SJ S8" in describe(t.state.pending, t.state).text
    judge(t, ("card", "S8"))
    assert isinstance(t.state.pending, UiReview) and t.state.pending.taken == "S8"
    assert "we have four tricks partner" in describe(t.state.pending, t.state).text
    judge(t, ("ui", "yes"), ("suggests", "S8"), ("alternatives", "poll: S8 | HT, S8 | HT | S8 | S8"),
          ("damage", "yes"), ("score", "3NT S 9"))
    assert ns(t, 3) == 400


def test_16A_seed001_we_have_four_tricks_partner_no_logical_alternative_result_stands() -> None:
    """The same case where every peer cashes the spade anyway: no logical alternative, 3NT one down stands."""
    t = _four_tricks()
    review(t, "16A", W)
    judge(t, ("card", "S8"), ("ui", "yes"), ("suggests", "S8"), ("alternatives", "poll: S8 | S8 | S8 | S8 | S8"))
    assert t.state.adjusted[-1].kind == "none" and board_summary(t.state).score_ns == -50


def test_16A_seed001_the_card_under_review_must_be_one_the_player_played() -> None:
    t = _four_tricks()
    review(t, "16A", W)
    before = t.state
    with pytest.raises(BridgeError, match="has not played"):
        t.do(Judgement("card", "HT"))
    assert t.state == before



def test_16A_seed001_the_review_of_a_card_replays_from_its_log_to_the_same_score() -> None:
    t = _four_tricks()
    review(t, "16A", W)
    judge(t, ("card", "S8"), ("ui", "yes"), ("suggests", "S8"), ("alternatives", "la: HT"), ("damage", "yes"),
          ("score", "3NT S 9"))
    back = table_loads(table_dumps(t))
    assert back.state.adjusted == t.state.adjusted and back.state.records == t.state.records

# ===== Law 46B: an incontrovertible intention (lines 569-583) ======================================================
@pytest.mark.parametrize(("intention", "played"), [("no", "H2"), ("HJ", "HJ")])
def test_46B_seed001_suit_named_without_a_rank_the_card_dummy_plays(intention: str, played: str) -> None:
    """Lines 569-583: "heart" names a suit without a rank: dummy's lowest heart, unless declarer's other intention
    (to cover West's ten with the jack) was incontrovertible, which is a matter of judgement."""
    t = Table(3, deal=FOUR_TRICKS, laws="1997")
    t.auction("2NT P 3NT P P P")
    play(t, "HT")
    t.do(DummyCardCalled("heart", t.laws))
    assert [q.key for q in describe(t.state.pending, t.state).questions] == ["intention"]
    judge(t, ("intention", intention))
    assert t.state.play is not None and t.state.play.current.cards == (Card.parse("HT"), Card.parse(played))


# ===== DISAGREEMENT OVER A CALL (lines 739-770) ===================================================================
@pytest.mark.parametrize(("partner", "left", "right", "stands"), [
    (Stance.AGREES, Stance.DISAGREES, Stance.DISAGREES, "2H"),  # 2 to 2: the speaker
    (Stance.ABSTAINS, Stance.ABSTAINS, Stance.DISAGREES, "2H"),  # 1 to 1: the speaker
    (Stance.DISAGREES, Stance.DISAGREES, Stance.DISAGREES, "2S"),  # everyone else heard otherwise
    (Stance.ABSTAINS, Stance.DISAGREES, Stance.DISAGREES, "2S"),  # 2 to 1, the speaker's partner abstains
    (Stance.DISAGREES, Stance.ABSTAINS, Stance.DISAGREES, "2S"),  # 2 to 1, an opponent abstains
])
def test_85_seed001_disputed_call_the_version_that_stands(partner: Stance, left: Stance, right: Stance,
                                                           stands: str) -> None:
    """Lines 739-770: North says he bid 2H, the others say what they heard (2S).  More weight to the speaker,
    with the majority when all the others heard otherwise or two of them did: the call entered is that version."""
    decision = disputed_call(partner=partner, left=left, right=right)
    version = {"speaker": "2H", "majority": "2S"}[decision.rule_with]
    t = Table(1)
    t.auction(f"{version} P")
    assert t.state.auction_text() == f"N:{stands} E:Pass" and t.state.contract() is None


def test_85_seed001_disputed_call_of_a_card_from_dummy_substantial_evidence_decides() -> None:
    """Lines 741 and 766: the same guideline for the call of a card from dummy; substantial evidence overrides it.
    Declarer says "heart jack", all three others heard "heart two"; a witness heard the jack: the jack is
    played."""
    decision = disputed_call(partner=Stance.DISAGREES, left=Stance.DISAGREES, right=Stance.DISAGREES,
                             evidence="a kibitzer heard the queen", evidence_supports_speaker=True)
    assert decision.rule_with == "evidence"
    t = Table(3, deal=FOUR_TRICKS)
    t.auction("2NT P 3NT P P P")
    play(t, "HT")
    t.do(DummyCardCalled("HJ" if "speaker" in decision.step.answer else "H2", t.laws))
    assert t.state.play is not None and t.state.play.current.cards == (Card.parse("HT"), Card.parse("HJ"))


# ===== NATURAL NOTRUMP BIDS WITH UNBALANCED HANDS (lines 1026-1104) ================================================
NATURAL_NT = TableCards(ns=loads('{"system": "natural", "contexts": {"": {"1N": "hcp 15-17, balanced"}}}'))
#: North opens 1NT with a singleton club king (17 points); the other hands are ordinary
SINGLETON_KING = "N:K73.AQ54.AJ842.K 942.KJ2.T95.AQ87 AQ5.T876.KQ7.JT6 JT86.93.63.95432"
#: North opens 1NT with AQJxxx Ax x AQxx, the guide's hand
SIX_TWO_ONE_FOUR = "N:AQJ976.A5.4.AQ76 43.T972.8653.854 K2.8643.KJ72.J32 T85.KQJ.AQT9.KT9"


def test_40_seed001_1NT_with_a_singleton_by_judgement_no_agreement_broken_result_stands() -> None:
    """Lines 1056-1062: no regulation stops a natural 1NT with a singleton when sound judgement says so; only an
    agreement that 1NT may be unbalanced is illegal.  The card and the explanation agree, the hand does not fit:
    the director finds the call a deviation from the agreement as explained, and there is no redress."""
    t = Table(1, deal=SINGLETON_KING, laws="1997", cards=NATURAL_NT)
    t.auction("1NT")
    t.do(Explanation(S, 1, "hcp 15-17, balanced", E, True, t.laws))
    t.auction("P 3NT P P P")
    review(t, "21B", N, 1)
    text = describe(t.state.pending, t.state).text
    assert "North's hand does not fit the card" in text and "suggests: as explained" in text
    judge(t, ("agreement", "as explained"))
    assert isinstance(decision_from_json(t.state.adjusted[-1].to_json()), NoAdjustment)
    assert t.state.records[-1].law == "21B" and "no redress" in t.state.records[-1].outcome


def test_40_seed001_1NT_on_AQJxxx_Ax_x_AQxx_implicit_agreement_opponents_protected() -> None:
    """Lines 1079-1100: 1NT on AQJxxx Ax x AQxx has little bridge merit; the burden of proof is on the bidder, and
    when the tests fail (a habit makes an implicit agreement) the opponents are protected: misinformation, and
    3NT made (+400) becomes 3NT one down."""
    t = Table(1, deal=SIX_TWO_ONE_FOUR, laws="1997", cards=NATURAL_NT)
    t.auction("1NT")
    t.do(Explanation(S, 1, "hcp 15-17, balanced", E, True, t.laws))
    t.auction("P 3NT P P P")
    claimed(play(t, "D6"), 9)
    assert board_summary(t.state).score_ns == 400
    review(t, "21B", N, 1)
    assert "North's hand does not fit the card" in describe(t.state.pending, t.state).text
    judge(t, ("agreement", "no agreement"), ("damage", "yes"), ("score", "3NT N 8"))
    assert ns(t, 1) == -50


# ===== TWO LOWER UNBID SUITS (lines 1286-1307) =====================================================================
TWO_LOWER = TableCards(ew=loads('{"system": "two lower unbid", "contexts": {'
                                '"(1C)": {"2N": {"shows": "diamonds 5+, hearts 5+", "text": "two lower unbid"}},'
                                '"(1D)": {"2N": {"shows": "clubs 5+, hearts 5+", "text": "two lower unbid"}},'
                                '"(1M)": {"2N": {"shows": "clubs 5+, diamonds 5+", "text": "two lower unbid"}}}}'))
#: East overcalls 1D with 2NT holding hearts and clubs
HEARTS_CLUBS = "N:AK32.K3.AQ765.32 5.AJT98.4.KQJ986 QJ9.Q742.KJ2.A54 T8764.65.T983.T7"


def test_40_21B_seed001_two_lower_unbid_over_1D_explained_as_the_minors_south_may_change() -> None:
    """Lines 1288-1300: over a minor, "2 lower unbid" shows hearts and the other minor.  West explains East's 2NT
    over 1D as the minors; East's side declares, so the mistake is corrected before the opening lead and South,
    misinformed, may change his final pass."""
    t = Table(1, deal=HEARTS_CLUBS, laws="1997", cards=TWO_LOWER)
    t.auction("1D 2NT")
    t.do(Explanation(W, 2, "both minors", S, True, t.laws))
    t.auction("3H 4C P P P")
    t.do(ExplanationCorrected(W, t.laws, 2, "clubs 5+, hearts 5+ (two lower unbid)"))
    review(t, "21B", E, 2)
    assert "clubs 5+, hearts 5+ (two lower unbid)" in describe(t.state.pending, t.state).text
    judge(t, ("agreement", "not as explained"))
    assert "South may change" in t.state.records[-1].outcome
    t.change(S, "X")
    judge(t, ("nature", "misinformation"))
    judge(t, ("influenced", "yes"))  # 21B1(a)
    t.auction("P P P")
    assert t.state.auction_text().endswith("S:X W:Pass N:Pass E:Pass") and t.state.contract().pbn == "4CX"


def test_40_20F_seed001_2NT_for_other_suits_must_be_alerted_unalerted_is_misinformation() -> None:
    """Lines 1301-1307: a direct 2NT for suits other than the minors or the two lower unbid must be alerted.  Not
    alerted, it is misinformation: before the opening lead South, who made the final pass, may change it."""
    card = TableCards(ew=loads('{"system": "t", "contexts": {"(1H)": {"2N": {"shows": "spades 5+, clubs 5+", '
                               '"text": "spades and clubs"}}}}'))
    t = Table(1, laws="1997", cards=card)
    t.auction("1H 2NT")
    t.do(Explanation(W, 2, "", N, False, t.laws))
    t.auction("3H P 4H P P P")
    review(t, "21B", E, 2)
    assert "not alerted" in describe(t.state.pending, t.state).text
    judge(t, ("agreement", "not as explained"))
    assert "South may change" in t.state.records[-1].outcome and "21B3" in {f.law for f in t.state.flags}


# ===== RULINGS IN TEAM GAMES (lines 1308-1325) ====================================================================
def test_86_seed001_team_game_one_side_at_fault_rule_and_play_the_board_at_the_other_table() -> None:
    """Lines 1310-1318: one side responsible and the board not yet played at the other table: the director rules
    (or will, after consultation) and the board is played at the other table; a reshuffle is never an option."""
    decision = team_board(at_fault=Fault.ONE_SIDE, played_elsewhere=False, playable=False)
    assert (decision.action, decision.other_table) == ("rule", "the board is played there as dealt")
    assert "no reshuffle" in decision.step.answer


@pytest.mark.parametrize("fault", [Fault.BOTH, Fault.NEITHER])
def test_86_seed001_team_game_both_or_neither_at_fault_board_unplayable_redeal(fault: Fault) -> None:
    """Lines 1318-1322: both pairs or neither at fault and play impossible or meaningless: a redeal may be ordered
    to avoid a shortened match; still playable, it is played."""
    assert team_board(at_fault=fault, played_elsewhere=False, playable=False).action == "redeal"
    assert team_board(at_fault=fault, played_elsewhere=False, playable=True).action == "play"


# ===== INADVERTENT BID (lines 1326-1372) ==========================================================================
def test_25A_seed001_double_card_then_a_skip_bid_card_judged_inadvertent_the_bid_stands() -> None:
    """Lines 1359-1364: the double card placed and shortly followed by a skip bid card: clearly the double was
    inadvertent.  Judged so, the bid replaces it with no rectification."""
    t = Table(1, laws="1997")
    t.auction("1H X")
    t.change(E, "3S")
    judge(t, ("nature", "unintended"))
    assert t.state.auction_text() == "N:1H E:3S" and not t.state.restrictions and not t.state.flags
    assert t.state.records[-1].law == "25A"


def test_25B_seed001_a_bid_pulled_in_place_of_a_pass_is_not_mechanical_first_call_stands() -> None:
    """Lines 1356-1359: a bid pulled in place of a pass (calls from different parts of the box) is rarely
    inadvertent: judged a change of mind, South does not accept it, East lets his pass stand and West passes at his
    next turn (1997 Law 25B2)."""
    t = Table(1, laws="1997")
    t.auction("1H P")
    t.change(E, "2S")
    judge(t, ("nature", "change_of_mind"))
    t.choose("refuse", S)
    t.choose("stand", E)
    assert t.state.auction_text() == "N:1H E:Pass"
    assert {(r.seat, r.bar) for r in t.state.restrictions} == {(W, Bar.PASS_ONCE)}


def test_16A_seed001_a_call_not_made_is_unauthorised_information_adjusted() -> None:
    """Lines 1337-1343: a bid card taken out but not placed is no call: Law 25 does not apply but Law 16 does.  West
    knows East nearly bid 2S; West's 2S in the pass-out seat is reviewed, Pass was the logical alternative: 1H made
    becomes the assigned result."""
    t = Table(1, laws="1997")
    t.auction("1H")
    t.do(Remark(E, "took the 2S card out of the box and put it back", gesture=True, laws=t.laws))
    assert t.state.auction_text() == "N:1H" and t.state.next_seat is E  # no call was made
    t.auction("P P 2S P P P")
    review(t, "16A", W, 4)
    assert "took the 2S card out" in describe(t.state.pending, t.state).text
    judge(t, ("ui", "yes"), ("suggests", "2S"), ("alternatives", "la: Pass"), ("damage", "yes"),
          ("score", "1H N 8"))
    assert ns(t, 1) == 110  # 1H made with an overtrick
