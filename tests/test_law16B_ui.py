"""Law 16B (1997: 16A): unauthorised information from partner, ruled step by step at the table, carried to the
score.  Seed 001's huddle cases (four questions, the six fallacies, logical alternatives cases A and B, the 6♦ slam)
and seed 004's 4♥ example, each checked by the score that comes out."""

from __future__ import annotations

import pytest

from bridge_director.club.decisions import decision_from_json
from bridge_director.engine import Table
from bridge_director.engine.log import dumps, loads
from bridge_director.errors import BridgeError
from bridge_director.laws import describe
from bridge_director.laws.law16_ui import Poll, UiReview
from bridge_director.model import Card, Seat
from bridge_director.table.edition import Edition
from bridge_director.table.events import Choice, DirectorReview, Hesitation, Judgement, Remark
from bridge_director.table.play import CardPlayed, ClaimMade
from judgekit import SLAM_AUCTION, SLAM_DEAL, calls, huddle_table, judge, reviewed_table

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
POLL_MINORITY_PASS = "poll: 4S | Pass, 4S | Pass | 4S | 4S"


def review(t: Table, seat: Seat, call_no: int) -> Table:
    t.do(DirectorReview("16B", seat, call_no, t.laws))
    return t


def test_16B1a_a_break_in_tempo_is_unauthorised_to_partner_and_does_not_stop_the_table() -> None:
    t = huddle_table()
    assert t.state.phase == "play"  # the auction went on: a hesitation is a fact, not an irregularity that stops
    assert [(u.side.value, u.law) for u in t.state.unauthorised] == [("NS", "16B")]
    assert t.state.notes[0].kind == "hesitation" and t.state.notes[0].at == 3


def test_16B_the_review_names_the_source_and_asks_the_questions_in_the_law_s_order() -> None:
    t = review(huddle_table(), N, 5)
    assert isinstance(t.state.pending, UiReview)
    keys = []
    for question, answer in (("ui", "yes"), ("suggests", "action"), ("alternatives", POLL_MINORITY_PASS),
                             ("damage", "yes")):
        ruling = describe(t.state.pending, t.state)
        assert "South's break in tempo" in ruling.text
        keys.append(ruling.questions[0].key)
        t.do(Judgement(question, answer))
    keys.append(describe(t.state.pending, t.state).questions[0].key)
    assert keys == ["ui", "suggests", "alternatives", "damage", "score"]


def test_16B3_all_four_yes_assigns_the_score_which_the_result_takes_over() -> None:
    t = reviewed_table()
    assert t.state.pending is None
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert decision.to_json() == {"kind": "assigned", "score": {"contract": "4H", "declarer": "E", "tricks": 9}}
    assert t.state.records[-1].law == "16B" and [k for k, _ in t.state.records[-1].steps] == [
        "ui", "suggests", "alternatives", "damage", "score"]


def test_16B1b_substantial_minority_is_a_logical_alternative_even_when_most_bid_on() -> None:
    """Fallacy 4 of seed 001: the question is not whether 4♠ was reasonable but whether Pass was also logical."""
    assert Poll.parse("4S | 4S | 4S | Pass | 4S, Pass").logical_alternatives("4S", Edition.L2017) == ("Pass",)


def test_16B1b_overwhelming_majority_means_no_logical_alternative_and_the_score_stands() -> None:
    t = review(huddle_table(), N, 5)
    judge(t, ("ui", "yes"), ("suggests", "action"), ("alternatives", "poll: " + " | ".join(["4S"] * 9 + ["X"])))
    assert t.state.pending is None
    assert t.state.adjusted[-1].kind == "none"
    assert "no logical alternative" in t.state.records[-1].outcome


def test_16B1a_only_alternatives_also_suggested_by_the_huddle_mean_the_score_stands() -> None:
    """Seed 001: North so strong that his alternatives to 4♠ are other bids or double, all suggested by South's
    showing values: the answer to 'suggested over a logical alternative' is no."""
    t = review(huddle_table(), N, 5)
    judge(t, ("ui", "yes"), ("suggests", "action"), ("alternatives", "la: X, 5S"))
    assert t.state.adjusted[-1].kind == "none"
    assert "suggested as well" in t.state.records[-1].outcome


