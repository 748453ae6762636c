#!/usr/bin/env python3
"""The server under load: writes to the register open-loop at a fixed rate, through several worker processes.

    .venv/bin/python bench/load.py [--rate 300] [--seconds 10] [--workers 2] [--db postgresql,sqlite]
                                   [--connections 32]

For each database: a fresh register (a throw-away PostgreSQL cluster, ``tests/pgkit.py``, or a SQLite file), four
30-table Mitchell sections set up in it, and the app started with ``serve_register`` (the
``web --register --workers N`` path) in a child process.  A small asyncio HTTP/1.1 client logs in once and then
sends requests *open-loop*: request ``i`` leaves at ``start + i / rate`` whether or not the earlier ones have been
answered, over a pool of kept-alive connections, and its latency is counted from that planned moment (time spent
waiting for a free connection counts).  Three runs in turn, each at the same rate:

* ``GET /api/health``: a constant answer, the floor set by the server, the client and the machine (the reference);
* ``POST /api/register/rulings``: a ruling stored in the register, on one of five events every request shares;
* ``POST /api/sections/{id}/results``: a result entered, checked against the movement, scored by Law 77, stored.

Printed per run: requests answered per second, p50, p99 and the largest latency in milliseconds, how many answers
were not the expected status (the first one is shown), and the processor time one request cost the app's worker
processes and the database's (from /proc): two cores cannot answer more than 2000 / (their sum) a second,
whatever the code around them does.  Target: the two writes hold the rate with p99 under 50 ms with two workers
on PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from child_server import child_server

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

PASSWORD = "bench-password-1"
TABLES, ROUNDS, PER_ROUND, SECTIONS = 30, 9, 3, 4  # 810 results a section


def serve(url: str, workers: str, port: str) -> None:
    """Child process: the register's app with ``workers`` processes and one director account."""
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


def set_up(url: str) -> list[tuple[int, int, int, int]]:
    """Four sections of a 30-table Mitchell: every (section, round, table, board) a result can be entered at."""
    from bridge_director.club.movement_gen import mitchell
    from bridge_director.club.results import table_round
    from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
    from bridge_director.register import Register

    register = Register(url)
    slots = []
    try:
        with register.transaction() as db:
            session = create_session(db, "Load", "Evening")
            for letter in "ABCD"[:SECTIONS]:
                section = add_section(db, session, letter, mitchell(TABLES, ROUNDS), PER_ROUND)
                for n in range(1, 2 * TABLES + 1):
                    add_pair(db, section, n, PlayerIn(f"Player {letter}{n}a"), PlayerIn(f"Player {letter}{n}b"))
                slots += [(section.id, r, t, b) for r in range(1, ROUNDS + 1) for t in range(1, TABLES + 1)
                          for b in table_round(db, section, r, t).boards]
    finally:
        register.close()
    return slots


# ----- the client ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Request:
    method: str
    path: str
    body: bytes = b""


@dataclass(slots=True)
class Run:
    """What came back: latency (ms, from the planned moment) and status of every request, and when it ended."""

    latencies: list[float] = field(default_factory=list)
    wrong: int = 0
    first_wrong: str = ""
    ended: float = 0.0
    app_ms: float = 0.0  # processor time per request: the app's processes, the database's
    db_ms: float = 0.0


class Connections:
    """Kept-alive HTTP/1.1 connections to one server, each carrying one request at a time."""

    def __init__(self, host: str, port: int, headers: dict[str, str]) -> None:
        self.host, self.port = host, port
        self.head = "".join(f"{k}: {v}\r\n" for k, v in {"Host": f"{host}:{port}", **headers}.items())
        self.idle: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = asyncio.Queue()

    async def open(self, count: int) -> None:
        for _ in range(count):
            self.idle.put_nowait(await asyncio.open_connection(self.host, self.port))

    async def close(self) -> None:
        while not self.idle.empty():
            _, writer = self.idle.get_nowait()
            writer.close()

    async def send(self, request: Request) -> tuple[int, bytes]:
        reader, writer = await self.idle.get()
        try:
            length = f"Content-Type: application/json\r\nContent-Length: {len(request.body)}\r\n" if request.body \
                else ""
            writer.write(f"{request.method} {request.path} HTTP/1.1\r\n{self.head}{length}\r\n".encode() + request.body)
            status_line = await reader.readline()
            size = 0
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                if name.lower() == "content-length":
                    size = int(value)
            body = await reader.readexactly(size)
            self.idle.put_nowait((reader, writer))
            return int(status_line.split()[1]), body
        except (OSError, asyncio.IncompleteReadError, IndexError, ValueError):
            writer.close()
            self.idle.put_nowait(await asyncio.open_connection(self.host, self.port))
            return 0, b"connection lost"


