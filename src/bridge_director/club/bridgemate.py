"""Import a Bridgemate control file (``.bws``): the Access database Bridgemate Control Software keeps a session in.

``read_bws(path)`` reads the sections, the movement (``RoundData``), the results the Bridgemates sent
(``ReceivedData``), the player numbers and, when present, player names and hand records, into plain frozen data.
Contracts, results and lead cards are checked and put in our notation (``4SX``, ``3NT``, ``PASS``; tricks taken
by declarer; ``SK``).  Anything that cannot be read raises ``BwsError`` (a ``ParseError``, so a ``BridgeError``)
naming the table, the column and the row.  ``docs/bridgemate.md`` describes the columns and their sources.

>>> parse_contract("4 S x", "N"), parse_contract("3 NT", "E"), parse_contract("PASS", "")
('4SX', '3NT', 'PASS')
>>> declarer_tricks("4SX", "-2"), declarer_tricks("3NT", "="), declarer_tricks("1C", "+6")
(8, 9, 13)
>>> parse_lead("s10"), parse_lead("")
('ST', '')
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..errors import BridgeError, ParseError
from ..model import Card, Contract, Deal, Seat
from ..model.numbers import is_whole

__all__ = [
    "BwsError", "BwsFile", "BwsHandRecord", "BwsPlayer", "BwsResult", "BwsRound", "BwsSection",
    "declarer_tricks", "parse_contract", "parse_lead", "read_bws",
]

REQUIRED_TABLES = ("Section", "RoundData", "ReceivedData", "PlayerNumbers")
_SEATS = ("N", "E", "S", "W")
_HANDS = tuple(f"{seat}{suit}" for seat in ("North", "East", "South", "West")
               for suit in ("Spades", "Hearts", "Diamonds", "Clubs"))
_RESULT = re.compile(r"^(=|[+-]\d{1,2})$")
_HOLDING = re.compile(r"^[AKQJT98765432]*$")


class BwsError(ParseError):
    """Content of a ``.bws`` file that cannot be read; ``table``, ``column`` and ``row`` say where."""

    def __init__(self, message: str, *, table: str | None = None, column: str | None = None,
                 row: str | None = None) -> None:
        where = ", ".join(part for part in (
            f"table {table}" if table else "", f"column {column}" if column else "", row or "") if part)
        super().__init__(f"{where}: {message}" if where else message)
        self.table = table
        self.column = column
        self.row = row


@dataclass(frozen=True, slots=True)
class BwsSection:
    """A row of ``Section``: the section's id (used by the other tables), letter, table count, missing pair."""

    id: int
    letter: str
    tables: int
    missing_pair: int  # 0 when no pair is missing


@dataclass(frozen=True, slots=True)
class BwsRound:
    """A row of ``RoundData``: who sits at a table in a round and which boards they play."""

    section: str
    table: int
    round: int
    ns_pair: int
    ew_pair: int
    low_board: int
    high_board: int
    custom_boards: str = ""  # BCS's list of boards when they are not a range; "" when not used


@dataclass(frozen=True, slots=True)
class BwsResult:
    """A row of ``ReceivedData``: one board's result as the Bridgemate sent it, in our notation.

    ``contract`` is ``4SX``, ``3NT``, ``PASS``, or ``""`` for a board not played (``remarks`` then says why, e.g.
    ``Not played`` or ``Arbitral score``); ``declarer`` and ``tricks`` are None for a pass-out or a board not played.
    """

    id: int
    section: str
    table: int
    round: int
    board: int
    ns_pair: int
    ew_pair: int
    declarer: str | None  # N, E, S or W (column NS/EW)
    declarer_pair: int  # column Declarer: the declaring pair's number, 0 for a pass-out
    contract: str
    tricks: int | None  # tricks taken by declarer
    lead: str  # SK, HT, ... or "" when not entered
    remarks: str
    erased: bool
    logged: datetime | None  # DateLog and TimeLog together


@dataclass(frozen=True, slots=True)
class BwsPlayer:
    """A row of ``PlayerNumbers``: the number (membership id) entered for a seat, with the pair sitting there."""

    section: str
    table: int
    direction: str  # N, E, S or W
    pair: int | None  # from RoundData at that table in the player's round (the first round if none is given)
    number: str
    name: str  # PlayerNumbers.Name, else PlayerNames' name for the number, else ""
    round: int | None  # PlayerNumbers.Round when the file has it


