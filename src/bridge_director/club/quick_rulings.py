"""The short way to record a ruling that changes no score (``register.stored_rulings.record_ruling``): its board's
id as this process last read it (an event's sessions and boards are never renamed or removed), and one statement
that writes the ruling and its audit entry only if the account is still the session's
(``register.checked_insert``).  A board not stored yet, or anything the long way would refuse, is left to the long
way, which creates the event, the session and the board, or refuses, exactly as before."""

from __future__ import annotations

from collections import OrderedDict
from datetime import datetime
from threading import Lock

from ..register import Register
from ..register.checked_insert import CheckedRuling, Writer, board_named, insert_checked_ruling

#: boards a process remembers (the least recently used forgotten first)
KEPT = 4096


class RulingBoards:
    """The ids of the boards rulings were recorded on, by event, session and number (one register's)."""

    def __init__(self, register: Register) -> None:
        self.register = register
        self._ids: OrderedDict[tuple[str, str, int], int] = OrderedDict()
        self._lock = Lock()

    def get(self, event: str, session: str, number: int) -> int | None:
        """The board's id; None if it is not stored yet."""
        key = (event, session, number)
        known = self._ids.get(key)
        if known is None:
            known = board_named(self.register, event, session, number)
            if known is None:
                return None
            with self._lock:
                self._ids[key] = known
                while len(self._ids) > KEPT:
                    self._ids.popitem(last=False)
        return known


def quick_ruling(boards: RulingBoards, *, kind: str, director: str, laws: str, event: str | None, session: str,
                 board: int | None, facts: str, options: str, decision: str,
                 writer: Writer) -> tuple[int, datetime] | None:
    """Record the ruling the short way (the module's docstring): its id and time; None when it must be recorded the
    long way, nothing having been written.  The text is stored as given (the caller strips it as the long way
    does)."""
    if not director.strip() or not laws.strip() or (board is not None and not (event or "").strip()):
        return None  # refused by the long way, naming the field
    board_id = None
    if event and board is not None:
        board_id = boards.get(event.strip(), session, board)
        if board_id is None:
            return None
    ruling = CheckedRuling(board_id, kind, director, laws, facts, options, decision)
    return insert_checked_ruling(boards.register, ruling, writer)
