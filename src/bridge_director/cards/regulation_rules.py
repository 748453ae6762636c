"""The convention regulations a card is checked against, as data: each rule with its authority, its source and
its figures (``card check --authority``; docs/system-card.md).

- ACBL: Duplicate Decisions, "Convention Card Regulations" 2c-2f (seed 002), and the Director's Tech File,
  "Natural notrump bids with unbalanced hands" (seed 001).
- EBU: the permitted understandings by level, once in the Orange Book and since 2013 in the Blue Book (2017
  edition): Level 2 in section 6, Level 4 in section 7.  The EBU no longer defines Levels 1 and 3; levels only
  widen what is permitted, so what Level 2 bars Level 1 bars, and what Level 4 bars Level 3 bars.

>>> str(Finding("weak-two", "2♥ 3-11 HCP", "2♥ as an opening", ACBL_RULES["weak-two"].source)).split(":")[0]
'weak-two (ACBL Duplicate Decisions, Convention Card Regulations 2f)'
>>> ebu_level(3).source("one-level-strength"), ebu_level(1).rule_of
('EBU Blue Book 7 A 3, Level 4', 19)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ParseError
from ..model.regulation import Authority


@dataclass(frozen=True, slots=True)
class Rule:
    """One regulation a card can break: ``key`` names it in a breach, ``source`` is where it is written."""

    authority: Authority
    key: str
    source: str
    says: str


@dataclass(frozen=True)
class Finding:
    """A breach of a convention regulation, named by ``rule`` with its ``source``; ``where`` names the call(s)."""

    rule: str
    message: str
    where: str = ""
    source: str = ""

    def __str__(self) -> str:
        head = f"{self.rule} ({self.source})" if self.source else self.rule
        return f"{head}: {self.where}: {self.message}" if self.where else f"{head}: {self.message}"


_DD = "ACBL Duplicate Decisions, Convention Card Regulations"
_TECH = "ACBL Director's Tech File, natural notrump bids with unbalanced hands"

ACBL_RULES = {r.key: r for r in (
    Rule(Authority.ACBL, "same-notrump-range", f"{_DD} 2c",
         "both members of a partnership have the same HCP limits for a 1NT opening"),
    Rule(Authority.ACBL, "one-level-openings", f"{_DD} 2d",
         "no one-level opening that may by agreement be made on fewer than 8 HCP (a psych is no agreement)"),
    Rule(Authority.ACBL, "natural-notrump", f"{_DD} 2e; {_TECH} 2",
         "a natural notrump opening or overcall with a lower limit under 10 HCP, or a range wider than 5 HCP "
         "(two non-consecutive ranges of at most 3 HCP each are allowed), carries no conventional response or "
         "rebid"),
    Rule(Authority.ACBL, "notrump-balanced", f"{_TECH} 1 and 3",
         "a natural notrump opening or overcall, at any level, promises a balanced hand: no agreement may allow "
         "a singleton or a void"),
    Rule(Authority.ACBL, "weak-two", f"{_DD} 2f",
         "a weak two-bid with a range wider than 7 HCP, or a suit that may hold fewer than five cards, carries "
         "no conventional response or rebid"),
)}


@dataclass(frozen=True, slots=True)
class EbuLevel:
    """The figures of one EBU level for the openings a card defines, with the clause of each rule.

    One-level openings: at least ``one_level_hcp`` HCP and the Rule of ``rule_of``, unless the hand has
    ``any_shape_hcp`` HCP (None: the rule always applies).  A natural 1NT opening: at least ``notrump_hcp``; with
    ``notrump_singleton`` False no singleton, void or seven-card suit, else no void, no seven-card major and no two
    suits of ten cards.  ``two_level_natural``: a two-level suit opening shows four cards in its suit, a strong
    hand (``STRONG_HCP``, or ``STRONG_MIN_HCP`` with ``STRONG_CONTROLS`` controls) or a three-suiter."""

    level: int
    one_level_hcp: int
    rule_of: int
    any_shape_hcp: int | None
    notrump_hcp: int
    notrump_singleton: bool
    two_level_natural: bool
    clauses: tuple[tuple[str, str], ...]

    def source(self, key: str) -> str:
        """Where the rule ``key`` is written for this level."""
        return f"EBU Blue Book {dict(self.clauses)[key]}, Level {self.level}"


LEVEL_2 = EbuLevel(2, 8, 19, 11, 10, notrump_singleton=False, two_level_natural=True, clauses=(
    ("one-level-strength", "6 C"), ("notrump-lower-limit", "6 C"), ("notrump-shape", "6 C"),
    ("two-level-openings", "6 D")))
LEVEL_4 = EbuLevel(4, 8, 18, None, 9, notrump_singleton=True, two_level_natural=False, clauses=(
    ("one-level-strength", "7 A 3"), ("notrump-lower-limit", "7 A 3"), ("notrump-shape", "7 B 3")))
STRONG_HCP, STRONG_MIN_HCP, STRONG_CONTROLS = 16, 12, 5  # Blue Book 7 C: what a "strong" opening shows

EBU_RULES = {r.key: r for r in (
    Rule(Authority.EBU, "one-level-strength", "EBU Blue Book 6 C, 7 A 3",
         "a one-level opening: Level 2, 11+ HCP or 8+ HCP with the Rule of 19; Level 4, 8+ HCP and the Rule of 18 "
         "(in first and second seat: a card here has one meaning for every seat)"),
    Rule(Authority.EBU, "notrump-lower-limit", "EBU Blue Book 6 C, 7 A 3",
         "a natural 1NT opening: at least 10 HCP at Level 2, 9 at Level 4"),
    Rule(Authority.EBU, "notrump-shape", "EBU Blue Book 6 C, 7 B 3",
         "a natural 1NT opening: Level 2, no singleton, void or seven-card suit; Level 4, no void, no seven-card "
         "major, no two suits of ten or more cards"),
    Rule(Authority.EBU, "two-level-openings", "EBU Blue Book 6 D",
         "a two-level suit opening at Level 2 shows four or more cards in its suit, a strong hand, or a "
         "three-suiter (so no Multi 2♦)"),
)}


def ebu_level(level: int) -> EbuLevel:
    """The figures the card is checked against at an EBU ``level`` (1-4)."""
    if level in (1, 2):
        return LEVEL_2
    if level in (3, 4):
        return LEVEL_4
    raise ParseError(f"EBU level {level}: the permitted understandings of Levels 1 to 4 are encoded (Level 5 and "
                     "above are not)", field="level")
