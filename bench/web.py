"""Latency of the ruling endpoint under load, on loopback, against a trivial health endpoint in the same run.

    .venv/bin/python bench/web.py [--rate 200] [--requests 1000] [--seconds 20] [--runs 3]

Starts the web app with uvicorn in a child process, logs in, then sends requests open-loop at ``--rate`` per
second (each at its scheduled time, whether or not earlier ones have answered; its latency counted from that
scheduled time, so time spent queued counts) to

* ``POST /api/rulings``: board 1, North 1♥, East 1♣: the engine replays it and describes the Law 27 ruling;
* ``GET /api/health``: a constant answer, the floor set by the server and the client (the reference).

The two take turns, ``--runs`` times (3 or more); each run of each sends ``--requests`` requests (at least 500, so
that a p99 is not one of the five slowest; bounded by ``--seconds``).  Prints, per endpoint, the median over the
runs and the spread (lowest-highest) of the requests per second achieved and the p50 and p99 latency, the ratio of
the ruling's p99 to the health endpoint's in the same run, and the load average at the start and the end.
Target: the ruling's p99 < 50 ms at 200 requests per second.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from dataclasses import dataclass

import httpx
from benchkit import P99_REQUESTS, load_average, percentile, ratios, spread
from benchkit import below as goal_below
from child_server import child_server

PASSWORD = "bench-password-1"
CONNECTIONS = 64  # the client's kept-alive connections at most
RULING = {"board": 1, "entries": [{"kind": "call", "call": "1H"}, {"kind": "call", "call": "1C"}]}


def serve(port: int) -> None:
    """Child process: the app with one director account."""
    from bridge_director.web import create_app
    from bridge_director.web.accounts import MemoryAccountStore, Role
    from bridge_director.web.server import serve as run
    from bridge_director.web.settings import WebSettings

    accounts = MemoryAccountStore()
    accounts.add("bench", PASSWORD, Role.DIRECTOR)
    run(create_app(WebSettings(secure_cookies=False), accounts), "127.0.0.1", port)


@dataclass(frozen=True, slots=True)
class Figures:
    name: str
    sent: int
    failed: int
    seconds: float
    p50_ms: float
    p99_ms: float

    def line(self) -> str:
        return (f"{self.name:<22} {self.sent / self.seconds:8.1f} req/s  p50 {self.p50_ms:6.2f} ms  "
                f"p99 {self.p99_ms:6.2f} ms  ({self.sent} requests, {self.failed} failed)")


async def load(client: httpx.AsyncClient, name: str, method: str, url: str, body: object, rate: float,
               count: int, limit: float) -> Figures:
    """``count`` requests at ``rate`` a second, each sent at its scheduled time; latency from that time."""
    latencies: list[float] = []
    failed = 0
    start = time.perf_counter() + 0.05
    # the requests waiting for one of the client's connections queue here, first come first served at no cost per
    # waiter: httpx's pool looks through every waiting request each time a connection frees, and with hundreds
    # waiting the client would take the processor the server needs
    free = asyncio.Semaphore(CONNECTIONS)

    async def one(at: float) -> None:
        nonlocal failed
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        try:
            async with free:
                r = await client.request(method, url, json=body)
            ok = r.status_code == 200
        except httpx.HTTPError:
            ok = False
        latencies.append((time.perf_counter() - at) * 1000)  # from the scheduled time: queueing counts
        failed += not ok

    count = min(count, int(rate * limit))
    await asyncio.gather(*(one(start + i / rate) for i in range(count)))
    return Figures(name, count, failed, time.perf_counter() - start, percentile(latencies, 0.5),
                   percentile(latencies, 0.99))


async def run(base: str, rate: float, count: int, limit: float, runs: int) -> list[tuple[Figures, Figures]]:
    limits = httpx.Limits(max_connections=CONNECTIONS, max_keepalive_connections=CONNECTIONS)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=10) as client:
        r = await client.post("/api/login", json={"username": "bench", "password": PASSWORD})
        r.raise_for_status()
        client.headers["X-CSRF-Token"] = r.json()["csrf_token"]
        check = await client.post("/api/rulings", json=RULING)
        assert check.json()["ruling"]["law"] == "27", check.text
        for _ in range(50):  # warm up both paths
            await client.get("/api/health")
            await client.post("/api/rulings", json=RULING)
        out = []
        for _ in range(runs):  # the reference and ours in turns
            out.append((await load(client, "GET /api/health", "GET", "/api/health", None, rate, count, limit),
                        await load(client, "POST /api/rulings", "POST", "/api/rulings", RULING, rate, count, limit)))
        return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=200.0)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=20.0, help="time limit for each endpoint's run")
    parser.add_argument("--runs", type=int, default=3, help="runs of each endpoint, in turns (3 or more)")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return 0
    if args.runs < 3:
        parser.error("--runs: 3 or more (a median and a spread)")
    if min(args.requests, int(args.rate * args.seconds)) < P99_REQUESTS:
        parser.error(f"at least {P99_REQUESTS} requests a run for a p99: raise --requests or --seconds")
    print(f"start: {load_average()}")
    with child_server(__file__) as base:
        runs = asyncio.run(run(base, args.rate, args.requests, args.seconds, args.runs))
    print(f"target {args.rate:g} requests/s open-loop, latency from each request's scheduled time, loopback, one "
          f"uvicorn worker; {args.runs} runs in turns, {runs[0][0].sent} requests each: median (lowest-highest)")
    for k, name in enumerate(("GET /api/health", "POST /api/rulings")):
        figures = [r[k] for r in runs]
        rate = spread([f.sent / f.seconds for f in figures])
        print(f"  {name:<20} {rate.text('.1f', ' req/s', 6)}  p50 {spread([f.p50_ms for f in figures]).text('.2f')} ms"
              f"  p99 {spread([f.p99_ms for f in figures]).text('.2f')} ms  failed {sum(f.failed for f in figures)}")
    health, ruling = [r[0] for r in runs], [r[1] for r in runs]
    print(f"  ruling: {goal_below([f.p99_ms for f in ruling], 50, 'p99')}; ruling p99 / health p99 "
          f"{ratios([f.p99_ms for f in ruling], [f.p99_ms for f in health]).text('.2f')}")
    print(f"  health (the floor): {goal_below([f.p99_ms for f in health], 50, 'p99')}")
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
