"""Setting a session up: event and session, sections with their movement, the entry, hand records, late changes.

Every function works inside the caller's transaction (``with register.transaction() as db:``) and refuses bad
input with a ``BridgeError`` naming the field (and the CSV line), so a refused import stores nothing.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
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
    letter = letter.strip().upper()
    if not letter or len(letter) > 8:
        raise RegisterError(f"a section letter has 1 to 8 characters, not {letter!r}", field="section")
    if not 1 <= boards_per_round <= 36:
        raise RegisterError(f"boards per round is 1 to 36, not {boards_per_round}", field="boards_per_round")
    if method not in METHODS:
        raise RegisterError(f"scoring method is one of {', '.join(METHODS)}, not {method!r}", field="method")
    if (method == "teams") != (movement.kind is MovementKind.TEAMS):
        raise RegisterError("a teams movement is scored as teams, and teams only with a teams movement",
                            field="method")
    Edition.parse(laws)
    Scale.parse(str(scale))
    movement.check()
    if db.scalars(select(Section).where(Section.session_id == session.id, Section.letter == letter)).first():
        raise RegisterError(f"section {letter} already exists in {session.name}", field="section")
    section = Section(session_id=session.id, letter=letter, movement=movement.to_json(),
                      boards_per_round=boards_per_round, first_board=first_board, method=method, laws=laws,
                      scale=scale)
    db.add(section)
    db.flush()
    return section


def movement_of(section: Section) -> Movement:
    """The section's movement as stored when it was set up (checked then; read once per process); a section of
    results only (uploaded travellers) has none, and asking for it is a RegisterError."""
    if section.movement_text is None:
        raise RegisterError(f"section {section.letter} holds uploaded results only: it has no movement, tables or "
                            "rounds", field="section")
    return _movement(section.movement_text, section.letter)


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


def import_entry_csv(db: Session, section: Section, text: str) -> list[Pair]:
    """The entry from CSV with a header ``pair,player1,member1,player2,member2`` (and ``team`` for teams).

    >>> import_entry_csv.__doc__ is not None
    True
    """
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    if not rows:
        raise RegisterError("the entry file is empty", field="entry", line=1)
    header = [h.strip().lower() for h in rows[0]]
    missing = [c for c in ENTRY_COLUMNS if c not in header]
    if missing:
        raise BridgeError(f"the header needs the columns {', '.join(ENTRY_COLUMNS)}; missing {', '.join(missing)}",
                          field="header", line=1)
    at = {name: header.index(name) for name in (*ENTRY_COLUMNS, "team") if name in header}
    pairs = []
    for line, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise BridgeError(f"{len(row)} cells where the header has {len(header)}", field="entry", line=line)
        cell = {name: row[i].strip() for name, i in at.items()}
        try:
            number = _number(cell["pair"])
            pairs.append(add_pair(db, section, number, PlayerIn(cell["player1"], cell["member1"]),
                                  PlayerIn(cell["player2"], cell["member2"]), cell.get("team", "")))
        except BridgeError as err:
            raise BridgeError(err.message, field=err.field or "entry", line=line) from None
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
