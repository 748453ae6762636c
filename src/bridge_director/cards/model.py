"""The system card: for each auction context, each call's meaning (constraints, a purpose, words).

>>> from bridge_director.model import Call
>>> from .meaning import parse
>>> one_nt = Meaning(parse("hcp 15-17, balanced"), None, "strong notrump")
>>> card = SystemCard("test", {"": {Call.parse("1NT"): one_nt}})
>>> card.meaning("", Call.parse("1NT")).describe()
'hcp 15-17, balanced (strong notrump)'
>>> card.meaning("", Call.parse("2C")) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..model import Call, Side
from .meaning import Expr


@dataclass(frozen=True, slots=True)
class Meaning:
    """What a call shows: ``shows`` (constraints over the hand, None if the card gives only words), ``purpose``
    (the tag of an artificial call: ``stayman``, ``transfer``, ``ask``, ``relay`` ...) and ``text`` (words)."""

    shows: Expr | None
    purpose: str | None = None
    text: str = ""

    @property
    def words_only(self) -> bool:
        """Only free text: nothing the solver can read (Law 23A is then the director's judgement)."""
        return self.shows is None and self.purpose is None

    def describe(self) -> str:
        parts = [str(self.shows)] if self.shows is not None else []
        if self.purpose:
            parts.append(f"purpose: {self.purpose}")
        head = "; ".join(parts)
        if self.text:
            return f"{head} ({self.text})" if head else self.text
        return head or "no meaning given"


@dataclass(frozen=True, slots=True)
class SystemCard:
    """A partnership's card: ``meanings[context key][call]`` (keys in ``context.key`` normal form).

    ``problems`` are the entries that could not be read, one line each (``card check`` prints them)."""

    name: str
    meanings: Mapping[str, Mapping[Call, Meaning]]
    problems: tuple[str, ...] = ()
    source: str = field(default="", compare=False)

    def meaning(self, context: str, call: Call) -> Meaning | None:
        return self.meanings.get(context, {}).get(call)

    def calls(self, context: str) -> tuple[Call, ...]:
        return tuple(self.meanings.get(context, {}))

    @property
    def size(self) -> int:
        return sum(len(calls) for calls in self.meanings.values())


@dataclass(frozen=True, slots=True)
class TableCards:
    """The cards in use at a table: one for each side (either may be missing)."""

    ns: SystemCard | None = None
    ew: SystemCard | None = None

    def of(self, side: Side) -> SystemCard | None:
        return self.ns if side is Side.NS else self.ew
