"""A teams match stored as a session: each board's two tables IMPed, the match turned into VPs (Laws 78B, 78C)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.club.adjustments import PenaltyIn, rule_on_result
from bridge_director.club.decisions import Artificial, Score, Weighted
from bridge_director.club.movement_gen import teams_match
from bridge_director.club.results import ResultIn, enter_result
from bridge_director.club.setup import add_section, create_session, import_entry_csv
from bridge_director.club.team_scores import score_teams
from bridge_director.errors import BridgeError
from bridge_director.register import Authority, Register
from bridge_director.register.models import Section
from bridge_director.scoring.adjusted import Fault
from bridge_director.scoring.vp import victory_points

ENTRY = ("pair,player1,member1,player2,member2,team\n1,A1,,A2,,Aces\n2,A3,,A4,,Aces\n"
         "3,K1,,K2,,Kings\n4,K3,,K4,,Kings\n")


def test_teams_match_imps_each_board_and_gives_vps(tmp_path: Path) -> None:
    register = Register(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        with register.transaction() as db:
            section = add_section(db, create_session(db, "Teams", "Match"), "A", teams_match(1), 2, method="teams")
            import_entry_csv(db, section, ENTRY)
            # board 1 (nobody vul): Aces N-S make 4S (+420) at table 1; Kings N-S go down in 4S at table 2 (-50 to
            # Kings, i.e. +50 to Aces): 470 = 10 IMPs to Aces.
            enter_result(db, section, 1, 1, 1, ResultIn("4S", "N", 10))
            enter_result(db, section, 1, 2, 1, ResultIn("4S", "N", 9))
            # board 2 (N-S vul): 3NT made by both N-S: +600 and -600 for Aces: 0 IMPs.
            enter_result(db, section, 1, 1, 2, ResultIn("3NT", "S", 9))
            enter_result(db, section, 1, 2, 2, ResultIn("3NT", "S", 9))
            [match] = score_teams(db, section)
            assert (match.home, match.away) == (1, 2)
            assert match.match.board_imps == (10, 0)
            assert match.match.imps == 10
            assert match.match.victory_points == victory_points(10, 2)
    finally:
        register.close()


def test_teams_method_needs_a_teams_movement(tmp_path: Path) -> None:
    from bridge_director.club.movement_gen import mitchell
    register = Register(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        with pytest.raises(BridgeError, match="teams"), register.transaction() as db:
            add_section(db, create_session(db, "Teams", "Match"), "A", mitchell(3), 2, method="teams")
    finally:
        register.close()


def teams_board_two(register: Register, authority: Authority) -> tuple[int, int]:
    """Aces v Kings, boards 1-2; on board 2 (N-S vulnerable) Kings' N-S make 4S+1 (+650) at table 2; Aces' N-S
    at table 1 are the ruled table.  Returns the section's id and table 1's result id on board 2."""
    with register.transaction() as db:
        section = add_section(db, create_session(db, "Teams", f"Match {authority.value}", authority=authority),
                              "A", teams_match(1), 2, method="teams")
        import_entry_csv(db, section, ENTRY)
        enter_result(db, section, 1, 1, 1, ResultIn("3NT", "S", 9))
        enter_result(db, section, 1, 2, 1, ResultIn("3NT", "S", 9))
        ruled = enter_result(db, section, 1, 1, 2, ResultIn("4HX", "E", 8)).id
        enter_result(db, section, 1, 2, 2, ResultIn("4S", "N", 11))
        return section.id, ruled


def test_seed004_weighted_score_at_teams_is_plus_3_imps(tmp_path: Path) -> None:
    """Zone 7: 30% +1430, 40% +680, 20% +650, 10% -100 against +650 in the other room: 3.9 + 0.4 + 0 - 1.3 = 3."""
    register = Register(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        sid, ruled = teams_board_two(register, Authority.ABF)
        with register.transaction() as db:
            rule_on_result(db, ruled, director="TD", laws="21B, 12C1c", decision=Weighted((
                (Score("6S", "N", 12), 30), (Score("4S", "N", 12), 40), (Score("4S", "N", 11), 20),
                (Score("6S", "N", 11), 10))))
            [match] = score_teams(db, db.get(Section, sid))  # type: ignore[arg-type]
            assert match.match.board_imps == (0, 3)
    finally:
        register.close()


def test_seed004_qba_artificial_is_2_imps_in_a_short_match(tmp_path: Path) -> None:
    register = Register(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        with register.transaction() as db:
            section = add_section(db, create_session(db, "Teams", "QBA", authority=Authority.QBA), "A",
                                  teams_match(1), 2, method="teams")
            import_entry_csv(db, section, ENTRY)
            enter_result(db, section, 1, 1, 1, ResultIn("3NT", "S", 9))
            enter_result(db, section, 1, 2, 1, ResultIn("3NT", "S", 9))
            late = enter_result(db, section, 1, 1, 2, ResultIn("", status="not-played")).id
            enter_result(db, section, 1, 2, 2, ResultIn("4S", "N", 11))
            rule_on_result(db, late, director="TD", laws="12C2", decision=Artificial(Fault.NONE, Fault.DIRECT))
            [match] = score_teams(db, section)
            assert match.match.board_imps == (0, 2)  # 2 boards: under 11, so 2 IMPs (QBA)
            [knockout] = score_teams(db, section, knockout=True)
            assert knockout.match.imps == 2  # (+2 - -2) / 2 (Law 86B)
    finally:
        register.close()


def test_law90_penalties_at_teams_in_imps_and_vps(tmp_path: Path) -> None:
    register = Register(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        sid, ruled = teams_board_two(register, Authority.EBU)
        with register.transaction() as db:
            section = db.get(Section, sid)
            assert section is not None
            [plain] = score_teams(db, section)
            rule_on_result(db, ruled, director="TD", laws="90", decision=None,
                           penalties=[PenaltyIn(1, 3, "imps"), PenaltyIn(3, 0.5, "vps")])  # Aces' pair, Kings'
            [fined] = score_teams(db, section)
            assert fined.match.imps == plain.match.imps - 3
            assert fined.match.away_total == plain.match.away_total  # a penalty is on the offenders only
            home_vp, away_vp = fined.match.victory_points
            assert away_vp == pytest.approx(victory_points(plain.match.imps, 2)[1] - 0.5)
            assert home_vp == pytest.approx(victory_points(fined.match.imps, 2)[0])
    finally:
        register.close()
