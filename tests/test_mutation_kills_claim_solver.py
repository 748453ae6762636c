"""Law 70, the double-dummy answer the claim search asks without endplay (``claim_lines.PythonOracle``): each card
the player to play holds, valued at the tricks his side takes with best play by all four, as endplay's solver
values it — worked out here on small endings, and compared with endplay where it is installed."""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError
from bridge_director.laws.claim_lines import EndplayOracle, PythonOracle, card_at
from bridge_director.model import Seat
from test_mutation_kills_play_claims import SPADES, E, N, S, node, position

NO_TRUMP = -1

ENDINGS = [
    # South on lead, East's ♠3 and West's ♠2 out: the ♠A draws one, a heart is ruffed (4♠)
    (("H2 D2 C2", "S3 HK D5", "SA HA H3", "S2 D3 C3"), S, "", "4S", SPADES, {"SA": 3, "HA": 1, "H3": 1}),
    # South's aces cashed first take two; a deuce led first gives East the lead and his trumps
    (("C4 C3 C2 C5", "HK DK S2 S3", "HA H2 DA D2", "C7 C6 C8 C9"), S, "", "4S", SPADES,
     {"HA": 2, "DA": 2, "H2": 1, "D2": 1}),
    # 3NT, East on lead: the ♣8 and the ♦K take two for East-West, the ♥T one
    (("DQ H6 D4", "DK HT C8", "HQ SQ C2", "D2 H2 D6"), E, "", "3N", NO_TRUMP, {"C8": 2, "DK": 2, "HT": 1}),
    # North on lead against East's ruffs: North-South take nothing whatever North leads
    (("CA CK H5", "S2 DA D3", "H3 H4 H6", "C3 D2 D4"), N, "", "4S", SPADES, {"CA": 0, "CK": 0, "H5": 0}),
]


@pytest.mark.parametrize(("hands", "lead", "played", "contract", "trump", "expected"), ENDINGS)
def test_70_the_python_solver_values_each_card_at_its_double_dummy_tricks(
        hands: tuple[str, str, str, str], lead: Seat, played: str, contract: str, trump: int,
        expected: dict[str, int]) -> None:
    at = node(position(*hands, lead=lead, played=played, contract=contract))
    oracle = PythonOracle(trump)
    assert {str(card_at(c)): v for c, v in oracle.values(at).items()} == expected
    assert oracle.calls == 1 and oracle.values(at) is oracle.values(at) and oracle.calls == 1
    best = max(expected.values())
    card, tricks = oracle.reply(at)
    assert tricks == best and expected[str(card_at(card))] == best


@pytest.mark.parametrize(("hands", "lead", "played", "contract", "trump", "expected"), ENDINGS)
def test_70_endplay_values_the_same_endings_the_same(
        hands: tuple[str, str, str, str], lead: Seat, played: str, contract: str, trump: int,
        expected: dict[str, int]) -> None:
    pytest.importorskip("endplay")
    at = node(position(*hands, lead=lead, played=played, contract=contract))
    assert {str(card_at(c)): v for c, v in EndplayOracle(trump).values(at).items()} == expected


def test_70_the_python_solver_values_the_trick_in_progress_too() -> None:
    """East led the ♣K; South, void, ruffs with either spade (three tricks) or throws the ♥3 (two)."""
    at = node(position("C2 S7 D2", "HA DA", "S9 S8 H3", "HK DK CA", lead=E, played="CK"))
    assert {str(card_at(c)): v for c, v in PythonOracle(SPADES).values(at).items()} == {"S9": 3, "S8": 3, "H3": 2}


def test_70_the_python_solver_refuses_more_than_five_tricks() -> None:
    at = node(position("C2 C3 C4 C5 C6 C7", "D2 D3 D4 D5 D6 D7", "H2 H3 H4 H5 H6 H7", "S2 S3 S4 S5 S6 S7", lead=S))
    with pytest.raises(BridgeError, match=r"needs endplay for more than 5 tricks: pip install "
                                          r"'bridge-director\[dd\]'$") as refused:
        PythonOracle(SPADES).values(at)
    assert refused.value.law == "70"


def test_70_the_python_solver_solves_five_tricks() -> None:
    """Five tricks left, the most it takes: West's four trumps ruff South's hearts, North-South take one."""
    at = node(position("C2 C3 C4 C5 C6", "D2 D3 D4 D5 D6", "HA H3 H4 H5 SA", "S2 S3 S4 S5 D7", lead=S))
    assert {str(card_at(c)): v for c, v in PythonOracle(SPADES).values(at).items()} == {
        "HA": 1, "H3": 1, "H4": 1, "H5": 1, "SA": 1}


def test_70_the_python_solver_values_only_the_cards_that_follow_suit() -> None:
    """East led the ♥Q: South must follow with a heart, and either takes two tricks."""
    at = node(position("C2 H3 D2", "HK D5", "H2 HA DA", "D3 D4 C6", lead=E, played="HQ"))
    assert {str(card_at(c)): v for c, v in PythonOracle(SPADES).values(at).items()} == {"H2": 2, "HA": 2}
