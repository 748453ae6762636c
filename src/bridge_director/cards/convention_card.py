"""Convention-card regulation checks (ACBL, seeds 001 and 002) on a card's summary: the 1NT ranges, whether
conventions follow 1NT, the lowest one-level opening and the weak two.  ``regulation_acbl`` reads these from a
system card and applies the same rules call by call.

A range counts the HCP values it covers: 15-17 is a range of 3 HCP, 12-16 a range of 5.

>>> check_card(ConventionCard(notrump=(HcpRange(15, 17),), notrump_conventions=True))
[]
>>> [f.rule for f in check_card(ConventionCard(notrump=(HcpRange(9, 12),), notrump_conventions=True))]
['natural-notrump']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ParseError
from ..model.numbers import is_whole
from .regulation_rules import ACBL_RULES, Finding

__all__ = ["ConventionCard", "Finding", "HcpRange", "WeakTwo", "check_card", "check_partnership",
           "natural_notrump"]

NOTRUMP_MAX_RANGE = 5
NOTRUMP_SPLIT_MAX_RANGE = 3
NOTRUMP_MIN_LOWER = 10
ONE_LEVEL_MIN_HCP = 8
WEAK_TWO_MAX_RANGE = 7
WEAK_TWO_MIN_LENGTH = 5


@dataclass(frozen=True, order=True)
class HcpRange:
    """An agreed HCP range, both ends included.

    >>> HcpRange.parse("15-17"), HcpRange.parse("15-17").width
    (HcpRange(low=15, high=17), 3)
    """

    low: int
    high: int

    def __post_init__(self) -> None:
        if not 0 <= self.low <= self.high <= 37:
            raise ParseError(f"not an HCP range: {self.low}-{self.high}", field="range")

    @property
    def width(self) -> int:
        return self.high - self.low + 1

    @classmethod
    def parse(cls, text: str) -> HcpRange:
        low, sep, high = text.strip().partition("-")
        if not sep or not is_whole(low.strip()) or not is_whole(high.strip()):
            raise ParseError(f"not an HCP range: {text!r} (write e.g. 15-17)", field="range")
        return cls(int(low), int(high))

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"


@dataclass(frozen=True)
class WeakTwo:
    """The agreed weak two-bid: HCP range, minimum suit length, conventional responses (e.g. 2NT ask)."""

    hcp: HcpRange
    min_length: int
    conventional_responses: bool


@dataclass(frozen=True)
class ConventionCard:
    """The parts of one player's convention card that the regulations check."""

    notrump: tuple[HcpRange, ...]
    notrump_conventions: bool = False  # Stayman, transfers or other conventional responses or rebids
    one_level_min_hcp: int = 11
    weak_two: WeakTwo | None = None


def natural_notrump(ranges: tuple[HcpRange, ...]) -> bool:
    """A natural notrump: one range of at most 5 HCP, or two non-consecutive ranges of at most 3, lower limit ≥ 10.

    >>> natural_notrump((HcpRange(10, 12), HcpRange(15, 17))), natural_notrump((HcpRange(12, 14), HcpRange(15, 17)))
    (True, False)
    """
    ordered = sorted(ranges)
    if not ordered or ordered[0].low < NOTRUMP_MIN_LOWER:
        return False
    if len(ordered) == 1:
        return ordered[0].width <= NOTRUMP_MAX_RANGE
    if len(ordered) == 2:
        first, second = ordered
        return (first.width <= NOTRUMP_SPLIT_MAX_RANGE and second.width <= NOTRUMP_SPLIT_MAX_RANGE
                and second.low > first.high + 1)
    return False


def _finding(key: str, message: str, where: str = "") -> Finding:
    return Finding(key, message, where, ACBL_RULES[key].source)


def check_card(card: ConventionCard) -> list[Finding]:
    """The regulations that one card can break on its own."""
    findings: list[Finding] = []
    if card.notrump and not natural_notrump(card.notrump) and card.notrump_conventions:
        ranges = ", ".join(map(str, card.notrump))
        findings.append(_finding("natural-notrump", f"1NT {ranges} is not a natural range (at most 5 HCP, or two "
                                 "non-consecutive ranges of at most 3, lower limit 10 or more): no conventional "
                                 "responses or rebids are allowed"))
    if card.one_level_min_hcp < ONE_LEVEL_MIN_HCP:
        findings.append(_finding("one-level-openings", f"one-level openings by agreement on "
                                 f"{card.one_level_min_hcp} HCP: fewer than {ONE_LEVEL_MIN_HCP} HCP is barred"))
    weak = card.weak_two
    if weak and weak.conventional_responses and (weak.hcp.width > WEAK_TWO_MAX_RANGE
                                                 or weak.min_length < WEAK_TWO_MIN_LENGTH):
        findings.append(_finding("weak-two", f"weak two {weak.hcp} HCP with {weak.min_length}+ cards: "
                                 f"conventional responses need a range of at most {WEAK_TWO_MAX_RANGE} HCP and "
                                 f"at least {WEAK_TWO_MIN_LENGTH} cards"))
    return findings


def check_partnership(card: ConventionCard, partner_card: ConventionCard) -> list[Finding]:
    """Both cards' own checks, and the pair rule: both partners' 1NT ranges must be the same."""
    findings = check_card(card) + [f for f in check_card(partner_card) if f not in check_card(card)]
    if sorted(card.notrump) != sorted(partner_card.notrump):
        findings.append(_finding("same-notrump-range", "both members of a partnership must have the same 1NT "
                                 f"range ({', '.join(map(str, card.notrump))} against "
                                 f"{', '.join(map(str, partner_card.notrump))})"))
    return findings