async def open_loop(connections: Connections, make: Callable[[int], Request], expected: int, rate: float,
                    seconds: float, database: str = "") -> Run:
    """``rate`` requests a second for ``seconds``, each sent at its planned moment."""
    run = Run()
    count = int(rate * seconds)
    app, db = servers(database)
    before = cpu_ms(app), cpu_ms(db)
    loop = asyncio.get_running_loop()
    start = loop.time() + 0.1

    async def one(i: int, planned: float) -> None:
        status, body = await connections.send(make(i))
        run.latencies.append((loop.time() - planned) * 1000)
        if status != expected:
            run.wrong += 1
            run.first_wrong = run.first_wrong or f"{status} {body[:160]!r}"

    tasks = []
    for i in range(count):
        planned = start + i / rate
        delay = planned - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one(i, planned)))
    await asyncio.gather(*tasks)
    run.ended = loop.time() - start
    run.app_ms, run.db_ms = (cpu_ms(app) - before[0]) / count, (cpu_ms(db) - before[1]) / count
    return run


def _processes() -> dict[int, tuple[int, str]]:
    """Every process: its parent and its command line."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
                command = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            found[int(entry)] = (int(stat.rsplit(")", 1)[1].split()[1]), command)
    return found


def cpu_ms(pids: list[int]) -> float:
    """User and system processor time of ``pids`` so far, in milliseconds."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (clock ticks)
    return total * 1000 / os.sysconf("SC_CLK_TCK")


def servers(database: str) -> tuple[list[int], list[int]]:
    """The app's processes (this script's ``--serve`` child and its workers) and the database's (its cluster's)."""
    table = _processes()
    app = [pid for pid, (_, command) in table.items() if "load.py --serve" in command]
    grown = True
    while grown:
        more = [pid for pid, (parent, _) in table.items() if parent in app and pid not in app]
        app += more
        grown = bool(more)
    db = [pid for pid, (_, command) in table.items() if database and database in command]
    db += [pid for pid, (parent, _) in table.items() if parent in db and pid not in db]
    return app, db


