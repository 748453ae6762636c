"""Law 86 (laws.law86_teams), team play, edition by edition: the whole decision on a spoiled board (its action, the
other table, the question, the answer and every fact recorded), the fouled board at teams with its steps, the
refusals naming the field and the law, and scores that never come out as a negative zero.  Values worked out from
the clauses (2017 86A, 86B1, 86B2; 2007 86C, 86D, 87 with 12C2; 1997 86C, 87 with 12C1)."""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError
from bridge_director.laws.law86_teams import (
    BoardImps,
    Fault,
    TeamBoard,
    knockout_average,
    non_comparable,
    other_table_note,
    team_board,
)
from bridge_director.laws.ruling import RecordedStep
from bridge_director.scoring.adjusted import Fault as Share

QUESTION = "What becomes of the board?"


def facts(fault: str, elsewhere: str, playable: str, laws: str, **more: str) -> dict[str, str]:
    return {"at fault": fault, "played at the other table": elsewhere, "playable here": playable, "Laws": laws,
            **more}


@pytest.mark.parametrize(("text", "fault"), [
    ("one", Fault.ONE_SIDE), ("One Side", Fault.ONE_SIDE), ("one_side", Fault.ONE_SIDE),
    ("both", Fault.BOTH), (" both sides ", Fault.BOTH), ("both_sides", Fault.BOTH),
    ("neither", Fault.NEITHER), ("neither side", Fault.NEITHER), ("neither_side", Fault.NEITHER),
    ("none", Fault.NEITHER)])
def test_86_who_is_responsible_every_spelling(text: str, fault: Fault) -> None:
    """Law 86 turns on who is responsible: one side, both or neither, however the director writes it."""
    assert Fault.parse(text) is fault


def test_86_who_is_responsible_refused_names_the_field() -> None:
    with pytest.raises(BridgeError) as err:
        Fault.parse("somebody")
    assert str(err.value) == "fault, Law 86: who is responsible is one, both or neither, not 'somebody'"


def test_86_one_side_at_fault_not_played_elsewhere_rules_and_keeps_the_deal() -> None:
    """2017: one side responsible: the director rules, no reshuffle; the board is played at the other table as
    dealt, and with no result there nothing is said of Law 86B1."""
    fate = team_board(at_fault=Fault.ONE_SIDE, played_elsewhere=False, playable=True)
    assert fate == TeamBoard("rule", "the board is played there as dealt", RecordedStep(
        QUESTION, "rule now, or say a ruling will follow after consultation; no reshuffle: the board keeps its deal "
        "and the board is played there as dealt (Law 86)", facts("one side", "no", "yes", "2017")))


def test_86B1_one_side_at_fault_after_a_result_elsewhere_2017() -> None:
    fate = team_board(at_fault=Fault.ONE_SIDE, played_elsewhere=True, playable=False)
    assert fate == TeamBoard("rule", "its result stands", RecordedStep(
        QUESTION, "rule now, or say a ruling will follow after consultation; no reshuffle: the board keeps its deal "
        "and its result stands (Law 86); a result was obtained at the other table: where it favours one side (Law "
        "86B1) the adjusted score is assigned, not artificial", facts("one side", "yes", "no", "2017")))


def test_86_1997_one_side_at_fault_after_a_result_elsewhere_has_no_86D() -> None:
    fate = team_board(at_fault=Fault.ONE_SIDE, played_elsewhere=True, playable=False, edition="1997")
    assert fate.step.answer == ("rule now, or say a ruling will follow after consultation; no reshuffle: the board "
                                "keeps its deal and its result stands (Law 86)")


def test_86_neither_at_fault_and_playable_is_played_normally() -> None:
    fate = team_board(at_fault=Fault.NEITHER, played_elsewhere=True, playable=True, edition="1997")
    assert fate == TeamBoard("play", "its result stands", RecordedStep(
        QUESTION, "nobody is prejudiced: the board is played normally and its result stands",
        facts("neither side", "yes", "yes", "1997")))


def test_86A_2017_match_result_may_be_known_no_substitute_board() -> None:
    fate = team_board(at_fault=Fault.NEITHER, played_elsewhere=False, playable=False, result_known=True)
    assert fate == TeamBoard("adjust", "the board is played there as dealt", RecordedStep(
        QUESTION, "no substitute board: the match result without it may be known to a contestant (Law 86A); an "
        "adjusted score is awarded", facts("neither side", "no", "no", "2017",
                                           **{"match result without the board may be known": "yes"})))


