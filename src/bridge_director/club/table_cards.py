"""Printable cards from a movement: a table card (who comes, which boards, where they go next), a pair's card,
and the guide cards (every table card on one page, one table a printed page).  Self-contained HTML, text escaped.
A table card may carry its table device's QR code (``CardCode``: the link and its image, made by the web app).

>>> from bridge_director.club.movement_gen import mitchell
>>> m = mitchell(5)
>>> [(r.round, [c.text for c in r.cells]) for r in table_card(m, 3, 3).rows][1]
(2, ['3', '7', '10-12', 'table 4 E-W', 'table 2'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import jinja2

from ..errors import BridgeError
from .movement import Encounter, Movement

SIDES = {"NS": "N-S", "EW": "E-W"}


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell: the text, and a pair's names under it."""

    text: str
    name: str = ""


@dataclass(frozen=True, slots=True)
class Row:
    """One round of a card."""

    round: int
    cells: tuple[Cell, ...]
    arrow: bool = False


@dataclass(frozen=True, slots=True)
class CardCode:
    """A table device's link printed on its table card: the address and its QR code as an image (a data URI)."""

    url: str
    image: str


@dataclass(frozen=True, slots=True)
class Card:
    """A card: title, a line about it, column heads (the first is the round) and rows; a table card may carry its
    table device's QR code."""

    title: str
    about: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    code: CardCode | None = None


@dataclass(frozen=True, slots=True)
class Moves:
    """Where a table's pairs and boards go after a round: the pairs' next seats (``table 4 E-W``, ``stays``,
    ``sits out``, ``end``) and the boards' next table (``table 2``, ``stay``, ``bye-stand``, ``end``)."""

    round: int
    table: int
    ns: int
    ew: int
    boards: str
    ns_next: str
    ew_next: str
    boards_next: str


def board_span(movement: Movement, board_set: int, boards_per_round: int, first_board: int = 1) -> str:
    """The boards of a set as printed: ``"7-9"``, or ``"7"`` for one board a round."""
    boards = movement.boards(board_set, boards_per_round, first_board)
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}-{boards[-1]}"


def _pair(pair: int, names: Mapping[int, str] | None) -> Cell:
    return Cell(str(pair), (names or {}).get(pair, ""))


def _next_seat(movement: Movement, pair: int, e: Encounter) -> str:
    if e.round == movement.rounds:
        return "end"
    later = movement.seat(pair, e.round + 1)
    if later is None:
        return "sits out"
    side = SIDES[later.side_of(pair) or "NS"]
    if later.table == e.table:
        return "stays" if later.side_of(pair) == e.side_of(pair) else f"stays, plays {side}"
    return f"table {later.table} {side}"


def _next_boards(movement: Movement, e: Encounter) -> str:
    if e.round == movement.rounds:
        return "end"
    tables = movement.tables_with(e.board_set, e.round + 1)
    if not tables:
        return "bye-stand" if movement.bye_stand is not None else "out of play"
    if tables == (e.table,):
        return "stay"
    return f"table {tables[0]}" if len(tables) == 1 else "tables " + ", ".join(map(str, tables))


def round_moves(movement: Movement, table: int, round_no: int, boards_per_round: int,
                first_board: int = 1) -> Moves | None:
    """Where the pairs and the boards of ``table`` go after ``round_no`` (None: the table is empty that round).

    >>> from bridge_director.club.movement_gen import mitchell
    >>> round_moves(mitchell(5), 3, 1, 3)
    Moves(round=1, table=3, ns=3, ew=8, boards='7-9', ns_next='stays', ew_next='table 4 E-W', boards_next='table 2')
    """
    e = movement.at(round_no, table)
    if e is None:
        return None
    return Moves(round_no, table, e.ns, e.ew, board_span(movement, e.board_set, boards_per_round, first_board),
                 _next_seat(movement, e.ns, e), _next_seat(movement, e.ew, e), _next_boards(movement, e))


def _check_boards(movement: Movement, boards_per_round: int, first_board: int) -> None:
    if type(boards_per_round) is not int or boards_per_round < 1 or type(first_board) is not int or first_board < 1:
        raise BridgeError("boards per round and the first board are whole numbers from 1", field="boards_per_round")