@dataclass(frozen=True, slots=True)
class BwsHandRecord:
    """A row of ``HandRecord`` as a PBN deal string from North."""

    section: str
    board: int
    deal: str


@dataclass(frozen=True, slots=True)
class BwsFile:
    """Everything imported from a ``.bws`` file.

    ``results`` holds the result that counts for each (section, table, round, board): the non-erased row with the
    highest ID (ReceivedData's ID is an AutoNumber, so that is the last one entered).  Older non-erased rows for the
    same board are in ``superseded``, erased rows in ``erased``, so the director can see what was changed.
    """

    sections: tuple[BwsSection, ...]
    rounds: tuple[BwsRound, ...]
    results: tuple[BwsResult, ...]
    superseded: tuple[BwsResult, ...]
    erased: tuple[BwsResult, ...]
    players: tuple[BwsPlayer, ...]
    hand_records: tuple[BwsHandRecord, ...]

    def deals(self, section: str) -> dict[int, str]:
        """Board number -> PBN deal string for one section's hand records."""
        return {h.board: h.deal for h in self.hand_records if h.section == section}


# ----- notation ------------------------------------------------------------------------------------------


def parse_contract(text: str, declarer: str) -> str:
    """A Bridgemate contract (``4 S x``, ``3 NT``, ``7 H xx``, ``PASS``) in our notation; raises ParseError."""
    key = "".join(text.split()).upper()
    if key == "PASS":
        return "PASS"
    if declarer not in _SEATS:
        raise ParseError(f"contract {text!r} has no declarer", field="NS/EW")
    return Contract.parse(key, Seat.parse(declarer)).pbn


def declarer_tricks(contract: str, result: str) -> int:
    """Declarer's tricks for ``contract`` (our notation) and a Bridgemate result ``=``, ``+1``, ``-2``."""
    text = result.strip()
    if not _RESULT.match(text):
        raise ParseError(f"not a result: {result!r} (expected =, +n or -n)", field="Result")
    tricks = int(contract[0]) + 6 + (0 if text == "=" else int(text))
    if not 0 <= tricks <= 13:
        raise ParseError(f"{contract} {text} gives declarer {tricks} tricks, not 0 to 13", field="Result")
    return tricks


def parse_lead(text: str) -> str:
    """A Bridgemate lead card (``SK``, ``H10``) as ``SK``/``HT``; ``""`` when none was entered."""
    key = text.strip()
    return str(Card.parse(key.upper())) if key else ""


# ----- reading -------------------------------------------------------------------------------------------


def read_bws(path: str | Path) -> BwsFile:
    """Read a Bridgemate ``.bws`` file; raise BwsError for a file or content that cannot be read."""
    tables = _open(Path(path))
    for name in REQUIRED_TABLES:
        if name.lower() not in tables:
            raise BwsError("the file has no such table (is it a Bridgemate .bws file?)", table=name)
    sections = _sections(tables["section"])
    letters = {s.id: s.letter for s in sections}
    rounds = _rounds(tables["rounddata"], letters)
    results, superseded, erased = _results(tables["receiveddata"], letters)
    names = _player_names(tables["playernames"]) if "playernames" in tables else {}
    players = _players(tables["playernumbers"], letters, rounds, names)
    hands = _hand_records(tables["handrecord"], letters) if "handrecord" in tables else ()
    return BwsFile(sections, rounds, results, superseded, erased, players, hands)


def _open(path: Path) -> dict[str, _Table]:
    """Every user table of the database, by lower-case name."""
    try:
        with path.open("rb") as f:
            head = f.read(0x18)
    except OSError as exc:
        raise BwsError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(head) < 0x18 or head[:4] != b"\x00\x01\x00\x00" or head[4:19] not in (b"Standard Jet DB",
                                                                                   b"Standard ACE DB"):
        raise BwsError(f"{path} is not a Microsoft Access database (a .bws file is one)")
    from access_parser import AccessParser  # type: ignore[import-untyped]  # only this importer needs it

    quiet = logging.getLogger("access_parser")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # it logs and carries on where we check ourselves
    try:
        db = AccessParser(str(path))
        names = [name for name in db.catalog if not name.startswith("MSys")]
        return {name.lower(): _Table(name, db.parse_table(name)) for name in names}
    except BwsError:
        raise
    except Exception as exc:  # access-parser raises many kinds (construct, struct, key, index) on damaged files
        raise BwsError(f"{path} is a damaged or unsupported Access database ({type(exc).__name__}: {exc})") from None
    finally:
        quiet.setLevel(level)