def test_86B2c_2017_both_at_fault_after_a_result_elsewhere() -> None:
    fate = team_board(at_fault=Fault.BOTH, played_elsewhere=True, playable=False)
    assert fate == TeamBoard("adjust", "its result stands", RecordedStep(
        QUESTION, "both sides at fault after a result at the other table: no substitute board (Law 86B2(c)); an "
        "adjusted score is awarded; a result was obtained at the other table: where it favours one side (Law 86B1) "
        "the adjusted score is assigned, not artificial", facts("both sides", "yes", "no", "2017")))


def test_86C_1997_both_at_fault_unplayable_a_redeal() -> None:
    fate = team_board(at_fault=Fault.BOTH, played_elsewhere=False, playable=False, edition="1997")
    assert fate == TeamBoard("redeal", "the redealt board is played at both tables", RecordedStep(
        QUESTION, "both sides at fault and the board cannot be played meaningfully: a redeal (a substitute board, "
        "Law 86C) may be ordered so that the match is not shortened", facts("both sides", "no", "no", "1997")))


def test_86B1_86D_the_other_table_note_by_edition() -> None:
    assert other_table_note("2017") == ("the result at the other table is not used; if it is clearly favourable to "
                                        "one side, Law 86B1 asks for an assigned (weighted) score instead")
    assert other_table_note("2007") == ("the result at the other table is not used; where it favours the "
                                        "non-offenders Law 86D lets the director adjust in IMPs or total points "
                                        "instead")
    assert other_table_note("1997") == "the result at the other table is not used (1997: artificial score, Law 12C1)"


def test_86B2b_an_assigned_score_equal_to_average_plus_is_average_plus() -> None:
    """86B2(b): the better of average plus and the assigned score; at +3 against +3 the step says average plus."""
    assert non_comparable(Share.NONE, Share.DIRECT, imps=3, assigned=3.0) == BoardImps(
        (3.0, -3.0), "86B2(b)", ("one contestant at fault: the other gets average plus +3 IMPs; the offenders the "
                                 "complement (Law 86B2(b))",))
    assert non_comparable(Share.DIRECT, Share.NONE, imps=3, assigned=-10.0).steps == (
        "one contestant at fault: the other gets the assigned score, +10 IMPs, beats average plus +3; the offenders "
        "the complement (Law 86B2(b))",)


@pytest.mark.parametrize(("first", "second", "clause", "who"), [
    (Share.NONE, Share.NONE, "86B2(a)", "neither"), (Share.DIRECT, Share.PARTLY, "86B2(c)", "both")])
def test_86B2a_86B2c_no_assigned_score_when_the_board_is_cancelled(first: Share, second: Share, clause: str,
                                                                    who: str) -> None:
    with pytest.raises(BridgeError) as err:
        non_comparable(first, second, imps=3, assigned=5.0)
    assert str(err.value) == (f"assigned, Law {clause}: Law {clause}: with {who} contestant(s) at fault the board is "
                              "cancelled and artificial scores given: no assigned score")


def test_86B2c_cancelled_board_steps() -> None:
    assert non_comparable(Share.DIRECT, Share.PARTLY, imps=3) == BoardImps(
        (-3.0, 0.0), "86B2(c)", ("board cancelled (Law 86B2(c)): average minus -3 and average +0 IMPs (Law 12C2)",))


def test_87_2007_artificial_by_fault_names_86A_for_the_imps() -> None:
    assert non_comparable(Share.NONE, Share.PARTLY, imps=3, edition="2007") == BoardImps(
        (3.0, 0.0), "87, 12C2", ("not played in the same form at both tables, artificial scores by fault (Laws 87, "
                                 "12C2): average plus +3 and average +0 IMPs (Law 86A)",))


def test_87_1997_no_86D_refused_naming_the_field() -> None:
    with pytest.raises(BridgeError) as err:
        non_comparable(Share.NONE, Share.DIRECT, imps=3, assigned=7.0, edition="1997")
    assert str(err.value) == ("assigned, Law 87: the 1997 Laws have no Law 86D: results not played in the same form "
                              "get artificial scores by fault (Laws 87, 12C1)")


@pytest.mark.parametrize("assigned", [0.0, -0.0])
def test_86D_2007_an_assigned_score_of_nothing_is_zero_to_each_never_minus_zero(assigned: float) -> None:
    given = non_comparable(Share.NONE, Share.DIRECT, imps=3, assigned=assigned, edition="2007")
    assert repr(given.imps) == "(0.0, 0.0)" and given.law == "86D"


def test_86B_knockout_average_of_an_even_board_is_zero_never_minus_zero() -> None:
    assert repr(knockout_average(-0.0, 0.0)) == "(0.0, 0.0)"
    assert repr(knockout_average(2.0, 2.0)) == "(0.0, 0.0)"
