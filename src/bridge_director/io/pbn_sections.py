"""The Auction and Play sections of PBN: reading them into calls and cards, and writing them back.

An auction section lists calls in rotation from the seat of its tag; leading ``-`` fill the seats
before the dealer, ``AP`` stands for all pass, ``=n=`` refers to a Note, ``$n`` is a NAG,
``!``/``?`` are annotations and ``^S ^I ^R ^L`` mark irregularities.  A play section lists one
trick per row, in columns from the opening leader; ``-`` is no card (play ended by a claim).

>>> sec = read_auction(["1NT X =1= XX 4H $13", "AP"], first_line=10)
>>> [str(c) for c in sec.calls], sec.note_refs, sec.lines[-1]
(['1NT', 'X', 'XX', '4H', 'Pass', 'Pass', 'Pass'], [(1, 1)], 11)
>>> format_auction(sec.calls, {1: 1})
['1NT X =1= XX 4H', 'Pass Pass Pass']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ..errors import ParseError
from ..model.calls import PASS, Bid, Call, Pass
from ..model.cards import FULL_DECK, Card, Suit
from ..model.numbers import is_whole
from ..model.play import Trick
from ..model.seat import Seat

_COMMENTS = re.compile(r"\{[^}]*\}|;[^\n]*|^%[^\n]*", re.M)
_END = frozenset({"*", "+"})
# Plain card tokens as files write them (upper or lower case), straight to the card.
_CARDS: dict[str, Card] = {text: card for card in FULL_DECK
                           for text in (str(card), str(card).lower(), card.suit.letter + card.rank.char.lower())}


def clean_lines(lines: Sequence[str]) -> list[str]:
    """The section's lines without comments (as many lines as before, so line numbers still hold)."""
    text = "\n".join(lines)
    if "{" in text or ";" in text or "%" in text:
        text = _COMMENTS.sub(lambda m: "\n" * m.group().count("\n"), text)
    return text.split("\n")


@dataclass(slots=True)
class AuctionSection:
    """The calls of an Auction section and what annotates them (indexes are call indexes)."""

    calls: list[Call] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    skipped: int = 0
    note_refs: list[tuple[int, int]] = field(default_factory=list)
    annotations: list[tuple[int, str]] = field(default_factory=list)
    irregularities: list[tuple[int, str]] = field(default_factory=list)


def _auction_ended(calls: Sequence[Call]) -> bool:
    """Four passes, or three passes after a call (Law 17D, 22)."""
    return len(calls) >= 4 and all(type(c) is Pass for c in calls[-3:])


def read_auction(lines: Sequence[str], first_line: int) -> AuctionSection:
    """Read an Auction section; ``first_line`` is the file line of its first line."""
    sec = AuctionSection()
    calls = sec.calls
    for offset, text in enumerate(clean_lines(lines)):
        line = first_line + offset
        for tok in text.split():
            head = tok[0]
            if tok in _END:
                return sec
            if tok == "AP":
                while not _auction_ended(calls):
                    calls.append(PASS)
                    sec.lines.append(line)
            elif head == "=" and len(tok) > 2 and tok[-1] == "=" and is_whole(tok[1:-1]):
                sec.note_refs.append((len(calls) - 1, int(tok[1:-1])))
            elif head == "$" or head in "!?":
                sec.annotations.append((len(calls) - 1, tok))
            elif head == "^":
                sec.irregularities.append((len(calls) - 1, tok))
            elif tok == "-":
                if calls:
                    raise ParseError("a '-' (no call) after the auction has begun", field="Auction", line=line)
                sec.skipped += 1
            else:
                base = tok.rstrip("!?")
                if base != tok:
                    sec.annotations.append((len(calls), tok[len(base):]))
                try:
                    calls.append(Call.parse(base))
                except ParseError as err:
                    raise ParseError(err.message, field="Auction", line=line) from None
                sec.lines.append(line)
    return sec


