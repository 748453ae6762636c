"""Law 23A from a system card: pairs of calls decided by the solver (z3 proves the subset or gives a hand), beside
the naive way in the same run: dealing random hands with endplay's dealer until one shows the replacement and not
the withdrawn call.

    .venv/bin/python bench/comparable.py [--card examples/cards/natural-2over1.json] [--context "(1H)"]
                                         [--deals 250] [--runs 3]

Two sets of pairs, timed apart:

* every ordered pair of calls of one context of the card (``--context``): overcalls, where a replacement is almost
  never comparable, so the solver's answer is a counterexample hand (found, not proved);
* the comparable cases of :data:`CASES`: a withdrawn call and its replacement as Law 23A meets them (an insufficient
  bid or a call out of rotation, the replacement read in its own auction) where the replacement IS comparable: the
  same meaning or one differing by a point at the edge of a range (23A1), a subset of the withdrawn call's meanings
  (23A2), the same purpose (23A3).  For 23A1 and 23A2 the solver must *prove* that no hand shows the replacement
  and not the withdrawn call (unsatisfiable), the case sampling can never settle: it deals all ``--deals`` hands
  and finds nothing.  23A3 needs no proof (the purposes are the card's tags), and is shown apart.  A case whose
  calls the card does not list is left out, and each case's clause is checked before it is timed.

Each pair is decided by the solver and then sampled, in turns, ``--runs`` times (3 or more); the solver's formula
cache is emptied before each run, so every run does the same work.  Printed per group of pairs: the median over
the runs of the median milliseconds a pair, with the spread (lowest-highest run), the worst pair, the ratio
sampling / solver worked out run by run with its verdict (goal: the solver, which answers for certain, no slower
than sampling, ratio >= 1), how often sampling missed a counterexample the solver found (sampling never proves a
subset; it only fails to find a hand), and the load average at the start and the end.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from benchkit import load_average, ratios, spread, verdict
from endplay.dealer import generate_deals

from bridge_director.cards import solver
from bridge_director.cards.card_file import load
from bridge_director.cards.comparable import Verdict, decide, named
from bridge_director.cards.meaning import And, Expr, Not, Or, Points, Range, holds
from bridge_director.cards.model import SystemCard
from bridge_director.model import Call, Deal, Seat

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True, slots=True)
class Case:
    """A withdrawn call read in its context, the replacement in its own, and the clause that makes it comparable
    (``same`` and ``similar`` are both 23A1)."""

    withdrawn_context: str
    withdrawn: str
    replacement_context: str
    replacement: str
    clause: str  # "23A1 same", "23A1 similar", "23A2", "23A3"
    story: str


#: comparable replacements, as the director meets them (the example cards' meanings)
CASES = [
    Case("(1H)", "1N", "(2H)", "2N", "23A1 same",
         "RHO opened a weak 2H; the 1NT overcall of a one-level opening replaced by 2NT, the same range"),
    Case("(1S)", "1N", "(2S)", "2N", "23A1 same",
         "RHO opened a weak 2S; the 1NT overcall replaced by 2NT"),
    Case("1C", "P", "1D", "P", "23A1 same",
         "a pass out of rotation over partner's 1C, the turn come over 1D: the same weak hand"),
    Case("", "P", "", "4H", "23A1 similar",
         "a pass out of rotation replaced by a 4H opening (6-12, eight hearts or seven and shortness)"),
    Case("", "P", "1C", "2N", "23A1 similar",
         "a pass out of rotation replaced by 2NT over partner's 1C (11-12): one point past a pass's range"),
    Case("", "1S", "(1H)", "2S", "23A2",
         "1S out of rotation (11-15, five spades) replaced by an intermediate 2S over 1H (strong club card)"),
    Case("", "P", "", "2H", "23A2",
         "a pass out of rotation replaced by a weak 2H opening: every weak two is a hand that passes"),
    Case("", "P", "", "3D", "23A2",
         "a pass out of rotation replaced by a 3D preempt"),
    Case("1N", "2C", "2N", "3C", "23A3",
         "partner opened 2NT, not 1NT: Stayman replaced by Stayman"),
    Case("1N", "2D", "2N", "3D", "23A3",
         "partner opened 2NT, not 1NT: a transfer replaced by the transfer"),
]


@dataclass(slots=True)
class Pair:
    """A pair to time: (withdrawn context, call), (replacement context, call), its group and its verdict."""

    withdrawn_context: str
    withdrawn: Call
    replacement_context: str
    replacement: Call
    group: str
    verdict: Verdict
    card: SystemCard


def widened(expr: Expr, slack: int = 1, positive: bool = True) -> Expr:
    """``expr`` with every range of the hand's points widened by ``slack`` (narrowed under ``not``): the meaning the
    solver compares a replacement with (a similar meaning, 23A1, differs only at the edge of a range)."""
    if isinstance(expr, And):
        return And(tuple(widened(i, slack, positive) for i in expr.items))
    if isinstance(expr, Or):
        return Or(tuple(widened(i, slack, positive) for i in expr.items))
    if isinstance(expr, Not):
        return Not(widened(expr.item, slack, not positive))
    if isinstance(expr, Points) and expr.suit is None:
        by = slack if positive else -slack
        return Points(Range(expr.range.lo - by, None if expr.range.hi is None else expr.range.hi + by))
    return expr


def sampled(replacement: Expr, withdrawn: Expr, deals: int, seed: int) -> tuple[bool, float]:
    """The naive answer to the solver's question: (a hand was dealt that shows the replacement and not the
    withdrawn call even widened by a point, milliseconds), looking at all four hands of each deal."""
    withdrawn = widened(withdrawn)
    start = time.perf_counter()
    found = False
    for d in generate_deals(produce=deals, seed=seed):
        ours = Deal.from_pbn(d.to_pbn())
        if any(holds(replacement, ours[s]) and not holds(withdrawn, ours[s]) for s in Seat):
            found = True
            break
    return found, (time.perf_counter() - start) * 1000


def clause(v: Verdict) -> str:
    if not v.comparable:
        return "not comparable" if v.comparable is False else "the director decides"
    if v.law == "23A1":
        return "23A1 same" if "same meaning" in v.reason else "23A1 similar"
    return str(v.law)


GROUPS = {"not comparable": "not comparable (a counterexample found)",
          "23A1 same": "comparable, 23A1 the same meaning (proved)",
          "23A1 similar": "comparable, 23A1 a similar meaning (proved)",
          "23A2": "comparable, 23A2 a subset (proved)",
          "23A3": "comparable, 23A3 the same purpose (no proof)"}


def pairs_to_time(card: SystemCard, context: str, others: list[SystemCard]) -> tuple[list[Pair], list[str]]:
    """The context's ordered pairs, and the comparable cases (each on ``card`` or else the first of ``others`` that
    lists its calls with that clause); and the cases left out."""
    out: list[Pair] = []
    left: list[str] = []
    calls: list[Call] = [c for c, m in card.meanings.get(context, {}).items() if m.shows is not None]
    for w in calls:
        for r in calls:
            if w != r:
                v = decide(card, context, w, context, r)
                out.append(Pair(context, w, context, r, f"context: {clause(v)}", v, card))
    for case in CASES:
        w, r = Call.parse(case.withdrawn), Call.parse(case.replacement)
        for on in (card, *others):
            if on.meaning(case.withdrawn_context, w) is None or on.meaning(case.replacement_context, r) is None:
                continue
            v = decide(on, case.withdrawn_context, w, case.replacement_context, r)
            if clause(v) == case.clause:
                out.append(Pair(case.withdrawn_context, w, case.replacement_context, r, case.clause, v, on))
                break
        else:
            left.append(f"{named(w, case.withdrawn_context)} -> {named(r, case.replacement_context)} "
                        f"({case.clause}: not on the card, or not that clause)")
    return out, left


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default = ROOT / "examples" / "cards" / "natural-2over1.json"
    parser.add_argument("--card", type=Path, default=default)
    parser.add_argument("--context", default="(1H)")
    parser.add_argument("--deals", type=int, default=250, help="deals sampled per pair before giving up")
    parser.add_argument("--runs", type=int, default=3, help="runs of every pair, solver and sampling in turns (3+)")
    args = parser.parse_args()
    if args.runs < 3:
        parser.error("--runs: 3 or more (a median and a spread)")
    print(f"start: {load_average()}")
    card = load(args.card)
    # with the default card, the cases it lacks are read on the other example card (the strong club's 23A2)
    others = [load(ROOT / "examples" / "cards" / "strong-club.json")] if args.card.resolve() == default.resolve() \
        else []
    calls = [c for c, m in card.meanings.get(args.context, {}).items() if m.shows is not None]
    if len(calls) < 2:
        print(f"the context {args.context!r} has fewer than two calls with constraints", file=sys.stderr)
        return 2
    pairs, left = pairs_to_time(card, args.context, others)
    # per pair and run: (solver ms, sampling ms, sampling found a counterexample)
    timings: list[list[tuple[float, float, bool]]] = [[] for _ in pairs]
    for _ in range(args.runs):
        solver.formula.cache_clear()  # every run builds its formulas again: the same work each run
        for i, p in enumerate(pairs):
            on = p.card
            start = time.perf_counter()
            decide(on, p.withdrawn_context, p.withdrawn, p.replacement_context, p.replacement)
            solver_ms = (time.perf_counter() - start) * 1000
            wm, rm = on.meaning(p.withdrawn_context, p.withdrawn), on.meaning(p.replacement_context, p.replacement)
            assert wm is not None and rm is not None
            if p.group == "23A3" or wm.shows is None or rm.shows is None:  # the purposes decide: nothing to deal
                found, sample_ms = False, float("nan")
            else:
                found, sample_ms = sampled(rm.shows, wm.shows, args.deals, seed=i)
            timings[i].append((solver_ms, sample_ms, found))
    in_context = sum(p.group.startswith("context") for p in pairs)
    comparable = sum(p.group == "context: " + k for p in pairs for k in GROUPS if k != "not comparable")
    print(f"{card.name}, after {args.context}: {len(calls)} calls, {in_context} ordered pairs, {comparable} "
          f"comparable; and {len(pairs) - in_context} comparable cases across auctions; {args.runs} runs, the solver "
          f"and sampling ({args.deals} deals at most) in turns, pair by pair")
    print("ms a pair: the median over the runs of each run's median (lowest-highest run); worst: the slowest pair")
    groups: dict[str, list[int]] = {}
    for i, p in enumerate(pairs):
        groups.setdefault(p.group, []).append(i)
    for group, members in sorted(groups.items(), key=lambda g: (not g[0].startswith("context"), g[0])):
        label = group.removeprefix("context: ")
        label = (f"{args.context} pairs, " if group.startswith("context") else "cases, ") + GROUPS.get(label, label)
        solver_runs = [statistics.median(timings[i][r][0] for i in members) for r in range(args.runs)]
        print(f"  {label} ({len(members)} pairs)")
        print(f"    solver (z3)   {spread(solver_runs).text('.2f', ' ms', 8)}, worst "
              f"{max(t[0] for i in members for t in timings[i]):.2f} ms")
        if all(timings[i][0][1] != timings[i][0][1] for i in members):  # NaN: nothing to sample
            print("    sampling      (nothing to deal: the purposes decide, no hand does; no goal)")
            continue
        sample_runs = [statistics.median(timings[i][r][1] for i in members) for r in range(args.runs)]
        missed = sum(1 for i in members if pairs[i].verdict.counterexample is not None
                     and not all(t[2] for t in timings[i]))
        found = sum(1 for i in members for t in timings[i] if t[2])
        print(f"    sampling      {spread(sample_runs).text('.2f', ' ms', 8)}, worst "
              f"{max(t[1] for i in members for t in timings[i]):.2f} ms; a counterexample dealt in {found} of "
              f"{len(members) * args.runs} tries; missed one the solver found: {missed} pairs")
        print(f"    {verdict(ratios(sample_runs, solver_runs), 1, True, 'sampling / solver')}")
    for text in left:
        print(f"  left out: {text}")
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
