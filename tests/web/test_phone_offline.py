"""The phone loses the connection at the table: the app installs (manifest and service worker), the table page
keeps taking entries into its queue (IndexedDB) and says they wait, a reload offline still shows the table and
its queue, and when the connection is back the entries go in order, and the stored log is exactly the entries
made, once each.  A lost answer is sent again with its key and stored once; another device's entry meanwhile is
a conflict shown with the waiting entries (entered after it, or discarded); a refused entry is said, and those
made after it wait for the director."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi import FastAPI
from sqlalchemy import select

from bridge_director.model import Call
from bridge_director.register.models import TableBoard, TableEntry
from bridge_director.table.events import CallMade
from bridge_director.web.server import background
from web.gatekit import Gate
from web.phone_survey import problems
from web.web_support import browser_login, make_app, shot

BID = "#bidding-box button[value='{}']"


#: the gate in front of each served app, by the base URL the browser uses
GATES: dict[str, Gate] = {}


@pytest.fixture
def served() -> Iterator[tuple[FastAPI, str]]:
    """The app, served behind a gate (``gatekit``): going offline drops the connection at the socket too."""
    app = make_app()
    with background(app) as upstream:
        gate = Gate(upstream)
        GATES[gate.url] = gate
        try:
            yield app, gate.url
        finally:
            GATES.pop(gate.url).stop()


def gate_of(context: Any) -> Gate:
    """The gate the context's pages are served through."""
    for page in context.pages:
        parts = urlsplit(page.url)
        found = GATES.get(f"{parts.scheme}://{parts.netloc}")
        if found is not None:
            return found
    raise AssertionError("no page of this context is served through a gate")


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    yield context
    context.close()


def open_table(page: Any, base: str, board: int = 1) -> str:
    """Log in, open ``board`` and wait until the service worker controls the page and keeps a copy of it."""
    page.set_default_timeout(30_000)
    browser_login(page, base)
    page.fill("input[name=board]", str(board))
    page.click("button:has-text('Open the board')")
    page.wait_for_selector("#table-page[data-live=on]")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    for _ in range(300):  # the service worker keeps its copy of the page a moment later
        if page.evaluate("caches.match(location.pathname).then(r => r !== undefined)"):
            break
        page.wait_for_timeout(100)
    assert page.evaluate("caches.match(location.pathname).then(r => r !== undefined)"), "the page was not kept"
    table_id: str = page.get_attribute("#table-page", "data-table")
    return table_id


ENTRIES = "**/tables/*/entries"


def cut(route: Any) -> None:
    route.abort("internetdisconnected")


def go_offline(context: Any, page: Any) -> None:
    """Drop the connection, and wait until a POST from the page (through its service worker) really fails.  The
    network emulation alone has let a request through now and then (a first one, one just after a reload), and a
    test of "nothing sent while offline" must not depend on that: the entries are also cut at the browser's
    request routing, and every connection is dropped at the gate in front of the server."""
    context.route(ENTRIES, cut)
    context.set_offline(True)
    gate_of(context).shut()
    probe = "() => fetch('/api/health', {method: 'POST'}).then(() => 'through', () => 'failed')"
    for _ in range(100):
        if page.evaluate(probe) == "failed":
            return
        page.wait_for_timeout(50)
    raise AssertionError("the browser still reaches the server")


def back_online(context: Any) -> None:
    gate_of(context).reopen()
    context.unroute(ENTRIES, cut)
    context.set_offline(False)


def stored(app: FastAPI, table_id: str) -> list[tuple[str, str]]:
    """The stored log: (seat, call) of each call entered, in order."""
    return [(c.seat.letter, str(c.call)) for c in app.state.tables.get(table_id).state.calls]


def keys(app: FastAPI, table_id: str) -> list[str | None]:
    with app.state.tables.register.transaction() as db:
        return list(db.scalars(select(TableEntry.key).join(TableBoard).where(TableBoard.token == table_id)
                               .order_by(TableEntry.seq)))


