"""Values the laws' judgement and the register share: whose regulations govern an event, and how the director
classes a departure from agreed methods (the register stores them by name)."""

from __future__ import annotations

from enum import StrEnum


class Authority(StrEnum):
    """Whose regulations govern an event: the EBU (Orange Book), the ACBL, the ABF, the QBA, the WBF, or a club
    (a club follows the Laws' own figures)."""

    EBU = "EBU"
    ACBL = "ACBL"
    ABF = "ABF"
    QBA = "QBA"
    WBF = "WBF"
    CLUB = "CLUB"


class Departure(StrEnum):
    """A departure from agreed methods (EBU 6 A 1; ACBL Duplicate Decisions, 'Psychs')."""

    PSYCHE = "PSYCHE"  # deliberate and gross mis-statement of honour strength and/or suit length
    MISBID = "MISBID"  # inadvertent mis-statement
    DEVIATION = "DEVIATION"  # deliberate but minor mis-statement


class Colour(StrEnum):
    """The director's classification of a reported departure (EBU 6 B 3-5)."""

    RED = "RED"  # an unauthorised understanding: the score is adjusted (6 D 2)
    AMBER = "AMBER"  # some evidence, not enough alone; two Ambers make both Red (6 B 6)
    GREEN = "GREEN"  # nothing untoward
