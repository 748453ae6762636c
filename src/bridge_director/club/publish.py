"""A section's results published: a folder of static HTML pages a club uploads to its website, and a printable PDF.

The folder holds ``index.html`` (the ranking, the boards, the pairs), ``board-N.html`` (each board's traveller
with its hand record), ``pair-N.html`` (each pair's score card, as the players' phones show it) and the one style
sheet ``style.css``.  Plain HTML: relative links only (the folder works wherever it is put, or opened from the
disk), no script, every name escaped (Jinja2's autoescaping).  The PDF (fpdf2) holds the ranking and the
travellers.

Nothing is scored here: the points are the report's (``report.load_report``, scored by ``scores.score_section``),
and a pair's page is ``score_card.player_card``.  A board still waiting for results is said to be provisional.
"""

from __future__ import annotations

import io
import re
import time
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import jinja2
from fpdf import FPDF
from sqlalchemy import select
from sqlalchemy.orm import Session

from ..errors import BridgeError, RegisterError
from ..model import Deal, board_dealer, board_vulnerability
from ..model.cards import Suit
from ..model.seat import Seat, Vulnerability
from ..register.models import Board, Section
from ..scoring.event import Result
from .decision_text import contract_short, signed
from .report import RankingRow, SectionReport, fmt_points, load_report
from .ruling_pdf import pdf_text
from .score_card import PlayerCard, complete_boards, lead_text, own_score, player_card, scored_results, section_expected

TEMPLATES = Path(__file__).parent / "templates"
STYLE = "style.css"
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
VULNERABLE = {Vulnerability.NONE: "None vulnerable", Vulnerability.NS: "N-S vulnerable",
              Vulnerability.EW: "E-W vulnerable", Vulnerability.BOTH: "All vulnerable"}
DIRECTIONS = {"NS": "N-S", "EW": "E-W", "": ""}


# ----- what the pages show -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HandView:
    """One hand of a hand record: its seat, each suit's symbol, cards and colour, its high-card points."""

    seat: str
    suits: tuple[tuple[str, str, bool], ...]
    hcp: int


@dataclass(frozen=True, slots=True)
class BoardHead:
    """A board's number, dealer and vulnerability (Law 2), and its four hands when the hand record is stored."""

    board: int
    dealer: str
    vulnerability: str
    hands: tuple[HandView, ...]  # North, West, East, South (the diagram's order); empty without a hand record


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """A table's result on a board, from N-S's side: the table score, and the ruling's score in its place."""

    round_no: int
    table_no: int
    ns: int
    ew: int
    ns_names: str
    ew_names: str
    played: bool
    contract: str
    declarer: str
    lead: str
    tricks: int | None
    score: str
    adjusted: str
    ns_points: str
    ew_points: str
    ruling: int | None
    ruling_text: str


@dataclass(frozen=True, slots=True)
class Traveller:
    head: BoardHead
    lines: tuple[TravellerLine, ...]
    complete: bool
    previous: int | None
    next: int | None


def board_head(board: int, deal: Deal | None) -> BoardHead:
    """The board's head, with the hand record's hands when ``deal`` is given."""
    hands: tuple[HandView, ...] = ()
    if deal is not None:
        hands = tuple(_hand(seat, deal) for seat in (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH))
    return BoardHead(board, board_dealer(board).name.title(), VULNERABLE[board_vulnerability(board)], hands)


def _hand(seat: Seat, deal: Deal) -> HandView:
    hand = deal[seat]
    suits = tuple((_SYMBOLS[suit], "".join("10" if c.rank.char == "T" else c.rank.char for c in hand.holding(suit))
                   or "—", suit in (Suit.HEARTS, Suit.DIAMONDS)) for suit in _SUITS)
    return HandView(seat.name.title(), suits, hand.hcp)


def travellers(rep: SectionReport, expected: Mapping[int, int], deals: Mapping[int, Deal]) -> list[Traveller]:
    """Every board's traveller in board order, each line's adjusted score read from the scoring; a board still
    waiting for results shows no points (as the players' cards)."""
    scored = scored_results(rep)
    done = complete_boards(rep, expected)
    boards = rep.boards()
    out = []
    for at, board in enumerate(boards):
        complete = board in done
        lines = []
        for ln in rep.traveller(board):
            result: Result | None = scored.get((board, ln.ns, ln.ew))
            score = "" if ln.ns_score is None else signed(ln.ns_score)
            adjusted = own_score(result, True, rep.unit) if result is not None else ""
            if adjusted == score:
                adjusted = ""
            lines.append(TravellerLine(ln.round_no, ln.table_no, ln.ns, ln.ew, ln.ns_names, ln.ew_names, ln.played,
                                       contract_short(ln.contract) if ln.contract else "", ln.declarer,
                                       lead_text(ln.lead), ln.tricks, score, adjusted,
                                       fmt_points(ln.ns_points) if complete else "",
                                       fmt_points(ln.ew_points) if complete else "", ln.ruling, ln.adjusted))
        out.append(Traveller(board_head(board, deals.get(board)), tuple(lines), complete,
                             boards[at - 1] if at > 0 else None, boards[at + 1] if at < len(boards) - 1 else None))
    return out


