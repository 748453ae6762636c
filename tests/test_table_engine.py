"""The table core: events folded into state, undo, the Law 17/22 auction end, the JSON log, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridge_director.cli import app
from bridge_director.engine import CallMade, Choice, Table, TableState, Undo, apply, replay
from bridge_director.engine.log import dumps, load, loads, save, state_json, summary
from bridge_director.errors import BridgeError, IllegalCallError, ParseError
from bridge_director.model import Call, Seat, Vulnerability
from tablekit import contract, table


def test_17_22_auction_ends_after_three_passes() -> None:
    t = table("1H P P")
    assert t.state.phase == "auction"
    t.auction("P")
    assert t.state.phase == "play" and contract(t) == "1H N"


def test_22A_four_passes_pass_the_board_out() -> None:
    t = table("P P P P")
    assert t.state.phase == "passed out" and t.state.contract() is None


def test_19_doubles_and_declarer() -> None:
    t = table("1H 1S 2H X XX P P P")
    assert contract(t) == "2HXX N"


def test_legal_auction_has_no_ruling() -> None:
    t = table("1C 1H 1S 2H 2NT P 3NT P P P")
    assert not t.state.records and t.state.pending is None and contract(t) == "3NT N"


def test_replay_is_a_fold() -> None:
    log = [CallMade(Seat.NORTH, Call.parse(c)) for c in ("1H",)] + [CallMade(Seat.EAST, Call.parse("1C")),
                                                                      Choice("accept")]
    start = TableState(Seat.NORTH, Vulnerability.NONE)
    s1 = replay(log, start)
    s2 = start
    for e in log:
        s2 = apply(s2, e)
    assert s1 == s2 and s1.events == 3


def test_replay_reports_the_event_number_and_law() -> None:
    log = [CallMade(Seat.NORTH, Call.parse("1H")), CallMade(Seat.EAST, Call.parse("1C")), Choice("nonsense")]
    with pytest.raises(IllegalCallError) as err:
        replay(log, TableState(Seat.NORTH, Vulnerability.NONE))
    assert "event 3" in str(err.value) and err.value.law == "27"


def test_undo_restores_the_previous_state() -> None:
    t = table("1H")
    before = t.state
    t.call("E", "1C")
    t.undo()
    assert t.state == before and len(t.log) == 1


def test_undo_with_nothing_to_undo() -> None:
    with pytest.raises(BridgeError):
        Table(1).do(Undo())


def test_no_ruling_pending_refuses_choices() -> None:
    with pytest.raises(IllegalCallError):
        table("1H").choose("accept")


def test_board_number_gives_dealer_and_vulnerability() -> None:
    t = Table(7)
    assert t.state.dealer is Seat.SOUTH and t.state.vulnerability is Vulnerability.BOTH


def test_log_roundtrip_with_editions(tmp_path: Path) -> None:
    t = table("1S", laws="2007")
    t.call("E", "1H", laws="2017")
    t.choose("refuse")
    t.call("E", "2H")
    t.judge("same_denomination", "yes")
    path = tmp_path / "t.json"
    save(t, path)
    back = load(path)
    assert back.state == t.state and back.log == t.log
    data = json.loads(path.read_text())
    assert data["events"][1]["laws"] == "2017" and "laws" not in data["events"][0]


def test_log_rejects_bad_input() -> None:
    with pytest.raises(ParseError):
        loads("{")
    with pytest.raises(ParseError):
        loads('{"format": "x"}')
    bad = {"format": "bridge-director.table-log", "version": 1, "events": [{"type": "call", "seat": "N"}]}
    with pytest.raises(ParseError):
        loads(json.dumps(bad))
    bad["events"] = [{"type": "call", "seat": "N", "call": "9Z"}]
    with pytest.raises(ParseError):
        loads(json.dumps(bad))


def test_state_json_and_summary_show_restrictions_and_flags() -> None:
    t = table("1S")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "3NT")
    t.judge("comparable", "no")
    j = state_json(t.state)
    assert j["restrictions"] == ["West must pass whenever it is their turn for the rest of the auction (Law 27B2)"]
    assert j["flags"][0]["law"] == "72C"
    text = summary(t.state)
    assert "Restrictions in force" in text and "Possible score adjustment" in text


def test_cli_replay(tmp_path: Path) -> None:
    t = table("1S")
    t.call("E", "1H")
    path = tmp_path / "t.json"
    path.write_text(dumps(t))
    runner = CliRunner()
    out = runner.invoke(app, ["table", "replay", str(path)])
    assert out.exit_code == 0 and "PENDING: Insufficient bid" in out.stdout and "accept" in out.stdout
    out = runner.invoke(app, ["table", "replay", str(path), "--json"])
    assert json.loads(out.stdout)["ruling"]["chooser"] == "S"


def test_cli_replay_bad_file_is_one_line_error(tmp_path: Path) -> None:
    import subprocess
    import sys
    path = tmp_path / "bad.json"
    path.write_text('{"format": "bridge-director.table-log", "version": 1, "events": [{"type": "choice", '
                    '"option": "accept"}]}')
    exe = Path(sys.executable).parent / "bridge-director"
    run = subprocess.run([str(exe), "table", "replay", str(path)], capture_output=True, text=True, check=False)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "Traceback" not in run.stderr


def test_cli_play_interactive(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    runner = CliRunner()
    out = runner.invoke(app, ["table", "play", "--board", "7", "--laws", "2007", "--save", str(path)],
                        input="1S\nW 1H\nrefuse\n2H\nyes\nnonsense words here\nP\nP\nP\nquit\n")
    assert out.exit_code == 0, out.stdout
    assert "Insufficient bid" in out.stdout and "refused:" in out.stdout
    back = load(path)
    assert back.state.phase == "play" and contract(back) == "2H W"


def test_refusal_while_pending_reads_as_plain_words() -> None:
    """The refusal names the event in words and who is to choose: no class names, no broken grammar."""
    t = Table(1)
    t.call("N", "1H")
    t.call("E", "1D")
    with pytest.raises(IllegalCallError) as err:
        t.expose("W", "SK")
    message = str(err.value)
    assert "a card exposed by West is not possible" in message and "CardExposed" not in message
    assert "waiting for South to choose one of: accept, refuse" in message
