"""Accounts, sessions, CSRF and roles, through the API and the pages."""

from __future__ import annotations

from fastapi.testclient import TestClient

from bridge_director.web.accounts import MemoryAccountStore, Role, authenticate
from web.web_support import PASSWORDS, form_token, login


def test_passwords_are_stored_as_argon2_hashes() -> None:
    store = MemoryAccountStore()
    account = store.add("td", "long enough", Role.DIRECTOR)
    assert account.password_hash.startswith("$argon2id$")
    assert "long enough" not in account.password_hash
    assert authenticate(store, "td", "long enough") == account
    assert authenticate(store, "nobody", "long enough") is None


def test_health_needs_no_login(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"status": "ok"}


def test_reads_and_writes_need_a_login(client: TestClient) -> None:
    assert client.get("/api/tables").status_code == 401
    assert client.post("/api/tables", json={"board": 1}).status_code == 401
    page = client.get("/", follow_redirects=False)
    assert page.status_code == 303 and page.headers["location"].startswith("/login")


def test_wrong_password_is_refused(client: TestClient) -> None:
    r = client.post("/api/login", json={"username": "director", "password": "not it"})
    assert r.status_code == 401
    assert client.get("/api/session").status_code == 401


def test_session_cookie_is_secure_httponly_samesite(client: TestClient) -> None:
    r = client.post("/api/login", json={"username": "viewer", "password": PASSWORDS["viewer"]})
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "secure" in cookie and "samesite=strict" in cookie


def test_write_without_csrf_token_is_refused(client: TestClient) -> None:
    login(client)
    del client.headers["X-CSRF-Token"]
    r = client.post("/api/tables", json={"board": 1})
    assert r.status_code == 403 and "CSRF" in r.json()["detail"]
    client.headers["X-CSRF-Token"] = "forged"
    assert client.post("/api/tables", json={"board": 1}).status_code == 403


def test_roles(client: TestClient) -> None:
    login(client, "viewer")
    r = client.post("/api/tables", json={"board": 1})
    assert r.status_code == 403 and "viewer" in r.json()["detail"]
    assert client.get("/api/tables").status_code == 200
    login(client, "scorer")
    assert client.post("/api/tables", json={"board": 1}).status_code == 403
    login(client, "director")
    assert client.post("/api/tables", json={"board": 1}).status_code == 201


def test_page_login_needs_the_form_token_and_logout_ends_the_session(client: TestClient) -> None:
    page = client.get("/login")
    bad = client.post("/login", data={"username": "director", "password": PASSWORDS["director"],
                                      "csrf_token": "wrong"})
    assert bad.status_code == 403
    ok = client.post("/login", data={"username": "director", "password": PASSWORDS["director"],
                                     "csrf_token": form_token(page.text)}, follow_redirects=False)
    assert ok.status_code == 303
    home = client.get("/")
    assert home.status_code == 200 and "Open the board" in home.text
    out = client.post("/logout", data={"csrf_token": form_token(home.text)}, follow_redirects=False)
    assert out.status_code == 303
    assert client.get("/", follow_redirects=False).status_code == 303


def test_login_redirect_stays_on_this_site(client: TestClient) -> None:
    page = client.get("/login?next=//evil.example/")
    assert 'value="/"' in page.text and "evil" not in page.text


def test_security_headers(client: TestClient) -> None:
    r = client.get("/login")
    assert r.headers["x-frame-options"] == "DENY"
    assert "script-src 'self'" in r.headers["content-security-policy"]
