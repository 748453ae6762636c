"""Printable hand records: one self-contained HTML page for the session's boards (``templates/hand_records.html``).

Each board shows its number, dealer and vulnerability, the four hands round the compass with their high-card
points, and, when double-dummy analysis was added, the makeable contracts and the par.  The makeable table has a
row per declarer (N S E W) and a column per strain (NT ♠ ♥ ♦ ♣); a figure is the highest level that declarer
makes (tricks − 6), ``-`` when the declarer takes fewer than 7 tricks.  Six boards go to a printed A4 page.

>>> from bridge_director.club.hand_records import load_hand_records
>>> records = load_hand_records('[Board "1"]\\n[Deal "N:AKQJ.AKQ.AKQ.AKQ .98765432.T9876. '
...                             'T98765432.JT.J.J ..5432.T98765432"]\\n')
>>> page = hand_records_html(records, "Club <night>")
>>> "<h1>Club &lt;night&gt;</h1>" in page, "Board 1" in page, '<span class="cards">1098765432</span>' in page
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import jinja2

from ..model.calls import Strain
from ..model.cards import Suit
from ..model.deal import Hand
from ..model.seat import Seat, Vulnerability
from .hand_records import DoubleDummy, HandRecord

__all__ = ["BOARDS_PER_PAGE", "hand_records_html"]

BOARDS_PER_PAGE = 6
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_DECLARERS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_VULNERABLE = {Vulnerability.NONE: "None vul", Vulnerability.NS: "N-S vul", Vulnerability.EW: "E-W vul",
               Vulnerability.BOTH: "All vul"}


@dataclass(frozen=True, slots=True)
class _Holding:
    symbol: str
    css: str
    cards: str


@dataclass(frozen=True, slots=True)
class _HandView:
    seat: str
    name: str
    holdings: tuple[_Holding, ...]
    hcp: int
    vulnerable: bool
    dealer: bool


@dataclass(frozen=True, slots=True)
class _BoardView:
    number: int
    dealer: str
    vulnerability: str
    hands: dict[str, _HandView]
    strains: tuple[tuple[str, str], ...]
    makeable: tuple[tuple[str, tuple[str, ...]], ...]
    par: str


def hand_records_html(records: Mapping[int, HandRecord], title: str) -> str:
    """A printable, self-contained HTML page of the hand records, in board order (text is escaped)."""
    boards = [_board_view(records[n]) for n in sorted(records)]
    pages = [boards[i:i + BOARDS_PER_PAGE] for i in range(0, len(boards), BOARDS_PER_PAGE)]
    return _template().render(title=title, pages=pages, analysed=any(r.dd for r in records.values()))


@cache
def _template() -> jinja2.Template:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True,
                             lstrip_blocks=True)
    return env.get_template("hand_records.html")


def _board_view(record: HandRecord) -> _BoardView:
    hands = {seat.letter: _hand_view(seat, record) for seat in Seat}
    strains = tuple((s.symbol, _css(s.suit)) for s in _STRAINS)
    return _BoardView(record.board, record.dealer.name.title(), _VULNERABLE[record.vulnerability], hands, strains,
                      _makeable(record.dd), record.dd.par_text if record.dd else "")


def _hand_view(seat: Seat, record: HandRecord) -> _HandView:
    hand = record.deal[seat]
    return _HandView(seat.letter, seat.name.title(), tuple(_holding(hand, suit) for suit in _SUITS), hand.hcp,
                     record.vulnerability.is_vulnerable(seat), seat is record.dealer)


def _holding(hand: Hand, suit: Suit) -> _Holding:
    cards = "".join("10" if c.rank.char == "T" else c.rank.char for c in hand.holding(suit))
    return _Holding(Strain.from_suit(suit).symbol, _css(suit), cards or "—")


def _css(suit: Suit | None) -> str:
    return "red" if suit in (Suit.HEARTS, Suit.DIAMONDS) else "black"


def _makeable(dd: DoubleDummy | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if dd is None:
        return ()
    return tuple((seat.letter, tuple(str(level) if (level := dd.makes(strain, seat)) else "-" for strain in _STRAINS))
                 for seat in _DECLARERS)
