"""Import a BML file (Bridge Bidding Markup Language) into our card.

BML writes a bidding table as indented lines, ``<call> <description>``: a deeper line answers the line above
it; a table whose first word holds ``-`` or ``;`` starts from that sequence (``1N-2C;``, ``(1NT)---``); the
opponents' calls are in brackets and, once they act, every call is written.  The descriptions are words; we
keep them as the meaning's text.  Two additions of ours may give the engine more: ``{hcp 15-17, balanced}`` in a
description is read as the constraints it shows, and ``[stayman]`` as its purpose tag.

Read: bidding tables, ``#+TITLE``, ``//`` comments, ``#COPY``/``#CUT`` ... ``#ENDCOPY``/``#ENDCUT`` and ``#PASTE``
with replacements.  Ignored: headings, paragraphs, lists, ``#HIDE``; ``#SEAT`` and ``#VUL`` (our card does not
split meanings by seat or vulnerability) and ``#INCLUDE`` are reported.

>>> from bridge_director.model import Call
>>> card = import_text('''#+TITLE: Mini
...
... 1N  Strong {hcp 15-17, balanced}
...   2C  Stayman [stayman] {hcp 8+, major 4+}
...   2D  Transfer [transfer]
... ''')
>>> card.name, str(card.meaning("1N", Call.parse("2C")).shows), card.meaning("1N", Call.parse("2D")).purpose
('Mini', 'hcp 8+, (hearts 4+ or spades 4+)', 'transfer')
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ParseError
from ..io.text import decode
from .card_file import loads
from .context import calls_of
from .model import SystemCard

_SUIT_MARKS = {"!c": "♣", "!d": "♦", "!h": "♥", "!s": "♠", "!C": "♣", "!D": "♦", "!H": "♥", "!S": "♠"}
_SHOWS = re.compile(r"\{([^{}]*)\}")
_PURPOSE = re.compile(r"\[([A-Za-z][\w -]*)\]")

@dataclass
class _Node:
    indent: int
    sequence: list[tuple[str, bool]]  # (word, ours) from the start of the auction
    desc_col: int  # where this line's description starts (a continuation line begins there)
    entry: dict[str, Any] | None


def import_file(path: str | Path) -> SystemCard:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as err:
        raise ParseError(f"cannot read the BML file {str(p)!r}: {err.strerror}", field="bml") from None
    return import_text(decode(raw, p.name, strict=True), p.name)  # UTF-8 only: a bad byte named with its line


def import_text(text: str, source: str = "bml") -> SystemCard:
    """The card a BML text describes; what could not be read is in ``card.problems``."""
    data, problems = to_data(text, source)
    card = loads(json.dumps(data), source)
    return SystemCard(card.name, card.meanings, (*problems, *card.problems), source)


def _clean(text: str) -> str:
    for mark, symbol in _SUIT_MARKS.items():
        text = text.replace(mark, symbol)
    return " ".join(text.split())


def _expand_copies(lines: list[str], source: str, problems: list[str]) -> list[tuple[int, str]]:
    """The lines (with their numbers) after #COPY/#CUT/#PASTE; the other # directives are dropped."""
    saved: dict[str, list[str]] = {}
    out: list[tuple[int, str]] = []
    recording: list[tuple[str, bool]] = []  # (name, cut)
    for no, line in enumerate(lines, 1):
        stripped = line.strip()
        head = stripped.split()[0].upper() if stripped else ""
        if head in ("#COPY", "#CUT") and len(stripped.split()) > 1:
            recording.append((stripped.split()[1], head == "#CUT"))
            saved[stripped.split()[1]] = []
            continue
        if head in ("#ENDCOPY", "#ENDCUT"):
            if recording:
                recording.pop()
            continue
        if head == "#PASTE" and len(stripped.split()) > 1:
            words = stripped.split()
            block = saved.get(words[1])
            if block is None:
                problems.append(f"{source}: line {no}: #PASTE of {words[1]!r}, which was not copied before")
                continue
            indent = len(line) - len(line.lstrip())
            for body in block:
                for pair in words[2:]:
                    if "=" in pair:
                        target, replacement = pair.split("=", 1)
                        body = body.replace(target, replacement)
                out.append((no, " " * indent + body))
            continue
        if head in ("#SEAT", "#VUL", "#INCLUDE"):
            problems.append(f"{source}: line {no}: {head} is not imported (our card has one meaning per auction)")
            continue
        for name, _cut in recording:
            saved[name].append(line)
        if not any(cut for _, cut in recording):
            out.append((no, line))
    return out