def test_16B1a_the_chosen_call_not_suggested_means_the_score_stands() -> None:
    t = review(huddle_table(), N, 5)
    judge(t, ("ui", "yes"), ("suggests", "pass"))
    assert t.state.adjusted[-1].kind == "none" and t.state.pending is None


def test_16B_no_damage_means_the_score_stands() -> None:
    t = review(huddle_table(), N, 5)
    judge(t, ("ui", "yes"), ("suggests", "action"), ("alternatives", POLL_MINORITY_PASS), ("damage", "no"))
    assert t.state.adjusted[-1].kind == "none"
    assert "not damaged" in t.state.records[-1].outcome


def test_85_a_disputed_hesitation_is_flagged_for_the_facts_and_no_unauthorised_information_is_assumed() -> None:
    t = calls(Table(1, dealer="N", vulnerability="None"), "1S", "4H", "P")
    t.do(Hesitation(S, agreed=False))
    assert not t.state.unauthorised and [f.law for f in t.state.flags] == ["85"]
    calls(t, "P", "4S", "P", "P", "P")
    review(t, N, 5)
    assert "disputed" in describe(t.state.pending, t.state).text
    judge(t, ("ui", "no"))
    assert t.state.adjusted[-1].kind == "none"


def _case_ab(pause: str) -> Table:
    """Seed 001, logical alternatives: West deals at favourable vulnerability (board 12: NS vulnerable) and opens
    4♥; North passes (with a fast pass and a card detached, or after a long pause and a question); East passes;
    South holds ♠AQ10763 ♥94 ♦Q106 ♣74."""
    t = calls(Table(12, laws="2017"), "4H", "P")
    if pause == "fast":
        t.do(Remark(N, "passed at once and detached a card as if to lead", gesture=True))
    else:
        t.do(Hesitation(N))
        t.do(Remark(N, "asked how weak West could be"))
    return calls(t, "P")


def test_16B_seed001_case_A_pass_suggested_over_4S_assigned_4SX_down_1100() -> None:
    t = calls(_case_ab("fast"), "P")  # South passes: 4♥ by West stands
    review(t, S, 4)
    judge(t, ("ui", "yes"), ("suggests", "pass"), ("alternatives", "la: 4S"), ("damage", "yes"),
          ("score", "4SX S 6"))
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert decision.to_json()["kind"] == "assigned"
    from bridge_director.club.decisions import Assigned
    assert isinstance(decision, Assigned) and decision.score.ns_score(12) == -1100


def test_16B_seed001_case_B_4S_suggested_over_pass_split_4H_for_each_side() -> None:
    t = calls(_case_ab("slow"), "4S", "P", "P", "P")
    review(t, S, 4)
    judge(t, ("ui", "yes"), ("suggests", "action"), ("alternatives", "la: Pass"), ("damage", "yes"),
          ("score", "NS: 4H W 10; EW: 4H W 9"))
    from bridge_director.club.decisions import Split
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, Split)
    assert (decision.ns.ns_score(12), decision.ew.ns_score(12)) == (-420, 50)


def _slam_played() -> Table:
    t = calls(Table(14, deal=SLAM_DEAL), *SLAM_AUCTION)
    t.do(Hesitation(N))
    calls(t, "P", "6D", "P", "P", "P")
    t.do(CardPlayed(W, Card.parse("C4")))
    t.do(ClaimMade(S, 12, "conceding a spade", t.laws))
    t.do(Choice("agree", W))
    return t


