"""Uploaded travellers (PBN score tables, CSV, USEBIO) stored as a section of results only.

A section of results only has no movement: each pair is named as the travellers name it (``Pair.label``; its
number is the label where the label is a plain number), each line is a result of the section (round 0, its place
on the board's traveller as its table), and an artificial line keeps its two awards (``awarded``).  Rulings,
decisions, penalties, rankings, pages and exports then treat it as any other section.

Before anything is stored, every line must fit the register and read back as itself, no pair may meet itself or
play a board twice, and the whole section, with the upload in place, must score by its method (the upload's, else
the section's).  A refusal is a ``BridgeError`` naming the board, the pairs and the field; the caller's transaction
then stores nothing.  An upload read as columns (``TravellerColumns``) is checked, stored and scored as columns:
no object a plain line.

>>> from bridge_director.scoring.event import Result as Line
>>> storable([Line(1, "1", "2", 420, contract="4S", declarer="N"), Line(1, "1", "3", 450)])
Traceback (most recent call last):
...
bridge_director.errors.BridgeError: ns: board 1: pair 1 plays it twice
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, cast

from sqlalchemy import Table, delete, func, select
from sqlalchemy.orm import Session

from ..errors import BridgeError, ConflictError, RegisterError
from ..model import Deal
from ..register.bulk import Part, insert_parts, insert_rows
from ..register.events import board_ref, ensure_event, ensure_session
from ..register.models import Board, EventSession, Pair, ResultRuling, Section, SessionResult, utcnow
from ..register.values import Authority
from ..scoring.event import EventScore, Method, TravellerColumns, score_event
from ..scoring.event import Result as Line
from ..scoring.matchpoints import Scale
from .results import AWARDED, PLAYED
from .scores import read_section, score_read
from .setup import METHODS, scoring_method

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


def storable(lines: Sequence[Line] | TravellerColumns) -> None:
    """Every line fits the register and reads back as itself; no pair plays a board twice.  Columns are checked as
    columns; where they fail, line by line, so that the refusal is the first bad line's, as for a list of lines."""
    if isinstance(lines, TravellerColumns):
        if _storable_columns(lines):
            return
        lines = lines.results()
    seen: set[tuple[int, str]] = set()
    for line in lines:
        _storable_line(line)
        for name, pair in (("ns", line.ns.strip()), ("ew", line.ew.strip())):
            if (line.board, pair) in seen:
                raise BridgeError(f"board {line.board}: pair {pair[:20]} plays it twice", field=name)
            seen.add((line.board, pair))


def _storable_columns(columns: TravellerColumns) -> bool:
    """Whether every line passes :func:`storable`, checked by columns: each pair's name once, the pairs of each line
    side by side, each board's pairs as one set of numbers, and the odd lines (awards, contracts) one by one."""
    names = set(columns.ns) | set(columns.ew)
    stripped = {name: name.strip() for name in names}
    if not all(0 < len(name) <= PAIR_LENGTH for name in stripped.values()) or not all(map(str.isprintable, names)):
        return False
    ns, ew = list(map(stripped.__getitem__, columns.ns)), list(map(stripped.__getitem__, columns.ew))
    if any(map(operator.eq, ns, ew)):
        return False
    for line in columns.odd.values():
        try:
            _storable_line(line)
        except BridgeError:
            return False
    number = {name: at for at, name in enumerate(set(stripped.values()))}
    base = [board * len(number) for board in columns.board]  # (board, pair) as one number
    seen = set(map(operator.add, base, map(number.__getitem__, ns)))
    seen.update(map(operator.add, base, map(number.__getitem__, ew)))
    return len(seen) == 2 * len(base)


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
    numbered = set(plain)
    top = max(taken, default=0)
    labels = plain + [label for label in fresh if label not in numbered]  # plain numbers first keep theirs
    numbers = []
    for label in labels:
        number = int(label) if label in numbered else 0
        if not 1 <= number <= 9999 or number in taken:
            number = top + 1
        taken.add(number)
        top = max(top, number)
        numbers.append(number)
    if labels:  # the new pairs in one go, then their ids by their numbers (one to a section)
        insert_rows(db, cast(Table, Pair.__table__), {"number": numbers, "label": labels}, {"section_id": section.id})
        made = {number: pid for number, pid in db.execute(select(Pair.number, Pair.id)
                                                          .where(Pair.section_id == section.id))}
        out.update(zip(labels, map(made.__getitem__, numbers), strict=True))
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


#: the columns of an uploaded line that are not the same for every line, and a plain played line's values of them
_LINE_COLUMNS = ("status", "contract", "declarer", "tricks", "lead", "ns_award", "ew_award")
_PLAIN = (PLAYED, "", "", None, "", None, None)


