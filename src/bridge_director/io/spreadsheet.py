"""CSV written for spreadsheets: a cell that a spreadsheet would run as a formula is written as text.

A cell whose text starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'``
(the spreadsheet's own mark for "this is text"), unless the whole cell is a plain number such as ``-100``:
scores stay numbers.  Every CSV the product exports goes through :func:`safe_writer`.

>>> [safe_cell(v) for v in ("=HYPERLINK(\\"http://x\\")", "-100", "-1+1", "@SUM(A1)", "4S=", 7, "", "\\tx")]
['\\'=HYPERLINK("http://x")', '-100', "'-1+1", "'@SUM(A1)", '4S=', 7, '', "'\\tx"]
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Any, Protocol

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def safe_cell(value: object) -> object:
    """``value`` as a spreadsheet reads it as data: a formula-like text behind a ``'``; anything else unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


def safe_text(text: str) -> str:
    """:func:`safe_cell` of a text, as a text."""
    if text.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


class _Sink(Protocol):
    def write(self, text: str, /) -> Any: ...


class SafeWriter:
    """``csv.writer`` whose rows pass through :func:`safe_cell`."""

    def __init__(self, sink: _Sink, **options: Any) -> None:
        self._writer = csv.writer(sink, **options)

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([safe_cell(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)


def safe_writer(sink: _Sink, lineterminator: str = "\n") -> SafeWriter:
    """A CSV writer for an export (lines end in ``\\n`` unless told otherwise)."""
    return SafeWriter(sink, lineterminator=lineterminator)
