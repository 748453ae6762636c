"""Adjusted scores: artificial (12C2), assigned and weighted (12C1), serious error (12C1(e)), the old 25B cap,
Red psyches with their procedural penalty, and double-dummy help.  Every result says how it was computed.
"""

from __future__ import annotations

from .artificial import ArtificialScore, Fault, artificial_pairs, artificial_percent, artificial_teams
from .assigned import Likelihood, Possible, assign_likely_probable, split_matchpoints
from .change_of_call import law25b_knockout, law25b_matchpoints, law25b_swiss
from .common import AdjustedScore, ProceduralPenalty, Unit, parse_scores
from .double_dummy import Candidate, DoubleDummyReport, double_dummy
from .profiles import PROFILES, AuthorityProfile, profile
from .psyche import Colour, classify_partnership, red_psyche_score
from .serious_error import serious_error
from .weighted import (
    Outcome,
    WeightedMatchpoints,
    check_weights,
    weighted_average_then_correct,
    weighted_imps,
    weighted_matchpoints,
)

__all__ = [
    "PROFILES", "AdjustedScore", "ArtificialScore", "AuthorityProfile", "Candidate", "Colour", "DoubleDummyReport",
    "Fault", "Likelihood", "Outcome", "Possible", "ProceduralPenalty", "Unit", "WeightedMatchpoints",
    "artificial_pairs", "artificial_percent", "artificial_teams", "assign_likely_probable", "check_weights",
    "classify_partnership", "double_dummy", "law25b_knockout", "law25b_matchpoints", "law25b_swiss", "parse_scores",
    "profile", "red_psyche_score", "serious_error", "split_matchpoints", "weighted_average_then_correct",
    "weighted_imps", "weighted_matchpoints",
]
