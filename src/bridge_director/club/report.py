"""The session's results as the players read them: the ranking, each board's traveller and frequency table,
each pair's personal score card, and the whole of it as one self-contained page to print or publish.  A line a
ruling changed carries the ruling's number and its decision in short ("adj." on the pages, linked to the written
ruling); a pair whose total carries a penalty carries the rulings that gave it.

Everything is read in a fixed handful of queries (the entry with its players, the results with their boards)
into a ``SectionReport`` of plain values; the points come from ``scores.score_section``, so a page and the
scorer never disagree.

>>> fmt_points(5.0), fmt_points(3.3333333), fmt_points(None)
('5', '3.33', '')
>>> contract_text("4SX"), contract_text("3NT"), contract_text("PASS")
('4♠X', '3NT', 'Passed')
"""

from __future__ import annotations

import re
import threading
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from dataclasses import field as default
from typing import Any

from markupsafe import Markup, escape
from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload, load_only, selectinload

from ..errors import RegisterError
from ..register.models import Board, Pair, Section, Substitute
from ..scoring.event import BoardScore, EventScore, LazyLines, Method, ScoredLine
from ..scoring.matchpoints import FrequencyRow
from ..scoring.report import frequency_chart
from .adjustments import penalised_pair
from .decision_text import decision_short
from .decisions import Decision, NoAdjustment
from .results import NOT_PLAYED
from .scores import SectionRead, StoredLine, read_section, score_read, spliced
from .setup import pair_name, players_in, scoring_method

DIRECTIONS = {"NS": "N-S", "EW": "E-W", "": ""}
_SPECIAL = re.compile("[<>&'\"]")  # what HTML text escapes
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@dataclass(frozen=True, slots=True)
class RankingRow:
    """A pair's place: ``field`` is NS or EW when the directions are ranked apart, empty otherwise."""

    field: str
    place: str
    pair: int
    names: str
    total: float
    percent: float | None
    boards: int
    penalties: tuple[int, ...] = ()  # the rulings whose penalties come off this total


@dataclass(frozen=True, slots=True)
class TravellerRow:
    """One table's result on a board, with the pairs' names (substitutes counted) and each side's points."""

    board: int
    round_no: int
    table_no: int
    ns: int
    ew: int
    ns_names: str
    ew_names: str
    played: bool
    contract: str
    declarer: str
    tricks: int | None
    lead: str
    ns_score: int | None
    ns_points: float | None
    ew_points: float | None
    result_id: int = 0
    ruling: int | None = None  # the ruling whose decision replaced this table result
    adjusted: str = ""  # that decision in short


@dataclass(frozen=True, slots=True)
class CardRow:
    """A board on a pair's score card: the score and points from the pair's own side, and the running total."""

    board: int
    round_no: int
    table_no: int
    direction: str
    opponents: int
    opponent_names: str
    contract: str
    declarer: str
    tricks: int | None
    score: int | None
    points: float | None
    running: float
    ruling: int | None = None
    adjusted: str = ""


@dataclass(frozen=True, slots=True)
class ScoreCard:
    pair: int
    names: str
    rows: tuple[CardRow, ...]
    total: float
    standing: RankingRow | None


@dataclass(frozen=True, slots=True)
class SectionReport:
    """A section's results read once: names, every traveller line, and the scoring (None before any result)."""

    section_id: int
    title: str
    unit: str
    names: dict[int, str]
    players: dict[int, tuple[str, str]]
    lines: tuple[TravellerRow, ...]
    scored: EventScore | None
    penalties: dict[int, tuple[int, ...]] = default(default_factory=dict)  # pair number -> rulings
    method: str = "pairs"  # the section's scoring method, as stored

    def ruling_url(self, ruling: int) -> str:
        return f"/sessions/{self.section_id}/rulings/{ruling}"

    def ranking(self) -> list[RankingRow]:
        """The standings, N-S before E-W, with the pairs' names as entered."""
        if self.scored is None:
            return []
        rows = [RankingRow(s.field, s.place, int(s.pair), self.names.get(int(s.pair), ""), s.total, s.percent,
                           s.boards, self.penalties.get(int(s.pair), ())) for s in self.scored.standings]
        return sorted(rows, key=lambda r: r.field == "EW")

    def fields(self) -> list[str]:
        """The fields ranked: ``[""]``, or ``["NS", "EW"]`` when the directions are ranked apart."""
        return sorted({row.field for row in self.ranking()}, key=lambda field: field == "EW")

    def boards(self) -> list[int]:
        return sorted({line.board for line in self.lines})

    def board_score(self, board: int) -> BoardScore | None:
        return next((b for b in self.scored.boards if b.board == board), None) if self.scored else None

    def traveller(self, board: int) -> list[TravellerRow]:
        return [line for line in self.lines if line.board == board]

    def score_card(self, pair: int) -> ScoreCard:
        if pair not in self.names:
            raise RegisterError(f"there is no pair {pair} in this section", field="pair")
        lines = [ln for ln in self.lines if pair in (ln.ns, ln.ew)]
        return _score_card(self, pair, lines, next((r for r in self.ranking() if r.pair == pair), None))


