"""A board at a table as entered: the engine's ``Table`` and every entry for the screen, undone ones struck.

The engine applies an entry to the current state first and changes nothing when it refuses it, so a
refused or failed entry leaves the table as it was.  An undo removes the entry from the engine's log;
here it stays on the screen, struck through, with the undo after it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from ..errors import BridgeError
from ..model import Deal
from ..table.edition import Edition
from ..table.events import Choice, Event, Judgement, Undo
from ..table.state import TableState
from .api import Table as EngineTable


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One entry of the log as entered, and whether a later undo took it back."""

    number: int
    event: Event
    undone: bool = False


@dataclass(slots=True)
class Table:
    """One board at one table: the starting state, every entry, the current state."""

    id: str
    engine: EngineTable
    log: list[LogEntry] = field(default_factory=list)
    effective: list[int] = field(default_factory=list)  # indexes into log of entries not undone
    lock: threading.Lock = field(default_factory=threading.Lock)

    def enter(self, event: Event) -> TableState:
        """Apply ``event``; on any error nothing changes.  Undo takes back a mistyped entry, never a ruling."""
        with self.lock:
            if isinstance(event, Undo):
                return self._undo()
            new = self.engine.do(event).after
            self.log.append(LogEntry(len(self.log) + 1, event))
            self.effective.append(len(self.log) - 1)
            return new

    @property
    def state(self) -> TableState:
        return self.engine.state

    def _undo(self) -> TableState:
        if not self.effective:
            raise BridgeError("there is nothing to undo", field="undo")
        index = self.effective[-1]
        if isinstance(self.log[index].event, Choice | Judgement):
            raise BridgeError("the last entry is a ruling: undo takes back a mistyped call, not a ruling "
                              "(a director's error is corrected under Law 82C)", field="undo", law="82C")
        new = self.engine.do(Undo()).after
        self.effective.pop()
        self.log[index] = LogEntry(self.log[index].number, self.log[index].event, undone=True)
        self.log.append(LogEntry(len(self.log) + 1, Undo()))
        return new


def new_table(board: int, deal: Deal | None = None, laws: Edition = Edition.L2017, table_id: str = "") -> Table:
    """A board at a table: dealer and vulnerability follow the board number (Law 2)."""
    return Table(table_id, EngineTable(board, deal=deal, laws=laws))
