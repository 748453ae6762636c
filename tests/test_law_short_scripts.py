"""The short script read aloud (laws/script.py): what happened, who chooses, each option in one line; at most 80
words for the common rulings (Laws 27, 29-32 with 31, 54, 64) in every edition, bounded for the rest."""

from __future__ import annotations

import re

import pytest

from bridge_director.laws.ruling import Ruling
from bridge_director.laws.script import compress, short_script, words
from bridge_director.model import Seat
from playkit import play, play_out
from playkit import table as play_table
from tablekit import random_walk, table

EDITIONS = ("2017", "2007", "1997")
COMMON_LIMIT = 80
OTHER_LIMIT = 100
COMMON = re.compile(r"^(27|29|30|31|32|54|64)(\D|$)")


def walked() -> list[Ruling]:
    """Every ruling the random walks of tablekit reach (the same seeds each run)."""
    seen: list[Ruling] = []
    for seed in range(500):
        seen += random_walk(seed)[1]
    return seen


def played(laws: str) -> list[Ruling]:
    """The play-period rulings of Laws 54 and 64 in ``laws``: a lead out of turn, then established revokes."""
    rulings = []
    t = play_table(laws=laws)
    play(t, "DA")  # East leads: West's opening lead (Law 54)
    assert t.ruling is not None
    rulings.append(t.ruling)
    t = play_table(laws=laws)
    play(t, "D6 D2 CT D9 C7 C4")  # East revokes on trick 1, established when West plays to trick 2
    play_out(t)
    assert t.ruling is not None
    rulings.append(t.ruling)
    return rulings


@pytest.fixture(scope="module")
def rulings() -> list[Ruling]:
    return walked() + [r for laws in EDITIONS for r in played(laws)]


def test_common_rulings_reached_in_every_edition(rulings: list[Ruling]) -> None:
    reached = {(r.law, r.edition.value) for r in rulings}
    for laws in EDITIONS:
        for law in ("27", "27B", "29", "54", "64"):
            assert (law, laws) in reached, (law, laws)


def test_common_rulings_at_most_80_words(rulings: list[Ruling]) -> None:
    counted = [(r.law, r.edition.value, words(short_script(r))) for r in rulings if COMMON.match(r.law)]
    assert counted and max(n for *_, n in counted) <= COMMON_LIMIT, max(counted, key=lambda c: c[2])


def test_other_rulings_bounded(rulings: list[Ruling]) -> None:
    counted = [(r.law, words(short_script(r))) for r in rulings if not COMMON.match(r.law)]
    assert counted and max(n for _, n in counted) <= OTHER_LIMIT, max(counted, key=lambda c: c[1])


def test_short_script_far_shorter_than_the_full_text(rulings: list[Ruling]) -> None:
    for r in rulings:
        if COMMON.match(r.law) and words(r.text) > 150:
            assert words(short_script(r)) * 2 < words(r.text), r.law


def test_one_line_per_option_with_its_law_and_the_chooser_named(rulings: list[Ruling]) -> None:
    for r in rulings:
        lines = short_script(r).split("\n")
        options = [line for line in lines if line.startswith("  ")][:len(r.options)]
        assert len(options) == len(r.options)
        for line, option in zip(options, r.options, strict=True):
            assert line.endswith(f"({option.law}).")
        who = r.caller or r.chooser
        if who is not None:
            assert f"{who.name.title()} c" in short_script(r)  # "South chooses:" or "East calls now:"


def test_27_2017_insufficient_bid_script() -> None:
    """Law 27: South (LHO) chooses; refused, East replaces 1♦ and West may be barred (27B)."""
    t = table("1H")
    t.call("E", "1D")
    assert t.ruling is not None
    assert short_script(t.ruling) == (
        "South, East has made an insufficient bid of 1♦ (Law 27).\n"
        "South chooses:\n"
        "  Accept 1♦: it stands; South calls next (27A).\n"
        "  Do not accept it: East replaces it. The lowest bid in the same denomination(s) or a comparable call: "
        "no bar; any other call: West passes throughout; a lead restriction (27B).")
    assert words(short_script(t.ruling)) == 51


