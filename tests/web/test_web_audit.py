"""The audit log through the app: logins (right and wrong), logouts, account changes, rulings, results and
corrections, appeals, each with who and from where; the director's page with its filters and its CSV and JSON
export; a ruling's page shows who recorded it."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from bridge_director.register import AuditEntry, Register
from bridge_director.web import create_app
from bridge_director.web.accounts import Role
from bridge_director.web.db_accounts import DatabaseAccountStore
from bridge_director.web.settings import WebSettings
from web.test_web_session_api import result, set_up
from web.web_support import PASSWORDS, form_token, login


@pytest.fixture
def audited(tmp_path: Path) -> Iterator[FastAPI]:
    """Accounts in the register itself (an account change and its entry in one transaction)."""
    register = Register(f"sqlite:///{tmp_path / 'register.sqlite3'}")
    store = DatabaseAccountStore(register)
    for role in Role:
        store.add(role.value, PASSWORDS[role.value], role)
    yield create_app(WebSettings(secret_key="k" * 32), store, register=register)
    register.close()


def at(app: FastAPI, address: str) -> TestClient:
    return TestClient(app, base_url="https://testserver", client=(address, 40000))


def entries(app: FastAPI) -> list[tuple[str, str, str, str]]:
    """(actor, kind, target, address) of every entry, oldest first."""
    register: Register = app.state.server_register
    with register.transaction() as db:
        return [(e.actor, e.kind, e.target, e.address) for e in db.scalars(select(AuditEntry).order_by(AuditEntry.id))]


def test_logins_refused_logins_and_logouts(audited: FastAPI) -> None:
    c = at(audited, "192.0.2.10")
    assert c.post("/api/login", json={"username": "Scorer", "password": "wrong password"}).status_code == 401
    login(c, "scorer")
    assert c.post("/api/logout").status_code == 204
    assert entries(audited) == [("scorer", "login refused", "", "192.0.2.10"), ("scorer", "login", "", "192.0.2.10"),
                                ("scorer", "logout", "", "192.0.2.10")]


def test_account_changes_are_logged_with_the_director(audited: FastAPI) -> None:
    c = at(audited, "192.0.2.10")
    token = form_token(c.get("/login").text)
    c.post("/login", data={"username": "director", "password": PASSWORDS["director"], "csrf_token": token})
    token = form_token(c.get("/accounts").text)
    c.post("/accounts", data={"csrf_token": token, "username": "scorer2", "role": "scorer"})
    c.post("/accounts/scorer2/reset", data={"csrf_token": token})
    c.post("/accounts/scorer2/role", data={"csrf_token": token, "role": "viewer"})
    c.post("/accounts/scorer2/deactivate", data={"csrf_token": token})
    c.post("/accounts/nobody-here/deactivate", data={"csrf_token": token})  # refused: nothing logged
    register: Register = audited.state.server_register
    with register.transaction() as db:
        logged = [(e.actor, e.kind, e.target, e.detail) for e in db.scalars(
            select(AuditEntry).where(AuditEntry.kind == "account").order_by(AuditEntry.id))]
    assert logged == [("director", "account", "account scorer2", "created (scorer)"),
                      ("director", "account", "account scorer2", "password reset; open sessions ended"),
                      ("director", "account", "account scorer2", "role scorer -> viewer; open sessions ended"),
                      ("director", "account", "account scorer2", "deactivated; open sessions ended")]


def test_results_corrections_rulings_and_appeals_are_logged(audited: FastAPI) -> None:
    director = at(audited, "192.0.2.10")
    login(director, "director")
    sid = set_up(director)
    scorer = at(audited, "198.51.100.7")
    login(scorer, "scorer")
    row = result(scorer, sid, round=1, table=1, board=1, contract="3NT", declarer="N", tricks=9)
    fixed = scorer.put(f"/api/results/{row['id']}", json={"contract": "3NT", "declarer": "N", "tricks": 10,
                                                          "version": 1, "reason": "slip"})
    assert fixed.status_code == 200
    refused = scorer.put(f"/api/results/{row['id']}", json={"contract": "3NT", "declarer": "N", "tricks": 8,
                                                            "version": 1, "reason": "stale"})
    assert refused.status_code == 409  # refused: not logged
    made = director.post(f"/api/results/{row['id']}/ruling", json={"laws": "73C", "decision": None})
    assert made.status_code == 201
    ruling_id = made.json()["ruling"]
    appeal = director.post(f"/api/rulings/{ruling_id}/appeal", json={"appeal": "N-S appeal",
                                                                     "outcome": "upheld", "decision": None})
    assert appeal.status_code == 200
    kept = [e for e in entries(audited) if e[1] not in ("login", "login refused", "logout")]
    assert kept == [("scorer", "result", f"result {row['id']}", "198.51.100.7"),
                    ("scorer", "correction", f"result {row['id']}", "198.51.100.7"),
                    ("director", "ruling", f"ruling {ruling_id}", "192.0.2.10"),
                    ("director", "appeal", f"ruling {ruling_id}", "192.0.2.10")]
    page = director.get(f"/sessions/{sid}/rulings/{ruling_id}")
    trail = page.text.split('id="audit-trail"')[1]
    assert "director · ruling: on result" in trail and "director · appeal: upheld" in trail


def test_a_register_ruling_shows_who_recorded_it(register_app: FastAPI, reg_client: TestClient) -> None:
    login(reg_client, "director")
    r = reg_client.post("/api/register/rulings", json={"kind": "mechanical", "director": "Chief TD", "laws": "27",
                                                       "facts": "1C over 1H", "decision": "corrected to 2C"})
    assert r.status_code == 201
    page = reg_client.get(f"/register/rulings/{r.json()['id']}").text
    assert "Chief TD" in page and "director · ruling: recorded" in page.split('id="audit-trail"')[1]
    bad = reg_client.post("/api/register/rulings", json={"kind": "mechanical", "director": "TD", "laws": " ",
                                                         "facts": "x", "decision": "y"})
    assert bad.status_code == 422
    assert [e[1] for e in entries(register_app)].count("ruling") == 1


def test_the_directors_page_filters_and_exports(audited: FastAPI) -> None:
    c = at(audited, "192.0.2.10")
    assert c.post("/api/login", json={"username": "=HYPERLINK(\"http://x\")", "password": "nope"}).status_code == 401
    assert c.post("/api/login", json={"username": "-2+3", "password": "nope nope"}).status_code == 401
    login(c, "viewer")
    assert c.get("/audit").status_code == 403 and c.get("/audit/export").status_code == 403
    login(c, "director")
    page = c.get("/audit")
    assert page.status_code == 200 and page.text.count('data-kind="login"') == 2
    only = c.get("/audit", params={"actor": "viewer"}).text
    assert only.count("<tr data-kind") == 1 and 'data-kind="login"' in only
    refused = c.get("/audit", params={"kind": "login refused"}).text
    assert refused.count("<tr data-kind") == 2 and "-2+3" in refused
    assert "=hyperlink(&#34;http://x&#34;)" in refused  # shown escaped
    assert "No entries match" in c.get("/audit", params={"until": "2000-01-01"}).text
    assert c.get("/audit", params={"since": "yesterday"}).status_code == 422
    exported = c.get("/audit/export", params={"format": "csv", "kind": "login refused"})
    assert exported.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(exported.text)))
    assert rows[0] == ["id", "at", "actor", "kind", "target", "detail", "address"]
    # a formula-like name typed at the login is text in a spreadsheet (newest first)
    assert [r[2] for r in rows[1:]] == ["'-2+3", "'=hyperlink(\"http://x\")"]
    as_json = json.loads(c.get("/audit/export", params={"format": "json"}).text)
    assert [(e["actor"], e["kind"]) for e in as_json] == [("director", "login"), ("viewer", "login"),
                                                          ("-2+3", "login refused"),
                                                          ('=hyperlink("http://x")', "login refused")]


def test_every_table_entry_is_audited_with_who_and_from_where(audited: FastAPI) -> None:
    with at(audited, "10.0.0.9") as client:
        login(client)
        table = client.post("/api/tables", json={"board": 1}).json()["id"]
        assert client.post(f"/api/tables/{table}/entries", json={"kind": "call", "seat": "N", "call": "1S"}
                           ).status_code in (200, 201)
    logged = [e for e in entries(audited) if e[1] == "table entry"]
    assert len(logged) == 1 and logged[0][0] == "director" and logged[0][3] == "10.0.0.9"
    assert logged[0][2].endswith("entry 1")