class _Table:
    """One table as columns of values, with typed accessors that name the table, column and row on error."""

    def __init__(self, name: str, data: Mapping[str, object]) -> None:
        self.name = name
        self.columns = {str(k).lower(): v for k, v in data.items() if isinstance(v, list)}
        lengths = {len(v) for v in self.columns.values()}
        if len(lengths) > 1:
            raise BwsError("its rows could not be read consistently", table=name)
        self.count = lengths.pop() if lengths else 0
        ids = self.columns.get("id")
        self._ids = ids if ids is not None and all(isinstance(i, int) for i in ids) else None

    def has(self, column: str) -> bool:
        return column.lower() in self.columns or self.count == 0

    def where(self, row: int) -> str:
        return f"row ID {self._ids[row]}" if self._ids is not None else f"row {row + 1}"

    def error(self, message: str, column: str | None, row: int | None = None) -> BwsError:
        return BwsError(message, table=self.name, column=column, row=None if row is None else self.where(row))

    def raw(self, row: int, column: str, *, required: bool = True) -> object:
        values = self.columns.get(column.lower())
        if values is None:
            if required:
                raise self.error("the table has no such column", column)
            return None
        return values[row]

    def number(self, row: int, column: str, *, default: int | None = None) -> int:
        value = self.raw(row, column, required=default is None)
        if value is None and default is not None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            text = str(value).strip() if isinstance(value, str) else ""
            if not is_whole(text):
                raise self.error(f"expected a whole number, found {value!r}", column, row)
            return int(text)
        return value

    def text(self, row: int, column: str, *, required: bool = True) -> str:
        value = self.raw(row, column, required=required)
        return "" if value is None else str(value).strip()

    def flag(self, row: int, column: str) -> bool:
        value = self.raw(row, column, required=False)
        return bool(value) if isinstance(value, bool | int) else str(value).strip().lower() in ("1", "true", "yes")


def _sections(table: _Table) -> tuple[BwsSection, ...]:
    sections = []
    for i in range(table.count):
        letter = table.text(i, "Letter")
        if not letter:
            raise table.error("the section has no letter", "Letter", i)
        sections.append(BwsSection(table.number(i, "ID"), letter, table.number(i, "Tables", default=0),
                                   table.number(i, "MissingPair", default=0)))
    return tuple(sections)


def _letter(table: _Table, row: int, letters: Mapping[int, str]) -> str:
    section = table.number(row, "Section")
    if section not in letters:
        raise table.error(f"section {section} is not in table Section", "Section", row)
    return letters[section]


def _rounds(table: _Table, letters: Mapping[int, str]) -> tuple[BwsRound, ...]:
    return tuple(BwsRound(_letter(table, i, letters), table.number(i, "Table"), table.number(i, "Round"),
                          table.number(i, "NSPair"), table.number(i, "EWPair"), table.number(i, "LowBoard"),
                          table.number(i, "HighBoard"), table.text(i, "CustomBoards", required=False))
                 for i in range(table.count))


def _results(table: _Table, letters: Mapping[int, str]
             ) -> tuple[tuple[BwsResult, ...], tuple[BwsResult, ...], tuple[BwsResult, ...]]:
    rows = [_result(table, i, letters) for i in range(table.count)]
    erased = tuple(r for r in rows if r.erased)
    latest: dict[tuple[str, int, int, int], BwsResult] = {}
    superseded = []
    for result in sorted((r for r in rows if not r.erased), key=lambda r: r.id):
        key = (result.section, result.table, result.round, result.board)
        if key in latest:
            superseded.append(latest[key])
        latest[key] = result
    ordered = sorted(latest.values(), key=lambda r: (r.section, r.board, r.round, r.table))
    return tuple(ordered), tuple(superseded), erased