def spread(port: int, pids: list[int]) -> dict[int, int]:
    """How many established connections to ``port`` each of ``pids`` holds (from /proc)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as rows:
            for row in list(rows)[1:]:
                fields = row.split()
                if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "01":
                    inodes.add(fields[9])
    held = {}
    for pid in pids:
        try:
            links = [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")]
        except OSError:
            continue
        count = sum(1 for link in links if link.startswith("socket:[") and link[8:-1] in inodes)
        if count:
            held[pid] = count
    return held


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def report(name: str, run: Run, rate: float, health: Run | None) -> None:
    answered = len(run.latencies) / run.ended if run.ended else 0.0
    p50, p99 = statistics.median(run.latencies), percentile(run.latencies, 0.99)
    beside = f"   p99 / health p99 {p99 / percentile(health.latencies, 0.99):5.1f}" if health else ""
    verdict = "" if health is None else f"   target p99 < 50 ms at {rate:g}/s: {'met' if p99 < 50 else 'NOT met'}"
    cost = run.app_ms + run.db_ms
    print(f"  {name:<22} {answered:7.1f}/s  p50 {p50:7.1f} ms  p99 {p99:7.1f} ms  max {max(run.latencies):7.1f} ms"
          f"  wrong {run.wrong}{beside}{verdict}", flush=True)
    print(f"  {'':<22} processor per request: app {run.app_ms:5.2f} ms + database {run.db_ms:5.2f} ms"
          f" = {cost:5.2f} ms: at most {2000 / cost if cost else 0:6.0f}/s on two cores", flush=True)
    if run.wrong:
        print(f"    first wrong answer: {run.first_wrong}")


async def measure(base: str, slots: list[tuple[int, int, int, int]], args: argparse.Namespace,
                  database: str) -> None:
    async with httpx.AsyncClient(base_url=base) as client:
        r = await client.post("/api/login", json={"username": "bench", "password": PASSWORD})
        r.raise_for_status()
        token = r.json()["csrf_token"]
        cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    host, port = base.removeprefix("http://").split(":")
    connections = Connections(host, int(port), {"Cookie": cookie, "X-CSRF-Token": token})
    for _ in range(30):  # the workers start one after another: until each holds connections, open them again
        await connections.open(args.connections)
        await asyncio.sleep(0.2)
        held = spread(int(port), servers(database)[0])
        if len(held) >= args.workers:
            break
        await connections.close()
        await asyncio.sleep(1)
    print(f"  kept-alive connections per worker: {sorted(held.values(), reverse=True)}", flush=True)

    def ruling(i: int) -> Request:
        return Request("POST", "/api/register/rulings", json.dumps(
            {"event": f"Load {i % 5}", "board": 1 + i % 24, "director": "TD", "laws": "16B",
             "facts": f"request {i}", "decision": "result stands"}).encode())

    def result(i: int) -> Request:
        sid, rnd, table, board = slots[i % len(slots)]
        return Request("POST", f"/api/sections/{sid}/results", json.dumps(
            {"round": rnd, "table": table, "board": board, "contract": "4S", "declarer": "N",
             "tricks": 8 + (rnd + table + board) % 5}).encode())

    try:
        warm = await open_loop(connections, lambda i: Request("GET", "/api/health"), 200, 50, 1)
        assert warm.wrong == 0, warm.first_wrong
        health = await open_loop(connections, lambda i: Request("GET", "/api/health"), 200, args.rate, args.seconds,
                                 database)
        report("GET  /api/health", health, args.rate, None)
        report("POST ruling (register)", await open_loop(connections, ruling, 201, args.rate, args.seconds,
                                                         database), args.rate, health)
        report("POST result (section)", await open_loop(connections, result, 201, args.rate, args.seconds,
                                                        database), args.rate, health)
    finally:
        await connections.close()


def main() -> int:
    if len(sys.argv) == 5 and sys.argv[1] == "--serve":
        serve(*sys.argv[2:5])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rate", type=float, default=300)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--db", default="postgresql", help="postgresql, sqlite or both, comma-separated")
    args = parser.parse_args()
    if args.rate * args.seconds > SECTIONS * TABLES * ROUNDS * PER_ROUND:
        parser.error(f"at most {SECTIONS * TABLES * ROUNDS * PER_ROUND} results: lower --rate or --seconds")
    folder = Path(tempfile.mkdtemp(prefix="bd-bench-load-"))
    for db in args.db.split(","):
        pg = None
        if db == "postgresql":
            from pgkit import PgServer, pg_bindir
            bindir = pg_bindir()
            if bindir is None:
                print("postgresql: skipped (the Debian package 'postgresql' is not installed)")
                continue
            pg = PgServer(bindir)
            pg.start()
            url, database = pg.new_database(), str(pg.data)
        elif db == "sqlite":
            url, database = f"sqlite:///{folder / 'register.sqlite3'}", ""  # SQLite works inside the app
        else:
            parser.error(f"not a database: {db!r}")
        try:
            slots = set_up(url)
            print(f"{db}, {args.workers} worker{'s' if args.workers > 1 else ''}, {args.rate:g} requests/s open-loop "
                  f"for {args.seconds:g} s each, {args.connections} kept-alive connections, loopback", flush=True)
            with child_server(__file__, url, str(args.workers), wait=90) as base:
                asyncio.run(measure(base, slots, args, database))
        finally:
            if pg is not None:
                pg.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