def _score_card(rep: SectionReport, pair: int, lines: list[TravellerRow], standing: RankingRow | None) -> ScoreCard:
    """Pair ``pair``'s card from its own lines, in the report's order."""
    rows: list[CardRow] = []
    running = 0.0
    for ln in lines:
        ns = ln.ns == pair
        points = ln.ns_points if ns else ln.ew_points
        running += points or 0.0
        score = None if ln.ns_score is None else (ln.ns_score if ns else -ln.ns_score)
        rows.append(CardRow(ln.board, ln.round_no, ln.table_no, "N-S" if ns else "E-W", ln.ew if ns else ln.ns,
                            ln.ew_names if ns else ln.ns_names, ln.contract, ln.declarer, ln.tricks, score,
                            points, running, ln.ruling, ln.adjusted))
    return ScoreCard(pair, rep.names[pair], tuple(rows), running, standing)


@dataclass(frozen=True, slots=True)
class ReportBasis:
    """What a section's report is made from, read once: the entry's names (substitutes counted, worked out when
    first asked for), the title, and the results, decisions and penalties as read (``scores.read_section``).  A
    change to a few boards' results makes a new basis from an old one (``club.score_patch``)."""

    names: _Names
    pair_names: dict[int, str]
    players: dict[int, tuple[str, str]]
    title: str
    read: SectionRead


def read_basis(db: Session, section: Section) -> ReportBasis:
    """The section's entry and results in a fixed handful of queries (none per row).

    The pairs (with their players and substitutes) and the session's boards are read first and held, so the
    results, decisions and penalties read once (``scores.read_section``) serve both the scorer and the lines.
    """
    pairs = {p.id: p for p in db.scalars(select(Pair).where(Pair.section_id == section.id).options(
        joinedload(Pair.player1), joinedload(Pair.player2),
        selectinload(Pair.substitutes).joinedload(Substitute.player))).unique()}
    held = db.scalars(select(Board).where(Board.session_id == section.session_id)
                      .options(load_only(Board.id, Board.number, Board.session_id))).all()
    read = read_section(db, section)
    for penalty in read.penalties:
        penalised_pair(penalty)  # its pair loaded while the boards and pairs are held
    del held
    session = section.session
    by_number = sorted(pairs.values(), key=lambda p: p.number)
    return ReportBasis(_Names(pairs), {p.number: pair_name(p) for p in by_number},
                       {p.number: players_in(p) for p in by_number},
                       f"{session.event.name}, {session.name}, section {section.letter}", read)


def load_report(db: Session, section: Section, method: Method | None = None) -> SectionReport:
    """The section's entry and results in a fixed handful of queries (none per row), scored once (by the
    section's own method, or by ``method``: a section of uploaded results may be looked at by another)."""
    return report_of(section, read_basis(db, section), method)


def report_of(section: Section, basis: ReportBasis, method: Method | None = None,
              previous: tuple[SectionReport, Collection[int]] | None = None) -> SectionReport:
    """The report of what ``basis`` read, scored now (no query but the section's own).

    ``previous`` is a report of the same entry, decisions and penalties, and the boards (numbers) whose results
    have changed since: the lines of any other board scored exactly as before are that report's own.
    """
    read = basis.read
    scored = score_read(section, read, method=method) if read.lines else None
    return _report(section, basis, scored, _unchanged(previous, scored), method)


