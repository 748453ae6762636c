"""A session's board on the table page: two devices on one table (the stale entry refused with 409), the result
recorded from the finished log without retyping, and the table still there after a restart of the app."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from web.test_web_session_api import club_app, set_up
from web.web_support import form_token, login


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    made = club_app(tmp_path)
    yield made
    made.state.register.close()


def opened(client: TestClient, sid: int, round_no: int = 1, table: int = 1, board: int = 1) -> str:
    r = client.post(f"/api/sections/{sid}/tables", json={"round": round_no, "table": table, "board": board})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def expected_of(page: str) -> str:
    found = re.search(r'name="expected" value="(\d+)"', page)
    assert found, "no entry count in the page's forms"
    return found.group(1)


def test_a_stale_page_on_a_second_device_gets_a_conflict(app: FastAPI, client: TestClient) -> None:
    login(client)
    token = opened(client, set_up(client))
    with TestClient(app, base_url="https://testserver") as second:
        login(second)
        first_page, second_page = client.get(f"/tables/{token}").text, second.get(f"/tables/{token}").text
        assert expected_of(first_page) == expected_of(second_page) == "0"
        r = client.post(f"/tables/{token}/entries", data={"csrf_token": form_token(first_page), "kind": "call",
                                                          "call": "1NT", "expected": "0"})
        assert r.status_code == 200 and expected_of(r.text) == "1"
        r = second.post(f"/tables/{token}/entries", data={"csrf_token": form_token(second_page), "kind": "call",
                                                          "call": "Pass", "expected": "0"})
        assert r.status_code == 409
        page = html.unescape(r.text)
        assert "another device entered" in page and f'href="/tables/{token}"' in page
    log = client.get(f"/api/tables/{token}").json()["log"]
    assert len(log) == 1 and "1NT" in log[0]["text"]  # only the first device's entry


def test_the_result_is_recorded_from_the_finished_log(client: TestClient) -> None:
    login(client)
    sid = set_up(client)
    token = opened(client, sid)
    for call in ("1NT", "Pass", "Pass", "Pass"):
        assert client.post(f"/api/tables/{token}/entries", json={"kind": "call", "call": call}).status_code == 200
    client.post(f"/api/tables/{token}/entries", json={"kind": "claim", "tricks": 13})
    state = client.post(f"/api/tables/{token}/entries", json={"kind": "choice", "option": "agree"}).json()
    assert state["summary"]["final_tricks"] == 13
    page = html.unescape(client.get(f"/tables/{token}").text)
    assert "The log gives <b>1NT by N, 13 tricks</b>" in page and 'id="record"' in page
    r = client.post(f"/tables/{token}/record")
    assert r.status_code == 200
    assert "1NT by N, 13 tricks, +270" in html.unescape(r.text)
    [stored] = client.get(f"/api/sections/{sid}/results").json()
    assert (stored["contract"], stored["declarer"], stored["tricks"], stored["round"], stored["board"]) == (
        state["contract_pbn"], state["declarer"], 13, 1, 1)
    assert stored["entered_by"] == "director"
    assert client.post(f"/tables/{token}/record").status_code == 200  # again: the same result, harmless


def test_a_board_not_finished_has_nothing_to_record(client: TestClient) -> None:
    login(client)
    token = opened(client, set_up(client))
    assert 'id="record"' not in client.get(f"/tables/{token}").text
    r = client.post(f"/tables/{token}/record")
    assert r.status_code == 422 and "no result to record" in html.unescape(r.text)


def test_the_table_survives_a_restart(tmp_path: Path, app: FastAPI, client: TestClient) -> None:
    login(client)
    sid = set_up(client)
    token = opened(client, sid, 2, 3, 1)
    client.post(f"/api/tables/{token}/entries", json={"kind": "call", "call": "1NT"})
    again = club_app(tmp_path)  # a new server on the same register file
    try:
        with TestClient(again, base_url="https://testserver") as fresh:
            login(fresh, "viewer")
            page = html.unescape(fresh.get(f"/tables/{token}").text)
            assert "Round 2 · Table 3 · Board 1" in page and "3: Player 3a & Player 3b" in page
            assert fresh.get(f"/api/tables/{token}").json()["calls"] == [{"seat": "N", "call": "1NT"}]
            login(fresh, "director")
            assert expected_of(fresh.get(f"/tables/{token}").text) == "1"
            assert f"/sessions/{sid}/rounds/2/tables/3" in fresh.get(f"/sessions/{sid}").text
    finally:
        again.state.register.close()
