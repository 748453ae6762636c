"""The ``show`` and ``check`` commands on files we write ourselves."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridge_director.cli import app, main

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
GOOD = (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "1NT"]\n'
        '[Result "7"]\n[Auction "N"]\nPass Pass 1NT AP\n[Play "W"]\nHA H8 H7 H2\n*\n')
# board 2: East's 1C is insufficient after 1D (Law 18), on line 19
BAD = f'\n[Board "2"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1D 1C AP\n'


@pytest.fixture
def pbn(tmp_path: Path) -> Path:
    path = tmp_path / "two.pbn"
    path.write_text(GOOD + BAD)
    return path


def test_show_prints_diagram_auction_play_and_score(pbn: Path) -> None:
    out = CliRunner().invoke(app, ["show", str(pbn)])
    assert out.exit_code == 0, out.output
    expected = ("Board 1", "♠ AKQJ", "West  North East  South", "1NT", "Trick", "1NT by S, 7 tricks (=): NS +90")
    for text in expected:
        assert text in out.output


def test_show_board_option_and_problem(pbn: Path) -> None:
    out = CliRunner().invoke(app, ["show", str(pbn), "--board", "2"])
    assert out.exit_code == 0 and "Law 18" in out.output


def test_check_lists_problems_with_board_line_and_law(pbn: Path) -> None:
    out = CliRunner().invoke(app, ["check", str(pbn)])
    assert out.exit_code == 1
    assert "board 2, line 19: Law 18: call 2: 1C by East is insufficient after 1D" in out.output
    assert "2 boards, 1 clean, 1 with problems" in out.output


def test_check_clean_file_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "good.pbn"
    path.write_text(GOOD)
    assert CliRunner().invoke(app, ["check", str(path)]).exit_code == 0


def test_missing_file_and_missing_board_are_one_line_errors(pbn: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["show", str(pbn.with_name("nope.pbn"))], ["show", str(pbn), "--board", "9"]):
        monkeypatch.setattr("sys.argv", ["bridge-director", *argv])
        with pytest.raises(SystemExit) as info:
            main()
        assert info.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and "Traceback" not in err and err.count("\n") == 1