def report_after(section: Section, basis: ReportBasis, report: SectionReport, changed: Collection[int],
                 scored: EventScore | None) -> SectionReport:
    """The report of what ``basis`` read, scored as ``scored`` (by the section's own method), ``report`` being that
    of the same entry, decisions and penalties before the boards ``changed`` (numbers) changed, and no other
    board's points having moved since: the rows of every other board are ``report``'s own, not compared nor
    looked at (the rows of the changed boards are put in their place by bisection)."""
    read = basis.read
    rows = [row for number in sorted(changed) for row in
            read.lines[bisect_left(read.lines, number, key=_number):bisect_right(read.lines, number, key=_number)]]
    fresh = _rows(basis, rows, scored, _decisions(read), set(changed))
    lines = spliced(list(report.lines), changed, fresh, _board_of)
    return SectionReport(section.id, basis.title, report.unit, basis.pair_names, basis.players, tuple(lines), scored,
                         _penalised(read), section.method)


def _number(row: StoredLine) -> int:
    return row.board


def _decisions(read: SectionRead) -> dict[int, tuple[Decision, int]]:
    """The decisions that change a figure, by result id ("the table result stands" adjusts none)."""
    return {rid: found for rid, found in read.decisions.items() if not isinstance(found[0], NoAdjustment)}


def _penalised(read: SectionRead) -> dict[int, tuple[int, ...]]:
    """The rulings whose penalties come off each pair's total, by pair number."""
    penalised: dict[int, list[int]] = {}
    for penalty in read.penalties:
        penalised.setdefault(penalised_pair(penalty).number, []).append(penalty.ruling_id)
    return {pair: tuple(sorted(set(ids))) for pair, ids in penalised.items()}


def _rows(basis: ReportBasis, rows: Iterable[StoredLine], scored: EventScore | None,
          decisions: dict[int, tuple[Decision, int]], boards: Collection[int] | None) -> list[TravellerRow]:
    """The report's rows of the stored lines ``rows``, their points from ``scored`` (of its boards ``boards``;
    None: all)."""
    points: dict[tuple[int, str, str], ScoredLine] = {}
    for board_score in scored.boards if scored else ():
        if boards is not None and board_score.board not in boards:
            continue
        for scored_line in board_score.lines:
            points[(board_score.board, scored_line.result.ns, scored_line.result.ew)] = scored_line
    names = basis.names
    out = []
    for row in rows:
        line = points.get((row.board, str(row.ns), str(row.ew)))
        decision, ruling = decisions.get(row.id, (None, None))
        out.append(TravellerRow(row.board, row.round_no, row.table_no, row.ns, row.ew,
                                names(row.ns_id, row.round_no), names(row.ew_id, row.round_no),
                                row.status != NOT_PLAYED, row.contract, row.declarer, row.tricks, row.lead,
                                row.ns_score, line.ns if line else None, line.ew if line else None, row.id, ruling,
                                decision_short(decision, row.board) if decision is not None else ""))
    return out


def _report(section: Section, basis: ReportBasis, scored: EventScore | None,
            kept: dict[int, tuple[TravellerRow, ...]], method: Method | None) -> SectionReport:
    """The report of ``basis`` scored as ``scored``, the rows of the boards in ``kept`` being those given."""
    read = basis.read
    lines: list[TravellerRow] = []
    fresh = iter(_rows(basis, (row for row in read.lines if row.board not in kept), scored, _decisions(read),
                       {b.board for b in scored.boards if b.board not in kept} if scored else None))
    for row in read.lines:
        same = kept.get(row.board)
        if same is None:
            lines.append(next(fresh))
        elif not lines or lines[-1].board != row.board:
            lines.extend(same)  # the board's rows, once (its lines are together)
    unit = (method or scoring_method(section)).unit
    return SectionReport(section.id, basis.title, unit, basis.pair_names, basis.players, tuple(lines), scored,
                         _penalised(read), method.value if method is not None else section.method)


def _unchanged(previous: tuple[SectionReport, Collection[int]] | None,
               scored: EventScore | None) -> dict[int, tuple[TravellerRow, ...]]:
    """The previous report's rows of each board not changed and scored exactly as before, by board."""
    if previous is None or scored is None or previous[0].scored is None:
        return {}
    report, changed = previous
    before = {b.board: b for b in report.scored.boards} if report.scored else {}
    rows: dict[int, list[TravellerRow]] = {}
    for line in report.lines:
        rows.setdefault(line.board, []).append(line)
    return {b.board: tuple(rows[b.board]) for b in scored.boards
            if b.board not in changed and b.board in rows and _same_points(before.get(b.board), b)}


