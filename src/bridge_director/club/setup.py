"""Setting a session up: event and session, sections with their movement, the entry, hand records, late changes.

Every function works inside the caller's transaction (``with register.transaction() as db:``) and refuses bad
input with a ``BridgeError`` naming the field (and the CSV line), so a refused import stores nothing.  An entry
file is checked whole: every bad line is reported at once (``Refusals``), never only the first.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..errors import BridgeError, RegisterError
from ..model import Deal
from ..register.events import ensure_board, ensure_event, ensure_session
from ..register.models import Board, EventSession, Pair, Player, Section, Substitute, Team
from ..register.values import Authority
from ..scoring.event import Method
from ..scoring.matchpoints import Scale
from ..table.edition import Edition
from .movement import Movement, MovementKind

METHODS = ("mp", "cross-imps", "butler", "teams")
ENTRY_COLUMNS = ("pair", "player1", "member1", "player2", "member2")


class Refusals(RegisterError):
    """Every problem found in one go, each a ``BridgeError`` naming its field (and line); nothing was stored.

    Its own field and line are the first problem's; it reads as the problems joined by ``; ``.

    >>> str(Refusals([RegisterError("no such pair", field="pair", line=3), BridgeError("empty", line=5)]))
    'line 3, pair: no such pair; line 5: empty'
    """

    def __init__(self, problems: Sequence[BridgeError]) -> None:
        first = problems[0]
        super().__init__(first.message, law=first.law, field=first.field, line=first.line)
        self.problems = tuple(problems)

    def __str__(self) -> str:
        return "; ".join(str(problem) for problem in self.problems)


@dataclass(frozen=True, slots=True)
class PlayerIn:
    """A player as typed or imported: a name and, where the club has one, a membership number."""

    name: str
    membership: str = ""


def create_session(db: Session, event: str, session: str = "Session 1", *,
                   authority: Authority = Authority.EBU) -> EventSession:
    """The session ``session`` of the event ``event`` (both created if new)."""
    if not session.strip():
        raise RegisterError("a session needs a name", field="session")
    return ensure_session(db, ensure_event(db, event.strip(), authority), session.strip())


def add_section(db: Session, session: EventSession, letter: str, movement: Movement, boards_per_round: int, *,
                method: str = "mp", laws: str = "2017", first_board: int = 1, scale: int = 2) -> Section:
    """A section playing ``movement`` with ``boards_per_round`` boards a round, scored by ``method`` (at
    matchpoints on the ``scale`` of 2 or 1 points a result beaten)."""
    problems = section_problems(letter, movement, boards_per_round, method=method, laws=laws, scale=scale)
    if problems:
        raise problems[0]
    letter = letter.strip().upper()
    if db.scalars(select(Section).where(Section.session_id == session.id, Section.letter == letter)).first():
        raise RegisterError(f"section {letter} already exists in {session.name}", field="section")
    section = Section(session_id=session.id, letter=letter, movement=movement.to_json(),
                      boards_per_round=boards_per_round, first_board=first_board, method=method, laws=laws,
                      scale=scale)
    db.add(section)
    db.flush()
    return section


def section_problems(letter: str | None, movement: Movement | None, boards_per_round: int | None, *,
                     method: str = "mp", laws: str = "2017", scale: int = 2) -> list[BridgeError]:
    """Every reason ``add_section`` would refuse these values, in the order it checks them (None: a value the
    caller could not read, and has reported already, is not checked)."""
    problems: list[BridgeError] = []
    if letter is not None and not 1 <= len(letter.strip()) <= 8:
        problems.append(RegisterError(f"a section letter has 1 to 8 characters, not {letter.strip().upper()!r}",
                                      field="section"))
    if boards_per_round is not None and not 1 <= boards_per_round <= 36:
        problems.append(RegisterError(f"boards per round is 1 to 36, not {boards_per_round}",
                                      field="boards_per_round"))
    if method not in METHODS:
        problems.append(RegisterError(f"scoring method is one of {', '.join(METHODS)}, not {method!r}",
                                      field="method"))
    elif movement is not None and (method == "teams") != (movement.kind is MovementKind.TEAMS):
        problems.append(RegisterError("a teams movement is scored as teams, and teams only with a teams movement",
                                      field="method"))
    checks: list[Callable[[], object]] = [lambda: Edition.parse(laws), lambda: Scale.parse(str(scale))]
    if movement is not None:
        checks.append(movement.check)
    for check in checks:
        try:
            check()
        except BridgeError as err:
            problems.append(err)
    return problems


def movement_of(section: Section) -> Movement:
    """The section's movement as stored when it was set up (checked then; read once per process); a section of
    results only (uploaded travellers) has none, and asking for it is a RegisterError."""
    return parsed_movement(section.movement_text, section.letter)


def parsed_movement(text: str | None, letter: str) -> Movement:
    """``movement_of`` from the stored text and the section's letter (read without an ORM object)."""
    if text is None:
        raise RegisterError(f"section {letter} holds uploaded results only: it has no movement, tables or "
                            "rounds", field="section")
    return _movement(text, letter)