@dataclass(slots=True)
class PlaySection:
    """The rows of a Play section: cards by column (None for ``-``) with their file lines."""

    rows: list[list[Card | None]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    irregularities: list[tuple[int, str]] = field(default_factory=list)


def read_play(lines: Sequence[str], first_line: int) -> PlaySection:
    """Read a Play section into rows of four columns (the last row may be short)."""
    sec = PlaySection()
    row: list[Card | None] = []
    count = 0
    for offset, text in enumerate(clean_lines(lines)):
        line = first_line + offset
        for tok in text.split():
            card = _CARDS.get(tok)  # the common case: a plain card
            if card is None:
                head = tok[0]
                if tok in _END:
                    if row:
                        sec.rows.append(row)
                    return sec
                if head in "=$!?":
                    continue
                if head == "^":
                    sec.irregularities.append((count, tok))
                    continue
                if tok != "-":  # "-" is a column with no card
                    try:
                        card = Card.parse(tok.rstrip("!?"))
                    except ParseError:
                        raise ParseError(f"not a card: {tok!r}", field="Play", line=line) from None
            if not row:
                sec.lines.append(line)
            row.append(card)
            count += 1
            if len(row) == 4:
                sec.rows.append(row)
                row = []
    if row:
        sec.rows.append(row)
    return sec


def chronological(sec: PlaySection, leader: Seat, trump: Suit | None,
                  first_line: int) -> tuple[list[Card], list[int], list[Trick]]:
    """Cards in the order played, each card's line, and the completed tricks.

    Row r holds the card of seat ``leader + c`` in column c; the trick is led by the winner of the
    trick before, so each row is read starting from that seat's column.
    """
    cards: list[Card] = []
    card_lines: list[int] = []
    tricks: list[Trick] = []
    stopped = False
    opening = leader
    for r, row in enumerate(sec.rows):
        line = sec.lines[r] if r < len(sec.lines) else first_line
        if stopped:
            if any(c is not None for c in row):
                raise ParseError(f"trick {r + 1} has cards after the play has stopped", field="Play", line=line)
            continue
        start = (leader - opening) % 4
        trick_cards: list[Card] = []
        for k in range(4):
            col = (start + k) % 4
            card = row[col] if col < len(row) else None
            if card is None:
                rest = [row[(start + j) % 4] for j in range(k + 1, 4) if (start + j) % 4 < len(row)]
                if any(c is not None for c in rest):
                    raise ParseError(f"trick {r + 1} has a card after a missing one in rotation from "
                                     f"{leader.name.title()}, who leads it", field="Play", line=line)
                stopped = True
                break
            trick_cards.append(card)
        cards.extend(trick_cards)
        card_lines.extend([line] * len(trick_cards))
        if len(trick_cards) == 4:
            trick = Trick(leader, tuple(trick_cards))
            tricks.append(trick)
            leader = trick.winner(trump)
    return cards, card_lines, tricks


def format_auction(calls: Sequence[Call], notes: Mapping[int, int] | None = None, skipped: int = 0) -> list[str]:
    """Section lines for an auction, four calls to a line, with ``=n=`` after noted calls."""
    words = ["-"] * skipped
    for i, call in enumerate(calls):
        words.append(str(call))
        if notes and i in notes:
            words[-1] += f" ={notes[i]}="
    return [" ".join(words[i:i + 4]) for i in range(0, len(words), 4)]


def format_play(cards: Sequence[Card], opening: Seat, trump: Suit | None) -> list[str]:
    """Section lines for a play, one trick per row in columns from the opening leader, ``-`` for no card."""
    out: list[str] = []
    leader = opening
    for start in range(0, len(cards), 4):
        chunk = tuple(cards[start:start + 4])
        row = ["-"] * 4
        for k, card in enumerate(chunk):
            row[(leader - opening + k) % 4] = str(card)
        out.append(" ".join(row))
        if len(chunk) == 4:
            leader = Trick(leader, chunk).winner(trump)
    out.append("*")
    return out


def strain_of_last_bid(calls: Iterable[Call]) -> Bid | None:
    """The last bid of a list of calls, checked or not."""
    last: Bid | None = None
    for call in calls:
        if isinstance(call, Bid):
            last = call
    return last
