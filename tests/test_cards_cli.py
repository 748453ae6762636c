"""``bridge-director card ...``: check, comparable, import and show, through the command's entry point."""

from __future__ import annotations

import json
from pathlib import Path

from bridge_director.cards.card_file import load
from bridge_director.cards.meaning import holds, parse
from bridge_director.model import Call, Hand
from conftest import Run

EXAMPLES = Path(__file__).parents[1] / "examples" / "cards"
NATURAL = str(EXAMPLES / "natural-2over1.json")


def test_card_check_a_sound_card(run: Run) -> None:
    code, out, _ = run("card", "check", str(EXAMPLES / "strong-club.json"))
    assert code == 0
    found = load(EXAMPLES / "strong-club.json")
    assert out == (f"strong-club.json: {found.name}: {found.size} meanings in {len(found.meanings)} auctions, "
                   "no problems\n")


def test_card_check_lists_each_problem_and_exits_1(run: Run, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"system": "bad", "contexts": {"1N": {"1C": "hcp 5+", "2C": "clubs 14"}}}))
    code, out, _ = run("card", "check", str(bad))
    assert code == 1
    assert out.splitlines() == [
        "bad.json: context '1N', 1C: not possible here: 1C is not higher than 1N (Law 18)",
        "bad.json: context '1N', 2C: 'clubs 14' at '14': an empty or impossible range (0 to 13)",
    ]


def test_card_check_not_a_card_is_one_line_exit_2(run: Run, tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text("[1, 2")
    code, out, err = run("card", "check", str(bad))
    assert (code, out) == (2, "")
    assert err.startswith("error: line 1, card: x.json is not JSON") and err.count("\n") == 1


def test_card_comparable_not_comparable_prints_the_counterexample(run: Run) -> None:
    code, out, _ = run("card", "comparable", NATURAL, "--auction", "1NT 1S", "--withdrawn", "1S",
                       "--replacement", "2S")
    assert code == 0
    lines = out.splitlines()
    assert lines[:3] == [
        "withdrawn: 1♠ as an opening",
        "replacement: 2♠ after (1N)",
        "not comparable: 2♠ after (1N) (hcp 8-15, spades 5+) allows hands 1♠ as an opening (hcp 11-21, spades 5+, "
        "spades >= hearts) does not",
    ]
    assert lines[3].startswith("counterexample: ♠")
    hand = Hand.from_pbn(lines[3].rsplit("PBN ", 1)[1])
    assert len(hand) == 13 and holds(parse("hcp 8-15, spades 5+"), hand)
    assert not holds(parse("hcp 11-21, spades 5+, spades >= hearts"), hand)


def test_card_comparable_same_purpose_and_director_decides(run: Run) -> None:
    code, out, _ = run("card", "comparable", NATURAL, "--auction", "2NT P", "--withdrawn", "2C",
                       "--replacement", "3C", "--withdrawn-auction", "1NT P")
    assert code == 0 and out.splitlines()[2] == "comparable (Law 23A3): both have the same purpose (stayman)"
    code, out, _ = run("card", "comparable", NATURAL, "--auction", "1H", "--withdrawn", "1S", "--replacement", "P",
                       "--withdrawn-auction", "")
    assert out.splitlines()[2].startswith("the director decides: the card gives only words for pass after (1H)")


def test_card_comparable_bad_call_is_one_line(run: Run) -> None:
    code, _, err = run("card", "comparable", NATURAL, "--auction", "1NT", "--withdrawn", "1S",
                       "--replacement", "1H")
    assert code == 2
    assert err == ("error: replacement: the replacement 1H is not possible after '1NT': 1H is not higher than 1N "
                   "(Law 18)\n")


def test_card_import_writes_our_card(run: Run, tmp_path: Path) -> None:
    out_file = tmp_path / "acol.json"
    code, out, err = run("card", "import", str(EXAMPLES / "acol-notrump.bml"), "-o", str(out_file))
    assert (code, err) == (0, "")
    again = load(out_file)
    assert out == f"{out_file}: {again.size} meanings in 5 auctions\n"
    assert again.meaning("1N", Call.parse("2C")) is not None


def test_card_show_lists_the_agreement(run: Run) -> None:
    code, out, _ = run("card", "show", NATURAL, "--auction", "1NT P")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Natural 2/1: five-card majors, 15-17 notrump, after 1N:"
    assert "  2♣: hcp 8+, (hearts 4+ or spades 4+); purpose: stayman (Stayman)" in lines
