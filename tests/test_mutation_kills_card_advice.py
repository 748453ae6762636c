"""The system card's advice in the rulings the director must judge (``laws.card_advice``): the checks that mutation
testing of the auction laws showed were missing.

Each test names the clause whose question the card answers: a correction of an insufficient bid (27B; 23A for a
comparable call, 27B1(a) for the same denomination(s), 1997's lowest sufficient bid), a pass out of rotation and
the call it would pass (30C), and a call out of rotation read in the auction it was made in (31A2 with 23A or 29C).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.cards.card_file import load, loads
from bridge_director.cards.meaning import parse
from bridge_director.cards.model import Meaning, SystemCard, TableCards
from bridge_director.engine import Table
from bridge_director.laws.card_advice import note
from bridge_director.model import Call

NATURAL = load(Path(__file__).parents[1] / "examples" / "cards" / "natural-2over1.json")
GUESS = "(as if the bid that makes it insufficient had not been seen; you establish what was meant)"


def advice(t: Table) -> list[str]:
    """The lines the card adds for the director, after the ruling's own text."""
    assert t.ruling is not None
    text = t.ruling.text
    return text[text.index("\nFor the director, away from the table: ") + 1:].split("\n")


# ----- 27B: the corrections the card lists -----------------------------------------------------------------------
# South responds 1H to North's 1C, not having seen East's 1S; the card's calls over 1S, 1H (insufficient) among them
RESPONSES = loads('''{"system": "r", "contexts": {"1C": {"1H": {"shows": "hcp 6+, hearts 4+"}},
  "1C-(1S)": {"2C": {"shows": "hcp 6-9, clubs 4+"}, "2H": {"text": "our style"}, "X": {"shows": "hcp 6+, hearts 4+"},
              "1H": "hcp 6+"}}}''')


def insufficient_1H(card: SystemCard, laws: str = "2017") -> Table:
    t = Table(dealer="N", laws=laws, cards=TableCards(ns=card))
    t.auction("1C 1S")
    t.call("S", "1H")
    t.choose("refuse")
    return t


def test_27B_23A_the_card_s_legal_calls_those_that_spare_partner_first_then_the_director_s_then_the_others() -> None:
    lines = advice(insufficient_1H(RESPONSES))
    assert lines[0] == ("For the director, away from the table: The system card of South's side (r), reading the "
                        f"withdrawn 1♥ after 1C {GUESS} (Law 23A):")
    heads = ("   double: comparable", "   2♥: the director decides", "   2♣: not comparable")
    assert len(lines) == 4 and all(line.startswith(head) for line, head in zip(lines[1:], heads, strict=True))


def test_27B_only_the_calls_legal_now_are_offered_even_if_the_card_lists_others() -> None:
    hearts = Meaning(parse("hcp 6+, hearts 4+"))  # a card built by hand: not checked as a card file is
    card = SystemCard("by hand", {"1C": {Call.parse("1H"): hearts},
                                  "1C-(1S)": {Call.parse("1H"): hearts, Call.parse("XX"): hearts,
                                              Call.parse("X"): hearts}})
    assert [line.split(":")[0] for line in advice(insufficient_1H(card))[1:]] == ["   double"]


def test_27B_a_card_with_nothing_after_the_auction_says_so() -> None:
    lines = advice(insufficient_1H(loads('{"system": "r", "contexts": {"1C": {"1H": "hcp 6+"}}}')))
    assert lines[1:] == ["   the card lists no call after 1C-(1S)"]


def test_27B1a_1997_no_lowest_sufficient_bid_above_7NT_every_call_bars_partner() -> None:
    t = Table(dealer="N", laws="1997", cards=TableCards(ew=RESPONSES))
    t.auction("7NT")
    t.call("E", "7C")
    t.choose("refuse")
    assert advice(t)[1:] == ["   any other sufficient bid or pass: partner must pass throughout (Law 27B1(b), 1997); "
                             "a double or redouble may not replace the bid (Law 27B)"]


# ----- 27B1: the director's question on the replacement, with the card's answer -----------------------------------
def stayman_over_2D(replacement: str) -> Table:
    """North 1NT, East 2D, South 2C (Stayman, not seeing 2D); West does not accept it; South replaces it."""
    t = Table(dealer="N", cards=TableCards(ns=NATURAL))
    t.auction("1NT 2D")
    t.call("S", "2C")
    t.choose("refuse")
    t.call("S", replacement)
    return t


def last_line(t: Table) -> str:
    assert t.ruling is not None
    return t.ruling.text.split("\n")[-1]


def test_23A_a_comparable_replacement_the_card_reads_under_law_23A() -> None:
    assert last_line(stayman_over_2D("X")).startswith(
        f"The system card of South's side ({NATURAL.name}), reading the withdrawn 2♣ after 1N {GUESS} (Law 23A): "
        "double is comparable")


def test_27B1a_2017_the_card_says_which_denominations_each_bid_specifies() -> None:
    line = last_line(stayman_over_2D("3C"))
    assert line.startswith(f"The system card of South's side ({NATURAL.name}), reading the withdrawn 2♣ after 1N "
                           f"{GUESS} (Law 27B1(a), 2017): 3♣: ")
    assert "not the same denomination(s)" in line
    assert "2♣ after 1N is artificial" in line and "3♣ after 1N-(2D) is not artificial: it specifies clubs" in line