def table_card(movement: Movement, table: int, boards_per_round: int, pair_names: Mapping[int, str] | None = None,
               first_board: int = 1, code: CardCode | None = None) -> Card:
    """The table card's content: per round the pairs, the boards, and where the pairs and boards go next; with
    ``code``, the table device's QR code."""
    if not 1 <= table <= movement.tables:
        raise BridgeError(f"table {table} is not one of 1 to {movement.tables}", field="table")
    _check_boards(movement, boards_per_round, first_board)
    here = [e for r in range(1, movement.rounds + 1) if (e := movement.at(r, table)) is not None]
    ns_moves = any(_next_seat(movement, e.ns, e) not in ("stays", "end") for e in here)
    columns = ("Round", "N-S", "E-W", "Boards", *(("N-S next",) if ns_moves else ()), "E-W next", "Boards next")
    rows = []
    for r in range(1, movement.rounds + 1):
        e = movement.at(r, table)
        if e is None:
            rows.append(Row(r, tuple(Cell("no play") if i == 0 else Cell("") for i in range(len(columns) - 1))))
            continue
        ns_next = (Cell(_next_seat(movement, e.ns, e)),) if ns_moves else ()
        rows.append(Row(r, (_pair(e.ns, pair_names), _pair(e.ew, pair_names),
                            Cell(board_span(movement, e.board_set, boards_per_round, first_board)), *ns_next,
                            Cell(_next_seat(movement, e.ew, e)), Cell(_next_boards(movement, e))), e.arrow_switch))
    shared = sorted({t for s in movement.shares if table in s.tables for t in s.tables if t != table})
    about = movement.description + (f" This table shares boards with table{'s' if len(shared) > 1 else ''} "
                                    f"{', '.join(map(str, shared))}." if shared else "")
    return Card(f"Table {table} · {movement.name}", f"{about} {boards_per_round} boards a round.", columns,
                tuple(rows), code)


def pair_card(movement: Movement, pair: int, boards_per_round: int, pair_names: Mapping[int, str] | None = None,
              first_board: int = 1) -> Card:
    """A pair's card: per round its table, direction, opponents and boards."""
    if pair not in movement.pairs:
        raise BridgeError(f"pair {pair} is not in the movement", field="pair")
    _check_boards(movement, boards_per_round, first_board)
    rows = []
    for r in range(1, movement.rounds + 1):
        e = movement.seat(pair, r)
        if e is None:
            rows.append(Row(r, (Cell("sits out"), Cell(""), Cell(""), Cell(""))))
            continue
        other = e.ew if e.ns == pair else e.ns
        rows.append(Row(r, (Cell(str(e.table)), Cell(SIDES[e.side_of(pair) or "NS"]), _pair(other, pair_names),
                            Cell(board_span(movement, e.board_set, boards_per_round, first_board))), e.arrow_switch))
    name = (pair_names or {}).get(pair, "")
    return Card(f"Pair {pair}{' · ' + name if name else ''}", f"{movement.name}: {movement.description}",
                ("Round", "Table", "Direction", "Opponents", "Boards"), tuple(rows))


def table_card_html(movement: Movement, table: int, boards_per_round: int,
                    pair_names: Mapping[int, str] | None = None, first_board: int = 1,
                    code: CardCode | None = None) -> str:
    """One table card as a printable HTML page (with its device's QR code when ``code`` is given)."""
    card = table_card(movement, table, boards_per_round, pair_names, first_board, code)
    return render_cards(card.title, [card])


def pair_card_html(movement: Movement, pair: int, boards_per_round: int,
                   pair_names: Mapping[int, str] | None = None, first_board: int = 1) -> str:
    """One pair's card as a printable HTML page."""
    card = pair_card(movement, pair, boards_per_round, pair_names, first_board)
    return render_cards(card.title, [card])


def guide_cards_html(movement: Movement, boards_per_round: int, pair_names: Mapping[int, str] | None = None,
                     first_board: int = 1, codes: Mapping[int, CardCode] | None = None) -> str:
    """Every table card on one page; printed, each table has a page of its own.  ``codes``: each table's device
    QR code, by table number (a table without one has none printed)."""
    cards = [table_card(movement, t, boards_per_round, pair_names, first_board, (codes or {}).get(t))
             for t in range(1, movement.tables + 1)]
    return render_cards(f"{movement.name}: table cards", cards)


def render_cards(title: str, cards: list[Card]) -> str:
    """The HTML page of the cards."""
    return _template().render(title=title, cards=cards)


@cache
def _template() -> jinja2.Template:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True,
                             lstrip_blocks=True)
    return env.get_template("movement_cards.html")
