"""The convention regulations applied to a system card, rule by rule: the ACBL's (Duplicate Decisions,
Convention Card Regulations 2c-2f; the Tech File on natural notrump bids) and the EBU's permitted understandings
by level (Blue Book 6 C, 6 D, 7 A 3, 7 B 3)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bridge_director.cards.card_file import load, loads
from bridge_director.cards.check import authority_of, regulations
from bridge_director.cards.meaning import holds, parse
from bridge_director.cards.model import SystemCard
from bridge_director.cards.regulation_acbl import check_acbl
from bridge_director.cards.regulation_ebu import check_ebu
from bridge_director.cards.regulation_rules import Finding
from bridge_director.errors import ParseError
from bridge_director.model import Hand, Suit
from bridge_director.model.regulation import Authority

EXAMPLES = Path(__file__).parents[1] / "examples" / "cards"
STAYMAN = {"2C": {"shows": "hcp 8+", "purpose": "stayman", "text": "Stayman"}}


def card(contexts: dict[str, Any]) -> SystemCard:
    return loads(json.dumps({"system": "test", "contexts": contexts}), "test.json")


def rules(found: list[Finding]) -> list[str]:
    return [f.rule for f in found]


def example(f: Finding) -> Hand:
    """The hand a finding shows, read back from its ``(e.g. ♠... ♥... ♦... ♣... (n hcp))``."""
    m = re.search(r"e\.g\. ♠(\S*) ♥(\S*) ♦(\S*) ♣(\S*) \(", f.message)
    assert m is not None, f.message
    return Hand.from_pbn(".".join("" if s == "-" else s for s in m.groups()))


# --- ACBL ------------------------------------------------------------------------------------------------------

def test_acbl_2d_one_level_opening_on_fewer_than_8_hcp_by_agreement_is_barred() -> None:
    [f] = check_acbl(card({"": {"1C": "hcp 6+, clubs 3+"}}))
    assert (f.rule, f.where, f.source) == ("one-level-openings", "1♣ as an opening",
                                           "ACBL Duplicate Decisions, Convention Card Regulations 2d")
    assert "the card allows it on 6 HCP" in f.message
    hand = example(f)
    assert hand.hcp < 8 and holds(parse("hcp 6+, clubs 3+"), hand)
    assert check_acbl(card({"": {"1C": "hcp 8+, clubs 3+", "1N": "hcp 15-17, balanced"}})) == []


@pytest.mark.parametrize(("shows", "barred"), [
    ("hcp 12-17, balanced", True),  # a range of 6 HCP
    ("hcp 12-16, balanced", False),  # 5 HCP: natural
    ("hcp 9-12, balanced", True),  # lower limit below 10
    ("hcp 10-12, balanced or hcp 15-17, balanced", False),  # two non-consecutive ranges of 3
    ("hcp 10-12, balanced or hcp 13-15, balanced", True),  # consecutive: one range of 6
    ("hcp 10-13, balanced or hcp 15-17, balanced", True),  # one of the two is 4 HCP wide
])
def test_acbl_natural_1nt_range_with_conventional_responses(shows: str, barred: bool) -> None:
    found = check_acbl(card({"": {"1N": shows}, "1N": STAYMAN}))
    assert rules(found) == (["natural-notrump"] if barred else [])
    if barred:
        assert found[0].where == "1NT as an opening" and "the card has 2♣ after 1N (stayman)" in found[0].message
        assert found[0].source.startswith("ACBL Duplicate Decisions, Convention Card Regulations 2e")


def test_acbl_natural_1nt_wide_range_without_conventions_is_allowed() -> None:
    assert check_acbl(card({"": {"1N": "hcp 12-17, balanced"}, "1N": {"2C": "hcp 0-7, clubs 6+"}})) == []


def test_acbl_tech_file_the_notrump_range_rule_applies_to_a_natural_overcall() -> None:
    found = check_acbl(card({"(1X)": {"1N": "hcp 9-12, balanced, stopper their"},
                             "(1X)-1N-(P)": {"2C": {"purpose": "stayman", "text": "Stayman"}}}))
    assert rules(found) == ["natural-notrump"]
    assert found[0].where == "1NT after (1C), (1D), (1H), (1S)"  # one line for the pattern's four auctions
    assert "9-12 HCP is not a natural range" in found[0].message


def test_acbl_tech_file_1_a_natural_notrump_promises_a_balanced_hand() -> None:
    [f] = check_acbl(card({"": {"1N": "hcp 15-17"}}))
    assert (f.rule, f.where) == ("notrump-balanced", "1NT as an opening")
    assert "1 and 3" in f.source
    assert any(len(example(f).holding(s)) <= 1 for s in Suit)


def test_acbl_tech_file_3_above_the_one_level_shape_is_checked_range_is_not() -> None:
    found = check_acbl(card({"": {"2N": "hcp 19-24", "3N": {"shows": "hcp 10-15, (clubs 7+ or diamonds 7+)",
                                                            "text": "gambling"}},
                             "2N": {"3C": {"purpose": "stayman", "text": "Stayman"}}}))
    assert [(f.rule, f.where) for f in found] == [("notrump-balanced", "2NT as an opening")]  # the 3NT shows a suit


def test_acbl_a_notrump_tagged_with_a_purpose_is_conventional_not_natural() -> None:
    assert check_acbl(card({"": {"1N": {"shows": "hcp 8-16", "purpose": "catch-all", "text": "any shape"}},
                            "1N": STAYMAN})) == []


@pytest.mark.parametrize(("shows", "barred"), [
    ("hcp 5-11, hearts 6", False), ("hcp 3-11, hearts 6", True),  # range of 7 allowed, 9 not
    ("hcp 6-10, hearts 4+", True),  # the suit may hold four cards
])
def test_acbl_2f_weak_two_range_and_length_with_a_2nt_ask(shows: str, barred: bool) -> None:
    ask = {"2N": {"purpose": "ask", "text": "feature ask"}}
    found = check_acbl(card({"": {"2H": shows}, "2H": ask}))
    assert rules(found) == (["weak-two"] if barred else [])
    assert check_acbl(card({"": {"2H": shows}, "2H": {"2N": "hcp 11-12, balanced"}})) == []


@pytest.mark.parametrize("name", ["natural-2over1.json", "strong-club.json"])
def test_acbl_the_example_cards_break_no_regulation(name: str) -> None:
    assert check_acbl(load(EXAMPLES / name)) == []


# --- EBU -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("shows", "level_2", "level_4"), [
    ("hcp 10-15, hearts 5+", True, False),  # 10 + 5 + 3 = 18: below the Rule of 19, meets the Rule of 18
    ("hcp 10-15, hearts 5+, spades 4+", False, False),  # 10 + 5 + 4 = 19
    ("hcp 11-15, hearts 4+", False, False),  # 11 HCP is enough at Level 2, and 11 + 4 + 3 = 18
    ("hcp 10-15, hearts 4+", True, True),  # 10 + 4 + 3 = 17
    ("hcp 7+, hearts 5+, spades 5+", True, True),  # 7 HCP: below 8 however long the suits
])
def test_ebu_6C_and_7A3_one_level_opening_strength_by_level(shows: str, level_2: bool, level_4: bool) -> None:
    one = card({"": {"1H": shows}})
    assert rules(check_ebu(one, 2)) == (["one-level-strength"] if level_2 else [])
    assert rules(check_ebu(one, 4)) == (["one-level-strength"] if level_4 else [])
    for f in check_ebu(one, 2) + check_ebu(one, 4):
        assert holds(parse(shows), example(f))


def test_ebu_6C_and_7A3_natural_1nt_lower_limit_10_at_level_2_9_at_level_4() -> None:
    mini = card({"": {"1N": "hcp 9-11, balanced"}})
    [f] = check_ebu(mini, 2)
    assert (f.rule, f.source) == ("notrump-lower-limit", "EBU Blue Book 6 C, Level 2")
    assert check_ebu(mini, 4) == []
    [g] = check_ebu(card({"": {"1N": "hcp 8-10, balanced"}}), 4)
    assert (g.rule, g.source, example(g).hcp) == ("notrump-lower-limit", "EBU Blue Book 7 A 3, Level 4", 8)


@pytest.mark.parametrize(("shows", "level_2", "level_4"), [
    ("hcp 12-14, semibalanced", False, False),
    ("hcp 12-14, not void, hearts <=4, spades <=4, clubs <=4, diamonds <=5", True, False),  # a singleton
    ("hcp 12-14, spades 5-7, not void", True, True),  # it may hold a seven-card major
    ("hcp 12-14, diamonds 6-7, not shortness", True, False),  # 7-2-2-2 in a minor
    ("hcp 12-14, spades 6, hearts 4", True, True),  # ten cards in two suits
])
def test_ebu_6C_and_7B3_natural_1nt_shape_by_level(shows: str, level_2: bool, level_4: bool) -> None:
    nt = card({"": {"1N": shows}})
    assert rules(check_ebu(nt, 2)) == (["notrump-shape"] if level_2 else [])
    assert rules(check_ebu(nt, 4)) == (["notrump-shape"] if level_4 else [])


def test_ebu_6D_level_2_a_multi_two_diamonds_is_not_permitted() -> None:
    multi = card({"": {"2D": {"shows": "hcp 5-10, (hearts 6 or spades 6) or hcp 20-21, balanced",
                              "purpose": "multi", "text": "Multi"}}})
    [f] = check_ebu(multi, 2)
    assert (f.rule, f.where, f.source) == ("two-level-openings", "2♦ as an opening", "EBU Blue Book 6 D, Level 2")
    assert len(example(f).holding(Suit.DIAMONDS)) < 4
    assert check_ebu(multi, 4) == [] and check_ebu(multi, 3) == []  # 6 A 4: a Multi is played at Level 3
    words = card({"": {"2D": {"purpose": "multi", "text": "Multi"}}})
    assert rules(check_ebu(words, 2)) == ["two-level-openings"]
    transfer = card({"": {"2S": "hcp 5-10, hearts 6, spades <=2"}})  # 2♠ showing hearts: not natural
    assert rules(check_ebu(transfer, 2)) == ["two-level-openings"]


@pytest.mark.parametrize("shows", [
    "hcp 5-10, spades 6",  # natural
    "hcp 22+",  # strong
    "hcp 12-15, spades <=1, hearts 3+, diamonds 3+, clubs 3+",  # three-suited, short in the suit opened
])
def test_ebu_6D_level_2_natural_strong_and_three_suited_twos_are_permitted(shows: str) -> None:
    assert check_ebu(card({"": {"2S": shows}}), 2) == []


@pytest.mark.parametrize("name", ["natural-2over1.json", "strong-club.json"])
def test_ebu_the_example_cards_are_permitted_at_levels_2_and_4(name: str) -> None:
    found = load(EXAMPLES / name)
    assert check_ebu(found, 2) == [] and check_ebu(found, 4) == []


def test_ebu_levels_1_and_3_are_checked_as_levels_2_and_4() -> None:
    light = card({"": {"1H": "hcp 10-15, hearts 5+"}})
    def rules(level: int) -> list[tuple[str, str, str]]:  # the example hand the solver finds may differ run to run
        return [(f.rule, f.where, f.source) for f in check_ebu(light, level)]
    assert rules(1) == rules(2) != []
    assert check_ebu(light, 3) == check_ebu(light, 4) == []


def test_regulations_lines_name_the_file_rule_and_source_and_bad_input_is_refused() -> None:
    light = card({"": {"1H": "hcp 10-15, hearts 5+"}})
    [line] = regulations(light, Authority.EBU, 2)
    assert line.startswith("test.json: one-level-strength (EBU Blue Book 6 C, Level 2): 1♥ as an opening: ")
    assert regulations(light, Authority.EBU) == []  # Level 4 by default
    with pytest.raises(ParseError, match="level: EBU level 5"):
        regulations(light, Authority.EBU, 5)
    with pytest.raises(ParseError, match="level: the ACBL has no permission levels"):
        regulations(light, Authority.ACBL, 2)
    with pytest.raises(ParseError, match="authority: the convention regulations of ACBL and EBU"):
        authority_of("WBF")
    assert authority_of(" acbl ") is Authority.ACBL