def results_only(section: Section) -> bool:
    """Whether the section holds uploaded results only (no movement)."""
    return section.movement_text is None


@lru_cache(maxsize=64)
def _movement(document: str, letter: str) -> Movement:
    return Movement.from_json(json.loads(document), source=f"section {letter}")


def scoring_method(section: Section) -> Method:
    return Method.parse("mp" if section.method == "teams" else section.method)


def find_player(db: Session, person: PlayerIn) -> Player:
    """The player with this membership number (renamed if the name changed), or a new one."""
    name, membership = person.name.strip(), person.membership.strip()
    if not name:
        raise RegisterError("a player needs a name", field="name")
    if len(name) > 100 or len(membership) > 40:
        raise RegisterError("a name has at most 100 characters and a membership number 40", field="name")
    if membership:
        found = db.scalars(select(Player).where(Player.membership == membership)).first()
        if found is not None:
            found.name = name
            return found
    player = Player(name=name, membership=membership or None)
    db.add(player)
    db.flush()
    return player


def add_pair(db: Session, section: Section, number: int, first: PlayerIn, second: PlayerIn,
             team: str = "") -> Pair:
    """Pair ``number`` of the movement, with its two players (and its team in a teams section)."""
    movement = movement_of(section)
    if number not in movement.pairs:
        raise RegisterError(f"pair {number} is not in the movement (pairs {_span(movement.pairs)})", field="pair")
    if db.scalars(select(Pair).where(Pair.section_id == section.id, Pair.number == number)).first():
        raise RegisterError(f"pair {number} is already entered in section {section.letter}", field="pair")
    pair = Pair(section_id=section.id, number=number, player1_id=find_player(db, first).id,
                player2_id=find_player(db, second).id, team_id=_team(db, section, team).id if team.strip() else None)
    db.add(pair)
    db.flush()
    return pair


def _team(db: Session, section: Section, name: str) -> Team:
    found = db.scalars(select(Team).where(Team.section_id == section.id, Team.name == name.strip())).first()
    if found is None:
        count = len(list(db.scalars(select(Team.id).where(Team.section_id == section.id))))
        found = Team(section_id=section.id, number=count + 1, name=name.strip()[:100])
        db.add(found)
        db.flush()
    return found


def _span(numbers: Sequence[int]) -> str:
    return f"{min(numbers)}-{max(numbers)}" if numbers else "none"


@dataclass(frozen=True, slots=True)
class EntryLine:
    """A line of an entry file as read: the pair, its two players and (teams) its team."""

    line: int
    pair: int
    first: PlayerIn
    second: PlayerIn
    team: str = ""


def read_entry(text: str, pairs: Collection[int] | None = None) -> tuple[tuple[EntryLine, ...],
                                                                        tuple[BridgeError, ...]]:
    """The lines of an entry CSV (header ``pair,player1,member1,player2,member2``, and ``team`` for teams), and
    every problem found, each naming its line: cells, pair numbers (one of ``pairs``, the movement's, when given;
    each once), names.  A line with a problem is not among the lines read.

    >>> lines, problems = read_entry("pair,player1,member1,player2,member2\\n1,Ann,,Bob,\\n9,Cy,,,\\n1,Di,,Ed,\\n",
    ...                              pairs=range(1, 7))
    >>> [(e.line, e.pair, e.first.name) for e in lines], [str(p) for p in problems]
    ([(2, 1, 'Ann')], ['line 3, pair: pair 9 is not in the movement (pairs 1-6)', 'line 3, player2: the second \
player of pair 9 needs a name', 'line 4, pair: pair 1 is entered on line 2 already'])
    """
    try:
        rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    except csv.Error as err:
        raise RegisterError(f"not a CSV file: {err}", field="entry") from None
    if not rows:
        return (), (RegisterError("the entry file is empty", field="entry", line=1),)
    header = [h.strip().lower() for h in rows[0]]
    missing = [c for c in ENTRY_COLUMNS if c not in header]
    if missing:
        return (), (BridgeError(f"the header needs the columns {', '.join(ENTRY_COLUMNS)}; missing "
                                f"{', '.join(missing)}", field="header", line=1),)
    at = {name: header.index(name) for name in (*ENTRY_COLUMNS, "team") if name in header}
    known = sorted(pairs) if pairs is not None else None
    lines: list[EntryLine] = []
    problems: list[BridgeError] = []
    first_line: dict[int, int] = {}
    for line, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            problems.append(BridgeError(f"{len(row)} cells where the header has {len(header)}", field="entry",
                                        line=line))
            continue
        cell = {name: row[i].strip() for name, i in at.items()}
        found = _line_problems(cell, line, known, first_line)
        problems += found
        if not found:
            lines.append(EntryLine(line, int(cell["pair"]), PlayerIn(cell["player1"], cell["member1"]),
                                   PlayerIn(cell["player2"], cell["member2"]), cell.get("team", "")))
    return tuple(lines), tuple(problems)


