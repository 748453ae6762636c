#!/usr/bin/env python3
"""Matchpoints of a 36,000-result event: ours against bridge-scorer (npm) and a plain numpy matchpointer.

    .venv/bin/python bench/matchpoints.py [--tables 1500] [--boards 24] [--repeat 7]

Two events of ``--tables`` x ``--boards``, scores drawn as in ``bench/event.py``: a full one (every board has a
result at every table) and the same with a few results missing on most boards (Neuberg to the full board).
Timed in the same run, best of ``--repeat``, each tool from its own input made beforehand:

* **ours**: ``score_event(..., Method.MATCHPOINTS)`` on the travellers as :class:`ResultColumns` (what
  ``score event`` reads from a plain CSV file) — every board matchpointed (2/1 scale, Neuberg where short), every
  pair's total, percentage and place; the lines and standings are objects made when read, so that is timed apart
  ("... and every line and standing made"), as is the same scoring from a list of ``Result`` objects;
* **bridge-scorer**: its ``matchpoints`` on every board (node, timed inside the process, after one warm-up run;
  it has no Neuberg: on the short event it matchpoints the results there are), and its whole process (node
  start, reading the file, scoring, writing the answer) beside our whole ``bridge-director score event`` on the
  same travellers as a CSV file;
* **numpy**: the practical limit — per board ``2 x (results below) + (ties)`` by sorting and ``searchsorted``
  (and Neuberg's formula on the short event), no totals, no ranking.

Goals: ours at least 2x faster than bridge-scorer and within 3x of numpy; the whole process at most 1.5x
bridge-scorer's.  bridge-scorer is installed from the npm registry into ``artifacts/npm`` on the first run;
without node/npm that part is skipped with the reason.  The three are checked to give the same matchpoints on
every line (ours and numpy to the last bit, Neuberg included).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from bridge_director.scoring import Method, Result, Scale, score_event
from bridge_director.scoring.event import EventScore, ResultColumns
from bridge_director.scoring.matchpoints import EventMatchpoints, event_matchpoints

ROOT = Path(__file__).resolve().parent.parent
NPM = ROOT / "artifacts" / "npm"
SCORER = "bridge-scorer@2.4.0"
SCORES = [-1100, -800, -500, -300, -200, -150, -140, -130, -120, -110, -100, -50, 50, 90, 100, 110, 120, 130, 140,
          150, 170, 200, 300, 400, 420, 430, 450, 460, 480, 490, 500, 620, 630, 650, 660, 680, 980, 1430]
ENV = {"PATH": "/usr/bin:/bin"}

NODE_SCRIPT = """
const scorer = require('bridge-scorer');
const fs = require('fs');
const data = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const repeat = parseInt(process.argv[3], 10);
function games() {  // fresh objects each run: bridge-scorer writes its answer into them
  return data.map(board => board.map(s => ({contract: {declaror: 'N'}, score: s})));
}
const warm = repeat > 0 ? 5 : 0;  // runs that warm the JIT up: bridge-scorer is timed at its best
let out = null, best = Infinity;
for (let r = 0; r < warm + Math.max(repeat, 1); r++) {
  const boards = games();
  const t0 = process.hrtime.bigint();
  out = boards.map(g => scorer.matchpoints(g));
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r >= warm) best = Math.min(best, ms);
}
const mp = out.map(b => b.map(g => g.matchpointsNS.value));
process.stdout.write(JSON.stringify({ms: best, mp: mp}));
"""

#: one event: per board, (table, N-S score) of the tables that played it
Event = list[list[tuple[int, int]]]


def synthetic(tables: int, boards: int, seed: int = 11, short: bool = False) -> Event:
    """Scores drawn from 8 common ones a board (90%) or any; ``short``: board b misses ``b % 4`` tables."""
    rng = random.Random(seed)
    out = []
    for b in range(boards):
        common = rng.sample(SCORES, 8)
        missing = set(rng.sample(range(tables), b % 4)) if short else set()
        out.append([(t, rng.choice(common) if rng.random() < 0.9 else rng.choice(SCORES))
                    for t in range(tables) if t not in missing])
    return out


def columns(event: Event) -> ResultColumns:
    lines = [(b + 1, f"{t}N", f"{t}E", score) for b, board in enumerate(event) for t, score in board]
    board, ns, ew, score = zip(*lines, strict=True)
    return ResultColumns(board, ns, ew, score)


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeat`` timed runs, after one that is not timed (as bridge-scorer's warm-up run)."""
    run()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def our_mp(scored: EventScore, event: Event) -> list[list[float]]:
    """Each board's N-S matchpoints, in the event's table order."""
    out = []
    for board, lines in zip(scored.boards, event, strict=True):
        by_pair = {line.result.ns: line.ns for line in board.lines}
        out.append([by_pair[f"{t}N"] for t, _ in lines])
    return out