def test_12C1e_seed001_6D_after_a_hesitation_EW_keep_minus_920_NS_get_plus_420() -> None:
    t = _slam_played()
    review(t, S, 18)
    text = describe(t.state.pending, t.state).text
    assert "North's break in tempo" in text
    judge(t, ("ui", "yes"), ("suggests", "6D"), ("alternatives", "la: Pass"), ("damage", "yes"))
    assert "Double dummy" in describe(t.state.pending, t.state).text
    judge(t, ("score", "NS: 5D S 12; EW: table"))
    from bridge_director.club.decisions import Split
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, Split)
    assert decision.ns.ns_score(14) == 420 and decision.ew.ns_score(14) == 920  # EW keep -920


def test_12C1b_seed004_4H_reached_on_ui_assigned_3H_plus_one_ns_minus_170() -> None:
    t = calls(Table(1, dealer="N", vulnerability="None"), "P", "1H", "P")
    t.do(Hesitation(W))
    calls(t, "2H", "P", "4H", "P", "P", "P")
    review(t, E, 6)
    judge(t, ("ui", "yes"), ("suggests", "4H"), ("alternatives", "la: Pass, 3H"), ("damage", "yes"),
          ("score", "3H E 10"))
    from bridge_director.club.decisions import Assigned
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, Assigned) and decision.score.ns_score(1) == -170


def test_12C1b_seed004_double_shot_ns_keep_minus_800_ew_get_ns_plus_100() -> None:
    t = calls(Table(4, dealer="W"), "1H", "P", "2H")  # board 4: both vulnerable
    t.do(Hesitation(E))
    calls(t, "P", "4H", "4S", "X", "P", "P", "P")
    review(t, W, 5)
    judge(t, ("ui", "yes"), ("suggests", "4H"), ("alternatives", "la: 3H"), ("damage", "yes"),
          ("score", "NS: 4SX N 7; EW: 4H W 9"))
    from bridge_director.club.decisions import Split
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, Split)
    assert (decision.ns.ns_score(4), decision.ew.ns_score(4)) == (-800, 100)


@pytest.mark.parametrize("laws, law", [("2017", "16B"), ("2007", "16B"), ("1997", "16A")])
def test_16B_each_edition_names_its_law(laws: str, law: str) -> None:
    t = review(huddle_table(laws), N, 5)
    assert describe(t.state.pending, t.state).law == law
    judge(t, ("ui", "yes"), ("suggests", "action"), ("alternatives", POLL_MINORITY_PASS), ("damage", "yes"),
          ("score", "60% 4H E 9; 40% 4H E 10"))
    assert t.state.records[-1].law == law and t.state.adjusted[-1].kind == "weighted"


def test_16A_1997_seriously_considered_is_enough_without_anyone_choosing_it() -> None:
    poll = Poll.parse("4S, Pass | 4S | 4S | 4S")
    assert poll.logical_alternatives("4S", Edition.L1997, share=poll_share()) == ("Pass",)
    assert poll.logical_alternatives("4S", Edition.L2017, share=poll_share()) == ()


def poll_share() -> object:
    from fractions import Fraction
    return Fraction(1, 4)


def test_12C_bad_scores_are_refused_naming_the_law_and_nothing_is_lost() -> None:
    t = review(huddle_table(), N, 5)
    judge(t, ("ui", "yes"), ("suggests", "action"), ("alternatives", POLL_MINORITY_PASS), ("damage", "yes"))
    before = t.state
    for bad in ("4H E 14", "60% 4H E 9; 30% 4H E 10", "NS: 4H E 9", "4H", "table"):
        with pytest.raises(BridgeError, match="12C"):
            t.do(Judgement("score", bad))
        assert t.state == before
    with pytest.raises(BridgeError, match="16B"):
        t.do(Judgement("damage", "maybe"))


def test_16B_a_review_replayed_from_its_log_gives_the_same_outcome() -> None:
    t = reviewed_table()
    back = loads(dumps(t))
    assert back.state.records == t.state.records and back.state.adjusted == t.state.adjusted


def test_16B_the_reviewed_call_must_be_the_player_s() -> None:
    with pytest.raises(BridgeError, match="made by East"):
        review(huddle_table(), N, 2)
