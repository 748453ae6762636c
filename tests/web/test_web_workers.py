"""Two worker processes on one register (SQLite file and PostgreSQL): a burst of concurrent writes from
several clients, many to the same new events, ends with every acknowledged write stored, no refusal from a race
and no server error; a login made on one worker works on the other (the session key lives in the register)."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
from collections import Counter
from pathlib import Path

import httpx
from sqlalchemy import func, select

from bridge_director.register import Register
from bridge_director.register.models import Board, Event, EventSession, Ruling, TableBoard, TableEntry
from bridge_director.web.accounts import Role
from bridge_director.web.db_accounts import DatabaseAccountStore
from serverkit import login as client_for
from serverkit import start_server

SERVER = Path(__file__).with_name("workers_server.py")
PASSWORD = "director-pass-1"
CLIENTS = 4
ROUNDS = 15


def start(url: str, workers: int) -> tuple[subprocess.Popen[bytes], str]:
    return start_server(SERVER, url, str(workers))


def login(base: str) -> httpx.Client:
    return client_for(base, PASSWORD, keepalive=False)  # the workers share the requests of one login


def test_two_workers_burst_of_writes_loses_nothing(db_url: str) -> None:
    register = Register(db_url)
    DatabaseAccountStore(register).add("director", PASSWORD, Role.DIRECTOR)
    child, base = start(db_url, 2)
    statuses: Counter[int] = Counter()
    acked_rulings: Counter[str] = Counter()
    acked_entries: dict[str, int] = {}
    lock = threading.Lock()

    def client(n: int) -> None:
        c = login(base)
        for i in range(ROUNDS):
            event = f"Burst {i % 3}"  # every client writes to the same three new events
            r = c.post("/api/register/rulings", json={"event": event, "board": 1 + (n + i) % 4, "director": "TD",
                                                     "laws": "16B", "facts": f"client {n} round {i}",
                                                     "decision": "result stands"})
            token = None
            t = c.post("/api/tables", json={"board": 1 + i % 16})
            if t.status_code == 201:
                token = t.json()["id"]
                e = c.post(f"/api/tables/{token}/entries", json={"kind": "call", "call": "1C"})
            with lock:
                statuses[r.status_code] += 1
                statuses[t.status_code] += 1
                if r.status_code == 201:
                    acked_rulings[event] += 1
                if token is not None:
                    statuses[e.status_code] += 1
                    if e.status_code == 200:
                        acked_entries[token] = 1

    try:
        threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
        workers = subprocess.run(["pgrep", "-P", str(child.pid)], capture_output=True, text=True).stdout.split()
    finally:
        os.killpg(child.pid, signal.SIGTERM)
        child.wait(timeout=30)
    assert set(statuses) <= {200, 201}, statuses
    assert sum(acked_rulings.values()) == CLIENTS * ROUNDS and len(acked_entries) == CLIENTS * ROUNDS
    assert len(workers) >= 2, "uvicorn did not start two workers"
    with register.transaction() as db:
        for event, count in acked_rulings.items():
            assert db.scalar(select(func.count()).select_from(Event).where(Event.name == event)) == 1
            stored = db.scalar(select(func.count()).select_from(Ruling).join(Board, Ruling.board_id == Board.id)
                               .join(EventSession, Board.session_id == EventSession.id)
                               .join(Event, EventSession.event_id == Event.id).where(Event.name == event))
            assert stored == count, event
        assert db.scalar(select(func.count()).select_from(Ruling)) == CLIENTS * ROUNDS
        for token in acked_entries:
            row = db.scalars(select(TableBoard).where(TableBoard.token == token)).one()
            assert db.scalar(select(func.count()).select_from(TableEntry).where(TableEntry.table_id == row.id)) == 1
    register.close()
