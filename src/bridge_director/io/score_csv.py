"""Scored travellers, standings and traveller lines written as CSV (``travellers`` reads the lines back).

Every writer keeps a cell from being read as a formula by a spreadsheet (``io.spreadsheet``).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..scoring.event import EventScore, LazyLines, Result
from ..scoring.outcomes import outcomes_text

if TYPE_CHECKING:
    from .score_lines import LinesWriter
    from .spreadsheet import SafeWriter


def _writer(buf: io.StringIO) -> SafeWriter:
    """A CSV writer that keeps a cell from being read as a formula (``io.spreadsheet``), loaded when written."""
    from .spreadsheet import safe_writer

    return safe_writer(buf)


#: where each scored line was played, by (board, N-S pair, E-W pair): (round, table, the ruling that changed it)
Places = Mapping[tuple[int, str, str], tuple[int, int, "int | None"]]


def event_csv(scored: EventScore, places: Places | None = None) -> str:
    """The scored travellers as CSV: board, pairs, score or award, and each side's points; an adjusted line's
    ``ew_score`` (split), ``outcomes`` (weighted) and ``group`` (fouled board) go last.  The one writer of scored
    travellers: a stored section gives ``places`` too, and each line then carries its ``round`` and ``table``
    (after the board) and the number of the ``ruling`` that changed it (last).

    Lines scored by columns (``scoring.event.LazyLines``) are written from their columns (``io.score_lines``),
    the same text without an object a line."""
    buf = io.StringIO()
    writer = _writer(buf)
    where = ["round", "table"] if places is not None else []
    writer.writerow(["board", *where, "ns", "ew", "contract", "declarer", "tricks", "score", "ns_award", "ew_award",
                     f"ns_{scored.method.unit.lower()}", f"ew_{scored.method.unit.lower()}", "lead", "note",
                     *ADJUSTED_COLUMNS, *(["ruling"] if places is not None else [])])
    by_columns: LinesWriter | None = None
    for board in scored.boards:
        lines = board.lines
        if places is None and isinstance(lines, LazyLines):
            if by_columns is None:
                from .score_lines import LinesWriter

                by_columns = LinesWriter(buf, writer, line_cells)
            by_columns.write(board.board, lines.columns())
            continue
        for ln in lines:
            writer.writerow(line_cells(ln.result, ln.ns, ln.ew, places))
    return buf.getvalue()


def line_cells(r: Result, ns: float, ew: float, places: Places | None = None) -> list[object]:
    """A scored line's cells in :func:`event_csv` (``io.score_lines`` writes a plain line's row as they make it)."""
    place: list[object] = []
    ruling: list[object] = []
    if places is not None:
        round_no, table_no, by = places.get((r.board, r.ns, r.ew), (None, None, None))
        place = ["" if round_no is None else round_no, "" if table_no is None else table_no]
        ruling = ["" if by is None else by]
    # lead and note go last so the points stay where they were; the note (A+/A-, A6040) tells a letter
    # award from IMPs given as such, so the file scores the same when read back
    return [r.board, *place, r.ns, r.ew, r.contract, r.declarer, "" if r.tricks is None else r.tricks,
            "" if r.score is None else r.score, award_text(r.ns_award), award_text(r.ew_award),
            f"{ns:.2f}", f"{ew:.2f}", r.lead, r.note, *adjusted_cells(r), *ruling]


#: the columns an adjusted line needs beyond a played one (split, weighted, fouled board)
ADJUSTED_COLUMNS = ("ew_score", "outcomes", "group")


def adjusted_cells(r: Result) -> tuple[str, str, str]:
    """A line's ``ew_score``, ``outcomes`` and ``group`` cells (empty for a line that has none)."""
    return ("" if r.ew_score is None else str(r.ew_score), outcomes_text(r.outcomes), r.group)


def standings_csv(scored: EventScore) -> str:
    """The ranking as CSV."""
    buf = io.StringIO()
    writer = _writer(buf)
    writer.writerow(["field", "place", "pair", "total", "percent", "boards"])
    for st in scored.standings:
        writer.writerow([st.field, st.place, st.pair, f"{st.total:.2f}",
                         "" if st.percent is None else f"{st.percent:.2f}", st.boards])
    return buf.getvalue()


def award_text(value: float | None) -> str:
    """An award as short as it reads back exactly (``60``, ``66.67``, ``66.66666666666667``)."""
    if value is None:
        return ""
    short = f"{value:g}"
    return short if float(short) == value else repr(float(value))


def results_to_csv(results: Iterable[Result]) -> str:
    """Traveller lines as CSV that :func:`results_from_csv` reads back, adjusted lines included."""
    buf = io.StringIO()
    writer = _writer(buf)
    writer.writerow(["board", "ns", "ew", "score", "contract", "declarer", "tricks", "lead", "ns_award", "ew_award",
                     "note", *ADJUSTED_COLUMNS])
    for r in results:
        writer.writerow([r.board, r.ns, r.ew, "" if r.score is None else r.score, r.contract, r.declarer,
                         "" if r.tricks is None else r.tricks, r.lead, award_text(r.ns_award),
                         award_text(r.ew_award), r.note, *adjusted_cells(r)])
    return buf.getvalue()
