"""An account's full name on the accounts page (given at creation, changed with its own small form, audited, kept
by a reset; too long or two lines refused naming the field), and the written ruling (page, PDF text, JSON) showing
the director's name instead of the login, for a ruling made before the name was given too."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from bridge_director.club.ruling_pdf import ruling_lines
from bridge_director.club.written_ruling import written_ruling
from bridge_director.register import AuditEntry, Register, Ruling
from bridge_director.web import create_app
from bridge_director.web.accounts import Role
from bridge_director.web.db_accounts import DatabaseAccountStore
from bridge_director.web.settings import WebSettings
from web.test_web_session_rulings import evening, ruled
from web.web_support import PASSWORDS, form_token

TD_PASSWORD = "td-password-1"


@pytest.fixture
def named(tmp_path: Path) -> Iterator[FastAPI]:
    """Accounts in the app's own register (as the live server and the demo keep them): the test accounts and
    ``td``, a director called Jane Director."""
    register = Register(f"sqlite:///{tmp_path / 'register.sqlite3'}")
    store = DatabaseAccountStore(register)
    for role in Role:
        store.add(role.value, PASSWORDS[role.value], role)
    store.add("td", TD_PASSWORD, Role.DIRECTOR, "Jane Director")
    yield create_app(WebSettings(secret_key="k" * 32), store, register=register)
    register.close()


def client_of(app: FastAPI, username: str, password: str) -> TestClient:
    """A client logged in through the login form."""
    client = TestClient(app, base_url="https://testserver")
    token = form_token(client.get("/login").text)
    r = client.post("/login", data={"username": username, "password": password, "csrf_token": token},
                    follow_redirects=False)
    assert r.status_code == 303
    return client


def account_log(app: FastAPI) -> list[tuple[str, str, str]]:
    register: Register = app.state.server_register
    with register.transaction() as db:
        return [(e.actor, e.target, e.detail) for e in db.scalars(
            select(AuditEntry).where(AuditEntry.kind == "account").order_by(AuditEntry.id))]


def test_an_account_is_created_with_a_full_name_and_the_name_is_changed(named: FastAPI) -> None:
    store = named.state.accounts
    c = client_of(named, "director", PASSWORDS["director"])
    page = c.get("/accounts").text
    assert 'name="full_name"' in page and 'value="Jane Director"' in page
    token = form_token(page)
    r = c.post("/accounts", data={"csrf_token": token, "username": "scorer2", "role": "scorer",
                                  "full_name": "  Sam  Scorer "})
    assert r.status_code == 200 and "scorer2 (scorer) created for Sam  Scorer" in html.unescape(r.text)
    assert store.get("scorer2").full_name == "Sam  Scorer"  # stripped, as typed inside
    scorer = client_of(named, "scorer2", html.unescape(r.text).split('<code id="password-value">')[1].split("<")[0])

    r = c.post("/accounts/scorer2/name", data={"csrf_token": token, "full_name": "Samantha Scorer"})
    assert r.status_code == 200 and "scorer2&#39;s full name is now Samantha Scorer" in r.text
    assert store.get("scorer2").full_name == "Samantha Scorer"
    assert scorer.get("/", follow_redirects=False).status_code == 200  # a name is no credential: still logged in
    r = c.post("/accounts/director/name", data={"csrf_token": token, "full_name": "Pat Head-Director"})
    assert r.status_code == 200 and store.get("director").full_name == "Pat Head-Director"  # one's own name too
    assert c.get("/accounts").status_code == 200  # and the director's own session goes on

    c.post("/accounts/scorer2/reset", data={"csrf_token": token})
    c.post("/accounts/scorer2/role", data={"csrf_token": token, "role": "viewer"})
    assert (store.get("scorer2").role, store.get("scorer2").full_name) == (Role.VIEWER, "Samantha Scorer")
    r = c.post("/accounts/scorer2/name", data={"csrf_token": token, "full_name": "  "})
    assert r.status_code == 200 and "the written rulings show the login" in r.text
    assert store.get("scorer2").full_name == ""
    assert account_log(named) == [
        ("director", "account scorer2", "created (scorer), full name 'Sam  Scorer'"),
        ("director", "account scorer2", "full name 'Sam  Scorer' -> 'Samantha Scorer'"),
        ("director", "account director", "full name 'Pat Head-Director'"),
        ("director", "account scorer2", "password reset; open sessions ended"),
        ("director", "account scorer2", "role scorer -> viewer; open sessions ended"),
        ("director", "account scorer2", "full name 'Samantha Scorer' -> ''")]


@pytest.mark.parametrize(("full_name", "message"), [
    ("x" * 101, "full_name: the full name is at most 100 characters"),
    ("Jane\nDirector", "full_name: the full name is one line of printable characters"),
])
def test_a_bad_full_name_is_refused_naming_the_field(named: FastAPI, full_name: str, message: str) -> None:
    store = named.state.accounts
    c = client_of(named, "director", PASSWORDS["director"])
    token = form_token(c.get("/accounts").text)
    before = account_log(named)
    r = c.post("/accounts", data={"csrf_token": token, "username": "scorer3", "role": "scorer",
                                  "full_name": full_name})
    assert r.status_code == 422 and message in r.text and store.get("scorer3") is None
    r = c.post("/accounts/td/name", data={"csrf_token": token, "full_name": full_name})
    assert r.status_code == 422 and message in r.text and store.get("td").full_name == "Jane Director"
    assert c.post("/accounts/td/name", data={"csrf_token": token, "full_name": "x" * 100}).status_code == 200
    longest = "x" * 100
    assert account_log(named)[len(before):] == [("director", "account td", f"full name 'Jane Director' -> {longest!r}")]


def test_only_a_director_names_an_account(named: FastAPI) -> None:
    scorer = client_of(named, "scorer", PASSWORDS["scorer"])
    r = scorer.post("/accounts/scorer/name", data={"full_name": "Sam"})
    assert r.status_code == 403 and named.state.accounts.get("scorer").full_name == ""
    director = client_of(named, "director", PASSWORDS["director"])
    r = director.post("/accounts/nobody/name", data={"csrf_token": form_token(director.get("/accounts").text),
                                                     "full_name": "Nobody"})
    assert r.status_code == 422 and "no account called" in html.unescape(r.text)


def test_the_written_ruling_shows_the_directors_name_not_the_login(named: FastAPI) -> None:
    with TestClient(named, base_url="https://testserver") as client:
        sid = evening(client)  # set up by the director (no name yet)
        td = client_of(named, "td", TD_PASSWORD)
        ruling, _ = ruled(td, sid)
        page = td.get(f"/sessions/{sid}/rulings/{ruling}").text
        assert 'id="director">Jane Director, ' in page and 'id="director">td,' not in page
        written = td.get(f"/api/rulings/{ruling}/written").json()
        assert written["director"] == "Jane Director"
        pdf = td.get(f"/sessions/{sid}/rulings/{ruling}.pdf")
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
        register: Register = named.state.register
        with register.transaction() as db:
            w = written_ruling(db, ruling)
        assert ("Director", f"Jane Director, {w.ruled_at} UTC") in ruling_lines(w)  # the PDF's lines

        with register.transaction() as db:
            stored = db.get(Ruling, ruling)
            assert stored is not None and stored.director == "td"  # the login is stored: the audit key

        # the name is found when the ruling is written: a new name shows on an old ruling, and no name the login
        director = client_of(named, "director", PASSWORDS["director"])
        token = form_token(director.get("/accounts").text)
        director.post("/accounts/td/name", data={"csrf_token": token, "full_name": "Jane Q. Director"})
        assert 'id="director">Jane Q. Director, ' in td.get(f"/sessions/{sid}/rulings/{ruling}").text
        director.post("/accounts/td/name", data={"csrf_token": token, "full_name": ""})
        assert 'id="director">td, ' in td.get(f"/sessions/{sid}/rulings/{ruling}").text
