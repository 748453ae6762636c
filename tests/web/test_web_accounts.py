"""Accounts management (a director creates, resets, deactivates; argon2 hashes only; CSRF; roles); the login
limit is in test_web_login_limit.py."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridge_director.web import create_app
from bridge_director.web.accounts import Role
from bridge_director.web.db_accounts import DatabaseAccountStore
from bridge_director.web.settings import WebSettings
from web.web_support import PASSWORDS, form_token


def form_login(client: TestClient, username: str, password: str) -> int:
    token = form_token(client.get("/login").text)
    r = client.post("/login", data={"username": username, "password": password, "csrf_token": token},
                    follow_redirects=False)
    return r.status_code


def new_password(html: str) -> str:
    found = re.search(r'<code id="password-value">([^<]+)</code>', html)
    assert found, "no password shown"
    return found.group(1)


def test_a_director_creates_resets_and_deactivates(app: FastAPI, client: TestClient) -> None:
    assert form_login(client, "director", PASSWORDS["director"]) == 303
    page = client.get("/accounts").text
    assert 'data-user="viewer"' in page and 'action="/accounts/director/reset"' not in page  # not his own
    token = form_token(page)
    r = client.post("/accounts", data={"csrf_token": token, "username": "Scorer2", "role": "scorer"})
    assert r.status_code == 200 and "scorer2 (scorer) created" in r.text
    first = new_password(r.text)
    stored = app.state.accounts.get("scorer2")
    assert stored.role is Role.SCORER and stored.password_hash.startswith("$argon2id$")
    assert first not in stored.password_hash
    again = client.post("/accounts", data={"csrf_token": token, "username": "scorer2", "role": "scorer"})
    assert again.status_code == 422 and "already an account" in again.text
    refused = client.post("/accounts", data={"csrf_token": token, "username": "td2", "role": "director"})
    assert refused.status_code == 422 and app.state.accounts.get("td2") is None
    second = new_password(client.post("/accounts/scorer2/reset", data={"csrf_token": token}).text)
    assert second != first
    other = TestClient(app, base_url="https://testserver")
    assert form_login(other, "scorer2", first) == 401 and form_login(other, "scorer2", second) == 303
    r = client.post("/accounts/scorer2/deactivate", data={"csrf_token": token})
    assert "scorer2 deactivated" in r.text
    assert other.get("/", follow_redirects=False).status_code == 303  # the open session has ended
    assert form_login(TestClient(app, base_url="https://testserver"), "scorer2", second) == 401
    assert client.post("/accounts/director/deactivate", data={"csrf_token": token}).status_code == 422


def test_only_directors_with_the_csrf_token(app: FastAPI, client: TestClient) -> None:
    assert form_login(client, "scorer", PASSWORDS["scorer"]) == 303
    assert client.get("/accounts").status_code == 403
    director = TestClient(app, base_url="https://testserver")
    form_login(director, "director", PASSWORDS["director"])
    r = director.post("/accounts", data={"username": "viewer2", "role": "viewer"})
    assert r.status_code == 403 and app.state.accounts.get("viewer2") is None


def test_accounts_in_the_register_are_listed_and_deactivated(tmp_path: Path) -> None:
    from bridge_director.register import Register

    register = Register(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    store = DatabaseAccountStore(register)
    store.add("td", "director-pass-9", Role.DIRECTOR)
    store.add("board-viewer", "viewer-pass-9", Role.VIEWER)
    app = create_app(WebSettings(secret_key="k" * 32), store, register=register)
    with TestClient(app, base_url="https://testserver") as client:
        form_login(client, "td", "director-pass-9")
        token = form_token(client.get("/accounts").text)
        client.post("/accounts/board-viewer/deactivate", data={"csrf_token": token})
        assert [(a.username, a.active) for a in store.all()] == [("board-viewer", False), ("td", True)]
        assert form_login(TestClient(app, base_url="https://testserver"), "board-viewer", "viewer-pass-9") == 401
    register.close()
