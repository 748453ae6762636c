"""Regulating authorities' figures for artificial scores (Law 12C2, Law 80B2): data, not code branches.

>>> PROFILES["QBA"].imps_for(boards=8), PROFILES["QBA"].imps_for(boards=24), PROFILES["ACBL"].imps_for(boards=8)
(2, 3, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import BridgeError


@dataclass(frozen=True, slots=True)
class AuthorityProfile:
    """An authority's artificial-score figures.

    ``session_rule``: a non-offender above ``average_plus`` on its other boards of the session gets that
    percentage instead, and an offender below ``average_minus`` gets its own.  ``short_match_imps`` applies to
    matches of fewer than ``short_match_boards`` boards.
    """

    name: str
    average_plus: float
    average: float
    average_minus: float
    imps: int
    session_rule: bool
    weighted_scores: bool
    short_match_boards: int | None = None
    short_match_imps: int | None = None
    source: str = ""

    def imps_for(self, boards: int | None = None) -> int:
        """The IMPs of average plus (and, negated, average minus) in a match of ``boards`` boards."""
        if (boards is not None and self.short_match_boards is not None and self.short_match_imps is not None
                and boards < self.short_match_boards):
            return self.short_match_imps
        return self.imps


PROFILES: dict[str, AuthorityProfile] = {
    "ACBL": AuthorityProfile("ACBL", 60, 50, 40, 3, session_rule=True, weighted_scores=True,
                             source="ACBL: 60/50/40, or the session percentage when better for a non-offender "
                                    "(worse for an offender)"),
    "EBU": AuthorityProfile("EBU", 60, 50, 40, 3, session_rule=True, weighted_scores=True,
                            source="EBU White Book: 60/50/40 or the session percentage; ±3 IMPs"),
    "ABF": AuthorityProfile("ABF", 60, 50, 40, 3, session_rule=True, weighted_scores=True,
                            source="Zone 7 (seed 004): at most/at least 40/60, session percentage rule"),
    "QBA": AuthorityProfile("QBA", 60, 50, 40, 3, session_rule=True, weighted_scores=True,
                            short_match_boards=11, short_match_imps=2,
                            source="QBA regulations (seed 004): ±2 IMPs for matches of fewer than 11 boards"),
    "WBF": AuthorityProfile("WBF", 60, 50, 40, 3, session_rule=False, weighted_scores=True,
                            source="Law 12C2 minimum figures: 60/50/40, ±3 IMPs"),
}
PROFILES["ABF/QBA"] = PROFILES["QBA"]


def profile(name: str) -> AuthorityProfile:
    """Look an authority up by name (ACBL, EBU, ABF, QBA, ABF/QBA, WBF)."""
    key = name.strip().upper()
    if key not in PROFILES:
        raise BridgeError(f"unknown authority {name!r}; known: {', '.join(sorted(PROFILES))}", field="authority")
    return PROFILES[key]