def matchpoints_only(event: Event, tables: int, repeat: int) -> tuple[float, list[list[float]]]:
    """Our matchpoint computation alone (what bridge-scorer and numpy do): every line's points, in ms."""
    cols = columns(event)

    def run() -> EventMatchpoints:
        return event_matchpoints(cols.board, cols.score, {}, Scale.TWO_ONE, tables, scored=True)

    took = best_of(repeat, run)
    mp = run()
    return took, [mp.points(j)[0] for j in range(len(mp.numbers))]


def ours(event: Event, tables: int, repeat: int) -> tuple[float, float, float, list[list[float]]]:
    """(columns, columns with every object made, Result objects) in ms, and the matchpoints."""
    cols = columns(event)
    results = cols.results()

    def score(lines: ResultColumns | list[Result]) -> EventScore:
        return score_event(lines, Method.MATCHPOINTS, scale=Scale.TWO_ONE, norm=tables)

    def made() -> None:
        scored = score(cols)
        for board in scored.boards:
            tuple(board.lines)
            tuple(board.frequency)
        tuple(scored.standings)

    return (best_of(repeat, lambda: score(cols)), best_of(repeat, made), best_of(repeat, lambda: score(results)),
            our_mp(score(cols), event))


def numpy_mp(event: Event, tables: int, repeat: int) -> tuple[float, list[list[float]]]:
    rows = [np.asarray([score for _, score in board], dtype=np.int64) for board in event]
    out: list[np.ndarray] = [np.empty(len(row)) for row in rows]

    def run() -> None:
        for i, row in enumerate(rows):
            ordered = np.sort(row)
            below = np.searchsorted(ordered, row, side="left")
            upto = np.searchsorted(ordered, row, side="right")
            mp = 2 * below + (upto - below - 1)
            n = len(row)
            out[i] = mp if n == tables else (mp + 1.0) * tables / n - 1.0

    took = best_of(repeat, run)
    return took, [row.tolist() for row in out]


def node_available() -> str | None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        return "node and npm are not installed (Debian packages 'nodejs' and 'npm')"
    if not (NPM / "node_modules" / "bridge-scorer").exists():
        NPM.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(["npm", "install", "--silent", "--prefix", str(NPM), SCORER], capture_output=True,
                              text=True, timeout=300)
        if done.returncode != 0:
            return f"npm could not install {SCORER}: {done.stderr.strip()[:200]}"
    (NPM / "bench-matchpoints.js").write_text(NODE_SCRIPT)
    return None


