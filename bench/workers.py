#!/usr/bin/env python3
"""Concurrent writes against one and two worker processes, on SQLite and PostgreSQL.

    .venv/bin/python bench/workers.py [--seconds 10] [--clients 8] [--db sqlite,postgresql] [--runs 3]

For each database and for 1 and 2 workers: a fresh register, the app started with ``serve_register`` (the
``web --register --workers N`` path), and ``--clients`` threads logged in, each sending writes one after another
for ``--seconds``: a ruling on one of five new events shared by every client (the events are created by whichever
write comes first), a table opened, and a call entered at it.  The health endpoint's rate over the same clients is
the reference, kept alive (as the writes are sent) and with a new connection for every request: with two workers
the two once differed twenty-fold (docs/speed-pages.md, the kept-alive stall).  The three take turns, ``--runs``
times (3 or more) against the same server; each figure is printed as the median over the runs with the lowest and
highest beside it.  Printed per database and worker count: writes per second, p50 and p99 milliseconds, refusals
(4xx) and server errors (5xx), and what the register holds afterwards against what was acknowledged (lost
writes), with the verdict (goal: no write lost, no 5xx), and the load average at the start and the end.

This load is *closed-loop*: each client waits for its answer before sending again, so the server sets the pace and
its p99 says nothing about a fixed arrival rate; ``bench/open_load.py`` sends on a schedule and finds the highest
rate at which writes keep their p99 under 50 ms.
PostgreSQL is a throw-away cluster (``tests/pgkit.py``); it is skipped with a reason when not installed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx
from benchkit import load_average, ratios, spread
from child_server import child_server

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

PASSWORD = "bench-password-1"


def serve(url: str, workers: str, port: str) -> None:
    from bridge_director.register import Register
    from bridge_director.web.accounts import Role
    from bridge_director.web.db_accounts import DatabaseAccountStore
    from bridge_director.web.live import serve_register
    from bridge_director.web.settings import WebSettings
    register = Register(url)
    accounts = DatabaseAccountStore(register)
    if accounts.get("bench") is None:
        accounts.add("bench", PASSWORD, Role.DIRECTOR)
    register.close()
    serve_register("127.0.0.1", int(port), echo=lambda _line: None, url=url, workers=int(workers),
                   settings=WebSettings(secure_cookies=False))


def login(base: str, keepalive: bool = True) -> httpx.Client:
    limits = httpx.Limits() if keepalive else httpx.Limits(max_keepalive_connections=0)
    c = httpx.Client(base_url=base, timeout=30, limits=limits)
    r = c.post("/api/login", json={"username": "bench", "password": PASSWORD})
    r.raise_for_status()
    c.headers["X-CSRF-Token"] = r.json()["csrf_token"]
    return c


def load(base: str, clients: int, seconds: float, writes: bool, keepalive: bool = True
         ) -> tuple[list[float], Counter[int], int]:
    """(latencies in ms, statuses, rulings acknowledged) from ``clients`` threads for ``seconds``; without
    ``keepalive`` every request opens a new connection."""
    latencies: list[float] = []
    statuses: Counter[int] = Counter()
    acked = [0]
    lock = threading.Lock()
    ready = threading.Barrier(clients + 1)
    end = [0.0]

    def client(n: int) -> None:
        c = login(base, keepalive)  # every client logged in before the clock starts
        ready.wait()
        i = 0
        while time.monotonic() < end[0]:
            i += 1
            steps: list[tuple[str, str, dict[str, object] | None]]
            if writes:
                steps = [("post", "/api/register/rulings", {"event": f"Burst {i % 5}", "board": 1 + i % 24,
                                                            "director": "TD", "laws": "16B",
                                                            "facts": f"client {n} write {i}", "decision": "stands"}),
                         ("post", "/api/tables", {"board": 1 + i % 16})]
            else:
                steps = [("get", "/api/health", None)]
            token = None
            for method, path, body in steps:
                t0 = time.perf_counter()
                r = c.post(path, json=body) if method == "post" else c.get(path)
                ms = (time.perf_counter() - t0) * 1000
                with lock:
                    latencies.append(ms)
                    statuses[r.status_code] += 1
                    if path.endswith("rulings") and r.status_code == 201:
                        acked[0] += 1
                if path == "/api/tables" and r.status_code == 201:
                    token = r.json()["id"]
            if token is not None:
                t0 = time.perf_counter()
                r = c.post(f"/api/tables/{token}/entries", json={"kind": "call", "call": "1C"})
                with lock:
                    latencies.append((time.perf_counter() - t0) * 1000)
                    statuses[r.status_code] += 1

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for t in threads:
        t.start()
    end[0] = time.monotonic() + 3600  # no client stops before the clock is set, just below
    ready.wait()
    end[0] = time.monotonic() + seconds
    for t in threads:
        t.join()
    return latencies, statuses, acked[0]


def stored_rulings(url: str) -> int:
    from sqlalchemy import func, select

    from bridge_director.register import Register
    from bridge_director.register.models import Ruling
    register = Register(url, migrate=False)
    try:
        with register.transaction() as db:
            return int(db.scalar(select(func.count()).select_from(Ruling)) or 0)
    finally:
        register.close()


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def run(url_for: dict[str, object], db: str, workers: int, args: argparse.Namespace) -> None:
    url = url_for[db]() if callable(url_for[db]) else str(url_for[db])
    health_seconds = min(5.0, args.seconds)
    figures: dict[str, list[float]] = {}
    statuses: Counter[int] = Counter()
    acked = 0
    with child_server(__file__, url, str(workers), wait=90) as base:
        time.sleep(3)  # every worker up before the clients connect
        for _ in range(args.runs):  # the reference and ours in turns
            health, _, _ = load(base, args.clients, health_seconds, writes=False)
            fresh, _, _ = load(base, args.clients, health_seconds, writes=False, keepalive=False)
            lat, run_statuses, run_acked = load(base, args.clients, args.seconds, writes=True)
            statuses += run_statuses
            acked += run_acked
            for name, value in (("health", len(health) / health_seconds), ("fresh", len(fresh) / health_seconds),
                                ("writes", len(lat) / args.seconds),
                                ("p50", statistics.median(lat) if lat else float("nan")), ("p99", pct(lat, 0.99))):
                figures.setdefault(name, []).append(value)
    refused = sum(v for k, v in statuses.items() if 400 <= k < 500)
    errors = sum(v for k, v in statuses.items() if k >= 500)
    stored = stored_rulings(url)
    lost = acked - stored if stored < acked else 0
    print(f"{db:<10} {workers} worker{'s' if workers > 1 else ' '}  writes "
          f"{spread(figures['writes']).text('.1f', '/s', 6)}  p50 {spread(figures['p50']).text('.1f', ' ms', 5)}"
          f"  p99 {spread(figures['p99']).text('.1f', ' ms', 6)}"
          f" (closed-loop)", flush=True)
    print(f"{'':<21}health kept alive {spread(figures['health']).text('.1f', '/s')}, new connection per request "
          f"{spread(figures['fresh']).text('.1f', '/s')}; writes / health kept alive "
          f"{ratios(figures['writes'], figures['health']).text('.2f')}", flush=True)
    print(f"{'':<21}refused {refused}  5xx {errors}  lost {lost} (of {acked} rulings acknowledged); goal no write lost "
          f"and no 5xx: {'met' if lost == 0 and errors == 0 else 'NOT met'}", flush=True)


def main() -> int:
    if len(sys.argv) == 5 and sys.argv[1] == "--serve":
        serve(*sys.argv[2:5])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=10, help="seconds of writes a run")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--db", default="sqlite,postgresql")
    parser.add_argument("--runs", type=int, default=3, help="runs of each load, in turns (3 or more)")
    args = parser.parse_args()
    if args.runs < 3:
        parser.error("--runs: 3 or more (a median and a spread)")
    print(f"start: {load_average()}", flush=True)
    folder = Path(tempfile.mkdtemp(prefix="bd-bench-workers-"))
    counter = iter(range(1, 100))
    url_for: dict[str, object] = {"sqlite": lambda: f"sqlite:///{folder / f'register{next(counter)}.sqlite3'}"}
    pg = None
    if "postgresql" in args.db:
        from pgkit import PgServer, pg_bindir
        bindir = pg_bindir()
        if bindir is None:
            print("postgresql: skipped (the Debian package 'postgresql' is not installed)")
        else:
            pg = PgServer(bindir)
            pg.start()
            url_for["postgresql"] = pg.new_database
    print(f"{args.clients} clients, {args.seconds:g} s of writes a run (a ruling, a table, a call per round), "
          f"{args.runs} runs in turns with the health endpoint: median (lowest-highest)")
    try:
        for db in [d for d in args.db.split(",") if d in url_for]:
            for workers in (1, 2):
                run(url_for, db, workers, args)
    finally:
        if pg is not None:
            pg.stop()
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
