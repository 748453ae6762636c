"""The ``score`` and ``adjust`` commands: outputs carry the seed numbers; bad input is one line, exit 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridge_director.cli import app
from bridge_director.model import Seat, Vulnerability
from bridge_director.scoring import teams_match, victory_points, vp_scale

runner = CliRunner()


def test_score_event_csv_prints_ranking_and_writes_html(tmp_path: Path) -> None:
    travellers = tmp_path / "t.csv"
    travellers.write_text("board,ns,ew,score\n1,1,2,140\n1,3,4,50\n1,5,6,-110\n2,1,2,420\n2,3,4,-50\n2,5,6,420\n")
    html = tmp_path / "r.html"
    result = runner.invoke(app, ["score", "event", str(travellers), "--html", str(html)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    ns_first = lines[lines.index("NS:") + 2]  # two winners: nobody sat both ways
    assert ns_first.split()[:3] == ["1", "1", "7.00"]  # 4 (top) + 3 (a tie at the top) of a top of 4
    page = html.read_text()
    assert page.count("<svg") == 2 and "<script" not in page


def test_adjust_weighted_imps_seed004() -> None:
    result = runner.invoke(app, ["adjust", "weighted", "--other-room", "650", "--",
                                 "1430@30", "680@40", "650@20", "-100@10"])
    assert result.exit_code == 0, result.output
    assert "non-offenders 3 IMP" in result.output


def test_adjust_25b_knockout_seed001() -> None:
    result = runner.invoke(app, ["adjust", "25b", "knockout", "13"])
    assert "offenders 5 IMP" in result.output and "non-offenders -5 IMP" in result.output


def test_bad_input_is_one_line_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("board,ns,ew,score\n1,1,2,lots\n")
    proc = subprocess.run([sys.executable, "-c", "from bridge_director.cli import main; main()",
                           "score", "event", str(bad)], capture_output=True, text=True, check=False)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "error: line 2, score: score is not a whole number: 'lots'"


def test_teams_match_imps_and_vps() -> None:
    match = teams_match([(1, 620, -600), (2, 1430, -1460), (3, -100, 650)], boards=16)
    assert match.board_imps == (1, -1, 11)
    assert match.victory_points == victory_points(11, 16)


def test_vp_wbf_2013_continuous_formula_16_boards() -> None:
    """Blitz 60 IMPs at 16 boards; 7 IMPs: 10 + 10 (1 - τ^(21/60)) / (1 - τ³) = 12.03 (WBF 2013 table)."""
    assert vp_scale(16)[:6] == (10.0, 10.31, 10.61, 10.91, 11.2, 11.48)
    assert victory_points(7, 16) == (12.03, 7.97)
    assert victory_points(60, 16) == (20.0, 0.0) and victory_points(-75, 16) == (0.0, 20.0)


def test_double_dummy_candidates_and_par() -> None:
    pytest.importorskip("endplay", reason="endplay (the dd extra) is not installed")
    from bridge_director.scoring.adjusted import double_dummy

    report = double_dummy("N:AK2.QJ3.K74.A963 QT954.K2.J952.K2 J7.AT964.AQ.QJT5 863.875.T863.874",
                          ["6NT S", "4H S"], Seat.NORTH, Vulnerability.NONE)
    assert [(c.tricks, c.score_ns) for c in report.candidates] == [(12, 990), (12, 480)]
    assert report.par_score_ns == 990


def test_score_event_html_names_the_pairs_of_an_artificial_score(tmp_path: Path) -> None:
    from bridge_director.scoring import Result, score_event
    from bridge_director.scoring.report import event_html, standings_text

    scored = score_event([Result(1, "1", "2", 420), Result(1, "3", "4", 400),
                          Result(1, "a long partnership name", "6", ns_award=60.0, ew_award=40.0, note="A+/A-")])
    page = event_html(scored)
    assert "<td>A+/A-</td><td>a long partnership name v 6</td>" in page
    ns_field = standings_text(scored).split("NS:")[1].splitlines()[1:]  # the NS header and the NS pairs
    assert len({len(line) for line in ns_field}) == 1 and len(ns_field) == 4  # long names keep the columns straight


@pytest.mark.parametrize(("args", "names"), [
    (["25b", "swiss", "13.7"], ("offenders", "Law 25B", "13.7")),  # was silently cut to 13
    (["25b", "knockout", "30"], ("offenders", "Law 25B", "30")),  # no board is worth more than 24 IMPs
    (["25b", "mp", "13", "--top", "12"], ("offenders", "Law 25B", "13")),  # above the top
    (["serious-error", "14", "8", "20", "--top", "16"], ("actual", "Law 12C1e", "20")),  # above the top
])
def test_adjust_figures_out_of_range_are_one_line_naming_the_field(args: list[str], names: tuple[str, ...]) -> None:
    proc = subprocess.run([sys.executable, "-c", "from bridge_director.cli import main; main()", "adjust", *args],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    line = proc.stderr.strip()
    assert "\n" not in line and line.startswith("error:") and all(n in line for n in names), line


def test_adjust_serious_error_without_a_top_is_in_imps_seed004() -> None:
    result = runner.invoke(app, ["adjust", "serious-error", "14", "8", "0"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "Law 12C1e: non-offenders 6 IMP, offenders -14 IMP"
