#!/usr/bin/env python3
"""Upload of a 36,000-line traveller file: read, checked, stored in one transaction and scored back.

    .venv/bin/python bench/upload.py [--tables 1500] [--boards 24] [--db sqlite,postgresql]

The file is the synthetic event of ``bench/event.py`` written as a traveller CSV.  Timed, in the same run:

* **ours**: what ``POST /api/sections/upload`` does — ``read_upload`` (parse and check every line), then one
  transaction that stores the lines as a section of results only (its pairs, one DELETE and one multi-row
  INSERT), reads the whole section back and scores it by every method as its pages will
  (``club.travellers.store_travellers``), and commits;
* **reference**: the practical floor — the same text through the standard ``csv`` module and the rows written
  with ``sqlite3``'s ``executemany`` into a bare table, committed.

Goal: ours under 3 s.  Also printed: a file with one bad line refused whole (its line number in the message) and
nothing stored.  PostgreSQL is a throw-away cluster (``tests/pgkit.py``), skipped with a reason when absent.
"""

from __future__ import annotations

import argparse
import csv
import io
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from event import synthetic  # bench/event.py


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
    from bridge_director.club.travellers import store_travellers
    from bridge_director.register import Register
    from bridge_director.web.uploads import read_upload
    register = Register(url)
    try:
        start = time.perf_counter()
        found = read_upload("bench.csv", text.encode())
        with register.transaction() as db:
            stored = store_travellers(db, "Bench upload", found.lines, found.deals, checked=True).lines
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=1500)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--db", default="sqlite,postgresql")
    args = parser.parse_args()
    text = traveller_csv(args.tables, args.boards)
    lines = text.count("\n") - 1
    folder = Path(tempfile.mkdtemp(prefix="bd-bench-upload-"))
    print(f"{lines} traveller lines, {len(text) / 1e6:.2f} MB")
    ref = reference(folder, text)
    print(f"reference (csv + sqlite3 executemany): {ref:.2f} s")
    urls = {"sqlite": f"sqlite:///{folder / 'register.sqlite3'}"}
    pg = None
    if "postgresql" in args.db:
        from pgkit import PgServer, pg_bindir
        bindir = pg_bindir()
        if bindir is None:
            print("postgresql: skipped (the Debian package 'postgresql' is not installed)")
        else:
            pg = PgServer(bindir)
            pg.start()
            urls["postgresql"] = pg.new_database()
    try:
        for db in [d for d in args.db.split(",") if d in urls]:
            seconds, stored = ours(urls[db], text)
            goal = "ok" if seconds < 3 else "over the 3 s goal"
            print(f"ours on {db:<10}: {seconds:.2f} s for {stored} lines ({stored / seconds:,.0f} lines/s), "
                  f"ratio to reference {seconds / ref:.1f}  [{goal}]")
            print(f"  one bad line: {refused(urls[db], text)}")
    finally:
        if pg is not None:
            pg.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
