"""A board's scored lines written from their columns (``scoring.event.LineColumns``) as ``io.score_csv.event_csv``
writes them line by line, the same text without an object a line.

A plain line (``Result(board, ns, ew, score)``) is one row of a template: each pair's name is made a cell
once (through the spreadsheet guard and the CSV writer), each number of points formatted once; the score and the
board are whole numbers, which need neither.  Any other line is written from its object by the safe writer.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Iterator, Sequence

from ..scoring.event import LineColumns, Result
from .spreadsheet import SafeWriter, safe_text, safe_writer


class LinesWriter:
    """Writes boards' lines from their columns into ``sink``, where ``writer`` (a safe writer on ``sink``) writes a
    line that is not plain, as ``cells`` (``io.score_csv.line_cells``) makes its row."""

    def __init__(self, sink: io.StringIO, writer: SafeWriter,
                 cells: Callable[[Result, float, float], list[object]]) -> None:
        self._sink, self._writer, self._cells = sink, writer, cells
        self._names: dict[str, str] = {}
        self._scratch = io.StringIO()
        self._one = safe_writer(self._scratch)

    def write(self, board: int, lines: LineColumns) -> None:
        """Board ``board``'s lines."""
        rows = zip(self._cells_of(lines.ns), self._cells_of(lines.ew), lines.score, _points(lines.ns_points),
                   _points(lines.ew_points), strict=True)
        # a plain line's row (``event_csv`` without places): board, ns, ew, contract, declarer, tricks, score,
        # ns_award, ew_award, the two sides' points, lead, note, ew_score, outcomes, group
        if not lines.odd:
            self._sink.write("".join([f"{board},{ns},{ew},,,,{score},,,{a},{b},,,,,\n"
                                      for ns, ew, score, a, b in rows]))
            return
        for k, (ns, ew, score, a, b) in enumerate(rows):
            odd = lines.odd.get(k)
            if odd is None:
                self._sink.write(f"{board},{ns},{ew},,,,{score},,,{a},{b},,,,,\n")
            else:
                self._writer.writerow(self._cells(odd, lines.ns_points[k], lines.ew_points[k]))

    def _cells_of(self, names: Sequence[str]) -> Iterator[str]:
        """Each name as a cell of a row (one with a sign, a comma or a quote as the safe writer writes it)."""
        known = self._names
        for name in set(names).difference(known):
            known[name] = name if isinstance(name, str) and name.isalnum() else self._cell(name)
        return map(known.__getitem__, names)

    def _cell(self, value: object) -> str:
        scratch = self._scratch
        scratch.seek(0)
        scratch.truncate()
        self._one.writerow([value, ""])
        return scratch.getvalue()[:-2]  # less the empty cell's comma and the line's end


def _points(values: Sequence[float]) -> Iterable[str]:
    """Each value as ``f"{value:.2f}"`` behind the spreadsheet guard, formatted once a value."""
    text = {value: safe_text(f"{value:.2f}") for value in set(values)}
    if 0.0 in text and any(math.copysign(1.0, v) < 0 for v in values if not v):  # -0.0 is 0.0's key, not its text
        return [safe_text(f"{value:.2f}") for value in values]
    return map(text.__getitem__, values)
