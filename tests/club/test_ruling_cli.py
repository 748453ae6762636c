"""``ruling result`` and ``ruling appeal`` through the entry point: the decision reaches the ranking."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from test_session_cli import new_section

from bridge_director.club.movement_gen import mitchell

Run = Callable[..., tuple[int, str, str]]


def ranking(run: Run) -> str:
    code, out, _ = run("session", "ranking", "1")
    assert code == 0
    return out


def test_ruling_on_a_result_moves_the_ranking_and_an_appeal_restores_it(run: Run) -> None:
    new_section(run)
    movement = mitchell(5)
    tables = [e for e in movement.encounters if 1 in movement.boards(e.board_set, 3)]  # board 1 at five tables
    for e, tricks in zip(tables, (9, 10, 11, 8, 9), strict=True):
        code, _, err = run("session", "result", "1", "--round", str(e.round), "--table", str(e.table), "--board",
                           "1", "3NT", "N", str(tricks))
        assert code == 0, err
    before = ranking(run)
    code, out, err = run("ruling", "result", "1", "--director", "TD", "--law", "16B, 12C1b",
                         "--facts", "hesitation before 3NT", "--assigned", "4S N 10")
    assert code == 0, err
    assert out.startswith("ruling ") and "assigned: 4S by N, 10 tricks" in out
    ruling_id = out.split()[1]
    assert ranking(run) != before
    code, out, err = run("ruling", "appeal", ruling_id, "--outcome", "table result stands", "--stands")
    assert code == 0, err
    assert "no adjustment" in out
    assert ranking(run) == before
    code, out, err = run("ruling", "written", ruling_id)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"Written ruling {ruling_id}" and "Laws: 16B, 12C1b" in lines
    assert "Facts: hesitation before 3NT" in lines and any(ln.startswith("Right to appeal: ") for ln in lines)
    assert any("(replaced)" in ln for ln in lines)  # the assigned score, replaced on appeal


def test_written_ruling_as_pdf(run: Run, tmp_path: Path) -> None:
    new_section(run)
    code, _, err = run("session", "result", "1", "--round", "1", "--table", "1", "--board", "1", "3NT", "N", "9")
    assert code == 0, err
    code, out, err = run("ruling", "result", "1", "--director", "TD", "--law", "12C1b", "--assigned", "3NT N 8")
    assert code == 0, err
    target = tmp_path / "ruling.pdf"
    code, _, err = run("ruling", "written", out.split()[1], "--pdf", str(target))
    assert code == 0, err
    assert target.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(("args", "field"), [
    (("--assigned", "4S N 14"), "tricks"),
    (("--weighted", "4S N 10@60", "--weighted", "4S N 9@30"), "weights"),
    (("--assigned", "4S N 10", "--fouled", "B"), "decision"),
    (("--penalty", "2:x"), "penalty"),
])
def test_bad_ruling_options_are_one_line(run: Run, args: tuple[str, ...], field: str) -> None:
    new_section(run)
    code, _, err = run("session", "result", "1", "--round", "1", "--table", "1", "--board", "1", "3NT", "N", "9")
    assert code == 0
    code, _, err = run("ruling", "result", "1", "--director", "TD", "--law", "12C1b", *args)
    assert code == 2 and field in err and "Traceback" not in err
