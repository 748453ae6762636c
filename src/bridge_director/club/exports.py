"""The session's results as files for other programs: CSV, USEBIO 1.2 XML and a PBN 2.1 results file.

Every file is written from one ``SectionReport`` (see ``report``), and each is read back by the project's own
readers to the same standings: ``io.travellers.results_from_csv``, ``io.usebio.read_usebio`` and
``io.travellers.results_from_pbn``.  A board marked not played has no score, so it is not in the files
(the scoring leaves it out too, and Neuberg factors the board), unless a ruling gave it an artificial score.

Every line is written as it was scored: a ruling's decision in place of the table result (``scores.score_section``),
with the ruling's reference.  What each file writes for an adjusted line (split, weighted, fouled, artificial) is
in ``docs/session-results.md``; penalties (Law 90) are in the totals of the USEBIO and PBN files, not on a line.

The PBN file has a game per board (Event, Date, Board, Dealer, Vulnerable, the hand record's Deal when one is
stored, Scoring) and its ``ScoreTable``; the first game also carries the ``TotalScoreTable``.  Tables follow
PBN 2.1 section 5: a column spec ``Name\\widthAlign`` separated by semicolons, then a row per line of
whitespace-separated fields, strings in quotes, ``-`` for a value that is not there.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..errors import RegisterError
from ..io.pbn import PbnGame, PbnTag, write_pbn
from ..io.pbn_tokens import escape
from ..io.score_csv import award_text, event_csv
from ..io.usebio import usebio_xml
from ..model import Deal, board_dealer, board_vulnerability
from ..register.models import Board, Section, SessionResult
from ..scoring.event import EventScore, Method, Result, ScoredLine
from ..scoring.outcomes import AWARDS, outcomes_text
from .report import SectionReport, TravellerRow, fmt_points, load_report
from .setup import scoring_method

PBN_SCORING = {Method.MATCHPOINTS: "MP", Method.CROSS_IMPS: "IMP;Cross", Method.BUTLER: "Butler"}


def _as_scored(rep: SectionReport) -> list[tuple[TravellerRow, ScoredLine]]:
    """Each table's line as it was scored (a ruling's decision in place of the table result), in the report's
    order; a board not played and given no score is left out."""
    scored = {(b.board, ln.result.ns, ln.result.ew): ln for b in rep.scored.boards for ln in b.lines} \
        if rep.scored is not None else {}
    out = []
    for row in rep.lines:
        line = scored.get((row.board, str(row.ns), str(row.ew)))
        if line is not None:
            out.append((row, line))
    return out


def _adjusted(row: TravellerRow, r: Result) -> bool:
    return row.ruling is not None or bool(r.note or r.group or r.split or r.weighted or r.artificial)


def ruling_note(row: TravellerRow, r: Result) -> str:
    """The line's note with the ruling's reference: ``ruling 3: Law 12C1b`` (the scorer's note), or the ruling's
    number before a note of another kind (``ruling 4 (A+/A-)``)."""
    if row.ruling is None or r.note.startswith(f"ruling {row.ruling}"):
        return r.note
    return f"ruling {row.ruling}" + (f" ({r.note})" if r.note else "")


def section_csv(db: Session, section: Section) -> str:
    """A line per result scored, as ``io.score_csv.event_csv`` writes every scored traveller, with the round and
    table it was played at and the ruling that changed it (``results_from_csv`` reads it back)."""
    return report_csv(load_report(db, section))


def report_csv(rep: SectionReport) -> str:
    places = {(row.board, str(row.ns), str(row.ew)): (row.round_no, row.table_no, row.ruling) for row in rep.lines}
    return event_csv(_scored(rep), places)


def _scored(rep: SectionReport) -> EventScore:
    if rep.scored is None:
        raise RegisterError(f"{rep.title}: no results yet", field="results")
    return rep.scored


def section_usebio(db: Session, section: Section) -> str:
    """The scored section as a USEBIO 1.2 document, each pair with its players' names."""
    return report_usebio(load_report(db, section))


def report_usebio(rep: SectionReport) -> str:
    names: dict[str, tuple[str, ...]] = {
        str(number): players if all(players) else (rep.names[number],)  # a pair of travellers: as the file named it
        for number, players in rep.players.items()}
    return usebio_xml(_scored(rep), title=rep.title, names=names)


def section_pbn(db: Session, section: Section, rep: SectionReport | None = None, method: Method | None = None) -> str:
    """A PBN 2.1 results file: a game per board with its ScoreTable, the TotalScoreTable on the first
    (``rep``: the section's report, if already read; ``method``: the one it was scored by, when not the
    section's own)."""
    deals = dict(db.execute(select(Board.number, Board.deal).where(Board.session_id == section.session_id,
                                                                   Board.deal.is_not(None))).all())
    first = db.scalar(select(func.min(SessionResult.entered_at)).where(SessionResult.section_id == section.id))
    date = first.strftime("%Y.%m.%d") if first is not None else ""
    rep = rep if rep is not None else load_report(db, section, method)
    return report_pbn(rep, {b: d for b, d in deals.items() if d}, date, method or scoring_method(section))


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


def _score_cells(r: Result) -> tuple[object, object]:
    """Score_NS and Score_EW: a score (Score_EW only where a split gives E-W another), an award's letters
    (``A+``) or percentages (``A60``), or a weighted score's outcomes (``1430@0.3;680@0.7``)."""
    if r.weighted:
        return outcomes_text(r.outcomes), None
    if r.artificial:
        letters = r.note.split("/")
        if len(letters) == 2 and all(part in AWARDS for part in letters):
            return letters[0], letters[1]
        return f"A{award_text(r.ns_award)}", f"A{award_text(r.ew_award)}"
    if r.split:
        assert r.ew_score is not None
        return r.score, -r.ew_score
    return r.score, None


def _score_table(rep: SectionReport, board: int, unit: str, adjusted: bool, groups: bool
                 ) -> tuple[str, tuple[str, ...]]:
    columns = [("Table", "R"), ("Round", "R"), ("PairId_NS", "R"), ("PairId_EW", "R"), ("Contract", "L"),
               ("Declarer", "R"), ("Result", "R"), ("Lead", "L"), ("Score_NS", "R")]
    columns += [("Score_EW", "R")] if adjusted else []
    columns += [(f"{unit}_NS", "R"), (f"{unit}_EW", "R")]
    columns += [("Group", "L")] if groups else []
    columns += [("Note", "L")] if adjusted else []
    rows = []
    for row, ln in _as_scored(rep):
        if row.board != board:
            continue
        r = ln.result
        ns_cell, ew_cell = _score_cells(r)
        cells: list[object] = [row.table_no, row.round_no, r.ns, r.ew, "Pass" if r.contract == "PASS" else r.contract,
                               r.declarer, r.tricks, r.lead, ns_cell]
        cells += [ew_cell] if adjusted else []
        cells += [fmt_points(ln.ns), fmt_points(ln.ew)]
        cells += [r.group] if groups else []
        cells += [ruling_note(row, r)] if adjusted else []
        rows.append(cells)
    return pbn_table(columns, rows, strings=frozenset({"Group", "Note"}))


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
    scored = _as_scored(rep)
    adjusted = any(_adjusted(row, ln.result) for row, ln in scored)
    groups = any(ln.result.group for _, ln in scored)
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
        spec, lines = _score_table(rep, board, unit, adjusted, groups)
        if lines:
            items.append(PbnTag("ScoreTable", spec, 0, lines))
        games.append(PbnGame.of(items, preamble=("% PBN 2.1", "% EXPORT") if n == 0 else ()))
    return write_pbn(games)
