#!/usr/bin/env python3
"""Matchpoints of a 36,000-result event: ours against bridge-scorer (npm) and two numpy references.

    .venv/bin/python bench/matchpoints.py [--tables 1500] [--boards 24] [--repeat 7] [--runs 3]

Two events of ``--tables`` x ``--boards``, scores drawn as in ``bench/event.py``: a full one (every board has a
result at every table) and the same with a few results missing on most boards (Neuberg to the full board).

Each tool is timed ``--runs`` times in turns (the references and ours one after another within a run, so a change
in the machine's load falls on all of them); each timing is the best of ``--repeat`` after one run that is not
timed.  Printed: the median over the runs and their spread (lowest-highest), and each ratio's median and spread,
worked out run by run.  Each line with a goal prints its verdict.

Two lines of ours, each against references doing the same work from the same input:

* **matchpoints**: ``event_matchpoints`` from the two columns ``score event`` reads (board, N-S score, as Python
  tuples): every line's N-S and E-W matchpoints, Neuberg where a board is short.  Against
  *numpy, matchpoints*: from the same tuples, every board at once in one pass, by sorting (board, score) keys and
  counting the groups, or by a table of counts (both are timed; the faster one of each run is the reference); the
  same figures to the last bit.  Goal: ours within 3x of it.  And against *bridge-scorer*'s ``matchpoints`` on every
  board (node, timed inside the process after 5 warm-up runs: its JIT at its best; it has no Neuberg, so on the
  short event it matchpoints the results there are).  Goal: ours at least 2x faster.
* **totals**: ``score_event`` from ``ResultColumns`` (board, N-S pair, E-W pair, score): the matchpoints, plus every
  pair's total, percentage and place (ties shared), N-S and E-W apart.  Against *numpy, totals and places*: the
  matchpoints as above, each pair's key from its name (one dictionary call a name, as ours), totals by
  ``bincount``, percentages, places ranked with ties shared.  Goal: ours within 3x of it.  And against
  *bridge-scorer, totals and places*: its matchpoints on every board, each pair's total and percentage added in
  node, its ``rank`` for the places.  Goal: ours at least 2x faster.

Ours is also timed from a list of ``Result`` objects and with every line and standing made as objects (no goal).

The **whole process**: ``bridge-director score event travellers.csv --no-boards --csv lines.csv`` (the standings
printed, every line written with its N-S and E-W matchpoints) against node starting, reading the same CSV file,
matchpointing every board with bridge-scorer, adding each pair's total and percentage, ranking with its ``rank``,
printing the standings and writing every line with its matchpoints.  The two take turns, one untimed run each
first; the lines written are checked to hold the same matchpoints.  Goals: ours at most 1.5x bridge-scorer's wall
time, and at or below its CPU time (issue 28).  Ours with ``--no-boards`` alone (standings only: not
bridge-scorer's output) is printed beside it, no goal.

bridge-scorer is installed from the npm registry into ``artifacts/npm`` on the first run; without node/npm that
part is skipped with the reason.  The tools are checked to give the same matchpoints on every line (ours and
numpy to the last bit, Neuberg included) and the same places.
"""

from __future__ import annotations

import argparse
import csv as csvlib
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from benchkit import Spread, load_average, ratios, spread, verdict

from bridge_director.scoring import Method, Result, Scale, score_event
from bridge_director.scoring.event import EventScore, ResultColumns
from bridge_director.scoring.matchpoints import event_matchpoints

ROOT = Path(__file__).resolve().parent.parent
NPM = ROOT / "artifacts" / "npm"
SCORER = "bridge-scorer@2.4.0"
SCORES = [-1100, -800, -500, -300, -200, -150, -140, -130, -120, -110, -100, -50, 50, 90, 100, 110, 120, 130, 140,
          150, 170, 200, 300, 400, 420, 430, 450, 460, 480, 490, 500, 620, 630, 650, 660, 680, 980, 1430]
ENV = {"PATH": "/usr/bin:/bin"}

