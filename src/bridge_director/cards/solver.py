"""The hand as z3 variables, a meaning as a z3 formula, and the proofs Law 23A needs.

Per suit: its length (0-13) and whether it holds the ace, king, queen and jack.  A suit's points are
4A + 3K + 2Q + J; its honours fit in its length, and its other cards are among the nine spot cards (ten to two).
Every model of these variables is a real 13-card hand, so a model that breaks a claim is printed as one.

>>> from .meaning import parse
>>> subset(parse("hcp 12-16, spades 6+"), parse("hcp 11-21, spades 5+")) is None
True
>>> hand = subset(parse("hcp 6-10, spades 6+"), parse("hcp 11-21, spades 5+"))
>>> len(hand), hand.hcp <= 10, len(hand.holding(Suit.SPADES)) >= 6
(13, True, True)
"""

from __future__ import annotations

import threading
from functools import lru_cache

import z3

from ..model import Card, Hand, Rank, Suit
from .meaning import And, Anything, Compare, Count, Expr, Length, Not, Or, Points, Range, Shape, Stopper, SuitRef

_LOCK = threading.Lock()  # one z3 context for the process: one question at a time
_HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
_VALUE = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
_SPOTS = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN)


class _Hand:
    """The variables of one hand and the rules every real hand obeys."""

    def __init__(self) -> None:
        self.length = {s: z3.Int(f"len_{s.letter}") for s in Suit}
        self.has = {(s, r): z3.Bool(f"{r.char}{s.letter}") for s in Suit for r in _HONOURS}
        self.points = {s: z3.Sum([z3.If(self.has[s, r], _VALUE[r], 0) for r in _HONOURS]) for s in Suit}
        self.honours = {s: z3.Sum([z3.If(self.has[s, r], 1, 0) for r in _HONOURS]) for s in Suit}
        self.total = z3.Sum(list(self.points.values()))
        rules: list[z3.BoolRef] = [z3.Sum(list(self.length.values())) == 13]
        for s in Suit:
            rules += [self.length[s] >= self.honours[s], self.length[s] - self.honours[s] <= len(_SPOTS)]
        self.rules = z3.And(rules)


_H = _Hand()


def _suit(ref: SuitRef | None) -> Suit:
    if not isinstance(ref, Suit):
        from ..errors import ParseError
        raise ParseError(f"the placeholder {ref!r} has no suit here", field="meaning")
    return ref


def _within(value: z3.ArithRef, rng: Range, widen: int = 0) -> z3.BoolRef:
    lo, hi = rng.lo - widen, None if rng.hi is None else rng.hi + widen
    if hi is not None and lo > hi:
        return z3.BoolVal(False)
    parts = [value >= lo] if lo > 0 else []
    if hi is not None:
        parts.append(value <= hi)
    return z3.And(parts) if parts else z3.BoolVal(True)


