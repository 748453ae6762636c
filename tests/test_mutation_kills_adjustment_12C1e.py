"""Law 12C1(e) (2017 numbering; 2007 12C1(b), 1997 12C2): a serious error by the non-offenders, entered without a
table (a ruling written away from it) is read under the 2017 Laws and refused by their clause."""

from __future__ import annotations

import pytest

from bridge_director.errors import IllegalCallError
from bridge_director.laws.adjustment import parse_score
from bridge_director.table.judged import Adjusted, ScoreLine


def test_12C1e_a_serious_error_entered_without_a_table() -> None:
    assert parse_score("serious E-W: 4S N 10; 4S N 9", None) == Adjusted(
        "12C", "serious-error", (ScoreLine("4S", "N", 10), ScoreLine("4S", "N", 9)), side="EW")
    with pytest.raises(IllegalCallError) as error:
        parse_score("serious EW: 4S N 10", None)
    assert error.value.law == "12C1(e)"
