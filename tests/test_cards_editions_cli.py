"""``bridge-director card comparable --laws 2017|2007|1997``: the edition's clause, why, and the hand that shows it."""

from __future__ import annotations

from pathlib import Path

from bridge_director.cards.meaning import holds, parse
from bridge_director.model import Hand
from conftest import Run

NATURAL = str(Path(__file__).parents[1] / "examples" / "cards" / "natural-2over1.json")
STAYMAN = ("--auction", "2NT P", "--withdrawn", "2C", "--replacement", "3C", "--withdrawn-auction", "1NT P")


def test_card_comparable_laws_2017_is_law_23A_as_before(run: Run) -> None:
    code, out, _ = run("card", "comparable", NATURAL, *STAYMAN, "--laws", "2017")
    assert code == 0 and out.splitlines()[2] == "comparable (Law 23A3): both have the same purpose (stayman)"
    default = run("card", "comparable", NATURAL, *STAYMAN)[1]
    assert default == out


def test_card_comparable_2007_27B1b_same_purpose_is_not_the_same_meaning(run: Run) -> None:
    code, out, _ = run("card", "comparable", NATURAL, *STAYMAN, "--laws", "2007")
    assert code == 0
    lines = out.splitlines()
    assert lines[:2] == ["withdrawn: 2♣ after 1N", "replacement: 3♣ after 2N"]
    assert lines[2].startswith("partner must pass throughout (Law 27B2, 2007): 27B1(a): 2♣ after 1N is artificial: "
                               "the card gives it a purpose (stayman)")
    assert "27B1(b): 3♣ after 2N (hcp 4+, (hearts 4+ or spades 4+)) allows hands 2♣ after 1N" in lines[2]
    hand = Hand.from_pbn(lines[3].rsplit("PBN ", 1)[1])
    assert holds(parse("hcp 4+, major 4+"), hand) and not holds(parse("hcp 8+, major 4+"), hand)


def test_card_comparable_2007_27B1a_natural_lowest_bid(run: Run) -> None:
    code, out, _ = run("card", "comparable", NATURAL, "--auction", "1S 1H", "--withdrawn", "1H", "--replacement",
                       "2H", "--laws", "2007")
    assert code == 0
    assert out.splitlines()[2] == (
        "no further rectification (Law 27B1(a), 2007): 2♥ is the lowest sufficient bid in the same denomination; "
        "1♥ as an opening is not artificial: it promises three or more hearts and no other suit (hcp 11-21, "
        "hearts 5+, hearts > spades); 2♥ after (1S) is not artificial: it promises three or more hearts and no other "
        "suit (hcp 10-16, hearts 5+)")


def test_card_comparable_1997_27B1a_conventional_bid_bars_partner(run: Run) -> None:
    code, out, _ = run("card", "comparable", NATURAL, *STAYMAN, "--laws", "1997")
    assert code == 0 and out.splitlines()[2] == (
        "partner must pass throughout (Law 27B2, 1997): 2♣ after 1N is conventional: the card gives it a purpose "
        "(stayman): whatever replaces it, partner is barred")


def test_card_comparable_1997_27B1b_double_and_other_bids(run: Run) -> None:
    code, out, _ = run("card", "comparable", NATURAL, "--auction", "1S 1H", "--withdrawn", "1H", "--replacement",
                       "3H", "--laws", "1997")
    assert code == 0 and out.splitlines()[2].startswith(
        "partner must pass throughout (Law 27B1(b), 1997): 3♥ is not the lowest sufficient bid in the denomination "
        "of 1♥ (2♥)")


def test_card_comparable_2007_31A2a_out_of_rotation_repeats_the_denomination(run: Run) -> None:
    code, out, _ = run("card", "comparable", NATURAL, "--auction", "1H", "--withdrawn", "1S", "--replacement", "2S",
                       "--withdrawn-auction", "", "--laws", "2007")
    assert code == 0 and out.splitlines()[2].startswith(
        "partner must pass once (Law 31A2(a), 2007): after the right-hand opponent called over a cancelled bid out "
        "of rotation (31A2): it repeats the denomination(s) specified")


def test_card_comparable_bad_edition_is_one_line(run: Run) -> None:
    code, out, err = run("card", "comparable", NATURAL, *STAYMAN, "--laws", "1987")
    assert (code, out) == (2, "")
    assert err == "error: laws: not an edition of the Laws: '1987' (use 2017, 2007 or 1997)\n"
