"""A second device (the scorer's desk) sees a table's new entries within 2 s without a reload, on a server of two
worker processes sharing one register: the page polls the stored entry count (any worker reads the same), and
draws the table again when it grew.  Both ways: the director's phone sees the desk's entries too."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge_director.register import Register
from bridge_director.web.accounts import Role
from bridge_director.web.db_accounts import DatabaseAccountStore
from serverkit import login as api_client
from serverkit import start_server
from web.web_support import PASSWORDS, browser_login, shot

SERVER = Path(__file__).with_name("workers_server.py")
SEEN_WITHIN_MS = 2_000
BID = "#bidding-box button[value='{}']"


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[str]:
    """The register in a SQLite file served by two worker processes; its base URL."""
    url = f"sqlite:///{tmp_path / 'register.sqlite3'}"
    register = Register(url)
    accounts = DatabaseAccountStore(register)
    for role in (Role.DIRECTOR, Role.SCORER):
        accounts.add(role.value, PASSWORDS[role.value], role)
    register.close()
    child, base = start_server(SERVER, url, "2")
    try:
        yield base
    finally:
        os.killpg(child.pid, signal.SIGTERM)
        child.wait(timeout=30)


def device(browser: Any) -> Any:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def log_of(page: Any) -> list[str]:
    lines: list[str] = page.inner_text("#log").splitlines()
    return lines


def test_the_scorers_desk_sees_new_entries_within_two_seconds(browser: Any, two_workers: str) -> None:
    base = two_workers
    phone, desk = device(browser), device(browser)
    try:
        browser_login(phone, base)
        phone.fill("input[name=board]", "1")
        phone.click("button:has-text('Open the board')")
        phone.wait_for_selector("#table-page[data-live=on]")
        table_id = phone.get_attribute("#table-page", "data-table")
        browser_login(desk, base, "scorer")
        desk.goto(f"{base}/tables/{table_id}")
        desk.wait_for_selector("#table-page[data-live=on]")
        desk.evaluate("window.samePage = 'yes'")
        assert desk.query_selector("#bidding-box") is None  # a scorer reads the table, does not enter

        for n, call in enumerate(("1H", "Pass", "2H"), start=1):
            phone.click(BID.format(call))
            phone.wait_for_selector(f"#table-page[data-seq='{n}']")  # stored now
            desk.wait_for_selector(f"#table-page[data-seq='{n}']", timeout=SEEN_WITHIN_MS)
            assert log_of(desk) == log_of(phone)
        assert log_of(desk) == ["North: 1H", "East: Pass", "South: 2H"]
        assert desk.evaluate("window.samePage") == "yes"  # drawn again in place, never reloaded
        shot(desk, "phone-second-device-desk")

        api = api_client(base, PASSWORDS["director"])  # another device enters: the phone sees it too
        try:
            r = api.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": "Pass", "expected": 3})
            assert r.status_code == 200, r.text
        finally:
            api.close()
        phone.wait_for_selector("#table-page[data-seq='4']", timeout=SEEN_WITHIN_MS)
        desk.wait_for_selector("#table-page[data-seq='4']", timeout=SEEN_WITHIN_MS)
        assert log_of(phone)[-1] == log_of(desk)[-1] == "West: Pass"
        phone.click(BID.format("Pass"))  # the phone's page is current: no conflict
        phone.wait_for_selector("#table-page[data-seq='5']")
        assert phone.query_selector("#conflict") is None
    finally:
        phone.context.close()
        desk.context.close()
