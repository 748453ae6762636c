"""What the table page costs a phone: its weight (HTML, JS and CSS bytes) against a budget, and its time to
interactive on a throttled profile (Slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; the CPU 4 times
slower), measured through the browser's DevTools protocol.  The figures are written to
artifacts/phone-figures.json (docs/phone.md quotes them); only the budget and the page becoming usable are
asserted, never a time."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridge_director.web.server import background
from web.web_support import PASSWORDS, login, make_app

FIGURES = Path(__file__).resolve().parents[2] / "artifacts" / "phone-figures.json"
#: HTML + JS + CSS of the table page with a ruling pending, uncompressed (htmx is most of it).
BUDGET = 120_000
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4

# Before any script of the page: the long tasks of the main thread, and the moment the table page says it takes
# entries (app.js sets data-live="on" once its queue is read and its forms are wired).
WATCH = """
window.__phone = { longTasks: [], live: null };
new PerformanceObserver((list) => list.getEntries().forEach((t) =>
  window.__phone.longTasks.push([t.startTime, t.startTime + t.duration])))
  .observe({ type: "longtask", buffered: true });
new MutationObserver(() => {
  const page = document.querySelector("#table-page[data-live=on]");
  if (page && window.__phone.live === null) window.__phone.live = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-live"], childList: true });
"""
READ = """() => { const nav = performance.getEntriesByType("navigation")[0];
  const ends = window.__phone.longTasks.map((t) => t[1]);
  return { live: window.__phone.live, dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
           lastLongTask: ends.length ? Math.max(...ends) : 0, longTasks: ends.length,
           bytes: performance.getEntriesByType("resource")
             .reduce((n, r) => n + r.transferSize, nav.transferSize) }; }"""


def record(**figures: Any) -> None:
    """Merge ``figures`` into the figures file."""
    FIGURES.parent.mkdir(parents=True, exist_ok=True)
    known = json.loads(FIGURES.read_text(encoding="utf-8")) if FIGURES.exists() else {}
    FIGURES.write_text(json.dumps({**known, **figures}, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def pending_ruling(client: TestClient) -> str:
    """A table whose page shows the Law 27 ruling (1♥, then 1♣ insufficient) above the bidding box."""
    table_id: str = client.post("/api/tables", json={"board": 1}).json()["id"]
    for call in ("1H", "1C"):
        assert client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": call}).status_code == 200
    return table_id


def test_the_table_page_weighs_less_than_its_budget(client: TestClient) -> None:
    login(client)
    html = client.get(f"/tables/{pending_ruling(client)}").text
    assert 'id="ruling"' in html
    files = re.findall(r'<script src="([^"]+)"', html) + re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    sizes = {"html": len(html.encode())}
    for path in files:
        r = client.get(path)
        assert r.status_code == 200, path
        sizes[path] = len(r.content)
    assert {"/static/app.js", "/static/app.css", "/static/vendor/htmx.min.js"} <= set(sizes)
    total = sum(sizes.values())
    record(page_weight={"total": total, **sizes})
    assert total < BUDGET, f"the table page weighs {total} bytes: {sizes}"


@pytest.fixture
def served() -> Iterator[tuple[FastAPI, str]]:
    app = make_app()
    with background(app) as url:
        yield app, url


def measure(context: Any, url: str) -> dict[str, float]:
    """Load ``url`` throttled; when the page took entries, when its main thread was last busy."""
    page = context.new_page()
    page.set_default_timeout(60_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    page.goto(url, wait_until="load")
    page.wait_for_selector("#table-page[data-live=on]")
    page.wait_for_timeout(500)  # let a long task that follows the page's start show itself
    found: dict[str, float] = page.evaluate(READ)
    found["interactive"] = max(found["live"], found["dcl"], found["lastLongTask"])
    return found


def test_time_to_interactive_on_a_throttled_phone(browser: Any, served: tuple[FastAPI, str]) -> None:
    app, url = served
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        context.add_init_script(WATCH)
        r = context.request.post(url + "/api/login", data={"username": "director", "password": PASSWORDS["director"]})
        assert r.ok
        table = app.state.tables.open(1)
        address = f"{url}/tables/{table.id}"
        cold = measure(context, address)  # nothing cached: every byte over the slow network
        warm = measure(context, address)  # the shell from the cache (HTTP cache or service worker)
        assert cold["live"] > 0 and warm["live"] > 0
        page = context.pages[-1]
        started = page.evaluate("performance.now()")
        page.click("#bidding-box button[value='1H']")
        page.wait_for_selector("#table-page[data-seq='1']")
        stored_after = page.evaluate("performance.now()") - started
        assert [str(c.call) for c in app.state.tables.get(table.id).state.calls] == ["1H"]
        record(throttled={"profile": "Slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up), CPU x4",
                          "cold_ms": round(cold["interactive"]), "warm_ms": round(warm["interactive"]),
                          "cold_bytes": round(cold["bytes"]), "cold_long_tasks": cold["longTasks"],
                          "tap_to_stored_ms": round(stored_after)})
    finally:
        context.close()
