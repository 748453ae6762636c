#!/usr/bin/env python3
"""Upload of a 36,000-line traveller file: read, checked, stored in one transaction and scored back.

    .venv/bin/python bench/upload.py [--tables 1500] [--boards 24] [--db sqlite,postgresql] [--runs 3]

The file is the synthetic event of ``bench/event.py`` written as a traveller CSV (a plain line a result, one
artificial award a board).  Timed in turns, ``--runs`` times, so that a change in the machine's load falls on all:

* **reference**: the practical floor — the same text through the standard ``csv`` module and the rows written
  with ``sqlite3``'s ``executemany`` into a bare table, committed;
* **ours**, on each database: what ``POST /api/sections/upload`` does — ``read_upload`` (the file read once, as
  columns, and checked as columns), then one transaction that stores the lines as a section of results only (its
  pairs, one DELETE, the rows in one go: ``register/bulk.py``), scores the section by its method, and commits.

Each line prints the median of the runs with the lowest and highest beside it, and the verdict of each goal:
ours under 1 s on SQLite, and ours within 3 times the reference (the ratio worked out run by run).  The load
average is printed at the start and at the end.  Also printed: a file with one bad line refused whole (its line
number in the message) and nothing stored.  PostgreSQL is a throw-away cluster (``tests/pgkit.py``), skipped with
a reason when absent.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from event import synthetic  # bench/event.py

#: the goals: ours under this many seconds on SQLite, and within this many times the reference
SQLITE_SECONDS = 1.0
RATIO = 3.0


def traveller_csv(tables: int, boards: int) -> str:
    out = io.StringIO()
    out.write("board,ns,ew,score,ns_award,ew_award\n")
    for r in synthetic(tables, boards):
        if r.score is None:
            out.write(f"{r.board},{r.ns},{r.ew},,{r.ns_award:g},{r.ew_award:g}\n")
        else:
            out.write(f"{r.board},{r.ns},{r.ew},{r.score},,\n")
    return out.getvalue()


def ours(url: str, text: str) -> tuple[float, int]:
    """The upload's seconds (the register made and migrated before the clock starts) and the lines stored."""
    from bridge_director.club.travellers import store_travellers
    from bridge_director.register import Register
    from bridge_director.web.uploads import read_upload
    register = Register(url)
    try:
        start = time.perf_counter()
        found = read_upload("bench.csv", text.encode())
        with register.transaction() as db:
            stored = store_travellers(db, "Bench upload", found.lines, found.deals, method=found.method,
                                      checked=True).lines
        return time.perf_counter() - start, stored
    finally:
        register.close()


def refused(url: str, text: str) -> str:
    from bridge_director.club.travellers import store_travellers
    from bridge_director.errors import BridgeError
    from bridge_director.register import Register
    from bridge_director.web.uploads import read_upload
    rows = text.splitlines()
    rows[20_000 % len(rows)] = "7,1N,1E,twelve,,"
    register = Register(url)
    try:
        try:
            found = read_upload("bad.csv", "\n".join(rows).encode())
            with register.transaction() as db:
                store_travellers(db, "Bench refused", found.lines, found.deals, checked=True)
            return "stored (wrong: it should have been refused)"
        except BridgeError as err:
            from sqlalchemy import select

            from bridge_director.register.models import Event
            with register.transaction() as db:
                kept = db.scalars(select(Event).where(Event.name == "Bench refused")).one_or_none()
            return f"refused: {err}; event stored: {'yes' if kept else 'no'}"
    finally:
        register.close()


def reference(folder: Path, text: str) -> float:
    start = time.perf_counter()
    reader = csv.DictReader(io.StringIO(text))
    rows = [(int(r["board"]), r["ns"], r["ew"], int(r["score"]) if r["score"] else None) for r in reader]
    conn = sqlite3.connect(folder / "reference.sqlite3")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("CREATE TABLE results (id INTEGER PRIMARY KEY, board INTEGER, ns TEXT, ew TEXT, score INTEGER)")
    conn.executemany("INSERT INTO results (board, ns, ew, score) VALUES (?, ?, ?, ?)", rows)
    conn.commit()
    conn.close()
    return time.perf_counter() - start


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} (1, 5, 15 min; {os.cpu_count()} CPUs)"


def spread(values: Sequence[float], form: str = ".2f", unit: str = "") -> str:
    """``1.23 s (1.19-1.30)``: the median, then the lowest and highest run."""
    return f"{statistics.median(values):{form}}{unit} ({min(values):{form}}-{max(values):{form}})"


def verdict(values: Sequence[float], meets: Callable[[float], bool], goal: str) -> str:
    """``goal < 1 s: met (3 of 3 runs)``: met when the median meets the goal."""
    held = sum(map(meets, values))
    return f"goal {goal}: {'met' if meets(statistics.median(values)) else 'NOT met'} ({held} of {len(values)} runs)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=1500)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--db", default="sqlite,postgresql")
    parser.add_argument("--runs", type=int, default=3, help="turns of the reference and ours (3 or more)")
    args = parser.parse_args()
    if args.runs < 3:
        parser.error("--runs: 3 or more (a median and a spread)")
    print(f"start: {load_average()}")
    text = traveller_csv(args.tables, args.boards)
    lines = text.count("\n") - 1
    folder = Path(tempfile.mkdtemp(prefix="bd-bench-upload-"))
    print(f"{lines} traveller lines, {len(text) / 1e6:.2f} MB, {args.runs} runs in turns")
    pg = None
    databases = [d for d in args.db.split(",") if d in ("sqlite", "postgresql")]
    if "postgresql" in databases:
        from pgkit import PgServer, pg_bindir
        bindir = pg_bindir()
        if bindir is None:
            print("postgresql: skipped (the Debian package 'postgresql' is not installed)")
            databases.remove("postgresql")
        else:
            pg = PgServer(bindir)
            pg.start()
    times: dict[str, list[float]] = {"reference": [], **{db: [] for db in databases}}
    stored: dict[str, int] = {}
    try:
        for run in range(args.runs):
            here = folder / f"run{run}"
            here.mkdir()
            times["reference"].append(reference(here, text))
            for db in databases:
                url = f"sqlite:///{here / 'register.sqlite3'}" if db == "sqlite" else pg.new_database() if pg else ""
                seconds, stored[db] = ours(url, text)
                times[db].append(seconds)
        ref = times["reference"]
        print(f"reference (csv + sqlite3 executemany): {spread(ref, unit=' s')}")
        for db in databases:
            ratio = [t / r for t, r in zip(times[db], ref, strict=True)]
            goals = [verdict(ratio, lambda x: x <= RATIO, f"<= {RATIO:g} x the reference")]
            if db == "sqlite":
                goals.insert(0, verdict(times[db], lambda x: x < SQLITE_SECONDS, f"< {SQLITE_SECONDS:g} s"))
            print(f"ours on {db:<10}: {spread(times[db], unit=' s')} for {stored[db]} lines "
                  f"({stored[db] / statistics.median(times[db]):,.0f} lines/s), ratio to the reference "
                  f"{spread(ratio)}; " + "; ".join(goals))
        for db in databases:
            url = f"sqlite:///{folder / 'refused.sqlite3'}" if db == "sqlite" else pg.new_database() if pg else ""
            print(f"  one bad line on {db}: {refused(url, text)}")
    finally:
        if pg is not None:
            pg.stop()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
