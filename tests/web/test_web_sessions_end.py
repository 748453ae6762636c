"""Sessions that end: a logout, a password reset, a change of role and a deactivation end every session of the
account at once (an old cookie replayed included); the signing key is stored in the register, so a login
survives a restart and works on a second worker."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient
from itsdangerous import TimestampSigner

from bridge_director.register import Register
from bridge_director.register.transfer import export_register
from bridge_director.web import create_app
from bridge_director.web.accounts import Role
from bridge_director.web.db_accounts import DatabaseAccountStore
from bridge_director.web.settings import WebSettings
from web.web_support import PASSWORDS, form_token, login


def client(app: FastAPI) -> TestClient:
    return TestClient(app, base_url="https://testserver")


def logged_in(app: FastAPI, role: str) -> TestClient:
    c = client(app)
    login(c, role)
    return c


def cookie_of(c: TestClient) -> str:
    value = c.cookies.get("bd_session")
    assert value
    return value


def replay(app: FastAPI, cookie: str) -> int:
    """A fresh client sending an old cookie: the status of ``GET /api/session``."""
    return client(app).get("/api/session", headers={"Cookie": f"bd_session={cookie}"}).status_code


def test_logout_ends_every_session_of_the_account(app: FastAPI) -> None:
    phone, laptop, other = logged_in(app, "scorer"), logged_in(app, "scorer"), logged_in(app, "viewer")
    old = cookie_of(phone)
    assert replay(app, old) == 200  # a copied cookie works while the session lives
    assert phone.post("/api/logout").status_code == 204
    assert phone.get("/api/session").status_code == 401
    assert laptop.get("/api/session").status_code == 401  # the scorer's other device too
    assert replay(app, old) == 401  # and the cookie copied before the logout
    assert other.get("/api/session").status_code == 200  # another account is untouched
    assert logged_in(app, "scorer").get("/api/session").json()["username"] == "scorer"  # a new login works


def test_the_logout_page_ends_the_sessions_too(app: FastAPI) -> None:
    laptop, phone = logged_in(app, "director"), client(app)
    token = form_token(phone.get("/login").text)
    phone.post("/login", data={"username": "director", "password": PASSWORDS["director"], "csrf_token": token})
    home = phone.get("/")
    assert phone.post("/logout", data={"csrf_token": form_token(home.text)}, follow_redirects=False).status_code == 303
    assert laptop.get("/api/session").status_code == 401


def new_password(html: str) -> str:
    found = re.search(r'<code id="password-value">([^<]+)</code>', html)
    assert found
    return found.group(1)


def director_page(app: FastAPI) -> tuple[TestClient, str]:
    director = client(app)
    token = form_token(director.get("/login").text)
    director.post("/login", data={"username": "director", "password": PASSWORDS["director"], "csrf_token": token})
    return director, form_token(director.get("/accounts").text)


def test_a_password_reset_ends_the_accounts_sessions(app: FastAPI) -> None:
    scorer = logged_in(app, "scorer")
    old = cookie_of(scorer)
    director, token = director_page(app)
    reset = director.post("/accounts/scorer/reset", data={"csrf_token": token})
    assert reset.status_code == 200
    assert scorer.get("/api/session").status_code == 401 and replay(app, old) == 401
    fresh = client(app)
    answer = fresh.post("/api/login", json={"username": "scorer", "password": new_password(reset.text)})
    assert answer.status_code == 200
    assert director.get("/api/session").status_code == 200  # the director's own session goes on


def test_a_change_of_role_ends_the_accounts_sessions(app: FastAPI) -> None:
    scorer = logged_in(app, "scorer")
    director, token = director_page(app)
    changed = director.post("/accounts/scorer/role", data={"csrf_token": token, "role": "viewer"})
    assert changed.status_code == 200 and "scorer is now a viewer" in changed.text
    assert scorer.get("/api/session").status_code == 401
    again = logged_in(app, "scorer")
    assert again.get("/api/session").json()["role"] == "viewer"
    assert again.post("/api/sections/upload", data={"event": "x"}, files={"file": ("a.csv", b"", "text/csv")}
                      ).status_code == 403
    same = director.post("/accounts/scorer/role", data={"csrf_token": token, "role": "viewer"})
    assert same.status_code == 422 and "already a viewer" in same.text


def signed(session: dict[str, object]) -> str:
    """A session cookie as the app signs it with the test key (Starlette: base64 JSON, itsdangerous timestamp)."""
    payload = base64.b64encode(json.dumps(session).encode())
    return TimestampSigner("test-secret-key-0123456789").sign(payload).decode()


def test_a_cookie_without_the_accounts_generation_is_refused(app: FastAPI) -> None:
    """A cookie signed with the right key logs in only in the account's present generation."""
    assert replay(app, signed({"user": "director", "gen": 0, "csrf": "t"})) == 200  # as the app makes them
    assert replay(app, signed({"user": "director", "csrf": "t"})) == 401  # made before generations
    assert replay(app, signed({"user": "director", "gen": "0", "csrf": "t"})) == 401
    app.state.accounts.end_sessions("director")
    assert replay(app, signed({"user": "director", "gen": 0, "csrf": "t"})) == 401
    assert replay(app, signed({"user": "director", "gen": 1, "csrf": "t"})) == 200


def register_app(register: Register, **settings: object) -> FastAPI:
    return create_app(WebSettings(**settings), DatabaseAccountStore(register), register=register)  # type: ignore[arg-type]


def test_the_signing_key_is_stored_so_logins_survive_a_restart_and_cross_workers(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'register.sqlite3'}"
    first = Register(url)
    DatabaseAccountStore(first).add("director", PASSWORDS["director"], Role.DIRECTOR)
    worker_one = register_app(first)  # no secret_key given: the register's
    second = Register(url)
    worker_two = register_app(second)
    c = logged_in(worker_one, "director")
    cookie = cookie_of(c)
    assert replay(worker_two, cookie) == 200  # the other worker accepts the login
    first.close()
    restarted = Register(url)
    assert replay(register_app(restarted), cookie) == 200  # so does the server after a restart
    assert client(worker_two).post("/api/login", json={"username": "director", "password": PASSWORDS["director"]}
                                   ).status_code == 200
    # a logout on one worker ends the session on the other
    headers = {"Cookie": f"bd_session={cookie}", "X-CSRF-Token": c.headers["X-CSRF-Token"]}
    assert client(worker_two).post("/api/logout", headers=headers).status_code == 204
    assert replay(worker_one, cookie) == 401
    # the key never leaves in an export, and an app given its own key does not accept the stored key's cookies
    with restarted.transaction() as db:
        exported = export_register(db)
    assert "server_secrets" not in exported["tables"] and "login_failures" not in exported["tables"]
    assert replay(register_app(restarted, secret_key="another key entirely"), cookie_of(logged_in(worker_two,
                                                                                                  "director"))) == 401
    restarted.close()
    second.close()
