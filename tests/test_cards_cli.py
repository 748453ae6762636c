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


def _wide(tmp_path: Path) -> Path:
    wide = tmp_path / "wide.json"
    wide.write_text(json.dumps({"system": "wide", "contexts": {
        "": {"1C": "hcp 6+, clubs 3+", "1H": "hcp 10-15, hearts 5+", "1N": "hcp 12-17, balanced"},
        "1N": {"2C": {"shows": "hcp 8+", "purpose": "stayman", "text": "Stayman"}}}}))
    return wide


def test_card_check_authority_acbl_one_line_per_breach_naming_rule_and_source_exit_1(run: Run,
                                                                                     tmp_path: Path) -> None:
    code, out, _ = run("card", "check", str(_wide(tmp_path)), "--authority", "acbl")
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("wide.json: one-level-openings (ACBL Duplicate Decisions, Convention Card "
                               "Regulations 2d): 1♣ as an opening: the card allows it on 6 HCP: ")
    assert lines[1] == (
        "wide.json: natural-notrump (ACBL Duplicate Decisions, Convention Card Regulations 2e; ACBL Director's "
        "Tech File, natural notrump bids with unbalanced hands 2): 1NT as an opening: 12-17 HCP is not a natural "
        "range (one of at most 5 HCP, or two non-consecutive ones of at most 3, from 10 HCP up), so no "
        "conventional response or rebid is allowed (the card has 2♣ after 1N (stayman))")


def test_card_check_authority_ebu_by_level_exit_1_then_0(run: Run, tmp_path: Path) -> None:
    code, out, _ = run("card", "check", str(_wide(tmp_path)), "--authority", "EBU", "--level", "2")
    assert code == 1
    assert [line.split(": ")[1] for line in out.splitlines()] == [
        "one-level-strength (EBU Blue Book 6 C, Level 2)", "one-level-strength (EBU Blue Book 6 C, Level 2)"]
    assert [line.split(": ")[2] for line in out.splitlines()] == ["1♣ as an opening", "1♥ as an opening"]
    code, out, _ = run("card", "check", NATURAL, "--authority", "EBU")
    assert code == 0 and out.endswith("no problems, no breach of the EBU Level 4 convention regulations\n")


def test_card_check_authority_clean_card_exit_0(run: Run) -> None:
    code, out, _ = run("card", "check", str(EXAMPLES / "strong-club.json"), "--authority", "ACBL")
    assert code == 0 and out.endswith(", no problems, no breach of the ACBL convention regulations\n")


def test_card_check_authority_bad_input_is_one_line_exit_2(run: Run, tmp_path: Path) -> None:
    assert run("card", "check", NATURAL, "--authority", "WBF")[::2] == (
        2, "error: authority: the convention regulations of ACBL and EBU are encoded, not 'WBF'\n")
    assert run("card", "check", NATURAL, "--level", "2")[::2] == (
        2, "error: level: a level is the EBU's permission level: give --authority EBU with it\n")
    code, _, err = run("card", "check", NATURAL, "--authority", "EBU", "--level", "5")
    assert code == 2 and err.startswith("error: level: EBU level 5: ")
    bad = tmp_path / "x.json"
    bad.write_text('{"system": "x",\n "contexts": [}')
    code, out, err = run("card", "check", str(bad), "--authority", "ACBL")
    assert (code, out) == (2, "") and err.startswith("error: line 2, card: x.json is not JSON")