def bridge_scorer(event: Event, repeat: int, data: Path) -> tuple[float, list[list[float]]]:
    data.write_text(json.dumps([[score for _, score in board] for board in event]))
    done = subprocess.run(["node", str(NPM / "bench-matchpoints.js"), str(data), str(repeat)], capture_output=True,
                          text=True, check=True, env={"NODE_PATH": str(NPM / "node_modules"), **ENV})
    answer = json.loads(done.stdout)
    return float(answer["ms"]), [[float(v) for v in b] for b in answer["mp"]]


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """A whole process's wall time and CPU time (user and system), in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, capture_output=True, check=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def whole_processes(event: Event, folder: Path, repeat: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Our whole ``score event`` process and bridge-scorer's (one run), each (wall, CPU) in ms, best of
    ``repeat``, the two taking turns after one run each that is not timed.

    Our process runs as an installed program does, its modules' bytecode cached (in this run's temporary folder:
    nothing is written beside the sources, whatever ``PYTHONDONTWRITEBYTECODE`` says)."""
    csv = folder / "travellers.csv"
    with csv.open("w") as out:
        out.write("board,ns,ew,score\n")
        for b, board in enumerate(event):
            for t, score in board:
                out.write(f"{b + 1},{t}N,{t}E,{score}\n")
    data = folder / "whole.json"
    data.write_text(json.dumps([[score for _, score in board] for board in event]))
    command = [str(Path(sys.executable).with_name("bridge-director")), "score", "event", str(csv), "--no-boards"]
    our_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    our_env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    node = ["node", str(NPM / "bench-matchpoints.js"), str(data), "0"]
    node_env = {"NODE_PATH": str(NPM / "node_modules"), **ENV}
    best = {"ours": [float("inf")] * 2, "theirs": [float("inf")] * 2}
    for turn in range(repeat + 1):
        for who, run, env in (("ours", command, our_env), ("theirs", node, node_env)):
            took = timed(run, env)
            if turn:  # the first run of each warms the caches (bytecode, files)
                best[who] = [min(b, t) for b, t in zip(best[who], took, strict=True)]
    return ((best["ours"][0] * 1000, best["ours"][1] * 1000), (best["theirs"][0] * 1000, best["theirs"][1] * 1000))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=1500)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bd-bench-mp-"))
    why = node_available()
    events = {"matchpoints": synthetic(args.tables, args.boards),
              "Neuberg": synthetic(args.tables, args.boards, short=True)}
    print(f"{args.tables} tables x {args.boards} boards, best of {args.repeat}; "
          f"{sum(map(len, events['Neuberg']))} results on the Neuberg event")
    for name, event in events.items():
        mp_ms, only = matchpoints_only(event, args.tables, args.repeat)
        our_ms, made_ms, objects_ms, mine = ours(event, args.tables, args.repeat)
        np_ms, np_mp = numpy_mp(event, args.tables, args.repeat)
        assert mine == np_mp and only == np_mp, f"{name}: ours and numpy disagree"
        bs_ms = None
        if why is None:
            bs_ms, bs_mp = bridge_scorer(event, args.repeat, folder / f"{name}.json")
            if name == "matchpoints":
                assert bs_mp == mine, "bridge-scorer and ours disagree"
        print(f"\n{name}:")
        print(f"  numpy (per board: sort + searchsorted)             {np_ms:7.1f} ms")
        if bs_ms is not None:
            print(f"  bridge-scorer (node, matchpoints per board)        {bs_ms:7.1f} ms")
        for what, ms in (("ours, matchpoints (event_matchpoints)", mp_ms),
                         ("ours, score_event: + totals, places", our_ms)):
            versus = "" if bs_ms is None else f"   bridge-scorer / ours {bs_ms / ms:5.2f} (goal >= 2)"
            print(f"  {what:<49}{ms:7.1f} ms   ours / numpy {ms / np_ms:5.2f} (goal <= 3){versus}")
        print(f"  ours, score_event from a list of Result objects    {objects_ms:7.1f} ms")
        print(f"  ours, score_event and every line, standing made    {made_ms:7.1f} ms")
    if why is not None:
        print(f"\nbridge-scorer: skipped ({why})")
        return 0
    (our_wall, our_cpu), (bs_wall, bs_cpu) = whole_processes(events["matchpoints"], folder, args.repeat)
    print(f"\nwhole process, wall: ours `score event` {our_wall:.0f} ms, bridge-scorer {bs_wall:.0f} ms   "
          f"ours / theirs {our_wall / bs_wall:.2f} (goal <= 1.5)")
    print(f"whole process, CPU:  ours {our_cpu:.0f} ms, bridge-scorer {bs_cpu:.0f} ms   ours / theirs "
          f"{our_cpu / bs_cpu:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
