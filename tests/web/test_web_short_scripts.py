"""The ruling's first screen on a 390×844 phone: the short script (what happened, who chooses, each option in one
line), the whole text one tap away; the API gives both (``short`` beside ``text``)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from bridge_director.engine import Table
from bridge_director.laws.script import short_script, words
from web.web_support import browser_login, login, shot


def insufficient_bid() -> Table:
    """Board 1 (dealer North): 1♥, then East's 1♣ (Law 27)."""
    t = Table(1)
    t.call("N", "1H")
    t.call("E", "1C")
    return t


def bid(page: Any, call: str) -> None:
    page.click(f"#bidding-box button[value='{call}']")
    page.wait_for_load_state("networkidle")


def test_api_ruling_has_short_beside_text(client: TestClient) -> None:
    login(client)
    table_id = client.post("/api/tables", json={"board": 1}).json()["id"]
    for seat, call in (("N", "1H"), ("E", "1C")):
        r = client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "seat": seat, "call": call})
        assert r.status_code in (200, 201), r.text
    ruling = client.get(f"/api/tables/{table_id}/ruling").json()
    expected = insufficient_bid().ruling
    assert expected is not None
    assert ruling["text"] == expected.text and ruling["short"] == short_script(expected)
    assert words(ruling["short"]) <= 80 < words(ruling["text"])


def test_law27_first_screen_is_the_short_script_and_the_full_text_opens_on_a_tap(page: Any, live_url: str) -> None:
    browser_login(page, live_url)
    page.fill("input[name=board]", "1")
    page.click("button:has-text('Open the board')")
    page.wait_for_selector("#bidding-box")
    bid(page, "1H")
    bid(page, "1C")
    page.wait_for_selector("#ruling")
    expected = insufficient_bid().ruling
    assert expected is not None
    shown = page.inner_text("#read-aloud")
    assert shown.split() == short_script(expected).split()
    assert shown.split("\n")[:2] == ["South, East has made an insufficient bid of 1♣ (Law 27).", "South chooses:"]
    assert words(shown) <= 80
    # the ruling's first screen: from the ruling's heading, the short script ends within 844 px
    page.evaluate("document.getElementById('ruling').scrollIntoView()")
    bottom = page.evaluate("document.getElementById('read-aloud').getBoundingClientRect().bottom")
    assert bottom <= 844
    full = "#full-script > p"
    assert not page.is_visible(full)
    shot(page, "ruling-short-script")
    page.click("#full-script summary")
    assert page.is_visible(full)
    assert page.inner_text(full).split() == expected.text.split()
    assert "a) correct to 2♣" in page.inner_text(full)
    shot(page, "ruling-full-script-open")
