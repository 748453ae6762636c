"""Helpers for the table and law tests: build a table from an auction text."""

from __future__ import annotations

import random

from bridge_director.engine import BidAboveSeven, CallChanged, CallMade, CardExposed, Choice, Event, Judgement, Table
from bridge_director.laws.ruling import Ruling
from bridge_director.model import Seat
from bridge_director.table.edition import Edition
from bridge_director.table.state import Bar, TableState


def table(auction: str = "", dealer: str = "N", laws: str = "2017", board: int | None = None) -> Table:
    """A table with ``auction`` (legal calls, in turn) already made."""
    t = Table(board, dealer=dealer, vulnerability="None", laws=laws)
    if auction:
        t.auction(auction)
    return t


def bars(t: Table) -> set[tuple[str, Bar]]:
    return {(r.seat.letter, r.bar) for r in t.state.restrictions}


def laws_flagged(t: Table) -> set[str]:
    return {f.law for f in t.state.flags}


S = Seat


def contract(t: Table) -> str:
    """The contract as ``4H N`` (level, strain, doubling, declarer's letter)."""
    c = t.state.contract()
    return "passed out" if c is None else f"{c.pbn} {c.declarer.letter}"



# ----- random events (property tests, text checks) -------------------------------------------------
CALLS = ["P", "P", "P", "X", "XX", *(f"{lv}{st}" for lv in range(1, 8) for st in ("C", "D", "H", "S", "NT"))]
SEATS = list(Seat)
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def random_event(t: Table, rnd: random.Random) -> Event:
    """A physically possible event, often legal, sometimes irregular, sometimes refused while a ruling waits."""
    from bridge_director.laws.pending import describe
    from bridge_director.model import Call, Card, Strain
    state = t.state
    editions = ("2017", "2007", "1997")
    laws = Edition.parse(rnd.choice(editions))
    if state.pending is not None and rnd.random() < 0.85:
        ruling = describe(state.pending, state)
        if ruling.questions:
            q = ruling.questions[0]
            return Judgement(q.key, rnd.choice(q.answers or WRITTEN.get(q.key, ("none",))))
        if ruling.caller is not None and rnd.random() < 0.8:
            return CallMade(ruling.caller, Call.parse(rnd.choice(CALLS)), laws)
        if ruling.options and ruling.caller is None:
            return Choice(rnd.choice(ruling.options).key, ruling.chooser)
    r = rnd.random()
    if r < 0.03:
        return CallChanged(rnd.choice(SEATS), Call.parse(rnd.choice(CALLS)), laws)
    if r < 0.05:
        return CardExposed(rnd.choice(SEATS), (Card.parse(rnd.choice("SHDC") + rnd.choice("23456789TJQKA")),),
                           rnd.random() < 0.3, laws)
    if r < 0.06:
        return BidAboveSeven(rnd.choice(SEATS), 8, rnd.choice(list(Strain)), laws)
    if r < 0.07:  # Laws 17D and 20: wrong board, review, corrected explanation
        from bridge_director.table.events import ExplanationCorrected, ReviewRequested, WrongBoard
        kind = rnd.choice((WrongBoard, ReviewRequested, ExplanationCorrected))
        return kind(rnd.choice(SEATS), laws=laws)
    if r < 0.08:  # Law 16 (cards found faced before the auction) and Law 19 (a double in an improper form)
        from bridge_director.table.events import CardFoundFaced, ImproperDouble
        seat = rnd.choice(SEATS)
        if rnd.random() < 0.5:
            return CardFoundFaced(seat, (Card.parse(rnd.choice("SHDC") + rnd.choice("23456789TJQKA")),),
                                  tuple(rnd.sample(SEATS, rnd.randint(0, 2))), laws)
        return ImproperDouble(seat, Call.parse(rnd.choice(("X", "XX"))), Call.parse(rnd.choice(CALLS[4:])), laws)
    if r < 0.11:  # the facts judgement needs (Laws 16, 20F, 40, 73) and the director's reviews
        return _judgement_event(state, rnd, laws)
    if r < 0.75 and state.phase == "auction":
        legal = [c for c in CALLS if state.admissible(state.next_seat, Call.parse(c))]
        weights = [8 if c in ("P",) else 1 for c in legal]
        return CallMade(state.next_seat, Call.parse(rnd.choices(legal, weights)[0]), laws)
    return CallMade(rnd.choice(SEATS), Call.parse(rnd.choice(CALLS)), laws)


#: sample written answers to the judgement reviews' questions (docs/judgement.md)
WRITTEN = {"suggests": ("action", "pass", "none", "4S"),
           "alternatives": ("la: Pass", "la: none", "poll: 4S | Pass, 4S | Pass | 3NT"),
           "score": ("4S N 9", "stands", "NS: A+; EW: A-", "60% 3NT S 9; 40% 3NT S 8", "NS: 2H E 8; EW: 2H E 9")}


def _judgement_event(state: TableState, rnd: random.Random, laws: Edition) -> Event:
    from bridge_director.table.events import DirectorReview, Explanation, Hesitation, PsycheReported, Remark
    seat = rnd.choice(SEATS)
    n = len(state.calls)
    call_no = rnd.randint(1, n) if n else 1
    kind = rnd.randrange(5)
    if kind == 0:
        return Hesitation(seat, rnd.random() < 0.8, laws)
    if kind == 1:
        return Remark(seat, "we have four tricks partner", rnd.random() < 0.3, laws)
    if kind == 2:
        caller = state.calls[call_no - 1].seat if n else seat
        return Explanation(caller.partner, call_no, "natural", caller.lho, rnd.random() < 0.8, laws)
    if kind == 3:
        return PsycheReported(state.calls[call_no - 1].seat if n else seat, call_no, laws)
    caller = state.calls[call_no - 1].seat if n else seat
    return DirectorReview(rnd.choice(("16B", "21B", "72C", "27D", "12A")), caller, call_no if n else None, laws)


def random_walk(seed: int, steps: int = 40) -> tuple[Table, list[Ruling]]:
    """Drive a table with random events (refused ones skipped); return it and every ruling seen."""
    from bridge_director.errors import BridgeError
    rnd = random.Random(seed)
    deal = DEAL if rnd.random() < 0.3 else None  # with the deal known, a card not held shows a wrong board (17D)
    t = Table(rnd.randint(1, 16), laws=rnd.choice(("2017", "2007", "1997")), deal=deal)
    seen: list[Ruling] = []
    for _ in range(steps):
        if t.state.phase in ("play", "passed out") and t.state.pending is None and rnd.random() < 0.7:
            break
        try:
            t.do(random_event(t, rnd))
        except BridgeError:
            continue
        if t.ruling is not None:
            seen.append(t.ruling)
    return t, seen
