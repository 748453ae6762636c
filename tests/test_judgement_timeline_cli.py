"""``table play``: a break in tempo noted with its context, the board played out, the open matter listed, then
reviewed after the hand (Laws 73A2, 16B, 12C) — the same board as tests/test_judgement_timeline.py."""

from __future__ import annotations

from typer.testing import CliRunner

from bridge_director.cli import app
from bridge_director.engine import Table
from playkit import DEAL, play_out

runner = CliRunner()
AUCTION = ["P", "1C", "1S", "2C", "P"]


def _cards() -> list[str]:
    """The cards of the play, in order (each player's lowest legal card), worked out on the engine."""
    t = Table(1, deal=DEAL)
    t.auction("P 1C 1S 2C P P 2S P P P")
    play_out(t)
    assert t.state.play is not None
    return [f"{trick.seat_of(i).letter} {card}" for trick in t.state.play.tricks for i, card in enumerate(trick.cards)]


def test_16B_cli_tempo_break_noted_played_out_then_reviewed_at_the_end_of_the_hand() -> None:
    lines = [*AUCTION, "hesitate N nowarning pause=20 unusual", "matters", "P", "2S", "P", "P", "P", *_cards(),
             "matters", "review 16B S 7", "later", "matters", "review 16B S 7", "yes", "action", "la: Pass", "yes",
             "2C W 8", "matters", "show"]
    result = runner.invoke(app, ["table", "play", "--board", "1", "--deal", DEAL], input="\n".join(lines) + "\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "North's break in tempo (after call 5): no skip-bid warning given, a pause of about 20 s, out of the " \
           "ordinary" in out
    assert "director to be called back at the end of the hand: review 16B S)" in out  # South has not called yet
    assert "review it now: review 16B S 7" in out
    assert "found so far: no question answered yet" in out  # put aside with 'later' at once, then taken up
    assert "no judgement matter is open" in out
    assert "assigned: 2C by West, 8 tricks" in out


def test_73A2_cli_hesitate_refuses_an_unknown_word_naming_the_field() -> None:
    result = runner.invoke(app, ["table", "play", "--board", "1"], input="hesitate N pause=99999\nshow\n")
    assert result.exit_code == 0 and "hesitate" in result.output and "pause=SECONDS (0-3600)" in result.output
    assert "Traceback" not in result.output
