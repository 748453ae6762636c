"""The register behind the app, and what the register pages read from it (filters, choices)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from fastapi import Request
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from ..errors import BridgeError
from ..register import Register
from ..register.models import Event, Ruling
from ..register.stored_rulings import list_rulings

T = TypeVar("T")


async def in_register(register: Register, work: Callable[[], T]) -> T:
    """Run ``work`` (one register transaction and what it answers) for a busy write.

    On PostgreSQL it runs on the worker's own event loop: a write costs a few milliseconds of processor and waits
    well under one for the server, and handing it to a thread and back costs more than the wait it frees (about a
    millisecond of a 4 ms result entry, more under load, when forty threads contend for the interpreter).  On
    SQLite it goes to a thread: another process (the CLI, an import) may hold the file's write lock for a while,
    and waiting for it there must not stop the server answering everything else."""
    if register.engine.dialect.name == "postgresql":
        return work()
    return await run_in_threadpool(work)


def register_of(request: Request) -> Register:
    """The app's register; an app started without one says so instead of failing later."""
    register: Register | None = request.app.state.register
    if register is None:
        raise BridgeError("this server runs without a register (start it with `bridge-director web`)",
                          field="register")
    return register


@dataclass(frozen=True, slots=True)
class RulingFilter:
    """The register's search: free text in facts/options/decision, and event, board, law and director."""

    q: str = ""
    event: str = ""
    board: int | None = None
    law: str = ""
    director: str = ""

    def matches(self, ruling: Ruling) -> bool:
        board = ruling.board
        if self.event and (board is None or board.session.event.name != self.event):
            return False
        if self.board is not None and (board is None or board.number != self.board):
            return False
        if self.law and not any(part.strip().upper().startswith(self.law.strip().upper())
                                for part in ruling.laws.split(",")):
            return False
        text = " ".join((ruling.facts, ruling.options, ruling.decision, ruling.appeal or "")).casefold()
        return not self.q or self.q.strip().casefold() in text


def find_rulings(db: Session, search: RulingFilter) -> list[Ruling]:
    """The rulings matching ``search``, newest first."""
    found = list_rulings(db, director=search.director.strip() or None)
    return [r for r in reversed(found) if search.matches(r)]


def event_names(db: Session) -> list[str]:
    return list(db.scalars(select(Event.name).order_by(Event.id)))


def directors(db: Session) -> list[str]:
    return list(db.scalars(select(Ruling.director).distinct().order_by(Ruling.director)))


def where(ruling: Ruling) -> str:
    """``Club night, board 5`` or ``no board``."""
    board = ruling.board
    return f"{board.session.event.name}, board {board.number}" if board is not None else "no board"
