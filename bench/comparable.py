"""Law 23A from a system card: every ordered pair of calls in one context of an example card decided by the
solver (z3 proves the subset or gives a hand), beside the naive way in the same run: dealing random hands with
endplay's dealer until one shows the replacement and not the withdrawn call.

    .venv/bin/python bench/comparable.py [--card examples/cards/natural-2over1.json] [--context "(1H)"]
                                         [--deals 250]

Printed: the median and worst milliseconds per pair of each way, their ratio, and how often sampling misses a
counterexample the solver found (sampling never proves a subset; it only fails to find a hand).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from endplay.dealer import generate_deals

from bridge_director.cards.card_file import load
from bridge_director.cards.comparable import decide, spoken
from bridge_director.cards.meaning import Expr, holds
from bridge_director.model import Call, Deal, Seat

ROOT = Path(__file__).resolve().parents[1]


def sampled(replacement: Expr, withdrawn: Expr, deals: int, seed: int) -> tuple[bool, float]:
    """The naive answer: (a counterexample was dealt, milliseconds), looking at all four hands of each deal."""
    start = time.perf_counter()
    found = False
    for d in generate_deals(produce=deals, seed=seed):
        ours = Deal.from_pbn(d.to_pbn())
        if any(holds(replacement, ours[s]) and not holds(withdrawn, ours[s]) for s in Seat):
            found = True
            break
    return found, (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--card", type=Path, default=ROOT / "examples" / "cards" / "natural-2over1.json")
    parser.add_argument("--context", default="(1H)")
    parser.add_argument("--deals", type=int, default=250, help="deals sampled per pair before giving up")
    args = parser.parse_args()
    card = load(args.card)
    calls: list[Call] = [c for c, m in card.meanings.get(args.context, {}).items() if m.shows is not None]
    if len(calls) < 2:
        print(f"the context {args.context!r} has fewer than two calls with constraints", file=sys.stderr)
        return 2
    pairs = [(w, r) for w in calls for r in calls if w != r]
    decide(card, args.context, pairs[0][0], args.context, pairs[0][1])  # z3 loaded and warmed once
    solver_ms: list[float] = []
    sample_ms: list[float] = []
    missed = comparable = 0
    for i, (w, r) in enumerate(pairs):
        start = time.perf_counter()
        verdict = decide(card, args.context, w, args.context, r)
        solver_ms.append((time.perf_counter() - start) * 1000)
        comparable += bool(verdict.comparable)
        wm, rm = card.meaning(args.context, w), card.meaning(args.context, r)
        assert wm is not None and rm is not None and wm.shows is not None and rm.shows is not None
        found, ms = sampled(rm.shows, wm.shows, args.deals, seed=i)
        sample_ms.append(ms)
        if verdict.counterexample is not None and not found:
            missed += 1
    med_solver, med_sample = statistics.median(solver_ms), statistics.median(sample_ms)
    print(f"{card.name}, after {args.context}: {len(calls)} calls ({', '.join(spoken(c) for c in calls)}), "
          f"{len(pairs)} ordered pairs, {comparable} comparable")
    print(f"  solver (z3, proof or counterexample): median {med_solver:.2f} ms a pair, worst {max(solver_ms):.2f} ms")
    print(f"  endplay dealer sampling ({args.deals} deals at most): median {med_sample:.2f} ms a pair, "
          f"worst {max(sample_ms):.2f} ms; missed {missed} of the solver's counterexamples")
    print(f"  ratio (sampling / solver, median): {med_sample / med_solver:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
