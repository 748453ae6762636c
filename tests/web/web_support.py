"""Helpers for the web tests: known accounts, logging in, CSRF tokens, screenshots."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridge_director.web import create_app
from bridge_director.web.accounts import MemoryAccountStore, Role
from bridge_director.web.settings import WebSettings

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
PASSWORDS = {"director": "director-pass-1", "scorer": "scorer-pass-1", "viewer": "viewer-pass-1"}


def make_app() -> FastAPI:
    accounts = MemoryAccountStore()
    for role in Role:
        accounts.add(role.value, PASSWORDS[role.value], role)
    return create_app(WebSettings(secret_key="test-secret-key-0123456789"), accounts)


def login(client: TestClient, role: str = "director") -> str:
    """Log in through the API; sets the CSRF header on the client and returns the token."""
    r = client.post("/api/login", json={"username": role, "password": PASSWORDS[role]})
    assert r.status_code == 200, r.text
    token: str = r.json()["csrf_token"]
    client.headers["X-CSRF-Token"] = token
    return token


def form_token(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found, "no CSRF token in the page"
    return found.group(1)


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def browser_login(page: Any, base: str, role: str = "director") -> None:
    page.goto(base + "/")
    page.fill("input[name=username]", role)
    page.fill("input[name=password]", PASSWORDS[role])
    page.click("button:has-text('Log in')")
    page.wait_for_selector("header.top nav")  # logged in: the home page (tonight's session, or the tables)


def make_register_app(folder: Path) -> FastAPI:
    """The test accounts on an app whose SQLite register in ``folder`` holds the demo event."""
    from bridge_director.register import Register
    from bridge_director.web.demo_data import load_demo

    register = Register(f"sqlite:///{folder / 'register.sqlite3'}")
    load_demo(register)
    accounts = MemoryAccountStore()
    for role in Role:
        accounts.add(role.value, PASSWORDS[role.value], role)
    return create_app(WebSettings(secret_key="test-secret-key-0123456789"), accounts, register=register)


def enter(page: Any, selector: str) -> None:
    """Click a control that enters something at the table and wait for the page to show the stored state: the
    entry count drawn into the page changes (or a refusal shows), so the next tap never comes from a stale page
    (which the server would refuse as another device's conflict)."""
    before = page.evaluate("() => document.querySelector('input[name=expected]')?.value ?? null")
    page.click(selector)
    page.wait_for_load_state("networkidle")
    if before is not None:
        page.wait_for_function(
            "b => { const e = document.querySelector('input[name=expected]');"
            " return !e || e.value !== b || document.querySelector('#error, .conflict') !== null; }", arg=before)
