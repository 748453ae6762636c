"""The club session over JSON: set-up, results checked against the movement, corrections with their audit,
the ranking, roles and CSRF, and opening a session's board at a table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridge_director.register import Register
from bridge_director.web import create_app
from bridge_director.web.accounts import MemoryAccountStore, Role
from bridge_director.web.settings import WebSettings
from web.web_support import PASSWORDS, login

# N holds every top card: 1NT by North takes 13 tricks
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
PBN = "".join(f'[Board "{b}"]\n[Deal "{DEAL}"]\n\n' for b in range(1, 7))
NAMES = {n: (f"Player {n}a", f"Player {n}b") for n in range(1, 7)}


def club_app(folder: Path) -> FastAPI:
    """The test accounts on an app whose SQLite register (no demo) is the file in ``folder``."""
    accounts = MemoryAccountStore()
    for role in Role:
        accounts.add(role.value, PASSWORDS[role.value], role)
    register = Register(f"sqlite:///{folder / 'club.sqlite3'}")
    return create_app(WebSettings(secret_key="test-secret-key-0123456789"), accounts, register=register)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    made = club_app(tmp_path)
    yield made
    made.state.register.close()


def setup_body(**changes: Any) -> dict[str, Any]:
    """A 3-table Mitchell, 2 boards a round, pairs 1-6 with names, the hand records of boards 1-6."""
    pairs = [{"number": n, "player1": a, "member1": f"M{n}", "player2": b} for n, (a, b) in NAMES.items()]
    return {"event": "Tuesday pairs", "session": "Evening", "section": "A", "movement": "mitchell:3",
            "boards_per_round": 2, "pairs": pairs, "hand_records": PBN, **changes}


def set_up(client: TestClient) -> int:
    r = client.post("/api/sessions", json=setup_body())
    assert r.status_code == 201, r.text
    sid: int = r.json()["id"]
    return sid


def result(client: TestClient, sid: int, status: int = 201, **body: Any) -> Any:
    r = client.post(f"/api/sections/{sid}/results", json=body)
    assert r.status_code == status, r.text
    return r.json()


def test_a_session_set_up_over_the_api(client: TestClient) -> None:
    login(client)
    sid = set_up(client)
    section = client.get(f"/api/sections/{sid}").json()
    movement = section["movement"]
    assert (movement["tables"], movement["rounds"], movement["boards"]) == (3, 3, [1, 2, 3, 4, 5, 6])
    assert section["pairs"][0]["names"] == "Player 1a & Player 1b" and section["pairs"][0]["member1"] == "M1"
    [listed] = client.get("/api/sessions").json()
    assert listed["event"] == "Tuesday pairs" and listed["sections"][0]["id"] == sid
    assert listed["sections"][0]["pairs"] == 6


def test_a_refused_set_up_stores_nothing(client: TestClient) -> None:
    login(client)
    r = client.post("/api/sessions", json=setup_body(entry_csv="pair,player1,member1,player2,member2\n"
                                                               "9,Ann,,Bob,\n"))
    assert r.status_code == 422 and "line 2" in r.json()["detail"] and r.json()["field"] == "pair"
    assert client.get("/api/sessions").json() == []
    for movement in ("mitchell:x", "/etc/hosts.json"):  # never a file on the server
        r = client.post("/api/sessions", json=setup_body(movement=movement))
        assert r.status_code == 422 and r.json()["field"] == "movement"
    r = client.post("/api/sessions", json=setup_body(hand_records="no deals here"))
    assert r.status_code == 422 and r.json()["field"] == "hands"


def test_a_refused_set_up_names_every_problem_at_once(client: TestClient) -> None:
    """As the set-up form does (issue 26, item 3): each problem with its part and field, nothing stored."""
    login(client)
    r = client.post("/api/sessions", json=setup_body(movement="mitchell:x", hand_records="no deals here",
                                                     entry_csv="pair,player1,member1,player2,member2\n"
                                                               "1,Ann,,Bob,\n1,Cy,,Di,\n"))
    assert r.status_code == 422
    parts = [(p["part"], p["field"]) for p in r.json()["problems"]]
    assert ("movement", "movement") in parts and ("hands", "hands") in parts and ("entry", "pair") in parts, parts
    assert r.json()["detail"].count("; ") == len(parts) - 1
    pairs = setup_body()["pairs"]
    r = client.post("/api/sessions", json=setup_body(pairs=[*pairs[:5], {**pairs[0]}, {**pairs[1], "number": 9}]))
    assert r.status_code == 422, r.text
    assert [(p["part"], p["field"]) for p in r.json()["problems"]] == [("pairs", "pair"), ("pairs", "pair")]
    assert "pair 1 is already entered" in r.json()["detail"] and "pair 9 is not in the movement" in r.json()["detail"]
    assert client.get("/api/sessions").json() == []
    assert client.post("/api/sessions", json=setup_body()).status_code == 201  # the same names, set up at last


def test_results_entered_and_ranked(client: TestClient) -> None:
    login(client, "director")
    sid = set_up(client)
    login(client, "scorer")  # the scorer enters results
    assert client.get(f"/api/sections/{sid}/ranking").json()["standings"] == []
    for table, (ns, ew) in enumerate(((1, 4), (2, 5), (3, 6)), start=1):
        for board in (2 * table - 1, 2 * table):
            tricks = 13 if table == 1 else 9
            row = result(client, sid, round=1, table=table, board=board, contract="1NT", declarer="N",
                         tricks=tricks, ns=ns, ew=ew)
            assert row["version"] == 1 and row["entered_by"] == "scorer"
    assert row["ns_score"] == 150 and row["text"] == "1NT by N, 9 tricks, +150"
    ranking = client.get(f"/api/sections/{sid}/ranking").json()
    assert ranking["standings"] and {s["names"] for s in ranking["standings"]} >= {"Player 1a & Player 1b"}
    assert len(client.get(f"/api/sections/{sid}/results").json()) == 6


def test_results_refused_naming_the_field(client: TestClient) -> None:
    login(client)
    sid = set_up(client)
    r = client.post(f"/api/sections/{sid}/results", json={"round": 1, "table": 1, "board": 1, "contract": "3NT",
                                                          "declarer": "N", "tricks": 9, "ns": 2})
    assert r.status_code == 422 and r.json()["field"] == "pair" and "pair 2" in r.json()["detail"]
    r = client.post(f"/api/sections/{sid}/results", json={"round": 1, "table": 1, "board": 1, "contract": "3NT",
                                                          "declarer": "N", "tricks": 14})
    assert r.status_code == 422 and r.json()["field"] == "tricks"
    r = client.post(f"/api/sections/{sid}/results", json={"round": 1, "table": 1, "board": 3, "contract": "3NT",
                                                          "declarer": "N", "tricks": 9})
    assert r.status_code == 422 and r.json()["field"] == "board"
    assert client.get(f"/api/sections/{sid}/results").json() == []
    r = client.post(f"/api/sections/{sid + 100}/results", json={"round": 1, "table": 1, "board": 1,
                                                                "contract": "PASS"})
    assert r.status_code == 404 and r.json()["field"] == "section" and f"no section {sid + 100}" in r.json()["detail"]


def test_the_same_result_twice_a_different_one_a_conflict_and_corrections(client: TestClient) -> None:
    login(client)
    sid = set_up(client)
    first = result(client, sid, round=1, table=1, board=1, contract="3NT", declarer="N", tricks=9, lead="ST")
    assert result(client, sid, round=1, table=1, board=1, contract="3NT", declarer="N", tricks=9,
                  lead="ST")["id"] == first["id"]  # a retried request is harmless
    r = client.post(f"/api/sections/{sid}/results", json={"round": 1, "table": 1, "board": 1, "contract": "4S",
                                                          "declarer": "N", "tricks": 10})
    assert r.status_code == 409 and "correct it" in r.json()["detail"]
    r = client.put(f"/api/results/{first['id']}", json={"contract": "3NT", "declarer": "N", "tricks": 10,
                                                        "version": 1, "reason": "scorer's slip"})
    assert r.status_code == 200 and r.json()["version"] == 2 and r.json()["ns_score"] == 430
    assert r.json()["changes"][0]["reason"] == "scorer's slip"
    r = client.put(f"/api/results/{first['id']}", json={"contract": "3NT", "declarer": "N", "tricks": 8,
                                                        "version": 1})
    assert r.status_code == 409 and r.json()["field"] == "version"
    assert client.get(f"/api/results/{first['id']}").json()["tricks"] == 10
    assert client.get("/api/results/999").status_code == 404


def test_roles_and_csrf(client: TestClient) -> None:
    login(client, "viewer")
    assert client.post("/api/sessions", json=setup_body()).status_code == 403  # viewers do not set up
    login(client, "director")
    sid = set_up(client)
    login(client, "viewer")
    assert client.get(f"/api/sections/{sid}").status_code == 200
    r = client.post(f"/api/sections/{sid}/results", json={"round": 1, "table": 1, "board": 1, "contract": "PASS"})
    assert r.status_code == 403
    login(client, "scorer")
    del client.headers["X-CSRF-Token"]
    r = client.post(f"/api/sections/{sid}/results", json={"round": 1, "table": 1, "board": 1, "contract": "PASS"})
    assert r.status_code == 403


def test_late_changes_and_hand_records(client: TestClient) -> None:
    login(client)
    sid = client.post("/api/sessions", json=setup_body(pairs=[], hand_records=None)).json()["id"]
    r = client.post(f"/api/sections/{sid}/pairs", json={"number": 1, "player1": "Ann", "player2": "Bob"})
    assert r.status_code == 201 and r.json()["pairs"][0]["names"] == "Ann & Bob"
    r = client.post(f"/api/sections/{sid}/substitutes", json={"pair": 1, "member": 2, "name": "Cy",
                                                             "from_round": 2})
    assert r.status_code == 200 and r.json()["pairs"][0]["substitutes"] == ["Cy for member 2 from round 2"]
    r = client.post(f"/api/sections/{sid}/withdrawals", json={"pair": 1, "after_round": 2})
    assert r.status_code == 200 and r.json()["pairs"][0]["left_after"] == 2
    r = client.post(f"/api/sections/{sid}/hand-records", json={"content": '[Board "5"]\n[Dealer "E"]\n'
                                                                        f'[Deal "{DEAL}"]\n'})
    assert r.status_code == 422 and "Law 2" in r.json()["detail"]
    assert client.post(f"/api/sections/{sid}/hand-records", json={"content": PBN}).status_code == 200


def test_a_session_board_opened_at_a_table(client: TestClient) -> None:
    login(client)
    sid = set_up(client)
    r = client.post(f"/api/sections/{sid}/tables", json={"round": 2, "table": 3, "board": 1})
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["ns"], body["ew"], body["seq"], body["ew_names"]) == (3, 5, 0, "Player 5a & Player 5b")
    assert body["state"]["deal"] == DEAL and body["state"]["dealer"] == "North"
    again = client.post(f"/api/sections/{sid}/tables", json={"round": 2, "table": 3, "board": 1}).json()
    assert again["token"] == body["token"]  # one stored table per board at a table
    r = client.post(f"/api/sections/{sid}/tables", json={"round": 2, "table": 3, "board": 3})
    assert r.status_code == 422 and r.json()["field"] == "board"
    assert client.post("/api/sections/77/tables", json={"round": 1, "table": 1, "board": 1}).status_code == 404