def _same_points(before: BoardScore | None, now: BoardScore) -> bool:
    """Whether every line of the board has the same points (and the same pairs, in the same order) as before: as
    columns where both boards were scored as columns, without making an object a line."""
    if before is None:
        return False
    if isinstance(before.lines, LazyLines) and isinstance(now.lines, LazyLines):
        one, two = before.lines.columns(), now.lines.columns()
        return (one.ns, one.ew, one.ns_points, one.ew_points, one.odd) == \
            (two.ns, two.ew, two.ns_points, two.ew_points, two.odd)
    return before.lines == now.lines


class _Names:
    """A pair's names in a round (substitutes counted), each worked out once."""

    def __init__(self, pairs: dict[int, Pair]) -> None:
        self.pairs = pairs
        self.known: dict[tuple[int, int], str] = {}

    def __call__(self, pair_id: int, round_no: int) -> str:
        pair = self.pairs[pair_id]
        key = (pair_id, round_no if pair.substitutes else 0)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = pair_name(pair, round_no)
        return found


def ranking_rows(db: Session, section: Section) -> list[RankingRow]:
    """Place, pair, names, total, percentage and boards; N-S and E-W apart when the movement ranks them apart."""
    return load_report(db, section).ranking()


def traveller_rows(db: Session, section: Section, board: int) -> list[TravellerRow]:
    """Board ``board``'s traveller: every table's result with each side's points."""
    return load_report(db, section).traveller(board)


def score_card(db: Session, section: Section, pair_number: int) -> ScoreCard:
    """Pair ``pair_number``'s personal score card; a pair not in the entry is a RegisterError."""
    return load_report(db, section).score_card(pair_number)


def frequency(board: BoardScore) -> list[FrequencyRow]:
    """The board's frequency table, highest N-S score first: score, times scored, each side's points."""
    return list(board.frequency)


# ----- the printable page -------------------------------------------------------------------------------
PAGE_CSS = ("body{font-family:system-ui,sans-serif;margin:1.5em;color:#1b1b1b}table{border-collapse:collapse;"
            "margin:.5em 0}td,th{padding:2px 8px;border-bottom:1px solid #ccc;text-align:right}"
            "td.n,th.n{text-align:left}section{margin:1.5em 0;break-inside:avoid}h1{font-size:1.5em}"
            "nav a{margin-right:.8em}@media print{body{margin:0;font-size:10pt}nav{display:none}"
            "a{color:inherit;text-decoration:none}}"
            # on a screen (a phone first): the board links wrap and are a finger wide, a table wider than the
            # screen scrolls within itself
            "@media screen{nav{display:flex;flex-wrap:wrap}nav a{min-width:44px;line-height:44px;margin:0;"
            "text-align:center}table{display:block;max-width:100%;overflow-x:auto}td a{display:inline-block;"
            "min-width:44px;line-height:44px;text-align:center}}")


def fmt_points(value: float | None) -> str:
    """Points as a scorer prints them: at most two decimals, no trailing zeros."""
    return "" if value is None else f"{round(value, 2):g}"


def contract_text(contract: str) -> str:
    """A stored contract with its suit symbol; ``PASS`` as ``Passed``."""
    if contract == "PASS":
        return "Passed"
    if len(contract) > 1 and contract[1] in SYMBOLS:
        return contract[0] + SYMBOLS[contract[1]] + contract[2:]
    return contract


def _cell(value: object) -> str:
    """A value as HTML text: escaped (``Markup`` kept as it is); a number needs no escaping."""
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and not isinstance(value, Markup) and not _SPECIAL.search(value):
        return value
    return str(escape(value))


def _cells(*values: object, text: tuple[int, ...] = ()) -> str:
    """A table row of escaped values (``Markup`` kept as it is); the columns in ``text`` are left-aligned."""
    return "<tr>" + "".join(f"<td class='n'>{_cell(v)}</td>" if i in text else f"<td>{_cell(v)}</td>"
                            for i, v in enumerate(values)) + "</tr>"


def _head(*names: str, text: tuple[int, ...] = ()) -> str:
    return "<tr>" + "".join(f"<th class='n'>{escape(n)}</th>" if i in text else f"<th>{escape(n)}</th>"
                            for i, n in enumerate(names)) + "</tr>"


