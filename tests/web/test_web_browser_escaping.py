"""In a real browser: markup typed into free-text fields (a ruling's director, facts, options and decision, a
psyche's players and meaning, uploaded travellers' event and pair names, a session's event and players, a correction's
reason, a name typed at the login) is shown as text on every page that shows it, and never becomes an element."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridge_director.web.server import background
from web.test_web_session_api import setup_body
from web.web_support import browser_login, login, make_register_app, shot

PAYLOAD = '<b id="injected">bold</b><img src=x onerror="document.title=1">'


def marked(n: int) -> str:
    """The payload with a number, so each field is found on its own page."""
    return PAYLOAD.replace("bold", f"field {n}")


@pytest.fixture
def filled(tmp_path: Path) -> Iterator[tuple[FastAPI, dict[str, str]]]:
    """An app whose free-text fields hold markup; the pages that show them (path -> a field's text)."""
    app = make_register_app(tmp_path)
    pages: dict[str, str] = {}
    with TestClient(app, base_url="https://testserver") as c:
        c.post("/api/login", json={"username": marked(0)[:40], "password": "not a password"})
        login(c, "director")
        r = c.post("/api/register/rulings", json={"kind": "misinformation", "director": marked(1)[:100],
                                                  "laws": "21B1", "facts": marked(2), "options": marked(3),
                                                  "decision": marked(4)})
        assert r.status_code == 201, r.text
        pages[f"/register/rulings/{r.json()['id']}"] = marked(2)
        pages["/register"] = marked(4)
        r = c.post("/api/register/psyches", json={"event": marked(5), "session": "Evening", "board": 3,
                                                  "player": marked(6)[:100], "partner": "North 3", "call": "1S",
                                                  "departure": "PSYCHE", "meaning": marked(7)[:100]})
        assert r.status_code == 201, r.text
        pages["/register/psyches"] = marked(6)[:100]
        travellers = "board,ns,ew,contract,declarer,tricks\n" + "".join(
            f'{b},"{marked(8).replace(chr(34), chr(34) * 2)}",4,4S,N,10\n{b},2,5,4S,N,9\n' for b in (1, 2))
        r = c.post("/api/sections/upload", data={"event": marked(9)},
                   files={"file": ("x.csv", travellers.encode(), "text/csv")})
        assert r.status_code == 201, r.text
        pages[f"/sessions/{r.json()['id']}"] = marked(8)
        pages[f"/sessions/{r.json()['id']}/ranking"] = marked(9)
        body = setup_body(event=marked(10))
        body["pairs"][0]["player1"] = marked(11)[:100]
        sid = set_up_with(c, body)
        pages["/sessions"] = marked(10)
        pages[f"/sessions/{sid}/setup"] = marked(11)[:100]
        row = c.post(f"/api/sections/{sid}/results", json={"round": 1, "table": 1, "board": 1, "contract": "3NT",
                                                            "declarer": "N", "tricks": 9}).json()
        fixed = c.put(f"/api/results/{row['id']}", json={"contract": "3NT", "declarer": "N", "tricks": 10,
                                                         "version": 1, "reason": marked(12)[:500]})
        assert fixed.status_code == 200, fixed.text
        pages[f"/sessions/{sid}/rounds/1/tables/1"] = marked(12)
        pages["/audit"] = marked(0)[:40]
    yield app, pages
    app.state.register.close()


def set_up_with(client: TestClient, body: dict[str, Any]) -> int:
    r = client.post("/api/sessions", json=body)
    assert r.status_code == 201, r.text
    sid: int = r.json()["id"]
    return sid


def test_markup_in_free_text_is_shown_as_text(page: Any, filled: tuple[FastAPI, dict[str, str]]) -> None:
    app, pages = filled
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    with background(app) as base:
        browser_login(page, base)
        for path, text in pages.items():
            page.goto(base + path)
            page.wait_for_load_state("networkidle")
            assert page.locator("#injected").count() == 0, path
            assert page.locator('img[src="x"]').count() == 0, path
            assert page.title() != "1", path
            assert text in page.inner_text("main"), path
        shot(page, "escaped-markup")
    assert dialogs == []
    assert len(pages) == 9