def _result(table: _Table, i: int, letters: Mapping[int, str]) -> BwsResult:
    seat = table.text(i, "NS/EW").upper()
    text = table.text(i, "Contract")
    remarks = table.text(i, "Remarks", required=False)
    if seat and seat not in _SEATS:
        raise table.error(f"declarer direction {seat!r} is not N, E, S or W", "NS/EW", i)
    if not text:
        if not remarks:
            raise table.error("no contract and no remark saying why", "Contract", i)
        contract = ""
    else:
        try:
            contract = parse_contract(text, seat)
        except ParseError as exc:
            column = "NS/EW" if exc.field == "NS/EW" else "Contract"
            raise table.error(exc.message if column == "NS/EW" else f"not a contract: {text!r}", column, i) from None
    played = contract not in ("", "PASS")
    tricks = None
    if played:
        try:
            tricks = declarer_tricks(contract, table.text(i, "Result"))
        except ParseError as exc:
            raise table.error(exc.message, "Result", i) from None
    try:
        lead = parse_lead(table.text(i, "LeadCard", required=False)) if played else ""
    except ParseError:
        raise table.error(f"not a card: {table.text(i, 'LeadCard')!r}", "LeadCard", i) from None
    return BwsResult(
        id=table.number(i, "ID"), section=_letter(table, i, letters), table=table.number(i, "Table"),
        round=table.number(i, "Round"), board=table.number(i, "Board"), ns_pair=table.number(i, "PairNS"),
        ew_pair=table.number(i, "PairEW"), declarer=seat if played else None,
        declarer_pair=table.number(i, "Declarer", default=0), contract=contract, tricks=tricks, lead=lead,
        remarks=remarks, erased=table.flag(i, "Erased"),
        logged=_logged(table.raw(i, "DateLog", required=False), table.raw(i, "TimeLog", required=False)))


def _when(value: object) -> datetime | None:
    if isinstance(value, datetime):
        return value
    try:
        return datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:  # access-parser's "(Empty Date)" and "(Invalid Date)"
        return None


def _logged(date: object, time: object) -> datetime | None:
    day, clock = _when(date), _when(time)
    if day is None:
        return clock if clock is not None and clock.year > 1899 else None
    return day if clock is None else datetime.combine(day.date(), clock.time())


def _player_names(table: _Table) -> dict[str, str]:
    names: dict[str, str] = {}
    for i in range(table.count):
        name = table.text(i, "Name", required=False)
        for column in ("ID", "strID"):
            key = table.text(i, column, required=False)
            if key and name:
                names.setdefault(key, name)
    return names


def _players(table: _Table, letters: Mapping[int, str], rounds: tuple[BwsRound, ...],
             names: Mapping[str, str]) -> tuple[BwsPlayer, ...]:
    seats: dict[tuple[str, int], list[BwsRound]] = {}
    for r in sorted(rounds, key=lambda r: r.round):
        seats.setdefault((r.section, r.table), []).append(r)
    players = []
    for i in range(table.count):
        section, number_at = _letter(table, i, letters), table.number(i, "Table")
        direction = table.text(i, "Direction").upper()
        if direction not in _SEATS:
            raise table.error(f"direction {direction!r} is not N, E, S or W", "Direction", i)
        played = table.number(i, "Round", default=0) if table.has("Round") else 0
        at_table = seats.get((section, number_at), [])
        match = next((r for r in at_table if r.round == played), at_table[0] if at_table else None)
        pair = None if match is None else (match.ns_pair if direction in "NS" else match.ew_pair)
        number = table.text(i, "Number")
        name = table.text(i, "Name", required=False) or names.get(number, "")
        players.append(BwsPlayer(section, number_at, direction, pair, number, name, played or None))
    return tuple(players)


def _hand_records(table: _Table, letters: Mapping[int, str]) -> tuple[BwsHandRecord, ...]:
    records = []
    for i in range(table.count):
        holdings = []
        for column in _HANDS:
            text = "".join(table.text(i, column).split()).upper().replace("10", "T")
            if not _HOLDING.match(text) or len(set(text)) != len(text):
                raise table.error(f"not a holding in one suit: {table.text(i, column)!r}", column, i)
            holdings.append(text)
        if not any(holdings):
            continue  # an empty hand record row: no deal for that board
        pbn = "N:" + " ".join(".".join(holdings[h * 4:h * 4 + 4]) for h in range(4))
        try:
            deal = Deal.from_pbn(pbn).require_complete()
        except BridgeError as exc:
            raise table.error(f"the four hands are not a deal: {exc.message}", "NorthSpades..WestClubs", i) from None
        records.append(BwsHandRecord(_letter(table, i, letters), table.number(i, "Board"), deal.to_pbn()))
    return tuple(records)