def adjusted_mark(rep: SectionReport, ruling: int | None, text: str = "", label: str = "adj.") -> Markup:
    """``adj.`` (or ``label``) linked to the written ruling, with the decision in short; empty without a ruling."""
    if ruling is None:
        return Markup("")
    note = Markup(" <span class='adj-text'>{}</span>").format(text) if text else Markup("")
    return Markup("<a class='adj' href='{}' title='ruling {}'>{}</a>{}").format(rep.ruling_url(ruling), ruling,
                                                                               label, note)


def penalty_marks(rep: SectionReport, rulings: tuple[int, ...]) -> Markup:
    """``pen.`` linked to each ruling whose penalty comes off a pair's total."""
    return Markup(" ").join(adjusted_mark(rep, r, label="pen.") for r in rulings)


def _ranking_html(rep: SectionReport, ranking: list[RankingRow], rows: dict[RankingRow, str]) -> list[str]:
    """The ranking tables, each row as ``rows`` holds it rendered (``_ranking_rows``)."""
    out = []
    for field in sorted({row.field for row in ranking}, key=lambda field: field == "EW"):
        out.append(f"<h2>Ranking {DIRECTIONS[field]}</h2><table>"
                   f"{_head('Place', 'Pair', 'Names', rep.unit, '%', 'Boards', text=(2,))}")
        out.extend(rows[r] for r in ranking if r.field == field)
        out.append("</table>")
    return out


def _traveller_html(rep: SectionReport, board: int, lines: list[TravellerRow],
                    scores: dict[int, BoardScore]) -> list[str]:
    out = [f"<section class='board' id='board-{board}'><h2>Board {board}</h2><table>",
           _head("Rd", "Table", "N-S", "E-W", "Contract", "By", "Lead", "Tricks", "N-S score",
                 f"N-S {rep.unit}", f"E-W {rep.unit}", "Ruling", text=(11,))]
    for ln in lines:
        contract = contract_text(ln.contract) if ln.played else "not played"
        out.append(_cells(ln.round_no, ln.table_no, ln.ns, ln.ew, contract, ln.declarer, ln.lead, ln.tricks,
                          ln.ns_score, fmt_points(ln.ns_points), fmt_points(ln.ew_points),
                          adjusted_mark(rep, ln.ruling, ln.adjusted), text=(11,)))
    out.append("</table>")
    scored = scores.get(board)
    if scored is not None and scored.frequency:
        out.append(frequency_chart(scored))
        out.append(f"<table>{_head('N-S score', 'Times', f'N-S {rep.unit}', f'E-W {rep.unit}')}")
        out.extend(_cells(f"{r.score:g}", f"{r.frequency:g}", fmt_points(r.ns), fmt_points(r.ew))
                   for r in frequency(scored))
        out.append("</table>")
    out.append("</section>")
    return out


def _card_table(rep: SectionReport, card: ScoreCard) -> list[str]:
    pair = card.pair
    out = [f"<section class='card' id='pair-{pair}'><h2>Pair {pair}: {escape(card.names)}</h2><table>",
           _head("Board", "Rd", "Table", "Dir", "Opponents", "Contract", "By", "Tricks", "Score", rep.unit, "Total",
                 "Ruling", text=(4, 11))]
    for r in card.rows:
        contract = contract_text(r.contract) if r.score is not None else "not played"
        out.append(_cells(Markup(f"<a href='#board-{r.board}'>{r.board}</a>"), r.round_no, r.table_no, r.direction,
                          f"{r.opponents} {r.opponent_names}", contract, r.declarer, r.tricks, r.score,
                          fmt_points(r.points), fmt_points(r.running), adjusted_mark(rep, r.ruling, r.adjusted),
                          text=(4, 11)))
    out.append("</table>")
    return out


def _card_end(rep: SectionReport, total: float, standing: RankingRow | None) -> list[str]:
    """The card's total and place (what a change on another pair's board may move) and its end."""
    out = []
    if standing is not None:
        pct = "" if standing.percent is None else f", {standing.percent:.2f}%"
        out.append(f"<p>Total {fmt_points(total)} {rep.unit}{pct}, place {escape(standing.place)}.</p>")
    out.append("</section>")
    return out


def _card_rows(rep: SectionReport, pair: int, lines: list[TravellerRow]) -> list[str]:
    """Pair ``pair``'s card as ``_card_table`` renders it, each line's fixed cells (all but the points, the
    running total and the ruling) rendered once for that line (``_ROW_PARTS``)."""
    out = _card_table(rep, ScoreCard(pair, rep.names[pair], (), 0.0, None))[:-1]
    running = 0.0
    for ln in lines:
        ns = ln.ns == pair
        points = ln.ns_points if ns else ln.ew_points
        running += points or 0.0
        mark = adjusted_mark(rep, ln.ruling, ln.adjusted) if ln.ruling is not None else ""
        out.append(f"{_row_start(pair, ln)}<td>{fmt_points(points)}</td><td>{fmt_points(running)}</td>"
                   f"<td class='n'>{mark}</td></tr>")
    out.append("</table>")
    return out


