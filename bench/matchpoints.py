#!/usr/bin/env python3
"""Matchpoints of a 36,000-result event: ours against bridge-scorer (npm) and a plain numpy matchpointer.

    .venv/bin/python bench/matchpoints.py [--tables 1500] [--boards 24] [--repeat 5]

Every board has a result at every table (bridge-scorer has no Neuberg), scores drawn as in ``bench/event.py``.
Timed in the same run, best of ``--repeat``:

* **ours**: ``score_event(..., Method.MATCHPOINTS)`` — every board matchpointed (2/1 scale), the pairs' totals
  and percentages, the ranking;
* **bridge-scorer**: its ``matchpoints`` on every board (node, timed inside the process, after one warm-up run),
  and its whole process (node start, reading the file, scoring, writing the answer) beside our whole
  ``bridge-director score event`` on the same travellers as a CSV file;
* **numpy**: the practical limit — per board ``2 × (results below) + (ties)`` by sorting and ``searchsorted``,
  no ranking.

The goal of the project: ours at least 2× faster than bridge-scorer and within 3× of numpy.  bridge-scorer is
installed from the npm registry into ``artifacts/npm`` on the first run; without node/npm that part is skipped
with the reason.  The three are checked to give the same matchpoints on every line.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from bridge_director.scoring import Method, Result, Scale, score_event

ROOT = Path(__file__).resolve().parent.parent
NPM = ROOT / "artifacts" / "npm"
SCORER = "bridge-scorer@2.4.0"
SCORES = [-1100, -800, -500, -300, -200, -150, -140, -130, -120, -110, -100, -50, 50, 90, 100, 110, 120, 130, 140,
          150, 170, 200, 300, 400, 420, 430, 450, 460, 480, 490, 500, 620, 630, 650, 660, 680, 980, 1430]

NODE_SCRIPT = """
const scorer = require('bridge-scorer');
const fs = require('fs');
const data = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const repeat = parseInt(process.argv[3], 10);
function games() {  // fresh objects each run: bridge-scorer writes its answer into them
  return data.map(board => board.map(s => ({contract: {declaror: 'N'}, score: s})));
}
let out = null, best = Infinity;
for (let r = 0; r <= repeat; r++) {
  const boards = games();
  const t0 = process.hrtime.bigint();
  out = boards.map(g => scorer.matchpoints(g));
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r > 0) best = Math.min(best, ms);  // run 0 warms the JIT up
}
const mp = out.map(b => b.map(g => g.matchpointsNS.value));
process.stdout.write(JSON.stringify({ms: best, mp: mp}));
"""


def synthetic(tables: int, boards: int, seed: int = 11) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(boards):
        common = rng.sample([s for s in SCORES if s != 0], 8)
        out.append([rng.choice(common) if rng.random() < 0.9 else rng.choice(SCORES) for _ in range(tables)])
    return out


def ours(boards: list[list[int]], repeat: int) -> tuple[float, list[list[float]]]:
    results = [Result(b + 1, f"{t}N", f"{t}E", score) for b, scores in enumerate(boards)
               for t, score in enumerate(scores)]
    best = float("inf")
    scored = None
    for _ in range(repeat):
        start = time.perf_counter()
        scored = score_event(results, Method.MATCHPOINTS, scale=Scale.TWO_ONE)
        best = min(best, time.perf_counter() - start)
    assert scored is not None
    mp: list[list[float]] = []
    for board in scored.boards:
        by_pair = {line.result.ns: line.ns for line in board.lines}
        mp.append([float(by_pair[f"{t}N"]) for t in range(len(boards[0]))])
    return best * 1000, mp


def numpy_mp(boards: list[list[int]], repeat: int) -> tuple[float, list[list[float]]]:
    table = np.asarray(boards, dtype=np.int64)
    best = float("inf")
    out = np.empty(table.shape, dtype=np.float64)
    for _ in range(repeat):
        start = time.perf_counter()
        for i, row in enumerate(table):
            ordered = np.sort(row)
            below = np.searchsorted(ordered, row, side="left")
            upto = np.searchsorted(ordered, row, side="right")
            out[i] = 2 * below + (upto - below - 1)
        best = min(best, time.perf_counter() - start)
    return best * 1000, out.tolist()


def node_available() -> str | None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        return "node and npm are not installed (Debian packages 'nodejs' and 'npm')"
    if not (NPM / "node_modules" / "bridge-scorer").exists():
        NPM.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(["npm", "install", "--silent", "--prefix", str(NPM), SCORER], capture_output=True,
                              text=True, timeout=300)
        if done.returncode != 0:
            return f"npm could not install {SCORER}: {done.stderr.strip()[:200]}"
    return None


def bridge_scorer(boards: list[list[int]], repeat: int, folder: Path) -> tuple[float, float, list[list[float]]]:
    data = folder / "boards.json"
    data.write_text(json.dumps(boards))
    script = NPM / "bench-matchpoints.js"
    script.write_text(NODE_SCRIPT)
    start = time.perf_counter()
    done = subprocess.run(["node", str(script), str(data), str(repeat)], capture_output=True, text=True, check=True,
                          env={"NODE_PATH": str(NPM / "node_modules"), "PATH": "/usr/bin:/bin"})
    whole = time.perf_counter() - start
    answer = json.loads(done.stdout)
    return float(answer["ms"]), whole * 1000, [[float(v) for v in b] for b in answer["mp"]]


def whole_processes(boards: list[list[int]], folder: Path) -> tuple[float, float]:
    """(our whole ``score event`` process, bridge-scorer's whole process with one run) in ms."""
    csv = folder / "travellers.csv"
    with csv.open("w") as out:
        out.write("board,ns,ew,score\n")
        for b, scores in enumerate(boards):
            for t, score in enumerate(scores):
                out.write(f"{b + 1},{t}N,{t}E,{score}\n")
    command = Path(sys.executable).with_name("bridge-director")
    start = time.perf_counter()
    subprocess.run([str(command), "score", "event", str(csv), "--no-boards"], capture_output=True, check=True)
    ours_ms = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    subprocess.run(["node", str(NPM / "bench-matchpoints.js"), str(folder / "boards.json"), "0"],
                   capture_output=True, check=True, env={"NODE_PATH": str(NPM / "node_modules"),
                                                         "PATH": "/usr/bin:/bin"})
    return ours_ms, (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=1500)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    boards = synthetic(args.tables, args.boards)
    folder = Path(tempfile.mkdtemp(prefix="bd-bench-mp-"))
    print(f"{args.tables} tables x {args.boards} boards = {args.tables * args.boards} results, best of "
          f"{args.repeat}")
    our_ms, our_mp = ours(boards, args.repeat)
    np_ms, np_mp = numpy_mp(boards, args.repeat)
    assert our_mp == np_mp, "ours and numpy disagree"
    print(f"ours (score_event, matchpoints, totals, ranking): {our_ms:8.1f} ms")
    print(f"numpy (per-board sort + searchsorted)           : {np_ms:8.1f} ms   ours / numpy = {our_ms / np_ms:.1f} "
          f"(goal <= 3)")
    why = node_available()
    if why is not None:
        print(f"bridge-scorer: skipped ({why})")
        return 0
    bs_ms, _bs_whole, bs_mp = bridge_scorer(boards, args.repeat, folder)
    assert bs_mp == our_mp, "bridge-scorer and ours disagree"
    print(f"bridge-scorer (node, matchpoints per board)     : {bs_ms:8.1f} ms   bridge-scorer / ours = "
          f"{bs_ms / our_ms:.2f} (goal >= 2)")
    our_whole, bs_whole = whole_processes(boards, folder)
    print(f"whole process: ours `score event` {our_whole:.0f} ms, bridge-scorer {bs_whole:.0f} ms   ours / theirs = "
          f"{our_whole / bs_whole:.2f} (goal <= 1.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
