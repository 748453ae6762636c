"""Numbers on the command line: each argument and option that takes one reads it here, bounded before use.

``Whole(field, low, high)`` and ``Real(field, low, high)`` are Typer parsers (``typer.Option(parser=...)``): a
value is read by ``model.numbers`` (ASCII digits, at most 18 of them; a real finite, so no ``nan``, ``inf`` or
``1e309``), and one outside its range is refused before the command runs, in one line naming the option (or
the argument) and the range, exit 2::

    $ bridge-director score vp 7 999999999999999999999999999999
    error: boards: boards is far out of range (1 to 200): it has 30 digits

Typer's own ``min=``/``max=`` answer in a usage box, and a float's range lets ``nan`` through.  The refusal is a
:class:`~bridge_director.errors.BridgeError` (not a ``ValueError``, which Typer would catch and box), printed by
``cli.main`` as every other refusal.
"""

from __future__ import annotations

from ..errors import BridgeError, ParseError
from ..model.numbers import bounded, finite, real, whole


def _refused(err: ParseError) -> BridgeError:
    return BridgeError(err.message, field=err.field, law=err.law)


class Whole:
    """A whole number in ``low``..``high`` for the option or argument ``field`` (``--board``; ``boards``, as the
    usage line names an argument)."""

    def __init__(self, field: str, low: int, high: int) -> None:
        self.field, self.low, self.high = field, low, high

    def __call__(self, value: object) -> int:
        try:
            if isinstance(value, int):  # a default
                return bounded(value, self.field, self.low, self.high)
            return whole(str(value), self.field, low=self.low, high=self.high)
        except ParseError as err:
            raise _refused(err) from None

    def __repr__(self) -> str:
        return f"Whole({self.field!r}, {self.low}, {self.high})"


class Real:
    """A finite real number in ``low``..``high`` for the argument or option ``field``."""

    def __init__(self, field: str, low: float, high: float) -> None:
        self.field, self.low, self.high = field, low, high

    def __call__(self, value: object) -> float:
        try:
            if isinstance(value, int | float):  # a default
                return finite(value, self.field, self.low, self.high)
            return real(str(value), self.field, low=float(self.low), high=float(self.high))
        except ParseError as err:
            raise _refused(err) from None

    def __repr__(self) -> str:
        return f"Real({self.field!r}, {self.low:g}, {self.high:g})"
