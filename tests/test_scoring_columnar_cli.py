"""``score event`` by columns: the plain traveller CSV read as columns gives the full reader's lines, and the
command run without Typer (plain arguments) prints and writes what the Typer command does."""

from __future__ import annotations

import inspect
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.main import get_command
from typer.testing import CliRunner

from bridge_director.cli import app
from bridge_director.cli.score import event as event_command
from bridge_director.cli.score_event import OPTIONS, fast, plain_arguments, run
from bridge_director.errors import BridgeError
from bridge_director.io.travellers import load_results, plain_columns

runner = CliRunner()
PLAIN = "board,ns,ew,score\n1,1,2,140\n1,3,4,50\n1,5,6,-110\n2,1,2,420\n2,3,4,-50\n2,5,6,420\n3,1,2,100\n3,5,6,90\n"


# ---- the reader ----


@pytest.mark.parametrize("text", [
    PLAIN,
    PLAIN.rstrip("\n"),  # no newline at the end
    PLAIN.replace("\n", "\r\n"),  # Windows lines
    "\ufeff" + PLAIN,  # a BOM
    "Score , EW,NS ,BOARD\n140,2,1,1\n50,4,3,1\n",  # any order, any case, spaces in the header
    "board,ns,ew,ns_score\n1,1,2,+140\n1,3,4,0050\n",  # ns_score; a sign; leading zeros
    "board,ns,ew,score\n1, Müller & Weiß ,Ødegård,-7600\n1,A,B,7600\n",  # names with spaces and beyond ASCII
])
def test_plain_columns_are_the_full_readers_lines(tmp_path: Path, text: str) -> None:
    path = tmp_path / "t.csv"
    path.write_bytes(text.encode("utf-8"))
    columns = plain_columns(path)
    assert columns is not None
    assert columns.results() == load_results(path)[0]


@pytest.mark.parametrize("text", [
    'board,ns,ew,score\n1,"1",2,140\n',  # quotes
    "board,ns,ew,score\n1,1,2,140\n\n1,3,4,50\n",  # a blank line
    "board,ns,ew,score,contract\n1,1,2,140,2H\n",  # another column
    "board,ns,ew\n1,1,2\n",  # no score
    "board,ns,ew,score\n1,1,2,140,\n",  # a cell too many
    "board,ns,ew,score\n1,1,140\n",  # a cell short
    "board,ns,ew,score\n1,1,2,A+\n",  # an award
    "board,ns,ew,score\n1000,1,2,140\n",  # board beyond 999
    "board,ns,ew,score\n1,1,2,7610\n",  # beyond Law 77
    "board,ns,ew,score\n1,1,2,1_40\n",  # int reads it, whole does not
    "board,ns,ew,score\n١,1,2,140\n",  # other digits
    "board,ns,ew,score\n0000000000000000001,1,2,140\n",  # 19 digits
    "board,ns,ew,score\n1,1,2,\n",  # no score on a line
    "board,ns,ew,score\n1,1,2,140\r3,4,5,6\n",  # a lone carriage return ends a CSV row
    "board,ns,ew,score\n",  # no line
])
def test_anything_else_is_left_to_the_full_reader(tmp_path: Path, text: str) -> None:
    path = tmp_path / "t.csv"
    path.write_text(text, encoding="utf-8")
    assert plain_columns(path) is None


def test_a_file_that_is_not_csv_or_not_there_is_left_to_the_full_reader(tmp_path: Path) -> None:
    (tmp_path / "t.txt").write_text(PLAIN)
    (tmp_path / "latin.csv").write_bytes(PLAIN.replace("1,1,2", "1,\xe9,2").encode("latin-1"))
    assert plain_columns(tmp_path / "t.txt") is None and plain_columns(tmp_path / "missing.csv") is None
    assert plain_columns(tmp_path / "latin.csv") is None
    with pytest.raises(BridgeError, match="not UTF-8"):
        load_results(tmp_path / "latin.csv")


CELLS = st.sampled_from(["1", "2", "12", "999", "1000", "0", "-0", "+5", "007", " 3", "4 ", "1_0", "١٢", "", "A+",
                         "x", "é", "7600", "-7600", "7601", "420", "-50", "1e3", "0x1", " ", "\t7", "9" * 19])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(header=st.permutations(["board", "ns", "ew", "score"]),
       rows=st.lists(st.lists(CELLS, min_size=3, max_size=5), min_size=1, max_size=6))
