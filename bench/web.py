"""Latency of the ruling endpoint under load, on loopback, against a trivial health endpoint in the same run.

    .venv/bin/python bench/web.py [--rate 200] [--requests 1000] [--seconds 20] [--runs 3] [--client raw]

Starts the web app with uvicorn in a child process, logs in, then sends requests open-loop at ``--rate`` per
second (each at its scheduled time, whether or not earlier ones have answered; its latency counted from that
scheduled time, so time spent queued counts: ``bench/open_load.py``'s generator) to

* ``POST /api/rulings``: board 1, North 1♥, East 1♣: the engine replays it and describes the Law 27 ruling;
* ``GET /api/health``: a constant answer, the floor set by the server and the client (the reference).

The two take turns, ``--runs`` times (3 or more); each run of each sends ``--requests`` requests (at least 500, so
that a p99 is not one of the five slowest; bounded by ``--seconds``).  Prints, per endpoint, the median over the
runs and the spread (lowest-highest) of the requests per second answered, the p50 and p99 latency and the
processor time a request cost the server and the client, the ratio of the ruling's p99 to the health endpoint's
in the same run, and the load average at the start and the end.  Target: the ruling's p99 < 50 ms at 200 requests
per second.

The client (``--client``) is ``bench/load.py``'s small HTTP/1.1 client by default: ``httpx.AsyncClient`` costs
about ten times its processor time a request (measured by ``bench/open_load.py`` in the same conditions: 5-7 ms
against 0.4-0.6 ms on a busy machine), and on two shared cores that holds the server back at a fraction of the rate.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

import httpx
from benchkit import P99_REQUESTS, load_average, ratios, spread
from benchkit import below as goal_below
from child_server import child_server
from load import Request
from open_load import HttpxSender, RawSender, Step, app_pids, login, open_loop

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


async def run(base: str, rate: float, count: int, runs: int, client: str) -> list[tuple[Step, Step]]:
    cookie, token = await login(base)
    async with httpx.AsyncClient(base_url=base, headers={"Cookie": cookie, "X-CSRF-Token": token}) as check:
        answer = await check.post("/api/rulings", json=RULING)
        assert answer.json()["ruling"]["law"] == "27", answer.text
    sender: HttpxSender | RawSender
    if client == "raw":
        sender = RawSender(base, cookie, token, CONNECTIONS)
        await sender.open()
    else:
        sender = HttpxSender(base, cookie, token, CONNECTIONS)
    app = app_pids(f"--serve {base.rsplit(':', 1)[1]}")
    health = [Request("GET", "/api/health")] * count
    ruling = [Request("POST", "/api/rulings", json.dumps(RULING).encode())] * count
    try:
        for requests in (health[:50], ruling[:50]):  # warm up both paths
            await open_loop(sender.send, requests, 200, 50, app, [])
        out = []
        for _ in range(runs):  # the reference and ours in turns
            out.append((await open_loop(sender.send, health, 200, rate, app, []),
                        await open_loop(sender.send, ruling, 200, rate, app, [])))
        return out
    finally:
        await sender.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=200.0)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=20.0, help="time limit for each endpoint's run")
    parser.add_argument("--runs", type=int, default=3, help="runs of each endpoint, in turns (3 or more)")
    parser.add_argument("--client", default="raw", choices=("raw", "httpx"))
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
    count = min(args.requests, int(args.rate * args.seconds))
    with child_server(__file__) as base:
        runs = asyncio.run(run(base, args.rate, count, args.runs, args.client))
    print(f"target {args.rate:g} requests/s open-loop, latency from each request's scheduled time, loopback, one "
          f"uvicorn worker, {args.client} client; {args.runs} runs in turns, {count} requests each: median "
          f"(lowest-highest)")
    for k, name in enumerate(("GET /api/health", "POST /api/rulings")):
        steps = [r[k] for r in runs]
        print(f"  {name:<18} answered {spread([s.answered for s in steps]).text('.1f', '/s', 6)}  p50 "
              f"{spread([s.p50 for s in steps]).text('.2f', ' ms')}  p99 "
              f"{spread([s.p99 for s in steps]).text('.2f', ' ms')}  wrong {sum(s.wrong for s in steps)}")
        print(f"  {'':<18} processor a request: server {spread([s.app_ms for s in steps]).text('.2f', ' ms')}, "
              f"client {spread([s.client_ms for s in steps]).text('.2f', ' ms')}")
        if any(s.wrong for s in steps):
            print(f"    first wrong answer: {next(s.first_wrong for s in steps if s.wrong)}")
    health, ruling = [r[0].p99 for r in runs], [r[1].p99 for r in runs]
    print(f"  ruling: {goal_below(ruling, 50, 'p99')}; ruling p99 / health p99 {ratios(ruling, health).text('.2f')}")
    print(f"  health (the floor): {goal_below(health, 50, 'p99')}")
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
