"""Boards from any supported file (PBN or LIN), each with the file lines of its calls and cards,
and the checked replay of each board as a list of problems naming board, line and law.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BridgeError
from ..model.board import Board, BoardResult
from .lin import LinBoard, load_lin
from .pbn import PbnGame, load_pbn

_WHERE = re.compile(r"^(call|card) (\d+)")


@dataclass(frozen=True, slots=True)
class FileBoard:
    """A board of a file (or the error that stopped it loading) and where its parts are in the file."""

    index: int
    number: int | None
    line: int
    board: Board | None = None
    error: BridgeError | None = None
    call_lines: tuple[int, ...] = ()
    card_lines: tuple[int, ...] = ()
    field_lines: dict[str, int] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return f"board {self.number}" if self.number is not None else f"game {self.index + 1}"


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem found in a file: which board, which line, which law, and what."""

    label: str
    line: int | None
    law: str | None
    message: str

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line else "line ?"
        law = f"Law {self.law}: " if self.law else ""
        return f"{self.label}, {where}: {law}{self.message}"


def _from_pbn(index: int, game: PbnGame) -> FileBoard:
    number_text = game.tags.get("Board", "").strip()
    number = int(number_text) if number_text.isdigit() else None
    fields = {t.name: t.line for t in game.items if t.line}
    try:
        record = game.record()
    except BridgeError as err:
        return FileBoard(index, number, game.line, error=err, field_lines=fields)
    return FileBoard(index, record.board.number, game.line, record.board, None, record.call_lines,
                     record.card_lines, fields)


def _from_lin(index: int, lin: LinBoard) -> FileBoard:
    fields: dict[str, int] = {}
    for key, _, line in lin.records:
        fields.setdefault(key, line)
    calls = tuple(line for key, value, line in lin.records if key == "mb" and value.strip())
    cards = tuple(line for key, _, line in lin.records if key == "pc")
    try:
        board = lin.board()
    except BridgeError as err:
        return FileBoard(index, None, lin.line, error=err, field_lines=fields)
    return FileBoard(index, board.number, lin.line, board, None, calls, cards, fields)


def load_boards(path: str | Path) -> list[FileBoard]:
    """Every board of a PBN or LIN file (chosen by the ``.lin`` suffix), in file order."""
    if str(path).lower().endswith(".lin"):
        return [_from_lin(i, lin) for i, lin in enumerate(load_lin(path))]
    pbn = load_pbn(path)
    return [_from_pbn(i, game) for i, game in enumerate(pbn.games) if game.is_board]


def locate(fb: FileBoard, err: BridgeError) -> int | None:
    """The file line a replay problem comes from: the call or card it names, else the field's tag."""
    m = _WHERE.match(err.message)
    if m:
        lines = fb.call_lines if m.group(1) == "call" else fb.card_lines
        index = int(m.group(2)) - 1
        if 0 <= index < len(lines):
            return lines[index]
    if err.line is not None:
        return err.line
    key = {"Result": "Result", "Contract": "Contract"}.get(err.field or "", "")
    if key and key in fb.field_lines:
        return fb.field_lines[key]
    if err.law and err.law.startswith(("4", "5", "6")) and fb.card_lines:
        return fb.card_lines[-1]
    if err.law and err.law.startswith(("1", "2")) and fb.call_lines:
        return fb.call_lines[-1]
    return fb.line


def replay(fb: FileBoard) -> tuple[BoardResult | None, Problem | None]:
    """The checked replay of a file's board, or the first problem found, with its line and law."""
    if fb.board is None:
        assert fb.error is not None
        err = fb.error
        return None, Problem(fb.label, err.line or fb.line, err.law, _message(err))
    try:
        return fb.board.replay(), None
    except BridgeError as err:
        return None, Problem(fb.label, locate(fb, err), err.law, _message(err))


def _message(err: BridgeError) -> str:
    return f"{err.field}: {err.message}" if err.field and not err.law else err.message
