"""A call's meaning as constraints over the hand: the small language of a system card (docs/system-card.md).

A meaning is a boolean formula over one 13-card hand: high-card points (in all or in one suit), suit lengths,
comparisons of two suits' lengths, shape classes, stoppers, aces, key cards and controls.  ``,`` and ``and``
join, ``or`` offers alternatives, ``not`` negates, brackets group.

>>> m = parse("hcp 15-17, balanced")
>>> str(m)
'hcp 15-17, balanced'
>>> holds(m, Hand.from_pbn("AK2.KQ3.J432.Q32"))
True
>>> str(parse("spades 5+, spades >= hearts or hcp 22+"))
'(spades 5+, spades >= hearts) or hcp 22+'
>>> parse("hcp 15-")
Traceback (most recent call last):
...
bridge_director.errors.ParseError: meaning: 'hcp 15-' at '-': a range is N, N+, N-M or <=N
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import ParseError
from ..model import Hand, Rank, Suit

SuitRef = Suit | str  # a suit, or a placeholder: "suit" (the call's own suit) or "their" (the opponents' suit)
PLACEHOLDERS = ("suit", "their")
SHAPES = ("balanced", "semibalanced", "unbalanced", "shortness", "void")
HONOUR_HCP = ((Rank.ACE, 4), (Rank.KING, 3), (Rank.QUEEN, 2), (Rank.JACK, 1))


@dataclass(frozen=True, slots=True)
class Range:
    """An inclusive range of whole numbers; ``hi`` None: no upper bound (``12+``)."""

    lo: int
    hi: int | None

    def __str__(self) -> str:
        if self.hi is None:
            return f"{self.lo}+"
        if self.lo == self.hi:
            return str(self.lo)
        if self.lo == 0:
            return f"<={self.hi}"
        return f"{self.lo}-{self.hi}"

    def has(self, value: int) -> bool:
        return self.lo <= value and (self.hi is None or value <= self.hi)


class Expr:
    """Base of the meaning formulas."""

    __slots__ = ()

    def __str__(self) -> str:
        return text(self)


@dataclass(frozen=True, slots=True)
class Points(Expr):
    """High-card points (A 4, K 3, Q 2, J 1) in the hand, or in one suit."""

    range: Range
    suit: SuitRef | None = None


@dataclass(frozen=True, slots=True)
class Length(Expr):
    range: Range
    suit: SuitRef


@dataclass(frozen=True, slots=True)
class Compare(Expr):
    """The length of one suit against another's: ``spades >= hearts``."""

    left: SuitRef
    op: str
    right: SuitRef


@dataclass(frozen=True, slots=True)
class Shape(Expr):
    """``balanced`` (no singleton or void, at most one doubleton), ``semibalanced`` (no singleton or void, no
    seven-card suit), ``unbalanced``, ``shortness`` (a singleton or void), ``void``."""

    kind: str


@dataclass(frozen=True, slots=True)
class Stopper(Expr):
    """A stopper: the ace, or the king with one more, the queen with two more, the jack with three more."""

    suit: SuitRef


@dataclass(frozen=True, slots=True)
class Count(Expr):
    """``aces``, ``controls`` (A 2, K 1), ``keycards`` (four aces and the king of ``suit``), ``top`` (A, K, Q of
    ``suit``)."""

    kind: str
    range: Range
    suit: SuitRef | None = None


@dataclass(frozen=True, slots=True)
class And(Expr):
    items: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class Or(Expr):
    items: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class Not(Expr):
    item: Expr


@dataclass(frozen=True, slots=True)
class Anything(Expr):
    """No constraint: any hand."""


# ----- text ---------------------------------------------------------------------------------------------------
def suit_word(suit: SuitRef) -> str:
    return suit if isinstance(suit, str) else suit.name.lower()


