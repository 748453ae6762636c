"""Our card file (JSON, docs/system-card.md): read it into a ``SystemCard``, write one back.

An entry that cannot be read is left out and named in ``card.problems``, one line each; only a file that is not a
card at all raises a ``ParseError``.

>>> card = loads('{"system": "t", "contexts": {"(1X)": {"1N": "hcp 15-18, balanced, stopper their"}}}')
>>> from bridge_director.model import Call
>>> str(card.meaning("(1H)", Call.parse("1NT")).shows)
'hcp 15-18, balanced, stopper hearts'
>>> loads('{"system": "t", "contexts": {"": {"1C": "hcp 30-40"}}}').problems
("card: context '', 1C: 'hcp 30-40' at '30-40': an empty or impossible range (0 to 37)",)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import ParseError
from ..io.text import decode
from ..model import Bid, Call, Strain
from . import context as ctx
from .meaning import Expr, bind, parse, placeholders
from .model import Meaning, SystemCard

FIELDS = ("shows", "purpose", "text")


def load(path: str | Path) -> SystemCard:
    """Read a card file; a file that cannot be read raises a ``ParseError`` naming it."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as err:
        raise ParseError(f"cannot read the card {str(p)!r}: {err.strerror}", field="card") from None
    return loads(decode(raw, p.name, strict=True), p.name)  # UTF-8 only: a bad byte is named with its line


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number JSON allows")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            out.setdefault("\0repeated", []).append(k)
        out[k] = v
    return out