def _fields(rep: SectionReport) -> list[tuple[str, list[RankingRow]]]:
    ranking = rep.ranking()
    return [(DIRECTIONS[field], [r for r in ranking if r.field == field]) for field in rep.fields()]


def _check(rep: SectionReport) -> None:
    if rep.method == "teams":
        raise RegisterError("a teams section is scored by matches: publish its matches from the ranking page",
                            field="section")


# ----- the static site ---------------------------------------------------------------------------------------------
@cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.globals.update(points=fmt_points, style=STYLE)
    return env


def site_pages(rep: SectionReport, expected: Mapping[int, int], deals: Mapping[int, Deal]) -> dict[str, str]:
    """The folder's files by name: ``index.html``, ``board-N.html``, ``pair-N.html`` and ``style.css``."""
    _check(rep)
    env = _environment()
    boards = travellers(rep, expected, deals)
    waiting = [t.head.board for t in boards if not t.complete]
    cards: list[PlayerCard] = [player_card(rep, pair, expected) for pair in sorted(rep.names)]
    common = {"title": rep.title, "unit": rep.unit, "waiting": waiting}
    pages = {"index.html": env.get_template("publish_index.html").render(
        **common, fields=_fields(rep), boards=[t.head.board for t in boards], cards=cards,
        steps="; ".join(rep.scored.steps) if rep.scored is not None else "")}
    for traveller in boards:
        pages[f"board-{traveller.head.board}.html"] = env.get_template("publish_board.html").render(
            **common, t=traveller)
    for card in cards:
        pages[f"pair-{card.pair}.html"] = env.get_template("publish_pair.html").render(**common, card=card)
    pages[STYLE] = (TEMPLATES / "publish.css").read_text(encoding="utf-8")
    return pages


def section_deals(db: Session, section: Section) -> dict[int, Deal]:
    """The hand records stored on the section's session, by board."""
    stored = db.execute(select(Board.number, Board.deal).where(Board.session_id == section.session_id,
                                                               Board.deal.is_not(None))).all()
    return {number: Deal.from_pbn(deal) for number, deal in stored if deal}


@dataclass(frozen=True, slots=True)
class Published:
    """A section's results ready to publish: the folder's pages and the PDF."""

    name: str
    pages: Mapping[str, str]
    pdf: bytes


def publish_section(db: Session, section: Section, rep: SectionReport | None = None) -> Published:
    """The site and the PDF of the section as stored now (``rep``: its report already read, from a cache)."""
    report = rep if rep is not None else load_report(db, section)
    expected, deals = section_expected(db, section), section_deals(db, section)
    pages = site_pages(report, expected, deals)
    return Published(folder_name(report.title), pages, results_pdf(report, expected, deals))


def folder_name(title: str) -> str:
    """A file name from a title: letters and digits, words joined by ``-``.

    >>> folder_name("Club <night>, Tuesday, section A")
    'club-night-tuesday-section-a'
    """
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:80] or "results"


def write_site(pages: Mapping[str, str], folder: Path) -> list[Path]:
    """The pages written into ``folder`` (made if missing; a page of the same name is replaced).  A folder that
    cannot be made or written is a BridgeError naming it."""
    if folder.exists() and not folder.is_dir():
        raise BridgeError(f"{folder} is a file, not a folder", field="folder")
    written = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in sorted(pages.items()):
            path = folder / name
            path.write_text(text, encoding="utf-8")
            written.append(path)
    except OSError as err:
        raise BridgeError(f"cannot write to {folder}: {err.strerror or err}", field="folder") from None
    return written


def write_pdf(pdf: bytes, path: Path) -> None:
    try:
        path.write_bytes(pdf)
    except OSError as err:
        raise BridgeError(f"cannot write {path}: {err.strerror or err}", field="pdf") from None


def site_zip(published: Published) -> bytes:
    """One zip: the folder ``NAME/`` with its pages, and ``NAME.pdf`` beside it."""
    out = io.BytesIO()
    stamp = time.localtime()[:6]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in sorted(published.pages.items()):
            archive.writestr(zipfile.ZipInfo(f"{published.name}/{name}", stamp), text.encode("utf-8"),
                             zipfile.ZIP_DEFLATED)
        archive.writestr(zipfile.ZipInfo(f"{published.name}.pdf", stamp), published.pdf, zipfile.ZIP_DEFLATED)
    return out.getvalue()