def text(expr: Expr, top: bool = True) -> str:
    """The formula in the card's own notation (reads back with ``parse``)."""
    if isinstance(expr, Points):
        return f"hcp {expr.range}" if expr.suit is None else f"{suit_word(expr.suit)} hcp {expr.range}"
    if isinstance(expr, Length):
        return f"{suit_word(expr.suit)} {expr.range}"
    if isinstance(expr, Compare):
        return f"{suit_word(expr.left)} {expr.op} {suit_word(expr.right)}"
    if isinstance(expr, Shape):
        return expr.kind
    if isinstance(expr, Stopper):
        return f"stopper {suit_word(expr.suit)}"
    if isinstance(expr, Count):
        if expr.kind == "top":
            return f"{suit_word(expr.suit or 'suit')} top {expr.range}"
        suit = f" {suit_word(expr.suit)}" if expr.suit is not None else ""
        return f"{expr.kind}{suit} {expr.range}"
    if isinstance(expr, And):
        return ", ".join(f"({text(i)})" if isinstance(i, Or) else text(i, False) for i in expr.items)
    if isinstance(expr, Or):
        inner = " or ".join(f"({text(i)})" if isinstance(i, And) else text(i, False) for i in expr.items)
        return inner if top else f"({inner})"
    if isinstance(expr, Not):
        if isinstance(expr.item, Or):
            return f"not {text(expr.item, False)}"
        return f"not ({text(expr.item)})" if isinstance(expr.item, And) else f"not {text(expr.item, False)}"
    return "any"


# ----- parsing ------------------------------------------------------------------------------------------------
_TOKEN = re.compile(r"\s*(?:(?P<op>>=|<=|>|<|=)|(?P<range>\d+(?:\+|-\d+|-)?)|(?P<word>[A-Za-z]+)|(?P<punct>[(),]))")
_SUITS = {"spades": Suit.SPADES, "spade": Suit.SPADES, "s": Suit.SPADES, "hearts": Suit.HEARTS,
          "heart": Suit.HEARTS, "h": Suit.HEARTS, "diamonds": Suit.DIAMONDS, "diamond": Suit.DIAMONDS,
          "d": Suit.DIAMONDS, "clubs": Suit.CLUBS, "club": Suit.CLUBS, "c": Suit.CLUBS}
_GROUPS = {"major": (Suit.HEARTS, Suit.SPADES), "minor": (Suit.CLUBS, Suit.DIAMONDS)}
_LIMIT = {"hcp": 37, "suit hcp": 10, "length": 13, "aces": 4, "controls": 12, "keycards": 5, "top": 3}


