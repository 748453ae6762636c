"""``adjust artificial`` honours a session percentage given to it where the authority applies the session rule
(seed 004, Zone 7 / QBA: 63% and 32% on the other boards); the Law's own figures (WBF, a club) do not vary."""

from __future__ import annotations

import subprocess
import sys


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, "-c", "from bridge_director.cli import main; main()", *args],
                          capture_output=True, text=True, check=True)
    return done.stdout


def test_12C2_session_percentages_replace_60_and_40_when_given() -> None:
    out = run("adjust", "artificial", "none", "direct", "--ns-session", "63", "--ew-session", "32",
              "--authority", "QBA")
    assert out.splitlines()[0] == "Law 12C2: NS 63 %, EW 32 %"
    plain = run("adjust", "artificial", "none", "direct", "--ns-session", "63", "--ew-session", "32")
    assert "Law 12C2: NS 60 %, EW 40 %" in plain.splitlines() and "not applied" in plain


def test_12C2_session_percentage_inside_60_40_changes_nothing() -> None:
    out = run("adjust", "artificial", "none", "direct", "--ns-session", "55", "--ew-session", "45",
              "--authority", "QBA")
    assert out.splitlines()[0] == "Law 12C2: NS 60 %, EW 40 %"
