"""Reading numbers from what a user gives: ASCII digits only, a length bound before ``int()``, finite reals, ranges.

``str.isdigit`` accepts ``²`` and ``int`` refuses it; ``int`` accepts ``١٢`` and ``1_000``; ``float`` accepts
``nan``, ``inf`` and ``1e309``; a string of 5,000 digits passes Python's integer-string limit.  Every reader of
a file, a JSON value or a form field reads its numbers here, so each of these is one refusal naming the field
(and the line) instead of a traceback.

>>> whole(" 12 ", "board", line=3)
12
>>> whole("²", "board", line=3)
Traceback (most recent call last):
...
bridge_director.errors.ParseError: line 3, board: board is not a whole number: '²'
>>> real("66.67", "ns_award")
66.67
>>> real("nan", "ns_award", line=4)
Traceback (most recent call last):
...
bridge_director.errors.ParseError: line 4, ns_award: ns_award is not a number: 'nan'
>>> table_score("-7601", "score", line=5)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bridge_director.errors.ParseError: line 5, score, Law 77: a score of -7601 is beyond what a board can score (7600 ...
>>> whole("1" * 5000, "tricks")
Traceback (most recent call last):
...
bridge_director.errors.ParseError: tricks: tricks has 5000 digits; no number here has more than 18
"""

from __future__ import annotations

import math
import operator
import re
from numbers import Real
from typing import Any, TypeVar

from ..errors import ParseError

#: digits a whole number may have: more is never a bridge number and is refused before ``int()``
MAX_DIGITS = 18
#: the largest score a board can give either side (Law 77): 7NT redoubled and vulnerable, down thirteen
SCORE_LIMIT = 7600
#: board numbers a file or form may give (Law 2 numbers boards from 1; the web app's limit)
BOARD_LIMIT = 999
#: board numbers of a file of deals (PBN, LIN) that ``show`` and ``check`` read: a deal library numbers its
#: boards on past a session's, to thousands
DEAL_BOARD_LIMIT = 999_999
#: boards in one match (teams, victory points): a long final is 96 to 128 boards
MATCH_BOARDS = 200
#: IMPs one board gives either way (WBF scale: 4000 points and more is 24)
BOARD_IMPS = 24
#: IMPs (or matchpoints, or VPs) a match, a session or a penalty may total either way: a round figure no event
#: reaches (24 IMPs a board over 200 boards is 4,800)
IMP_LIMIT = 10_000
#: a board's matchpoint top (2 a result beaten: 5,000 results) and the results a board may have (Neuberg's norm)
TOP_LIMIT = 10_000
RESULTS_LIMIT = 5_000
#: points a results file gives one side on one board, either way: matchpoints, a percentage, IMPs (cross-IMPs
#: summed over 5,000 results reach 120,000)
POINTS_LIMIT = 1_000_000
#: decimals a figure may be rounded to (scorers keep one or two)
DECIMALS_LIMIT = 6
#: a stored record's id (section, result, ruling, report): a PostgreSQL ``integer``
ID_LIMIT = 2**31 - 1
#: pair and team numbers in a section, tables and rounds of a movement
PAIR_LIMIT = 999
TABLE_LIMIT = 999
ROUND_LIMIT = 999
N = TypeVar("N", int, float)
_WHOLE = re.compile(r"[+-]?[0-9]{1,18}", re.ASCII)
_REAL = re.compile(r"[+-]?(?:[0-9]{1,18}(?:\.[0-9]{0,18})?|\.[0-9]{1,18})(?:[eE][+-]?[0-9]{1,3})?", re.ASCII)


def shown(text: object, width: int = 24) -> str:
    """A value as an error message shows it: its repr, cut to ``width`` characters."""
    out = repr(text)
    return out if len(out) <= width else out[:width - 3] + "..."


def is_whole(text: str) -> bool:
    """Plain ASCII digits, no sign, at most :data:`MAX_DIGITS` of them (what ``isdigit`` was meant to ask).

    >>> is_whole("13"), is_whole("²"), is_whole("-1"), is_whole("9" * 19)
    (True, False, False, False)
    """
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


def whole(text: str, field: str, *, line: int | None = None, low: int | None = None,
          high: int | None = None) -> int:
    """A whole number written in ASCII digits (a sign allowed; spaces and quotes around it dropped), in
    ``low``..``high`` where given; a ParseError naming the field and line otherwise."""
    clean = text.strip().strip('"').strip()
    if _WHOLE.fullmatch(clean) is None:
        digits = clean.lstrip("+-")
        if len(digits) > MAX_DIGITS and digits.isascii() and digits.isdigit():
            if low is not None or high is not None:
                raise ParseError(f"{field} is far out of range ({_span(low, high)}): it has {len(digits)} digits",
                                 field=field, line=line)
            raise ParseError(f"{field} has {len(digits)} digits; no number here has more than {MAX_DIGITS}",
                             field=field, line=line)
        raise ParseError(f"{field} is not a whole number: {shown(text)}", field=field, line=line)
    return in_range(int(clean), field, line=line, low=low, high=high)


