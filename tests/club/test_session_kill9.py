"""Nothing acknowledged is lost: the web server is killed with SIGKILL while tables and results are entered.

A client thread enters calls at stored tables and results of the session as fast as the server answers; the
server is killed at a random moment; every entry the server acknowledged must be in the register, the table
logs must replay, and a new server on the same register must show them.  SQLite and PostgreSQL.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select

from bridge_director.club.movement_gen import mitchell
from bridge_director.club.results import table_round
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
from bridge_director.club.tables import TableStore
from bridge_director.register import Register
from bridge_director.register.models import Section, SessionResult, TableBoard, TableEntry
from bridge_director.web.server import free_port

SERVER = Path(__file__).with_name("session_server.py")
CALLS = ("1C", "1D", "1H", "1S", "1NT", "2C")


def start(url: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    child = subprocess.Popen([sys.executable, str(SERVER), url, str(port)])
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(base + "/api/health", timeout=1).raise_for_status()
            return child, base
        except httpx.HTTPError:
            if time.monotonic() > deadline or child.poll() is not None:
                child.kill()
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)


def client(base: str) -> httpx.Client:
    c = httpx.Client(base_url=base, timeout=10)
    r = c.post("/api/login", json={"username": "director", "password": "director-pass-1"})
    r.raise_for_status()
    c.headers["X-CSRF-Token"] = r.json()["csrf_token"]
    return c


def section_with_entry(url: str) -> tuple[int, list[tuple[int, int, int]]]:
    register = Register(url)
    try:
        with register.transaction() as db:
            session = create_session(db, "Kill test", "Evening")
            section = add_section(db, session, "A", mitchell(5), 3)
            for n in range(1, 11):
                add_pair(db, section, n, PlayerIn(f"P{n}a"), PlayerIn(f"P{n}b"))
            slots = [(r, t, b) for r in range(1, 6) for t in range(1, 6) for b in table_round(db, section, r, t).boards]
            return section.id, slots
    finally:
        register.close()


@pytest.fixture
def kill_seed() -> Iterator[int]:
    yield random.randrange(10_000)


def test_sigkill_loses_no_acknowledged_entry(db_url: str, kill_seed: int) -> None:
    sid, slots = section_with_entry(db_url)
    child, base = start(db_url)
    acked_calls: dict[str, int] = {}
    acked_results: set[tuple[int, int, int]] = set()
    stop = threading.Event()

    def work() -> None:
        c = client(base)
        slot = iter(slots)
        try:
            while not stop.is_set():
                token = c.post("/api/tables", json={"board": 1}).json()["id"]
                for n, call in enumerate(CALLS[:3], 1):
                    r = c.post(f"/api/tables/{token}/entries", json={"kind": "call", "call": call})
                    if r.status_code == 200:
                        acked_calls[token] = n
                rnd, table, board = next(slot)
                r = c.post(f"/api/sections/{sid}/results", json={"round": rnd, "table": table, "board": board,
                                                                  "contract": "3NT", "declarer": "N", "tricks": 9})
                if r.status_code == 201:
                    acked_results.add((rnd, table, board))
        except (httpx.HTTPError, StopIteration):
            return

    worker = threading.Thread(target=work)
    worker.start()
    time.sleep(1.0 + random.Random(kill_seed).random() * 1.5)
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    stop.set()
    worker.join(timeout=30)
    assert acked_calls and acked_results, "nothing was acknowledged before the kill"

    register = Register(db_url)
    try:
        with register.transaction() as db:
            for token, count in acked_calls.items():
                row = db.scalars(select(TableBoard).where(TableBoard.token == token)).one()
                stored = list(db.scalars(select(TableEntry.seq).where(TableEntry.table_id == row.id)))
                assert len(stored) >= count, f"table {token}: {count} entries acknowledged, {len(stored)} stored"
            section = db.get(Section, sid)
            assert section is not None
            rows = db.scalars(select(SessionResult).where(SessionResult.section_id == sid))
            stored_results = {(r.round_no, r.table_no, r.board.number) for r in rows}
            assert acked_results <= stored_results
        store = TableStore(register)
        for token, count in acked_calls.items():  # every log still replays
            assert len(store.get(token).state.calls) >= count
    finally:
        register.close()

    child, base = start(db_url)  # a new server shows what the old one acknowledged
    try:
        token, count = next(iter(acked_calls.items()))
        table = client(base).get(f"/api/tables/{token}").json()
        assert len(table["calls"]) >= count
    finally:
        child.terminate()
        child.wait(timeout=30)