# ----- the PDF -------------------------------------------------------------------------------------------------
def results_pdf(rep: SectionReport, expected: Mapping[int, int], deals: Mapping[int, Deal],
                compress: bool = True) -> bytes:
    """A4: the ranking, then each board's traveller (with its hand record in one line a hand when stored).
    The built-in fonts have Latin-1 only: suits are written S H D C (``ruling_pdf.pdf_text``).  Without
    ``compress`` the page text can be read in the file (the tests do)."""
    _check(rep)
    boards = travellers(rep, expected, deals)
    pdf = FPDF(format="A4")
    pdf.set_compression(compress)
    pdf.set_title(pdf_text(rep.title))
    pdf.set_creator("bridge-director")
    pdf.set_auto_page_break(True, margin=12)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 15)
    pdf.multi_cell(0, 8, pdf_text(rep.title), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 9)
    if rep.scored is None:
        pdf.multi_cell(0, 5, "No results yet.", new_x="LMARGIN", new_y="NEXT")
        return bytes(pdf.output())
    waiting = [t.head.board for t in boards if not t.complete]
    if waiting:
        pdf.multi_cell(0, 5, pdf_text("Provisional: results still to come on board" + ("s " if len(waiting) > 1
                                      else " ") + ", ".join(map(str, waiting)) + "."), new_x="LMARGIN", new_y="NEXT")
    for direction, rows in _fields(rep):
        _heading(pdf, f"Ranking {direction}".strip())
        _table(pdf, ("Place", "Pair", "Names", rep.unit, "%"), (14, 12, 112, 26, 26),
               [(r.place, str(r.pair), r.names, fmt_points(r.total) + (" pen." if r.penalties else ""),
                 "" if r.percent is None else f"{r.percent:.2f}") for r in rows], left=(2,))
    for t in boards:
        _traveller_pdf(pdf, rep, t)
    return bytes(pdf.output())


def _heading(pdf: FPDF, text: str) -> None:
    if pdf.get_y() > pdf.h - 40:
        pdf.add_page()
    pdf.ln(3)
    pdf.set_font("Helvetica", "B", 12)
    pdf.cell(0, 7, pdf_text(text), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 9)


def _table(pdf: FPDF, head: tuple[str, ...], widths: tuple[float, ...], rows: Sequence[tuple[str, ...]],
           left: tuple[int, ...] = ()) -> None:
    """A table of one-line cells; a cell too long for its column is cut with ``...``."""
    def line(cells: tuple[str, ...], bold: bool) -> None:
        if pdf.get_y() > pdf.h - 18:
            pdf.add_page()
        pdf.set_font("Helvetica", "B" if bold else "", 9)
        for i, (text, width) in enumerate(zip(cells, widths, strict=True)):
            shown = pdf_text(text)
            while shown and pdf.get_string_width(shown) > width - 2:
                shown = shown[:-4] + "..." if len(shown) > 4 else ""
            pdf.cell(width, 5.5, shown, border="B", align="L" if i in left else "R")
        pdf.ln()
    line(head, True)
    for row in rows:
        line(row, False)


def _traveller_pdf(pdf: FPDF, rep: SectionReport, t: Traveller) -> None:
    head = t.head
    _heading(pdf, f"Board {head.board}: dealer {head.dealer}, {head.vulnerability}"
             + ("" if t.complete else " (provisional)"))
    for hand in head.hands:
        pdf.cell(0, 4.5, pdf_text(f"{hand.seat}: " + "  ".join(f"{s} {cards}" for s, cards, _ in hand.suits)
                                  + f"  ({hand.hcp})"), new_x="LMARGIN", new_y="NEXT")
    rows = []
    for ln in t.lines:
        where = f"{ln.round_no}/{ln.table_no}" if ln.round_no else str(ln.table_no)
        contract = ln.contract if ln.played else "not played"
        score = f"{ln.adjusted} adj." if ln.adjusted else ln.score
        rows.append((where, str(ln.ns), str(ln.ew), contract, ln.declarer, ln.lead,
                     "" if ln.tricks is None else str(ln.tricks), score, ln.ns_points, ln.ew_points))
    _table(pdf, ("Rd/Tbl", "N-S", "E-W", "Contract", "By", "Lead", "Tricks", "N-S score", f"N-S {rep.unit}",
                 f"E-W {rep.unit}"), (16, 12, 12, 22, 10, 14, 14, 40, 25, 25), rows, left=(3, 7))
    for ln in t.lines:
        if ln.ruling is not None:
            table = f"table result {ln.score}" if ln.score else "no table result"
            pdf.multi_cell(0, 4.5, pdf_text(f"Ruling {ln.ruling}, N-S {ln.ns} v E-W {ln.ew}: {ln.ruling_text} "
                                            f"({table})"), new_x="LMARGIN", new_y="NEXT")
