"""A teams match stored as a session: each board's two tables IMPed, the match turned into VPs (Laws 78B, 78C)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.club.movement_gen import teams_match
from bridge_director.club.results import ResultIn, enter_result
from bridge_director.club.scores import score_teams
from bridge_director.club.setup import add_section, create_session, import_entry_csv
from bridge_director.errors import BridgeError
from bridge_director.register import Register
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
