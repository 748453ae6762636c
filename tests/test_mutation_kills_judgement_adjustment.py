"""Law 12C (laws.adjustment): what the director is shown when the double-dummy solver cannot be used.

The score question of every judgement review ends with the double-dummy tricks of the deal, to help the director
find the likely results (12C1).  The solver (endplay) is an optional extra of the package: where it is missing the
question says so, and the director still enters the adjusted score.  Mutation testing showed that no test saw that
message, because the solver is installed wherever the tests run.  The test below hides endplay from the import
system, which is what a machine without the extra looks like.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from bridge_director.engine import Table
from bridge_director.laws import adjustment
from bridge_director.model import Seat
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
