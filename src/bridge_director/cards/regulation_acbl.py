"""The ACBL convention-card regulations applied to a system card, call by call (seeds 001 and 002; the rules
and their sources are in ``regulation_rules.ACBL_RULES``).

- 2d: a one-level opening the card allows on fewer than 8 HCP;
- 2e and the Tech File (2): a natural 1NT opening or overcall whose range is not natural (lower limit under 10,
  wider than 5 HCP, two ranges not both of at most 3 HCP or consecutive) with conventional calls after it;
- the Tech File (1, 3): a natural notrump opening or overcall, at any level, that allows a singleton or void;
- 2f: a weak two-bid wider than 7 HCP or on fewer than five cards, with conventional calls after it.

Rule 2c (both partners' 1NT limits the same) holds by construction: one card serves the partnership.

>>> from .card_file import load
>>> from pathlib import Path
>>> check_acbl(load(Path(__file__).parents[3] / "examples" / "cards" / "natural-2over1.json"))
[]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Hand
from .card_facts import Entry, allows, conventional_after, fewest, hcp, hcp_values, openings, shortness, suit_of
from .convention_card import (
    NOTRUMP_MAX_RANGE,
    NOTRUMP_MIN_LOWER,
    NOTRUMP_SPLIT_MAX_RANGE,
    ONE_LEVEL_MIN_HCP,
    WEAK_TWO_MAX_RANGE,
    WEAK_TWO_MIN_LENGTH,
    HcpRange,
    natural_notrump,
)
from .model import SystemCard
from .regulation_common import Breach, calls_listed, findings, natural_notrumps
from .regulation_rules import ACBL_RULES, Finding

WEAK_MAX_HCP = 11  # a natural two-level opening that never holds an opening bid's 12 HCP is read as a weak two


def _breach(key: str, entry: Entry, message: str, example: Hand | None = None, detail: str = "") -> Breach:
    if example is not None:
        return Breach.of(key, ACBL_RULES[key].source, entry, message, example)
    return Breach(key, ACBL_RULES[key].source, entry, message, detail)


def ranges(values: tuple[int, ...]) -> tuple[HcpRange, ...]:
    """HCP values as their runs: (10, 11, 12, 15, 16, 17) is 10-12 and 15-17."""
    out: list[HcpRange] = []
    for v in values:
        if out and out[-1].high == v - 1:
            out[-1] = HcpRange(out[-1].low, v)
        else:
            out.append(HcpRange(v, v))
    return tuple(out)


def one_level(card: SystemCard) -> Iterator[Breach]:
    """2d: no one-level opening on fewer than 8 HCP by agreement."""
    for entry in openings(card):
        shows = entry.meaning.shows
        if entry.level == 1 and shows is not None:
            hand = allows(shows, hcp(0, ONE_LEVEL_MIN_HCP - 1))
            if hand is not None:
                yield _breach("one-level-openings", entry, f"the card allows it on {min(hcp_values(shows))} HCP: "
                              f"a one-level opening on fewer than {ONE_LEVEL_MIN_HCP} HCP by agreement is barred",
                              hand)


def notrump(card: SystemCard) -> Iterator[Breach]:
    """2e and the Tech File: natural notrump ranges with conventions after them; balanced hands only."""
    for entry in natural_notrumps(card):
        shows = entry.meaning.shows
        assert shows is not None
        unbalanced = allows(shows, shortness())
        if unbalanced is not None:
            yield _breach("notrump-balanced", entry, "a natural notrump must promise a balanced hand; the card "
                          "allows a singleton or void (require it balanced, or tag the call with its purpose)",
                          unbalanced)
        if entry.level != 1:
            continue  # the Tech File (3): no range is defined above the one level
        found = ranges(hcp_values(shows))
        conventions = conventional_after(card, entry)
        if found and not natural_notrump(found) and conventions:
            yield _breach("natural-notrump", entry, f"{', '.join(map(str, found))} HCP is not a natural range "
                          f"(one of at most {NOTRUMP_MAX_RANGE} HCP, or two non-consecutive ones of at most "
                          f"{NOTRUMP_SPLIT_MAX_RANGE}, from {NOTRUMP_MIN_LOWER} HCP up), so no conventional "
                          "response or rebid is allowed", detail=f"the card has {calls_listed(conventions)}")


def weak_twos(card: SystemCard) -> Iterator[Entry]:
    """The card's weak two-bids: natural two-level suit openings called weak, or never holding 12 HCP."""
    for entry in openings(card):
        shows = entry.meaning.shows
        if entry.level != 2 or suit_of(entry.call) is None or shows is None:
            continue
        if entry.meaning.purpose not in (None, "weak"):
            continue
        values = hcp_values(shows)
        if values and ("weak" in entry.meaning.text.lower() or values[-1] <= WEAK_MAX_HCP):
            yield entry


def weak_two(card: SystemCard) -> Iterator[Breach]:
    """2f: conventional responses or rebids need a range of at most 7 HCP and five cards at least."""
    for entry in weak_twos(card):
        shows, suit = entry.meaning.shows, suit_of(entry.call)
        assert shows is not None and suit is not None
        values, least = hcp_values(shows), fewest(shows, suit)
        width = values[-1] - values[0] + 1
        conventions = conventional_after(card, entry)
        if conventions and (width > WEAK_TWO_MAX_RANGE or (least is not None and least < WEAK_TWO_MIN_LENGTH)):
            yield _breach("weak-two", entry, f"a weak two of {values[0]}-{values[-1]} HCP ({width}) on {least}+ "
                          f"cards: conventional responses or rebids need a range of at most {WEAK_TWO_MAX_RANGE} "
                          f"HCP and at least {WEAK_TWO_MIN_LENGTH} cards",
                          detail=f"the card has {calls_listed(conventions)}")


def check_acbl(card: SystemCard) -> list[Finding]:
    """Every ACBL convention-card regulation the card breaks, one finding per rule and call."""
    return findings([*one_level(card), *notrump(card), *weak_two(card)])
