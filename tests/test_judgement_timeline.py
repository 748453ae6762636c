"""Judgement on the director's timeline (Laws 16B, 21B, 12B1, 12C): the facts when the director is called, the
board played out, the ruling at the end of the hand against the table result — each edition."""

from __future__ import annotations

import pytest

from bridge_director.engine import Table
from bridge_director.model import Seat
from bridge_director.table.events import ExplanationCorrected
from playkit import DEAL, play_out

EDITIONS = ["2017", "2007", "1997"]
UI = {"2017": "16B", "2007": "16B", "1997": "16A"}


def _tempo_board(laws: str) -> Table:
    """North passes 2♣ after a long, unwarned pause; South, who had overcalled, bids 2♠ (call 7) and plays it."""
    t = Table(None, dealer="N", vulnerability="None", deal=DEAL, laws=laws)
    t.auction("P 1C 1S 2C P")
    t.hesitate("N", skip_warning=False, seconds=20, unusual=True)
    t.auction("P 2S P P P")
    return t


def _review_after_the_hand(t: Table) -> None:
    play_out(t)
    assert t.state.play is not None and t.state.play.finished
    [matter] = t.matters
    assert matter.now and matter.command() == "review 16B S 7"
    t.review("16B", "S", 7)


@pytest.mark.parametrize("laws", EDITIONS)
def test_16B_tempo_break_noted_the_board_goes_on_then_reviewed_and_adjusted(laws: str) -> None:
    t = _tempo_board(laws)
    assert t.state.pending is None and t.state.phase == "play"
    [matter] = t.matters
    assert not matter.now and "pause of about 20 s" in matter.text and "no skip-bid warning" in matter.text
    _review_after_the_hand(t)
    t.judge("ui", "yes")
    t.judge("suggests", "action")
    t.judge("alternatives", "la: Pass")
    q = t.ruling.questions[0]
    assert q.key == "damage" and "at the table (2S by South," in q.text
    t.judge("damage", "yes")
    t.judge("score", "2C W 8")
    record = t.state.records[-1]
    assert record.law == UI[laws] and "suggested by the information over a logical alternative" in record.outcome
    assert t.state.adjusted[-1].to_json() == {"kind": "assigned",
                                              "score": {"contract": "2C", "declarer": "W", "tricks": 8}}
    assert t.matters == ()


@pytest.mark.parametrize("laws", EDITIONS)
def test_16B1b_no_logical_alternative_the_table_result_stands(laws: str) -> None:
    t = _tempo_board(laws)
    _review_after_the_hand(t)
    t.judge("ui", "yes")
    t.judge("suggests", "action")
    t.judge("alternatives", "la: none")
    assert t.state.pending is None and t.state.adjusted[-1].to_json() == {"kind": "none"}
    assert "had no logical alternative" in t.state.records[-1].outcome and t.matters == ()


@pytest.mark.parametrize("laws", EDITIONS)
def test_12B1_no_damage_the_table_result_stands_with_its_reason(laws: str) -> None:
    t = _tempo_board(laws)
    _review_after_the_hand(t)
    for key, answer in (("ui", "yes"), ("suggests", "action"), ("alternatives", "la: Pass"), ("damage", "no")):
        t.judge(key, answer)
    assert t.state.adjusted[-1].kind == "none" and t.state.adjusted[-1].reason == "the opponents were not damaged"


@pytest.mark.parametrize(("laws", "law"), [("2017", "12C1(e)"), ("2007", "12C1(b)"), ("1997", "12C2")])
def test_12C1e_serious_error_by_the_non_offenders_is_a_split_in_the_decision_data(laws: str, law: str) -> None:
    t = _tempo_board(laws)
    _review_after_the_hand(t)
    for key, answer in (("ui", "yes"), ("suggests", "action"), ("alternatives", "la: Pass"), ("damage", "yes")):
        t.judge(key, answer)
    assert f"Law {law}" in t.ruling.questions[0].text
    t.judge("score", "serious EW: 2C W 8; 2C W 7")
    assert t.state.adjusted[-1].to_json() == {
        "kind": "serious-error", "non_offenders": "EW",
        "expected": {"contract": "2C", "declarer": "W", "tricks": 8},
        "after": {"contract": "2C", "declarer": "W", "tricks": 7}}


