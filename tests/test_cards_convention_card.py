"""Convention-card regulation checks (seeds 001 and 002)."""

from __future__ import annotations

import pytest

from bridge_director.cards.convention_card import (
    ConventionCard,
    HcpRange,
    WeakTwo,
    check_card,
    check_partnership,
    natural_notrump,
)
from bridge_director.errors import ParseError


@pytest.mark.parametrize(("ranges", "natural"), [
    ("15-17", True), ("12-16", True), ("10-14", True), ("12-17", False),  # at most 5 HCP
    ("9-12", False),  # lower limit below 10
    ("10-12 15-17", True), ("10-12 13-15", False),  # two ranges must not be consecutive
    ("10-13 15-17", False),  # each of two ranges at most 3 HCP
])
def test_natural_notrump_range_limits(ranges: str, natural: bool) -> None:
    assert natural_notrump(tuple(HcpRange.parse(r) for r in ranges.split())) is natural


def test_wide_notrump_may_not_carry_stayman_but_may_be_played_without_conventions() -> None:
    wide = (HcpRange(12, 17),)
    [found] = check_card(ConventionCard(notrump=wide, notrump_conventions=True))
    assert found.rule == "natural-notrump"
    assert str(found).startswith("natural-notrump (ACBL Duplicate Decisions, Convention Card Regulations 2e; ACBL "
                                 "Director's Tech File, natural notrump bids with unbalanced hands 2): 1NT 12-17 is")
    assert check_card(ConventionCard(notrump=wide, notrump_conventions=False)) == []


def test_one_level_openings_on_fewer_than_8_hcp_by_agreement_are_barred() -> None:
    assert [f.rule for f in check_card(ConventionCard(notrump=(), one_level_min_hcp=7))] == ["one-level-openings"]
    assert check_card(ConventionCard(notrump=(), one_level_min_hcp=8)) == []


@pytest.mark.parametrize(("hcp", "length", "barred"), [("5-11", 6, False), ("4-11", 6, True), ("6-10", 4, True)])
def test_weak_two_range_and_length_for_conventional_responses(hcp: str, length: int, barred: bool) -> None:
    card = ConventionCard(notrump=(), weak_two=WeakTwo(HcpRange.parse(hcp), length, conventional_responses=True))
    assert bool(check_card(card)) is barred
    relaxed = ConventionCard(notrump=(), weak_two=WeakTwo(HcpRange.parse(hcp), length, conventional_responses=False))
    assert check_card(relaxed) == []


def test_both_partners_must_have_the_same_1NT_range() -> None:
    strong, weak = ConventionCard(notrump=(HcpRange(15, 17),)), ConventionCard(notrump=(HcpRange(12, 14),))
    assert [(f.rule, f.source) for f in check_partnership(strong, weak)] == [
        ("same-notrump-range", "ACBL Duplicate Decisions, Convention Card Regulations 2c")]
    assert check_partnership(strong, ConventionCard(notrump=(HcpRange(15, 17),))) == []


def test_a_range_must_be_written_low_to_high() -> None:
    with pytest.raises(ParseError):
        HcpRange.parse("17-15")
    with pytest.raises(ParseError):
        HcpRange.parse("strong")
