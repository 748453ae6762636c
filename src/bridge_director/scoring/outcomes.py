"""A traveller line's artificial awards and weighted outcomes as text, read and written the same way by every
file format (PBN score tables, CSV, USEBIO) and by the club's exports.

>>> parse_outcomes(outcomes_text([(1430, 0.3), (680, 0.7)]))
((1430, 0.3), (680, 0.7))
>>> award("A+"), award("A66.67"), award("60")
(60.0, 66.67, None)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..errors import ParseError
from ..model.numbers import check_score, real, shown, whole

#: PBN / club shorthand for artificial scores, as percentages.
AWARDS: dict[str, float] = {"A+": 60.0, "A=": 50.0, "A": 50.0, "A-": 40.0, "A−": 40.0}
#: an award written as a percentage (``A60``, ``A66.67``), as our PBN files write one that is not a letter award
_PERCENT_AWARD = re.compile(r"A(\d{1,3}(?:\.\d{1,12})?)", re.ASCII)
#: an award's limits either way: a percentage at matchpoints, IMPs otherwise
AWARD_LIMIT = 100.0


def award(text: str) -> float | None:
    """A letter award's percentage, or a percentage award's (``A60``); None for anything else."""
    if text in AWARDS:
        return AWARDS[text]
    match = _PERCENT_AWARD.fullmatch(text)
    return float(match.group(1)) if match else None


def outcomes_text(outcomes: Iterable[tuple[int, float]]) -> str:
    """A weighted score's outcomes as text: ``1430@0.3;680@0.4`` (N-S score at weight; the weight as Python prints
    the float, so it reads back to the same number)."""
    return ";".join(f"{score}@{float(weight)!r}" for score, weight in outcomes)


def parse_outcomes(text: str, field: str = "outcomes", line: int | None = None) -> tuple[tuple[int, float], ...]:
    """The outcomes :func:`outcomes_text` wrote (the weights are checked by ``Result``)."""
    out = []
    for part in text.split(";"):
        score, at, weight = part.strip().partition("@")
        if not at:
            raise ParseError(f"a weighted outcome is score@weight, not {part.strip()!r}", field=field, line=line)
        try:
            value, share = whole(score, field, line=line), real(weight, field, line=line, low=0.0, high=1.0)
        except ParseError:
            raise ParseError(f"a weighted outcome is score@weight, not {shown(part.strip(), 40)}", field=field,
                             line=line) from None
        out.append((check_score(value, field, line=line), share))
    return tuple(out)
