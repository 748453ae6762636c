"""What the ACBL and EBU checks share: a breach found on one call, merged over the auctions of a pattern
(``(1X)`` on a card stands for four auctions: one line, not four), and the natural notrump bids of a card.

>>> from .card_file import loads
>>> card = loads('{"system": "t", "contexts": {"(1X)": {"1N": "hcp 12-17, stopper their"}}}')
>>> [e.where() for e in natural_notrumps(card)][:2]
['1NT after (1C)', '1NT after (1D)']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..model import Bid, Call, Hand, Strain
from .card_facts import Entry, openings, overcalls, shows_long_suit
from .comparable import show_hand, spoken
from .model import SystemCard
from .regulation_rules import Finding


@dataclass(frozen=True, slots=True)
class Breach:
    """A rule broken by one call of the card; ``detail`` is what this auction shows of it (a hand the card
    allows, the conventional calls that follow): a merged finding shows its first auction's."""

    rule: str
    source: str
    entry: Entry
    message: str
    detail: str = ""

    @classmethod
    def of(cls, rule: str, source: str, entry: Entry, message: str, example: Hand | None) -> Breach:
        """A breach shown by a hand the card allows."""
        return cls(rule, source, entry, message, "" if example is None else f"e.g. {show_hand(example)}")


def findings(breaches: Iterable[Breach]) -> list[Finding]:
    """One finding per rule, call and message, naming every auction it was found in, in the card's order."""
    merged: dict[tuple[str, Call, str], list[Breach]] = {}
    for b in breaches:
        merged.setdefault((b.rule, b.entry.call, b.message), []).append(b)
    out = []
    for (rule, call, message), group in merged.items():
        contexts = [b.entry.context for b in group]
        where = f"{spoken(call)} as an opening" if contexts == [""] else (
            f"{spoken(call)} after {', '.join(c or 'no bid' for c in contexts)}")
        first = group[0]
        detail = f" ({first.detail})" if first.detail else ""
        out.append(Finding(rule, f"{message}{detail}", where, first.source))
    return out


def is_notrump(call: Call, level: int | None = None) -> bool:
    return isinstance(call, Bid) and call.strain is Strain.NOTRUMP and (level is None or call.level == level)


def natural_notrumps(card: SystemCard, level: int | None = None) -> Iterator[Entry]:
    """The card's natural notrump openings and overcalls (at ``level``, or any): no purpose tag, constraints
    given, and no long suit shown (a gambling 3NT shows a suit, not notrump)."""
    for entry in (*openings(card), *overcalls(card)):
        shows = entry.meaning.shows
        if is_notrump(entry.call, level) and entry.natural and shows is not None and not shows_long_suit(shows):
            yield entry


def calls_listed(entries: Iterable[Entry], most: int = 4) -> str:
    """``2♣ after 1N (stayman), 2♦ after 1N (transfer)``: the first ``most`` of them."""
    items = [f"{e.where()} ({e.meaning.purpose})" for e in entries]
    more = f" and {len(items) - most} more" if len(items) > most else ""
    return ", ".join(items[:most]) + more
