"""Law 68C: the claim statement read as an ordered plan, and the words of the director's proposed award.

A statement becomes a ``Plan``: the steps the claimer said he would take, in his order.  Cards named (``♥A``,
``HA``, ``S10``; capitals only, so ordinary words are not cards) are steps of their own; the common phrases are
read too: drawing trumps, cashing (running, playing) a suit, ruffing a suit (in dummy, in hand), conceding a suit or
a card, finessing a card or in a suit.  "All mine", "the rest are high", "dummy's good" and "one loser" say how
many tricks, not how: they add no step.  No statement at all is a plan with nothing stated (68C).

>>> plan = read_statement("drawing trumps, then cashing the hearts and ruffing a club in dummy")
>>> [step.words() for step in plan.steps]
['drawing trumps', 'cashing the hearts', 'ruffing a club in dummy']
>>> read_statement("").stated, read_statement("all mine").all_good
(False, True)
>>> read_statement("one loser").losers
1
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from ..model import Card, Rank, Seat, Side, Suit

if TYPE_CHECKING:
    from .claim_lines import Line

_CARD = re.compile(r"(?<!\w)([SHDC♠♥♦♣])(10|[AKQJT2-9])(?!\w)")
_SUIT_WORD = r"(spade|heart|diamond|club|trump|♠|♥|♦|♣)s?"
_SUITS = {"spade": Suit.SPADES, "heart": Suit.HEARTS, "diamond": Suit.DIAMONDS, "club": Suit.CLUBS,
          "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}
_COUNTS = {"a": 1, "an": 1, "one": 1, "the": 1, "my": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNT = r"(?:(a|an|one|two|three|four|five|six|the|my|\d{1,2})\s+)?"
_WHERE = r"(?:\s+(?:in|on|with|from)\s+(dummy|the table|the board|board|hand|my hand|the closed hand))?"

_GOOD = re.compile(r"\b(all mine|all good|all high|all (?:the )?(?:remaining |other )?tricks|the rest|rest (?:are|is)"
                   r"|(?:dummy|dummy's|my hand|hand|everything|all)(?:'s| is| are)? (?:good|high|winners|mine)"
                   r"|claim(?:ing)? (?:all|the rest|them all))\b")
_LOSERS = re.compile(r"\b(no|one|a|two|three|four|five|six|\d{1,2})\s+(?:more\s+)?"
                     r"(losers?|tricks? to (?:you|the defen[cs]e))\b")
#: tricks given up without a suit: "losing a trick", "conceding two tricks" (how many, not which)
_TRICKS_LOST = re.compile(r"\b(?:conced\w*|giv\w* up|los(?:e|ing)|lost)\s+(a|an|one|two|three|four|five|six|\d{1,2})"
                          r"\s+(?:more\s+)?tricks?\b")
_DRAW = re.compile(r"\b(draw\w*|drew|pull\w*|extract\w*|clear\w*)\b[^,;.]*?\btrumps?\b|\btrumps?\s+first\b"
                   r"|\b(?:cash\w*|play\w*|run\w*|lead\w*)\s+(?:the\s+|my\s+|all\s+)?(?:top\s+|high\s+)?trumps\b")
_RUFF = re.compile(r"\b(ruff\w*|cross-?ruff\w*|trumping|trump)\s+" + _COUNT + r"(?:more\s+|small\s+|low\s+)?"
                   + _SUIT_WORD + _WHERE)
_CONCEDE = re.compile(r"\b(conced\w*|giv\w* up|los(?:e|ing)(?: to)?|lost to)\s+" + _COUNT
                      + r"(?:(spade|heart|diamond|club|trump|trick|♠|♥|♦|♣)s?)?")
_FINESSE = re.compile(r"\bfinesse\w*|\bfinessing\b")
_CASH = re.compile(r"\b(cash\w*|run\w*|play\w*|tak\w*|lead\w*|establish\w*|set\w* up)\s+(?:the\s+|my\s+|dummy's\s+"
                   r"|all\s+|both\s+)?" + _COUNT + r"(?:top\s+|high\s+|good\s+|long\s+|remaining\s+|established\s+)?"
                   + _SUIT_WORD)
_SUIT_GOOD = re.compile(_SUIT_WORD + r"\s+(?:are|is)\s+(?:all\s+)?(?:good|high|running|established|winners|mine)")
_WORD_SUIT = re.compile(r"\b" + _SUIT_WORD + r"\b|[♠♥♦♣]")
_BARE = re.compile(r"(?:then\s+|the\s+|my\s+|dummy's\s+|all\s+(?:the\s+)?)*" + _SUIT_WORD + r"(?:\s+first)?")
_TRUMP_WORD = re.compile(r"\btrumps?\b(?!\w)")


class Action(Enum):
    """What a step of the stated line does."""

    CARD = "card"
    DRAW = "draw"
    CASH = "cash"
    RUFF = "ruff"
    CONCEDE = "concede"
    FINESSE = "finesse"


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the stated line: play ``card``; draw trumps; cash ``suit``; ruff ``suit`` ``times`` (``where``:
    ``dummy``, ``hand`` or either); concede ``suit`` ``times``; finesse ``card`` (or in ``suit``)."""

    action: Action
    suit: Suit | None = None
    card: Card | None = None
    times: int = 1
    where: str = ""

    def words(self) -> str:
        """The step in words, e.g. ``ruffing a club in dummy``."""
        suit = "" if self.suit is None else self.suit.name.lower()
        if self.action is Action.CARD and self.card is not None:
            return self.card.symbol
        if self.action is Action.DRAW:
            return "drawing trumps"
        if self.action is Action.CASH:
            return f"cashing the {suit}"
        many = _number(self.times)
        if self.action is Action.RUFF:
            where = f" in {self.where}" if self.where else ""
            return f"ruffing {many} {suit[:-1] if self.times == 1 else suit}{where}"
        if self.action is Action.CONCEDE:
            if self.card is not None:
                return f"conceding the {self.card.symbol}"
            noun = suit or "tricks"
            return f"conceding {many} {noun[:-1] if self.times == 1 else noun}"
        target = self.card.symbol if self.card is not None else f"in {suit}"
        return f"finessing {target}"