def queued(page: Any) -> int:
    """The entries kept in the phone's IndexedDB queue."""
    found: int = page.evaluate("""() => new Promise((resolve) => {
        const open = indexedDB.open("bridge-director", 1);
        open.onsuccess = () => { const r = open.result.transaction("entries").objectStore("entries").count();
                                 r.onsuccess = () => resolve(r.result); }; })""")
    return found


def waiting(page: Any, n: int) -> list[str]:
    page.wait_for_function("n => document.querySelectorAll('#sync-list li').length === n", arg=n)
    labels: list[str] = page.eval_on_selector_all("#sync-list li", "es => es.map(e => e.textContent)")
    return labels


def other_device_enters(app: FastAPI, table_id: str, call: str) -> None:
    table = app.state.tables.get(table_id)
    table.enter(CallMade(table.state.next_seat, Call.parse(call), table.state.laws), by="scorer")


def test_the_app_installs(phone: Any, served: tuple[FastAPI, str]) -> None:
    _, url = served
    page = phone.new_page()
    open_table(page, url)
    path = page.evaluate("location.pathname")
    cdp = phone.new_cdp_session(page)
    errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    assert [e for e in errors if e != "in-incognito"] == []  # a test browser's context is incognito: not the app's
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/static/manifest.json") and manifest["errors"] == []
    assert json.loads(manifest["data"])["display"] == "standalone"
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => new URL(r.scope).pathname)") == "/"
    page.click("button:has-text('Log out')")  # the next person on this phone finds no page of this one
    page.wait_for_selector("h1:has-text('Log in')")
    kept = "p => caches.match(p).then(r => r !== undefined)"
    for _ in range(100):
        if not page.evaluate(kept, path):
            break
        page.wait_for_timeout(50)
    assert not page.evaluate(kept, path)


def test_entries_made_offline_wait_and_go_once_each(phone: Any, served: tuple[FastAPI, str]) -> None:
    app, url = served
    page = phone.new_page()
    table_id = open_table(page, url)
    go_offline(phone, page)
    for n, call in enumerate(("1H", "Pass", "2H"), start=1):
        page.click(BID.format(call))
        assert waiting(page, n)[-1] == {"1H": "1♥", "2H": "2♥"}.get(call, call)
    assert "3 entries waiting (offline" in page.inner_text("#sync")
    assert problems(page, "the table offline") == []  # the bar fits, reads and taps like the rest
    shot(page, "phone-offline-entries-waiting")
    assert stored(app, table_id) == [] and queued(page) == 3

    page.reload()  # offline: the service worker answers with the kept page, the queue is read again
    page.wait_for_selector("#table-page[data-live=on]")
    assert waiting(page, 3) == ["1♥", "Pass", "2♥"]
    page.click(BID.format("Pass"))
    assert waiting(page, 4)[-1] == "Pass"
    assert stored(app, table_id) == []

    back_online(phone)
    page.wait_for_selector("#table-page[data-seq='4'][data-live=on]")
    page.wait_for_selector("#sync", state="hidden")
    assert stored(app, table_id) == [("N", "1H"), ("E", "Pass"), ("S", "2H"), ("W", "Pass")]
    assert len(set(keys(app, table_id))) == 4 and None not in keys(app, table_id)
    assert page.inner_text("#log").splitlines() == ["North: 1H", "East: Pass", "South: 2H", "West: Pass"]
    assert queued(page) == 0


