"""Rulings on a teams session's board reach the match (Law 86, Law 12C at IMPs): assigned, split, weighted and
artificial scores with the authority's IMPs, a fouled board in each edition, knockout averaging, the Law 86 step
of the ruling, each board linked to its ruling.  Values worked out by hand.

The match: Aces (team 1, home) v Kings (team 2), boards 1-2.  Board 1 (nobody vulnerable): 3NT by S making at
both tables, +400 and -400 to Aces: 0 IMPs.  Board 2 (N-S vulnerable): at table 1 Aces sit N-S (the ruled
table), at table 2 Kings' N-S make 4S+1, +650 (-650 to Aces).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count
from pathlib import Path

import pytest

from bridge_director.club.adjustments import PenaltyIn, rule_on_result
from bridge_director.club.decisions import Artificial, Assigned, Decision, Fouled, Score, Split, Weighted
from bridge_director.club.movement_gen import teams_match
from bridge_director.club.results import ResultIn, enter_result
from bridge_director.club.setup import add_section, create_session, import_entry_csv
from bridge_director.club.team_rulings import BoardFacts, board_fate, board_figures
from bridge_director.club.team_scores import TeamsResult, score_teams
from bridge_director.errors import BridgeError
from bridge_director.laws.law86_teams import Fault as Responsible
from bridge_director.register import Authority, Register
from bridge_director.register.models import Ruling, Section, SessionResult
from bridge_director.scoring.adjusted import Fault
from bridge_director.scoring.vp import victory_points

SESSIONS = count(1)
ENTRY = ("pair,player1,member1,player2,member2,team\n1,A1,,A2,,Aces\n2,A3,,A4,,Aces\n"
         "3,K1,,K2,,Kings\n4,K3,,K4,,Kings\n")


@pytest.fixture
def register(tmp_path: Path) -> Iterator[Register]:
    made = Register(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    yield made
    made.close()


def match(register: Register, laws: str = "2017", authority: Authority = Authority.EBU,
          table_one: ResultIn | None = None) -> tuple[int, int]:
    """The section's id and table 1's result id on board 2 (4HX by E, 8 tricks, unless ``table_one``)."""
    with register.transaction() as db:
        section = add_section(db, create_session(db, f"Teams {authority.value}", f"Match {next(SESSIONS)}",
                                                        authority=authority),
                              "A", teams_match(1), 2, method="teams", laws=laws)
        import_entry_csv(db, section, ENTRY)
        enter_result(db, section, 1, 1, 1, ResultIn("3NT", "S", 9))
        enter_result(db, section, 1, 2, 1, ResultIn("3NT", "S", 9))
        ruled = enter_result(db, section, 1, 1, 2, table_one or ResultIn("4HX", "E", 8)).id
        enter_result(db, section, 1, 2, 2, ResultIn("4S", "N", 11))
        return section.id, ruled


def ruled(register: Register, decision: Decision, laws: str = "2017", knockout: bool = False,
          authority: Authority = Authority.EBU, table_one: ResultIn | None = None) -> tuple[TeamsResult, int]:
    """The match scored with ``decision`` on table 1's board 2, and the ruling's id."""
    sid, rid = match(register, laws, authority, table_one)
    with register.transaction() as db:
        ruling = rule_on_result(db, rid, director="TD", laws="86", decision=decision)
        section = db.get(Section, sid)
        assert section is not None
        [result] = score_teams(db, section, knockout=knockout)
        return result, ruling.id


def test_12C1c_weighted_imps_teams(register: Register) -> None:
    """70% of 6S made (+1430) and 30% of 4S+1 (+650) against -650: 0.7 x 13 + 0.3 x 0 = 9.1, 9 IMPs to Aces."""
    result, ruling = ruled(register, Weighted(((Score("6S", "N", 12), 70), (Score("4S", "N", 11), 30))))
    assert result.match.board_imps == (0, 9) and result.match.away_board_imps == (0, -9)
    assert result.match.victory_points == victory_points(9, 2)
    assert result.match.board_rulings == ((), (ruling,))
    step = result.match.steps[1]
    assert f"ruling {ruling}" in step and "+9.10 rounded to +9 IMPs (Law 12C1c)" in step


def test_12C3_1997_weighted_imps_teams_name_the_1997_clause(register: Register) -> None:
    result, _ = ruled(register, Weighted(((Score("6S", "N", 12), 70), (Score("4S", "N", 11), 30))), laws="1997")
    assert result.match.board_imps == (0, 9) and "(Law 12C3)" in result.match.steps[1]


def test_12C1c_weighted_at_both_tables_every_pair_of_outcomes(register: Register) -> None:
    """Table 1: 50% +650, 50% +620; table 2 (Kings N-S): 50% +650, 50% -100.  Aces: 650-650 = 0 (0), 650+100 =
    750 (13), 620-650 = -30 (-1), 620+100 = 720 (12): a quarter each, 6 IMPs."""
    sid, rid = match(register)
    with register.transaction() as db:
        rule_on_result(db, rid, director="TD", laws="12C1c",
                       decision=Weighted(((Score("4S", "N", 11), 50), (Score("4S", "N", 10), 50))))
        other = db.query(SessionResult).filter(SessionResult.section_id == sid, SessionResult.table_no == 2,
                                               SessionResult.id > rid).one()
        rule_on_result(db, other.id, director="TD", laws="12C1c",
                       decision=Weighted(((Score("4S", "N", 11), 50), (Score("4S", "N", 9), 50))))
        [result] = score_teams(db, db.get(Section, sid))  # type: ignore[arg-type]
        assert result.match.board_imps == (0, 6) and len(result.match.board_rulings[1]) == 2


def test_12C1b_assigned_score_at_teams(register: Register) -> None:
    """4S made (+620) assigned against +650: -30, 1 IMP to Kings."""
    result, _ = ruled(register, Assigned(Score("4S", "N", 10)))
    assert result.match.board_imps == (0, -1) and result.match.imps == -1
    assert result.match.victory_points == victory_points(-1, 2)


def test_12C1b_split_score_each_team_scored_from_its_own_side(register: Register) -> None:
    """Aces (N-S) scored as 4S made, +620 against -650: -1 IMP; Kings (E-W) as 4S+1, -650 and +650: 0.  Each
    team's VPs from its own IMPs: Aces 9.14 (WBF 2013, 2 boards, -1), Kings 10.00."""
    result, _ = ruled(register, Split(Score("4S", "N", 10), Score("4S", "N", 11)))
    assert result.match.board_imps == (0, -1) and result.match.away_board_imps == (0, 0)
    assert (result.match.home_total, result.match.away_total) == (-1, 0)
    assert result.match.victory_points == (victory_points(-1, 2)[0], 10.0) == (9.14, 10.0)


