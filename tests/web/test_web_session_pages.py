"""The club session's pages: set-up with the entry and hand records uploaded, refusals naming the line and storing
nothing, late changes, the rounds × tables dashboard, and the table-round page (results, corrections, a stale
correction's 409, opening a board at the table)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from web.test_web_session_api import PBN, club_app
from web.web_support import form_token, login

ENTRY = "pair,player1,member1,player2,member2\n" + "".join(f"{n},Ann {n},M{n},Bob {n},\n" for n in range(1, 7))
FORM = {"event": "Club night", "session": "Monday", "section": "A", "movement": "mitchell", "tables": "3",
        "boards_per_round": "2", "method": "mp", "laws": "2017"}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    made = club_app(tmp_path)
    yield made
    made.state.register.close()


def text_of(r: object) -> str:
    return html.unescape(getattr(r, "text", ""))


def new_session(client: TestClient, entry: str = ENTRY, **changes: str) -> int:
    """Set up through the form (the CSRF token from the page); returns the section's id."""
    token = form_token(client.get("/sessions/new").text)
    files = {"entry": ("entry.csv", entry.encode(), "text/csv"), "hands": ("hands.pbn", PBN.encode(), "text/plain")}
    r = client.post("/sessions", data={**FORM, **changes, "csrf_token": token}, files=files, follow_redirects=False)
    assert r.status_code == 303, text_of(r)
    found = re.fullmatch(r"/sessions/(\d+)/setup", r.headers["location"])
    assert found
    return int(found.group(1))


def test_a_session_set_up_through_the_pages(client: TestClient) -> None:
    login(client)
    sid = new_session(client)
    page = text_of(client.get(f"/sessions/{sid}/setup"))
    assert "Club night · Monday · section A" in page and "Ann 1" in page and "(M1)" in page
    assert "6 hand records" in page
    assert f'href="/sessions/{sid}"' in client.get("/").text  # listed on the home page
    assert "Club night" in client.get("/sessions").text
    grid = text_of(client.get(f"/sessions/{sid}"))
    assert 'id="cell-2-3"' in grid and "3–5" in grid and f"/sessions/{sid}/ranking" in grid


def test_a_refused_set_up_names_the_line_and_stores_nothing(client: TestClient) -> None:
    login(client)
    token = form_token(client.get("/sessions/new").text)
    bad = ENTRY + "9,Cy,,Di,\n"
    r = client.post("/sessions", data={**FORM, "csrf_token": token},
                    files={"entry": ("entry.csv", bad.encode(), "text/csv")})
    assert r.status_code == 422
    assert "line 8, pair: pair 9 is not in the movement" in text_of(r)
    assert 'value="Club night"' in r.text  # the form keeps what was typed
    assert "No sessions yet" in client.get("/sessions").text
    r = client.post("/sessions", data={**FORM, "tables": "", "csrf_token": token})
    assert r.status_code == 422 and "tables" in text_of(r)


def test_late_changes_on_the_set_up_page(client: TestClient) -> None:
    login(client)
    sid = new_session(client, ENTRY.splitlines()[0] + "\n")
    r = client.post(f"/sessions/{sid}/setup/pair", data={"number": "1", "player1": "Eve", "player2": "Fay"})
    assert r.status_code == 200 and "pair 1 entered" in text_of(r)
    r = client.post(f"/sessions/{sid}/setup/pair", data={"number": "1", "player1": "Gil", "player2": "Hal"})
    assert r.status_code == 422 and "pair 1 is already entered" in text_of(r)
    r = client.post(f"/sessions/{sid}/setup/substitute", data={"pair": "1", "member": "2", "name": "Ivy",
                                                               "from_round": "2"})
    assert r.status_code == 200 and "Ivy for member 2 from round 2" in text_of(r)
    r = client.post(f"/sessions/{sid}/setup/withdraw", data={"pair": "1", "after_round": "2"})
    assert "leaves after round 2" in text_of(r)
    assert "sit-out" in text_of(client.get(f"/sessions/{sid}/rounds/3/tables/1"))
    login(client, "viewer")
    assert client.post(f"/sessions/{sid}/setup/withdraw", data={"pair": "1", "after_round": "1"}).status_code == 403


def test_results_on_the_table_round_page_and_a_stale_correction(client: TestClient) -> None:
    login(client)
    sid = new_session(client)
    here = f"/sessions/{sid}/rounds/1/tables/1"
    page = text_of(client.get(here))
    assert "1: Ann 1 & Bob 1" in page and "4: Ann 4 & Bob 4" in page and 'id="result-1"' in page
    r = client.post(f"{here}/boards/1/result", data={"level": "3", "strain": "NT", "double": "", "declarer": "N",
                                                     "tricks": "10", "lead_suit": "S", "lead_rank": "T"})
    assert r.status_code == 200, text_of(r)  # redirected back to the page
    page = text_of(r)
    assert "3NT by N, 10 tricks, +430" in page and "lead ♠T" in page
    r = client.post(f"{here}/boards/2/result", data={"level": "2", "strain": "S", "declarer": "N", "tricks": "14"})
    assert r.status_code == 422 and "tricks" in text_of(r)
    assert client.post(f"{here}/boards/2/result", data={"action": "pass"}).status_code == 200
    result_id = int(re.search(r"/results/(\d+)/correct", page).group(1))  # type: ignore[union-attr]
    fix = {"round": "1", "table": "1", "level": "3", "strain": "NT", "declarer": "N", "tricks": "9",
           "reason": "wrong tricks"}
    r = client.post(f"/sessions/{sid}/results/{result_id}/correct", data={**fix, "version": "1"})
    page = text_of(r)
    assert "3NT by N, 9 tricks, +400" in page and "3NT by N, 10 tricks, +430 → 3NT by N, 9 tricks, +400" in page
    r = client.post(f"/sessions/{sid}/results/{result_id}/correct", data={**fix, "tricks": "8", "version": "1"})
    assert r.status_code == 409 and "changed since it was read" in text_of(r) and "Reload this table" in r.text
    assert "3NT by N, 9 tricks, +400" in text_of(r)  # nothing changed
    login(client, "viewer")
    assert 'id="result-3"' not in client.get(f"/sessions/{sid}/rounds/1/tables/2").text  # viewers only read


def test_play_at_the_table_opens_the_board_with_the_names_and_the_deal(client: TestClient) -> None:
    login(client)
    sid = new_session(client)
    r = client.post(f"/sessions/{sid}/rounds/2/tables/3/boards/1/play", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/tables/")
    page = text_of(client.get(r.headers["location"]))
    assert "Section A · Round 2 · Table 3 · Board 1" in page
    assert "3: Ann 3 & Bob 3" in page and "5: Ann 5 & Bob 5" in page
    assert "North: ♠AKQJ ♥AKQ ♦AKQ ♣AKQ" in page
    r = client.post(f"/sessions/{sid}/rounds/2/tables/3/boards/3/play")
    assert r.status_code == 422 and "board 3 is not played at table 3" in text_of(r)
