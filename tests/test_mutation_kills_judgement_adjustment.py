"""Law 12C (laws.adjustment): the serious error of the non-offenders, and the score question without the solver.

* 2017 12C1(e) (2007 12C1(b)): when the non-offenders made a serious error or a wild or gambling action after the
  infraction, they keep the part of the damage they caused themselves.  The director enters two results: the
  likely one without the infraction, then the one the infraction led to (``serious NS: 4S N 10; 4S N 9``).  The
  score question names the clause in each edition, and anything other than two plain results is refused.
* The score question of every judgement review ends with the double-dummy tricks of the deal, to help the director
  find the likely results (12C1).  The solver (endplay) is an optional extra of the package: where it is missing the
  question says so, and the director still enters the adjusted score.  Mutation testing showed that no test saw
  that message, because the solver is installed wherever the tests run.  The test hides endplay from the import
  system, which is what a machine without the extra looks like.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from bridge_director.engine import Table
from bridge_director.errors import IllegalCallError
from bridge_director.laws import adjustment
from bridge_director.model import Seat
from bridge_director.table.edition import Edition
from bridge_director.table.events import DirectorReview
from bridge_director.table.judged import Adjusted, ScoreLine
from bridge_director.table.state import Record
from judgekit import claimed, judge, question

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
# N: ♠432 ♥AKQ2 ♦5432 ♣32   E: ♠5 ♥JT98 ♦AKQ ♣AKQJT   S: ♠AKQJT9 ♥3 ♦JT9 ♣987   W: ♠876 ♥7654 ♦876 ♣654
DEAL = "N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654"


@pytest.fixture
def without_endplay(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """endplay cannot be imported (a None in ``sys.modules`` stops the import); the double-dummy rows are cached
    per deal, so the cache is emptied before and after."""
    for module in ("endplay", "endplay.dds", "endplay.types"):
        monkeypatch.setitem(sys.modules, module, None)
    adjustment._dd_rows.cache_clear()
    yield
    adjustment._dd_rows.cache_clear()


@pytest.mark.usefixtures("without_endplay")
def test_12C1_without_the_solver_the_score_question_says_the_double_dummy_tricks_are_not_available() -> None:
    """12A1 / 12C1: the director's equity review of a flagged board reaches the adjusted score; with endplay missing
    the question names the table result, then says the solver is not installed instead of the tricks, and the
    score the director enters is taken as usual."""
    t = Table(3, dealer="N", vulnerability="None", deal=DEAL)
    t.auction("P P 1S P P P")
    claimed(t, 13)
    t.do(DirectorReview("12A", E, None, t.laws))
    judge(t, ("equity", "yes"))
    q = question(t)
    assert (q.key, q.answers, q.law) == ("score", (), "12C")
    assert q.text.endswith(" Law 12C1(e). The table result: 1S by South, 13 tricks. Double dummy: the solver "
                           "(endplay) is not installed.")
    judge(t, ("score", "1S S 12"))
    assert t.state.records[0].irregularity != "Score adjustment"  # the claim's record comes first
    assert t.state.adjusted[-1] == Adjusted("12A", "assigned", (ScoreLine("1S", "S", 12),), record=1)
    assert t.state.records[-1] == Record("12A", "Score adjustment", E, "Law 12A: assigned: 1S by South, 12 tricks",
                                         t.laws, (("equity", "yes"), ("score", "1S S 12")))


# ===== 2017 12C1(e), 2007 12C1(b): a serious error by the non-offenders ===========================================
def reviewed(laws: str = "2017") -> Table:
    """1♠ by South, seven tricks (a claim before the lead); the director's equity review of East's side (12A1) has
    found the other side damaged and asks for the score."""
    t = Table(3, dealer="N", vulnerability="None", deal=DEAL, laws=laws)
    t.auction("P P 1S P P P")
    claimed(t, 7)
    t.do(DirectorReview("12A", E, None, t.laws))
    return judge(t, ("equity", "yes"))


SERIOUS_FORM = ("after a serious error or a wild or gambling action by the non-offenders, 'serious NS: 4S N 10; 4S N "
                "9' (the likely result without the infraction; the one it led to), Law {}. The table result: 1S by "
                "South, 7 tricks. Double dummy")


@pytest.mark.parametrize(("laws", "law"), [("2017", "12C1(e)"), ("2007", "12C1(b)"), ("1997", "12C2")])
def test_12C1e_the_score_question_offers_the_serious_error_form_under_the_edition_s_clause(laws: str,
                                                                                         law: str) -> None:
    """2017 12C1(e) and 2007 12C1(b) let the non-offenders keep the damage they caused by a serious error or a wild
    or gambling action; under the 1997 Laws the director reaches the same scores through 12C2."""
    q = question(reviewed(laws))
    assert (q.key, q.law) == ("score", "12C")
    assert SERIOUS_FORM.format(law) in q.text


def test_12C1e_the_non_offenders_keep_their_own_damage_two_results_are_recorded() -> None:
    """12C1(e): the non-offenders (here N-S, written in either case, with a hyphen and spaces) are given the likely
    result without the infraction (1♠ making 9) and then the one the infraction led to had they not erred: the
    table result (7 tricks).  Blank parts are ignored.  The decision goes to the session with the non-offending
    side and both results; the ruling is the review's (12A)."""
    t = reviewed()
    judge(t, ("score", " Serious n-s : 1S S 9 ;; table ; "))
    lines = (ScoreLine("1S", "S", 9), ScoreLine("1S", "S", 7))
    assert t.state.adjusted[-1] == Adjusted("12A", "serious-error", lines, record=1, side="NS")
    assert t.state.adjusted[-1].to_json() == {
        "kind": "serious-error", "non_offenders": "NS", "expected": {"contract": "1S", "declarer": "S", "tricks": 9},
        "after": {"contract": "1S", "declarer": "S", "tricks": 7}}
    assert t.state.records[-1] == Record(
        "12A", "Score adjustment", E, "Law 12A: serious error by N-S: likely without the infraction 1S by South, 9 "
        "tricks, after it 1S by South, 7 tricks; they keep the damage they did themselves, the offenders get the "
        "score due to their infraction alone", Edition.L2017, (("equity", "yes"), ("score", "Serious n-s : 1S S 9 ;; "
                                                                                     "table ;")))


