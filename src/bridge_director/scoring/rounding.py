"""The scorer's rounding: half away from zero, on the decimal a number prints as (``round`` goes half to even).

>>> half_up(2.5), half_up(-2.5), half_up(10.305, 2), round(10.305, 2)
(Decimal('3'), Decimal('-3'), Decimal('10.31'), 10.3)
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal


def half_up(value: float, places: int = 0) -> Decimal:
    """``value`` rounded to ``places`` decimals, halves away from zero, as an exact Decimal."""
    return Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)
