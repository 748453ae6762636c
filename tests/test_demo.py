"""The main job's demo: the example file loads, every board replays clean, the printed score is Law 77's."""

from __future__ import annotations

from typer.testing import CliRunner

from bridge_director.cli import app
from bridge_director.cli.demo import EXAMPLE
from bridge_director.io.pbn import load_pbn


def test_example_file_boards_all_replay_clean() -> None:
    pbn = load_pbn(EXAMPLE)
    boards = [board for _, board in pbn.boards()]
    assert len(boards) == 8 and not pbn.errors
    for board in boards:
        result = board.replay()
        assert result.contract is not None and result.play is not None and result.play.finished


def test_demo_prints_contract_result_and_score() -> None:
    board = dict(load_pbn(EXAMPLE).boards())
    number5 = next(b for b in board.values() if b.number == 5)
    result = number5.replay()
    assert result.contract is not None
    expected = result.contract.score_ns(result.declarer_tricks, number5.the_vulnerability)
    # Worked by hand from the file: 4S by East; East-West win tricks 1-4 and 7-9 and claim the last 4: 11 tricks.
    # Board 5 is NS vulnerable (Law 2), so EW are not: 4 x 30 + 300 game + 30 for the overtrick = 450 to EW.
    assert str(result.contract) == "4♠ by E" and result.declarer_tricks == 11
    assert expected == -450
    out = CliRunner().invoke(app, ["demo", "--board", "5"])
    assert out.exit_code == 0, out.output
    assert f"NS {expected:+d}" in out.output
    assert "Claim:" in out.output and "West  North East  South" in out.output


def test_demo_unknown_board_is_a_clear_error() -> None:
    out = CliRunner().invoke(app, ["demo", "--board", "99"])
    assert out.exit_code != 0
    assert "no board 99" in str(out.exception)
