#!/usr/bin/env python3
"""The scorer's desk against the per-result form: the same results typed both ways, interleaved, in one run.

    .venv/bin/python bench/scorer_entry.py [--tables 7] [--rounds 7] [--boards-per-round 4] [--runs 3]

A Mitchell (7 tables, 7 rounds of 4 boards by default: 196 results a section) is set up twice per run in a fresh
SQLite register, pairs entered; the web app runs in a child process (one uvicorn worker, loopback HTTP), and a
scorer types every result of the session, board by board as the paper travellers come, once through each path:

* **desk**: the board's traveller page (``GET /sessions/{sid}/desk/boards/{b}``) once, then each row as the
  desk's script sends it after Enter (``POST`` with ``only``: the answer is the row drawn again);
* **form**: for each row, the table-round page (``GET /sessions/{sid}/rounds/{r}/tables/{t}``), the result from
  its controls (``POST .../boards/{b}/result``, level, strain, doubled, declarer, tricks, lead) and the page it
  redirects to, as a browser does.

The two alternate board by board (which goes first alternating too), so both see the same machine.  Each run
prints results per minute of server time for each path, and the run's median and spread (lowest to highest) come
last, with the load average before and after (other work on the machine slows both alike).  The two sections
must end with the same results: the script checks it.  Also printed: the requests and the characters typed per
result at the desk (the line and its Enter).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
from child_server import child_server

PASSWORD = "bench-password-1"


@dataclass(frozen=True)
class Typed:
    """One result of the session: where it was played, the line the scorer types, and the form's controls."""

    round: int
    table: int
    board: int
    line: str
    form: dict[str, str]


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
    if accounts.get("scorer") is None:
        accounts.add("scorer", PASSWORD, Role.SCORER)
    run(create_app(WebSettings(secure_cookies=False), accounts, TableStore(register), register), "127.0.0.1", port)


def result_of(round_no: int, table: int, board: int) -> tuple[str, dict[str, str]]:
    """A deterministic result for the slot, as a desk line and as the form's fields (the same result)."""
    kind = (round_no * 7 + table * 3 + board) % 6
    if kind == 5:
        return "P", {"action": "pass"}
    level, strain, seat = (4, "S", "N") if kind < 2 else (3, "NT", "S") if kind < 4 else (2, "H", "E")
    tricks = level + 6 + (kind % 3) - 1
    lead = ("H", "K") if kind == 0 else ("S", "T") if kind == 3 else ("", "")
    line = f"{level}{strain} {seat} {tricks}" + (f" {lead[0]}{lead[1]}" if lead[0] else "")
    return line, {"action": "result", "level": str(level), "strain": strain, "double": "", "declarer": seat,
                  "tricks": str(tricks), "lead_suit": lead[0], "lead_rank": lead[1]}


def set_up(url: str, tables: int, rounds: int, per_round: int, runs: int) -> tuple[list[tuple[int, int]],
                                                                                   dict[int, list[Typed]]]:
    """Two sections a run (desk, form) of one Mitchell with its pairs; the results by board in traveller order."""
    from bridge_director.club.movement_gen import mitchell
    from bridge_director.club.results import section_boards
    from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
    from bridge_director.club.traveller_entry import traveller
    from bridge_director.register import Register

    register = Register(url)
    pairs: list[tuple[int, int]] = []
    try:
        with register.transaction() as db:
            session = create_session(db, "Desk bench", "Evening")
            sections = []
            for run in range(runs):
                two = []
                for path in ("D", "F"):
                    section = add_section(db, session, f"{path}{run + 1}", mitchell(tables, rounds), per_round)
                    for n in range(1, 2 * tables + 1):
                        add_pair(db, section, n, PlayerIn(f"Player {n}a"), PlayerIn(f"Player {n}b"))
                    two.append(section)
                sections.append(two)
                pairs.append((two[0].id, two[1].id))
            typed = {}
            for board in section_boards(sections[0][0]):
                rows = [row for row in traveller(db, sections[0][0], board) if not row.sit_out]
                typed[board] = [Typed(row.round_no, row.table_no, board, *result_of(row.round_no, row.table_no, board))
                                for row in rows]
            return pairs, typed
    finally:
        register.close()