#: the fixed cells of a line on a pair's card, by the line's identity and the pair (the line kept with them, so
#: that its identity stays its own): a line the report kept from the version before is not rendered again
_ROW_PARTS: dict[tuple[int, int], tuple[TravellerRow, str]] = {}
ROW_PARTS = 65536


def _row_start(pair: int, ln: TravellerRow) -> str:
    found = _ROW_PARTS.get((id(ln), pair))
    if found is not None and found[0] is ln:
        return found[1]
    made = _row_cells(pair, ln)
    if len(_ROW_PARTS) >= ROW_PARTS:
        _ROW_PARTS.clear()
    _ROW_PARTS[(id(ln), pair)] = (ln, made)
    return made


def _row_cells(pair: int, ln: TravellerRow) -> str:
    """The fixed cells of line ``ln`` on pair ``pair``'s card, the row left open."""
    ns = ln.ns == pair
    score = None if ln.ns_score is None else (ln.ns_score if ns else -ln.ns_score)
    contract = contract_text(ln.contract) if score is not None else "not played"
    return _cells(Markup(f"<a href='#board-{ln.board}'>{ln.board}</a>"), ln.round_no, ln.table_no,
                  "N-S" if ns else "E-W", f"{ln.ew if ns else ln.ns} {ln.ew_names if ns else ln.ns_names}",
                  contract, ln.declarer, ln.tricks, score, text=(4,))[:-len("</tr>")]


def report_html(rep: SectionReport) -> str:
    """The self-contained page of a report already read (see ``final_results_html``)."""
    return results_page(rep)[0]


@dataclass(frozen=True, slots=True)
class CardPart:
    """A pair's card as rendered on the page: its lines, the total under it, and its table: whole (``html``), or
    as its head and each row with the length of its fixed cells (the row's start) and the running total after it,
    for the card of the next version to take the rows up to its first changed line as they are."""

    lines: tuple[TravellerRow, ...]
    total: float
    html: str | None = None
    head: tuple[str, ...] = ()
    rows: tuple[tuple[str, int, float], ...] = ()

    def parts(self) -> tuple[str, ...]:
        """The table as the page's lines."""
        if self.html is not None:
            return (self.html,)
        return (*self.head, *(row for row, _, _ in self.rows), "</table>")


@dataclass(frozen=True, slots=True)
class PageParts:
    """The printable page of one report in its parts (each board's lines and traveller, each pair's card, each
    ranking row), for the page of a later version whose changed boards are known to take the others as they are
    (``results_page``).  ``names`` is the report's own (a page of other names is rendered whole)."""

    section_id: int
    unit: str
    names: dict[int, str]
    boards: dict[int, tuple[tuple[TravellerRow, ...], str]]
    cards: dict[int, CardPart]
    ranking: dict[RankingRow, str]


def results_page(rep: SectionReport, before: PageParts | None = None,
                 changed: Collection[int] | None = None) -> tuple[str, PageParts | None]:
    """The page of ``report_html`` and its parts.  ``before`` is the page of an earlier version of the report with
    the same entry, decisions and penalties, whose boards ``changed`` (numbers) alone have changed since: the
    travellers of the other boards and the cards of the pairs that did not play a changed board are taken from it,
    not rendered again nor looked for; the ranking rows are rendered again only where they moved."""
    title = escape(rep.title)
    out = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{title}</title>",
           "<meta name='viewport' content='width=device-width, initial-scale=1'>",
           f"<style>{PAGE_CSS}</style></head><body><h1>{title}</h1>"]
    if rep.scored is None:
        out.append("<p>No results yet.</p></body></html>")
        return "\n".join(out), None
    out.append(f"<p>{escape('; '.join(rep.scored.steps))} (Law {rep.scored.law}).</p>")
    ranking = rep.ranking()
    standing: dict[int, RankingRow] = {}
    for r in ranking:
        standing.setdefault(r.pair, r)
    scores = {b.board: b for b in rep.scored.boards}
    same = (before is not None and changed is not None and before.section_id == rep.section_id
            and before.unit == rep.unit and before.names is rep.names)
    if same:
        assert before is not None and changed is not None
        boards, cards = _changed_parts(rep, before, changed, scores)
    else:
        boards, cards = _parts(rep, scores)
    out.append("<nav>" + "".join(f"<a href='#board-{b}'>{b}</a>" for b in sorted(boards)) + "</nav>")
    rows = _ranking_rows(rep, ranking, before.ranking if same and before is not None else {})
    out.extend(_ranking_html(rep, ranking, rows))
    out.extend(boards[board][1] for board in sorted(boards))
    for pair in sorted(rep.names):
        card = cards.get(pair)
        if card is not None:
            out.extend(card.parts())
            out.extend(_card_end(rep, card.total, standing.get(pair)))
    out.append("</body></html>")
    return "\n".join(out), PageParts(rep.section_id, rep.unit, rep.names, boards, cards, rows)