def test_a_lost_answer_is_sent_again_and_stored_once(browser: Any, served: tuple[FastAPI, str]) -> None:
    app, url = served
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        browser_login(page, url)
        page.fill("input[name=board]", "1")
        page.click("button:has-text('Open the board')")
        page.wait_for_selector("#table-page[data-live=on]")
        table_id = page.get_attribute("#table-page", "data-table")
        sent: list[str] = []

        def lose_the_first_answer(route: Any) -> None:
            sent.append(dict(p.split("=", 1) for p in route.request.post_data.split("&"))["key"])
            if len(sent) == 1:
                route.fetch()  # the server stores the entry...
                route.abort("internetdisconnected")  # ...and the phone never hears of it
            else:
                route.continue_()

        page.route("**/tables/*/entries", lose_the_first_answer)
        page.click(BID.format("1NT"))
        assert waiting(page, 1) == ["1NT"]  # no answer: the entry waits
        assert stored(app, table_id) == [("N", "1NT")]
        page.evaluate("window.dispatchEvent(new Event('online'))")  # the connection is back: sent again
        page.wait_for_selector("#table-page[data-seq='1']")
        page.wait_for_selector("#sync", state="hidden")
        assert len(sent) == 2 and sent[0] == sent[1]  # the same key twice
        assert stored(app, table_id) == [("N", "1NT")] and keys(app, table_id) == [sent[0]]
        page.click(BID.format("Pass"))
        page.wait_for_selector("#table-page[data-seq='2']")
        assert stored(app, table_id) == [("N", "1NT"), ("E", "Pass")]
    finally:
        context.close()


def test_another_devices_entry_meanwhile_is_a_conflict_shown(phone: Any, served: tuple[FastAPI, str]) -> None:
    app, url = served
    page = phone.new_page()
    table_id = open_table(page, url)
    go_offline(phone, page)
    page.click(BID.format("1H"))
    waiting(page, 1)
    other_device_enters(app, table_id, "Pass")  # the scorer enters North's pass meanwhile
    back_online(phone)
    page.wait_for_selector("#sync-conflict")
    assert "Another device entered at this table while 1 entry of yours waited" in page.inner_text("#sync")
    assert waiting(page, 1) == ["1♥"]
    assert page.is_visible("#conflict")  # the page says it too, above the table as stored now
    assert page.inner_text("#log").splitlines() == ["North: Pass"]
    assert stored(app, table_id) == [("N", "Pass")]  # nothing of this phone's was entered
    shot(page, "phone-conflict-shown")
    assert problems(page, "the conflict") == []
    page.click("#sync-send")  # the director's 1♥ after it: East's call now
    page.wait_for_selector("#table-page[data-seq='2']")
    page.wait_for_selector("#sync", state="hidden")
    assert stored(app, table_id) == [("N", "Pass"), ("E", "1H")]

    go_offline(phone, page)
    page.click(BID.format("2H"))
    waiting(page, 1)
    other_device_enters(app, table_id, "Pass")
    back_online(phone)
    page.wait_for_selector("#sync-conflict")
    page.click("#sync-discard")
    page.wait_for_selector("#sync", state="hidden")
    assert stored(app, table_id) == [("N", "Pass"), ("E", "1H"), ("S", "Pass")]
    assert queued(page) == 0


def test_a_refused_entry_is_said_and_those_after_it_wait(phone: Any, served: tuple[FastAPI, str]) -> None:
    app, url = served
    page = phone.new_page()
    table_id = open_table(page, url)
    go_offline(phone, page)
    page.click("details summary:has-text('Other irregularities')")
    page.fill("form:has(input[name=kind][value=change]) input[name=call]", "9Z")
    page.click("form:has(input[name=kind][value=change]) button[type=submit]")
    page.click(BID.format("1D"))
    assert waiting(page, 2) == ["change N: 9Z", "1♦"]
    back_online(phone)
    page.wait_for_selector("#sync-refused")
    refusal = page.inner_text("#sync-refused")
    assert refusal.startswith("Not entered: change N: 9Z — ") and "call" in refusal
    assert page.is_visible("#error")
    assert waiting(page, 1) == ["1♦"]
    assert stored(app, table_id) == []
    page.click("#sync-send")
    page.wait_for_selector("#table-page[data-seq='1']")
    assert stored(app, table_id) == [("N", "1D")]
