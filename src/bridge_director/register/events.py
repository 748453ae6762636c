"""Events, sessions, boards (with their table logs) and results."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from ..errors import RegisterError
from .models import Board, Event, EventSession, Result
from .upsert import insert_missing
from .values import Authority


def ensure_event(db: Session, name: str, authority: Authority = Authority.EBU, level: int | None = None) -> Event:
    """The event called ``name``, created if new (EBU ``level`` is the permission level, e.g. 3)."""
    if not name.strip():
        raise RegisterError("an event needs a name", field="event")
    found: Event = insert_missing(db, Event, {"name": name}, authority=authority, level=level)
    return found


def ensure_session(db: Session, event: Event, name: str) -> EventSession:
    """The session ``name`` of ``event``, created if new."""
    found: EventSession = insert_missing(db, EventSession, {"event_id": event.id, "name": name})
    set_committed_value(found, "event", event)  # known already: no lazy load to read it back
    return found


def ensure_board(db: Session, session: EventSession | int, number: int,
                 table_log: dict[str, Any] | None = None) -> Board:
    """Board ``number`` of ``session`` (the session or its id); a given table log (the engine's JSON document) is
    stored as it is."""
    if number < 1:
        raise RegisterError(f"board number must be 1 or more, not {number}", field="board")
    session_id = session if isinstance(session, int) else session.id
    found: Board = insert_missing(db, Board, {"session_id": session_id, "number": number}, table_log=table_log)
    if not isinstance(session, int):
        set_committed_value(found, "session", session)
    if table_log is not None and found.table_log != table_log:
        found.table_log = table_log
    return found


def add_result(db: Session, board: Board, ns_pair: str, ew_pair: str, contract: str,
               ns_score: int | None) -> Result:
    """Record a table result on ``board``."""
    result = Result(board=board, ns_pair=ns_pair, ew_pair=ew_pair, contract=contract, ns_score=ns_score)
    db.add(result)
    db.flush()
    return result