def test_12C1e_serious_error_needs_both_results() -> None:
    from bridge_director.errors import IllegalCallError
    t = _tempo_board("2017")
    _review_after_the_hand(t)
    for key, answer in (("ui", "yes"), ("suggests", "action"), ("alternatives", "la: Pass"), ("damage", "yes")):
        t.judge(key, answer)
    with pytest.raises(IllegalCallError) as err:
        t.judge("score", "serious EW: 2C W 8")
    assert err.value.law == "12C1(e)" and t.state.pending is not None


@pytest.mark.parametrize("laws", EDITIONS)
def test_16B_review_started_at_once_is_put_aside_later_and_taken_up_after_the_last_trick(laws: str) -> None:
    t = _tempo_board(laws)
    t.review("16B", "S", 7)
    t.judge("ui", "yes")  # the facts now
    t.later()  # play on; call the director back at the end of the hand
    assert t.state.pending is None and len(t.state.parked) == 1
    [matter] = t.matters
    assert matter.waiting and not matter.now and "ui: yes" in matter.text
    play_out(t)
    assert t.matters[0].now
    t.review("16B", "S", 7)  # takes it up, the facts kept
    assert t.ruling.questions[0].key == "suggests" and not t.state.parked
    for key, answer in (("suggests", "action"), ("alternatives", "la: Pass"), ("damage", "yes"), ("score", "table")):
        t.judge(key, answer)
    assert t.state.records[-1].steps[0] == ("ui", "yes") and t.matters == ()


@pytest.mark.parametrize("laws", EDITIONS)
def test_21B_misinformation_found_at_the_end_of_the_auction_then_reviewed_after_the_play(laws: str) -> None:
    t = Table(None, dealer="N", vulnerability="None", deal=DEAL, laws=laws)
    t.auction("P 1C 1S")
    from bridge_director.table.events import Explanation
    t.do(Explanation(Seat.NORTH, 3, "weak, six spades", Seat.EAST, True, t.laws))
    t.auction("2C P P P")
    t.do(ExplanationCorrected(Seat.SOUTH, t.laws, 3, "natural overcall, 8-16"))  # 20F5(b): before the lead
    [matter] = t.matters
    assert matter.law == "21B" and matter.seat is Seat.SOUTH and matter.call_no == 3
    t.review("21B", "S", 3)
    t.judge("agreement", "not as explained")
    assert t.state.pending is None and [m.waiting for m in t.matters] == [True]  # 21B1 rights given; waits
    play_out(t)
    t.review("21B", "S", 3)
    q = t.ruling.questions[0]
    assert q.key == "damage" and "at the table (2C by East," in q.text
    t.judge("damage", "yes")
    t.judge("score", "2S S 8")
    assert t.state.records[-1].law == "21B" and t.state.adjusted[-1].kind == "assigned" and t.matters == ()


@pytest.mark.parametrize("laws", EDITIONS)
def test_21B3_misinformation_found_at_the_end_of_play_no_damage(laws: str) -> None:
    t = Table(None, dealer="N", vulnerability="None", deal=DEAL, laws=laws)
    t.auction("P 1C 1S")
    from bridge_director.table.events import Explanation
    t.do(Explanation(Seat.NORTH, 3, "weak, six spades", Seat.EAST, True, t.laws))
    t.auction("2C P P P")
    play_out(t)
    t.review("21B", "S", 3)
    t.judge("agreement", "not as explained")
    assert t.ruling.questions[0].key == "damage"  # the play is over: no call may change; damage now
    t.judge("damage", "no")
    assert t.state.adjusted[-1].kind == "none" and "not damaged" in t.state.records[-1].outcome


def test_73A2_a_pause_the_director_finds_ordinary_after_a_skip_bid_warning_is_no_matter() -> None:
    t = Table(None, dealer="N", vulnerability="None", deal=DEAL)
    t.auction("P 1C 2S")
    t.hesitate("W", skip_warning=True, seconds=10, unusual=False)
    assert t.matters == () and not t.state.unauthorised
    assert "after a skip-bid warning, a pause of about 10 s, not out of the ordinary" in t.state.notes[-1].describe()


def test_20F_an_explanation_of_a_carding_agreement_belongs_to_no_call() -> None:
    from bridge_director.engine.log import dumps, loads
    from bridge_director.table.events import Explanation
    t = Table(None, dealer="N", vulnerability="None", deal=DEAL)
    t.auction("P 1C 1S P P P")
    t.do(Explanation(Seat.WEST, None, "reverse count", Seat.SOUTH, True, t.laws, "carding"))
    note = t.state.notes[-1]
    assert note.call_no is None and note.about == "carding"
    assert note.describe() == "West's explanation of his side's agreement on carding: \"reverse count\""
    assert loads(dumps(t)).state == t.state
