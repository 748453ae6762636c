"""Scoring a fielded psyche, misbid or deviation (EBU psyche regulations, seed 000, section 6 D; Laws 40C, 12).

Red: the result stands if the opponents got 60% or more (or gained 3 IMPs or more); otherwise average plus to
the opponents and average minus to the psyching side.  A procedural penalty follows every Red finding: 10%,
2 IMPs, or 0.5 VP in a VP event.  Two Amber findings for one partnership make both Red.

>>> r = red_psyche_score(45.0, Unit.PERCENT)
>>> r.non_offenders, r.offenders, r.offenders_net
(60, 40, 30.0)
>>> red_psyche_score(-1, Unit.IMPS).offenders_net
-5.0
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from ...errors import BridgeError
from ...model.numbers import BOARD_IMPS, finite
from .common import AdjustedScore, ProceduralPenalty, Unit
from .profiles import PROFILES, AuthorityProfile


class Colour(Enum):
    """A director's classification of a psyche, misbid or deviation."""

    GREEN = "green"
    AMBER = "amber"
    RED = "red"

    @classmethod
    def parse(cls, text: str) -> Colour:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise BridgeError(f"a psyche is green, amber or red, not {text!r}", law="40C") from None


def classify_partnership(findings: Sequence[Colour]) -> tuple[Colour, ...]:
    """A partnership's findings after the two-Ambers rule: two or more Ambers all become Red."""
    if sum(1 for f in findings if f is Colour.AMBER) >= 2:
        return tuple(Colour.RED if f is Colour.AMBER else f for f in findings)
    return tuple(findings)


STANDS_PERCENT = 60.0
STANDS_IMPS = 3
PENALTY = {Unit.PERCENT: 10.0, Unit.IMPS: 2.0, Unit.VP: 0.5}


def red_psyche_score(opponents_result: float, unit: Unit = Unit.PERCENT, *,
                     authority: AuthorityProfile = PROFILES["EBU"], vp_event: bool = False,
                     penalty: float | None = None) -> AdjustedScore:
    """Score a Red psyche board: ``opponents_result`` is the opponents' percentage or IMP gain on the board.

    The penalty defaults to the regulation's minimum (10%, 2 IMPs, or 0.5 VP when ``vp_event``); a director may
    raise it.  The penalty is recorded apart from the board score.
    """
    if unit not in (Unit.PERCENT, Unit.IMPS):
        raise BridgeError("a psyche board is scored in percent or IMPs", law="40C", field="unit")
    if unit is Unit.IMPS:  # a board's IMPs; a percentage is checked below (and the penalty by ProceduralPenalty)
        finite(opponents_result, "result", -BOARD_IMPS, BOARD_IMPS)
    penalty_unit = Unit.VP if vp_event else unit
    amount = PENALTY[penalty_unit] if penalty is None else penalty
    pp = ProceduralPenalty(amount, penalty_unit, "Red psyche", "90")
    if unit is Unit.PERCENT:
        if not 0 <= opponents_result <= 100:
            raise BridgeError(f"a percentage is 0 to 100, not {opponents_result}", field="result")
        if opponents_result >= STANDS_PERCENT:
            steps: tuple[str, ...] = (
                f"Red: opponents scored {opponents_result:g}% (at least {STANDS_PERCENT:g}%): the result stands",)
            return AdjustedScore(opponents_result, 100 - opponents_result, unit, "40C, 12", steps, pp)
        steps = (f"Red: opponents scored {opponents_result:g}%, under {STANDS_PERCENT:g}%: result cancelled",
                 f"average plus {authority.average_plus:g}% to the opponents, average minus "
                 f"{authority.average_minus:g}% to the psyching side")
        return AdjustedScore(authority.average_plus, authority.average_minus, unit, "40C, 12C2", steps, pp)
    if opponents_result >= STANDS_IMPS:
        steps = (f"Red: opponents gained {opponents_result:g} IMPs (at least {STANDS_IMPS}): the result stands",)
        return AdjustedScore(opponents_result, -opponents_result, unit, "40C, 12", steps, pp)
    value = authority.imps
    steps = (f"Red: opponents gained {opponents_result:g} IMPs, under {STANDS_IMPS}: result cancelled",
             f"average plus/minus: +{value} IMPs to the opponents, -{value} to the psyching side")
    return AdjustedScore(value, -value, unit, "40C, 12C2", steps, pp)