def test_86B_knockout_averages_a_split_score_on_the_board(register: Register) -> None:
    """The split above in a knockout: (-1 - 0) / 2 = -0.5 to Aces, +0.5 to Kings (2017: Law 86C)."""
    result, _ = ruled(register, Split(Score("4S", "N", 10), Score("4S", "N", 11), knockout=True))
    assert result.match.board_imps == (0, -0.5) and result.match.away_board_imps == (0, 0.5)
    assert (result.match.home_total, result.match.away_total) == (-0.5, 0.5)
    assert "(-1 - +0) / 2 = -0.5 IMPs (Law 86C)" in result.match.steps[1]


def test_86B_2007_knockout_on_request_averages_every_non_balancing_board(register: Register) -> None:
    result, _ = ruled(register, Split(Score("4S", "N", 10), Score("4S", "N", 11)), laws="2007", knockout=True)
    assert result.match.board_imps == (0, -0.5) and "(Law 86B)" in result.match.steps[1]


def test_12C2_artificial_average_plus_to_both_teams_need_not_balance(register: Register) -> None:
    """Board 2 not played at table 1, neither team at fault: +3 each; each team's VPs from +3 (12.42); in a
    knockout the board averages to 0 (Law 86C)."""
    not_played = ResultIn("", status="not-played")
    swiss, _ = ruled(register, Artificial(Fault.NONE, Fault.NONE), table_one=not_played)
    assert swiss.match.board_imps == (0, 3) and swiss.match.away_board_imps == (0, 3)
    assert swiss.match.victory_points == (12.42, 12.42) == (victory_points(3, 2)[0],) * 2
    assert "Law 86B1" in swiss.match.steps[1]  # the result at the other table was there to weigh
    knockout, _ = ruled(register, Artificial(Fault.NONE, Fault.NONE, knockout=True), table_one=not_played)
    assert knockout.match.board_imps == (0, 0) and knockout.match.victory_points == (10.0, 10.0)