def test_plain_columns_never_read_what_the_full_reader_reads_otherwise(tmp_path: Path, header: list[str],
                                                                       rows: list[list[str]]) -> None:
    """Whatever the cells, the columns (when there are any) are the full reader's lines, and where the full reader
    refuses the file they are None (so the full reader speaks)."""
    path = tmp_path / "t.csv"
    path.write_text(",".join(header) + "\n" + "".join(",".join(row) + "\n" for row in rows), encoding="utf-8")
    columns = plain_columns(path)
    try:
        full = load_results(path)[0]
    except BridgeError:
        assert columns is None
        return
    assert columns is None or columns.results() == full


# ---- the command without Typer ----


def test_options_without_typer_are_the_commands_options() -> None:
    command = get_command(app).commands["score"].commands["event"]  # type: ignore[attr-defined]
    hints = typing.get_type_hints(event_command)
    kinds = {bool: "flag", str: "text", int | None: "number", Path | None: "path"}
    options = {param.opts[0]: param for param in command.params if param.opts[0].startswith("--")}
    assert {name: kinds[hints[param.name]] for name, param in options.items()} == OPTIONS
    assert options["--boards"].secondary_opts == ["--no-boards"]
    defaults = inspect.signature(run).parameters
    assert all(defaults[param.name].default == param.default for param in options.values())
    assert [p.name for p in command.params if not p.opts[0].startswith("--")] == ["file"]


@pytest.mark.parametrize("args", [
    ["--help"], ["-h"], [], ["a.csv", "b.csv"], ["a.csv", "--colour"], ["a.csv", "--norm"], ["a.csv", "--norm", "x"],
    ["a.csv", "--norm", "-3"], ["a.csv", "--norm=1e3"], ["a.csv", "--method", "--boards"], ["a.csv", "--boards=no"],
    ["a.csv", "--"], ["-"], ["a.csv", "--html="],
])
def test_anything_not_plain_goes_to_typer(args: list[str]) -> None:
    assert plain_arguments(args) is None
    assert not fast(args)


def test_plain_arguments_are_read_as_typer_reads_them() -> None:
    assert plain_arguments(["t.csv", "--norm", "12", "--method=cross-imps", "--no-boards", "--boards",
                            "--html", "r.html", "--mp-places", "1"]) == {
        "file": "t.csv", "norm": 12, "method": "cross-imps", "boards": True, "html": "r.html", "mp_places": 1}


def _files(tmp_path: Path) -> dict[str, Path]:
    plain = tmp_path / "plain.csv"
    plain.write_text(PLAIN)
    awards = tmp_path / "awards.csv"
    awards.write_text("board,ns,ew,score,ns_award,ew_award\n1,1,2,140,,\n1,3,4,,60,40\n1,5,6,-100,,\n2,1,2,50,,\n"
                      "2,3,4,50,,\n")
    return {"plain": plain, "awards": awards}


@pytest.mark.parametrize("extra", [[], ["--no-boards"], ["--norm", "4", "--mp-places", "1"], ["--scale", "1"],
                                   ["--method", "cross-imps", "--cross-imps", "sum"], ["--method", "butler"]])
@pytest.mark.parametrize("name", ["plain", "awards"])
def test_without_typer_the_command_prints_and_writes_what_typer_does(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                     extra: list[str], name: str) -> None:
    file = _files(tmp_path)[name]
    written = {kind: (tmp_path / f"typer.{kind}", tmp_path / f"fast.{kind}") for kind in ("html", "csv", "usebio")}
    through_typer = runner.invoke(app, ["score", "event", str(file), *extra,
                                        *(x for kind, (one, _) in written.items() for x in (f"--{kind}", str(one)))])
    assert through_typer.exit_code == 0, through_typer.output
    capsys.readouterr()
    assert fast([str(file), *extra, *(x for kind, (_, two) in written.items() for x in (f"--{kind}", str(two)))])
    printed = capsys.readouterr().out
    assert printed.replace("fast.", "typer.") == through_typer.output
    for one, two in written.values():
        assert two.read_text() == one.read_text()