@lru_cache(maxsize=4096)
def formula(expr: Expr, slack: int = 0, positive: bool = True) -> z3.BoolRef:
    """``expr`` over the hand's variables; ``slack`` widens every range of the hand's points by that many (a
    superset of the meaning: under ``not`` the ranges narrow instead)."""
    h = _H
    if isinstance(expr, And):
        return z3.And([formula(i, slack, positive) for i in expr.items])
    if isinstance(expr, Or):
        return z3.Or([formula(i, slack, positive) for i in expr.items])
    if isinstance(expr, Not):
        return z3.Not(formula(expr.item, slack, not positive))
    if isinstance(expr, Points):
        if expr.suit is not None:
            return _within(h.points[_suit(expr.suit)], expr.range)
        return _within(h.total, expr.range, slack if positive else -slack)
    if isinstance(expr, Length):
        return _within(h.length[_suit(expr.suit)], expr.range)
    if isinstance(expr, Compare):
        a, b = h.length[_suit(expr.left)], h.length[_suit(expr.right)]
        return {">=": a >= b, "<=": a <= b, ">": a > b, "<": a < b, "=": a == b}[expr.op]
    if isinstance(expr, Shape):
        ls = list(h.length.values())
        doubletons = z3.Sum([z3.If(x == 2, 1, 0) for x in ls])
        balanced = z3.And(*[x >= 2 for x in ls], doubletons <= 1)
        return {"balanced": balanced, "unbalanced": z3.Not(balanced),
                "semibalanced": z3.And([z3.And(x >= 2, x <= 6) for x in ls]),
                "shortness": z3.Or([x <= 1 for x in ls]), "void": z3.Or([x == 0 for x in ls])}[expr.kind]
    if isinstance(expr, Stopper):
        s = _suit(expr.suit)
        return z3.Or([z3.And(h.has[s, r], h.length[s] >= need) for r, need in
                      ((Rank.ACE, 1), (Rank.KING, 2), (Rank.QUEEN, 3), (Rank.JACK, 4))])
    if isinstance(expr, Count):
        aces = z3.Sum([z3.If(h.has[s, Rank.ACE], 1, 0) for s in Suit])
        if expr.kind == "aces":
            value = aces
        elif expr.kind == "controls":
            value = 2 * aces + z3.Sum([z3.If(h.has[s, Rank.KING], 1, 0) for s in Suit])
        elif expr.kind == "keycards":
            value = aces + z3.If(h.has[_suit(expr.suit), Rank.KING], 1, 0)
        else:
            s = _suit(expr.suit)
            value = z3.Sum([z3.If(h.has[s, r], 1, 0) for r in (Rank.ACE, Rank.KING, Rank.QUEEN)])
        return _within(value, expr.range)
    assert isinstance(expr, Anything)
    return z3.BoolVal(True)


def _solver() -> z3.Solver:
    global _SOLVER
    if _SOLVER is None:
        _SOLVER = z3.Solver()
        _SOLVER.add(_H.rules)
    return _SOLVER


_SOLVER: z3.Solver | None = None  # the rules of a real hand, asserted once; each question is pushed and popped
_PLAIN = z3.And([z3.And(n >= 1, n <= 7) for n in _H.length.values()])  # a hand people hold: no void, no 8-card suit


def satisfiable(claim: z3.BoolRef) -> bool:
    """Whether some real hand satisfies ``claim``, with no hand built."""
    with _LOCK:
        solver = _solver()
        solver.push()
        try:
            solver.add(claim)
            return bool(solver.check() == z3.sat)
        finally:
            solver.pop()


def example(claim: z3.BoolRef) -> Hand | None:
    """A real hand for which ``claim`` holds, or None when no hand does (z3: unsat).  A hand with no void and
    no suit longer than seven is preferred when one exists."""
    with _LOCK:
        solver = _solver()
        solver.push()
        try:
            solver.add(claim)
            solver.push()
            solver.add(_PLAIN)
            model = solver.model() if solver.check() == z3.sat else None
            solver.pop()
            if model is None:
                if solver.check() != z3.sat:
                    return None
                model = solver.model()
        finally:
            solver.pop()
    cards: list[Card] = []
    for s in Suit:
        held = [r for r in _HONOURS if z3.is_true(model.eval(_H.has[s, r], model_completion=True))]
        length = model.eval(_H.length[s], model_completion=True).as_long()
        cards += [Card(s, r) for r in held] + [Card(s, r) for r in _SPOTS[:length - len(held)]]
    return Hand.of(cards)


def implies(shows: Expr, claim: Expr) -> bool:
    """Every hand ``shows`` allows satisfies ``claim`` (unsat of ``shows and not claim``), with no hand built."""
    return not satisfiable(z3.And(formula(shows), z3.Not(formula(claim))))


def subset(replacement: Expr, withdrawn: Expr, slack: int = 0) -> Hand | None:
    """None when every hand ``replacement`` shows is one ``withdrawn`` shows (unsat of R and not W);
    otherwise a hand that ``replacement`` shows and ``withdrawn`` does not.  ``slack`` widens W's points."""
    return example(z3.And(formula(replacement), z3.Not(formula(withdrawn, slack))))


def possible(expr: Expr) -> Hand | None:
    """A hand the meaning allows, or None when no 13-card hand fits it."""
    return example(formula(expr))
