#!/usr/bin/env python3
"""Open-loop load, stepped up: the highest arrival rate at which result writes, ruling writes, and the health
endpoint keep their p99 under 50 ms, and the workers' processor time per write.

    .venv/bin/python bench/open_load.py [--rates 100,200,300,400,500,600,800] [--seconds 2] [--runs 3]
                                        [--workers 2] [--db postgresql] [--connections 32] [--client raw]

``bench/workers.py`` is closed-loop (each client waits for its answer before sending again), so the server sets
the pace and a slow answer holds back the requests behind it: its p99 says nothing about a fixed arrival rate.
Here requests arrive on a schedule, whether or not the earlier ones are answered: request ``i`` of a step is
*scheduled* at ``start + i / rate`` and its latency is counted from that scheduled moment, so time spent queued
(in the client waiting for a free connection, in the kernel, in the server) counts.

The server is the register's app with ``--workers`` processes (``serve_register``: the ``web --register --workers
N`` path, started by ``bench/load.py --serve``) on a fresh register (a throw-away PostgreSQL cluster,
``tests/pgkit.py``, or a SQLite file), with 30-table Mitchell sections made as needed so that every write is a new
result.  For each rate of ``--rates``, ``--runs`` times in turns:

* ``GET /api/health``: a constant answer, the floor set by the server, the client and the machine (the reference);
* ``POST /api/sections/{id}/results``: a result entered, checked against the movement, scored by Law 77, stored;
* ``POST /api/register/rulings``: a ruling that changes no score, on a board of one of five events.

Each run of a step sends ``max(500, rate x --seconds)`` requests (500 at least: a p99 over fewer is one of the
five slowest).  Printed per step and endpoint: the median over the runs and the spread (lowest-highest) of the rate
answered, p50 and p99 (ms, from the scheduled moment), answers that were not the expected status, the processor
time one request cost the app's processes (the server and its workers, from /proc) and the database's, and the
client's own; then the verdict (p99 < 50 ms: held or not).  An endpoint is no longer sent once a step has failed
it; the steps end when both have.  At the end: the highest rate each endpoint held (every lower rate held too),
and the workers' processor time per write there, with the load average at the start and the end.

``--client raw`` (the default) sends with ``bench/load.py``'s small HTTP/1.1 client on asyncio; ``--client httpx``
with ``httpx.AsyncClient``.  The client runs on the same two cores as the server, so its processor time a request
is printed beside the server's: httpx's was about ten times the small client's (5-7 ms against 0.4-0.6 ms on a busy
machine), enough to hold the server back (the health endpoint held 25 requests a second through httpx and 300
through the small client, in the same conditions).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import load
from benchkit import P99_REQUESTS, load_average, percentile, spread
from child_server import child_server
from load import PASSWORD, Connections, Request

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

GOAL_MS = 50.0
TABLES, ROUNDS, PER_ROUND = 30, 9, 3  # 810 results a section


# ----- the register: sections made as the writes need them -------------------------------------------------------


class Slots:
    """Every (section, round, table, board) a result can still be entered at; sections made when they run out."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.free: list[tuple[int, int, int, int]] = []
        self.sections = 0

    def take(self, count: int) -> list[tuple[int, int, int, int]]:
        while len(self.free) < count:
            self.free += self._section()
        taken, self.free = self.free[:count], self.free[count:]
        return taken

    def _section(self) -> list[tuple[int, int, int, int]]:
        from bridge_director.club.movement_gen import mitchell
        from bridge_director.club.results import table_round
        from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
        from bridge_director.register import Register

        self.sections += 1
        name = f"S{self.sections}"
        register = Register(self.url)
        try:
            with register.transaction() as db:
                section = add_section(db, create_session(db, "Open load", f"Evening {name}"), name[:4],
                                      mitchell(TABLES, ROUNDS), PER_ROUND)
                for n in range(1, 2 * TABLES + 1):
                    add_pair(db, section, n, PlayerIn(f"Player {name}-{n}a"), PlayerIn(f"Player {name}-{n}b"))
                return [(section.id, r, t, b) for r in range(1, ROUNDS + 1) for t in range(1, TABLES + 1)
                        for b in table_round(db, section, r, t).boards]
        finally:
            register.close()


