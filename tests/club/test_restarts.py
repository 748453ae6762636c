"""Restarts lose nothing: the server is killed with SIGKILL 20 times (SQLite; 6 on PostgreSQL) while a client
enters calls, cards, results and rulings; after each kill every acknowledged entry is stored, the tables carry
on from where they were on the next server, and at the end the database's own integrity check passes."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import threading
import time
from pathlib import Path

import httpx
from sqlalchemy import func, select, text

from bridge_director.club.movement_gen import mitchell
from bridge_director.club.results import table_round
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
from bridge_director.register import Register
from bridge_director.register.models import Ruling, SessionResult, TableBoard, TableEntry
from serverkit import login as client_for
from serverkit import start_server

SERVER = Path(__file__).with_name("session_server.py")
#: 20 kills on SQLite; PostgreSQL, whose server outlives the kills anyway, gets fewer to keep the suite short
KILLS = {"sqlite": 20, "postgresql": 6}
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
# North opens 1C and plays it; East leads the club ace, dummy (South), West and North follow.
SCRIPT = [{"kind": "call", "call": c} for c in ("1C", "P", "P", "P")] + \
         [{"kind": "play", "card": c} for c in ("CA", "CT", "C7", "C4")]


def start(url: str) -> tuple[subprocess.Popen[bytes], str]:
    return start_server(SERVER, url)


def login(base: str) -> httpx.Client:
    return client_for(base, "director-pass-1", timeout=10)


def stored_entries(register: Register, token: str) -> int:
    with register.transaction() as db:
        row = db.scalars(select(TableBoard).where(TableBoard.token == token)).one()
        return int(db.scalar(select(func.count()).select_from(TableEntry).where(TableEntry.table_id == row.id)) or 0)


def test_twenty_kills_lose_no_acknowledged_entry(db_url: str) -> None:
    register = Register(db_url)
    with register.transaction() as db:
        session = create_session(db, "Restart test", "Evening")
        section = add_section(db, session, "A", mitchell(5), 3)
        for n in range(1, 11):
            add_pair(db, section, n, PlayerIn(f"P{n}a"), PlayerIn(f"P{n}b"))
        slots = [(r, t, b) for r in range(1, 6) for t in range(1, 6) for b in table_round(db, section, r, t).boards]
        sid = section.id
    rnd = random.Random(17)
    tables: list[str] = []  # every table opened; the last ones are carried on after each restart
    acked_entries: dict[str, int] = {}
    acked_results: set[tuple[int, int, int]] = set()
    acked_rulings: set[str] = set()
    free_slots = iter(slots)
    for kill in range(KILLS[register.engine.dialect.name]):
        child, base = start(db_url)
        stop = threading.Event()

        def work(base: str = base, stop: threading.Event = stop, kill: int = kill) -> None:
            try:
                c = login(base)
                while not stop.is_set():
                    unfinished = [t for t in tables if stored_entries(register, t) < len(SCRIPT)]
                    if unfinished:  # carry on where the table was, from what is stored
                        token = unfinished[0]
                    else:
                        r = c.post("/api/tables", json={"board": 1, "deal": DEAL})
                        token = r.json()["id"]
                        tables.append(token)
                    done = stored_entries(register, token)
                    r = c.post(f"/api/tables/{token}/entries", json={**SCRIPT[done], "expected": done})
                    if r.status_code == 200:
                        acked_entries[token] = done + 1
                    slot = next(free_slots, None)
                    if slot is not None:
                        rd, tb, bd = slot
                        r = c.post(f"/api/sections/{sid}/results", json={"round": rd, "table": tb, "board": bd,
                                                                          "contract": "3NT", "declarer": "N",
                                                                          "tricks": 9})
                        if r.status_code == 201:
                            acked_results.add(slot)
                    facts = f"kill {kill}, ruling {len(acked_rulings)}"
                    r = c.post("/api/register/rulings", json={"event": "Restart test", "board": 1, "director": "TD",
                                                             "laws": "24", "facts": facts, "decision": "24B"})
                    if r.status_code == 201:
                        acked_rulings.add(facts)
            except httpx.HTTPError:
                return

        worker = threading.Thread(target=work)
        worker.start()
        time.sleep(0.5 + rnd.random() * 1.5)
        os.killpg(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        stop.set()
        worker.join(timeout=30)
        for token, count in acked_entries.items():  # nothing acknowledged is missing after the kill
            assert stored_entries(register, token) >= count, f"kill {kill}: table {token}"
    assert acked_entries and acked_results and acked_rulings, "nothing was acknowledged between the kills"
    with register.transaction() as db:
        stored = {(r.round_no, r.table_no, r.board.number)
                  for r in db.scalars(select(SessionResult).where(SessionResult.section_id == sid))}
        assert acked_results <= stored
        facts = set(db.scalars(select(Ruling.facts)))
        assert acked_rulings <= facts
        for token in tables:  # every stored log replays, in the order it was entered
            row = db.scalars(select(TableBoard).where(TableBoard.token == token)).one()
            entries = list(db.scalars(select(TableEntry.seq).where(TableEntry.table_id == row.id)
                                      .order_by(TableEntry.seq)))
            assert entries == list(range(1, len(entries) + 1))
        if register.engine.dialect.name == "sqlite":
            assert db.execute(text("PRAGMA integrity_check")).scalar() == "ok"
            assert db.execute(text("PRAGMA foreign_key_check")).fetchall() == []
    child, base = start(db_url)  # the next server shows each table where it was
    try:
        c = login(base)
        for token in tables:  # each table shows exactly what is stored: its calls, and the cards after them
            stored = stored_entries(register, token)
            shown = c.get(f"/api/tables/{token}").json()
            assert len(shown["calls"]) == min(stored, 4), token
            assert (shown["contract"] is not None) == (stored >= 4), token
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        register.close()
