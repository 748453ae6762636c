"""The card format and its check: meanings read back, patterns expanded, every problem one line naming the
context and the call; the example cards are sound."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.cards import context as ctx
from bridge_director.cards.card_file import dumps, load, loads
from bridge_director.cards.check import check
from bridge_director.cards.meaning import holds, parse
from bridge_director.errors import ParseError
from bridge_director.model import Call, Hand, Seat

EXAMPLES = Path(__file__).parents[1] / "examples" / "cards"


def card(contexts: str) -> list[str]:
    return check(loads('{"system": "t", "contexts": {' + contexts + '}}'))


@pytest.mark.parametrize("name", ["natural-2over1.json", "strong-club.json"])
def test_example_cards_have_no_problems_and_cover_the_four_kinds_of_context(name: str) -> None:
    found = load(EXAMPLES / name)
    assert check(found) == []
    keys = set(found.meanings)
    assert "" in keys  # openings
    assert {"1N", "1H", "1S"} <= keys  # responses
    assert {"(1H)", "(1S)", "(1N)"} <= keys  # overcalls
    assert {"1H-1S", "1N-2C"} <= keys  # the first rebids


def test_card_round_trips_through_its_json() -> None:
    found = load(EXAMPLES / "strong-club.json")
    again = loads(dumps(found))
    assert again.meanings == found.meanings and again.name == found.name


@pytest.mark.parametrize(("contexts", "line"), [
    ('"1N": {"2C": "hcp 8+, spades 4+, hearts 4+, clubs 6+"}',
     "card: context '1N', 2C: no 13-card hand fits 'hcp 8+, spades 4+, hearts 4+, clubs 6+'"),
    ('"1N": {"1C": "hcp 5+"}', "card: context '1N', 1C: not possible here: 1C is not higher than 1N (Law 18)"),
    ('"1N": {"9C": "hcp 5+"}', "card: context '1N', 9C: not a call: '9C'"),
    ('"1N": {"2C": "hcp 5+, sapdes 4"}',
     "card: context '1N', 2C: 'hcp 5+, sapdes 4' at 'sapdes': not a constraint: use hcp, a suit, a shape, stopper, "
     "aces, keycards or controls"),
    ('"1N": {"2C": {}}', "card: context '1N', 2C: an empty meaning: give shows, purpose or text"),
    ('"1N-1C": {"2C": "hcp 5+"}', "card: context '1N-1C': not a legal auction: 1C is not higher than 1N (Law 18)"),
    ('"(1H)-(2H)": {"X": "hcp 5+"}', "card: context '(1H)-(2H)': not a legal auction: calls 1 and 2 are by the "
     "same side: write every call once the opponents act"),
    ('"1N": {"2C": "hcp 8+", "2C": "hcp 9+"}', "card: context '1N', 2C: this call is given twice in the context"),
    ('"": {"3N": "suit 7"}', "card: context '', 3N: 'suit' (the call names no suit) here"),
    ('"1N": {"X": "hcp 5+"}', "card: context '1N', X: not possible here: the double at call 2 is not of an "
     "opponent's undoubled bid (Law 19A)"),
    ('"1N(": {"2C": "hcp 5+"}', "card: context '1N(': '1N(' in the context '1N(': an opponents' call is written "
     "in brackets, e.g. (1H)"),
])
def test_card_check_one_line_per_problem_naming_context_and_call(contexts: str, line: str) -> None:
    assert card(contexts) == [line]


def test_card_check_unknown_field_and_nothing_left() -> None:
    assert card('"1N": {"2C": {"show": "hcp 8+"}}') == [
        "card: context '1N', 2C: unknown field(s) show (a meaning has shows, purpose, text)",
        "card: context '1N', 2C: an empty meaning: give shows, purpose or text"]


def test_card_check_same_auction_written_two_ways_is_given_twice() -> None:
    assert card('"1N-2C": {"2D": "hcp 15-17"}, "1N-(P)-2C-(P)": {"2D": "hcp 15"}') == [
        "card: context '1N-2C', 2D: given twice ('1N-2C' 2D and '1N-(P)-2C-(P)' 2D)"]


def test_card_check_a_full_context_ends_before_our_call() -> None:
    # written in full, the auction must reach our turn: after our 2C an opponent calls next
    assert card('"1N-(P)-2C": {"2D": "hcp 15"}') == [
        "card: context '1N-(P)-2C', 2D: not possible here: calls 3 and 4 are by the same side: write every call "
        "once the opponents act"]


def test_an_explicit_meaning_beats_a_pattern() -> None:
    found = loads('{"system": "t", "contexts": {"(1X)": {"2X": "hcp 5-10, suit 6"}, '
                  '"(1H)": {"2H": {"shows": "hcp 8+, spades 5+", "purpose": "michaels"}}}}')
    assert found.meaning("(1H)", Call.parse("2H")).purpose == "michaels"  # type: ignore[union-attr]
    assert str(found.meaning("(1H)", Call.parse("2S")).shows) == "hcp 5-10, spades 6"  # type: ignore[union-attr]
    assert found.meaning("(1S)", Call.parse("2C")) is not None and found.meaning("(1S)", Call.parse("1H")) is None


def test_not_a_card_is_one_parse_error() -> None:
    with pytest.raises(ParseError, match="line 1"):
        loads("{nope")
    with pytest.raises(ParseError, match="needs an object 'contexts'"):
        loads('{"system": "t"}')


@pytest.mark.parametrize(("calls", "key"), [
    ("1NT P 2C P", "1N-2C"),          # the opponents only passed: short form
    ("P 1H X", "1H-(X)"),              # a pass before the first bid is left out; partner opened, they doubled
    ("1H 1S P", "(1H)-1S-(P)"),        # competition: every call written
    ("1D P 1S 2C", "1D-(P)-1S-(2C)"),
    ("P P 1S", "(1S)"),
])
def test_context_key_of_a_table_auction(calls: str, key: str) -> None:
    words = [Call.parse(w) for w in calls.split()]
    seats = [Seat.NORTH.after(i) for i in range(len(words))]
    me = seats[-1].lho  # the key is read by the next to call
    assert ctx.key(ctx.from_table(list(zip(seats, words, strict=True)), me)) == key


@pytest.mark.parametrize(("meaning", "pbn", "fits"), [
    ("balanced", "AK32.Q32.K32.J32", True),
    ("balanced", "AK432.Q2.K432.J2", False),
    ("semibalanced, not balanced", "AK432.Q2.K432.J2", True),
    ("stopper hearts", "2.KJ.AQ5432.5432", True),
    ("stopper hearts", "32.K.AQ5432.5432", False),
    ("keycards hearts 2", "A2.K32.Q5432.543", True),
    ("spades top 2+, spades hcp 5+", "KQ2.32.A5432.543", True),
    ("controls 4", "A2.K32.A5432.543", False),  # 2 aces and a king: 5
])
def test_meaning_holds_by_the_definitions(meaning: str, pbn: str, fits: bool) -> None:
    assert holds(parse(meaning), Hand.from_pbn(pbn)) is fits
