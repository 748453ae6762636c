"""Swiss / round-robin teams: IMPs to VPs per match (WBF 2013 scale), totals, shared places; the CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridge_director.cli import app
from bridge_director.errors import BridgeError
from bridge_director.scoring import MatchResult, matches_from_csv, teams_ranking

runner = CliRunner()

# Published WBF 2013 values (the table in test_scoring_vp_published.py): 8 boards, margins 7, 20 and 43 (blitz).
VP8 = {0: 10.00, 7: 12.77, 20: 16.46, 43: 20.00}

CSV = """round,home,away,home_imps,away_imps,boards
1,Lions,Tigers,27,20,8
1,Bears,Wolves,40,20,8
2,Lions,Bears,10,10,8
2,Tigers,Wolves,50,7,8
"""


def test_vps_per_match_and_totals() -> None:
    event = teams_ranking(matches_from_csv(CSV))
    table = {s.team: (s.victory_points, s.imps_for, s.imps_against, s.matches, s.place) for s in event.standings}
    assert table["Tigers"] == (round(20 - VP8[7] + VP8[43], 2), 70, 34, 2, "1")
    assert table["Bears"] == (VP8[20] + VP8[0], 50, 30, 2, "2")
    assert table["Lions"] == (VP8[7] + VP8[0], 37, 30, 2, "3")
    assert table["Wolves"] == (round(20 - VP8[20] + 20 - VP8[43], 2), 27, 90, 2, "4")
    assert [s.team for s in event.standings] == ["Tigers", "Bears", "Lions", "Wolves"]


def test_equal_vps_share_the_place() -> None:
    event = teams_ranking([MatchResult(1, "A", "B", 30, 10, 8), MatchResult(1, "C", "D", 12, 12, 8),
                           MatchResult(2, "A", "C", 5, 5, 8), MatchResult(2, "D", "B", 20, 0, 8)])
    assert [(s.team, s.place) for s in event.standings] == [("A", "1="), ("D", "1="), ("C", "3"), ("B", "4")]
    assert event.standings[0].victory_points == VP8[20] + VP8[0]


def test_vps_of_a_match_sum_to_20() -> None:
    for margin in range(-60, 61, 7):
        home, away = MatchResult(1, "A", "B", max(margin, 0), max(-margin, 0), 12).victory_points
        assert round(home + away, 2) == 20


def test_bad_input_is_refused() -> None:
    with pytest.raises(BridgeError, match="columns"):
        matches_from_csv("round,home,away\n1,A,B\n")
    with pytest.raises(BridgeError, match="line 2"):
        matches_from_csv("round,home,away,home_imps,away_imps,boards\n1,A,B,x,3,8\n")
    with pytest.raises(BridgeError, match="itself"):
        teams_ranking([MatchResult(1, "A", "A", 1, 0, 8)])
    with pytest.raises(BridgeError, match="at least one match"):
        teams_ranking([])


def test_cli_score_teams(tmp_path: Path) -> None:
    path = tmp_path / "swiss.csv"
    path.write_text(CSV)
    result = runner.invoke(app, ["score", "teams", str(path)])
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.output.splitlines() if line.strip()[:1].isdigit() and "round" not in line]
    assert rows[0][:3] == ["1", "Tigers", f"{20 - VP8[7] + VP8[43]:.2f}"]
    assert rows[1][:3] == ["2", "Bears", f"{VP8[20] + VP8[0]:.2f}"]
    assert "round 2: Tigers 50 - 7 Wolves over 8 boards: 20.00 - 0.00 VPs" in result.output


def test_cli_score_teams_bad_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("round,home\n1,A\n")
    done = subprocess.run([sys.executable, "-c", "from bridge_director.cli import main; main()",
                           "score", "teams", str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert "columns" in done.stderr + done.stdout
    assert "Traceback" not in done.stderr


def test_12C1c_weighted_imps_every_pair_of_outcomes() -> None:
    """+650 / +620 at one table, -650 / +100 at the other, half each: 0, 13, -1 and 12 IMPs, a quarter each: 6."""
    from bridge_director.scoring.teams import expected_imps, teams_match
    assert expected_imps([(650, .5), (620, .5)], [(-650, .5), (100, .5)]) == 6.0
    assert expected_imps([(420, 1.0)], [(50, 1.0)]) == 10.0  # table results: one outcome each
    m = teams_match([(1, 420, 50)], boards=2)
    assert (m.board_imps, m.away_board_imps, m.home_total, m.away_total) == ((10,), (-10,), 10.0, -10.0)