#: in node: bridge-scorer's matchpoints on every board ("mp"), or that plus each pair's total, percentage and place
#: ("totals"), timed inside the process at its best after 5 warm-up runs
NODE_SCRIPT = """
const scorer = require('bridge-scorer');
const fs = require('fs');
const data = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const repeat = parseInt(process.argv[3], 10);
const mode = process.argv[4] || 'mp';
function games() {  // fresh objects each run: bridge-scorer writes its answer into them
  return data.map(board => board.map(l => ({contract: {declaror: 'N'}, score: l[2], ns: l[0], ew: l[1]})));
}
function standings(boards) {  // each pair's total, percentage of its tops, and place (bridge-scorer's rank)
  const fields = [new Map(), new Map()];
  for (const board of boards) {
    const top = 2 * (board.length - 1);
    for (const g of board) {
      for (const [field, pair, mp] of [[0, g.ns, g.matchpointsNS.value], [1, g.ew, g.matchpointsEW.value]]) {
        const t = fields[field].get(pair);
        if (t === undefined) fields[field].set(pair, {pair: pair, total: mp, max: top, boards: 1});
        else { t.total += mp; t.max += top; t.boards += 1; }
      }
    }
  }
  return fields.map(f => scorer.rank(Array.from(f.values(), t => {
    t.score = 100 * t.total / t.max; return t; })));
}
const warm = repeat > 0 ? 5 : 0;
let out = null, ranked = null, best = Infinity;
for (let r = 0; r < warm + Math.max(repeat, 1); r++) {
  const boards = games();
  const t0 = process.hrtime.bigint();
  out = boards.map(g => scorer.matchpoints(g));
  if (mode === 'totals') ranked = standings(out);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r >= warm) best = Math.min(best, ms);
}
const mp = out.map(b => b.map(g => [g.matchpointsNS.value, g.matchpointsEW.value]));
const places = ranked && ranked.map(f => f.map(t => [t.pair, t.total, t.score, t.rank]));
process.stdout.write(JSON.stringify({ms: best, mp: mp, places: places}));
"""

