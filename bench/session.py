"""A club night through the HTTP API: result entry rate, and the ranking and traveller pages, beside health.

    .venv/bin/python bench/session.py [--tables 15] [--rounds 9] [--boards-per-round 3] [--db URL]
                                      [--runs 3] [--views 500] [--pages ranking,traveller,results]
                                      [--states unchanged,changed]

Sets up ``--runs`` sections of a Mitchell (15 tables, 9 rounds of 3 boards by default: every pair plays 27 boards,
405 results a section) in a fresh register (SQLite in a temporary folder, or ``--db``), starts the web app in a
child process, logs in, and then, run after run (one section a run), measures with the reference in turns:

* every result of the run's section entered with ``POST /api/sections/{id}/results``, one request after another
  (each committed before it is answered), a ``GET /api/health`` sent between two results: results per second,
  against health requests per second;
* the ranking page, a traveller page and the printable results page with all results in: median and p99
  milliseconds over ``--views`` views each (500 by default: a p99 over fewer is one of the five slowest; the
  section unchanged, its scores served from the cache), a health request between two views, whose p50 and p99
  are the reference;
* the same pages when the section has just changed: a result corrected through the API, then the page viewed
  (its scores read and computed again), ``--views`` times each, a health request between two views.

Each figure is printed as the median over the runs and its spread (lowest-highest), with the load average at the
start and the end.  Targets: 100 results/s or more; each page's p99 under 100 ms, unchanged or just changed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from benchkit import P99_REQUESTS, load_average, percentile, ratios, spread
from benchkit import below as goal_below
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


def set_up(url: str, tables: int, rounds: int, per_round: int, sections: int = 1
           ) -> list[tuple[int, list[tuple[int, int, int]]]]:
    """``sections`` sections of the Mitchell: each one's id and every (round, table, board) of it."""
    return [set_up_one(url, tables, rounds, per_round, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[k]) for k in range(sections)]


def set_up_one(url: str, tables: int, rounds: int, per_round: int, letter: str = "A"
               ) -> tuple[int, list[tuple[int, int, int]]]:
    from bridge_director.club.movement_gen import mitchell
    from bridge_director.club.results import table_round
    from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
    from bridge_director.register import Register

    register = Register(url)
    try:
        with register.transaction() as db:
            section = add_section(db, create_session(db, "Bench", f"Evening {letter}"), letter,
                                  mitchell(tables, rounds), per_round)
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


Timing = tuple[float, float]  # (p50, p99) in ms


def spread_of(times: list[float]) -> Timing:
    return statistics.median(times), percentile(times, 0.99)


def pages(client: httpx.Client, path: str, views: int) -> tuple[Timing, Timing]:
    """The page and the health endpoint in turns, ``views`` times each: (page, health) p50 and p99."""
    for _ in range(3):  # warm up: templates compiled, caches filled
        timed(client, "GET", path)
    page, health = [], []
    for _ in range(views):
        health.append(timed(client, "GET", "/api/health") * 1000)
        page.append(timed(client, "GET", path) * 1000)
    return spread_of(page), spread_of(health)


def changed_pages(client: httpx.Client, sid: int, path: str, views: int) -> tuple[Timing, Timing]:
    """The page viewed right after a correction (each time another result, so every view follows a change), a
    health request between two views."""
    results = client.get(f"/api/sections/{sid}/results").json()
    page, health = [], []
    for i in range(views):
        row = results[(i * 37) % len(results)]
        current = client.get(f"/api/results/{row['id']}").json()
        body = {"contract": "4S", "declarer": "N", "tricks": 9 + (current["tricks"] - 8) % 3,
                "version": current["version"], "reason": "bench"}
        timed(client, "PUT", f"/api/results/{row['id']}", body)
        page.append(timed(client, "GET", path) * 1000)
        health.append(timed(client, "GET", "/api/health") * 1000)
    return spread_of(page), spread_of(health)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--boards-per-round", type=int, default=3)
    parser.add_argument("--db", help="a database URL, or 'postgresql' for a throw-away cluster (tests/pgkit.py); "
                                     "default: SQLite in a temporary folder")
    parser.add_argument("--runs", type=int, default=3, help="runs, one section each (3 or more)")
    parser.add_argument("--views", type=int, default=P99_REQUESTS,
                        help=f"views of each page a run, unchanged and just changed ({P99_REQUESTS} or more for a p99)")
    parser.add_argument("--pages", default="ranking,traveller,results",
                        help="the pages measured, of ranking, traveller and results (default: all three)")
    parser.add_argument("--states", default="unchanged,changed",
                        help="unchanged and/or changed: the pages served as cached, and just after a correction")
    parser.add_argument("--serve", nargs=2, help=argparse.SUPPRESS)  # URL PORT: the child process
    args = parser.parse_args()
    if args.serve:
        serve(args.serve[0], int(args.serve[1]))
        return 0
    if args.runs < 3:
        parser.error("--runs: 3 or more (a median and a spread)")
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


