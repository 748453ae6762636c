"""Law 68C: each kind of clause a claim statement holds, read into its step (``claim_text.read_statement``), with
the hand a ruff is made in, how many, the suit or card, whether it speaks of trumps and how many tricks it gives
up — the readings mutation testing of ``claim_text`` showed no test pinned.  Spades are trumps throughout."""

from __future__ import annotations

import pytest

from bridge_director.laws.claim_text import read_statement
from bridge_director.model import Suit


def steps(statement: str) -> list[tuple[str, str, str, int, str]]:
    """Each step as (action, suit letter, card, times, where)."""
    plan = read_statement(statement, Suit.SPADES)
    return [(s.action.name, s.suit.letter if s.suit is not None else "", str(s.card) if s.card else "", s.times,
             s.where) for s in plan.steps]


@pytest.mark.parametrize(("statement", "expected", "trumps"), [
    ("ruffing two clubs in dummy", [("RUFF", "C", "", 2, "dummy")], False),
    ("ruff a heart on the table", [("RUFF", "H", "", 1, "dummy")], False),
    ("trumping three diamonds in my hand", [("RUFF", "D", "", 3, "hand")], False),
    ("ruff a club with the board", [("RUFF", "C", "", 1, "dummy")], False),
    ("ruff a club on board", [("RUFF", "C", "", 1, "dummy")], False),
    ("ruffing a diamond in the closed hand", [("RUFF", "D", "", 1, "hand")], False),
    ("ruffing 4 clubs", [("RUFF", "C", "", 4, "")], False),
    ("ruffing clubs in dummy", [("RUFF", "C", "", 1, "dummy")], False),  # no count: one
    ("conceding a trump", [("CONCEDE", "S", "", 1, "")], True),
    ("finessing in trumps", [("FINESSE", "S", "", 1, "")], True),
    ("trumps are good", [("DRAW", "", "", 1, "")], True),
    ("the trumps", [("DRAW", "", "", 1, "")], True),
    ("cashing a trump", [("DRAW", "", "", 1, "")], True),
    ("finessing", [], False),  # no suit, no card: no step
    ("losing a trick", [], False),
    ("ruffing a spade", [], False),  # a "ruff" in the trump suit is no ruff
    ("finesse the ♦Q", [("FINESSE", "D", "DQ", 1, "")], False),
    ("finesse the SQ", [("FINESSE", "S", "SQ", 1, "")], True),
    ("finessing in spades", [("FINESSE", "S", "", 1, "")], True),
    ("finesse hearts", [("FINESSE", "H", "", 1, "")], False),
    ("take the club finesse", [("FINESSE", "C", "", 1, "")], False),
    ("conceding the ♣K", [("CONCEDE", "C", "CK", 1, "")], False),
    ("lost to the ♠K", [("CONCEDE", "S", "SK", 1, "")], True),
    ("giving up two hearts", [("CONCEDE", "H", "", 2, "")], False),
    ("lose one spade", [("CONCEDE", "S", "", 1, "")], True),
    ("cashing the hearts", [("CASH", "H", "", 1, "")], False),
    ("running dummy's clubs", [("CASH", "C", "", 1, "")], False),
    ("establishing the long clubs", [("CASH", "C", "", 1, "")], False),
    ("set up the diamonds", [("CASH", "D", "", 1, "")], False),
    ("cash the spades", [("DRAW", "", "", 1, "")], True),  # the trump suit cashed is trumps drawn
    ("playing my top trumps", [("DRAW", "", "", 1, "")], True),
    ("pull trumps ending in dummy", [("DRAW", "", "", 1, "")], True),
    ("trumps first", [("DRAW", "", "", 1, "")], True),
    ("hearts are good", [("CASH", "H", "", 1, "")], False),
    ("spades are high", [("DRAW", "", "", 1, "")], True),
    ("then the diamonds first", [("CASH", "D", "", 1, "")], False),
    ("♥A ♥K", [("CARD", "H", "HA", 1, ""), ("CARD", "H", "HK", 1, "")], False),
    ("drawing trumps after cashing the ♥A", [("CARD", "H", "HA", 1, ""), ("DRAW", "", "", 1, "")], True),
    ("after the hearts, the clubs", [("CASH", "H", "", 1, ""), ("CASH", "C", "", 1, "")], False),
])
def test_68C_each_clause_reads_as_its_step(statement: str, expected: list[tuple[str, str, str, int, str]],
                                            trumps: bool) -> None:
    assert steps(statement) == expected
    assert read_statement(statement, Suit.SPADES).mentions_trumps is trumps


@pytest.mark.parametrize(("statement", "losers"), [
    ("two losers", 2), ("no losers", 0), ("one more trick to the defence", 1), ("five tricks to you", 5),
    ("losing a trick", 1), ("conceding two tricks", 2), ("giving up a heart", 1), ("all mine", None),
])
def test_68C_the_tricks_a_statement_gives_up(statement: str, losers: int | None) -> None:
    assert read_statement(statement, Suit.SPADES).losers == losers


@pytest.mark.parametrize(("statement", "good"), [
    ("all mine", True), ("dummy's good", True), ("claiming the rest", True), ("the rest are high", True),
    ("cashing the hearts", False), ("two losers", False),
])
def test_68C_a_statement_that_every_trick_is_good(statement: str, good: bool) -> None:
    assert read_statement(statement, Suit.SPADES).all_good is good