#: a whole process as ``score event FILE --no-boards --csv OUT`` is: read a plain CSV file (board, ns, ew, score),
#: matchpoint every board, each pair's total, percentage and place; print the standings, write every line
NODE_WHOLE = """
const scorer = require('bridge-scorer');
const fs = require('fs');
const text = fs.readFileSync(process.argv[2], 'utf8');
const byBoard = new Map();
const rows = text.split('\\n');
for (let i = 1; i < rows.length; i++) {
  if (!rows[i]) continue;
  const f = rows[i].split(',');
  const board = parseInt(f[0], 10);
  let games = byBoard.get(board);
  if (games === undefined) { games = []; byBoard.set(board, games); }
  games.push({board: board, ns: f[1], ew: f[2], score: parseInt(f[3], 10), contract: {declaror: 'N'}});
}
const boards = Array.from(byBoard.keys()).sort((a, b) => a - b).map(b => scorer.matchpoints(byBoard.get(b)));
const fields = [['EW', new Map()], ['NS', new Map()]];
for (const board of boards) {
  const top = 2 * (board.length - 1);
  for (const g of board) {
    for (const [map, pair, mp] of [[fields[1][1], g.ns, g.matchpointsNS.value],
                                   [fields[0][1], g.ew, g.matchpointsEW.value]]) {
      const t = map.get(pair);
      if (t === undefined) map.set(pair, {pair: pair, total: mp, max: top, boards: 1});
      else { t.total += mp; t.max += top; t.boards += 1; }
    }
  }
}
const out = [];
for (const [name, map] of fields) {
  out.push(name + ':', ' place   pair        MP       % boards');
  const ranked = scorer.rank(Array.from(map.values(), t => { t.score = 100 * t.total / t.max; return t; }));
  for (const t of ranked) {
    out.push(t.rank.padStart(6) + ' ' + t.pair.padStart(6) + ' ' + t.total.toFixed(2).padStart(9) + ' ' +
             t.score.toFixed(2).padStart(7) + ' ' + String(t.boards).padStart(6));
  }
}
process.stdout.write(out.join('\\n') + '\\n');
const lines = ['board,ns,ew,score,ns_mp,ew_mp'];
for (const board of boards) {
  for (const g of board) {
    lines.push(g.board + ',' + g.ns + ',' + g.ew + ',' + g.score + ',' + g.matchpointsNS.value.toFixed(2) + ',' +
               g.matchpointsEW.value.toFixed(2));
  }
}
fs.writeFileSync(process.argv[3], lines.join('\\n') + '\\n');
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
    """The fastest of ``repeat`` timed runs in ms, after one that is not timed (as bridge-scorer's warm-up runs)."""
    run()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best * 1000


# ----- the numpy references -------------------------------------------------------------------------------------

Floats = np.ndarray


def _arrays(board: Sequence[int], score: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    n = len(board)
    return np.fromiter(board, np.int64, n), np.fromiter(score, np.int64, n)


def numpy_mp_counted(board: Sequence[int], score: Sequence[int], norm: int) -> tuple[Floats, Floats]:
    """Every line's N-S and E-W matchpoints (2/1 scale, Neuberg to ``norm`` where a board is short), in the lines'
    order, in one pass over all boards: a table of counts of every (board, score); the results below a line are the
    counts before its key, less those before its board's first key."""
    boards, scores = _arrays(board, score)
    low = int(scores.min())
    span = int(scores.max()) - low + 1
    first = int(boards.min())
    index = boards - first
    count = int(index.max()) + 1
    key = index * span + (scores - low)
    table = np.bincount(key, minlength=count * span)
    before = np.cumsum(table) - table
    raw = 2 * (before[key] - before[index * span]) + (table[key] - 1)
    size = np.bincount(index, minlength=count)[index]
    full = np.maximum(size, norm)
    ns = np.where(size != full, (raw + 1.0) * full / size - 1.0, raw.astype(np.float64))
    return ns, 2 * (full - 1) - ns


def numpy_mp_sorted(board: Sequence[int], score: Sequence[int], norm: int) -> tuple[Floats, Floats]:
    """The same figures by sorting: lines sorted by (board, score) keys, each group's count and first position, the
    results below a group those between its board's first position and its own, spread back to the lines."""
    boards, scores = _arrays(board, score)
    n = len(boards)
    low = int(scores.min())
    span = int(scores.max()) - low + 1
    key = boards * span + (scores - low)
    order = np.argsort(key)
    ordered = key[order]
    starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
    counts = np.diff(np.append(starts, n))
    on = ordered // span
    board_starts = np.flatnonzero(np.concatenate(([True], on[1:] != on[:-1])))
    board_sizes = np.diff(np.append(board_starts, n))
    group_board = np.searchsorted(board_starts, starts, side="right") - 1
    raw = 2 * (starts - board_starts[group_board]) + (counts - 1)
    size = board_sizes[group_board]
    full = np.maximum(size, norm)
    value = np.where(size != full, (raw + 1.0) * full / size - 1.0, raw.astype(np.float64))
    ns, ew = np.empty(n), np.empty(n)
    ns[order] = np.repeat(value, counts)
    ew[order] = np.repeat(2 * (full - 1) - value, counts)
    return ns, ew


class Field:
    """One field's standings as the numpy reference gives them: each pair (by its first line), total, percentage,
    place, and whether the place is shared."""

    def __init__(self, names: list[str], total: Floats, percent: Floats, place: np.ndarray, shared: np.ndarray
                 ) -> None:
        self.names, self.total, self.percent, self.place, self.shared = names, total, percent, place, shared


def _field(names: Sequence[str], points: Floats, top: Floats) -> Field:
    n = len(names)
    first: dict[str, int] = {}
    ids = np.fromiter(map(first.setdefault, names, range(n)), np.intp, n)  # a pair's key: its first line
    keys = np.fromiter(first.values(), np.intp, len(first))
    total = np.bincount(ids, points, n)[keys]
    maximum = np.bincount(ids, top, n)[keys]
    percent = 100 * total / maximum
    value = -np.round(percent, 6)
    ordered = np.sort(value)
    place = np.searchsorted(ordered, value, side="left") + 1
    shared = np.searchsorted(ordered, value, side="right") + 1 - place > 1
    return Field(list(first), total, percent, place, shared)


def numpy_totals(cols: ResultColumns, norm: int) -> tuple[Floats, Floats, Field, Field]:
    """The matchpoints (:func:`numpy_mp_counted`), then each pair's total, percentage and place, N-S and E-W
    apart (from the same columns ``score_event`` reads)."""
    ns, ew = numpy_mp_counted(cols.board, cols.score, norm)
    top = ns + ew  # each line's top: 2 x (the board's norm - 1), whole numbers
    return ns, ew, _field(cols.ns, ns, top), _field(cols.ew, ew, top)


# ----- ours -------------------------------------------------------------------------------------------------------


def our_mp(scored: EventScore, event: Event) -> list[list[float]]:
    """Each board's N-S matchpoints, in the event's table order."""
    out = []
    for board, lines in zip(scored.boards, event, strict=True):
        by_pair = {line.result.ns: line.ns for line in board.lines}
        out.append([by_pair[f"{t}N"] for t, _ in lines])
    return out


def check(event: Event, cols: ResultColumns, tables: int) -> EventScore:
    """Ours and both numpy references give the same figures (to the last bit) and the same places."""
    mp = event_matchpoints(cols.board, cols.score, {}, Scale.TWO_ONE, tables, scored=True)
    ours_ns = np.concatenate([mp.points(j)[0] for j in range(len(mp.numbers))])
    ours_ew = np.concatenate([mp.points(j)[1] for j in range(len(mp.numbers))])
    for reference in (numpy_mp_counted, numpy_mp_sorted):
        ns, ew = reference(cols.board, cols.score, tables)
        assert np.array_equal(ns, ours_ns) and np.array_equal(ew, ours_ew), f"{reference.__name__} disagrees"
    scored = score_event(cols, Method.MATCHPOINTS, scale=Scale.TWO_ONE, norm=tables)
    assert [list(b) for b in np.split(ours_ns, np.cumsum([len(b) for b in event])[:-1])] == our_mp(scored, event)
    _, _, ns_field, ew_field = numpy_totals(cols, tables)
    mine = {(s.field, s.pair): s for s in scored.standings}
    for name, field in (("NS", ns_field), ("EW", ew_field)):
        for k, pair in enumerate(field.names):
            s = mine[(name, pair)]
            place = f"{field.place[k]}{'=' if field.shared[k] else ''}"
            assert (s.place, s.total, s.percent) == (place, round(float(field.total[k]), 6),
                                                     float(field.percent[k])), f"{name} {pair}: {s} != numpy"
    return scored


# ----- bridge-scorer ----------------------------------------------------------------------------------------------


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
    (NPM / "bench-whole.js").write_text(NODE_WHOLE)
    return None


NODE_ENV = {"NODE_PATH": str(NPM / "node_modules"), **ENV}


def bridge_scorer(data: Path, repeat: int, mode: str) -> dict[str, Any]:
    done = subprocess.run(["node", str(NPM / "bench-matchpoints.js"), str(data), str(repeat), mode],
                          capture_output=True, text=True, check=True, env=NODE_ENV)
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def write_data(event: Event, data: Path) -> None:
    data.write_text(json.dumps([[[f"{t}N", f"{t}E", score] for t, score in board] for board in event]))


def check_bridge_scorer(answer: dict[str, Any], scored: EventScore, event: Event) -> None:
    """bridge-scorer's N-S and E-W matchpoints on every line, and its places, are ours."""
    mp = our_mp(scored, event)
    assert [[ns for ns, _ in board] for board in answer["mp"]] == mp, "bridge-scorer and ours disagree"
    if answer["places"]:
        mine = {(s.field, s.pair): s.place for s in scored.standings}
        for name, field in zip(("NS", "EW"), answer["places"], strict=True):
            for pair, _, _, rank in field:
                assert mine[(name, pair)] == rank, f"{name} {pair}: place {mine[(name, pair)]} != {rank}"


# ----- the whole process ------------------------------------------------------------------------------------------


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """A whole process's wall time and CPU time (user and system), in ms."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, capture_output=True, check=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall * 1000, ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000


def written_lines(path: Path) -> list[tuple[str, str, str, str, float, float]]:
    with path.open(newline="") as rows:
        return [(r["board"], r["ns"], r["ew"], r["score"], float(r["ns_mp"]), float(r["ew_mp"]))
                for r in csvlib.DictReader(rows)]


def whole_processes(event: Event, folder: Path, repeat: int, runs: int) -> dict[str, list[tuple[float, float]]]:
    """Each process's (wall, CPU) in ms per run, the best of ``repeat`` a run, the processes taking turns: ours
    writing every line (``--csv``), bridge-scorer's writing every line, ours with ``--no-boards`` alone.

    Our process runs as an installed program does, its modules' bytecode cached (in this run's temporary folder:
    nothing is written beside the sources, whatever ``PYTHONDONTWRITEBYTECODE`` says)."""
    travellers = folder / "travellers.csv"
    with travellers.open("w") as text:
        text.write("board,ns,ew,score\n")
        for b, board in enumerate(event):
            for t, score in board:
                text.write(f"{b + 1},{t}N,{t}E,{score}\n")
    ours_csv, theirs_csv = folder / "ours-lines.csv", folder / "theirs-lines.csv"
    program = str(Path(sys.executable).with_name("bridge-director"))
    our_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    our_env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    commands = {
        "ours": ([program, "score", "event", str(travellers), "--no-boards", "--csv", str(ours_csv)], our_env),
        "theirs": (["node", str(NPM / "bench-whole.js"), str(travellers), str(theirs_csv)], NODE_ENV),
        "standings": ([program, "score", "event", str(travellers), "--no-boards"], our_env),
    }
    for command, env in commands.values():  # one untimed run each: bytecode and files cached
        timed(command, env)
    assert written_lines(ours_csv) == written_lines(theirs_csv), "the two processes wrote different lines"
    out: dict[str, list[tuple[float, float]]] = {who: [] for who in commands}
    for _ in range(runs):
        best = {who: (float("inf"), float("inf")) for who in commands}
        for _ in range(repeat):
            for who, (command, env) in commands.items():
                wall, cpu = timed(command, env)
                best[who] = (min(best[who][0], wall), min(best[who][1], cpu))
        for who in commands:
            out[who].append(best[who])
    return out


# ----- the run ----------------------------------------------------------------------------------------------------


def figure(name: str, values: Sequence[float], tail: str = "") -> None:
    print(f"  {name:<58}{spread(values).text('.2f', ' ms', 7)}{tail}")


def verdict_line(what: str, ratio: Spread, goal: float, at_least: bool) -> None:
    print(f"    {what:<56}{verdict(ratio, goal, at_least)}")


def bench_event(name: str, event: Event, args: argparse.Namespace, folder: Path, node: bool) -> None:
    tables, repeat = args.tables, args.repeat
    cols = columns(event)
    results = cols.results()
    scored = check(event, cols, tables)
    data = folder / f"{name}.json"
    if node:
        write_data(event, data)
        for mode in ("mp", "totals"):
            answer = bridge_scorer(data, 0, mode)
            if name == "matchpoints":
                check_bridge_scorer(answer, scored, event)

    def score(lines: ResultColumns | list[Result]) -> EventScore:
        return score_event(lines, Method.MATCHPOINTS, scale=Scale.TWO_ONE, norm=tables)

    def made() -> None:
        scored = score(cols)
        for board in scored.boards:
            tuple(board.lines)
            tuple(board.frequency)
        tuple(scored.standings)

    timings: dict[str, list[float]] = {}
    steps: list[tuple[str, Callable[[], object]]] = [
        ("numpy counted", lambda: numpy_mp_counted(cols.board, cols.score, tables)),
        ("numpy sorted", lambda: numpy_mp_sorted(cols.board, cols.score, tables)),
        ("ours mp", lambda: event_matchpoints(cols.board, cols.score, {}, Scale.TWO_ONE, tables, scored=True)),
        ("numpy totals", lambda: numpy_totals(cols, tables)),
        ("ours totals", lambda: score(cols)),
        ("ours objects", lambda: score(results)),
        ("ours made", made),
    ]
    for _ in range(args.runs):  # the references and ours in turns, run after run
        for what, run in steps:
            timings.setdefault(what, []).append(best_of(repeat, run))
        if node:
            for mode in ("mp", "totals"):
                timings.setdefault(f"bridge-scorer {mode}", []).append(float(bridge_scorer(data, repeat, mode)["ms"]))
    numpy_mp = [min(a, b) for a, b in zip(timings["numpy counted"], timings["numpy sorted"], strict=True)]
    short = "" if name == "matchpoints" else " (no Neuberg)"
    print(f"\n{name} event ({len(cols)} results), ms: median of {args.runs} runs (lowest-highest), each the best of "
          f"{repeat}")
    print("  matchpoints: every line's N-S and E-W points")
    figure("numpy, one pass: table of counts", timings["numpy counted"])
    figure("numpy, one pass: sort by (board, score), group counts", timings["numpy sorted"])
    if node:
        figure(f"bridge-scorer, matchpoints on every board{short}", timings["bridge-scorer mp"])
    figure("ours, event_matchpoints", timings["ours mp"])
    verdict_line("ours / numpy (the faster of the two each run)", ratios(timings["ours mp"], numpy_mp), 3, False)
    if node:
        verdict_line("bridge-scorer / ours", ratios(timings["bridge-scorer mp"], timings["ours mp"]), 2, True)
    print("  totals: the matchpoints, and every pair's total, percentage and place (ties shared)")
    figure("numpy, matchpoints + totals (bincount) + places", timings["numpy totals"])
    if node:
        figure(f"bridge-scorer, matchpoints + totals + rank{short}", timings["bridge-scorer totals"])
    figure("ours, score_event on ResultColumns", timings["ours totals"])
    verdict_line("ours / numpy, totals and places", ratios(timings["ours totals"], timings["numpy totals"]), 3, False)
    if node:
        verdict_line("bridge-scorer / ours, totals and places",
                     ratios(timings["bridge-scorer totals"], timings["ours totals"]), 2, True)
    print("  ours, other ways in (no goal)")
    figure("ours, score_event from a list of Result objects", timings["ours objects"])
    figure("ours, score_event and every line, standing made", timings["ours made"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=1500)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--repeat", type=int, default=7, help="timed runs a figure is the best of")
    parser.add_argument("--runs", type=int, default=3, help="figures a median and spread are taken over (3 or more)")
    args = parser.parse_args()
    if args.runs < 3:
        parser.error("--runs: 3 or more (a median and a spread)")
    print(f"start: {load_average()}")
    folder = Path(tempfile.mkdtemp(prefix="bd-bench-mp-"))
    why = node_available()
    events = {"matchpoints": synthetic(args.tables, args.boards),
              "Neuberg": synthetic(args.tables, args.boards, short=True)}
    print(f"{args.tables} tables x {args.boards} boards; {args.runs} runs, the references and ours in turns")
    for name, event in events.items():
        bench_event(name, event, args, folder, why is None)
    if why is not None:
        print(f"\nbridge-scorer: skipped ({why})")
    else:
        whole = whole_processes(events["matchpoints"], folder, args.repeat, args.runs)
        print(f"\nwhole process, {sum(map(len, events['matchpoints']))} lines: median of {args.runs} runs "
              f"(lowest-highest), each the best of {args.repeat}, the processes in turns; the same lines written")
        for who, what in (("ours", "ours, score event --no-boards --csv (every line)"),
                          ("theirs", "bridge-scorer in node (every line)"),
                          ("standings", "ours, score event --no-boards (standings only)")):
            wall, cpu = [w for w, _ in whole[who]], [c for _, c in whole[who]]
            print(f"  {what:<58}wall {spread(wall).text('.0f', ' ms')}, CPU {spread(cpu).text('.0f', ' ms')}")
        ours, theirs = whole["ours"], whole["theirs"]
        verdict_line("ours / bridge-scorer, wall", ratios([w for w, _ in ours], [w for w, _ in theirs]), 1.5, False)
        verdict_line("ours / bridge-scorer, CPU", ratios([c for _, c in ours], [c for _, c in theirs]), 1, False)
    print(f"\nend: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