def loads(data: str, source: str = "card") -> SystemCard:
    """Read a card from JSON text."""
    try:
        doc = json.loads(data, object_pairs_hook=_pairs, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise ParseError(f"{source} is not JSON: {err.msg}", field="card", line=err.lineno) from None
    except (ValueError, RecursionError) as err:  # NaN, a number of 5,000 digits, nesting too deep
        why = str(err) if isinstance(err, ValueError) else "nested too deeply"
        raise ParseError(f"{source} is not a system card: {why[:80]}", field="card") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("contexts"), dict):
        raise ParseError(f"{source} is not a system card: it needs an object 'contexts'", field="card")
    reader = _Reader(source)
    for where in doc.get("\0repeated", []):
        reader.problem("", where, "this key is given twice at the top level")
    contexts: dict[str, Any] = doc["contexts"]
    for where in contexts.pop("\0repeated", []):
        reader.problem(where, "", "this context is given twice")
    for order, (raw_key, calls) in enumerate(contexts.items()):
        reader.context(order, raw_key, calls)
    name = doc.get("system")
    return SystemCard(name if isinstance(name, str) and name else source, reader.result(), tuple(reader.problems),
                      source)


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[str] = []
        # (context key, call) -> (specificity, order, meaning, where)
        self.found: dict[tuple[str, Call], tuple[int, int, Meaning, str]] = {}
        self.order = 0

    def problem(self, key: str, call: str, why: str) -> None:
        at = f"context {key!r}" + (f", {call}" if call else "")
        self.problems.append(f"{self.source}: {at}: {why}")

    def context(self, order: int, raw_key: str, calls: Any) -> None:
        try:
            auctions = ctx.expand(raw_key)
        except ParseError as err:
            self.problem(raw_key, "", err.message)
            return
        if not isinstance(calls, dict):
            self.problem(raw_key, "", "a context holds an object of calls and their meanings")
            return
        for where in calls.pop("\0repeated", []):
            self.problem(raw_key, where, "this call is given twice in the context")
        if len(auctions) == 1 and (why := ctx.legal(auctions[0])) is not None:
            self.problem(raw_key, "", f"not a legal auction: {why}")
            return
        for raw_call, value in calls.items():
            self.entry(raw_key, auctions, raw_call, value)

    def entry(self, raw_key: str, auctions: list[tuple[ctx.Step, ...]], raw_call: str, value: Any) -> None:
        try:
            calls = ctx.calls_of(raw_call)
        except ParseError as err:
            self.problem(raw_key, raw_call, err.message)
            return
        meaning = self.meaning(raw_key, raw_call, value)
        if meaning is None:
            return
        pattern = len(auctions) * len(calls) > 1
        shows = meaning.shows
        added = 0
        for auction in auctions:
            if pattern and ctx.legal(auction) is not None:
                continue
            for call in calls:
                if (why := ctx.legal((*auction, (call, True)))) is not None:
                    if not pattern:
                        self.problem(raw_key, raw_call, f"not possible here: {why}")
                    continue
                bound = shows
                if shows is not None and placeholders(shows):
                    bound = self.bind(raw_key, raw_call, shows, auction, call)
                    if bound is None:
                        continue
                key = ctx.key(auction)
                self.add(key, call, len(auctions) * len(calls), Meaning(bound, meaning.purpose, meaning.text),
                         f"{raw_key!r} {raw_call}")
                added += 1
        if pattern and not added:
            self.problem(raw_key, raw_call, "not possible in any auction the context stands for")

    def bind(self, raw_key: str, raw_call: str, shows: Expr, auction: tuple[ctx.Step, ...],
             call: Call) -> Expr | None:
        values = {}
        if isinstance(call, Bid) and call.strain is not Strain.NOTRUMP and call.strain.suit is not None:
            values["suit"] = call.strain.suit
        their = ctx.their_suit(auction)
        if their is not None:
            values["their"] = their
        bound = bind(shows, values)
        left = placeholders(bound)
        if left:
            why = {"suit": "'suit' (the call names no suit)", "their": "'their' (the opponents bid no suit)"}
            self.problem(ctx.key(auction), ctx.word(call), " and ".join(why[p] for p in sorted(left)) + " here")
            return None
        return bound

    def meaning(self, raw_key: str, raw_call: str, value: Any) -> Meaning | None:
        if isinstance(value, str):
            value = {"shows": value}
        if not isinstance(value, dict):
            self.problem(raw_key, raw_call, "a meaning is a string of constraints or an object with shows, "
                         "purpose, text")
            return None
        extra = sorted(set(value) - set(FIELDS))
        if extra:
            self.problem(raw_key, raw_call, f"unknown field(s) {', '.join(extra)} (a meaning has shows, purpose, "
                         "text)")
        shows_text, purpose, words = value.get("shows"), value.get("purpose"), value.get("text", "")
        for field_name, v in (("shows", shows_text), ("purpose", purpose), ("text", words)):
            if v is not None and not isinstance(v, str):
                self.problem(raw_key, raw_call, f"{field_name} must be a string")
                return None
        if not (shows_text or purpose or words):
            self.problem(raw_key, raw_call, "an empty meaning: give shows, purpose or text")
            return None
        shows: Expr | None = None
        if shows_text:
            try:
                shows = parse(shows_text)
            except ParseError as err:
                self.problem(raw_key, raw_call, err.message)
                return None
        return Meaning(shows, purpose.strip().lower() if purpose else None, words.strip() if words else "")

    def add(self, key: str, call: Call, specificity: int, meaning: Meaning, where: str) -> None:
        self.order += 1
        old = self.found.get((key, call))
        if old is not None and old[0] == specificity == 1:
            self.problem(key, ctx.word(call), f"given twice ({old[3]} and {where})")
            return
        if old is None or specificity < old[0]:
            self.found[key, call] = (specificity, self.order, meaning, where)

    def result(self) -> dict[str, dict[Call, Meaning]]:
        out: dict[str, dict[Call, Meaning]] = {}
        for (key, call), (_, _, meaning, _) in sorted(self.found.items(), key=lambda kv: kv[1][1]):
            out.setdefault(key, {})[call] = meaning
        return {k: dict(sorted(v.items(), key=_call_order)) for k, v in out.items()}


def _call_order(item: tuple[Call, Meaning]) -> int:
    call = item[0]
    return call.rank + 3 if isinstance(call, Bid) else {"P": 0, "X": 1, "XX": 2}[ctx.word(call)]


def to_data(card: SystemCard) -> dict[str, Any]:
    """The card as JSON data, every context written out (patterns expanded)."""
    contexts: dict[str, Any] = {}
    for key in sorted(card.meanings, key=lambda k: (k.count("-"), k)):
        entries: dict[str, Any] = {}
        for call, m in card.meanings[key].items():
            if m.purpose is None and not m.text and m.shows is not None:
                entries[ctx.word(call)] = str(m.shows)
            else:
                entries[ctx.word(call)] = {k: v for k, v in (("shows", str(m.shows) if m.shows else None),
                                                             ("purpose", m.purpose), ("text", m.text)) if v}
        contexts[key] = entries
    return {"system": card.name, "contexts": contexts}


def dumps(card: SystemCard) -> str:
    return json.dumps(to_data(card), indent=2, ensure_ascii=False) + "\n"