def _card_total(pair: int, lines: Sequence[TravellerRow]) -> float:
    return sum(((ln.ns_points if ln.ns == pair else ln.ew_points) or 0.0 for ln in lines), 0.0)


def _parts(rep: SectionReport, scores: dict[int, BoardScore]
           ) -> tuple[dict[int, tuple[tuple[TravellerRow, ...], str]], dict[int, CardPart]]:
    """Every traveller and card of the page, each found by what it shows where an earlier page rendered it
    (``_kept``)."""
    by_board: dict[int, list[TravellerRow]] = {}
    by_pair: dict[int, list[TravellerRow]] = {}
    for ln in rep.lines:  # each line read once: the page is one pass over the report
        by_board.setdefault(ln.board, []).append(ln)
        by_pair.setdefault(ln.ns, []).append(ln)
        if ln.ew != ln.ns:
            by_pair.setdefault(ln.ew, []).append(ln)
    boards: dict[int, tuple[tuple[TravellerRow, ...], str]] = {}
    for board in sorted(by_board):
        lines, scored = tuple(by_board[board]), scores.get(board)
        frequency = (scored.top, tuple(scored.frequency)) if scored is not None else None
        boards[board] = (lines, _kept(("board", rep.section_id, rep.unit, board, frequency), lines,
                                      _traveller_html, rep, board, by_board[board], scores))
    cards: dict[int, CardPart] = {}
    for pair in sorted(rep.names):
        if pair in by_pair:
            lines = tuple(by_pair[pair])
            html = _kept(("card", rep.section_id, rep.unit, pair, rep.names[pair]), lines, _card_rows, rep, pair,
                         by_pair[pair])
            cards[pair] = CardPart(lines, _card_total(pair, lines), html)
    return boards, cards


def _changed_parts(rep: SectionReport, before: PageParts, changed: Collection[int], scores: dict[int, BoardScore]
                   ) -> tuple[dict[int, tuple[tuple[TravellerRow, ...], str]], dict[int, CardPart]]:
    """``before``'s travellers and cards with those of the boards ``changed`` and of the pairs that played them
    (before or now) rendered again from the report."""
    fresh: dict[int, list[TravellerRow]] = {}
    by_pair: dict[int, list[TravellerRow]] = {}
    lines = rep.lines  # by board: each changed board's rows found by bisection
    for board in sorted(changed):
        for ln in lines[bisect_left(lines, board, key=_board_of):bisect_right(lines, board, key=_board_of)]:
            fresh.setdefault(ln.board, []).append(ln)
            by_pair.setdefault(ln.ns, []).append(ln)
            if ln.ew != ln.ns:
                by_pair.setdefault(ln.ew, []).append(ln)
    boards = dict(before.boards)
    affected = set(by_pair)
    for board in changed:
        held = boards.pop(board, None)
        if held is not None:
            affected.update(pair for ln in held[0] for pair in (ln.ns, ln.ew))
    for board, found in fresh.items():
        boards[board] = (tuple(found), "\n".join(_traveller_html(rep, board, found, scores)))
    cards = dict(before.cards)
    for pair in affected:
        old = cards.pop(pair, None)
        kept = [ln for ln in old.lines if ln.board not in changed] if old is not None else []
        lines = tuple(sorted(kept + by_pair.get(pair, []), key=_board_of))  # stable: a board's lines in order
        if lines and pair in rep.names:
            cards[pair] = _card_part(rep, pair, lines, old)
    return boards, cards


