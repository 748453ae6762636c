"""Scores: matchpoints, IMPs, VPs, event results and adjusted scores (Laws 12, 78, 86).

The names below are loaded from their modules on first use, so ``bridge_director.scoring.imps`` alone (the CLI's
``score imps``) does not load the event scorer and its file readers.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .event import BoardScore, CrossImps, EventScore, Method, Result, ScoredLine, Standing, rank, score_event
    from .imps import WBF_IMP_BOUNDS, butler_datum, butler_imps, cross_imp_totals, cross_imps, imps
    from .matchpoints import FrequencyRow, Scale, frequency_table, matchpoints, matchpoints_against, neuberg
    from .teams import MatchResult, TeamsEvent, TeamsMatch, TeamStanding, matches_from_csv, teams_match, teams_ranking
    from .vp import blitz_margin, victory_points, vp_scale

_WHERE = {
    "event": ("BoardScore", "CrossImps", "EventScore", "Method", "Result", "ScoredLine", "Standing", "rank",
              "score_event"),
    "imps": ("WBF_IMP_BOUNDS", "butler_datum", "butler_imps", "cross_imp_totals", "cross_imps", "imps"),
    "matchpoints": ("FrequencyRow", "Scale", "frequency_table", "matchpoints", "matchpoints_against", "neuberg"),
    "teams": ("MatchResult", "TeamsEvent", "TeamsMatch", "TeamStanding", "matches_from_csv", "teams_match",
              "teams_ranking"),
    "vp": ("blitz_margin", "victory_points", "vp_scale"),
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}

# ``imps`` and ``matchpoints`` name both a module and a function of it.  Loading the module (as every scorer does)
# sets the package's attribute to the module, and ``__getattr__`` is then never asked: the two functions (small
# modules, nothing heavy) are bound now, so the name is always the function whichever module loads first.
from .imps import imps  # noqa: E402
from .matchpoints import matchpoints  # noqa: E402

__all__ = [
    "WBF_IMP_BOUNDS", "BoardScore", "CrossImps", "EventScore", "FrequencyRow", "MatchResult", "Method", "Result",
    "Scale", "ScoredLine", "Standing", "TeamStanding", "TeamsEvent", "TeamsMatch", "blitz_margin", "butler_datum",
    "butler_imps", "cross_imp_totals", "cross_imps", "frequency_table", "imps", "matches_from_csv", "matchpoints",
    "matchpoints_against", "neuberg", "rank", "score_event", "teams_match", "teams_ranking", "victory_points",
    "vp_scale",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
