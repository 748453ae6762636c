"""Law 23A (2017): is the replacement call comparable with the withdrawn call?  Decided from the card.

* 23A1, the same meaning: the two meanings are the same set of hands (each a subset of the other).
  A similar meaning: every hand the replacement shows is one the withdrawn call shows once the withdrawn call's
  point ranges are widened by one point at each end (the meanings differ only at the edge of a range).
* 23A2, a subset: every hand the replacement shows, the withdrawn call shows (z3: replacement and not
  withdrawn is unsatisfiable).
* 23A3, the same purpose: both calls carry the same purpose tag (e.g. Stayman for Stayman).

When no rule holds the verdict carries a hand the replacement shows and the withdrawn call does not.  A meaning
that is only words, or a call the card does not list, is left to the director.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Bid, Call, Hand, Pass, Suit
from . import solver
from .model import Meaning, SystemCard


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer: ``comparable`` True/False, or None when the director decides; ``law`` the clause that makes
    it comparable; ``counterexample`` a hand the replacement shows and the withdrawn call does not.

    Under an earlier edition (``edition`` 2007 or 1997, ``cards.editions``) ``comparable`` says whether the
    replacement spares partner the bar, ``law`` names the clause that decides either way and ``head`` what follows
    (``no further rectification``, ``partner must pass throughout``)."""

    comparable: bool | None
    law: str | None
    reason: str
    counterexample: Hand | None = None
    edition: str = "2017"
    head: str = ""

    @property
    def heading(self) -> str:
        """``comparable (Law 23A2)``; ``no further rectification (Law 27B1(b), 2007)``."""
        head = self.head or {True: "comparable", False: "not comparable", None: "the director decides"}[
            self.comparable]
        edition = f", {self.edition}" if self.edition != "2017" else ""
        return f"{head} (Law {self.law}{edition})" if self.law else head

    def text(self) -> str:
        hand = f"; for example {show_hand(self.counterexample)}" if self.counterexample is not None else ""
        return f"{self.heading}: {self.reason}{hand}"


def show_hand(hand: Hand) -> str:
    """``♠KJ8765 ♥Q2 ♦A3 ♣432 (10 hcp)``: a hand as the director reads it."""
    suits = " ".join(f"{s.symbol}{''.join(c.rank.char for c in hand.holding(s)) or '-'}"
                     for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))
    return f"{suits} ({hand.hcp} hcp)"


def spoken(call: Call) -> str:
    """``1♠``, ``1NT``, ``pass``, ``double``, ``redouble``."""
    if isinstance(call, Bid):
        return call.symbol
    return "pass" if isinstance(call, Pass) else {"X": "double", "XX": "redouble"}[str(call)]


def named(call: Call, context: str) -> str:
    """A call with the auction it is read in: ``2♠ after (1H)``, ``1♠ as an opening``."""
    return f"{spoken(call)} after {context}" if context else f"{spoken(call)} as an opening"


def decide(card: SystemCard, withdrawn_context: str, withdrawn: Call, replacement_context: str,
           replacement: Call) -> Verdict:
    """Law 23A for the withdrawn call (read in its context) against the replacement (in its context)."""
    w_name, r_name = named(withdrawn, withdrawn_context), named(replacement, replacement_context)
    w = card.meaning(withdrawn_context, withdrawn)
    r = card.meaning(replacement_context, replacement)
    if w is None or r is None:
        missing = " and ".join(n for n, m in ((w_name, w), (r_name, r)) if m is None)
        return Verdict(None, None, f"the card gives no meaning for {missing}")
    return compare(w, r, w_name, r_name)


def compare(w: Meaning, r: Meaning, w_name: str = "the withdrawn call",
            r_name: str = "the replacement") -> Verdict:
    """Law 23A for two meanings (see the module's note for the criteria)."""
    if w.purpose and r.purpose and w.purpose == r.purpose:
        return Verdict(True, "23A3", f"both have the same purpose ({w.purpose})")
    if w.shows is None or r.shows is None:
        words = "; ".join(f"{n}: {m.text or m.describe()}" for n, m in ((w_name, w), (r_name, r))
                          if m.shows is None)
        return Verdict(None, None, f"the card gives only words for {words}; compare them at the table")
    near = solver.subset(r.shows, w.shows, slack=1)  # a hand outside even the widened meaning: not comparable
    if near is None:
        if not solver.implies(r.shows, w.shows):
            return Verdict(True, "23A1", f"{r_name} ({r.shows}) has a similar meaning to {w_name} ({w.shows}): they "
                           "differ only by one point at the edge of a range")
        if solver.implies(w.shows, r.shows):
            return Verdict(True, "23A1", f"{r_name} has the same meaning as {w_name}: {r.shows}")
        return Verdict(True, "23A2", f"every hand {r_name} shows ({r.shows}) is one {w_name} shows ({w.shows})")
    purposes = ""
    if w.purpose or r.purpose:
        purposes = f"; the purposes differ ({w.purpose or 'none'} and {r.purpose or 'none'})"
    return Verdict(False, None, f"{r_name} ({r.shows}) allows hands {w_name} ({w.shows}) does not{purposes}", near)
