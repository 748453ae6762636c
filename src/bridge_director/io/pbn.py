"""PBN 2.1 files: games of tags with their sections, read to the bridge model and written back.

>>> pbn = read_pbn('[Board "7"]\\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 -"]\\n'
...                '[Declarer "S"]\\n[Contract "3NT"]\\n[Result "9"]\\n[Auction "S"]\\n3NT AP\\n')
>>> game = pbn.games[0]
>>> game.tags["Contract"], game.line, game.sections["Auction"]
('3NT', 1, ['3NT AP'])
>>> board = game.board()
>>> board.number, board.the_dealer, len(board.calls), board.replay().score_ns
(7, Seat.SOUTH, 4, 600)

Tag inheritance: ``"#"`` takes the previous game's value; ``"##v"`` sets ``v`` and keeps it for the
games after that leave the tag out (``"##"`` keeps the previous value); a game that leaves out both
``Board`` and ``Deal`` but records a table result (the other room) takes the board and event tags of
the game before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BridgeError
from ..model.board import Board
from ..model.numbers import is_whole
from .pbn_tokens import RawGame, escape, tokenize, unescape
from .text import read_text

# Tags a second-room game takes from the game before when it leaves out Board and Deal.
_ROOM_INHERITED = ("Event", "Site", "Date", "Stage", "Round", "Section", "Scoring", "Competition",
                   "HomeTeam", "VisitTeam", "Board", "Dealer", "Vulnerable", "Deal")
_RESULT_TAGS = frozenset({"Auction", "Play", "Contract", "Result", "Declarer"})
_FIELD = re.compile(r'"((?:[^"\\]|\\.)*)"|\{[^}]*\}|;.*$|(\S+)')


@dataclass(frozen=True, slots=True)
class PbnTag:
    """One tag of a game: its value after inheritance, line, comment on its line, and section lines."""

    name: str
    value: str
    line: int
    lines: tuple[str, ...] = ()
    comment: str = ""
    inherited: bool = False


@dataclass(frozen=True, slots=True)
class PbnColumn:
    """A column of a PBN table: name, width/alignment as written (``2R``) and sort mark (``+``/``-``)."""

    name: str
    spec: str = ""
    sort: str = ""


@dataclass(frozen=True, slots=True)
class PbnTable:
    """A table section (ScoreTable, TotalScoreTable, OptimumResultTable, ActionTable...)."""

    name: str
    columns: list[PbnColumn]
    rows: list[list[str]]

    def column(self, name: str) -> list[str]:
        """The values of one column, by name."""
        index = [c.name for c in self.columns].index(name)
        return [row[index] if index < len(row) else "" for row in self.rows]

    def dicts(self) -> list[dict[str, str]]:
        """Each row as a mapping of column name to value."""
        names = [c.name for c in self.columns]
        return [dict(zip(names, row, strict=False)) for row in self.rows]


def parse_columns(spec: str) -> list[PbnColumn]:
    r"""Read a table's column spec, e.g. ``Rank\2R;+Percentage\4R;Names``.

    >>> parse_columns("Declarer;Denomination\\2R;-Result\\2R")[1:]
    [PbnColumn(name='Denomination', spec='2R', sort=''), PbnColumn(name='Result', spec='2R', sort='-')]
    """
    columns = []
    for part in spec.split(";"):
        part = part.strip()
        if not part:
            continue
        sort = part[0] if part[0] in "+-" else ""
        name, _, width = part[len(sort):].partition("\\")
        columns.append(PbnColumn(name, width, sort))
    return columns


def parse_row(text: str) -> list[str]:
    """The fields of a table row: quoted strings unquoted, comments dropped.

    >>> parse_row('  1   581 "Sergey O ;Oleg O" OMS { note } 72.49 ; tail')
    ['1', '581', 'Sergey O ;Oleg O', 'OMS', '72.49']
    """
    out = []
    for m in _FIELD.finditer(text):
        if m.group(1) is not None:
            out.append(unescape(m.group(1)))
        elif m.group(2) is not None:
            out.append(m.group(2))
    return out


@dataclass(frozen=True, slots=True)
class PbnGame:
    """A game of a PBN file.  ``tags`` and ``sections`` give the first tag of each name."""

    items: tuple[PbnTag, ...]
    line: int = 0
    preamble: tuple[str, ...] = ()
    source: str = ""
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    _cache: dict[str, object] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, items: Iterable[PbnTag], line: int = 0, preamble: Iterable[str] = (), source: str = "") -> PbnGame:
        items = tuple(items)
        tags: dict[str, str] = {}
        sections: dict[str, list[str]] = {}
        for tag in items:
            if tag.name not in tags:
                tags[tag.name] = tag.value
                if tag.lines:
                    sections[tag.name] = list(tag.lines)
        first = line or (min((t.line for t in items if not t.inherited), default=0))
        return cls(items, first, tuple(preamble), source, tags, sections)

    def tag(self, name: str) -> PbnTag | None:
        """The first tag of that name."""
        for tag in self.items:
            if tag.name == name:
                return tag
        return None

    def line_of(self, name: str) -> int:
        """The file line of a tag, or the game's first line if it has none."""
        tag = self.tag(name)
        return tag.line if tag is not None and tag.line else self.line

    @property
    def is_board(self) -> bool:
        """Whether the game has a deal, so it stands for a board."""
        return bool(self.tags.get("Deal", "").strip())

    def notes(self, after: str = "Auction") -> dict[int, str]:
        """The Note tags that follow the ``after`` section (``Auction`` or ``Play``), by number."""
        out: dict[int, str] = {}
        current = ""
        for tag in self.items:
            if tag.name in ("Auction", "Play"):
                current = tag.name
            elif tag.name == "Note" and current == after:
                number, _, text = tag.value.partition(":")
                if is_whole(number.strip()):
                    out[int(number)] = text.strip()
        return out

    def table(self, name: str) -> PbnTable | None:
        """A table section by tag name, or None."""
        tag = self.tag(name)
        if tag is None:
            return None
        rows = [row for row in (parse_row(text) for text in tag.lines if not text.lstrip().startswith("%")) if row]
        return PbnTable(name, parse_columns(tag.value), rows)

    def board(self) -> Board:
        """The model board; a broken record raises a BridgeError naming the field and the file line."""
        return self.record().board

    def record(self) -> PbnRecord:
        """The board with where each call and card came from (cached)."""
        cached = self._cache.get("record")
        if cached is None:
            try:
                cached = game_record(self)
            except BridgeError as err:
                cached = err
            self._cache["record"] = cached
        if isinstance(cached, BridgeError):
            raise cached
        assert isinstance(cached, PbnRecord)
        return cached

    @classmethod
    def from_board(cls, board: Board, extra: Mapping[str, str] | Iterable[PbnTag] = ()) -> PbnGame:
        """A game recording ``board``; ``extra`` tags (a mapping or PbnTags) follow the board's own."""
        return board_game(board, extra)


