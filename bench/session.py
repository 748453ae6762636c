"""A club night through the HTTP API: result entry rate, and the ranking and traveller pages, beside health.

    .venv/bin/python bench/session.py [--tables 15] [--rounds 9] [--boards-per-round 3] [--db URL]

Sets up a Mitchell (15 tables, 9 rounds of 3 boards by default: every pair plays 27 boards, 405 results) in a
fresh register (SQLite in a temporary folder, or ``--db``), starts the web app in a child process, logs in, and
then measures, in the same run:

* every result of the session entered with ``POST /api/sections/{id}/results``, one request after another
  (each committed before it is answered): results per second, against ``GET /api/health`` requests per second;
* the ranking page, a traveller page and the printable results page with all results in: median and p99
  milliseconds over 50 views each (the section unchanged: its scores served from the cache), beside the health
  endpoint's;
* the same pages when the section has just changed: a result corrected through the API, then the page viewed
  (its scores read and computed again), 20 times each: median and p99 of the view.

Targets: 100 results/s or more; each page under 100 ms, unchanged or just changed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from child_server import child_server

PASSWORD = "bench-password-1"


def serve(url: str, port: int) -> None:
    from bridge_director.register import Register
    from bridge_director.web import create_app
    from bridge_director.web.accounts import Role
    from bridge_director.web.db_accounts import DatabaseAccountStore
    from bridge_director.web.server import serve as run
    from bridge_director.web.settings import WebSettings
    from bridge_director.web.tables import TableStore

    register = Register(url)
    accounts = DatabaseAccountStore(register)
    if accounts.get("bench") is None:
        accounts.add("bench", PASSWORD, Role.DIRECTOR)
    run(create_app(WebSettings(secure_cookies=False), accounts, TableStore(register), register), "127.0.0.1", port)


def set_up(url: str, tables: int, rounds: int, per_round: int) -> tuple[int, list[tuple[int, int, int]]]:
    from bridge_director.club.movement_gen import mitchell
    from bridge_director.club.results import table_round
    from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
    from bridge_director.register import Register

    register = Register(url)
    try:
        with register.transaction() as db:
            section = add_section(db, create_session(db, "Bench", "Evening"), "A", mitchell(tables, rounds),
                                  per_round)
            for n in range(1, 2 * tables + 1):
                add_pair(db, section, n, PlayerIn(f"Player {n}a"), PlayerIn(f"Player {n}b"))
            slots = [(r, t, b) for r in range(1, rounds + 1) for t in range(1, tables + 1)
                     for b in table_round(db, section, r, t).boards]
            return section.id, slots
    finally:
        register.close()


def timed(client: httpx.Client, method: str, path: str, body: object = None, status: int = 200) -> float:
    t0 = time.perf_counter()
    r = client.request(method, path, json=body)
    elapsed = time.perf_counter() - t0
    if r.status_code != status:
        raise SystemExit(f"{method} {path}: {r.status_code} {r.text[:200]}")
    return elapsed


def pages(client: httpx.Client, path: str, views: int = 50) -> tuple[float, float]:
    for _ in range(3):  # warm up: templates compiled, caches filled
        timed(client, "GET", path)
    return spread([timed(client, "GET", path) * 1000 for _ in range(views)])


def spread(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def changed_pages(client: httpx.Client, sid: int, path: str, views: int = 20) -> tuple[float, float]:
    """The page viewed right after a correction (each time another result, so every view follows a change)."""
    results = client.get(f"/api/sections/{sid}/results").json()
    times = []
    for i in range(views):
        row = results[(i * 37) % len(results)]
        current = client.get(f"/api/results/{row['id']}").json()
        body = {"contract": "4S", "declarer": "N", "tricks": 9 + (current["tricks"] - 8) % 3,
                "version": current["version"], "reason": "bench"}
        timed(client, "PUT", f"/api/results/{row['id']}", body)
        times.append(timed(client, "GET", path) * 1000)
    return spread(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--boards-per-round", type=int, default=3)
    parser.add_argument("--db", help="a database URL, or 'postgresql' for a throw-away cluster (tests/pgkit.py); "
                                     "default: SQLite in a temporary folder")
    parser.add_argument("--serve", nargs=2, help=argparse.SUPPRESS)  # URL PORT: the child process
    args = parser.parse_args()
    if args.serve:
        serve(args.serve[0], int(args.serve[1]))
        return 0
    url = args.db or f"sqlite:///{Path(tempfile.mkdtemp(prefix='bench-session-')) / 'register.sqlite3'}"
    if args.db == "postgresql":
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
        from pgkit import PgServer, pg_bindir
        bindir = pg_bindir()
        if bindir is None:
            print("postgresql: skipped (the Debian package 'postgresql' is not installed)")
            return 0
        pg = PgServer(bindir)
        pg.start()
        try:
            return measure(pg.new_database(), args)
        finally:
            pg.stop()
    return measure(url, args)


def measure(url: str, args: argparse.Namespace) -> int:
    sid, slots = set_up(url, args.tables, args.rounds, args.boards_per_round)
    with child_server(__file__, url) as base, httpx.Client(base_url=base, timeout=30) as client:
        r = client.post("/api/login", json={"username": "bench", "password": PASSWORD})
        r.raise_for_status()
        client.headers["X-CSRF-Token"] = r.json()["csrf_token"]
        health = sum(timed(client, "GET", "/api/health") for _ in range(len(slots)))
        entering = 0.0
        for rnd, table, board in slots:
            body = {"round": rnd, "table": table, "board": board, "contract": "4S", "declarer": "N",
                    "tricks": 9 + (rnd + table + board) % 3}
            entering += timed(client, "POST", f"/api/sections/{sid}/results", body, 201)
        health_page = pages(client, "/api/health")
        paths = {"ranking page": f"/sessions/{sid}/ranking", "traveller page": f"/sessions/{sid}/boards/{slots[0][2]}",
                 "results page": f"/sessions/{sid}/results"}
        unchanged = {name: pages(client, path) for name, path in paths.items()}
        changed = {name: changed_pages(client, sid, path) for name, path in paths.items()}
    rate, health_rate = len(slots) / entering, len(slots) / health
    print(f"{args.tables}-table Mitchell, {args.rounds} rounds of {args.boards_per_round} boards, "
          f"{len(slots)} results; {url.split(':')[0]}, one uvicorn worker, loopback")
    print(f"results entered      {rate:8.1f} /s   health {health_rate:8.1f} /s   ratio {rate / health_rate:.2f}   "
          f"target >= 100/s: {'met' if rate >= 100 else 'NOT met'}")
    for state, figures in (("unchanged", unchanged), ("just changed", changed)):
        for name, (p50, p99) in figures.items():
            print(f"{name:<15}{state:<13} p50 {p50:6.1f} ms  p99 {p99:6.1f} ms   health p50 {health_page[0]:5.2f} ms"
                  f"   ratio {p50 / health_page[0]:6.1f}   target < 100 ms: {'met' if p99 < 100 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
