"""The written ruling of a judgement made at the table (laws.written; Laws 81C, 92): the facts the log holds, in
order, and every law the ruling applied, each once: the review's law, the law of each fact (73A2 a break in tempo,
73B1 a remark or gesture, 20F an explanation), the clauses of the questions the director answered, 73C after
unauthorised information, and the law of the kind of adjusted score in each edition."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bridge_director.engine import Table
from bridge_director.laws.written import facts, laws_applied
from bridge_director.model import Seat
from bridge_director.table.events import Explanation, ExplanationCorrected, PsycheReported, Remark
from bridge_director.table.judged import Adjusted
from bridge_director.table.state import Record
from playkit import DEAL, play_out

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
TEMPO = "North's break in tempo (after call 5): no skip-bid warning given, a pause of about 20 s, out of the ordinary"


def tempo_ruling(laws: str, score: str) -> Table:
    """North breaks tempo before passing 2♣; South bids 2♠ (call 7); the Law 16B (1997: 16A) review after the
    hand finds every step against South and enters ``score``."""
    t = Table(None, dealer="N", vulnerability="None", deal=DEAL, laws=laws)
    t.auction("P 1C 1S 2C P")
    t.hesitate("N", skip_warning=False, seconds=20, unusual=True)
    t.auction("P 2S P P P")
    play_out(t)
    t.review("16B", "S", 7)
    for key, answer in (("ui", "yes"), ("suggests", "action"), ("alternatives", "la: Pass"), ("damage", "yes"),
                        ("score", score)):
        t.judge(key, answer)
    return t


def written_laws(t: Table) -> str:
    return laws_applied(t.state, t.state.records[-1], t.state.adjusted[-1])


UI_2017 = "16B, 73A2, 16B1(a), 16B1(b), 16B3, 73C"


@pytest.mark.parametrize(("score", "law"), [
    ("2C W 8", "12C1(b)"), ("60% 2C W 8; 40% 2C W 7", "12C1(c)"), ("NS: 2C W 8; EW: 2C W 7", "12C1(e)"),
    ("serious EW: 2C W 8; 2C W 7", "12C1(e)"), ("NS: A+; EW: A-", "12C2")])
def test_81C_2017_a_16B_ruling_names_every_law_and_the_score_s_clause(score: str, law: str) -> None:
    t = tempo_ruling("2017", score)
    assert written_laws(t) == f"{UI_2017}, {law}"
    assert facts(t.state) == TEMPO


def test_81C_a_result_that_stands_names_no_score_law() -> None:
    assert written_laws(tempo_ruling("2017", "stands")) == UI_2017


@pytest.mark.parametrize(("score", "law"), [("NS: A+; EW: A-", "12C1"), ("60% 2C W 8; 40% 2C W 7", "12C3")])
def test_81C_1997_a_16A_ruling_names_the_1997_clauses(score: str, law: str) -> None:
    assert written_laws(tempo_ruling("1997", score)) == f"16A, 73A2, 16A2, 73C, {law}"


def misinformation_ruling(laws: str) -> Table:
    """North explains South's 1♠ overcall as weak; found not the agreement after the hand, damage, 2♠ by South."""
    t = Table(None, dealer="N", vulnerability="None", deal=DEAL, laws=laws)
    t.auction("P 1C 1S")
    t.do(Explanation(N, 3, "weak, six spades", E, True, t.laws))
    t.auction("2C P P P")
    play_out(t)
    t.review("21B", "S", 3)
    for key, answer in (("agreement", "not as explained"), ("damage", "yes"), ("score", "2S S 8")):
        t.judge(key, answer)
    return t


def test_81C_2007_a_21B_ruling_names_the_misinformation_clauses() -> None:
    t = misinformation_ruling("2007")
    found = written_laws(t)
    assert found.startswith("21B, 20F, 21B1(b), 75A, 21B3, 40B4") and found.endswith(", 12C1(a)")
    assert facts(t.state) == "North's explanation of call 3: \"weak, six spades\""


def test_81C_1997_a_21B_ruling_names_law_75_once_21B_once() -> None:
    found = written_laws(misinformation_ruling("1997"))
    assert found.startswith("21B, 20F, 75, 21B3, 40C") and found.endswith(", 12C2")


def after(act: Callable[[Table], object]) -> tuple[str, str]:
    """The facts and the laws of a psyche ruling (Law 40C1, no review of its own) on South's 1♠ after ``act``."""
    t = Table(None, dealer="N", vulnerability="None", deal=DEAL)
    t.auction("P 1C 1S")
    act(t)
    t.do(PsycheReported(S, 3, t.laws))
    record = t.state.records[-1]
    return facts(t.state), laws_applied(t.state, record, Adjusted(record.law, "none"))


def test_73B1_a_remark_is_a_fact_and_names_73B1() -> None:
    assert after(lambda t: t.do(Remark(W, "I had a problem"))) == (
        "West's remark (after call 3): \"I had a problem\"; South's psyche (call 3)", "40C1, 73B1")


def test_73B1_a_gesture_is_a_fact_and_names_73B1() -> None:
    assert after(lambda t: t.do(Remark(W, "a shrug", True))) == (
        "West's gesture (after call 3): \"a shrug\"; South's psyche (call 3)", "40C1, 73B1")


def test_20F_an_explanation_is_a_fact_and_names_20F() -> None:
    assert after(lambda t: t.do(Explanation(N, 3, "weak", E, True, t.laws))) == (
        "North's explanation of call 3: \"weak\"; South's psyche (call 3)", "40C1, 20F")


def test_20F_a_corrected_explanation_is_a_fact_and_names_20F() -> None:
    assert after(lambda t: t.do(ExplanationCorrected(N, t.laws, 3, "natural"))) == (
        "North's corrected explanation of call 3 (after call 3): \"natural\"; South's psyche (call 3)", "40C1, 20F")


def test_73A2_a_break_in_tempo_is_a_fact_and_names_73A2() -> None:
    assert after(lambda t: t.hesitate("W", skip_warning=False, seconds=5, unusual=True)) == (
        "West's break in tempo (after call 3): no skip-bid warning given, a pause of about 5 s, out of the ordinary; "
        "South's psyche (call 3)", "40C1, 73A2")


def test_81C_a_ruling_of_another_law_names_no_review_clause_and_an_empty_law_is_left_out() -> None:
    t = tempo_ruling("2017", "2C W 8")
    other = Record("73F", "Deception", S, "found", t.state.records[-1].edition, (("ui", "yes"),))
    assert laws_applied(t.state, other, Adjusted("", "none")) == "73F, 73A2"
