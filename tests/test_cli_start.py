"""The command starts at once: ``--help`` and a small command load only what they use (issue: CLI start)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.main import get_command

import bridge_director.cli as cli

PROBE = """
import sys
sys.argv = ["bridge-director", *{args!r}]
from bridge_director.cli import main
try:
    main()
except SystemExit:
    pass
heavy = sorted(m for m in ("sqlalchemy", "bridge_director.register", "bridge_director.table", "bridge_director.laws",
                           "bridge_director.scoring.event", "bridge_director.io.pbn", "fastapi", "endplay")
               if m in sys.modules)
print("HEAVY", heavy)
"""


def probe(*args: str) -> str:
    done = subprocess.run([sys.executable, "-c", PROBE.format(args=list(args))], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_help_lists_every_command_without_loading_any() -> None:
    out = probe("--help")
    assert "HEAVY []" in out
    for command in cli.COMMANDS:
        assert f" {command} " in out, command


def test_score_imps_loads_neither_the_register_nor_the_engine() -> None:
    out = probe("score", "imps", "750")
    assert out.splitlines()[0] == "13" and "HEAVY []" in out


def test_the_command_list_says_what_each_command_says_of_itself() -> None:
    full = get_command(cli.app)
    for command, (_modules, text) in cli.COMMANDS.items():
        own = full.commands[command].help or ""  # type: ignore[attr-defined]
        assert own.startswith(text.rstrip(".")), (command, own, text)


def test_score_event_reads_a_file_without_the_register_or_the_club(tmp_path: Path) -> None:
    """``score event`` is a file in and standings out: no database, so neither the register nor the club's code."""
    travellers = tmp_path / "t.csv"
    travellers.write_text("board,ns,ew,contract,declarer,tricks,score\n1,1,2,4S,N,10,420\n1,3,4,4S,N,9,-50\n",
                          encoding="utf-8")
    for args in ([str(travellers)], [str(travellers), "--method", "butler", "--no-boards"]):
        done = subprocess.run([sys.executable, "-c", EVENT_PROBE.format(args=["score", "event", *args])],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert "NS:" in done.stdout and done.stdout.splitlines()[-1] == "LOADED []", args


EVENT_PROBE = """
import sys
sys.argv = ["bridge-director", *{args!r}]
from bridge_director.cli import main
main()
print("LOADED", sorted(m for m in sys.modules if m.startswith(("sqlalchemy", "bridge_director.register",
                                                                "bridge_director.club", "bridge_director.web"))))
"""