def _first_word(line: str) -> tuple[str, int]:
    stripped = line.lstrip()
    indent = len(line) - len(stripped)
    word = stripped.split()[0] if stripped.split() else ""
    return word, indent


def _is_call(word: str) -> bool:
    w = word[1:-1] if word.startswith("(") and word.endswith(")") else word
    try:
        calls_of(w)
    except ParseError:
        return False
    return True


def to_data(text: str, source: str = "bml") -> tuple[dict[str, Any], list[str]]:
    """Our card's JSON data for a BML text, and the problems found on the way (one line each)."""
    problems: list[str] = []
    name = source
    contexts: dict[str, dict[str, Any]] = {}
    lines = _expand_copies(text.splitlines(), source, problems)
    stack: list[_Node] = []
    in_table = False
    base: list[tuple[str, bool]] = []
    for no, raw in lines:
        line = raw.rstrip()
        stripped = line.strip()
        if stripped.upper().startswith("#+TITLE:"):
            name = name if name != source else stripped.split(":", 1)[1].strip() or source
            continue
        if not stripped:
            in_table, stack, base = False, [], []
            continue
        if stripped.startswith("//") or stripped.startswith("#") or stripped.startswith("*"):
            continue
        word, indent = _first_word(line)
        if stack and indent == stack[-1].desc_col and stack[-1].entry is not None:
            entry = stack[-1].entry  # a description that goes on over several lines
            entry["text"] = _clean(f"{entry.get('text', '')} {stripped}")
            continue
        if not in_table:
            if ("-" in word or word.endswith(";")) and all(_is_call(w) for w in re.split(r"-+", word.rstrip(";"))
                                                           if w):
                base = [(w[1:-1], False) if w.startswith("(") else (w, True)
                        for w in re.split(r"-+", word.rstrip(";")) if w]
                in_table, stack = True, []
                continue
            if not _is_call(word):
                continue  # a paragraph, a list, a deal diagram
            in_table, stack, base = True, [], []
        if not _is_call(word):
            if word[:1].isdigit():
                problems.append(f"{source}: line {no}: {word!r} is not a call we read (steps are not imported)")
            continue
        while stack and stack[-1].indent >= indent:
            stack.pop()
        parent = stack[-1].sequence if stack else base
        theirs = word.startswith("(")
        call_word = word[1:-1] if theirs else word
        competitive = any(not ours for _, ours in parent) or theirs
        sequence = list(parent)
        if competitive and not theirs and sequence and sequence[-1][1]:
            sequence.append(("P", False))  # BML writes every call once the opponents act: a pass left out
        rest = line.lstrip()[len(word):]
        rest = rest.lstrip()
        if rest.startswith("="):
            rest = rest[1:].lstrip()
        desc_col = len(line) - len(rest) if rest else indent + len(word) + 1
        if theirs:
            stack.append(_Node(indent, [*sequence, (call_word, False)], desc_col, None))
            continue
        key = "-".join(w if ours else f"({w})" for w, ours in sequence)
        entry = _entry(rest)
        calls = contexts.setdefault(key, {})
        if call_word in calls:
            problems.append(f"{source}: line {no}: {call_word} after {key!r} is described twice; the first stands")
            stack.append(_Node(indent, [*sequence, (call_word, True)], desc_col, None))
            continue
        calls[call_word] = entry
        stack.append(_Node(indent, [*sequence, (call_word, True)], desc_col, entry))
    for calls in contexts.values():
        for entry in calls.values():
            _finish(entry)
    return {"system": name, "contexts": contexts}, problems


def _entry(description: str) -> dict[str, Any]:
    return {"text": _clean(description)}


def _finish(entry: dict[str, Any]) -> None:
    """Take our {constraints} and [purpose] out of the words; a call with no words at all is marked so."""
    words = entry.get("text", "")
    shows = [m.strip() for m in _SHOWS.findall(words)]
    purpose = _PURPOSE.search(words)
    words = _PURPOSE.sub("", _SHOWS.sub("", words))
    if shows:
        entry["shows"] = ", ".join(f"({s})" if " or " in s else s for s in shows)
    if purpose:
        entry["purpose"] = purpose.group(1).strip().lower()
    entry["text"] = " ".join(words.split()) or ("" if shows or purpose else "(no description in the BML file)")