def test_12C1e_east_west_may_be_the_side_that_erred() -> None:
    """12C1(e): either side may be the non-offending side that erred: 'serious ew:' names E-W."""
    t = reviewed()
    judge(t, ("score", "serious ew: 1S S 6; 1S S 7"))
    assert t.state.adjusted[-1] == Adjusted("12A", "serious-error", (ScoreLine("1S", "S", 6), ScoreLine("1S", "S", 7)),
                                            record=1, side="EW")


TWO_RESULTS = ("a serious error gives two results: the likely one without the infraction, then the one the infraction "
               "led to, e.g. 'serious NS: 4S N 10; 4S N 9'")
PLAIN = "each result of a serious error is contract, declarer and tricks"


@pytest.mark.parametrize(("answer", "message"), [
    ("serious NS: 1S S 9", TWO_RESULTS), ("serious NS: 1S S 9; 1S S 8; 1S S 7", TWO_RESULTS),
    ("serious NS: EW: 1S S 9; 1S S 7", PLAIN), ("serious NS: 60% 1S S 9; 1S S 7", PLAIN),
    ("serious NS: A+; 1S S 7", PLAIN), ("serious NS: 1S S 9; A-", PLAIN)])
def test_12C1e_a_serious_error_score_is_exactly_two_plain_results(answer: str, message: str) -> None:
    """12C1(e): the two results are the likely one and the one the infraction led to, no more and no fewer, each a
    contract, declarer and tricks: not a side's result (a split score), a weight or an artificial score.  The
    refusal names 12C1(e) and the review still waits for the score."""
    t = reviewed()
    with pytest.raises(IllegalCallError) as err:
        judge(t, ("score", answer))
    assert (err.value.message, err.value.law) == (message, "12C1(e)")
    assert question(t).key == "score" and not t.state.adjusted


@pytest.mark.parametrize(("laws", "law"), [("2007", "12C1(b)"), ("1997", "12C2")])
def test_12C1b_2007_a_refused_serious_error_names_the_edition_s_clause(laws: str, law: str) -> None:
    t = Table(3, dealer="N", vulnerability="None", deal=DEAL, laws=laws)
    t.auction("1S P P P")
    with pytest.raises(IllegalCallError) as err:
        from bridge_director.laws.adjustment import parse_score
        parse_score("serious NS: 1S S 9", t.state)
    assert err.value.law == law