def test_86A_2007_artificial_imps_from_the_authority_qba_short_match(register: Register) -> None:
    """QBA: ±2 IMPs in a match under 11 boards; 2007 gives the IMPs in Law 86A and the note cites 86D."""
    result, _ = ruled(register, Artificial(Fault.DIRECT, Fault.NONE), laws="2007", authority=Authority.QBA,
                      table_one=ResultIn("", status="not-played"))
    assert result.match.board_imps == (0, -2) and result.match.away_board_imps == (0, 2)
    assert "(Law 86A)" in result.match.steps[1] and "Law 86D" in result.match.steps[1]


def test_86B2b_fouled_board_one_team_at_fault_average_plus_beats_the_assigned_score(register: Register) -> None:
    """Table 1 played the board fouled; Kings (E-W there) fouled it.  Assigned 4S+1 (+650) against -650 is 0
    IMPs: average plus is better, +3 to Aces and the complement -3 to Kings."""
    result, _ = ruled(register, Fouled("B", Fault.NONE, Fault.DIRECT, Score("4S", "N", 11)))
    assert result.match.board_imps == (0, 3) and result.match.away_board_imps == (0, -3)
    assert "(Law 86B2(b))" in result.match.steps[1]


def test_86B2b_fouled_board_one_team_at_fault_the_better_assigned_score(register: Register) -> None:
    """Assigned 6S made (+1430) against -650: 780, 13 IMPs to Aces, -13 to Kings."""
    result, _ = ruled(register, Fouled("B", Fault.NONE, Fault.DIRECT, Score("6S", "N", 12)))
    assert result.match.board_imps == (0, 13) and result.match.away_board_imps == (0, -13)
    assert result.match.victory_points == victory_points(13, 2)


def test_86B2a_fouled_board_nobody_at_fault_cancelled_average_plus_both(register: Register) -> None:
    result, _ = ruled(register, Fouled("B", Fault.NONE, Fault.NONE))
    assert result.match.board_imps == (0, 3) and result.match.away_board_imps == (0, 3)
    assert "(Law 86B2(a))" in result.match.steps[1]


def test_86B2c_fouled_board_both_at_fault_assigned_refused(register: Register) -> None:
    _, rid = match(register)
    with pytest.raises(BridgeError, match="cancelled") as err, register.transaction() as db:
        rule_on_result(db, rid, director="TD", laws="86B2", decision=Fouled("B", Fault.DIRECT, Fault.DIRECT,
                                                                            Score("4S", "N", 11)))
    assert err.value.law == "86B2(c)"


def test_87_2007_fouled_board_at_teams_86D_assigned_both_ways(register: Register) -> None:
    """2007: the assigned 4S+1 (+650) against -650 gives 0 to both (Law 86D), no floor at average plus."""
    result, _ = ruled(register, Fouled("B", Fault.NONE, Fault.DIRECT, Score("4S", "N", 11)), laws="2007")
    assert result.match.board_imps == (0, 0) and result.match.away_board_imps == (0, 0)
    assert "(Law 86D)" in result.match.steps[1]
    artificial, _ = ruled(register, Fouled("B", Fault.NONE, Fault.DIRECT), laws="2007")
    assert artificial.match.board_imps == (0, 3) and "Laws 87, 12C2" in artificial.match.steps[1]


def test_87_1997_fouled_board_at_teams_assigned_refused(register: Register) -> None:
    _, rid = match(register, laws="1997")
    with pytest.raises(BridgeError, match="86D") as err, register.transaction() as db:
        rule_on_result(db, rid, director="TD", laws="87", decision=Fouled("B", Fault.NONE, Fault.DIRECT,
                                                                          Score("4S", "N", 11)))
    assert err.value.law == "87"