def test_27B_1997_correction_by_the_offender() -> None:
    """1997 Law 27B1(a): the lowest sufficient bid in the suit, both natural: no penalty; otherwise partner
    passes throughout (27B1(b)/27B2); a double is cancelled (27B3)."""
    t = table("1H", laws="1997")
    t.call("E", "1D")
    t.choose("refuse", "S")
    script = short_script(t.ruling)  # type: ignore[arg-type]
    assert script.split("\n")[1] == "East calls now:"
    assert "  Correct to 2♦: no bar if the director finds both natural (27B1(a))." in script
    assert "West passes throughout" in script


def test_31A_2007_bid_at_rho_turn() -> None:
    """Law 31A (2007): LHO chooses; refused, RHO calls, the offender repeats after a pass."""
    t = table("1H", laws="2007")
    t.call("S", "1S")  # South bids at East's turn: East is South's RHO, West his LHO
    script = short_script(t.ruling)  # type: ignore[arg-type]
    assert script.split("\n")[:2] == ["West, South has made a bid of 1♠ out of rotation, at East's turn (Law 31).",
                                      "West chooses:"]
    assert ("  Do not accept it: cancelled; East calls. If East passes, South repeats it, no bar; else the same "
            "denomination: North passes once; other calls: North passes throughout (31).") in script


def test_54_lead_out_of_turn_lines() -> None:
    """Law 54: declarer chooses among five options; the director asks whether he saw dummy's cards (54C)."""
    t = play_table()
    play(t, "DA")
    script = short_script(t.ruling)  # type: ignore[arg-type]
    assert script.split("\n") == [
        "South, East has led ♦A out of turn: it was West's opening lead (Law 54).",
        "South chooses:",
        "  Accept, become dummy: North declares (54A).",
        "  Accept, stay declarer: North is dummy (54B).",
        "  Require West to lead diamonds: the card goes back (54D, 50D2(a)).",
        "  Forbid West to lead diamonds: while he keeps the lead (54D, 50D2(b)).",
        "  Leave it as a penalty card: West leads any card (54D, 50D2(c)).",
        "  Could declarer have seen any of dummy's cards? (yes / no)"]


def test_64_revoke_names_the_transfer() -> None:
    """Law 64A2: East revoked on trick 1 and his side won a later trick: one trick is transferred."""
    t = play_table()
    play(t, "D6 D2 CT D9 C7 C4")
    play_out(t)
    lines = short_script(t.ruling).split("\n")  # type: ignore[arg-type]
    assert lines[1] == "- revoke by East on trick 1: one trick transferred."
    assert lines[2] == "The director chooses:"
    assert lines[3] == "  Transfer the tricks shown: after play (64)."


def test_compress_says_the_enforced_pass_shortly() -> None:
    text = ("South must pass at their next turn to call, and only then (Law 24C); if the director judges that "
            "North could have known, he will adjust the score (Law 23)")
    assert compress(text) == "South passes once"


def test_compress_cuts_a_long_clause() -> None:
    assert compress(" ".join(["word"] * 30), limit=5) == "word word word word word …"


def test_question_only_ruling_says_what_and_asks() -> None:
    t = table("1H")
    t.call("E", "1D")
    t.choose("refuse", "S")
    t.call("E", "2D")  # the lowest sufficient bid in the suit: the director judges the denominations (27B1(a))
    assert t.ruling is not None and t.ruling.questions
    lines = short_script(t.ruling).split("\n")
    assert lines[:2] == ["Insufficient bid by East (Law 27B1(a)).", "The director decides:"]
    assert lines[2] == "  Do 1♦ and 2♦ specify the same denomination(s)? (yes / no)"
    assert Seat.EAST.name.title() in lines[0]


def test_cli_table_play_prints_the_short_script_and_full_on_request() -> None:
    """``table play``: a ruling shows its short script; ``full`` prints the whole text read aloud."""
    from typer.testing import CliRunner

    from bridge_director.cli import app
    out = CliRunner().invoke(app, ["table", "play", "--board", "1"], input="1H\nE 1D\nfull\nquit\n")
    assert out.exit_code == 0, out.stdout
    t = table("1H")
    t.call("E", "1D")
    assert t.ruling is not None
    short, full = short_script(t.ruling), t.ruling.text
    assert short in out.stdout and "(full: the whole script to read aloud)" in out.stdout
    before_full = out.stdout.split("(full:")[0]
    assert "a) correct to 2♦" not in before_full  # the long sub-options wait for 'full'
    assert full in out.stdout.split("(full:")[1]