def _line_values(line: Line) -> tuple[Any, ...]:
    """An odd line's values of ``_LINE_COLUMNS`` (its N-S score is the columns' own)."""
    if line.score is None:
        return AWARDED, "", "", None, "", line.ns_award, line.ew_award
    return PLAYED, line.contract, line.declarer, line.tricks, line.lead, None, None


#: the most runs of plain and odd lines stored apart: a file with more (odd lines here and there) goes in one part
RUNS = 100


def _parts(columns: TravellerColumns, values: Mapping[str, Sequence[Any]], same: Mapping[str, Any]) -> list[Part]:
    """The rows of the lines in order, in runs that share values: a run of plain lines has ``_PLAIN`` as values of
    all but five columns (``values``), a run of odd lines its own ``_LINE_COLUMNS``.  The few odd lines of a plain
    file (an award a board) leave most rows five values to bind; a file of many runs is one part."""
    n, odd = len(columns), sorted(columns.odd)
    runs: list[tuple[int, int, bool]] = []  # start, end, odd
    at = 0
    for i in odd:
        if i > at:
            runs.append((at, i, False))
        if runs and runs[-1][2] and runs[-1][1] == i:
            runs[-1] = (runs[-1][0], i + 1, True)
        else:
            runs.append((i, i + 1, True))
        at = i + 1
    if at < n:
        runs.append((at, n, False))
    if len(runs) > RUNS:
        runs = [(0, n, True)]
    plain = {**same, **dict(zip(_LINE_COLUMNS, _PLAIN, strict=True))}
    parts: list[Part] = []
    for start, end, mixed in runs:
        run = dict(values) if (start, end) == (0, n) else {name: column[start:end] for name, column in values.items()}
        if not mixed:
            parts.append((run, plain))
            continue
        line = [_line_values(columns.odd[i]) if i in columns.odd else _PLAIN for i in range(start, end)]
        for k, name in enumerate(_LINE_COLUMNS):
            run[name] = [value[k] for value in line]
        parts.append((run, same))
    return parts


def store_travellers(db: Session, event: str, lines: Sequence[Line] | TravellerColumns,
                     deals: Mapping[int, Deal] | None = None, *, session: str = RESULTS_SESSION,
                     letter: str | None = None, authority: Authority = Authority.CLUB, method: Method | None = None,
                     checked: bool = False) -> Stored:
    """Store an upload in the event's session as a section of results only; a board uploaded again replaces its
    earlier lines.  The whole section is then scored by its method as its pages will score it; a refusal
    anywhere raises, and the caller's transaction stores nothing.  ``checked``: the lines passed ``storable``
    already."""
    columns = lines if isinstance(lines, TravellerColumns) else TravellerColumns.of(lines)
    if not checked:
        storable(columns)
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
    boards = {number: board_ref(db, found.id, number)[0] for number in sorted(set(columns.board))}
    _replace_boards(db, section, list(boards.values()))
    stripped = {name: name.strip() for name in set(columns.ns) | set(columns.ew)}
    ns, ew = list(map(stripped.__getitem__, columns.ns)), list(map(stripped.__getitem__, columns.ew))
    pair_ids = _pairs(db, section, chain.from_iterable(zip(ns, ew, strict=True)))
    place = dict.fromkeys(boards, 0)
    table_no = []  # the line's place on its board's traveller
    for number in columns.board:
        place[number] += 1
        table_no.append(place[number])
    values: dict[str, Sequence[Any]] = {
        "board_id": list(map(boards.__getitem__, columns.board)), "table_no": table_no,
        "ns_pair_id": list(map(pair_ids.__getitem__, ns)), "ew_pair_id": list(map(pair_ids.__getitem__, ew)),
        "ns_score": columns.score}
    same = {"section_id": section.id, "round_no": 0, "entered_by": UPLOADED_BY, "entered_at": utcnow(), "version": 1}
    insert_parts(db, cast(Table, SessionResult.__table__), _parts(columns, values, same))  # no ORM bookkeeping
    db.flush()
    db.expire_all()
    if held:
        readable(db, section)
    else:  # the section is the upload, as stored (``storable``): scored from the lines in hand
        _scored(section, lambda method: score_event(columns, method, scale=Scale(section.scale)))
    return Stored(section, len(columns))


def readable(db: Session, section: Section) -> None:
    """The section as it will be read back (read once), scored by its method."""
    read = read_section(db, section)
    _scored(section, lambda method: score_read(section, read, Scale(section.scale), method))


def _scored(section: Section, score: Callable[[Method], EventScore | None]) -> None:
    """The section scored by its method, as its pages score it; a refusal names the section and the method."""
    method = scoring_method(section)
    try:
        score(method)
    except BridgeError as err:
        raise BridgeError(f"with this upload section {section.letter} cannot be scored by {method.value}: "
                          f"{err}") from None
