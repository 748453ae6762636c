"""The PBN tokenizer: text to games of tags, each tag with the raw lines of the section after it.

Line-based and regex-based.  It knows the lexical rules of PBN 2.1 and nothing of bridge:

* a tag is ``[Name "value"]`` (several may share a line; one may spread over lines);
* a game ends at an empty line (or when a tag other than ``Note`` repeats);
* ``{...}`` comments may run over several lines (empty lines inside do not end a game);
* ``;`` comments run to the end of the line; ``%`` lines are directives and are kept;
* everything after a tag up to the next tag is that tag's section, kept raw.

>>> games, errors = tokenize('% PBN 2.1\\n[Board "1"] ; first\\n[Auction "N"]\\n1S Pass\\n\\n[Board "2"]\\n')
>>> [[(t.name, t.raw, t.line) for t in g.tags] for g in games]
[[('Board', '1', 2), ('Auction', 'N', 3)], [('Board', '2', 6)]]
>>> games[0].preamble, games[0].tags[0].comment, games[0].tags[1].lines
(['% PBN 2.1'], '; first', ['1S Pass'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import ParseError

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_ONE_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"([^"\n]*)"\s*\]$')
_SPACE = re.compile(r"\s*")
_MULTI_LINE_TAG_LIMIT = 8
_ESCAPE = re.compile(r'\\([\\"])')
_NEEDS_ESCAPE = re.compile(r'\\(?=[\\"]|$)')


@dataclass(slots=True)
class RawTag:
    """A tag as written: name, raw value (escapes kept), line, comment after it, section lines."""

    name: str
    raw: str
    line: int
    comment: str = ""
    lines: list[str] = field(default_factory=list)


@dataclass(slots=True)
class RawGame:
    """The comment and directive lines before the first tag, then the tags in order."""

    preamble: list[str] = field(default_factory=list)
    tags: list[RawTag] = field(default_factory=list)


def _still_in_brace(text: str, inside: bool) -> bool:
    """Whether a ``{`` comment is still open at the end of ``text``."""
    pos = 0
    while True:
        if inside:
            j = text.find("}", pos)
            if j < 0:
                return True
            inside, pos = False, j + 1
        else:
            j = text.find("{", pos)
            if j < 0:
                return False
            semi = text.find(";", pos)
            if 0 <= semi < j:
                return False
            inside, pos = True, j + 1


def tokenize(text: str) -> tuple[list[RawGame], list[tuple[int, ParseError]]]:
    """Split PBN text into raw games; lexical errors come back as (game index, error), the rest goes on."""
    lines = text.splitlines()
    games: list[RawGame] = []
    errors: list[tuple[int, ParseError]] = []
    game = RawGame()
    names: set[str] = set()
    in_brace = False
    n = len(lines)
    i = 0
    while i < n:
        raw = lines[i]
        i += 1
        if in_brace:
            (game.tags[-1].lines if game.tags else game.preamble).append(raw)
            in_brace = _still_in_brace(raw, True)
            continue
        stripped = raw.strip()
        if not stripped:
            if game.tags:
                games.append(game)
                game, names = RawGame(), set()
            elif game.preamble:
                game.preamble.append("")
            continue
        if stripped[0] != "[":
            (game.tags[-1].lines if game.tags else game.preamble).append(raw)
            if "{" in stripped:
                in_brace = _still_in_brace(stripped, False)
            continue
        first_line = i
        if stripped[-1] == "]" and stripped.count('"') == 2:
            # the common case: one tag alone on its line
            one = _ONE_TAG.match(stripped)
            if one is not None:
                name = one.group(1)
                if name in names and name != "Note" and game.tags:
                    games.append(game)
                    game, names = RawGame(), set()
                names.add(name)
                game.tags.append(RawTag(name, one.group(2), first_line))
                continue
        if _TAG.match(stripped) is None:
            # a tag spread over several lines
            joined = stripped
            for extra in range(min(_MULTI_LINE_TAG_LIMIT, n - i)):
                joined += " " + lines[i + extra].strip()
                if _TAG.match(joined):
                    stripped, i = joined, i + extra + 1
                    break
        pos = 0
        found = 0
        while True:
            m = _TAG.match(stripped, pos)
            if m is None:
                break
            found += 1
            name = m.group(1)
            if name in names and name != "Note" and game.tags:
                games.append(game)
                game, names = RawGame(), set()
            names.add(name)
            game.tags.append(RawTag(name, m.group(2), first_line))
            pos = _SPACE.match(stripped, m.end()).end()  # type: ignore[union-attr]
        rest = stripped[pos:]
        if not found:
            errors.append((len(games), ParseError(f"not a tag: {stripped[:60]!r}", field="tag", line=first_line)))
            continue
        if rest:
            if rest[0] in "{;":
                game.tags[-1].comment = rest
                in_brace = _still_in_brace(rest, False)
            else:
                game.tags[-1].lines.append(rest)
    if game.tags:
        games.append(game)
    return games, errors


def unescape(raw: str) -> str:
    r"""A tag value without its PBN escapes (``\"`` and ``\\``; any other backslash stays, as in ``\2R``)."""
    return _ESCAPE.sub(r"\1", raw) if "\\" in raw else raw


def escape(value: str) -> str:
    r"""A tag value with ``\`` and ``"`` escaped for writing."""
    return _NEEDS_ESCAPE.sub(r"\\\\", value).replace('"', '\\"')
