"""Law 86 (team play) clause by clause in the 2017, 2007 and 1997 editions: what becomes of a spoiled board, the
fouled board at teams, knockout averaging, the clause each edition puts them in.  Values worked out by hand."""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError
from bridge_director.laws.law86_teams import (
    Fault,
    artificial_imps,
    clauses,
    knockout_average,
    non_comparable,
    other_table_note,
    team_board,
)
from bridge_director.scoring.adjusted import Fault as Share


def test_86_clauses_by_edition() -> None:
    """The substitute board is 86A in 2017 and 86C before; knockout averaging 86B before 2017 and 86C in it;
    a result at the other table 86B1 (2017), 86D (2007), nothing in 1997; the IMPs of average plus 12C2 in
    2017 and 86A before."""
    got = {e: (c.substitute, c.knockout, c.other_table, c.artificial_imps, c.weighted)
           for e, c in ((e, clauses(e)) for e in ("2017", "2007", "1997"))}
    assert got == {"2017": ("86A", "86C", "86B1", "12C2", "12C1c"), "2007": ("86C", "86B", "86D", "86A", "12C1c"),
                   "1997": ("86C", "86B", None, "86A", "12C3")}


def test_86A_2017_no_substitute_board_when_the_match_result_may_be_known() -> None:
    fate = team_board(at_fault=Fault.NEITHER, played_elsewhere=False, playable=False, result_known=True)
    assert fate.action == "adjust" and "Law 86A" in fate.step.answer
    assert fate.step.evidence["match result without the board may be known"] == "yes"


@pytest.mark.parametrize("edition", ["2007", "1997"])
def test_86C_before_2017_no_substitute_board_when_the_match_result_may_be_known(edition: str) -> None:
    fate = team_board(at_fault=Fault.BOTH, played_elsewhere=False, playable=False, edition=edition,
                      result_known=True)
    assert fate.action == "adjust" and "Law 86C" in fate.step.answer


def test_86C_2007_substitute_board_when_nobody_knows_the_result() -> None:
    fate = team_board(at_fault=Fault.NEITHER, played_elsewhere=False, playable=False, edition="2007")
    assert (fate.action, fate.other_table) == ("redeal", "the redealt board is played at both tables")
    assert "Law 86C" in fate.step.answer and fate.step.evidence["Laws"] == "2007"


def test_86B2c_2017_both_at_fault_after_a_result_at_the_other_table_no_substitute_board() -> None:
    assert team_board(at_fault=Fault.BOTH, played_elsewhere=True, playable=False).action == "adjust"
    assert team_board(at_fault=Fault.BOTH, played_elsewhere=True, playable=False, edition="2007").action == "redeal"


def test_86B1_one_side_at_fault_after_a_result_at_the_other_table_names_the_edition_clause() -> None:
    def answer(edition: str) -> str:
        fate = team_board(at_fault=Fault.ONE_SIDE, played_elsewhere=True, playable=False, edition=edition)
        assert (fate.action, fate.other_table) == ("rule", "its result stands")
        return fate.step.answer
    assert "Law 86B1" in answer("2017") and "Law 86D" in answer("2007")
    assert "86B1" not in answer("1997") and "86D" not in answer("1997")
    assert "86B1" in other_table_note("2017") and "86D" in other_table_note("2007")
    assert "12C1" in other_table_note("1997")


def test_86_who_is_responsible_read_from_text_and_refused_naming_the_law() -> None:
    assert Fault.parse("Both") is Fault.BOTH and Fault.parse("one-side") is Fault.ONE_SIDE
    with pytest.raises(BridgeError, match="one, both or neither") as err:
        Fault.parse("somebody")
    assert err.value.law == "86"


def test_12C2_artificial_imps_by_share_need_not_balance() -> None:
    given = artificial_imps(Share.NONE, Share.PARTLY, 3, "2007")
    assert given.imps == (3.0, 0.0) and given.law == "86A"
    assert artificial_imps(Share.DIRECT, Share.DIRECT, 2).imps == (-2.0, -2.0)


def test_86B2b_one_contestant_at_fault_the_other_gets_the_better_of_average_plus_and_assigned() -> None:
    # assigned +7 beats +3: 7 and the complement -7
    assert non_comparable(Share.NONE, Share.DIRECT, imps=3, assigned=7.0).imps == (7.0, -7.0)
    # assigned +1 is worse than average plus: +3 and -3
    given = non_comparable(Share.NONE, Share.DIRECT, imps=3, assigned=1.0)
    assert given.imps == (3.0, -3.0) and given.law == "86B2(b)"
    # the second contestant innocent: the first's -10 from the assigned score is +10 to the second
    assert non_comparable(Share.DIRECT, Share.NONE, imps=3, assigned=-10.0).imps == (-10.0, 10.0)
    # no assigned score: average plus and its complement
    assert non_comparable(Share.PARTLY, Share.NONE, imps=3).imps == (-3.0, 3.0)


def test_86B2a_nobody_at_fault_board_cancelled_average_plus_to_both() -> None:
    given = non_comparable(Share.NONE, Share.NONE, imps=3)
    assert given.imps == (3.0, 3.0) and given.law == "86B2(a)"
    with pytest.raises(BridgeError, match="cancelled") as err:
        non_comparable(Share.NONE, Share.NONE, imps=3, assigned=5.0)
    assert err.value.law == "86B2(a)"


def test_86B2c_both_at_fault_board_cancelled_artificial_by_share() -> None:
    given = non_comparable(Share.DIRECT, Share.PARTLY, imps=3)
    assert given.imps == (-3.0, 0.0) and given.law == "86B2(c)"
    with pytest.raises(BridgeError, match="cancelled") as err:
        non_comparable(Share.DIRECT, Share.DIRECT, imps=3, assigned=5.0)
    assert err.value.law == "86B2(c)"


def test_87_2007_fouled_board_at_teams_artificial_by_fault_or_86D_assigned() -> None:
    given = non_comparable(Share.NONE, Share.DIRECT, imps=3, edition="2007")
    assert given.imps == (3.0, -3.0) and given.law == "87, 12C2"
    # 86D: the assigned score itself, both ways (no floor at average plus as in 2017)
    assigned = non_comparable(Share.NONE, Share.DIRECT, imps=3, assigned=1.0, edition="2007")
    assert assigned.imps == (1.0, -1.0) and assigned.law == "86D"


def test_87_1997_fouled_board_at_teams_artificial_only() -> None:
    given = non_comparable(Share.NONE, Share.PARTLY, imps=3, edition="1997")
    assert given.imps == (3.0, 0.0) and given.law == "87, 12C1"
    with pytest.raises(BridgeError, match="86D") as err:
        non_comparable(Share.NONE, Share.DIRECT, imps=3, assigned=7.0, edition="1997")
    assert err.value.law == "87"


def test_86B_knockout_average_seed001_minus_3_and_minus_13() -> None:
    """Seed 001: the offenders -3 IMPs (their cap), the non-offenders -13 from the table: (13 - 3) / 2 = 5 to the
    offenders, -5 to the non-offenders."""
    assert knockout_average(-3, -13) == (5.0, -5.0)
    assert knockout_average(3, 3) == (0.0, 0.0)  # A+ to both: the knockout margin is untouched
    assert knockout_average(-1, 0) == (-0.5, 0.5)