# ----- the processes whose processor time is counted --------------------------------------------------------------


def app_pids(marker: str) -> list[int]:
    """The server's processes: the one whose command line holds ``marker`` (this run's database URL) and its
    descendants (the workers)."""
    table = load._processes()
    found = [pid for pid, (_, command) in table.items() if "--serve" in command and marker in command]
    grown = True
    while grown:
        more = [pid for pid, (parent, _) in table.items() if parent in found and pid not in found]
        found += more
        grown = bool(more)
    return found


def db_pids(database: str) -> list[int]:
    return load.servers(database)[1] if database else []


# ----- the client -------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Step:
    """One run of one endpoint at one rate: latencies (ms from the scheduled moment), wrong answers, and the
    processor time per request of the app, the database and the client."""

    latencies: list[float] = field(default_factory=list)
    wrong: int = 0
    first_wrong: str = ""
    seconds: float = 0.0
    app_ms: float = 0.0
    db_ms: float = 0.0
    client_ms: float = 0.0

    @property
    def answered(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    @property
    def p50(self) -> float:
        return percentile(self.latencies, 0.5)

    @property
    def p99(self) -> float:
        return percentile(self.latencies, 0.99)


Send = Callable[[Request], Awaitable[tuple[int, bytes]]]


async def open_loop(send: Send, requests: list[Request], expected: int, rate: float, app: list[int],
                    db: list[int]) -> Step:
    """``requests`` sent at ``rate`` a second, each at its scheduled moment whatever the earlier ones are doing."""
    step = Step()
    loop = asyncio.get_running_loop()
    before = load.cpu_ms(app), load.cpu_ms(db), time.process_time()
    start = loop.time() + 0.05

    async def one(request: Request, scheduled: float) -> None:
        try:
            status, body = await send(request)
        except (httpx.HTTPError, OSError) as error:
            status, body = 0, repr(error).encode()
        step.latencies.append((loop.time() - scheduled) * 1000)
        if status != expected:
            step.wrong += 1
            step.first_wrong = step.first_wrong or f"{status} {body[:160]!r}"

    tasks = []
    for i, request in enumerate(requests):
        scheduled = start + i / rate
        delay = scheduled - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one(request, scheduled)))
    await asyncio.gather(*tasks)
    step.seconds = loop.time() - start
    count = len(requests)
    step.app_ms = (load.cpu_ms(app) - before[0]) / count
    step.db_ms = (load.cpu_ms(db) - before[1]) / count
    step.client_ms = (time.process_time() - before[2]) * 1000 / count
    return step


async def login(base: str) -> tuple[str, str]:
    async with httpx.AsyncClient(base_url=base) as client:
        r = await client.post("/api/login", json={"username": "bench", "password": PASSWORD})
        r.raise_for_status()
        return "; ".join(f"{k}={v}" for k, v in client.cookies.items()), r.json()["csrf_token"]


class HttpxSender:
    """``httpx.AsyncClient`` with a pool of ``connections`` kept-alive connections.  The requests waiting for a
    connection queue on a semaphore (first come, first served, at no cost per waiter), not in httpx's pool, which
    looks through every waiting request each time a connection frees: with a thousand queued, the client would
    spend more processor time than the server and hold the server back on the same two cores."""

    def __init__(self, base: str, cookie: str, token: str, connections: int) -> None:
        limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
        self.client = httpx.AsyncClient(base_url=base, limits=limits, timeout=60,
                                        headers={"Cookie": cookie, "X-CSRF-Token": token})
        self.free = asyncio.Semaphore(connections)

    async def send(self, request: Request) -> tuple[int, bytes]:
        headers = {"Content-Type": "application/json"} if request.body else None
        async with self.free:
            r = await self.client.request(request.method, request.path, content=request.body or None,
                                          headers=headers)
        return r.status_code, r.content

    async def close(self) -> None:
        await self.client.aclose()


