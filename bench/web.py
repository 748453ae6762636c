"""Latency of the ruling endpoint under load, on loopback, against a trivial health endpoint in the same run.

    .venv/bin/python bench/web.py [--rate 200] [--requests 1000] [--seconds 20]

Starts the web app with uvicorn in a child process, logs in, then sends requests open-loop at ``--rate`` per
second (each at its scheduled time, whether or not earlier ones have answered) to

* ``POST /api/rulings``: board 1, North 1♥, East 1♣: the engine replays it and describes the Law 27 ruling;
* ``GET /api/health``: a constant answer, the floor set by the server and the client.

Prints requests per second achieved and p50/p99 latency for each.  Bounded by ``--requests`` and ``--seconds``.
Target: p99 < 50 ms at 200 requests per second.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from dataclasses import dataclass

import httpx
from child_server import child_server

PASSWORD = "bench-password-1"
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


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


async def load(client: httpx.AsyncClient, name: str, method: str, url: str, body: object, rate: float,
               count: int, limit: float) -> Figures:
    latencies: list[float] = []
    failed = 0
    start = time.perf_counter()

    async def one(at: float) -> None:
        nonlocal failed
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        t0 = time.perf_counter()
        try:
            r = await client.request(method, url, json=body)
            ok = r.status_code == 200
        except httpx.HTTPError:
            ok = False
        latencies.append((time.perf_counter() - t0) * 1000)
        failed += not ok

    count = min(count, int(rate * limit))
    await asyncio.gather(*(one(start + i / rate) for i in range(count)))
    return Figures(name, count, failed, time.perf_counter() - start, percentile(latencies, 0.5),
                   percentile(latencies, 0.99))


async def run(base: str, rate: float, count: int, limit: float) -> list[Figures]:
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=10) as client:
        r = await client.post("/api/login", json={"username": "bench", "password": PASSWORD})
        r.raise_for_status()
        client.headers["X-CSRF-Token"] = r.json()["csrf_token"]
        check = await client.post("/api/rulings", json=RULING)
        assert check.json()["ruling"]["law"] == "27", check.text
        for _ in range(50):  # warm up both paths
            await client.get("/api/health")
            await client.post("/api/rulings", json=RULING)
        return [await load(client, "GET /api/health", "GET", "/api/health", None, rate, count, limit),
                await load(client, "POST /api/rulings", "POST", "/api/rulings", RULING, rate, count, limit)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=200.0)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=20.0, help="time limit for each endpoint's run")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return 0
    with child_server(__file__) as base:
        figures = asyncio.run(run(base, args.rate, args.requests, args.seconds))
    print(f"target {args.rate:g} requests/s, loopback, one uvicorn worker")
    for f in figures:
        print(f.line())
    ruling, health = figures[1], figures[0]
    print(f"ruling p99 - health p99 = {ruling.p99_ms - health.p99_ms:.2f} ms; target p99 < 50 ms: "
          f"{'met' if ruling.p99_ms < 50 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