def real(text: str, field: str, *, line: int | None = None, low: float | None = None,
         high: float | None = None) -> float:
    """A finite number written in ASCII (``66.67``, ``-3``, ``1e2``), in ``low``..``high`` where given."""
    clean = text.strip().strip('"').strip()
    value = float(clean) if _REAL.fullmatch(clean) else math.nan
    if not math.isfinite(value):
        raise ParseError(f"{field} is not a number: {shown(text)}", field=field, line=line)
    return in_range(value, field, line=line, low=low, high=high)


def figure(value: float) -> str:
    """A number as a message shows it: a whole number in full, a real as ``:g`` writes it."""
    return str(value) if isinstance(value, int) else f"{value:g}"


def _span(low: float | None, high: float | None) -> str:
    """A range as a refusal names it: ``1 to 200``, ``at least 0``, ``at most 13``."""
    if low is not None and high is not None:
        return f"{figure(low)} to {figure(high)}"
    return f"at least {figure(low)}" if low is not None else f"at most {figure(high if high is not None else 0)}"


def in_range(value: N, field: str, *, line: int | None = None, low: N | None = None,
             high: N | None = None) -> N:
    """``value`` when it is finite and lies in ``low``..``high``; a ParseError naming the field and the range
    otherwise (``nan`` compares false with everything, so it is refused first, with the infinities)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise ParseError(f"{field} is not a number: {value!r}", field=field, line=line)
    if (low is not None and value < low) or (high is not None and value > high):
        span = _span(low, high)
        raise ParseError(f"{field} {figure(value)} is not in {span}" if abs(value) < 10**12 else
                         f"{field} is far out of range ({span})", field=field, line=line)
    return value


def bounded(value: object, field: str, low: int, high: int, *, line: int | None = None) -> int:
    """A whole number given from Python (a scoring function's argument, a value already parsed) in
    ``low``..``high``; a ParseError naming the field otherwise (a bool, a float or text is not a whole number).

    >>> bounded(16, "boards", 1, 200)
    16
    >>> bounded(10**30, "boards", 1, 200)
    Traceback (most recent call last):
    ...
    bridge_director.errors.ParseError: boards: boards is far out of range (1 to 200)
    """
    try:
        if isinstance(value, bool):
            raise TypeError
        number = operator.index(value)  # type: ignore[arg-type]  # an int, or a NumPy integer
    except TypeError:
        raise ParseError(f"{field} must be a whole number, not {shown(value)}", field=field, line=line) from None
    return in_range(number, field, line=line, low=low, high=high)


def finite(value: object, field: str, low: float, high: float, *, line: int | None = None) -> float:
    """A real number given from Python, finite and in ``low``..``high``; a ParseError naming the field otherwise.

    >>> finite(55.5, "percent", 0, 100)
    55.5
    >>> finite(float("nan"), "before", 0, 12)
    Traceback (most recent call last):
    ...
    bridge_director.errors.ParseError: before: before is not a number: nan
    """
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ParseError(f"{field} must be a number, not {shown(value)}", field=field, line=line)
    try:
        number = float(value)
    except OverflowError:  # an int of 400 digits
        raise ParseError(f"{field} is far out of range ({_span(low, high)})", field=field, line=line) from None
    return in_range(number, field, line=line, low=float(low), high=float(high))


def table_score(text: str, field: str, *, line: int | None = None) -> int:
    """A board's score at one table (Law 77): a whole number no larger than :data:`SCORE_LIMIT` either way."""
    value = whole(text, field, line=line)
    check_score(value, field, line=line)
    return value


def check_score(value: int, field: str, *, line: int | None = None) -> int:
    """A score a board can give (Law 77); anything larger is refused naming the field."""
    if abs(value) > SCORE_LIMIT:
        raise ParseError(f"a score of {value} is beyond what a board can score ({SCORE_LIMIT} either way)",
                         field=field, line=line, law="77")
    return value


def json_int(value: Any, field: str, *, low: int | None = None, high: int | None = None,
             line: int | None = None) -> int:
    """A JSON value that must be a whole number (not true/false, not a string of digits), in range."""
    if type(value) is not int:
        raise ParseError(f"{field} must be a whole number, not {shown(value)}", field=field, line=line)
    return in_range(value, field, line=line, low=low, high=high)


def json_text(value: Any, field: str, *, max_length: int = 200, line: int | None = None) -> str:
    """A JSON value that must be a string of at most ``max_length`` characters."""
    if not isinstance(value, str):
        raise ParseError(f"{field} must be text, not {shown(value)}", field=field, line=line)
    if len(value) > max_length:
        raise ParseError(f"{field} is longer than {max_length} characters", field=field, line=line)
    return value
