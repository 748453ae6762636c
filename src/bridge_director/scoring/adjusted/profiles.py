"""Regulating authorities' figures for artificial scores (Law 12C2, Law 80B2): data, not code branches.

>>> PROFILES["QBA"].imps_for(boards=8), PROFILES["QBA"].imps_for(boards=24), PROFILES["ACBL"].imps_for(boards=8)
(2, 3, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import BridgeError
from ...model.numbers import MATCH_BOARDS, bounded


@dataclass(frozen=True, slots=True)
class AuthorityProfile:
    """An authority's artificial-score figures.

    ``session_rule``: a non-offender above ``average_plus`` on its other boards of the session gets that
    percentage instead, and an offender below ``average_minus`` gets its own.  ``short_match_imps`` applies to
    matches of fewer than ``short_match_boards`` boards.  ``source`` says where each figure comes from;
    ``unconfirmed`` names the figures not confirmed from the authority's own published regulation.
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
    unconfirmed: tuple[str, ...] = ()

    def imps_for(self, boards: int | None = None) -> int:
        """The IMPs of average plus (and, negated, average minus) in a match of ``boards`` boards (1 to
        :data:`~bridge_director.model.numbers.MATCH_BOARDS`)."""
        if boards is not None:
            bounded(boards, "boards", 1, MATCH_BOARDS)
        if (boards is not None and self.short_match_boards is not None and self.short_match_imps is not None
                and boards < self.short_match_boards):
            return self.short_match_imps
        return self.imps


# Where the figures come from.  Law 12C2 (2007 and 2017 Laws) itself sets average minus "at most 40%", average
# "50%" and average plus "at least 60%" of the matchpoints in pairs, and +/-3 IMPs at IMPs; every profile starts
# from those.  The session-percentage rule is the wording of Law 12C2 in the 2007 Laws ("may be varied for a
# non-offending contestant that obtains a session score exceeding 60% ... or an offending contestant ... less than
# 40%"), quoted by seed 004 (Zone 7 / QBA) and described for UK clubs by seed 003.  The authorities' own current
# regulation books (EBU White Book 2017, ACBL, ABF, WBF General Conditions of Contest) were searched for but their
# text was not available to check; the figures marked ``unconfirmed`` rest on the seeds and the Laws only.
PROFILES: dict[str, AuthorityProfile] = {
    # Seed 001 (ACBL director's notes): average minus "no better than 40% of the matchpoints", -3 IMPs at Swiss
    # teams (the 25B worked example).  60% / session rule: Law 12C2 (2007), not checked in an ACBL regulation.
    "ACBL": AuthorityProfile("ACBL", 60, 50, 40, 3, session_rule=True, weighted_scores=True,
                             source="Law 12C2; seed 001 (ACBL): average minus 40%, -3 IMPs at Swiss teams",
                             unconfirmed=("session_rule", "weighted_scores")),
    # Seed 003 (UK club guide): 40 / 50 / 60 and "an average minus may be lowered to the mean score of the pair if
    # they have scored less than 40% ... similarly an average plus may be increased"; seed 000 (EBU psyche
    # regulations, 6 D 2): "normally this translates as 3 imps, or 60%/40%".  Weighted scores: seed 003.
    "EBU": AuthorityProfile("EBU", 60, 50, 40, 3, session_rule=True, weighted_scores=True,
                            source="seed 003 (UK clubs): 40/50/60 and the session rule; seed 000 (EBU 6 D 2): "
                                   "3 IMPs or 60%/40%; seed 003: weighted scores"),
    # Seed 004 (Zone 7, which includes Australia): "at most 40%", "50%", "at least 60%", "normally plus or minus
    # 3imps", the session rule with its 63% / 32% example, and weighted scores ("In Zone 7 an assigned adjusted
    # score may be weighted").  The ABF's own regulation text was not checked.
    "ABF": AuthorityProfile("ABF", 60, 50, 40, 3, session_rule=True, weighted_scores=True,
                            source="seed 004 (Zone 7): 40/50/60, +/-3 IMPs, session rule, weighted scores",
                            unconfirmed=("imps: from the Law and Zone 7 text, not an ABF regulation",)),
    # Seed 004: "varied by the QBA Regulations to be +/- 2 imps for matches of fewer than 11 boards".
    "QBA": AuthorityProfile("QBA", 60, 50, 40, 3, session_rule=True, weighted_scores=True,
                            short_match_boards=11, short_match_imps=2,
                            source="seed 004 (QBA regulations): +/-2 IMPs for matches of fewer than 11 boards; "
                                   "otherwise as Zone 7"),
    # The Law's own figures.  Whether WBF General Conditions of Contest apply the session rule was not
    # confirmed: it is off, so a WBF event gets the plain 60/50/40.
    "WBF": AuthorityProfile("WBF", 60, 50, 40, 3, session_rule=False, weighted_scores=True,
                            source="Law 12C2 figures: 60/50/40, +/-3 IMPs; Law 12C1(c) weighted scores",
                            unconfirmed=("session_rule",)),
}
PROFILES["ABF/QBA"] = PROFILES["QBA"]
# A club event follows the Laws' own figures, as the WBF: the section scoring and the calculators read this one
# profile, so a club's artificial scores are the same wherever they are worked out.
PROFILES["CLUB"] = AuthorityProfile("CLUB", 60, 50, 40, 3, session_rule=False, weighted_scores=True,
                                    source="a club: the Law 12C2 figures, as the WBF's",
                                    unconfirmed=("session_rule",))


def profile(name: str) -> AuthorityProfile:
    """Look an authority up by name (ACBL, EBU, ABF, QBA, ABF/QBA, WBF, CLUB)."""
    key = name.strip().upper()
    if key not in PROFILES:
        raise BridgeError(f"unknown authority {name!r}; known: {', '.join(sorted(PROFILES))}", field="authority")
    return PROFILES[key]
