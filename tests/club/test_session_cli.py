"""The session's commands through the real entry point: set-up in one go, results, corrections, refusals."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
Run = Callable[..., tuple[int, str, str]]  # the ``run`` fixture of conftest.py


def new_section(run: Run) -> None:
    code, out, err = run("session", "new", "Club", "Tuesday", "--movement", "mitchell:5", "--boards-per-round", "3",
                         "--entry", str(EXAMPLES / "club-session-entry.csv"),
                         "--hands", str(EXAMPLES / "club-session.pbn"))
    assert code == 0, err
    assert out.startswith("section 1: Club / Tuesday / A, mitchell-5")


def test_session_new_result_ranking_correct(run: Run) -> None:
    new_section(run)
    code, out, _ = run("session", "list")
    assert "Club / Tuesday / A" in out and "10 pairs" in out
    code, out, err = run("session", "result", "1", "--round", "1", "--table", "1", "--board", "1", "3NT", "N", "9")
    assert code == 0, err
    assert out.startswith("result 1: board 1, table 1, round 1: 3NT by N, 9 tricks, +400")
    code, out, _ = run("session", "ranking", "1")
    assert code == 0 and "NS" in out and "EW" in out
    code, out, err = run("session", "correct", "1", "3NT", "N", "10", "--version", "1", "--reason", "miscount")
    assert code == 0, err
    assert "+430 (version 2)" in out
    code, _, err = run("session", "correct", "1", "3NT", "N", "8", "--version", "1")
    assert code == 2 and "version" in err


@pytest.mark.parametrize(("args", "message"), [
    (("--round", "1", "--table", "1", "--board", "1", "3NT", "N", "14"), "tricks"),
    (("--round", "1", "--table", "9", "--board", "1", "3NT", "N", "9"), "table 9 is not in play"),
    (("--round", "1", "--table", "1", "--board", "15", "3NT", "N", "9"), "board 15 is not played"),
])
def test_session_result_refusals_are_one_line(run: Run, args: tuple[str, ...], message: str) -> None:
    new_section(run)
    code, _, err = run("session", "result", "1", *args)
    assert code == 2 and message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_session_new_refuses_a_hand_record_that_breaks_law_2(run: Run, tmp_path: Path) -> None:
    text = (EXAMPLES / "club-session.pbn").read_text(encoding="utf-8").replace('[Dealer "E"]', '[Dealer "S"]', 1)
    bad = tmp_path / "bad.pbn"
    bad.write_text(text, encoding="utf-8")
    code, _, err = run("session", "new", "Club", "Tuesday", "--movement", "mitchell:5", "--hands", str(bad))
    assert code == 2 and "Law 2" in err and "Dealer" in err
    code, out, _ = run("session", "list")
    assert out == ""  # nothing stored


def test_session_movement_lists_and_shows(run: Run) -> None:
    code, out, _ = run("session", "movement")
    assert code == 0 and "howell-4" in out.split()
    code, out, _ = run("session", "movement", "mitchell:3")
    assert out.splitlines()[0].startswith("round  1 table  1:")
    code, _, err = run("session", "movement", "swiss:4")
    assert code == 2 and "not a movement" in err


def test_session_ranking_of_a_teams_match_is_imps_and_vps(run: Run, tmp_path: Path) -> None:
    entry = tmp_path / "teams.csv"
    entry.write_text("pair,player1,member1,player2,member2,team\n1,A1,,A2,,Aces\n2,A3,,A4,,Aces\n"
                     "3,K1,,K2,,Kings\n4,K3,,K4,,Kings\n", encoding="utf-8")
    code, _, err = run("session", "new", "Teams", "Match", "--movement", "teams", "--boards-per-round", "1",
                       "--method", "teams", "--entry", str(entry))
    assert code == 0, err
    for table, tricks in ((1, 10), (2, 9)):  # Aces make 4S (+420) at table 1; Kings go down at table 2 (+50)
        code, _, err = run("session", "result", "1", "--round", "1", "--table", str(table), "--board", "1", "4S",
                           "N", str(tricks))
        assert code == 0, err
    code, out, err = run("session", "ranking", "1")
    assert code == 0, err
    assert out.splitlines()[0].startswith("Aces v Kings: +10 IMPs")
