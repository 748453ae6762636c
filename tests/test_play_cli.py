"""``table play`` drives a whole board in the terminal (calls, cards, claims, rulings); ``table replay`` shows the
play period (tricks, penalty cards, restrictions in force, pending ruling, summary)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bridge_director.cli import app
from playkit import DEAL

runner = CliRunner()


def drive(lines: list[str], *args: str) -> str:
    result = runner.invoke(app, ["table", "play", "--board", "1", "--deal", DEAL, *args], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def test_cli_play_cards_and_agreed_claim(tmp_path: Path) -> None:
    log = tmp_path / "board.json"
    out = drive(["P", "P", "1S", "P", "P", "P", "H7", "N:H2", "E H8", "H3", 'claim S 8 "drawing trumps"', "agree"],
                "--save", str(log))
    assert "East to lead" in out or "East (" in out or "trick 2" in out
    assert "Law 68" in out and "Final: 8 tricks, 1S" in out.replace("♠", "S")
    shown = runner.invoke(app, ["table", "replay", str(log)])
    assert shown.exit_code == 0 and "1. West leads" in shown.output and "Board summary:" in shown.output
    data = json.loads(runner.invoke(app, ["table", "replay", str(log), "--json"]).output)
    assert data["play"]["tricks"][0]["cards"] == ["H7", "H2", "H8", "H3"]
    assert data["play"]["summary"]["final_tricks"] == 8


def test_cli_lead_out_of_turn_options_shown_and_chosen() -> None:
    out = drive(["P", "P", "1S", "P", "P", "P", "E:CA", "penalty", "show"])
    assert "Opening lead out of turn" in out and "choose: spread, accept, require, forbid, penalty" in out
    assert "Penalty cards on the table: East ♣A (major" in out


def test_cli_disputed_claim_director_enters_tricks() -> None:
    out = drive(["P", "P", "1S", "P", "P", "P", "H7", "HA", "H8", "H3", 'claim N 12 "all mine"', "dispute", "11"])
    assert "Disputed claim" in out and "Final: 12 tricks" in out


def test_cli_deal_entered_in_the_session_and_refusals() -> None:
    result = runner.invoke(app, ["table", "play", "--board", "1"],
                           input="\n".join(["P", "P", "1S", "P", "P", "P", "H7", f"deal {DEAL}", "SA", "H7"]) + "\n")
    out = result.output
    assert "enter the hands first" in out and "deal recorded" in out
    assert "refused: " in out  # ♠A is not West's
    assert "1. West leads: ♥7" in out


def test_cli_replay_shows_pending_play_ruling_and_restrictions(tmp_path: Path) -> None:
    log = tmp_path / "b.json"
    drive(["P", "P", "1S", "P", "P", "P", "E:CA", "forbid"], "--save", str(log))
    out = runner.invoke(app, ["table", "replay", str(log)]).output
    assert "In force: West may not lead clubs for as long as he keeps the lead (Law 50D2)" in out
    drive(["P", "P", "1S", "P", "P", "P", "H7", "H2", "H8", "S9"], "--save", str(log))
    data = json.loads(runner.invoke(app, ["table", "replay", str(log), "--json"]).output)
    assert data["play"]["next"] == "S" and data["ruling"] is None
    assert data["play"]["summary"]["revokes"][0]["seat"] == "S"


def test_cli_bid_above_seven_typo_is_one_refusal_line_and_the_session_goes_on() -> None:
    out = drive(["P", "over7 E 8", "over7 E x8", "P"])
    assert "Traceback" not in out
    assert "refused: over7: not a bid above seven: '8'" in out and "refused: over7: not a bid above seven: 'x8'" in out
    assert "auction: N:Pass E:Pass" in out


def test_cli_save_to_an_unwritable_place_is_refused_and_the_log_kept(tmp_path: Path) -> None:
    bad = tmp_path / "no-such-dir" / "board.json"
    good = tmp_path / "board.json"
    out = drive(["1H", f"save {bad}", "P", f"save {good}"])
    assert f"refused: save: cannot write {bad}" in out and "Traceback" not in out
    assert [e["call"] for e in json.loads(good.read_text())["events"]] == ["1H", "Pass"]


def test_cli_save_option_unwritable_at_quit_prints_the_log_instead(tmp_path: Path) -> None:
    bad = tmp_path / "no-such-dir" / "board.json"
    result = runner.invoke(app, ["table", "play", "--board", "1", "--save", str(bad)], input="1H\n")
    assert result.exit_code == 2
    assert f"cannot write {bad}" in result.output and '"call": "1H"' in result.output