class RawSender:
    """``bench/load.py``'s HTTP/1.1 client: ``connections`` kept-alive connections opened at once."""

    def __init__(self, base: str, cookie: str, token: str, connections: int) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.pool = Connections(host, int(port), {"Cookie": cookie, "X-CSRF-Token": token})
        self.count = connections

    async def open(self) -> None:
        await self.pool.open(self.count)

    async def send(self, request: Request) -> tuple[int, bytes]:
        return await self.pool.send(request)

    async def close(self) -> None:
        await self.pool.close()


# ----- the steps --------------------------------------------------------------------------------------------------

HEALTH, WRITES, RULINGS = "GET  /api/health", "POST result (section)", "POST ruling (register)"
ENDPOINTS = (HEALTH, WRITES, RULINGS)


def result_request(slot: tuple[int, int, int, int]) -> Request:
    sid, rnd, table, board = slot
    return Request("POST", f"/api/sections/{sid}/results", json.dumps(
        {"round": rnd, "table": table, "board": board, "contract": "4S", "declarer": "N",
         "tricks": 8 + (rnd + table + board) % 5}).encode())


def ruling_request(n: int) -> Request:
    """A ruling that changes no score on a board of one of five events (each board stored by its first ruling)."""
    return Request("POST", "/api/register/rulings", json.dumps(
        {"event": f"Open load {n % 5}", "session": "Evening", "board": 1 + n % 24, "director": "TD", "laws": "16B",
         "facts": f"a hesitation, ruling {n}", "decision": "score stands"}).encode())


def summary(name: str, rate: float, steps: list[Step]) -> bool:
    """Print one endpoint's figures at one rate; True when its p99 held under the goal (median of the runs)."""
    def of(values: list[float], form: str = ".1f", width: int = 0) -> str:
        return spread(values).text(form, "", width)

    p99 = spread([s.p99 for s in steps])
    held = p99.median < GOAL_MS
    wrong = sum(s.wrong for s in steps)
    print(f"  {name:<22} answered {of([s.answered for s in steps], '.1f', 6)}/s  p50 "
          f"{of([s.p50 for s in steps], '.1f', 5)} ms  p99 {of([s.p99 for s in steps], '.1f', 6)} ms  wrong {wrong}  "
          f"goal p99 < {GOAL_MS:g} ms: {'held' if held else 'NOT held'} "
          f"({sum(s.p99 < GOAL_MS for s in steps)} of {len(steps)} runs)", flush=True)
    print(f"  {'':<22} processor per request: app {of([s.app_ms for s in steps], '.2f')} ms, database "
          f"{of([s.db_ms for s in steps], '.2f')} ms, this client {of([s.client_ms for s in steps], '.2f')} ms",
          flush=True)
    if wrong:
        print(f"    first wrong answer: {next(s.first_wrong for s in steps if s.wrong)}")
    return held and not wrong


