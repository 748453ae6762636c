"""The old Law 25B (1997/2007): an offender who changes a call deliberately plays for at most average minus.

Law 25B was rewritten in 2017; these follow the earlier codes (seed 001's examples).

>>> law25b_matchpoints(9, top=12).offenders, law25b_swiss(13).offenders, law25b_knockout(13).offenders
(4.8, -3, 5.0)
"""

from __future__ import annotations

from ...errors import BridgeError
from ...model.numbers import BOARD_IMPS, TOP_LIMIT, bounded, finite
from .common import AdjustedScore, Unit
from .profiles import PROFILES, AuthorityProfile


def law25b_matchpoints(offenders_mp: float, top: float,
                       authority: AuthorityProfile = PROFILES["ACBL"]) -> AdjustedScore:
    """Offenders get the lesser of their matchpoints and average minus; non-offenders keep the table's."""
    finite(top, "top", -TOP_LIMIT, TOP_LIMIT)
    finite(offenders_mp, "offenders", -TOP_LIMIT, TOP_LIMIT)
    if not top > 0:
        raise BridgeError(f"the board top must be above 0, not {top:g}", law="25B", field="top")
    if not 0 <= offenders_mp <= top:
        raise BridgeError(f"the offenders' matchpoints are 0 to the top of {top:g}, not {offenders_mp:g}", law="25B",
                          field="offenders")
    cap = round(top * authority.average_minus / 100, 2)
    nos = top - offenders_mp
    if offenders_mp <= cap:
        steps: tuple[str, ...] = (
            f"offenders' {offenders_mp:g} of {top:g} is no better than average minus {cap:g}: both sides "
            "keep the table result",)
        return AdjustedScore(nos, offenders_mp, Unit.MATCHPOINTS, "25B2(b)(2)", steps)
    steps = (f"offenders' {offenders_mp:g} of {top:g} is capped at average minus "
             f"{authority.average_minus:g}% = {cap:g}",
             f"non-offenders keep the table result: {nos:g}")
    return AdjustedScore(nos, cap, Unit.MATCHPOINTS, "25B2(b)(2)", steps)


def law25b_swiss(offenders_imps: int, authority: AuthorityProfile = PROFILES["ACBL"],
                 boards: int | None = None) -> AdjustedScore:
    """Swiss teams: offenders get at most average minus (-3 IMPs); non-offenders keep the comparison."""
    bounded(offenders_imps, "offenders", -BOARD_IMPS, BOARD_IMPS)
    cap = -authority.imps_for(boards)
    off = min(offenders_imps, cap)
    steps = (f"comparison with the other table gives the offenders {offenders_imps:+d} IMPs",
             f"offenders get at most average minus: {off:+d}; non-offenders keep {-offenders_imps:+d}")
    return AdjustedScore(-offenders_imps, off, Unit.IMPS, "25B2(b)(2)", steps)


def law25b_knockout(offenders_imps: int, authority: AuthorityProfile = PROFILES["ACBL"],
                    boards: int | None = None) -> AdjustedScore:
    """Knockout: one result is needed, so the two sides' scores are averaged (Law 86B)."""
    two_way = law25b_swiss(offenders_imps, authority, boards)
    off = (two_way.offenders - two_way.non_offenders) / 2
    steps = (*two_way.steps,
             f"knockout needs one result: average of {two_way.offenders:+g} and {-two_way.non_offenders:+g} = "
             f"{off:+g} to the offenders, {-off:+g} to the non-offenders")
    return AdjustedScore(-off, off, Unit.IMPS, "25B2(b)(2), 86B", steps)