class _Parser:
    def __init__(self, source: str) -> None:
        self.source = source
        self.depth = 0
        if len(source) > 1000:
            self.fail("", "a meaning is at most 1000 characters")
        self.tokens: list[tuple[str, str]] = []
        pos = 0
        stripped = source.rstrip()
        while pos < len(stripped):
            m = _TOKEN.match(stripped, pos)
            if m is None or m.end() == pos:
                self.fail(stripped[pos:].strip()[:12], "not a word of the meaning language")
            assert m is not None and m.lastgroup is not None
            self.tokens.append((m.lastgroup, m.group(m.lastgroup).lower()))
            pos = m.end()
        self.i = 0

    def fail(self, at: str, why: str) -> None:
        shown = self.source if len(self.source) <= 80 else self.source[:77] + "..."
        raise ParseError(f"{shown!r} at {at!r}: {why}" if at else f"{shown!r}: {why}", field="meaning")

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.i] if self.i < len(self.tokens) else ("end", "")

    def take(self) -> tuple[str, str]:
        tok = self.peek()
        self.i += 1
        return tok

    def parse(self) -> Expr:
        if not self.tokens:
            self.fail("", "an empty meaning (write 'any' for no constraint)")
        expr = self.either()
        if self.peek()[0] != "end":
            self.fail(self.peek()[1], "expected ',', 'and', 'or' or the end")
        return expr

    def either(self) -> Expr:
        items = [self.both()]
        while self.peek() == ("word", "or"):
            self.take()
            items.append(self.both())
        return items[0] if len(items) == 1 else Or(tuple(items))

    def both(self) -> Expr:
        items = [self.unary()]
        while self.peek() in (("punct", ","), ("word", "and")):
            self.take()
            items.append(self.unary())
        return items[0] if len(items) == 1 else And(tuple(items))

    def unary(self) -> Expr:
        kind, value = self.peek()
        if (kind, value) == ("word", "not"):
            self.take()
            self.depth += 1
            if self.depth > 20:
                self.fail("not", "'not' and brackets nest at most 20 deep")
            inner = self.unary()
            self.depth -= 1
            return Not(inner)
        if (kind, value) == ("punct", "("):
            self.take()
            self.depth += 1
            if self.depth > 20:
                self.fail("(", "brackets nest at most 20 deep")
            inner = self.either()
            self.depth -= 1
            if self.take() != ("punct", ")"):
                self.fail(self.tokens[self.i - 1][1] if self.i <= len(self.tokens) else "", "a ')' is missing")
            return inner
        return self.atom()

    def range(self, limit: str) -> Range:
        top = _LIMIT[limit]
        hi: int | None
        kind, value = self.take()
        if kind == "op":
            k2, number = self.take()
            if k2 != "range" or not number.isdigit():
                self.fail(number, "a number must follow the comparison")
            n = int(number)
            bounds: dict[str, tuple[int, int | None]] = {">=": (n, None), "<=": (0, n), ">": (n + 1, None),
                                                         "<": (0, n - 1), "=": (n, n)}
            lo, hi = bounds[value]
        elif kind == "range":
            if value.endswith("-"):
                self.fail("-", "a range is N, N+, N-M or <=N")
            if value.endswith("+"):
                lo, hi = int(value[:-1]), None
            elif "-" in value:
                a, b = value.split("-")
                lo, hi = int(a), int(b)
            else:
                lo = hi = int(value)
        else:
            self.fail(value, "a range is N, N+, N-M or <=N")
        if not 0 <= lo <= (top if hi is None else hi) <= top:
            self.fail(value, f"an empty or impossible range (0 to {top})")
        return Range(lo, hi)

    def suit(self, value: str) -> SuitRef | None:
        if value in _SUITS:
            return _SUITS[value]
        return value if value in PLACEHOLDERS else None

    def atom(self) -> Expr:
        kind, value = self.take()
        if kind != "word":
            self.fail(value, "expected a constraint such as 'hcp 12-14', 'spades 5+' or 'balanced'")
        if value in ("hcp", "points"):
            return Points(self.range("hcp"))
        if value in SHAPES:
            return Shape(value)
        if value == "any":
            return Anything()
        if value == "stopper":
            suit = self.suit(self.take()[1])
            if suit is None:
                self.fail(self.tokens[self.i - 1][1], "a suit must follow 'stopper'")
            assert suit is not None
            return Stopper(suit)
        if value in ("aces", "controls"):
            return Count(value, self.range(value))
        if value == "keycards":
            suit = self.suit(self.take()[1])
            if suit is None:
                self.fail(self.tokens[self.i - 1][1], "a suit (the agreed trump) must follow 'keycards'")
            return Count("keycards", self.range("keycards"), suit)
        if value in _GROUPS:
            rng = self.range("length")
            return Or(tuple(Length(rng, s) for s in _GROUPS[value]))
        suit = self.suit(value)
        if suit is None:
            self.fail(value, "not a constraint: use hcp, a suit, a shape, stopper, aces, keycards or controls")
        assert suit is not None
        nkind, nvalue = self.peek()
        if (nkind, nvalue) == ("word", "hcp"):
            self.take()
            return Points(self.range("suit hcp"), suit)
        if (nkind, nvalue) == ("word", "top"):
            self.take()
            return Count("top", self.range("top"), suit)
        if nkind == "op" and self.i + 1 < len(self.tokens) and self.tokens[self.i + 1][0] == "word":
            self.take()
            other = self.suit(self.take()[1])
            if other is None:
                self.fail(self.tokens[self.i - 1][1], "a suit must follow the comparison")
            assert other is not None
            return Compare(suit, nvalue, other)
        return Length(self.range("length"), suit)


def parse(source: str) -> Expr:
    """Read a meaning; a ``ParseError`` names the word where it goes wrong."""
    return _Parser(source).parse()


# ----- placeholders --------------------------------------------------------------------------------------------
def placeholders(expr: Expr) -> set[str]:
    """The placeholders (``suit``, ``their``) the formula still uses."""
    found: set[str] = set()
    _walk(expr, lambda ref: found.add(ref) if isinstance(ref, str) else None)
    return found


