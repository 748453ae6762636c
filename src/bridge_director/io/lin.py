"""LIN (the BBO format) to the bridge model.

A LIN file is a stream of ``key|value|`` records.  The ones that make a board:

* ``md`` the deal: dealer digit (1=S, 2=W, 3=N, 4=E), then hands S, W, N, E (three or four given);
* ``sv`` vulnerability (``o``/``0`` none, ``n``, ``e``, ``b``); ``ah`` the board name (``Board 7``);
* ``mb`` calls (``p``, ``d``, ``r``, ``1N``; ``!`` marks an alert), ``an`` explains the last call;
* ``pc`` cards (either case); ``mc`` a claim: the total tricks for declarer.

``qx`` starts a board (``o1``/``c1``: open or closed room, board 1); without ``qx`` a new board
starts where a deal record comes after a board that already has one.  Other records (vg, rs,
pn, pw, mp, bn, nt, st, pg, rh...) are kept as metadata.

>>> lin = read_lin("pn|a,b,c,d|st||md|3S346TJH9QD69TC57K,S7H2347KD37JKC46A,S2KH58TD2458C389J,|"
...                "ah|Board 9|sv|e|mb|1S|mb|p|mb|2N!|an|strong|mb|p|mb|p|mb|p|pc|h3|mc|7|")
>>> board = lin[0].board()
>>> board.number, board.the_dealer, board.the_vulnerability, board.notes
(9, Seat.NORTH, Vulnerability.EW, {2: 'strong'})
>>> result = board.replay()
>>> result.contract, result.declarer_tricks
(Contract.parse('2NT', Seat.SOUTH), 7)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BridgeError, ParseError
from ..model.auction import Auction
from ..model.board import Board
from ..model.calls import Call
from ..model.cards import Card, Rank, Suit
from ..model.deal import Deal, Hand
from ..model.numbers import DEAL_BOARD_LIMIT, is_whole, shown, whole
from ..model.play import Claim, Trick
from ..model.seat import Seat, Vulnerability, board_dealer
from .text import read_text

# md: the dealer digit, and the order of the hands (South first, then clockwise).
_DEALER = {"1": Seat.SOUTH, "2": Seat.WEST, "3": Seat.NORTH, "4": Seat.EAST}
_HAND_ORDER = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_BOARD_START = frozenset({"qx"})
_BEFORE_DEAL = frozenset({"pn", "st", "md"})
_HEADER = frozenset({"vg", "rs", "pw", "mp", "bn"})
_NUMBER = re.compile(r"(\d+)", re.ASCII)


@dataclass(frozen=True, slots=True)
class LinBoard:
    """The records of one board, in order, as (key, value, line)."""

    records: tuple[tuple[str, str, int], ...]
    line: int = 1
    source: str = ""
    metadata: dict[str, str] = field(default_factory=dict)

    def values(self, key: str) -> list[str]:
        return [v for k, v, _ in self.records if k == key]

    def first(self, key: str) -> str | None:
        for k, v, _ in self.records:
            if k == key:
                return v
        return None

    def line_of(self, key: str) -> int:
        for k, _, line in self.records:
            if k == key:
                return line
        return self.line

    @property
    def name(self) -> str:
        """The board's name: ``ah``, else the ``qx`` label."""
        return self.first("ah") or self.first("qx") or ""

    def board(self) -> Board:
        """The model board; a broken record raises a BridgeError naming the record and line."""
        return lin_board(self)


def _hand(text: str, line: int) -> Hand:
    cards: list[Card] = []
    suit: Suit | None = None
    for ch in text.strip().upper():
        if ch in "SHDC":
            suit = Suit.parse(ch)
        elif suit is None:
            raise ParseError(f"hand {text!r} gives a rank before a suit", field="md", line=line)
        else:
            try:
                cards.append(Card(suit, Rank.parse(ch)))
            except ParseError:
                raise ParseError(f"not a rank {ch!r} in hand {text!r}", field="md", line=line) from None
    return Hand.of(cards)


def read_deal(text: str, line: int = 0) -> tuple[Seat | None, Deal]:
    """The dealer and deal of an ``md`` record.

    >>> dealer, deal = read_deal("3S346TJH9QD69TC57K,S7H2347KD37JKC46A,S2KH58TD2458C389J,")
    >>> dealer, str(deal[Seat.EAST])
    (Seat.NORTH, 'AQ985.AJ6.AQ.QT2')
    """
    text = text.strip()
    dealer = _DEALER.get(text[:1])
    if text[:1].isdigit():
        if dealer is None:
            raise ParseError(f"dealer digit {text[0]!r} is not 1 to 4", field="md", line=line)
        text = text[1:]
    parts = text.split(",")
    hands: dict[Seat, Hand] = {}
    for seat, part in zip(_HAND_ORDER, parts, strict=False):
        if part.strip():
            hands[seat] = _hand(part, line)
    try:
        return dealer, Deal.from_hands(hands).fill_last_hand()
    except BridgeError as err:
        raise ParseError(err.message, field="md", line=line) from None


def _call(text: str, line: int) -> tuple[Call, bool]:
    """The call of an ``mb`` record and whether it is alerted (``1C!``; ``Call.parse`` drops the mark)."""
    try:
        return Call.parse(text), text.strip().endswith("!")
    except ParseError as err:
        raise ParseError(err.message, field="mb", line=line) from None


