"""The EBU's permitted understandings by level applied to a system card's openings (the figures and clauses are
``regulation_rules.EbuLevel``; the Blue Book took them over from the Orange Book).

- one-level openings (6 C at Level 2, 7 A 3 at Level 4): every hand the card allows meets the level's strength;
- a natural 1NT opening (6 C; 7 A 3 and 7 B 3): its lower limit, and the shape the level calls natural;
- two-level suit openings at Level 2 (6 D): four cards in the suit opened, a strong hand or a three-suiter.

A 1NT opening tagged with a purpose is conventional, not natural, and is not checked as one.

>>> from .card_file import loads
>>> card = loads('{"system": "t", "contexts": {"": {"1H": "hcp 10-15, hearts 5+", "1N": "hcp 9-11, balanced"}}}')
>>> check_ebu(card, 4)
[]
>>> [f.rule for f in check_ebu(card, 2)]
['one-level-strength', 'notrump-lower-limit']
"""

from __future__ import annotations

from collections.abc import Iterator

import z3

from ..model import Hand, Suit
from .card_facts import (
    Entry,
    allows,
    any_suit,
    controls,
    hcp,
    hcp_values,
    length,
    openings,
    rule_of,
    shortness,
    suit_of,
    two_suits,
    void,
)
from .model import SystemCard
from .regulation_common import Breach, natural_notrumps
from .regulation_common import findings as merged
from .regulation_rules import STRONG_CONTROLS, STRONG_HCP, STRONG_MIN_HCP, EbuLevel, Finding, ebu_level

MAJORS = (Suit.HEARTS, Suit.SPADES)


def _breach(rules: EbuLevel, key: str, entry: Entry, message: str, example: Hand | None) -> Breach:
    return Breach.of(key, rules.source(key), entry, message, example)


def strength(rules: EbuLevel) -> z3.BoolRef:
    """The strength a one-level opening must show at the level."""
    meets = z3.And(hcp(rules.one_level_hcp), rule_of(rules.rule_of))
    return meets if rules.any_shape_hcp is None else z3.Or(hcp(rules.any_shape_hcp), meets)


def one_level(card: SystemCard, rules: EbuLevel) -> Iterator[Breach]:
    """6 C, 7 A 3: a one-level suit opening the card allows on a hand too weak for the level."""
    either = f"{rules.any_shape_hcp}+ HCP, or " if rules.any_shape_hcp is not None else ""
    for entry in openings(card):
        shows = entry.meaning.shows
        if entry.level == 1 and suit_of(entry.call) is not None and shows is not None:
            weak = allows(shows, z3.Not(strength(rules)))
            if weak is not None:
                yield _breach(rules, "one-level-strength", entry, f"the card allows hands below the Level "
                              f"{rules.level} minimum ({either}{rules.one_level_hcp}+ HCP with the Rule of "
                              f"{rules.rule_of})", weak)


def natural_shape(rules: EbuLevel) -> z3.BoolRef:
    """The shape a natural 1NT opening has at the level."""
    if not rules.notrump_singleton:
        return z3.And(z3.Not(shortness()), z3.Not(any_suit(7)))
    return z3.And(z3.Not(void()), *[length(m, 0, 6) for m in MAJORS], z3.Not(two_suits(10)))


def notrump(card: SystemCard, rules: EbuLevel) -> Iterator[Breach]:
    """6 C, 7 A 3, 7 B 3: a natural 1NT opening's lower limit and shape."""
    for entry in natural_notrumps(card, 1):
        shows = entry.meaning.shows
        if entry.context or shows is None:
            continue  # overcalls are not openings
        low = allows(shows, hcp(0, rules.notrump_hcp - 1))
        if low is not None:
            yield _breach(rules, "notrump-lower-limit", entry, f"the card allows {min(hcp_values(shows))} HCP: a "
                          f"natural 1NT opening shows at least {rules.notrump_hcp} HCP at Level {rules.level}", low)
        odd = allows(shows, z3.Not(natural_shape(rules)))
        if odd is not None:
            shape = ("no singleton, void or seven-card suit" if not rules.notrump_singleton else
                     "no void, no seven-card major, no two suits of ten or more cards")
            yield _breach(rules, "notrump-shape", entry, f"a natural 1NT opening at Level {rules.level} has {shape}; "
                          "the card allows a hand outside it (narrow it, or tag the call with its purpose)", odd)


def permitted_two(suit: Suit) -> z3.BoolRef:
    """6 D: four cards in the suit opened, a strong hand, or a three-suiter (short in one suit, three cards or
    more in each of the others, like the Precision 2♦)."""
    strong = z3.Or(hcp(STRONG_HCP), z3.And(hcp(STRONG_MIN_HCP), controls(STRONG_CONTROLS)))
    three_suited = z3.Or([z3.And(length(short, 0, 1), *[length(s, 3) for s in Suit if s is not short])
                          for short in Suit])
    return z3.Or(length(suit, 4), strong, three_suited)


def two_level(card: SystemCard, rules: EbuLevel) -> Iterator[Breach]:
    """6 D: at Level 2 a two-level suit opening is natural, strong or three-suited (no Multi)."""
    if not rules.two_level_natural:
        return
    for entry in openings(card):
        shows, suit = entry.meaning.shows, suit_of(entry.call)
        if entry.level != 2 or suit is None:
            continue
        if shows is None:
            if entry.meaning.purpose is not None:  # words only, but artificial by its tag: a Multi, say
                key = "two-level-openings"
                yield Breach(key, rules.source(key), entry, f"an artificial two-level opening "
                             f"({entry.meaning.purpose}) with no constraints to show it is strong or three-suited: "
                             "Level 2 allows four cards in the suit opened, a strong hand or a three-suiter")
            continue
        other = allows(shows, z3.Not(permitted_two(suit)))
        if other is not None:
            yield _breach(rules, "two-level-openings", entry, "the card allows a hand with fewer than four cards in "
                          "the suit opened that is neither strong (16+ HCP, or 12+ with 5 controls) nor a "
                          "three-suiter: not permitted at Level 2", other)


def check_ebu(card: SystemCard, level: int = 4) -> list[Finding]:
    """Every EBU permitted-understanding rule of ``level`` the card's openings break, one finding per rule and
    call.  Levels 1 and 3 are checked against Levels 2 and 4 (see ``regulation_rules``)."""
    rules = ebu_level(level)
    return merged([*one_level(card, rules), *notrump(card, rules), *two_level(card, rules)])
