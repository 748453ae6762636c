"""The scorer's desk: a paper traveller typed board by board, one line a row, from the keyboard.

A board's traveller has a row for each table that plays the board, in movement order (round by round, then table
by table), with the N-S and E-W pairs as the movement seats them.  The scorer types each row as one line:

=================  ========================================================================================
``4S N 10 HK``     contract, declarer, tricks taken by declarer, and the opening lead if the traveller has it
``4SX S 8``        doubled (``XX`` redoubled); ``3N`` is ``3NT``; the parts may be run together: ``4sn10``
``3NT W =``        tricks as the traveller writes them: ``=`` made exactly, ``+1`` an overtrick, ``-2`` two down
``P``, ``PASS``    passed out
``NP``             not played
``44110``          digits only, for the number pad: level, strain (1 ♣, 2 ♦, 3 ♥, 4 ♠, 5 NT), declarer
                   (1 N, 2 E, 3 S, 4 W), tricks taken; ``*`` after the strain doubled, ``**`` redoubled;
                   ``.`` then the lead's suit digit and rank (2-10, 11 J, 12 Q, 13 K, 14 A); ``0`` passed out
=================  ========================================================================================

So ``44110.313`` is 4♠ by North, 10 tricks, the ♥K led; ``35*28`` is 3NT doubled by East, 8 tricks.  Each line
is stored through ``club.results.enter_result`` (the one path: the movement, the contract and the lead checked
there), a stored row is corrected through ``correct_result`` at the version its page showed.

>>> read_line("4S N 10 HK"), read_line("3n w -2"), read_line("44*38.414")
(ResultIn(contract='4S', declarer='N', tricks=10, lead='HK', status='played'), \
ResultIn(contract='3NT', declarer='W', tricks=7, lead='', status='played'), \
ResultIn(contract='4SX', declarer='S', tricks=8, lead='SA', status='played'))
>>> read_line("4S Q 10")
Traceback (most recent call last):
...
bridge_director.errors.BridgeError: declarer: the declarer is N, E, S or W, not 'Q'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session, selectinload

from ..errors import BridgeError, ConflictError, RegisterError
from ..model import Card
from ..register.models import Board, Pair, Section, SessionResult, Substitute
from ..scoring.event import PASSED_OUT
from .results import (
    NOT_PLAYED,
    ResultIn,
    checked_values,
    correct_result,
    describe,
    enter_result,
    find_result,
    section_boards,
)
from .setup import movement_of, pair_name

#: the reason a correction made by typing a row again is kept with
DESK_REASON = "typed again at the scorer's desk"
NOT_PLAYED_WORDS = frozenset({"NP", "NOT PLAYED", "NOTPLAYED"})
STRAIN_DIGITS = {"1": "C", "2": "D", "3": "H", "4": "S", "5": "NT"}
SEAT_DIGITS = {"1": "N", "2": "E", "3": "S", "4": "W"}
RANK_NUMBERS = {**{str(n): str(n) for n in range(2, 10)}, "10": "T", "11": "J", "12": "Q", "13": "K", "14": "A"}

_CONTRACT = re.compile(r"([1-7])\s*(NT|N|S|H|D|C|♠|♥|♦|♣)\s*(XX|X|\*\*|\*)?")
_DECLARER = re.compile(r"\s*([A-Z])(?![A-Z])")
_TRICKS = re.compile(r"\s*(=|[+-]\s*\d{1,2}|\d{1,2})(?!\d)")
_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "N": "NT"}
HINT = "type the contract, declarer and tricks, as 4S N 10 (with the lead: 4S N 10 HK), P or NP"


def read_line(text: str) -> ResultIn:
    """The result a typed traveller line gives; a BridgeError names the part that is wrong."""
    line = " ".join(text.split()).upper()
    if not line:
        raise BridgeError(f"the row is empty: {HINT}", field="result")
    if line in PASSED_OUT or line == "0":
        return ResultIn("PASS")
    if line in NOT_PLAYED_WORDS:
        return ResultIn("", status=NOT_PLAYED)
    if re.fullmatch(r"[0-9*.\s]+", line):
        return _digits(line.replace(" ", ""))
    return _letters(line)


def _letters(line: str) -> ResultIn:
    contract = _CONTRACT.match(line)
    if contract is None:
        first = line.split()[0]
        raise BridgeError(f"{first[:12]!r} is not a contract: a level 1 to 7, then S, H, D, C or NT, then X or XX "
                          "if doubled (P: passed out; NP: not played)", field="contract")
    level, strain = contract.group(1), _SYMBOLS.get(contract.group(2), contract.group(2))
    double = (contract.group(3) or "").replace("*", "X")
    rest = line[contract.end():]
    declarer = _DECLARER.match(rest)
    if declarer is None or declarer.group(1) not in "NESW":
        given = rest.split()[0][:12] if rest.split() else ""
        raise BridgeError(f"the declarer is N, E, S or W, not {given!r}" if given else
                          f"give the declarer after {level}{strain}{double}: N, E, S or W", field="declarer")
    rest = rest[declarer.end():]
    tricks = _TRICKS.match(rest)
    if tricks is None:
        given = rest.split()[0][:12] if rest.split() else ""
        raise BridgeError((f"{given!r} is not a number of tricks: " if given else "give the tricks: ")
                          + "the tricks taken (0 to 13), or = for made, +1 for an overtrick, -1 for one down",
                          field="tricks")
    taken = _taken(int(level), tricks.group(1).replace(" ", ""))
    return ResultIn(f"{level}{strain}{double}", declarer.group(1), taken, _lead(rest[tricks.end():]))


def _taken(level: int, tricks: str) -> int:
    if tricks == "=":
        return level + 6
    if tricks[0] not in "+-":
        if int(tricks) > 13:
            raise BridgeError(f"tricks taken by declarer are 0 to 13, not {int(tricks)}", field="tricks")
        return int(tricks)
    taken = level + 6 + int(tricks)
    if not 0 <= taken <= 13:
        raise BridgeError(f"{tricks} at the {level} level would be {taken} tricks: declarer takes 0 to 13",
                          field="tricks")
    return taken


def _lead(text: str) -> str:
    card = text.replace(" ", "")
    if not card:
        return ""
    try:
        return str(Card.parse(card))
    except BridgeError:
        raise BridgeError(f"{card[:12]!r} is not a card: the lead is a suit and a rank, as HK or D10",
                          field="lead") from None


def _digits(line: str) -> ResultIn:
    found = re.fullmatch(r"(\d)(\d)(\*{0,2})(\d)(\d{1,2})(?:\.(\d)(\d{1,2}))?", line)
    if found is None:
        raise BridgeError(f"{line[:16]!r} is not a result in digits: level, strain, declarer and tricks, as 44110 "
                          "for 4S by N, 10 tricks (a lead after a dot: 44110.313 for HK)", field="result")
    level, strain, stars, seat, tricks, suit, rank = found.groups()
    if not "1" <= level <= "7":
        raise BridgeError(f"the level is 1 to 7, not {level}", field="contract")
    if strain not in STRAIN_DIGITS:
        raise BridgeError(f"the strain is 1 ♣, 2 ♦, 3 ♥, 4 ♠ or 5 NT, not {strain}", field="contract")
    if seat not in SEAT_DIGITS:
        raise BridgeError(f"the declarer is 1 N, 2 E, 3 S or 4 W, not {seat}", field="declarer")
    taken = _taken(int(level), tricks)
    lead = ""
    if suit is not None:
        if suit not in "1234" or rank not in RANK_NUMBERS:
            raise BridgeError(f"the lead .{suit}{rank} is a suit 1 to 4 (♣ ♦ ♥ ♠) and a rank 2 to 14 (11 J, 12 Q, "
                              "13 K, 14 A)", field="lead")
        lead = STRAIN_DIGITS[suit] + RANK_NUMBERS[rank]
    return ResultIn(f"{level}{STRAIN_DIGITS[strain]}{'X' * len(stars)}", SEAT_DIGITS[seat], taken, lead)


def line_text(status: str, contract: str, declarer: str, tricks: int | None, lead: str) -> str:
    """A result as the scorer would type it: ``4SX N 8 HK``, ``PASS``, ``NP``."""
    if status == NOT_PLAYED:
        return "NP"
    if contract == "PASS":
        return "PASS"
    return " ".join(part for part in (contract, declarer, "" if tricks is None else str(tricks), lead) if part)


def line_of(row: SessionResult) -> str:
    """A stored result as a traveller line."""
    return line_text(row.status, row.contract, row.declarer, row.tricks, row.lead)


def canonical(board: int, result: ResultIn) -> str:
    """The line a result is stored as (checked as ``enter_result`` checks it, the lead's holder aside)."""
    values = checked_values(board, result)
    return line_text(values["status"], values["contract"], values["declarer"], values["tricks"], values["lead"])


# ----- the traveller ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredLine:
    """A row's stored result: its id and version, the line, the result in words and N-S's score."""

    id: int
    version: int
    line: str
    text: str
    ns_score: int | None
    entered_by: str


@dataclass(frozen=True, slots=True)
class TravellerRow:
    """A row of a board's traveller: the table in its round, the pairs the movement seats there (a pair not
    entered or gone leaves the row a sit-out), and the stored result."""

    round_no: int
    table_no: int
    ns: int
    ew: int
    ns_name: str
    ew_name: str
    sit_out: bool
    stored: StoredLine | None

    @property
    def key(self) -> str:
        return f"{self.round_no}-{self.table_no}"


def stored_line(row: SessionResult) -> StoredLine:
    return StoredLine(row.id, row.version, line_of(row), describe(row), row.ns_score, row.entered_by)


def traveller(db: Session, section: Section, board: int, only: str = "") -> tuple[TravellerRow, ...]:
    """Board ``board``'s traveller rows in movement order, each with its stored result (``only``: the one row
    of that key, ``round-table``)."""
    movement = movement_of(section)
    boards = section_boards(section)
    if board not in boards:
        raise RegisterError(f"board {board} is not played in section {section.letter} (boards {boards[0]} to "
                            f"{boards[-1]})", field="board")
    encounters = [e for e in movement.encounters  # in (round, table) order
                  if board in movement.boards(e.board_set, section.boards_per_round, section.first_board)
                  and (not only or only == f"{e.round}-{e.table}")]
    numbers = {n for e in encounters for n in (e.ns, e.ew)}
    pairs = {pair.number: pair for pair in db.scalars(
        select(Pair).where(Pair.section_id == section.id, Pair.number.in_(numbers))
        .options(selectinload(Pair.player1), selectinload(Pair.player2),
                 selectinload(Pair.substitutes).selectinload(Substitute.player)))}
    stored = {(row.round_no, row.table_no): row for row in db.scalars(
        select(SessionResult).join(Board).where(SessionResult.section_id == section.id, Board.number == board))}
    rows = []
    for encounter in encounters:
        r = encounter.round

        def present(number: int, r: int = r) -> str | None:
            pair = pairs.get(number)
            if pair is None or (pair.left_after is not None and r > pair.left_after):
                return None
            return pair_name(pair, r)

        ns, ew = present(encounter.ns), present(encounter.ew)
        found = stored.get((r, encounter.table))
        rows.append(TravellerRow(r, encounter.table, encounter.ns, encounter.ew, ns or "", ew or "",
                                 ns is None or ew is None, stored_line(found) if found is not None else None))
    return tuple(rows)


# ----- storing a typed row ------------------------------------------------------------------------------------

STORED, CORRECTED, UNCHANGED, SKIPPED = "stored", "corrected", "unchanged", "skipped"


@dataclass(frozen=True, slots=True)
class Entered:
    """What typing a row did: ``stored`` (a new result), ``corrected``, ``unchanged`` or ``skipped`` (an empty
    row), and the row as stored now."""

    outcome: str
    row: SessionResult | None


def same_line(typed: str, shown: str) -> bool:
    """Whether the typed line is the one the page showed (case and spaces aside)."""
    return " ".join(typed.split()).upper() == " ".join(shown.split()).upper()


def store_line(db: Session, section: Section, board: int, round_no: int, table_no: int, typed: str, *,
               shown: str = "", version: int | None = None, by: str = "") -> Entered:
    """Store the row as typed.  ``version`` and ``shown``: the stored result the page showed (None: none), which
    the typed line corrects; a line equal to it changes nothing.  A result stored meanwhile by someone else
    is a ``ConflictError`` (``enter_result`` and ``correct_result`` decide), and nothing is changed."""
    if version is not None and same_line(typed, shown):
        return Entered(UNCHANGED, find_result(db, section, round_no, table_no, board))
    if version is None and not typed.strip():
        return Entered(SKIPPED, None)
    if not typed.strip():
        raise BridgeError(f"a stored result stays until it is corrected: type the correction (NP: not played), or "
                          f"{shown} to keep it", field="result")
    result = read_line(typed)
    if version is None:
        return Entered(STORED, enter_result(db, section, round_no, table_no, board, result, by=by))
    found = find_result(db, section, round_no, table_no, board)
    if found is None:
        raise ConflictError(f"the result of board {board} at table {table_no} in round {round_no} is no longer "
                            "stored; reload the traveller", field="result")
    if canonical(board, result) == line_of(found):
        return Entered(UNCHANGED, found)
    return Entered(CORRECTED, correct_result(db, found.id, result, version=version, by=by, reason=DESK_REASON))


# ----- the boards of the desk ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardLine:
    """A board on the desk: the rows its traveller has to fill (sit-outs left out) and how many are stored."""

    board: int
    rows: int
    stored: int

    @property
    def complete(self) -> bool:
        return self.stored >= self.rows


def desk_boards(db: Session, section: Section) -> tuple[BoardLine, ...]:
    """Every board of the section with its traveller's rows to fill and its results stored."""
    movement = movement_of(section)
    present = {pair.number: pair.left_after for pair in section.pairs}

    def plays(number: int, round_no: int) -> bool:
        return number in present and (present[number] is None or round_no <= (present[number] or 0))

    rows: dict[int, int] = dict.fromkeys(section_boards(section), 0)
    for e in movement.encounters:
        if plays(e.ns, e.round) and plays(e.ew, e.round):
            for board in movement.boards(e.board_set, section.boards_per_round, section.first_board):
                rows[board] += 1
    stored: dict[int, int] = {number: count for number, count in db.execute(
        select(Board.number, func.count(SessionResult.id)).select_from(SessionResult)
        .join(Board, SessionResult.board_id == Board.id)
        .where(SessionResult.section_id == section.id).group_by(Board.number))}
    return tuple(BoardLine(board, count, stored.get(board, 0)) for board, count in sorted(rows.items()))