def test_87_fouled_in_the_same_form_at_both_tables_compared_normally(register: Register) -> None:
    """Both tables played the board in the same fouled form (group B): compared as usual, +620 against -650."""
    sid, rid = match(register, table_one=ResultIn("4S", "N", 10))  # +620 at table 1
    with register.transaction() as db:
        rule_on_result(db, rid, director="TD", laws="87", decision=Fouled("B"))
        other = db.query(SessionResult).filter(SessionResult.section_id == sid, SessionResult.table_no == 2,
                                               SessionResult.id > rid).one()
        rule_on_result(db, other.id, director="TD", laws="87", decision=Fouled("B"))
        [result] = score_teams(db, db.get(Section, sid))  # type: ignore[arg-type]
        assert result.match.board_imps == (0, -1)  # +620 against -650: -30, 1 IMP to Kings


def test_86B2_fouled_board_without_the_teams_faults_is_refused_naming_the_law(register: Register) -> None:
    sid, rid = match(register)
    with pytest.raises(BridgeError, match="share of the fault") as err, register.transaction() as db:
        rule_on_result(db, rid, director="TD", laws="87", decision=Fouled("B"))
        score_teams(db, db.get(Section, sid))  # type: ignore[arg-type]
    assert err.value.law == "86B2" and err.value.field == "fault"


def test_86_what_becomes_of_the_board_is_a_step_of_the_ruling(register: Register) -> None:
    """One side at fault, the board already played at the other table: rule, its result stands (86B1)."""
    _, rid = match(register)
    with register.transaction() as db:
        fate = board_fate(db, rid, BoardFacts(Responsible.ONE_SIDE))
        assert (fate.action, fate.other_table) == ("rule", "its result stands")
        ruling = rule_on_result(db, rid, director="TD", laws="86, 12C1b", decision=Assigned(Score("4S", "N", 10)),
                                steps=(fate.step,))
        ruling_id = ruling.id
    with register.transaction() as db:
        stored = db.get(Ruling, ruling_id)
        assert stored is not None
        [step] = stored.steps
        assert step.question == "What becomes of the board?" and "86B1" in step.answer
        assert step.evidence["played at the other table"] == "yes"


def test_86_board_fate_refused_in_a_pairs_section(register: Register) -> None:
    from bridge_director.club.movement_gen import mitchell
    with register.transaction() as db:
        section = add_section(db, create_session(db, "Pairs", "Night"), "A", mitchell(3), 2)
        import_entry_csv(db, section, "pair,player1,member1,player2,member2\n" + "".join(
            f"{n},P{n},,Q{n},\n" for n in range(1, 7)))
        rid = enter_result(db, section, 1, 1, 1, ResultIn("3NT", "N", 9)).id
        with pytest.raises(BridgeError, match="Law 86 is for team play"):
            board_fate(db, rid, BoardFacts(Responsible.BOTH))
        with pytest.raises(BridgeError, match="teams match") as err:
            rule_on_result(db, rid, director="TD", laws="12C2", decision=Split(Score("3NT", "N", 9),
                                                                              Score("3NT", "N", 8), knockout=True))
        assert err.value.law == "86"


def test_90_penalty_in_imps_comes_off_its_own_team_only(register: Register) -> None:
    """3 IMPs off Aces: Aces +9 - 3 = +6 (14.39 VPs at 2 boards), Kings keep -9 (4.00 VPs): no gift to Kings."""
    sid, rid = match(register)
    with register.transaction() as db:
        rule_on_result(db, rid, director="TD", laws="12C1c, 90",
                       decision=Weighted(((Score("6S", "N", 12), 70), (Score("4S", "N", 11), 30))),
                       penalties=[PenaltyIn(1, 3, "imps")])
        [result] = score_teams(db, db.get(Section, sid))  # type: ignore[arg-type]
        assert (result.match.home_total, result.match.away_total) == (6, -9)
        assert result.match.victory_points == (victory_points(6, 2)[0], victory_points(-9, 2)[0]) == (14.39, 4.0)


def test_12C_board_figures_for_the_written_ruling(register: Register) -> None:
    sid, rid = match(register)
    with register.transaction() as db:
        rule_on_result(db, rid, director="TD", laws="12C1b", decision=Split(Score("4S", "N", 10),
                                                                            Score("4S", "N", 11)))
        section = db.get(Section, sid)
        row = db.get(SessionResult, rid)
        assert section is not None and row is not None
        figures = board_figures(db, section, row)
        assert figures is not None
        assert [(f.name, f.imps) for f in figures] == [("Aces", -1), ("Kings", 0)]