PAGES = ("ranking page", "traveller page", "results page")


def measure(url: str, args: argparse.Namespace) -> int:
    print(f"start: {load_average()}", flush=True)
    sections = set_up(url, args.tables, args.rounds, args.boards_per_round, args.runs)
    rates: list[tuple[float, float]] = []  # (results/s, health/s) a run
    views: dict[tuple[str, str], list[tuple[Timing, Timing]]] = {}  # (page, state): (page, health) a run
    with child_server(__file__, url) as base, httpx.Client(base_url=base, timeout=30) as client:
        r = client.post("/api/login", json={"username": "bench", "password": PASSWORD})
        r.raise_for_status()
        client.headers["X-CSRF-Token"] = r.json()["csrf_token"]
        for sid, slots in sections:
            health = entering = 0.0
            for rnd, table, board in slots:
                health += timed(client, "GET", "/api/health")
                body = {"round": rnd, "table": table, "board": board, "contract": "4S", "declarer": "N",
                        "tricks": 9 + (rnd + table + board) % 3}
                entering += timed(client, "POST", f"/api/sections/{sid}/results", body, 201)
            rates.append((len(slots) / entering, len(slots) / health))
            paths = dict(zip(PAGES, (f"/sessions/{sid}/ranking", f"/sessions/{sid}/boards/{slots[0][2]}",
                                     f"/sessions/{sid}/results"), strict=True))
            paths = {name: path for name, path in paths.items() if name.split()[0] in args.pages.split(",")}
            states = args.states.split(",")
            for name, path in paths.items() if "unchanged" in states else ():
                views.setdefault((name, "unchanged"), []).append(pages(client, path, args.views))
            for name, path in paths.items() if "changed" in states else ():
                views.setdefault((name, "just changed"), []).append(changed_pages(client, sid, path, args.views))
            print(f"  run {len(rates)} of {args.runs} done", flush=True)
    slots = len(sections[0][1])
    few = "" if args.views >= P99_REQUESTS else f" (fewer than {P99_REQUESTS}: the p99 is indicative only)"
    print(f"{args.tables}-table Mitchell, {args.rounds} rounds of {args.boards_per_round} boards, {slots} results a "
          f"section; {url.split(':')[0]}, one uvicorn worker, loopback; {args.runs} runs (one section each), ours and "
          f"the health endpoint in turns; {args.views} views of each page a run{few}; median (lowest-highest)")
    ours, health = [r for r, _ in rates], [h for _, h in rates]
    enough = sum(r >= 100 for r in ours)
    print(f"results entered      {spread(ours).text('.1f', ' /s', 7)}   health {spread(health).text('.1f', ' /s')}   "
          f"ratio {ratios(ours, health).text('.2f')}   goal >= 100/s: "
          f"{'met' if spread(ours).median >= 100 else 'NOT met'} ({enough} of {len(ours)} runs)")
    for (name, state), runs in views.items():
        page50, page99 = [p[0] for p, _ in runs], [p[1] for p, _ in runs]
        health50, health99 = [h[0] for _, h in runs], [h[1] for _, h in runs]
        print(f"{name:<15}{state:<13} p50 {spread(page50).text('.1f', ' ms', 5)}  health p50 "
              f"{spread(health50).text('.2f', ' ms')} p99 {spread(health99).text('.2f', ' ms')}")
        print(f"{'':<28} {goal_below(page99, 100, 'p99')}; p99 / health p99 {ratios(page99, health99).text('.1f')}")
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