# ----- 30C: a pass out of rotation, and the call it would pass -----------------------------------------------------
# North opens 1NT, East overcalls 2C, South transfers with 2D; North passes at West's turn
TRANSFER = loads('''{"system": "t", "contexts": {"1N": {"2D": {"shows": "hcp 0-7, diamonds 5+"}},
  "1N-(2C)": {"2D": {"shows": "hearts 5+", "purpose": "transfer"}}}}''')


@pytest.mark.parametrize(("laws", "whose"), [("2017", "partner's artificial call"), ("2007", "an artificial call"),
                                              ("1997", None)])
def test_30C_a_pass_of_partner_s_transfer_read_in_the_auction_it_was_made_in(laws: str, whose: str | None) -> None:
    t = Table(dealer="N", laws=laws, cards=TableCards(ns=TRANSFER))
    t.auction("1NT 2C 2D")
    t.call("N", "P")
    t.choose("refuse")
    line = last_line(t)
    assert line.startswith("The system card of North's side (t) on the pass out of rotation (Law 30C; Definitions, "
                           f"{laws}): pass after 1N-(2C)-2D: ")
    if whose is None:  # 1997: only a conventional pass itself goes to Law 31
        assert line.endswith("whether it is conventional.")
    else:
        assert line.endswith(f" It would pass South's 2♦: 2♦ after 1N-(2C) is artificial: the card gives it a "
                             f"purpose (transfer) (a pass of {whose} is also ruled by Law 31).")


@pytest.mark.parametrize(("laws", "mentioned"), [("2017", False), ("2007", True)])
def test_30C_a_pass_of_an_opponent_s_artificial_call_counts_in_2007_only(laws: str, mentioned: bool) -> None:
    # West opens a strong artificial 2C; South passes at North's turn (his partner's)
    t = Table(dealer="W", laws=laws, cards=TableCards(ns=NATURAL, ew=NATURAL))
    t.call("W", "2C")
    t.call("S", "P")
    t.choose("refuse")
    assert ("It would pass West's 2♣: 2♣ as an opening is artificial" in last_line(t)) is mentioned


def test_30C_2007_without_the_opponents_card_nothing_is_said_of_their_call() -> None:
    t = Table(dealer="W", laws="2007", cards=TableCards(ns=NATURAL))
    t.call("W", "2C")
    t.call("S", "P")
    t.choose("refuse")
    assert last_line(t).endswith("pass after (2C): the card gives no meaning for it; the director judges whether it "
                                 "is artificial.")


# ----- 31A2 with 23A (2017) or 29C (2007): the cancelled call read in its own auction ----------------------------
# North opens 1NT; South transfers with 2D at East's turn; West refuses; East overcalls 2C; South bids 2H
OVERCALLED = loads('''{"system": "o", "contexts": {"1N": {"2D": {"shows": "hearts 5+", "purpose": "transfer"}},
  "1N-(2C)": {"2D": "hcp 0-7, diamonds 5+", "2H": "hcp 0-7, hearts 5+"}}}''')


def transfer_out_of_rotation(laws: str, cards: TableCards | None) -> Table:
    t = Table(dealer="N", laws=laws, cards=cards)
    t.call("N", "1NT")
    t.call("S", "2D")
    t.choose("refuse")
    t.call("E", "2C")
    t.call("S", "2H")
    return t


@pytest.mark.parametrize(("laws", "law", "verdict"), [("2017", "Law 23A", "2♥ is comparable"),
                                                      ("2007", "Law 29C, 2007", "2♥: partner must pass once")])
def test_31A2_the_cancelled_call_is_read_in_the_auction_when_it_was_made(laws: str, law: str, verdict: str) -> None:
    line = last_line(transfer_out_of_rotation(laws, TableCards(ns=OVERCALLED)))
    assert line.startswith("The system card of South's side (o), reading the withdrawn 2♦ after 1N (in the auction "
                           f"when it was made out of rotation) ({law}): {verdict}")


@pytest.mark.parametrize(("laws", "law"), [("2017", "Law 23A"), ("2007", "Law 29C, 2007")])
def test_31A2_a_log_that_does_not_reach_back_to_the_call_reads_it_in_the_auction_now(laws: str, law: str) -> None:
    state = transfer_out_of_rotation(laws, TableCards(ns=OVERCALLED)).state.but(previous=None)
    assert state.pending is not None
    assert note(state.pending, state).startswith(
        "\nThe system card of South's side (o), reading the withdrawn 2♦ after 1N-(2C) (in the auction now: the call "
        f"out of rotation is not in this log) ({law}): 2♥")


def test_31A2_without_the_offenders_card_the_ruling_is_as_without_cards() -> None:
    with_other = transfer_out_of_rotation("2017", TableCards(ew=OVERCALLED)).ruling
    without = transfer_out_of_rotation("2017", None).ruling
    assert with_other is not None and without is not None and with_other.text == without.text
    state = transfer_out_of_rotation("2017", TableCards(ns=OVERCALLED)).state
    assert state.pending is not None and note(state.pending, state.but(system=None)) == ""
