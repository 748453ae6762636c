"""Serious error or gambling action by the non-offenders (Law 12C1(e)).

The non-offenders keep the damage they did to themselves and get back only the damage the infraction did; the
offenders get the score they would have had without their infraction (seed 004).

>>> serious_error(before=14, after_infraction=8, actual=0, top=16).non_offenders
6
"""

from __future__ import annotations

from ...errors import BridgeError
from ...model.numbers import BOARD_IMPS, IMP_LIMIT, TOP_LIMIT, finite
from .common import AdjustedScore, Unit


def serious_error(before: float, after_infraction: float, actual: float, top: float | None = None,
                  unit: Unit = Unit.MATCHPOINTS) -> AdjustedScore:
    """NOS: actual + (before - after_infraction); OS: the complement of ``before`` (when ``top`` is given).

    All three figures are the non-offenders' (matchpoints, or IMPs with ``top=None`` meaning the OS get
    ``-before``).  Each figure is a finite number: with a top (at most :data:`TOP_LIMIT`), 0 to the top; in IMPs,
    within 24 either way (a board's IMPs); in another unit, within :data:`IMP_LIMIT`.
    """
    if top is not None:
        finite(top, "top", 0, TOP_LIMIT)
    limit = BOARD_IMPS if top is None and unit is Unit.IMPS else IMP_LIMIT
    for name, value in (("before", before), ("after_infraction", after_infraction), ("actual", actual)):
        finite(value, name, -limit, limit)
    if top is not None:
        for name, value in (("before", before), ("after_infraction", after_infraction), ("actual", actual)):
            if not 0 <= value <= top:
                raise BridgeError(f"the non-offenders' matchpoints are 0 to the top of {top:g}, not {value:g}",
                                  law="12C1e", field=name)
    damage = before - after_infraction
    nos = actual + damage
    os_score = (top - before) if top is not None else -before
    steps = (f"non-offenders expected {before:g} before the infraction and {after_infraction:g} after it",
             f"their own serious error left {actual:g}; they get back only the infraction's damage "
             f"{before:g} - {after_infraction:g} = {damage:g}: {actual:g} + {damage:g} = {nos:g}",
             f"offenders keep the score due to their infraction alone: the expectation without it, "
             f"{os_score:g}")
    return AdjustedScore(nos, os_score, unit, "12C1e", steps)
