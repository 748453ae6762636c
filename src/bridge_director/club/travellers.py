"""Uploaded travellers (PBN score tables, CSV, USEBIO) stored as a section of results only.

A section of results only has no movement: each pair is named as the travellers name it (``Pair.label``; its
number is the label where the label is a plain number), each line is a result of the section (round 0, its place
on the board's traveller as its table), and an artificial line keeps its two awards (``awarded``).  Rulings,
decisions, penalties, rankings, pages and exports then treat it as any other section.

Before anything is stored, every line must fit the register and read back as itself, no pair may meet itself or
play a board twice, and the whole section, with the upload in place, must score by every method and make its
standings and charts.  A refusal is a ``BridgeError`` naming the board, the pairs and the field; the caller's
transaction then stores nothing.

>>> from bridge_director.scoring.event import Result as Line
>>> storable([Line(1, "1", "2", 420, contract="4S", declarer="N"), Line(1, "1", "3", 450)])
Traceback (most recent call last):
...
bridge_director.errors.BridgeError: ns: board 1: pair 1 plays it twice
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from sqlalchemy import Table, delete, func, insert, select
from sqlalchemy.orm import Session

from ..errors import BridgeError, ConflictError, RegisterError
from ..io.score_csv import standings_csv
from ..model import Deal
from ..register.bulk import insert_rows
from ..register.events import board_ref, ensure_event, ensure_session
from ..register.models import Board, EventSession, Pair, ResultRuling, Section, SessionResult, utcnow
from ..register.values import Authority
from ..scoring.event import EventScore, Method, score_event
from ..scoring.event import Result as Line
from ..scoring.matchpoints import Scale
from ..scoring.report import frequency_chart
from .results import AWARDED, PLAYED
from .scores import read_section, score_read
from .setup import METHODS

RESULTS_SESSION = "Results"
#: the register's column widths (``register.models.Pair.label``, ``SessionResult.contract``)
PAIR_LENGTH = 100
CONTRACT_LENGTH = 20
UPLOADED_BY = "upload"


@dataclass(frozen=True, slots=True)
class Stored:
    """What an upload stored: the section it went into and the number of lines."""

    section: Section
    lines: int


def _storable_line(line: Line) -> None:
    where = f"board {line.board}, {line.ns[:20]} v {line.ew[:20]}"
    for name, pair in (("ns", line.ns), ("ew", line.ew)):
        if not pair.strip():
            raise BridgeError(f"board {line.board}: a line needs both pairs; the {name.upper()} pair is empty",
                              field=name)
        if len(pair.strip()) > PAIR_LENGTH or not pair.isprintable():
            raise BridgeError(f"{where}: a pair is named in at most {PAIR_LENGTH} printable characters", field=name)
    if line.ns.strip() == line.ew.strip():
        raise BridgeError(f"{where}: a pair cannot play against itself", field="ew")
    if line.weighted or line.split or line.group:
        kind = "weighted" if line.weighted else "split" if line.split else "fouled-board"
        raise BridgeError(f"{where}: travellers hold played scores and artificial awards; a {kind} score is given "
                          "as a ruling on the result (Law 12C1)", field="score", law="12C1")
    if len(line.contract) > CONTRACT_LENGTH:
        raise BridgeError(f"{where}: a contract takes at most {CONTRACT_LENGTH} characters", field="contract")
    if len(line.declarer) > 1 or len(line.lead) > 3:
        field = "declarer" if len(line.declarer) > 1 else "lead"
        raise BridgeError(f"{where}: the {field} is one seat (N, E, S, W) or one card, not {getattr(line, field)!r}",
                          field=field)


def storable(lines: Sequence[Line]) -> None:
    """Every line fits the register and reads back as itself; no pair plays a board twice."""
    seen: set[tuple[int, str]] = set()
    for line in lines:
        _storable_line(line)
        for name, pair in (("ns", line.ns.strip()), ("ew", line.ew.strip())):
            if (line.board, pair) in seen:
                raise BridgeError(f"board {line.board}: pair {pair[:20]} plays it twice", field=name)
            seen.add((line.board, pair))


def results_section(db: Session, session: EventSession, letter: str | None = None) -> Section:
    """The session's section of results only (``letter``, or the one there is, or a new one at the first free
    letter); a section of that letter playing a movement is refused."""
    sections = list(db.scalars(select(Section).where(Section.session_id == session.id).order_by(Section.id)))
    wanted = (letter or "").strip().upper()
    if wanted and (len(wanted) > 8 or not wanted.isprintable()):
        raise RegisterError(f"a section letter has 1 to 8 printable characters, not {wanted[:12]!r}", field="section")
    for section in sections:
        if (section.letter == wanted or not wanted) and section.movement_text is None:
            return section
        if section.letter == wanted:
            raise RegisterError(f"section {wanted} of {session.name} plays a movement: its results are entered "
                                "at its tables; upload travellers to a section of results only", field="section")
    used = {s.letter for s in sections}
    wanted = wanted or next(chr(c) for c in range(ord("A"), ord("Z") + 1) if chr(c) not in used)
    section = Section(session_id=session.id, letter=wanted, movement=None, boards_per_round=0, first_board=1,
                      method="mp", scale=2, laws="2017")
    db.add(section)
    db.flush()
    return section


def _pairs(db: Session, section: Section, labels: Iterable[str]) -> dict[str, int]:
    """The id of each label's pair, made where new: numbered by the label where it is a plain number, else next."""
    known = {label: (pid, number) for pid, number, label in
             db.execute(select(Pair.id, Pair.number, Pair.label).where(Pair.section_id == section.id))}
    out = {label: pid for label, (pid, _) in known.items() if label is not None}
    taken = {number for _, number in known.values()}
    fresh = [label for label in dict.fromkeys(labels) if label not in out]
    plain = [label for label in fresh if label.isascii() and label.isdigit() and str(int(label)) == label]
    rows = []
    for label in plain + [label for label in fresh if label not in plain]:  # plain numbers first keep theirs
        number = int(label) if label in plain else 0
        if not 1 <= number <= 9999 or number in taken:
            number = max(taken, default=0) + 1
        taken.add(number)
        rows.append({"section_id": section.id, "number": number, "label": label})
    if rows:  # one multi-row INSERT ... RETURNING for the new pairs
        table = cast(Table, Pair.__table__)
        out.update({label: pid for pid, label in db.execute(
            insert(table).returning(table.c.id, table.c.label, sort_by_parameter_order=True), rows)})
    return out


