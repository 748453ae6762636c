"""``adjust red-psyche``: EBU 6 D 2 scores a Red board whatever the departure; 6 D 3's procedural penalty follows
a Red psyche only, and the psyching side's figure after it is printed."""

from __future__ import annotations

from typer.testing import CliRunner

from bridge_director.cli import app
from conftest import Run

runner = CliRunner()


def _run(*args: str) -> str:
    result = runner.invoke(app, ["adjust", "red-psyche", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_6D3_a_red_psyche_under_60_percent_is_60_40_less_a_10_percent_penalty_net_30() -> None:
    out = _run("45")
    assert "non-offenders 60 %, offenders 40 %" in out and "procedural penalty 10 %" in out
    assert "offenders 30 % after the penalty" in out


def test_6D3_a_red_misbid_has_no_procedural_penalty() -> None:
    out = _run("45", "--departure", "misbid")
    assert "non-offenders 60 %, offenders 40 %" in out
    assert "procedural penalty 10" not in out and "not a misbid" in out and "after the penalty" not in out


def test_6D3_a_red_deviation_has_no_procedural_penalty_either() -> None:
    assert "not a deviation" in _run("70", "--departure", "deviation")


def test_6D2_at_imps_the_result_below_3_imps_is_cancelled_and_the_2_imp_penalty_nets_minus_5() -> None:
    out = _run("2", "--imps")
    assert "non-offenders 3 IMP, offenders -3 IMP" in out and "offenders -5 IMP after the penalty" in out


def test_a_departure_that_is_not_one_is_refused_in_one_line_naming_the_law(run: Run) -> None:
    code, out, err = run("adjust", "red-psyche", "45", "--departure", "bluff")
    assert code == 2 and not out
    assert err.count("\n") == 1 and "40C" in err and "psyche, misbid or deviation" in err
