"""Boards from any supported file (PBN or LIN), each with the file lines of its calls and cards,
and the checked replay of each board as a list of problems naming board, line and law.

A file's kind is read from its content, not its name: XML whose root is ``USEBIO`` is a USEBIO results file
(travellers, no deals), a first line of LIN records (``pn|...|``, ``qx|o1|``) is LIN, a file with PBN tags
(``[Board "1"]``) or a ``% PBN`` header is PBN; anything else is refused.

``iter_boards`` reads a PBN file a few thousand lines at a time, cut only where a game ends, and a LIN file a
block at a time, one board held, so checking a file takes the memory of one piece of it, however long the file; it
gives the boards ``load_boards`` gives.
"""

from __future__ import annotations

import codecs
import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from ..errors import BridgeError, ParseError
from ..model.board import Board, BoardResult
from ..model.numbers import is_whole
from .lin import LinBoard, iter_lin, lin_parts, load_lin
from .pbn import PbnGame, load_pbn, resolve_games
from .pbn_tokens import _MULTI_LINE_TAG_LIMIT, _SPACE, _TAG, RawGame, _still_in_brace, tokenize
from .text import BOM
from .usebio import UsebioProblem, xml_root

_WHERE = re.compile(r"^(call|card) (\d+)")
_LIN_RECORD = re.compile(r"^\s*(?:pn|st|md|qx|vg|rs|ah|sv|mb|pc|mc|an|nt|pw|bn|mp|pg|rh)\|", re.MULTILINE)
_PBN_TAG = re.compile(r'^\s*\[[A-Za-z][A-Za-z0-9_]*\s+"', re.MULTILINE)
#: how much of a file is looked at to tell its kind
_SNIFF = 1 << 16
#: lines of a PBN file read at once (then up to the end of the game under way)
CHUNK_LINES = 4000
_BLOCK = 1 << 20
#: characters of a LIN file read at once (each is split into its records at once, so kept small)
LIN_BLOCK = 1 << 16

FileKind = Literal["pbn", "lin", "usebio"]


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
    number = int(number_text) if is_whole(number_text) else None
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


def file_kind(path: str | Path) -> FileKind:
    """What a file is, from its content: ``usebio``, ``lin`` or ``pbn``; a ParseError for anything else."""
    p = Path(path)
    try:
        found = p.is_file()
    except OSError as err:  # a name too long for the system, a path through a file, ...
        raise ParseError(f"cannot read {str(p)[:80]!r}: {err.strerror or err}", field="file") from None
    if not found:
        raise ParseError(f"no such file: {p}", field="file")
    root = xml_root(p)
    if root == "USEBIO":
        return "usebio"
    if root is not None:
        raise ParseError(f"{p}: XML with root element <{root}> is not a USEBIO file; "
                         "only PBN, LIN and USEBIO files are read", field="file")
    try:
        with p.open("rb") as fh:
            head = fh.read(_SNIFF)
    except OSError as err:
        raise ParseError(f"cannot read {p}: {err.strerror}", field="file") from None
    text = head.removeprefix(b"\xef\xbb\xbf").decode("latin-1")
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    if _LIN_RECORD.match(first) or (p.suffix.lower() == ".lin" and _LIN_RECORD.search(text)):
        return "lin"
    if _PBN_TAG.search(text) or first.lstrip().upper().startswith("% PBN"):
        return "pbn"
    raise ParseError(f"{p}: not a PBN, LIN or USEBIO file (no PBN tag, LIN record or USEBIO root element)",
                     field="file")


def usebio_problem(problem: UsebioProblem) -> Problem:
    """A USEBIO file's problem in the form of a board's: board, line, law, and the element it is in."""
    label = f"board {problem.board}" if problem.board is not None else "event"
    return Problem(label, problem.line, problem.law, f"{problem.field}: {problem.message}")


def load_boards(path: str | Path) -> list[FileBoard]:
    """Every board of a PBN or LIN file (told apart by content, see :func:`file_kind`), in file order.

    A USEBIO file holds travellers, not boards: it is refused here (``check`` reads it with
    :func:`~bridge_director.io.usebio.check_usebio`)."""
    kind = file_kind(path)
    if kind == "usebio":
        raise ParseError(f"{path} is a USEBIO results file: it holds travellers, not deals "
                         "(use `check` or `score event` on it)", field="file")
    if kind == "lin":
        return [_from_lin(i, lin) for i, lin in enumerate(load_lin(path))]
    pbn = load_pbn(path)
    return [_from_pbn(i, game) for i, game in enumerate(pbn.games) if game.is_board]


