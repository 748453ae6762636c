"""The laws engine with a system card at the table under 2007 and 1997: each ruling the director must judge carries
the card's answer by the edition's own rule (27B1(a), 27B1(b), 30C, 31A2 with 29C); the director still answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.cards.card_file import load, loads
from bridge_director.cards.model import TableCards
from bridge_director.engine import Table
from bridge_director.table.state import Bar
from tablekit import bars

NATURAL = load(Path(__file__).parents[1] / "examples" / "cards" / "natural-2over1.json")
SHORT_CLUB = loads('''{"system": "short club", "contexts": {
  "": {"1C": {"shows": "hcp 10-20, clubs 2+", "text": "short club"}, "P": "hcp 16+"},
  "1C": {"2C": {"shows": "hcp 10+, clubs 5+", "text": "inverted raise"},
         "2N": "hcp 12-15, balanced, hearts <=3, spades <=3", "3N": "hcp 16-18, balanced"}
}}''')


def short_club_ib(laws: str) -> Table:
    """Seed 004 example 7: North opens 1C, East passes, South bids 1C (he thought he was dealer); West refuses."""
    t = Table(dealer="N", laws=laws, cards=TableCards(ns=SHORT_CLUB))
    t.auction("1C P")
    t.call("S", "1C")
    t.choose("refuse")
    return t


def test_2007_27B_the_card_lists_the_corrections_that_spare_partner() -> None:
    ruling = short_club_ib("2007").ruling
    assert ruling is not None and ruling.law == "27B"
    text = ruling.text
    assert "reading the withdrawn 1♣ as an opening" in text and "(Law 27B1, 2007):" in text
    assert "   2NT: no further rectification (Law 27B1(b), 2007): 2NT after 1C has a more precise meaning" in text
    assert "   2♣: partner must pass throughout (Law 27B2, 2007): 27B1(a): 1♣ as an opening is artificial" in text
    assert text.index("2NT: no further") < text.index("2♣: partner must pass")


def test_2007_27B1b_more_precise_meaning_the_card_answers_and_partner_is_free() -> None:
    t = short_club_ib("2007")
    t.call("S", "2NT")
    judged = t.ruling
    assert judged is not None and judged.questions[0].key == "more_precise"
    assert "(Law 27B1(b), 2007): 2NT: no further rectification (Law 27B1(b), 2007): 2NT after 1C has a more " \
        "precise meaning" in judged.text
    t.judge("more_precise", "yes")
    assert t.state.restrictions == () and [f.law for f in t.state.flags] == ["27D"]


def test_2007_27B1a_the_card_says_the_short_club_is_artificial() -> None:
    t = short_club_ib("2007")
    t.call("S", "2C")
    judged = t.ruling
    assert judged is not None and judged.questions[0].key == "not_artificial"
    assert "2♣: does not apply (Law 27B1(a), 2007): 1♣ as an opening is artificial: it does not promise three or " \
        "more clubs" in judged.text
    t.judge("not_artificial", "no")
    again = t.ruling
    assert again is not None
    assert "2♣: does not apply (Law 27B1(b), 2007): 2♣ after 1C (hcp 10+, clubs 5+) allows hands" in again.text
    t.judge("more_precise", "no")
    assert bars(t) == {("N", Bar.PASS_THROUGHOUT)}


def test_1997_27B_only_the_lowest_bid_is_listed_and_it_bars_partner() -> None:
    ruling = short_club_ib("1997").ruling
    assert ruling is not None
    text = ruling.text
    assert "(Law 27B1(a), 1997):" in text
    assert "   2♣: partner must pass throughout (Law 27B2, 1997): 1♣ as an opening is conventional" in text
    assert "   any other sufficient bid or pass: partner must pass throughout (Law 27B1(b), 1997)" in text
    assert "2NT:" not in text  # a more precise meaning does not spare partner in 1997


def test_1997_27B1a_conventional_bid_bars_partner_at_the_table() -> None:
    # North opens 2NT; East, not seeing it, opens a strong artificial 2C; South does not accept it; East bids 3C
    t = Table(dealer="N", laws="1997", cards=TableCards(ew=NATURAL))
    t.auction("2NT")
    t.call("E", "2C")
    t.choose("refuse")
    correction = t.ruling
    assert correction is not None
    assert "   3♣: partner must pass throughout (Law 27B2, 1997): 2♣ as an opening is conventional: the card " \
        "gives it a purpose (strong): whatever replaces it, partner is barred" in correction.text
    t.call("E", "3C")
    judged = t.ruling
    assert judged is not None and judged.questions[0].key == "natural"
    assert "3♣: does not apply (Law 27B1(a), 1997): 2♣ as an opening is conventional: the card gives it a purpose " \
        "(strong); 3♣ after (2N): the card gives no meaning for it" in judged.text
    t.judge("natural", "no")
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


@pytest.mark.parametrize(("laws", "word"), [("2007", "artificial"), ("1997", "conventional"),
                                             ("2017", "artificial")])
def test_30C_the_card_says_a_strong_pass_out_of_rotation_is_artificial(laws: str, word: str) -> None:
    t = Table(dealer="N", laws=laws, cards=TableCards(ns=SHORT_CLUB))
    t.call("S", "P")  # at North's turn: his partner's
    t.choose("refuse")
    judged = t.ruling
    assert judged is not None and judged.law == "30C"
    assert f"(Law 30C; Definitions, {laws}): pass as an opening is {word}: every hand it shows holds a high card " \
        "in some suit: it promises strength (hcp 16+)." in judged.text
    t.judge("artificial", "yes")  # the director agrees: Law 31 applies


@pytest.mark.parametrize(("laws", "whose"), [("2017", "partner's artificial call"), ("2007", "an artificial call"),
                                              ("1997", None)])
def test_30C_a_pass_of_partners_artificial_call_2017_2007_not_1997(laws: str, whose: str | None) -> None:
    # North opens a strong artificial 2C; South passes at East's turn (his right-hand opponent's)
    t = Table(dealer="N", laws=laws, cards=TableCards(ns=NATURAL))
    t.call("N", "2C")
    t.call("S", "P")
    t.choose("refuse")
    judged = t.ruling
    assert judged is not None and judged.law == "30C"
    if whose is None:  # 1997 30C: only a conventional pass itself goes to Law 31
        assert "It would pass" not in judged.text
    else:
        assert (f"It would pass North's 2♣: 2♣ as an opening is artificial: the card gives it a purpose (strong) (a "
                f"pass of {whose} is also ruled by Law 31).") in judged.text


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_31A2a_29C_the_card_says_which_denomination_a_cancelled_transfer_specified(laws: str) -> None:
    # North opens 1NT; South bids 2D (a transfer to hearts) at East's turn; West refuses; East overcalls 2C
    card = loads('{"system": "t", "contexts": {"1N": {"2D": {"shows": "hearts 5+", "purpose": "transfer"}}, '
                 '"1N-(2C)": {"2D": "hcp 0-7, diamonds 5+", "2H": "hcp 0-7, hearts 5+"}}}')
    for rebid, verdict, answer, bar in (("2H", "partner must pass once (Law 31A2(a)", "yes", Bar.PASS_ONCE),
                                        ("2D", "partner must pass throughout (Law 31A2(b)", "no", Bar.PASS_THROUGHOUT)):
        t = Table(dealer="N", laws=laws, cards=TableCards(ns=card))
        t.call("N", "1NT")
        t.call("S", "2D")
        t.choose("refuse")
        t.call("E", "2C")
        t.call("S", rebid)
        judged = t.ruling
        assert judged is not None and judged.questions[0].key == "same_denomination"
        assert f"{rebid[0]}{'♥' if rebid[1] == 'H' else '♦'}: {verdict}, {laws}): " in judged.text
        word = {"2007": "artificial", "1997": "conventional"}[laws]
        assert f"2♦ after 1N is {word}: it specifies hearts" in judged.text
        t.judge("same_denomination", answer)
        assert bars(t) == {("N", bar)}


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_27B_without_a_card_the_ruling_is_unchanged(laws: str) -> None:
    with_card = short_club_ib(laws).ruling
    t = Table(dealer="N", laws=laws)
    t.auction("1C P")
    t.call("S", "1C")
    t.choose("refuse")
    without = t.ruling
    assert with_card is not None and without is not None
    assert with_card.text.startswith(without.text) and "system card" not in without.text
    assert (with_card.law, with_card.options) == (without.law, without.options)
