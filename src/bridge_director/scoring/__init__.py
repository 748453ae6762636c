"""Scores: matchpoints, IMPs, VPs, event results and adjusted scores (Laws 12, 78, 86)."""

from __future__ import annotations

from .event import BoardScore, CrossImps, EventScore, Method, Result, ScoredLine, Standing, rank, score_event
from .imps import WBF_IMP_BOUNDS, butler_datum, butler_imps, cross_imp_totals, cross_imps, imps
from .matchpoints import FrequencyRow, Scale, frequency_table, matchpoints, matchpoints_against, neuberg
from .teams import MatchResult, TeamsEvent, TeamsMatch, TeamStanding, matches_from_csv, teams_match, teams_ranking
from .vp import blitz_margin, victory_points, vp_scale

__all__ = [
    "WBF_IMP_BOUNDS", "BoardScore", "CrossImps", "EventScore", "FrequencyRow", "MatchResult", "Method", "Result",
    "Scale", "ScoredLine", "Standing", "TeamStanding", "TeamsEvent", "TeamsMatch", "blitz_margin", "butler_datum",
    "butler_imps", "cross_imp_totals", "cross_imps", "frequency_table", "imps", "matches_from_csv", "matchpoints",
    "matchpoints_against", "neuberg", "rank", "score_event", "teams_match", "teams_ranking", "victory_points",
    "vp_scale",
]