def iter_boards(path: str | Path, chunk_lines: int = CHUNK_LINES, block: int = LIN_BLOCK) -> Iterator[FileBoard]:
    """The boards of :func:`load_boards`, one at a time: a PBN file is read a piece at a time (``chunk_lines``
    lines, then up to the end of the game under way), and a LIN file ``block`` characters at a time, one board
    held, so memory stays flat as the file grows."""
    kind = file_kind(path)
    if kind == "lin":
        for index, lin in enumerate(iter_lin(lin_parts(_blocks(Path(path), block)), str(path),
                                             rooms=_holds(Path(path), b"qx|"))):
            yield _from_lin(index, lin)
        return
    if kind != "pbn":
        yield from load_boards(path)
        return
    for index, game in enumerate(resolve_games(_raw_games(Path(path), chunk_lines), str(path))):
        if game.is_board:
            yield _from_pbn(index, game)


def _encoding(path: Path) -> str:
    """UTF-8 when every byte after a BOM is UTF-8, else ISO-8859-1 (as ``text.decode``), read a block at a time."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        with path.open("rb") as fh:
            block = fh.read(_BLOCK).removeprefix(BOM)
            while block:
                decoder.decode(block)
                block = fh.read(_BLOCK)
            decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return "latin-1"
    except OSError as err:
        raise ParseError(f"cannot read {path}: {err.strerror}", field="file") from None
    return "utf-8"


def _holds(path: Path, needle: bytes) -> bool:
    """Whether the file's bytes hold ``needle`` (an ASCII text, the same bytes in either encoding), a block at a
    time."""
    tail = b""
    try:
        with path.open("rb") as fh:
            while block := fh.read(_BLOCK):
                if needle in tail + block:  # the end of the block before, so a needle cut in two is seen
                    return True
                tail = block[-len(needle) + 1:]
    except OSError as err:
        raise ParseError(f"cannot read {path}: {err.strerror}", field="file") from None
    return False


@contextmanager
def _decoded(path: Path, newline: str | None) -> Iterator[io.TextIOWrapper]:
    """The file as text, as ``text.decode`` reads it (a BOM dropped, UTF-8 else ISO-8859-1), read as it is used;
    ``newline`` as ``open`` takes it.  A file that cannot be read is a ParseError naming it."""
    encoding = _encoding(path)
    try:
        with path.open("rb") as raw:
            if raw.read(len(BOM)) != BOM:
                raw.seek(0)
            with io.TextIOWrapper(raw, encoding=encoding, newline=newline) as text:
                yield text
    except OSError as err:
        raise ParseError(f"cannot read {path}: {err.strerror}", field="file") from None


def _blocks(path: Path, size: int = _BLOCK) -> Iterator[str]:
    """The file's decoded text in blocks of ``size`` characters, line endings kept as written."""
    with _decoded(path, "") as text:
        while block := text.read(size):
            yield block


def _lines(path: Path) -> Iterator[str]:
    """The file's lines as ``str.splitlines`` gives them from the whole decoded text, a block at a time."""
    with _decoded(path, None) as text:
        for physical in text:
            yield from physical.splitlines() or [""]


def _pieces(path: Path, chunk_lines: int) -> Iterator[tuple[int, list[str]]]:
    """(lines before it, its lines) for each piece of a PBN file: cut at an empty line that ends a game, where the
    tokenizer starts afresh (outside any ``{`` comment, with no tag spread over lines still being read)."""
    piece: list[str] = []
    before = 0
    in_brace = False
    tags = False  # the game under way has a tag
    hold = 0  # lines a tag spread over lines may still take
    for line in _lines(path):
        piece.append(line)
        hold = max(0, hold - 1)
        stripped = line.strip()
        if in_brace:
            in_brace = _still_in_brace(line, True)
        elif not stripped:
            if tags and not hold and len(piece) >= chunk_lines:
                yield before, piece
                before += len(piece)
                piece = []
            tags = False
        elif stripped[0] != "[":
            in_brace = "{" in stripped and _still_in_brace(stripped, False)
        else:
            tags = True
            pos = 0
            while (found := _TAG.match(stripped, pos)) is not None:
                pos = _SPACE.match(stripped, found.end()).end()  # type: ignore[union-attr]
            if pos == 0:
                hold = _MULTI_LINE_TAG_LIMIT + 1
            rest = stripped[pos:]
            in_brace = bool(rest) and rest[0] in "{;" and _still_in_brace(rest, False)
    if piece:
        yield before, piece


def _raw_games(path: Path, chunk_lines: int) -> Iterator[RawGame]:
    """The raw games of each piece, their lines counted from the top of the file."""
    for before, piece in _pieces(path, chunk_lines):
        games, _ = tokenize("\n".join(piece))  # lexical errors: as load_boards, a game is judged by its record
        for game in games:
            for tag in game.tags:
                tag.line += before
            yield game


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
