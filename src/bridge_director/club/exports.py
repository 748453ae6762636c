"""The session's results as files for other programs: CSV, USEBIO 1.2 XML and a PBN 2.1 results file.

Every file is written from one ``SectionReport`` (see ``report``), and each is read back by the project's own
readers to the same standings: ``scoring.travellers.results_from_csv``, ``io.usebio.read_usebio`` and
``scoring.travellers.results_from_pbn``.  A board marked not played has no score, so it is not in the files
(the scoring leaves it out too, and Neuberg factors the board).

The PBN file has a game per board (Event, Date, Board, Dealer, Vulnerable, the hand record's Deal when one is
stored, Scoring) and its ``ScoreTable``; the first game also carries the ``TotalScoreTable``.  Tables follow
PBN 2.1 section 5: a column spec ``Name\\widthAlign`` separated by semicolons, then a row per line of
whitespace-separated fields, strings in quotes, ``-`` for a value that is not there.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..errors import RegisterError
from ..io.pbn import PbnGame, PbnTag, write_pbn
from ..io.pbn_tokens import escape
from ..io.usebio import usebio_xml
from ..model import Deal, board_dealer, board_vulnerability
from ..register.models import Board
from ..scoring.event import EventScore, Method
from .models import Section, SessionResult
from .report import SectionReport, fmt_points, load_report
from .setup import scoring_method

CSV_COLUMNS = ("board", "round", "table", "ns", "ew", "contract", "declarer", "tricks", "lead", "ns_score",
               "ns_points", "ew_points")
PBN_SCORING = {Method.MATCHPOINTS: "MP", Method.CROSS_IMPS: "IMP;Cross", Method.BUTLER: "Butler"}


def section_csv(db: Session, section: Section) -> str:
    """A line per result played: board, round, table, pairs, contract, declarer, tricks, lead, N-S score and
    each side's points (``results_from_csv`` reads it back)."""
    return report_csv(load_report(db, section))


def report_csv(rep: SectionReport) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for ln in rep.lines:
        if not ln.played:
            continue
        writer.writerow([ln.board, ln.round_no, ln.table_no, ln.ns, ln.ew, ln.contract, ln.declarer,
                         "" if ln.tricks is None else ln.tricks, ln.lead, ln.ns_score, fmt_points(ln.ns_points),
                         fmt_points(ln.ew_points)])
    return buf.getvalue()


def _scored(rep: SectionReport) -> EventScore:
    if rep.scored is None:
        raise RegisterError(f"{rep.title}: no results yet", field="results")
    return rep.scored


def section_usebio(db: Session, section: Section) -> str:
    """The scored section as a USEBIO 1.2 document, each pair with its players' names."""
    return report_usebio(load_report(db, section))


def report_usebio(rep: SectionReport) -> str:
    names: dict[str, tuple[str, ...]] = {str(number): players for number, players in rep.players.items()}
    return usebio_xml(_scored(rep), title=rep.title, names=names)


def section_pbn(db: Session, section: Section, rep: SectionReport | None = None) -> str:
    """A PBN 2.1 results file: a game per board with its ScoreTable, the TotalScoreTable on the first
    (``rep``: the section's report, if already read)."""
    deals = dict(db.execute(select(Board.number, Board.deal).where(Board.session_id == section.session_id,
                                                                   Board.deal.is_not(None))).all())
    first = db.scalar(select(func.min(SessionResult.entered_at)).where(SessionResult.section_id == section.id))
    date = first.strftime("%Y.%m.%d") if first is not None else ""
    rep = rep if rep is not None else load_report(db, section)
    return report_pbn(rep, {b: d for b, d in deals.items() if d}, date, scoring_method(section))


def _token(value: object, string: bool = False) -> str:
    """A table field: a number or a word as it is, a string (or anything with spaces) in quotes, ``-`` for none."""
    text = "" if value is None else str(value)
    if not text and not string:
        return "-"
    if not string and all(ch.isalnum() or ch in "+-.=" for ch in text):
        return text
    return f'"{escape(text)}"'