async def measure(base: str, url: str, database: str, args: argparse.Namespace) -> dict[str, tuple[float, float]]:
    """Step the rate up; for each endpoint the highest rate held and the app's processor ms per request there."""
    cookie, token = await login(base)
    sender: HttpxSender | RawSender
    if args.client == "raw":
        sender = RawSender(base, cookie, token, args.connections)
        await sender.open()
    else:
        sender = HttpxSender(base, cookie, token, args.connections)
    app, db = app_pids(url), db_pids(database)
    slots = Slots(url)
    best: dict[str, tuple[float, float]] = {name: (0.0, 0.0) for name in ENDPOINTS}
    failed: set[str] = set()
    cost: dict[str, tuple[float, float]] = {}  # the app's processor ms a request at the lowest rate
    rulings = 0

    def next_rulings(count: int) -> list[Request]:
        nonlocal rulings
        rulings += count
        return [ruling_request(n) for n in range(rulings - count, rulings)]

    try:
        first = [result_request(s) for s in slots.take(50)]
        for requests, expected in (([Request("GET", "/api/health")] * 200, 200), (first, 201),
                                   (next_rulings(200), 201)):
            warm = await open_loop(sender.send, requests, expected, 100, app, db)
            assert warm.wrong == 0, warm.first_wrong
        for rate in args.rates:
            count = max(P99_REQUESTS, int(rate * args.seconds))
            runs: dict[str, list[Step]] = {name: [] for name in ENDPOINTS}
            sent = {HEALTH: [Request("GET", "/api/health")] * (count * args.runs),
                    WRITES: [] if WRITES in failed else [result_request(s) for s in slots.take(count * args.runs)],
                    RULINGS: [] if RULINGS in failed else next_rulings(count * args.runs)}
            # the connections were idle while the sections were made: used again before the step is timed
            await open_loop(sender.send, [Request("GET", "/api/health")] * 100, 200, 200, app, db)
            for run in range(args.runs):  # the reference and ours in turns
                for name in ENDPOINTS:
                    if name not in failed:
                        runs[name].append(await open_loop(sender.send, sent[name][run * count:(run + 1) * count],
                                                          200 if name == HEALTH else 201, rate, app, db))
            print(f"{rate:g} requests/s, {count} requests a run, {args.runs} runs: median (lowest-highest)",
                  flush=True)
            for name, steps in runs.items():
                if not steps:
                    continue
                cost.setdefault(name, (rate, spread([s.app_ms for s in steps]).median))
                if summary(name, rate, steps):
                    if rate > best[name][0]:
                        best[name] = (rate, spread([s.app_ms for s in steps]).median)
                else:
                    failed.add(name)
            if failed == set(ENDPOINTS):
                break
    finally:
        await sender.close()
    for name in ENDPOINTS:
        if name not in failed:
            print(f"  ({name.strip()} held at every rate: raise --rates to find its limit)")
        elif not best[name][0] and name in cost:  # held at no rate: the cost at the lowest, for the record
            best[name] = (0.0, cost[name][1])
            print(f"  ({name.strip()} held at no rate; at {cost[name][0]:g}/s the app's processor was "
                  f"{cost[name][1]:.2f} ms a request)")
    return best


def main() -> int:
    if len(sys.argv) == 5 and sys.argv[1] == "--serve":
        load.serve(*sys.argv[2:5])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rates", default="100,200,300,400,500,600,800",
                        help="the arrival rates stepped through, requests a second, comma-separated")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help=f"each run of a step lasts this long, and sends {P99_REQUESTS} requests at least")
    parser.add_argument("--runs", type=int, default=3, help="runs of each endpoint at each rate, in turns (3+)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=32, help="kept-alive connections the client may hold")
    parser.add_argument("--db", default="postgresql", choices=("postgresql", "sqlite"))
    parser.add_argument("--client", default="raw", choices=("raw", "httpx"))
    args = parser.parse_args()
    args.rates = sorted(float(r) for r in args.rates.split(","))
    if args.runs < 3:
        parser.error("--runs: 3 or more (a median and a spread)")
    print(f"start: {load_average()}", flush=True)
    pg = None
    if args.db == "postgresql":
        from pgkit import PgServer, pg_bindir
        bindir = pg_bindir()
        if bindir is None:
            print("postgresql: skipped (the Debian package 'postgresql' is not installed); try --db sqlite")
            return 0
        pg = PgServer(bindir)
        pg.start()
        url, database = pg.new_database(), str(pg.data)
    else:
        url, database = f"sqlite:///{Path(tempfile.mkdtemp(prefix='bd-bench-open-')) / 'register.sqlite3'}", ""
    try:
        print(f"{args.db}, {args.workers} worker{'s' if args.workers > 1 else ''}, open-loop on a schedule, latency "
              f"from each request's scheduled moment, {args.client} client with {args.connections} kept-alive "
              f"connections at most, loopback; goal p99 < {GOAL_MS:g} ms", flush=True)
        with child_server(load.__file__, url, str(args.workers), wait=90) as base:
            time.sleep(3)  # every worker up before the client connects
            best = asyncio.run(measure(base, url, database, args))
    finally:
        if pg is not None:
            pg.stop()
    print("highest rate holding p99 < 50 ms (median of the runs; the steps are those of --rates):")
    for name, (rate, app_ms) in best.items():
        held = (f"{rate:g} requests/s, the app's processor {app_ms:.2f} ms a request there" if rate else
                f"none (the app's processor {app_ms:.2f} ms a request at the lowest rate)")
        print(f"  {name:<22} {held}")
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