@dataclass
class PbnFile:
    """A PBN file: its games and the games that could not be read as boards, as (index, error)."""

    games: list[PbnGame]
    errors: list[tuple[int, BridgeError]] = field(default_factory=list)
    source: str = ""

    def boards(self) -> list[tuple[int, Board]]:
        """(game index, board) for every game that is a board and reads cleanly."""
        out = []
        for i, game in enumerate(self.games):
            if game.is_board:
                try:
                    out.append((i, game.board()))
                except BridgeError:
                    continue
        return out


def _resolve(raw_games: list[RawGame], source: str) -> list[PbnGame]:
    return list(resolve_games(raw_games, source))


def resolve_games(raw_games: Iterable[RawGame], source: str) -> Iterator[PbnGame]:
    """The games of raw games in file order, each as soon as it is read (``#`` and ``##`` values and a room's
    inherited tags come from the games before it), so a file can be read a game at a time."""
    prev_tags: dict[str, str] = {}
    prev_lines: dict[str, tuple[str, ...]] = {}
    sticky: dict[str, tuple[str, tuple[str, ...]]] = {}
    for raw in raw_games:
        items: list[PbnTag] = []
        given = {t.name for t in raw.tags}
        for rt in raw.tags:
            lines = tuple(rt.lines)
            value = rt.raw
            if value.startswith("#"):
                if value == "#" or value == "##":
                    if value == "#":
                        sticky.pop(rt.name, None)
                    value = prev_tags.get(rt.name, "")
                    if not _has_content(lines):
                        lines = prev_lines.get(rt.name, ()) + lines
                    if rt.raw == "##":
                        sticky[rt.name] = (value, lines)
                else:
                    value = value[2:] if value.startswith("##") else value
                    if rt.raw.startswith("##"):
                        sticky[rt.name] = (value, lines)
            else:
                sticky.pop(rt.name, None)
                value = unescape(value)
            items.append(PbnTag(rt.name, value, rt.line, lines, rt.comment))
        inherited: list[PbnTag] = []
        for name, (value, lines) in sticky.items():
            if name not in given:
                inherited.append(PbnTag(name, value, 0, lines, inherited=True))
        if "Board" not in given and "Deal" not in given and given & _RESULT_TAGS:
            for name in _ROOM_INHERITED:
                if name not in given and name in prev_tags and name not in sticky:
                    inherited.append(PbnTag(name, prev_tags[name], 0, prev_lines.get(name, ()), inherited=True))
        game = PbnGame.of([*inherited, *items], raw.tags[0].line, raw.preamble, source)
        yield game
        prev_tags = dict(game.tags)
        prev_lines = {t.name: t.lines for t in game.items}


def _has_content(lines: Sequence[str]) -> bool:
    return any(text.strip() and not text.lstrip().startswith(("{", ";", "%")) for text in lines)


def read_pbn(text: str, source: str = "") -> PbnFile:
    """Read PBN text.  Every game that has a deal is built as a board; those that fail are in ``errors``."""
    raw_games, lexical = tokenize(text)
    games = _resolve(raw_games, source)
    errors: list[tuple[int, BridgeError]] = list(lexical)
    for i, game in enumerate(games):
        if game.is_board:
            try:
                game.record()
            except BridgeError as err:
                errors.append((i, err))
    errors.sort(key=lambda e: e[0])
    return PbnFile(games, errors, source)


def load_pbn(path: str | Path) -> PbnFile:
    """Read a PBN file (UTF-8, else ISO-8859-1; CRLF or LF)."""
    return read_pbn(read_text(path), source=str(path))


def write_pbn(games: PbnFile | Sequence[PbnGame]) -> str:
    """PBN text for the games: every tag written with its value (inheritance resolved) and its section."""
    out: list[str] = []
    seq = games.games if isinstance(games, PbnFile) else games
    for n, game in enumerate(seq):
        if n:
            out.append("")
        preamble = list(game.preamble)
        while preamble and not preamble[-1].strip():
            preamble.pop()
        out.extend(preamble)
        for tag in game.items:
            head = f'[{tag.name} "{escape(tag.value)}"]'
            out.append(f"{head} {tag.comment}" if tag.comment else head)
            out.extend(tag.lines)
    out.append("")
    return "\n".join(out)


from .pbn_board import PbnRecord, board_game, game_record  # noqa: E402
