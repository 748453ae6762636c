"""What an upload of travellers must pass before anything is stored: the checks of what is read back and scored.

An event's travellers are stored as register rows (``event_store``) and read back for every page, ranking and
export.  So a line is stored only when its row reads back to the same line (pair names and the contract fit
their columns; a split, weighted or fouled-board line has no row form and is refused, naming it), when no pair
meets itself or plays a board twice, and when the whole event, with the upload in place, scores by every method
and makes its standings and charts.  A refusal is a ``BridgeError`` naming the board, the pairs and the field; the
upload route's transaction then stores nothing.

>>> from bridge_director.scoring.event import Result as Line
>>> storable([Line(1, "1", "2", 420, contract="4S", declarer="N"), Line(1, "1", "3", 450)])
Traceback (most recent call last):
...
bridge_director.errors.BridgeError: ns: board 1: pair 1 plays it twice
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import BridgeError
from ..io.score_csv import standings_csv
from ..scoring import Method, score_event
from ..scoring.event import Result as Line
from ..scoring.report import frequency_chart
from .event_store import line_to_row

#: the register's column widths (``register.models.Result``)
PAIR_LENGTH = 100
CONTRACT_LENGTH = 20


def _storable_line(line: Line) -> None:
    where = f"board {line.board}, {line.ns[:20]} v {line.ew[:20]}"
    for name, pair in (("ns", line.ns), ("ew", line.ew)):
        if not pair.strip():
            raise BridgeError(f"board {line.board}: a line needs both pairs; the {name.upper()} pair is empty",
                              field=name)
        if len(pair) > PAIR_LENGTH or not pair.isprintable():
            raise BridgeError(f"{where}: a pair is named in at most {PAIR_LENGTH} printable characters", field=name)
    if line.ns.strip() == line.ew.strip():
        raise BridgeError(f"{where}: a pair cannot play against itself", field="ew")
    if line.weighted or line.split or line.group:
        kind = "weighted" if line.weighted else "split" if line.split else "fouled-board"
        raise BridgeError(f"{where}: an event's travellers hold played scores and artificial awards; a {kind} "
                          "score is given as a ruling on the result (Law 12C1)", field="score", law="12C1")
    contract, _ = line_to_row(line)
    if len(contract) > CONTRACT_LENGTH:
        raise BridgeError(f"{where}: the contract and declarer (or the two awards) take at most {CONTRACT_LENGTH} "
                          "characters", field="contract")


def storable(lines: Sequence[Line]) -> None:
    """Every line fits the register and reads back as itself; no pair plays a board twice."""
    seen: set[tuple[int, str]] = set()
    for line in lines:
        _storable_line(line)
        for name, pair in (("ns", line.ns.strip()), ("ew", line.ew.strip())):
            if (line.board, pair) in seen:
                raise BridgeError(f"board {line.board}: pair {pair[:20]} plays it twice", field=name)
            seen.add((line.board, pair))


def readable(lines: Iterable[Line]) -> None:
    """The event as it will be read back: scored by every method, its standings and charts made.  The full CSV and
    USEBIO exports write the same values field by field; what could stop them (a pair name or a contract that a
    file cannot hold) is refused line by line in ``storable``, so they are not rebuilt here for every upload."""
    results = list(lines)
    if not results:
        return
    for method in Method:
        scored = score_event(results, method)
        standings_csv(scored)
        for board in scored.boards:
            frequency_chart(board)
