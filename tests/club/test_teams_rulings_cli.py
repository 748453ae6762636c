"""Team play (Law 86) from the command line: ``ruling result`` on a teams board (the Law 86 step, a split in a
knockout, a fouled board with the teams' faults), ``ruling matches`` (each board's IMPs and its ruling), the
``adjust knockout`` and ``adjust fouled-teams`` calculators; refusals name the law."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridge_director.cli import app
from bridge_director.club.movement_gen import teams_match
from bridge_director.club.results import ResultIn, enter_result
from bridge_director.club.setup import add_section, create_session, import_entry_csv
from bridge_director.register import Register
from bridge_director.register.models import Ruling

Run = Callable[..., tuple[int, str, str]]
runner = CliRunner()
ENTRY = ("pair,player1,member1,player2,member2,team\n1,A1,,A2,,Aces\n2,A3,,A4,,Aces\n"
         "3,K1,,K2,,Kings\n4,K3,,K4,,Kings\n")


def teams(url: str, laws: str = "2017") -> tuple[int, int]:
    """Aces v Kings, boards 1-2 (board 1 flat); board 2 (N-S vulnerable): table 1 (Aces N-S) 4HX by E making 8,
    table 2 Kings' N-S 4S+1, +650.  The section's id and table 1's result id on board 2."""
    register = Register(url)
    try:
        with register.transaction() as db:
            section = add_section(db, create_session(db, "Teams", "Match"), "A", teams_match(1), 2, method="teams",
                                  laws=laws)
            import_entry_csv(db, section, ENTRY)
            enter_result(db, section, 1, 1, 1, ResultIn("3NT", "S", 9))
            enter_result(db, section, 1, 2, 1, ResultIn("3NT", "S", 9))
            ruled = enter_result(db, section, 1, 1, 2, ResultIn("4HX", "E", 8)).id
            enter_result(db, section, 1, 2, 2, ResultIn("4S", "N", 11))
            return section.id, ruled
    finally:
        register.close()


@pytest.fixture
def url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    made = f"sqlite:///{tmp_path / 'register.sqlite3'}"
    monkeypatch.setenv("BRIDGE_DIRECTOR_DB", made)
    return made


def test_86B_cli_split_in_a_knockout_and_the_law86_step(url: str) -> None:
    """Split: Aces (N-S) as 4S made, +620 against -650, -1; Kings as 4S+1, 0; averaged: -0.5 / +0.5 (86C)."""
    sid, rid = teams(url)
    done = runner.invoke(app, ["ruling", "result", str(rid), "--director", "TD", "--law", "86, 12C1b",
                               "--split-ns", "4S N 10", "--split-ew", "4S N 11", "--knockout", "--fault", "one"])
    assert done.exit_code == 0, done.output
    assert "knockout: the two teams' scores averaged" in done.output
    assert "Law 86, the board: rule:" in done.output and "86B1" in done.output
    ruling_id = int(done.output.split()[1])
    register = Register(url)
    try:
        with register.transaction() as db:
            ruling = db.get(Ruling, ruling_id)
            assert ruling is not None and [s.question for s in ruling.steps] == ["What becomes of the board?"]
    finally:
        register.close()
    shown = runner.invoke(app, ["ruling", "matches", str(sid)])
    assert shown.exit_code == 0, shown.output
    assert "Aces v Kings: -0.5 / +0.5 IMPs, 9.14 - 10.86 VPs" in shown.output
    assert f"(ruling {ruling_id}: split" in shown.output and "(Law 86C)" in shown.output


def test_86B2b_cli_fouled_board_one_team_at_fault_assigned_beats_average_plus(url: str) -> None:
    """Kings (E-W at table 1) fouled the board; assigned 6S made (+1430) against -650: 13 IMPs to Aces."""
    sid, rid = teams(url)
    done = runner.invoke(app, ["ruling", "result", str(rid), "--director", "TD", "--law", "86B2", "--fouled", "B",
                               "--fouled-fault", "A+/A-", "--fouled-assigned", "6S N 12"])
    assert done.exit_code == 0, done.output
    shown = runner.invoke(app, ["ruling", "matches", str(sid)])
    assert "Aces v Kings: +13 / -13 IMPs, 17.69 - 2.31 VPs" in shown.output and "(Law 86B2(b))" in shown.output


def test_12C2_cli_artificial_a_plus_both_then_knockout_on_request(url: str) -> None:
    register = Register(url)
    try:
        with register.transaction() as db:
            section = add_section(db, create_session(db, "Teams", "Late"), "A", teams_match(1), 2, method="teams")
            import_entry_csv(db, section, ENTRY)
            enter_result(db, section, 1, 1, 1, ResultIn("3NT", "S", 9))
            enter_result(db, section, 1, 2, 1, ResultIn("3NT", "S", 9))
            late = enter_result(db, section, 1, 1, 2, ResultIn("", status="not-played")).id
            enter_result(db, section, 1, 2, 2, ResultIn("4S", "N", 11))
            sid = section.id
    finally:
        register.close()
    done = runner.invoke(app, ["ruling", "result", str(late), "--director", "TD", "--law", "12C2",
                               "--artificial", "A+/A+"])
    assert done.exit_code == 0, done.output
    swiss = runner.invoke(app, ["ruling", "matches", str(sid)])
    assert "Aces v Kings: +3 / +3 IMPs, 12.42 - 12.42 VPs" in swiss.output
    knockout = runner.invoke(app, ["ruling", "matches", str(sid), "--knockout"])
    assert "Aces v Kings: +0 / +0 IMPs, 10.00 - 10.00 VPs" in knockout.output


def test_86_cli_refusals_name_the_law(run: Run, tmp_path: Path) -> None:
    _, rid = teams(f"sqlite:///{tmp_path / 'register.sqlite3'}", laws="1997")
    code, out, err = run("ruling", "result", str(rid), "--director", "TD", "--law", "87", "--fouled", "B",
                         "--fouled-fault", "A+/A-", "--fouled-assigned", "4S N 11")
    assert code == 2 and "86D" in err + out and "Traceback" not in err
    code, out, err = run("ruling", "result", str(rid), "--director", "TD", "--law", "86", "--assigned", "4S N 10",
                         "--knockout")
    assert code == 2 and "Law 86" in err + out
    code, out, err = run("ruling", "result", str(rid), "--director", "TD", "--law", "86", "--fault", "somebody")
    assert code == 2 and "one, both or neither" in err + out


def test_86B_adjust_knockout_seed001(url: str) -> None:
    done = runner.invoke(app, ["adjust", "knockout", "--laws", "1997", "--", "-3", "-13"])
    assert done.exit_code == 0, done.output
    assert done.output.strip() == "Law 86B: (-3 - -13) / 2 = +5; the teams +5 and -5 IMPs"


def test_86B2_adjust_fouled_teams_by_edition(url: str) -> None:
    done = runner.invoke(app, ["adjust", "fouled-teams", "none", "direct", "--assigned-imps", "1"])
    assert done.exit_code == 0, done.output
    assert done.output.startswith("Law 86B2(b): the teams +3 and -3 IMPs")
    done = runner.invoke(app, ["adjust", "fouled-teams", "none", "direct", "--assigned-imps", "1", "--laws", "2007"])
    assert done.output.startswith("Law 86D: the teams +1 and -1 IMPs")
    done = runner.invoke(app, ["adjust", "fouled-teams", "none", "none", "--authority", "QBA", "--boards", "8"])
    assert done.output.startswith("Law 86B2(a): the teams +2 and +2 IMPs")