def _walk(expr: Expr, visit: Callable[[SuitRef], object]) -> None:
    if isinstance(expr, And | Or):
        for item in expr.items:
            _walk(item, visit)
    elif isinstance(expr, Not):
        _walk(expr.item, visit)
    elif isinstance(expr, Compare):
        visit(expr.left)
        visit(expr.right)
    elif isinstance(expr, Points | Length | Stopper | Count) and expr.suit is not None:
        visit(expr.suit)


def bind(expr: Expr, values: dict[str, Suit]) -> Expr:
    """The formula with its placeholders replaced by the suits in ``values`` (the others stay)."""
    def ref(r: SuitRef) -> SuitRef:
        return values.get(r, r) if isinstance(r, str) else r

    if isinstance(expr, And):
        return And(tuple(bind(i, values) for i in expr.items))
    if isinstance(expr, Or):
        return Or(tuple(bind(i, values) for i in expr.items))
    if isinstance(expr, Not):
        return Not(bind(expr.item, values))
    if isinstance(expr, Compare):
        return Compare(ref(expr.left), expr.op, ref(expr.right))
    if isinstance(expr, Points):
        return Points(expr.range, None if expr.suit is None else ref(expr.suit))
    if isinstance(expr, Length):
        return Length(expr.range, ref(expr.suit))
    if isinstance(expr, Stopper):
        return Stopper(ref(expr.suit))
    if isinstance(expr, Count):
        return Count(expr.kind, expr.range, None if expr.suit is None else ref(expr.suit))
    return expr


# ----- a concrete hand -----------------------------------------------------------------------------------------
def _suit(ref: SuitRef | None) -> Suit:
    if not isinstance(ref, Suit):
        raise ParseError(f"the placeholder {ref!r} has no suit here", field="meaning")
    return ref


def holds(expr: Expr, hand: Hand) -> bool:
    """Whether a 13-card ``hand`` fits the meaning (for sampling and for checking an explanation)."""
    lengths = {s: len(hand.holding(s)) for s in Suit}
    ranks = {s: {c.rank for c in hand.holding(s)} for s in Suit}
    return _holds(expr, lengths, ranks)


def _holds(expr: Expr, lengths: dict[Suit, int], ranks: dict[Suit, set[Rank]]) -> bool:
    if isinstance(expr, And):
        return all(_holds(i, lengths, ranks) for i in expr.items)
    if isinstance(expr, Or):
        return any(_holds(i, lengths, ranks) for i in expr.items)
    if isinstance(expr, Not):
        return not _holds(expr.item, lengths, ranks)
    if isinstance(expr, Points):
        suits = list(Suit) if expr.suit is None else [_suit(expr.suit)]
        return expr.range.has(sum(v for s in suits for r, v in HONOUR_HCP if r in ranks[s]))
    if isinstance(expr, Length):
        return expr.range.has(lengths[_suit(expr.suit)])
    if isinstance(expr, Compare):
        a, b = lengths[_suit(expr.left)], lengths[_suit(expr.right)]
        return {">=": a >= b, "<=": a <= b, ">": a > b, "<": a < b, "=": a == b}[expr.op]
    if isinstance(expr, Shape):
        ls = sorted(lengths.values())
        return {"balanced": ls[0] >= 2 and ls[1] >= 3, "semibalanced": ls[0] >= 2 and ls[3] <= 6,
                "unbalanced": not (ls[0] >= 2 and ls[1] >= 3), "shortness": ls[0] <= 1,
                "void": ls[0] == 0}[expr.kind]
    if isinstance(expr, Stopper):
        s = _suit(expr.suit)
        return any(r in ranks[s] and lengths[s] >= need for r, need in
                   ((Rank.ACE, 1), (Rank.KING, 2), (Rank.QUEEN, 3), (Rank.JACK, 4)))
    if isinstance(expr, Count):
        return expr.range.has(_count(expr, ranks))
    return True


def _count(expr: Count, ranks: dict[Suit, set[Rank]]) -> int:
    aces = sum(Rank.ACE in ranks[s] for s in Suit)
    if expr.kind == "aces":
        return aces
    if expr.kind == "controls":
        return 2 * aces + sum(Rank.KING in ranks[s] for s in Suit)
    s = _suit(expr.suit)
    if expr.kind == "keycards":
        return aces + (Rank.KING in ranks[s])
    return sum(r in ranks[s] for r in (Rank.ACE, Rank.KING, Rank.QUEEN))
