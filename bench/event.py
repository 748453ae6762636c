"""Benchmark: a synthetic 1,500-table x 24-board pairs event (36,000 results) matchpointed with Neuberg and
cross-IMPed, against a straightforward pairwise reference computed in the same run.

    python bench/event.py [--tables 1500] [--boards 24] [--reference-boards 3] [--runs 3]

The pairwise reference is quadratic, so by default it is timed on a few boards and scaled to the whole event
(``--reference-boards 24`` times all of it); the two are checked to agree on the boards both computed.  The two
take turns ``--runs`` times (3 or more); printed: each one's median over the runs with the spread (lowest-highest),
the ratio worked out run by run, and the load average at the start and the end.  No goal: the reference shows
what the quadratic way costs (``bench/matchpoints.py`` holds the goals against references doing the same work).
"""

from __future__ import annotations

import argparse
import random
import time

from benchkit import load_average, ratios, spread

from bridge_director.scoring import Method, Result, Scale, imps, score_event

SCORES = [-1100, -800, -500, -300, -200, -150, -140, -130, -120, -110, -100, -50, 50, 90, 100, 110, 120, 130, 140,
          150, 170, 200, 300, 400, 420, 430, 450, 460, 480, 490, 500, 620, 630, 650, 660, 680, 980, 1430]


def synthetic(tables: int, boards: int, seed: int = 7) -> list[Result]:
    """Random results; a few tables per board did not play it, and one gets an artificial score."""
    rng = random.Random(seed)
    out = []
    for board in range(1, boards + 1):
        common = rng.sample(SCORES, 8)
        missing = set(rng.sample(range(tables), board % 4))  # boards short of the norm: Neuberg
        for t in range(tables):
            if t in missing:
                continue
            if t == board:
                out.append(Result(board, f"{t}N", f"{t}E", ns_award=60, ew_award=40))
                continue
            score = rng.choice(common) if rng.random() < 0.9 else rng.choice(SCORES)
            out.append(Result(board, f"{t}N", f"{t}E", score))
    return out


def reference_board_mp(scores: list[int], norm: int) -> list[float]:
    """Pairwise: 2 per result beaten, 1 per tie, then Neuberg to the norm."""
    n = len(scores)
    out = []
    for i, s in enumerate(scores):
        mp = 0.0
        for j, t in enumerate(scores):
            if i != j:
                mp += 2.0 if s > t else 1.0 if s == t else 0.0
        out.append((mp + 1) * norm / n - 1 if n != norm else mp)
    return out


def reference_board_cross(scores: list[int]) -> list[float]:
    """Pairwise: each result IMPed against every other, averaged."""
    n = len(scores)
    return [sum(imps(s - t) for j, t in enumerate(scores) if j != i) / (n - 1) for i, s in enumerate(scores)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=1500)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--reference-boards", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3, help="runs of each, in turns (3 or more)")
    args = parser.parse_args()
    if args.runs < 3:
        parser.error("--runs: 3 or more (a median and a spread)")
    print(f"start: {load_average()}")
    results = synthetic(args.tables, args.boards)
    print(f"event: {args.tables} tables x {args.boards} boards = {len(results)} results")
    sample = min(args.reference_boards, args.boards)
    ours_s, reference_s = [], []
    for _ in range(args.runs):  # ours and the reference in turns
        start = time.perf_counter()
        mp = score_event(results, Method.MATCHPOINTS, scale=Scale.TWO_ONE, norm=args.tables)
        cross = score_event(results, Method.CROSS_IMPS, imp_places=None)
        ours_s.append(time.perf_counter() - start)

        start = time.perf_counter()
        checked = 0
        for b in range(sample):
            lines = [r for r in results if r.board == b + 1 and r.score is not None]
            scores = [r.score for r in lines if r.score is not None]
            ref_mp = reference_board_mp(scores, args.tables)
            ref_x = reference_board_cross(scores)
            got_mp = [ln.ns for ln in mp.boards[b].lines if not ln.result.artificial]
            got_x = [ln.ns for ln in cross.boards[b].lines if not ln.result.artificial]
            assert all(abs(a - b) < 1e-6 for a, b in zip(got_mp, ref_mp, strict=True)), "matchpoints differ"
            assert all(abs(a - b) < 1e-9 for a, b in zip(got_x, ref_x, strict=True)), "cross-IMPs differ"
            checked += len(scores)
        reference_s.append((time.perf_counter() - start) * args.boards / sample)
    print(f"{args.runs} runs in turns: median (lowest-highest)")
    print(f"bridge-director (matchpoints with Neuberg + cross-IMPs, ranked): {spread(ours_s).text('.3f', ' s')}")
    scaled = "" if sample == args.boards else f" (timed on {sample} of {args.boards} boards, scaled)"
    print(f"pairwise reference: {spread(reference_s).text('.3f', ' s')}{scaled}; {checked} results agree")
    print(f"ratio reference / ours: {ratios(reference_s, ours_s).text('.0f')} (no goal)")
    print(f"end: {load_average()}")


if __name__ == "__main__":
    main()