def _line_problems(cell: Mapping[str, str], line: int, pairs: Sequence[int] | None,
                   first_line: dict[int, int]) -> list[BridgeError]:
    problems: list[BridgeError] = []
    number: int | None = None
    try:
        number = _number(cell["pair"])
    except BridgeError as err:
        problems.append(BridgeError(err.message, field=err.field, line=line))
    if number is not None and pairs is not None and number not in pairs:
        problems.append(RegisterError(f"pair {number} is not in the movement (pairs {_span(pairs)})", field="pair",
                                      line=line))
    elif number is not None and number in first_line:
        problems.append(RegisterError(f"pair {number} is entered on line {first_line[number]} already",
                                      field="pair", line=line))
    elif number is not None:
        first_line[number] = line
    who = f"pair {number}" if number is not None else "the pair"
    for key, ordinal in (("player1", "first"), ("player2", "second")):
        name, member = cell[key], cell["member" + key[-1]]
        if not name:
            problems.append(RegisterError(f"the {ordinal} player of {who} needs a name", field=key, line=line))
        elif len(name) > 100 or len(member) > 40:
            problems.append(RegisterError("a name has at most 100 characters and a membership number 40",
                                          field=key, line=line))
    return problems


def import_entry_csv(db: Session, section: Section, text: str) -> list[Pair]:
    """The entry from CSV with a header ``pair,player1,member1,player2,member2`` (and ``team`` for teams).

    Every line is checked before the refusal: ``Refusals`` lists each bad line (nothing is then stored, once the
    caller's transaction rolls back).
    """
    lines, problems = read_entry(text, movement_of(section).pairs)
    found = list(problems)
    pairs = []
    for entry in lines:
        try:
            pairs.append(add_pair(db, section, entry.pair, entry.first, entry.second, entry.team))
        except BridgeError as err:
            found.append(BridgeError(err.message, field=err.field or "entry", line=entry.line))
    if found:
        raise Refusals(sorted(found, key=lambda problem: problem.line or 0))
    return pairs


def _number(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise RegisterError(f"a pair number is a whole number, not {text[:12]!r}", field="pair")
    return int(text)


def find_pair(db: Session, section: Section, number: int) -> Pair:
    pair = db.scalars(select(Pair).where(Pair.section_id == section.id, Pair.number == number)).first()
    if pair is None:
        raise RegisterError(f"no pair {number} in section {section.letter}", field="pair")
    return pair


def substitute(db: Session, section: Section, pair_number: int, seat: int, person: PlayerIn,
               from_round: int) -> Substitute:
    """``person`` plays for member ``seat`` (1 or 2) of the pair from ``from_round`` on."""
    if seat not in (1, 2):
        raise RegisterError(f"the member replaced is 1 or 2, not {seat}", field="seat")
    rounds = movement_of(section).rounds
    if not 1 <= from_round <= rounds:
        raise RegisterError(f"round is 1 to {rounds}, not {from_round}", field="round")
    pair = find_pair(db, section, pair_number)
    sub = Substitute(pair_id=pair.id, seat=seat, player_id=find_player(db, person).id, from_round=from_round)
    db.add(sub)
    db.flush()
    return sub


def withdraw(db: Session, section: Section, pair_number: int, after_round: int) -> Pair:
    """The pair leaves after ``after_round`` (0: before play); its later opponents sit out."""
    rounds = movement_of(section).rounds
    if not 0 <= after_round <= rounds:
        raise RegisterError(f"the last round played is 0 to {rounds}, not {after_round}", field="round")
    pair = find_pair(db, section, pair_number)
    pair.left_after = after_round
    return pair


def players_in(pair: Pair, round_no: int | None = None) -> tuple[str, str]:
    """The names of the pair's two players in ``round_no`` (substitutes counted), or as entered."""
    names = [pair.player1.name if pair.player1 else "", pair.player2.name if pair.player2 else ""]
    for sub in pair.substitutes:
        if round_no is not None and sub.from_round <= round_no:
            names[sub.seat - 1] = sub.player.name
    return names[0], names[1]


def pair_name(pair: Pair, round_no: int | None = None) -> str:
    """The pair's two names; a pair of uploaded travellers whose players are not named is called as the file
    calls it."""
    names = [name for name in players_in(pair, round_no) if name]
    if len(names) < 2 and pair.label:
        return pair.label
    return " & ".join(names) if names else f"pair {pair.number}"


def store_hand_records(db: Session, session: EventSession, deals: Mapping[int, Deal]) -> list[Board]:
    """Put each deal on its board of the session (created if new); a deal already stored is replaced."""
    boards = []
    for number, deal in sorted(deals.items()):
        deal.require_complete()
        board = ensure_board(db, session, number)
        board.deal = deal.to_pbn()
        boards.append(board)
    return boards


def session_deal(db: Session, session_id: int, number: int) -> Deal | None:
    """The hand-record deal of board ``number`` of the session, if one was loaded."""
    text = db.scalar(select(Board.deal).where(Board.session_id == session_id, Board.number == number))
    return Deal.from_pbn(text) if text else None
