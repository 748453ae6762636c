"""The register's commands, run through the real entry point (errors in one line, exit status 2)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import cli_runner

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(db_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    return cli_runner(db_url, monkeypatch, capsys)


def test_ruling_new_records_a_ruling_on_a_board_that_show_and_list_find(run: Run) -> None:
    code, out, _ = run("ruling", "new", "--director", "Director 1", "--law", "74A2", "--kind", "conduct",
                       "--event", "Club Pairs", "--board", "14", "--facts", "a rude remark",
                       "--decision", "warning given")
    assert code == 0 and out.startswith("ruling 1 recorded")
    code, out, _ = run("ruling", "show", "1")
    assert code == 0
    assert "board: Club Pairs / 1 / board 14" in out and "decision: warning given" in out
    assert "on result" not in out and "penalty" not in out  # a ruling on a board changes no score
    code, out, _ = run("ruling", "list", "--law", "74A2")
    assert out.splitlines()[0].split("\t")[:2] == ["1", "Law 74A2"]


def test_ruling_new_takes_no_free_text_score_and_its_help_names_ruling_result(run: Run) -> None:
    code, _, err = run("ruling", "new", "--director", "P", "--law", "12C1", "--adjust", "NS=60%")
    assert code == 2 and "--adjust" in err
    code, out, _ = run("ruling", "new", "--help")
    assert code == 0 and "ruling result RESULT_ID" in out and "ruling penalty SECTION_ID" in out


def test_psyche_add_escalates_and_history_spans_events(run: Run) -> None:
    common = ["--player", "Player A", "--partner", "Player Z", "--colour", "amber", "--explanation", "surprised"]
    code, out, _ = run("psyche", "add", "--event", "Spring", "--board", "3", "--call", "1H", *common)
    assert code == 0 and "AMBER" in out and "RED" not in out
    code, out, _ = run("psyche", "add", "--event", "Spring", "--board", "9", "--call", "1S", *common)
    assert out.count("RED: report") == 2
    code, out, _ = run("psyche", "add", "--event", "Autumn", "--board", "1", "--call", "2D", "--meaning", "Multi",
                       "--authority", "ebu", "--level", "3", "--initial", "--opening", *common)
    assert "ALERT EBU 6 A 4" in out
    code, out, _ = run("psyche", "history", "Player Z & Player A")
    assert [line.split("\t")[1] for line in out.splitlines()] == ["Spring", "Spring", "Autumn"]
    code, out, _ = run("psyche", "list", "--event", "Autumn")
    assert len(out.splitlines()) == 1 and out.rstrip().endswith("RED\tescalated")  # 6 B 6 over the history
    code, out, _ = run("psyche", "classify", "1", "--colour", "green")
    assert code == 0 and "report 1: Player A & Player Z, board 3, 1H psyche, GREEN" in out
    code, out, _ = run("psyche", "history", "player a & player z")
    assert [line.split("\t")[7] for line in out.splitlines()] == ["GREEN", "RED", "RED"]


def test_bad_input_is_one_line_with_exit_status_2(run: Run) -> None:
    for args in (["ruling", "show", "99"], ["psyche", "add", "--event", "E", "--board", "1", "--player", "A",
                                            "--partner", "B", "--call", "9Z"],
                 ["psyche", "add", "--event", "E", "--board", "1", "--player", "A", "--partner", "B",
                  "--call", "1H", "--colour", "purple"],
                 ["ruling", "new", "--director", "P", "--law", "12", "--board", "3"],
                 ["psyche", "history", "Player A"]):
        code, _out, err = run(*args)
        assert code == 2, args
        assert err.startswith("error: ") and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_register_export_then_import_into_a_fresh_register(run: Run, tmp_path: Path) -> None:
    run("ruling", "new", "--director", "Director 1", "--law", "27", "--decision", "accepted")
    dump = tmp_path / "register.json"
    code, _, _ = run("register", "export", str(dump))
    assert code == 0 and json.loads(dump.read_text())["tables"]["rulings"][0]["laws"] == "27"
    fresh = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    code, out, _ = run("register", "import", str(dump), url=fresh)
    assert code == 0 and "1 rulings" in out
    code, out, _ = run("ruling", "list", url=fresh)
    assert "accepted" in out
    code, _, err = run("register", "import", str(dump), url=fresh)
    assert code == 2 and "not empty" in err


def test_psyche_rescore_scores_a_red_board_with_its_penalty_6D2_6D3(run: Run) -> None:
    """EBU 6 D 2: the opponents got 45%, under 60%, so they get average plus and the psychers average minus;
    6 D 3: the procedural penalty is recorded on the same ruling."""
    common = ["--player", "North 7", "--partner", "South 7", "--explanation", "surprised", "--event", "Club night"]
    run("psyche", "add", "--board", "2", "--call", "1S", "--colour", "red", *common)
    code, out, err = run("psyche", "rescore", "1", "--opponents-result", "45", "--offenders", "NS")
    assert code == 0, err
    first = out.splitlines()[0]
    assert "non-offenders 60 %" in first and "offenders 40 %" in first
    assert "procedural penalty 10 %" in out
    code, out, _ = run("ruling", "show", "1")
    assert "Scored as EBU 6 D 2: N-S 40 %, E-W 60 %" in out  # in the decision, and as a step with the figures
    assert "step 1: How is the Red board scored" in out and "procedural penalty 10 %" in out


def test_psyche_rescore_refuses_a_report_that_is_not_red(run: Run) -> None:
    common = ["--player", "East 2", "--partner", "West 2", "--explanation", "surprised", "--event", "Club night"]
    run("psyche", "add", "--board", "5", "--call", "1H", "--colour", "green", *common)
    code, _, err = run("psyche", "rescore", "1", "--opponents-result", "45", "--offenders", "EW")
    assert code == 2 and "only a Red board is re-scored" in err and "Traceback" not in err
    code, _, err = run("psyche", "rescore", "1", "--opponents-result", "45", "--offenders", "XY")
    assert code == 2 and "offenders must be NS or EW" in err