def pbn_table(columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[object]],
              strings: frozenset[str] = frozenset()) -> tuple[str, tuple[str, ...]]:
    """A PBN table: the column spec (each width the longest field, ``R``/``L`` as given) and its row lines;
    the columns named in ``strings`` are always quoted."""
    cells = [[_token(v, name in strings) for v, (name, _) in zip(row, columns, strict=True)] for row in rows]
    widths = [max([1, *(len(row[i]) for row in cells)]) for i in range(len(columns))]
    spec = ";".join(f"{name}\\{width}{align}" for (name, align), width in zip(columns, widths, strict=True))
    lines = tuple(" ".join(cell.rjust(w) if align == "R" else cell.ljust(w)
                           for cell, w, (_, align) in zip(row, widths, columns, strict=True)).rstrip()
                  for row in cells)
    return spec, lines


def _score_table(rep: SectionReport, board: int, unit: str) -> tuple[str, tuple[str, ...]]:
    columns = [("Table", "R"), ("Round", "R"), ("PairId_NS", "R"), ("PairId_EW", "R"), ("Contract", "L"),
               ("Declarer", "R"), ("Result", "R"), ("Lead", "L"), ("Score_NS", "R"), (f"{unit}_NS", "R"),
               (f"{unit}_EW", "R")]
    rows = [(ln.table_no, ln.round_no, ln.ns, ln.ew, "Pass" if ln.contract == "PASS" else ln.contract,
             ln.declarer, ln.tricks, ln.lead, ln.ns_score, fmt_points(ln.ns_points), fmt_points(ln.ew_points))
            for ln in rep.traveller(board) if ln.played]
    return pbn_table(columns, rows)


def _total_table(rep: SectionReport, unit: str) -> tuple[str, tuple[str, ...]]:
    ranking = rep.ranking()
    split = any(r.field for r in ranking)
    with_percent = any(r.percent is not None for r in ranking)
    columns = [("Rank", "R"), ("PairId", "R")] + ([("Direction", "L")] if split else []) + [
        (f"TotalScore{unit}", "R")] + ([("TotalPercentage", "R")] if with_percent else []) + [
        ("NrBoards", "R"), ("Names", "L")]
    rows = []
    for r in ranking:
        row: list[object] = [r.place.rstrip("="), r.pair]
        if split:
            row.append({"NS": "N-S", "EW": "E-W"}.get(r.field, ""))
        row.append(fmt_points(r.total))
        if with_percent:
            row.append("" if r.percent is None else f"{r.percent:.2f}")
        row.extend([r.boards, r.names])
        rows.append(row)
    return pbn_table(columns, rows, strings=frozenset({"Direction", "Names"}))


def report_pbn(rep: SectionReport, deals: dict[int, str], date: str = "", method: Method = Method.MATCHPOINTS) -> str:
    """The PBN text of a report; ``deals`` are the stored hand records (PBN deal strings) by board."""
    unit = "MP" if method is Method.MATCHPOINTS else "IMP"
    games = []
    for n, board in enumerate(sorted(set(rep.boards()) | set(deals))):
        dealer = board_dealer(board)
        tags = [("Event", rep.title), *([("Date", date)] if date else []), ("Board", str(board)),
                ("Dealer", dealer.letter), ("Vulnerable", board_vulnerability(board).value)]
        if board in deals:
            tags.append(("Deal", Deal.from_pbn(deals[board]).to_pbn(dealer)))
        tags.extend([("Scoring", PBN_SCORING[method]), ("Declarer", ""), ("Contract", ""), ("Result", "")])
        items = [PbnTag(name, value, 0) for name, value in tags]
        if n == 0 and rep.scored is not None:
            spec, lines = _total_table(rep, unit)
            items.append(PbnTag("TotalScoreTable", spec, 0, lines))
        spec, lines = _score_table(rep, board, unit)
        if lines:
            items.append(PbnTag("ScoreTable", spec, 0, lines))
        games.append(PbnGame.of(items, preamble=("% PBN 2.1", "% EXPORT") if n == 0 else ()))
    return write_pbn(games)