def _board_of(ln: TravellerRow) -> int:
    return ln.board


def _card_part(rep: SectionReport, pair: int, lines: tuple[TravellerRow, ...], old: CardPart | None) -> CardPart:
    """Pair ``pair``'s card as ``_card_rows`` renders it, the rows before the first line not on ``old`` taken from
    it whole and the fixed cells of any line it had taken from it too."""
    rows: list[tuple[str, int, float]] = []
    fixed: dict[int, str] = {}
    if old is not None and old.rows:
        for k, (ln, row) in enumerate(zip(old.lines, old.rows, strict=True)):
            if len(rows) == k and k < len(lines) and lines[k] is ln:
                rows.append(row)
            else:
                fixed[id(ln)] = row[0][:row[1]]  # the old lines are held by ``old``: their ids are theirs
    running = rows[-1][2] if rows else 0.0
    for ln in lines[len(rows):]:
        ns = ln.ns == pair
        points = ln.ns_points if ns else ln.ew_points
        running += points or 0.0
        start = fixed.get(id(ln)) or _row_cells(pair, ln)
        mark = adjusted_mark(rep, ln.ruling, ln.adjusted) if ln.ruling is not None else ""
        rows.append((f"{start}<td>{fmt_points(points)}</td><td>{fmt_points(running)}</td><td class='n'>{mark}</td>"
                     "</tr>", len(start), running))
    head = old.head if old is not None and old.head else \
        tuple(_card_table(rep, ScoreCard(pair, rep.names[pair], (), 0.0, None))[:-1])
    return CardPart(lines, _card_total(pair, lines), None, head, tuple(rows))


def _ranking_rows(rep: SectionReport, ranking: list[RankingRow], before: dict[RankingRow, str]
                  ) -> dict[RankingRow, str]:
    """Each ranking row rendered, or taken from ``before`` where the same row was rendered.  A row is the cells
    ``_cells(place, link, names, total and penalty marks, percentage, boards)`` makes, written out."""
    rows: dict[RankingRow, str] = {}
    for r in ranking:
        found = before.get(r)
        if found is None:
            pct = "" if r.percent is None else f"{r.percent:.2f}"
            marks = penalty_marks(rep, r.penalties) if r.penalties else ""
            found = (f"<tr><td>{_cell(r.place)}</td><td><a href='#pair-{r.pair}'>{r.pair}</a></td><td class='n'>"
                     f"{_cell(r.names)}</td><td>{_cell(fmt_points(r.total))} {marks}</td><td>{_cell(pct)}</td>"
                     f"<td>{r.boards}</td></tr>")
        rows[r] = found
    return rows


#: rendered travellers and score cards by everything they show: a change re-renders only the parts it touches
_FRAGMENTS: OrderedDict[tuple[object, ...], str] = OrderedDict()
#: the same by the identity of their lines (kept with them, so that the identities stay theirs): a report made
#: from the one before keeps the lines of the boards scored as before (``report_of``), found here without
#: comparing every line
_BY_LINES: dict[tuple[object, ...], tuple[tuple[TravellerRow, ...], str]] = {}
_FRAGMENTS_LOCK = threading.Lock()
FRAGMENTS = 4096


def _kept(key: tuple[object, ...], lines: tuple[TravellerRow, ...], make: Callable[..., list[str]],
          *args: Any) -> str:
    """The part of the page ``make(*args)`` renders, rendered once for what it shows (``key`` and ``lines``)."""
    same = (key, tuple(map(id, lines)))
    with _FRAGMENTS_LOCK:
        held = _BY_LINES.get(same)
        if held is not None and all(a is b for a, b in zip(held[0], lines, strict=True)):
            return held[1]
        whole = (*key, lines)
        found = _FRAGMENTS.get(whole)
        if found is not None:
            _FRAGMENTS.move_to_end(whole)
    made = found if found is not None else "\n".join(make(*args))
    with _FRAGMENTS_LOCK:
        _FRAGMENTS[whole] = made
        while len(_FRAGMENTS) > FRAGMENTS:
            _FRAGMENTS.popitem(last=False)
        if len(_BY_LINES) >= FRAGMENTS:
            _BY_LINES.clear()
        _BY_LINES[same] = (lines, made)
    return made


def final_results_html(db: Session, section: Section) -> str:
    """One page to print or publish: the ranking, each board's traveller and frequency, every pair's card."""
    return report_html(load_report(db, section))
