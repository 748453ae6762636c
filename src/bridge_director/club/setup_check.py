"""A new section set up from one form, every problem found at once.

The set-up form gives the event, session, section, movement, boards a round, scoring, Laws edition, and optionally
the entry (CSV) and the hand records (PBN).  ``set_up_section`` checks all of it before anything is stored: the
form's own problems (passed in), the section's values, each bad line of the entry and each bad board of the hand
records; any problem refuses the whole set-up with ``SetupRefused`` listing them all, each with the part of the
form it belongs to.  Only when there is none are the event, session, section, pairs and deals stored, inside the
caller's transaction.

>>> problems = read_hand_records('[Board "1"]\\n[Deal "N:AKQ"]\\n\\n[Board "x"]\\n[Deal "N:AKQ"]\\n')[1]
>>> [str(p) for p in problems]
["line 2, Deal, Law 2: board 1: a PBN deal has four hands, found 1: 'N:AKQ'", "line 4, Board, Law 2: board 'x': \
not a board number"]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..errors import BridgeError, RegisterError
from ..io.pbn import read_pbn
from ..model import Deal
from ..register.models import Event, EventSession, Section
from .hand_records import HandRecord
from .hand_records import _record as hand_record
from .movement import Movement
from .setup import EntryLine, add_pair, add_section, create_session, read_entry, section_problems, store_hand_records


@dataclass(frozen=True, slots=True)
class Problem:
    """A problem of the set-up and the part of the form it belongs to (``event``, ``movement``, ``entry``,
    ``hands``...)."""

    part: str
    error: BridgeError

    @property
    def text(self) -> str:
        return str(self.error)

    @property
    def brief(self) -> str:
        """The problem as read beside its part of the form: the field's name left out when it is the part's.

        >>> Problem("event", BridgeError("fill in the event", field="event")).brief
        'fill in the event'
        >>> Problem("entry", BridgeError("no such pair", field="pair", line=3)).brief
        'line 3, pair: no such pair'
        """
        error = self.error
        if error.line is None and error.law is None and error.field in (self.part, None):
            return error.message
        return str(error)


class SetupRefused(BridgeError):
    """The set-up refused, with every problem found (nothing stored); it reads as the problems joined by ``; ``.

    >>> str(SetupRefused([Problem("event", BridgeError("fill in the event", field="event"))]))
    'event: fill in the event'
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        first = problems[0].error
        super().__init__(first.message, law=first.law, field=first.field, line=first.line)
        self.problems = tuple(problems)

    def __str__(self) -> str:
        return "; ".join(problem.text for problem in self.problems)


@dataclass(frozen=True, slots=True)
class SectionSetUp:
    """What the set-up form gave; None where the form's value was refused (the caller reports that problem)."""

    event: str | None
    session: str | None
    letter: str | None
    movement: Movement | None
    boards_per_round: int | None
    method: str = "mp"
    laws: str = "2017"
    scale: int = 2
    entry_csv: str | None = None
    hand_records: str | None = None


def read_hand_records(text: str) -> tuple[dict[int, Deal], tuple[BridgeError, ...]]:
    """The deals of a hand-record PBN by board number, and every problem of its games (each naming its line, tag
    and board, Law 2 checked), not only the first.  A file without a single deal is a problem too."""
    try:
        games = read_pbn(text if text.endswith("\n") else text + "\n", source="<hands>").games
    except BridgeError as err:
        return {}, (err,)
    records: dict[int, HandRecord] = {}
    problems: list[BridgeError] = []
    previous: int | None = None
    for game in games:
        try:
            record = hand_record(game, True, previous)
        except BridgeError as err:
            problems.append(err)
            continue
        if record is None:
            continue
        previous = record.board
        first = records.setdefault(record.board, record)
        if first.deal != record.deal:
            problems.append(BridgeError(f"board {record.board} is given twice with different deals (games at line "
                                        f"{first.line} and line {record.line})", field="Deal",
                                        line=game.line_of("Deal"), law="2"))
    if not records and not problems:
        problems.append(BridgeError("the hand records have no deal (PBN games with Board and Deal tags)",
                                    field="hands"))
    return {board: record.deal for board, record in sorted(records.items())}, tuple(problems)


def section_taken(db: Session, event: str, session: str, letter: str) -> bool:
    """Whether the event's session has a section with this letter already."""
    found = db.scalar(select(Section.id).join(EventSession, Section.session_id == EventSession.id)
                      .join(Event, EventSession.event_id == Event.id)
                      .where(Event.name == event.strip(), EventSession.name == session.strip(),
                             Section.letter == letter.strip().upper()).limit(1))
    return found is not None


def setup_problems(db: Session, given: SectionSetUp) -> tuple[list[Problem], tuple[EntryLine, ...],
                                                               dict[int, Deal]]:
    """Every problem of ``given`` (the form's own excepted), with the entry's lines and the deals as read."""
    problems = [Problem(err.field or "section", err)
                for err in section_problems(given.letter, given.movement, given.boards_per_round,
                                            method=given.method, laws=given.laws, scale=given.scale)]
    if given.event and given.session and given.letter and section_taken(db, given.event, given.session,
                                                                        given.letter):
        problems.append(Problem("section", RegisterError(
            f"section {given.letter.strip().upper()} already exists in {given.session.strip()}", field="section")))
    lines: tuple[EntryLine, ...] = ()
    if given.entry_csv is not None:
        try:
            lines, found = read_entry(given.entry_csv, given.movement.pairs if given.movement else None)
        except BridgeError as err:
            found = (err,)
        problems += [Problem("entry", err) for err in found]
    deals: dict[int, Deal] = {}
    if given.hand_records is not None:
        deals, errors = read_hand_records(given.hand_records)
        problems += [Problem("hands", err) for err in errors]
    return problems, lines, deals


def set_up_section(db: Session, given: SectionSetUp, known: Sequence[Problem] = ()) -> Section:
    """Event, session, section, the entry's pairs and the deals, stored in ``db``'s transaction; or, when the
    form (``known``) or anything given has a problem, ``SetupRefused`` with all of them and nothing stored."""
    found, lines, deals = setup_problems(db, given)
    problems = [*known, *found]
    if (problems or given.event is None or given.session is None or given.letter is None or given.movement is None
            or given.boards_per_round is None):
        raise SetupRefused(problems or [Problem("section", BridgeError("the set-up is incomplete"))])
    session = create_session(db, given.event, given.session)
    section = add_section(db, session, given.letter, given.movement, given.boards_per_round, method=given.method,
                          laws=given.laws, scale=given.scale)
    for entry in lines:
        add_pair(db, section, entry.pair, entry.first, entry.second, entry.team)
    if deals:
        store_hand_records(db, session, deals)
    return section