def _replace_boards(db: Session, section: Section, board_ids: list[int]) -> None:
    """Remove the section's earlier lines of these boards; a line a ruling stands on is not removed silently."""
    ruled = db.execute(select(SessionResult.id, Board.number).join(ResultRuling).join(Board)
                       .where(SessionResult.section_id == section.id, SessionResult.board_id.in_(board_ids))).first()
    if ruled is not None:
        raise ConflictError(f"board {ruled[1]} of section {section.letter} has a ruling on result {ruled[0]}: "
                            "correct that result instead of uploading the board again", field="board")
    db.execute(delete(SessionResult).where(SessionResult.section_id == section.id,
                                           SessionResult.board_id.in_(board_ids)))


def _row(line: Line) -> dict[str, object]:
    if line.score is None:
        return {"status": AWARDED, "contract": "", "declarer": "", "tricks": None, "lead": "", "ns_score": None,
                "ns_award": line.ns_award, "ew_award": line.ew_award}
    return {"status": PLAYED, "contract": line.contract, "declarer": line.declarer, "tricks": line.tricks,
            "lead": line.lead, "ns_score": line.score, "ns_award": None, "ew_award": None}


def store_travellers(db: Session, event: str, lines: Sequence[Line], deals: Mapping[int, Deal] | None = None, *,
                     session: str = RESULTS_SESSION, letter: str | None = None,
                     authority: Authority = Authority.CLUB, method: Method | None = None,
                     checked: bool = False) -> Stored:
    """Store an upload in the event's session as a section of results only; a board uploaded again replaces its
    earlier lines.  The whole section is then read back and scored as its pages will be; a refusal anywhere
    raises, and the caller's transaction stores nothing.  ``checked``: the lines passed ``storable`` already."""
    if not checked:
        storable(lines)
    if not event.strip():
        raise RegisterError("the results belong to an event: give its name", field="event")
    found = ensure_session(db, ensure_event(db, event.strip(), authority), session.strip() or RESULTS_SESSION)
    section = results_section(db, found, letter)
    held = db.scalar(select(func.count()).select_from(SessionResult).where(SessionResult.section_id == section.id))
    if method is not None and method.value in METHODS and not held:
        section.method = method.value
    for number, deal in sorted((deals or {}).items()):
        deal.require_complete()
        board_id, _ = board_ref(db, found.id, number)
        db.get_one(Board, board_id).deal = deal.to_pbn()
    boards = {number: board_ref(db, found.id, number)[0] for number in sorted({line.board for line in lines})}
    _replace_boards(db, section, list(boards.values()))
    pair_ids = _pairs(db, section, (p.strip() for line in lines for p in (line.ns, line.ew)))
    place: dict[int, int] = {}
    rows = []
    for line in lines:
        place[line.board] = place.get(line.board, 0) + 1
        rows.append({"section_id": section.id, "board_id": boards[line.board], "round_no": 0,
                     "table_no": place[line.board], "ns_pair_id": pair_ids[line.ns.strip()],
                     "ew_pair_id": pair_ids[line.ew.strip()], "entered_by": UPLOADED_BY, "entered_at": utcnow(),
                     "version": 1, **_row(line)})
    if rows:
        insert_rows(db, cast(Table, SessionResult.__table__), rows)  # no ORM bookkeeping per row
    db.flush()
    db.expire_all()
    if held:
        readable(db, section)
    else:  # the section is the upload, as stored (``storable``): scored from the lines in hand
        _scored_by_every_method(section, lambda method: score_event(lines, method, scale=Scale(section.scale)))
    return Stored(section, len(rows))


def readable(db: Session, section: Section) -> None:
    """The section as it will be read back (read once): scored by every pairs method, its standings and charts
    made."""
    read = read_section(db, section)
    _scored_by_every_method(section, lambda method: score_read(section, read, Scale(section.scale), method))


def _scored_by_every_method(section: Section, score: Callable[[Method], EventScore | None]) -> None:
    for method in Method:
        try:
            scored = score(method)
        except BridgeError as err:
            raise BridgeError(f"with this upload section {section.letter} cannot be scored by {method.value}: "
                              f"{err}") from None
        if scored is None:
            continue
        standings_csv(scored)
        for board in scored.boards:
            frequency_chart(board)