def test_bad_input_without_typer_is_one_line_naming_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("board,ns,ew,score\n1,1,2,140\n1,3,4,7700\n")
    done = subprocess.run([sys.executable, "-c", "from bridge_director.cli import main; main()", "score", "event",
                           str(bad), "--no-boards"], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.strip() == ("error: line 3, score, Law 77: a score of 7700 is beyond what a board can score "
                                   "(7600 either way)")


PROBE = """
import sys
sys.argv = ["bridge-director", "score", "event", {path!r}, "--no-boards"]
from bridge_director.cli import main
main()
print("LOADED", sorted(m for m in ("typer", "numpy", "bridge_director.io.pbn", "bridge_director.model.deal",
                                   "bridge_director.model.board", "bridge_director.io.usebio",
                                   "bridge_director.scoring.adjusted_lines", "pathlib", "fractions", "decimal")
                      if m in sys.modules))
"""


def test_a_plain_file_is_scored_without_typer_numpy_the_model_or_adjusted_scores(tmp_path: Path) -> None:
    plain = _files(tmp_path)["plain"]
    done = subprocess.run([sys.executable, "-c", PROBE.format(path=str(plain))], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.splitlines()[-1] == "LOADED []"
    assert "NS:" in done.stdout and "EW:" in done.stdout


ENTRY = """
import atexit, sys
atexit.register(lambda: print("TORN DOWN"))
sys.argv = ["bridge-director", *sys.argv[1:]]
from bridge_director.cli import entry
entry()
"""


def test_the_installed_command_ends_at_once_after_a_plain_file_with_every_line_written(tmp_path: Path) -> None:
    """``cli.entry`` (the installed command) skips the interpreter's teardown after ``score event`` on a plain
    file, having written and flushed its answer through a pipe; any other command ends as usual."""
    file = tmp_path / "big.csv"
    file.write_text("board,ns,ew,score\n" + "".join(f"{b},{t}N,{t}E,{(t * 37 + b * 11) % 15 * 10 - 70}\n"
                                                    for b in range(1, 25) for t in range(1, 301)))
    out = tmp_path / "out.csv"
    done = subprocess.run([sys.executable, "-c", ENTRY, "score", "event", str(file), "--csv", str(out)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stderr == ""
    runner_out = runner.invoke(app, ["score", "event", str(file), "--csv", str(tmp_path / "typer.csv")])
    assert done.stdout == runner_out.output.replace("typer.csv", "out.csv")  # every line, none after
    assert out.read_text() == (tmp_path / "typer.csv").read_text()
    other = subprocess.run([sys.executable, "-c", ENTRY, "score", "imps", "750"], capture_output=True, text=True,
                           timeout=60, check=False)
    assert other.returncode == 0 and other.stdout.rstrip().endswith("TORN DOWN")
    bad = subprocess.run([sys.executable, "-c", ENTRY, "score", "event", str(tmp_path / "none.csv")],
                         capture_output=True, text=True, timeout=60, check=False)
    assert bad.returncode == 2 and bad.stderr.startswith("error:") and "TORN DOWN" in bad.stdout


@pytest.mark.parametrize("method", ["matchpoints", "cross-imps"])  # the plain path and Typer's
def test_a_reader_that_stops_reading_ends_the_command_quietly(tmp_path: Path, method: str) -> None:
    """``score event ... | head -1``: no error about a broken pipe, no traceback, exit status 1."""
    file = tmp_path / "big.csv"
    file.write_text("board,ns,ew,score\n" + "".join(f"{b},{t}N,{t}E,{(t * 37 + b * 11) % 15 * 10 - 70}\n"
                                                    for b in range(1, 25) for t in range(1, 301)))
    with subprocess.Popen([sys.executable, "-c", ENTRY, "score", "event", str(file), "--method", method],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          pipesize=4096) as child:  # the answer (36 kB) outgrows the pipe: the writer must wait
        assert child.stdout is not None and child.stderr is not None
        assert child.stdout.readline() == b"EW:\n"
        child.stdout.close()  # the reader goes away with the rest unread
        stderr = child.stderr.read().decode()
        assert child.wait(timeout=60) == 1
    assert stderr == ""
