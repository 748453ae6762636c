#!/usr/bin/env python3
"""Processor time of one result write in the app itself, against the health endpoint in the same run.

    .venv/bin/python bench/write_cpu.py [--db sqlite|postgresql] [--writes 400] [--runs 3]

``bench/open_load.py`` measures the server from outside (sockets, uvicorn, two workers, the client on the same
cores); its processor time per request carries all of that.  Here the app is called in this process, as uvicorn
calls it (an ASGI scope, the session cookie and the CSRF header of a logged-in director), with the register's work
done on the calling thread, and ``time.process_time`` is read around each block of requests:

* ``GET /api/health``: the middleware and routing every request pays (the reference);
* ``POST /api/sections/{id}/results``: the checks against the movement and the hand record, the Law 77 score, and
  the one statement that checks the account, the pairs and the board again as it stores the result and its audit
  entry (``web.quick_writes``; the database's own processor time is not counted: on PostgreSQL it is another
  process);
* ``POST /api/register/rulings``: a ruling that changes no score on a board of one of five events, with its audit
  entry.

Each run times a block of health requests, a block of results and a block of rulings in turns, ``--runs`` times;
printed: each one's processor time a request (median and spread), the result's cost above the health request, and
the verdicts against the goal of 1.5 ms of processor a write.  Every result is a new one of a 30-table Mitchell
section, boards and all: the first result of each board stores the board.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from benchkit import load_average, spread, verdict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

GOAL_MS = 1.5
PASSWORD = "bench-password-1"

Call = Callable[[str, str, "dict[str, Any] | None"], Awaitable[tuple[int, bytes]]]


def asgi_caller(app: Any) -> tuple[Call, dict[str, str]]:
    """A function sending one request to ``app`` in this process, carrying the cookie and token it was given."""
    held: dict[str, str] = {}

    async def call(method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, bytes]:
        data = json.dumps(body).encode() if body is not None else b""
        headers = [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
                   (b"content-length", str(len(data)).encode())]
        if "cookie" in held:
            headers += [(b"cookie", held["cookie"].encode()), (b"x-csrf-token", held["token"].encode())]
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
                 "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"", "headers": headers,
                 "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 80), "root_path": "", "state": {}}
        given = False
        answer: dict[str, Any] = {"body": b""}

        async def receive() -> dict[str, Any]:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": data, "more_body": False}
            await asyncio.Event().wait()  # the client never disconnects
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                answer["status"] = message["status"]
                for name, value in message["headers"]:
                    if name == b"set-cookie":
                        held["cookie"] = value.decode().split(";")[0]
            elif message["type"] == "http.response.body":
                answer["body"] += message.get("body", b"")

        await app(scope, receive, send)
        return answer["status"], answer["body"]

    return call, held


def make_app(url: str) -> Any:
    from bridge_director.register import Register
    from bridge_director.web import register_access
    from bridge_director.web.accounts import Role
    from bridge_director.web.app import create_app
    from bridge_director.web.db_accounts import DatabaseAccountStore
    from bridge_director.web.routes import api_sessions
    from bridge_director.web.settings import WebSettings

    async def on_this_thread(_register: Any, work: Callable[[], Any]) -> Any:
        return work()  # what PostgreSQL does anyway; on SQLite the thread hop is left out of the count

    api_sessions.in_register = on_this_thread  # type: ignore[attr-defined,assignment]
    assert register_access.in_register is not on_this_thread
    register = Register(url)
    accounts = DatabaseAccountStore(register)
    accounts.add("bench", PASSWORD, Role.DIRECTOR)
    return create_app(WebSettings(secure_cookies=False), accounts, register=register)


async def measure(url: str, writes: int, runs: int) -> tuple[list[float], list[float], list[float]]:
    from open_load import Slots

    app = make_app(url)
    call, held = asgi_caller(app)
    status, body = await call("POST", "/api/login", {"username": "bench", "password": PASSWORD})
    if status != 200:
        raise SystemExit(f"login refused: {status} {body[:200]!r}")
    held["token"] = json.loads(body)["csrf_token"]
    slots = Slots(url)

    async def write(sid: int, round_no: int, table: int, board: int) -> None:
        status, body = await call("POST", f"/api/sections/{sid}/results",
                                  {"round": round_no, "table": table, "board": board, "contract": "4S",
                                   "declarer": "N", "tricks": 10, "lead": ""})
        if status != 201:
            raise SystemExit(f"a write was refused: {status} {body[:200]!r}")

    rulings = 0

    async def rule() -> None:
        nonlocal rulings
        rulings += 1
        status, body = await call("POST", "/api/register/rulings",
                                  {"event": f"Evening {rulings % 5}", "board": 1 + rulings % 24, "director": "TD",
                                   "laws": "16B", "facts": f"a hesitation, write {rulings}",
                                   "decision": "score stands"})
        if status != 201:
            raise SystemExit(f"a ruling was refused: {status} {body[:200]!r}")

    for slot in slots.take(100):  # warm: caches, statements compiled, connections open
        await write(*slot)
        await rule()
    health, written, ruled = [], [], []
    for _ in range(runs):
        started = time.process_time()
        for _ in range(writes):
            await call("GET", "/api/health", None)
        health.append((time.process_time() - started) * 1000 / writes)
        block = slots.take(writes)
        started = time.process_time()
        for slot in block:
            await write(*slot)
        written.append((time.process_time() - started) * 1000 / writes)
        started = time.process_time()
        for _ in range(writes):
            await rule()
        ruled.append((time.process_time() - started) * 1000 / writes)
    return health, written, ruled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--writes", type=int, default=400, help="requests of each kind a run")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"start: {load_average()}")
    server = None
    if args.db == "postgresql":
        from pgkit import PgServer, pg_bindir
        bindir = pg_bindir()
        if bindir is None:
            raise SystemExit("PostgreSQL is not installed (python3 dev.py test installs it)")
        server = PgServer(bindir)
        server.start()
        url = server.new_database()
    else:
        url = f"sqlite:///{tempfile.mkdtemp(prefix='bd-bench-write-')}/register.sqlite3"
    try:
        health, written, ruled = asyncio.run(measure(url, args.writes, args.runs))
    finally:
        if server is not None:
            server.stop()
    above = [w - h for w, h in zip(written, health, strict=True)]
    print(f"{args.db}, in process, {args.writes} requests of each kind a run, {args.runs} runs in turns")
    print(f"  GET  /api/health       processor {spread(health).text('.2f', ' ms')} a request")
    print(f"  POST result (section)  processor {spread(written).text('.2f', ' ms')} a request, "
          f"{spread(above).text('.2f', ' ms')} above health")
    print(f"  POST ruling (register) processor {spread(ruled).text('.2f', ' ms')} a request")
    print(f"  {verdict(spread(written), GOAL_MS, at_least=False, name='processor a result (ms)')}")
    print(f"  {verdict(spread(ruled), GOAL_MS, at_least=False, name='processor a ruling (ms)')}")
    print(f"end: {load_average()}")


if __name__ == "__main__":
    main()
