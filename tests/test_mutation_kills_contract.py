"""Contracts (model/contract.py): the checks that mutation testing showed were missing (docs/mutation.md).

Each test names the rule it checks: the level range of Law 77's contracts, what ``Contract.parse`` accepts and how it
reports what it does not, the trick range of the score, and the result text a traveller prints.
"""

from __future__ import annotations

import pytest

from bridge_director.errors import ParseError
from bridge_director.model import Contract, Doubling, Seat, Strain, contract_score


@pytest.mark.parametrize("level", [0, 8, 9])
def test_contract_level_is_one_to_seven(level: int) -> None:
    with pytest.raises(ParseError) as caught:
        Contract(level, Strain.SPADES, Doubling.UNDOUBLED, Seat.SOUTH)
    assert caught.value.field == "Contract"
    assert str(caught.value) == f"Contract: a contract has a level from 1 to 7, not {level}"


@pytest.mark.parametrize("level", [1, 7])
def test_contract_levels_one_and_seven_are_contracts(level: int) -> None:
    assert Contract(level, Strain.NOTRUMP, Doubling.UNDOUBLED, Seat.NORTH).level == level


@pytest.mark.parametrize(("text", "level", "strain", "doubling"), [
    ("4SXX", 4, Strain.SPADES, Doubling.REDOUBLED),
    ("6♥XX", 6, Strain.HEARTS, Doubling.REDOUBLED),
    ("3SAXX", 3, Strain.NOTRUMP, Doubling.REDOUBLED),   # "SA" (sans atout) is no-trump: three letters before XX
    ("3NTX", 3, Strain.NOTRUMP, Doubling.DOUBLED),
    ("2NOTRUMP", 2, Strain.NOTRUMP, Doubling.UNDOUBLED),
])
def test_parse_reads_redoubled_and_long_strain_names(text: str, level: int, strain: Strain,
                                                      doubling: Doubling) -> None:
    contract = Contract.parse(text, Seat.EAST)
    assert (contract.level, contract.strain, contract.doubling, contract.declarer) == (level, strain, doubling,
                                                                                      Seat.EAST)


@pytest.mark.parametrize("text", ["", "X", "SS", "NT4", "S4"])
def test_parse_rejects_text_without_a_leading_level(text: str) -> None:
    """Neither too short nor without a digit first: a ParseError naming the text, never another exception."""
    with pytest.raises(ParseError) as caught:
        Contract.parse(text, Seat.NORTH)
    assert type(caught.value) is ParseError
    assert str(caught.value) == f"Contract: not a contract: {text!r}"


@pytest.mark.parametrize("text", ["4Q", "8S", "0NT"])
def test_parse_rejects_a_bad_strain_or_level_with_the_text(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        Contract.parse(text, Seat.NORTH)
    assert caught.value.field == "Contract"
    assert str(caught.value) == f"Contract: not a contract: {text!r}"
    assert caught.value.__suppress_context__


@pytest.mark.parametrize("tricks", [-1, 14])
def test_score_needs_zero_to_thirteen_tricks(tricks: int) -> None:
    with pytest.raises(ParseError) as caught:
        contract_score(3, Strain.NOTRUMP, Doubling.UNDOUBLED, False, tricks)
    assert str(caught.value) == f"Result: tricks must be 0 to 13, not {tricks}"


@pytest.mark.parametrize(("tricks", "text"), [(10, "="), (11, "+1"), (13, "+3"), (8, "-2"), (0, "-10")])
def test_result_text_against_the_contract(tricks: int, text: str) -> None:
    assert Contract.parse("4H", Seat.SOUTH).result_text(tricks) == text


def test_result_text_of_a_one_level_contract() -> None:
    contract = Contract.parse("1C", Seat.WEST)
    assert [contract.result_text(t) for t in (6, 7, 8)] == ["-1", "=", "+1"]