def timed(client: httpx.Client, method: str, path: str, data: dict[str, str] | None = None,
          status: int = 200) -> float:
    t0 = time.perf_counter()
    r = client.request(method, path, data=data, follow_redirects=True)
    elapsed = time.perf_counter() - t0
    if r.status_code != status:
        raise SystemExit(f"{method} {path}: {r.status_code} {r.text[-300:]}")
    return elapsed


def by_desk(client: httpx.Client, sid: int, board: int, rows: list[Typed]) -> float:
    spent = timed(client, "GET", f"/sessions/{sid}/desk/boards/{board}")
    for row in rows:
        key = f"{row.round}-{row.table}"
        spent += timed(client, "POST", f"/sessions/{sid}/desk/boards/{board}", {"only": key, f"row-{key}": row.line})
    return spent


def by_form(client: httpx.Client, sid: int, board: int, rows: list[Typed]) -> float:
    spent = 0.0
    for row in rows:
        here = f"/sessions/{sid}/rounds/{row.round}/tables/{row.table}"
        spent += timed(client, "GET", here)
        spent += timed(client, "POST", f"{here}/boards/{board}/result", row.form)  # 303, then the page again
    return spent


def stored(client: httpx.Client, sid: int) -> list[tuple[object, ...]]:
    rows = client.get(f"/api/sections/{sid}/results").json()
    return sorted((r["round"], r["table"], r["board"], r["contract"], r["declarer"], r["tricks"], r["lead"],
                   r["ns_score"]) for r in rows)


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):7.0f}   spread {min(values):7.0f} to {max(values):7.0f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--boards-per-round", type=int, default=4)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--serve", nargs=2, help=argparse.SUPPRESS)  # URL PORT: the child process
    args = parser.parse_args()
    if args.serve:
        serve(args.serve[0], int(args.serve[1]))
        return 0
    if args.runs < 3:
        parser.error("--runs is at least 3 (a median and a spread)")
    url = f"sqlite:///{Path(tempfile.mkdtemp(prefix='bench-desk-')) / 'register.sqlite3'}"
    pairs, typed = set_up(url, args.tables, args.rounds, args.boards_per_round, args.runs)
    count = sum(len(rows) for rows in typed.values())
    load_before = os.getloadavg()
    rates: dict[str, list[float]] = {"desk": [], "form": []}
    with child_server(__file__, url, wait=180) as base, httpx.Client(base_url=base, timeout=60) as client:
        r = client.post("/api/login", json={"username": "scorer", "password": PASSWORD})
        r.raise_for_status()
        client.headers["X-CSRF-Token"] = r.json()["csrf_token"]
        print(f"{args.tables}-table Mitchell, {args.rounds} rounds of {args.boards_per_round} boards: {count} results "
              f"a section; {args.runs} runs, each typing them all both ways; one uvicorn worker, SQLite, loopback")
        for run, (desk_sid, form_sid) in enumerate(pairs, 1):
            spent = {"desk": 0.0, "form": 0.0}
            for i, (board, rows) in enumerate(sorted(typed.items())):
                order = ("desk", "form") if (i + run) % 2 else ("form", "desk")
                for path in order:
                    if path == "desk":
                        spent["desk"] += by_desk(client, desk_sid, board, rows)
                    else:
                        spent["form"] += by_form(client, form_sid, board, rows)
            if stored(client, desk_sid) != stored(client, form_sid):
                raise SystemExit(f"run {run}: the two sections hold different results")
            for path in rates:
                rates[path].append(count / spent[path] * 60)
            print(f"run {run}: desk {rates['desk'][-1]:7.0f} results/min ({spent['desk']:5.2f} s)   "
                  f"form {rates['form'][-1]:7.0f} results/min ({spent['form']:5.2f} s)   "
                  f"ratio {rates['desk'][-1] / rates['form'][-1]:4.2f}")
    load_after = os.getloadavg()
    boards = len(typed)
    print(f"desk  {spread(rates['desk'])} results/min   ({(boards + count) / count:.2f} requests a result)")
    print(f"form  {spread(rates['form'])} results/min   (3.00 requests a result: page, form, page again)")
    ratios = [d / f for d, f in zip(rates["desk"], rates["form"], strict=True)]
    print(f"ratio median {statistics.median(ratios):.2f}, {min(ratios):.2f} to {max(ratios):.2f}; typed at the desk: "
          f"{sum(len(row.line) + 1 for rows in typed.values() for row in rows) / count:.1f} characters a result "
          "with its Enter")
    print(f"load average (1, 5, 15 min): before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}; {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