def _number(n: int) -> str:
    return {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}.get(n, str(n))


@dataclass(frozen=True, slots=True)
class Plan:
    """The claim statement as a line of play (Law 68C): its steps in order, whether it says anything about trumps
    (70C), whether it only says that everything is good, the losers it names, and every card it names."""

    statement: str
    steps: tuple[Step, ...] = ()
    mentions_trumps: bool = False
    all_good: bool = False
    losers: int | None = None
    named: tuple[Card, ...] = ()

    @property
    def stated(self) -> bool:
        """False when the claimer made no statement (68C)."""
        return bool(self.statement.strip())

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the steps play by name, in order."""
        return tuple(s.card for s in self.steps if s.action is Action.CARD and s.card is not None)

    def words(self) -> str:
        """The stated line in words: ``drawing trumps, then cashing the hearts``; empty when nothing is stated."""
        parts: list[str] = []
        for step in self.steps:
            text = step.words()
            if step.action is Action.CARD and parts and parts[-1].startswith(("♠", "♥", "♦", "♣")):
                parts[-1] += f", {text}"
            else:
                parts.append(text)
        return ", then ".join(parts)


def _suit(word: str | None, trump: Suit | None) -> Suit | None:
    """A suit word as the patterns catch it (``_SUIT_WORD``'s group, without its plural s); "trump": ``trump``."""
    if not word:
        return None
    word = word.lower()
    return trump if word == "trump" else _SUITS.get(word)


def _count(word: str | None) -> int:
    """A count as the patterns catch it (``_COUNT``'s words or a number); none: one."""
    if not word:
        return 1
    return int(word) if word.isdigit() else _COUNTS[word.lower()]


def _cards(text: str) -> list[Card]:
    return [Card(Suit.parse(s), Rank.parse(r)) for s, r in _CARD.findall(text)]


def _segments(statement: str) -> list[str]:
    """The statement cut into its clauses, in the order of play: ``X after Y`` puts ``Y`` first, and ``X after Y
    after Z`` plays ``Z``, then ``Y``, then ``X``."""
    pieces = [p.strip() for p in re.split(r"[,;.:!?]|\bthen\b|\band\b|\bfollowed by\b", statement) if p.strip()]
    ordered: list[str] = []
    for piece in pieces:
        if piece.lower().startswith("after "):
            ordered.insert(max(len(ordered) - 1, 0), piece[6:])
        else:
            ordered.extend(reversed(piece.split(" after ")))
    return ordered


def _read_segment(text: str, trump: Suit | None) -> tuple[list[Step], bool]:
    """The steps of one clause, and whether it speaks of trumps."""
    low = text.lower()
    cards = _cards(text)
    if _DRAW.search(low):
        return [Step(Action.DRAW)], True
    if m := _RUFF.search(low):
        suit = _suit(m.group(3), trump)
        if suit is not None and suit != trump:
            where = (m.group(4) or "").replace("the table", "dummy").replace("the board", "dummy") \
                .replace("board", "dummy").replace("my hand", "hand").replace("the closed hand", "hand")
            return [Step(Action.RUFF, suit, times=_count(m.group(2)), where=where)], False
    if _FINESSE.search(low):
        if cards:
            return [Step(Action.FINESSE, cards[0].suit, cards[0])], cards[0].suit == trump
        words = [_suit(w, trump) for w in _WORD_SUIT.findall(low)]
        suit = next((s for s in words if s is not None), None)
        if suit is not None:
            return [Step(Action.FINESSE, suit)], suit == trump
    if m := _CONCEDE.search(low):
        if cards:
            return [Step(Action.CONCEDE, cards[0].suit, cards[0])], cards[0].suit == trump
        suit = _suit(m.group(3), trump)  # "losing a trick" names no suit: None
        if suit is not None:
            return [Step(Action.CONCEDE, suit, times=_count(m.group(2)))], suit == trump
    if m := _CASH.search(low):
        suit = _suit(m.group(3), trump)
        if suit is not None and not cards:
            return ([Step(Action.DRAW)], True) if suit == trump else ([Step(Action.CASH, suit)], False)
    if (m := _SUIT_GOOD.search(low)) and not cards:
        suit = _suit(m.group(1), trump)
        if suit is not None:
            return ([Step(Action.DRAW)], True) if suit == trump else ([Step(Action.CASH, suit)], False)
    if (m := _BARE.fullmatch(low.strip())) and not cards:
        suit = _suit(m.group(1), trump)
        if suit is not None:
            return ([Step(Action.DRAW)], True) if suit == trump else ([Step(Action.CASH, suit)], False)
    return [Step(Action.CARD, c.suit, c) for c in cards], bool(_TRUMP_WORD.search(low))


def read_statement(statement: str, trump: Suit | None = None) -> Plan:
    """Law 68C: the claim statement as an ordered plan (``trump``: the trump suit, to read "trumps").

    >>> read_statement("♥A, then S10 and ♥A again").cards
    (Card.parse('HA'), Card.parse('ST'))
    >>> read_statement("cashing the spades after drawing trumps", Suit.HEARTS).words()
    'drawing trumps, then cashing the spades'
    """
    steps: list[Step] = []
    trumps = False
    for segment in _segments(statement):
        found, about_trumps = _read_segment(segment, trump)
        trumps = trumps or about_trumps
        for step in found:
            if step.action is Action.CARD and any(s.card == step.card for s in steps):
                continue
            steps.append(step)
    low = statement.lower()
    losers: int | None = None
    if m := _LOSERS.search(low):
        losers = 0 if m.group(1) == "no" else _count(m.group(1))
    elif m := _TRICKS_LOST.search(low):
        losers = _count(m.group(1))
    conceded = sum(s.times for s in steps if s.action is Action.CONCEDE)
    if losers is None and conceded:
        losers = conceded
    named = tuple(dict.fromkeys(_cards(statement)))
    return Plan(statement, tuple(steps), trumps, bool(_GOOD.search(low)), losers, named)


# ----- the director's proposal, in words ----------------------------------------------------------------------
def side_name(seat: Seat) -> str:
    """``North-South`` or ``East-West``."""
    return "North-South" if seat.side is Side.NS else "East-West"


def _seat(seat: Seat) -> str:
    return seat.name.title()


def _count_words(n: int, thing: str = "trick") -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _listing(cards: list[str], most: int = 5) -> str:
    shown = cards[:most]
    return ", ".join(shown) + (", ..." if len(cards) > most else "")


def lost_tricks(line: Line, trump: Suit | None) -> list[str]:
    """How the claimer's side loses each trick of the line it loses: ``East ruffs the ♥Q with the ♠J``."""
    out: list[str] = []
    for n, trick in line.lost(trump):
        win = trick.winning_index(trump)
        seat, card = trick.seat_of(win), trick.cards[win]
        led = trick.cards[0]
        if card.suit == trump and led.suit != trump:
            beaten = max((c for c in trick.cards if c.suit == led.suit), key=lambda c: c.rank)
            out.append(f"{_seat(seat)} ruffs the {beaten.symbol} with the {card.symbol}")
        elif win == 0:
            out.append(f"{_seat(seat)} cashes the {card.symbol}")
        else:
            out.append(f"{_seat(seat)} wins the {led.symbol} with the {card.symbol}")
        thrown = _winner_thrown(line, n, trump)
        if thrown:
            out[-1] += f" ({thrown})"
    return out


def _winner_thrown(line: Line, n: int, trump: Suit | None) -> str:
    """``East discards the ♣K, a winner, instead of ruffing`` when a player of the claimer's side threw a card no
    opponent could beat on the ``n``-th trick of the line (a conceder's careless play, Law 71), else ''."""
    tricks = line.tricks_played
    trick = tricks[n - 1]
    led = trick.cards[0].suit
    for i, card in enumerate(trick.cards):
        seat = trick.seat_of(i)
        if seat.side != line.claimer.side or card.suit in (led, trump) or (n == 1 and i < line.played_before):
            continue
        rest = [(t.seat_of(k), c) for t in tricks[n - 1:] for k, c in enumerate(t.cards)]
        if any(s.side != line.claimer.side and c.suit == card.suit and c.rank > card.rank for s, c in rest):
            continue
        ruff = any(t.seat_of(k) == seat and c.suit == trump for t in tricks[n:] for k, c in enumerate(t.cards))
        return f"{_seat(seat)} discards the {card.symbol}, a winner{', instead of ruffing' if ruff else ''}"
    return ""


def _how(line: Line, trump: Suit | None) -> str:
    """The claimer's side's leads up to the first trick it loses, a suit's run written once: ``♣AKQ, ♥AK``."""
    leads: list[Card] = []
    for trick in line.tricks_played:
        if trick.cards and trick.leader.side == line.claimer.side:
            leads.append(trick.cards[0])
        if trick.complete and trick.winner(trump).side != line.claimer.side and leads:
            break
    runs: list[str] = []
    for k, card in enumerate(leads):
        if k and leads[k - 1].suit == card.suit:
            runs[-1] += card.rank.char
        else:
            runs.append(card.symbol)
    return f"leading {_listing(runs, 6)}" if runs else "the opponents leading"


def careless_lead(line: Line, trump: Suit | None) -> tuple[Card, Card, Card] | None:
    """The first trick of the line the claimer's side loses to a low card it led while the same hand kept a card of
    the suit that would have won it (70A: careless, not irrational): the card led, the highest card kept, the card
    that won.  A trick ruffed, or won by a card above every card kept, is lost whatever the order within the suit:
    it is no careless lead."""
    tricks = line.tricks_played
    for k, trick in enumerate(tricks):
        if not trick.complete or (k == 0 and line.played_before) or trick.leader.side != line.claimer.side:
            continue
        win = trick.winning_index(trump)
        if trick.seat_of(win).side == line.claimer.side:
            continue
        led, winner = trick.cards[0], trick.cards[win]
        kept = [c for t in tricks[k + 1:] for i, c in enumerate(t.cards)
                if t.seat_of(i) == trick.leader and c.suit == led.suit and c.rank > winner.rank]
        if winner.suit == led.suit and kept:
            return led, max(kept, key=lambda c: c.rank), winner
    return None


def _statement_facts(line: Line) -> list[str]:
    """The claim's outstanding trumps not mentioned (70C) and how its statement is followed (68C, 70D)."""
    out: list[str] = []
    if not line.aware and line.outstanding:
        out.append(f"{_seat(line.claimer)} did not mention the outstanding "
                   f"{', '.join(c.symbol for c in line.outstanding)} (Law 70C).")
    if line.plan.steps:
        out.append(f"The stated line ({line.plan.words()}) is followed (Law 68C); where it is silent the worst "
                   "normal order is taken (Law 70D).")
    elif not line.plan.stated:
        out.append("No line was stated (Law 68C): the worst normal order is taken (Law 70D).")
    return out


def award_text(line: Line, claimed: int, trump: Suit | None, law71: bool = True, conceded: int | None = None) -> str:
    """The director's proposal for a disputed claim in a few sentences: what the claimer loses, why, and the
    number of tricks offered (Laws 70A, 70C, 70D; 71 for tricks conceded that no normal line loses: ``conceded``,
    the side's worst normal line as a side that conceded, careless plays included)."""
    claimer = line.claimer
    mine, theirs = side_name(claimer), side_name(claimer.lho)
    parts: list[str] = []
    lost = line.lost(trump)
    by_trump = any(t.cards[t.winning_index(trump)].suit == trump and t.cards[0].suit != trump for _n, t in lost)
    if not line.concession:  # Law 71 reads no statement and knows every trump
        parts.extend(_statement_facts(line))
    how = lost_tricks(line, trump)
    took = line.tricks
    if how:
        law = "71" if line.concession else "70C" if by_trump and not line.aware else "70D"
        whose = "the conceding side's normal line (careless or inferior play included)" if line.concession \
            else "a normal line"
        parts.append(f"On {whose} {_how(line, trump)}, {'; '.join(how[:3])}{'; ...' if len(how) > 3 else ''}: "
                     f"{mine} take {took} of the {line.left} tricks, {theirs} {line.left - took} (Law {law}).")
        low = careless_lead(line, trump)
        if low is not None:
            parts.append(f"Leading the {low[0].symbol} before the {low[1].symbol} is careless, not irrational, while "
                         f"the {low[2].symbol} is out (Law {'71' if line.concession else '70A'}).")
    else:
        parts.append(f"Every normal line takes all {line.left} tricks for {mine}.")
    if took < claimed:
        parts.append(f"{mine} claimed {claimed}: {theirs} get {_count_words(claimed - took)} "
                     "(Law 70A: doubtful points go to the non-claimers).")
    elif took > claimed and law71:
        award = took if conceded is None else max(claimed, min(took, conceded))
        if award > claimed:
            parts.append(f"{mine} claimed {claimed} but cannot fail to take {award} on any normal line: the "
                         f"concession of {_count_words(award - claimed)} that could not be lost is cancelled "
                         "(Law 71).")
        else:
            parts.append(f"{mine} claimed {claimed}: conceding, they could lose the other {took - claimed} by a "
                         "normal play (careless or inferior included), so the concession stands (Law 71).")
        took = award
    if not line.complete:
        check = " A worse normal line may exist: check it before cancelling the concession." if line.concession else ""
        parts.append(f"(The search stopped after {line.nodes} positions: this is the worst line it found.{check})")
    if line.concession:
        parts.append(f"No normal line of {mine} takes fewer than {_count_words(took)}: a trick conceded beyond them "
                     "could not be lost (Law 71).")
    else:
        parts.append(f"Proposed award: {_count_words(took)} to {mine}.")
    return " ".join(parts)