def lin_board(lin: LinBoard) -> Board:
    """Build a model Board from a LIN board's records."""
    md = lin.first("md")
    if md is None:
        raise ParseError("the board has no deal (md)", field="md", line=lin.line)
    dealer, deal = read_deal(md, lin.line_of("md"))
    number: int | None = None
    key = "ah" if lin.first("ah") else "qx"
    label = lin.first(key)
    if label:
        m = _NUMBER.search(label)  # the whole run of digits: a number too long is refused, never cut
        if m is not None and m.group(1).strip("0"):  # "Board 0" names no board
            number = whole(m.group(1), key, line=lin.line_of(key), low=1, high=DEAL_BOARD_LIMIT)
    vulnerability: Vulnerability | None = None
    sv = lin.first("sv")
    if sv is not None and sv.strip():
        try:
            vulnerability = Vulnerability.parse(sv)
        except ParseError:
            raise ParseError(f"not a vulnerability: {sv!r}", field="sv", line=lin.line_of("sv")) from None
    calls: list[Call] = []
    notes: dict[int, str] = {}
    cards: list[Card] = []
    claimed: tuple[int, int] | None = None
    for key, value, line in lin.records:
        if key == "mb":
            if not value.strip():
                continue
            call, alert = _call(value, line)
            calls.append(call)
            if alert:
                notes.setdefault(len(calls) - 1, "alert")
        elif key == "an" and calls:
            notes[len(calls) - 1] = value.strip()
        elif key == "pc":
            try:
                cards.append(Card.parse(value.strip()))
            except ParseError:
                raise ParseError(f"not a card: {value!r}", field="pc", line=line) from None
        elif key == "mc":
            if not is_whole(value.strip()) or int(value) > 13:
                raise ParseError(f"a claim of {shown(value)} tricks", field="mc", line=line)
            claimed = (int(value), line)
    the_dealer = dealer if dealer is not None else board_dealer(number or 1)
    claim: Claim | None = None
    recorded_tricks: int | None = None
    if claimed is not None:
        recorded_tricks = claimed[0]
        auction = Auction(the_dealer, tuple(calls))
        contract = auction.contract() if auction.complete else None
        if contract is None:
            raise ParseError("a claim on a board with no contract", field="mc", line=claimed[1])
        if len(cards) < 52:
            trump = contract.strain.suit
            leader = contract.opening_leader
            won = 0
            for start in range(0, len(cards) - len(cards) % 4, 4):
                leader = Trick(leader, tuple(cards[start:start + 4])).winner(trump)
                won += leader.side == contract.side
            claim = Claim(contract.declarer, claimed[0] - won)
    return Board(number, deal, tuple(calls), tuple(cards), claim, dealer, vulnerability,
                 recorded_tricks=recorded_tricks, notes=notes)


def read_lin(text: str, source: str = "") -> list[LinBoard]:
    """Split LIN text into boards (header records such as vg, rs, pn go to every board's metadata)."""
    return list(iter_lin(text.split("|"), source, rooms="qx|" in text))


def lin_parts(chunks: Iterable[str]) -> Iterator[str]:
    """The ``|``-separated parts of the text ``chunks`` make when joined, as ``str.split("|")`` gives them."""
    carry: list[str] = []
    for chunk in chunks:
        parts = chunk.split("|")
        if len(parts) == 1:
            carry.append(chunk)  # no separator yet: the part goes on
            continue
        carry.append(parts[0])
        yield "".join(carry)
        yield from parts[1:-1]
        carry = [parts[-1]]
    yield "".join(carry)


def iter_lin(parts: Iterable[str], source: str = "", *, rooms: bool = False) -> Iterator[LinBoard]:
    """The boards of a LIN text given as its ``|``-separated parts (``lin_parts``), one at a time: memory holds
    one board.  ``rooms``: the text has ``qx`` records, so a ``pn`` before the first board names the players
    of every board (a header) rather than starting one."""
    header: dict[str, str] = {}
    current: list[tuple[str, str, int]] = []
    has_deal = False
    any_board = False
    line = start_line = 1
    pairs = iter(parts)
    for key_text in pairs:  # records are key|value| pairs; newlines between records only count lines
        value = next(pairs, None)
        if value is None:
            break  # a key with no value ends the text
        line += key_text.count("\n")
        key = key_text.strip().lower()
        value_line = line
        line += value.count("\n")
        if not key:
            continue
        if key in _BOARD_START or (has_deal and key in _BEFORE_DEAL):
            if has_deal:
                any_board = True
                yield LinBoard(tuple(current), start_line, source, dict(header))
            current, has_deal, start_line = [], False, value_line
        if not current:
            start_line = value_line
        if key in _HEADER or (key == "pn" and rooms and not current and not any_board and not has_deal):
            header[key] = value
            continue
        current.append((key, value, value_line))
        has_deal = has_deal or key == "md"
    if has_deal:
        yield LinBoard(tuple(current), start_line, source, dict(header))


def load_lin(path: str | Path) -> list[LinBoard]:
    """Read a LIN file (UTF-8, else ISO-8859-1)."""
    return read_lin(read_text(path), source=str(path))
