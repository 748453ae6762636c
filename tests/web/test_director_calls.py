"""Calling the director from a table device: the call waits on the director's /calls (table, round, board, how
long ago), one tap opens the table's board with its log and answers the call, every call is audited, a call sent
again with its key is one call, and only a director reads and answers the calls."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from bridge_director.register.audit import AuditEntry
from web.device_support import device_paths, register_of, text_of, three_tables
from web.test_web_session_api import club_app
from web.web_support import form_token, login


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    made = club_app(tmp_path)
    yield made
    made.state.register.close()


def test_a_call_from_the_table_waits_on_the_directors_calls_page(app: FastAPI, client: TestClient) -> None:
    sid = three_tables(app)
    path = device_paths(app, sid)[2]
    with TestClient(app, base_url="https://testserver") as phone:
        r = phone.post(f"{path}/call", data={"round": "1", "board": "4", "what": "auction"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == path
        assert "Director called just now (board 4): on the way" in text_of(html.unescape(phone.get(path).text))
    login(client)
    page = text_of(html.unescape(client.get("/calls").text))
    assert "Table 2, round 1, board 4 · called just now" in page
    assert "Tuesday pairs, Evening, section A · an irregularity in the auction" in page
    [call] = client.get("/api/calls").json()
    assert (call["table"], call["round"], call["board"], call["what"], call["ago"]) == (2, 1, 4, "auction",
                                                                                       "just now")
    assert call["table_url"].startswith("/tables/")  # the board is open already, for the director
    for role in ("viewer", "scorer"):
        with TestClient(app, base_url="https://testserver") as other:
            login(other, role)
            assert other.get("/calls").status_code == 403 and other.get("/api/calls").status_code == 403


def test_one_tap_opens_the_board_with_its_log_and_answers_the_call(app: FastAPI, client: TestClient) -> None:
    sid = three_tables(app)
    path = device_paths(app, sid)[1]
    with TestClient(app, base_url="https://testserver") as phone:
        phone.post(f"{path}/call", data={"round": "1", "board": "2", "what": ""})
    login(client)
    page = client.get("/calls").text
    [call] = client.get("/api/calls").json()
    r = client.post(f"/calls/{call['id']}/open", data={"csrf_token": form_token(page)}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == call["table_url"]
    table = text_of(html.unescape(client.get(r.headers["location"]).text))
    assert "Table 1" in table and "Player 1a & Player 1b" in table and "Player 4a & Player 4b" in table
    assert client.get("/api/calls").json() == []  # answered
    calls = text_of(html.unescape(client.get("/calls").text))
    assert "No table is waiting for the director." in calls and "Table 1, round 1, board 2 (A): answered by " \
        "director" in calls
    with register_of(app).transaction() as db:
        audit = [(e.actor, e.target, e.detail) for e in db.scalars(
            select(AuditEntry).where(AuditEntry.kind == "director call").order_by(AuditEntry.id))]
    assert audit == [("table 1 device", f"call {call['id']}", f"section A ({sid}), table 1, round 1, board 2"),
                     ("director", f"call {call['id']}", "answered: table 1, round 1, board 2")]


def test_a_call_sent_again_with_its_key_is_one_call(app: FastAPI, client: TestClient) -> None:
    sid = three_tables(app)
    api = f"/api{device_paths(app, sid)[3].replace('/device/', '/devices/')}/calls"
    with TestClient(app, base_url="https://testserver") as phone:
        first = phone.post(api, json={"key": "call-key-00001", "round": 2, "board": 1, "what": "claim"})
        again = phone.post(api, json={"key": "call-key-00001", "round": 2, "board": 1, "what": "claim"})
        assert first.status_code == 201 and again.json()["id"] == first.json()["id"]
        assert phone.post(api, json={"round": 2, "what": "nonsense"}).json()["field"] == "what"
        assert phone.post(api.replace("/devices/", "/devices/x"), json={"round": 1}).status_code == 403
    login(client)
    [call] = client.get("/api/calls").json()
    answered = client.post(f"/api/calls/{call['id']}/answer")
    assert answered.status_code == 200 and answered.json()["answered_by"] == "director"
    assert client.post(f"/api/calls/{call['id']}/answer").json()["answered_at"] == answered.json()["answered_at"]
    assert client.get("/api/calls").json() == []


def test_the_dashboard_marks_the_open_calls_and_one_tap_answers_one(app: FastAPI, client: TestClient) -> None:
    """Issue 26, item 4: the dashboard lists the tables calling, marks their cells, and its button opens the board
    and answers the call; a scorer sees the calls without the director's button."""
    sid = three_tables(app)
    paths = device_paths(app, sid)
    with TestClient(app, base_url="https://testserver") as phone:
        phone.post(f"{paths[2]}/call", data={"round": "1", "board": "4", "what": "claim"})
        phone.post(f"{paths[3]}/call", data={"round": "1", "what": ""})
    login(client)
    page = client.get(f"/sessions/{sid}").text
    text = text_of(html.unescape(page))
    assert "2 tables calling the director:" in text
    assert "Table 2, round 1, board 4, called just now" in text and "Table 3, round 1, called just now" in text
    called = set(re.findall(r'class="cell[^"]* called" id="cell-(\d+-\d+)"', page))
    assert called == {"1-2", "1-3"}
    [first, second] = client.get("/api/calls").json()
    assert f'action="/calls/{first["id"]}/open"' in page and f'href="/calls#call-{second["id"]}"' in page
    r = client.post(f"/calls/{first['id']}/open", data={"csrf_token": form_token(page)}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == first["table_url"]
    after = text_of(html.unescape(client.get(f"/sessions/{sid}").text))
    assert "1 table calling the director:" in after and "board 4, called" not in after
    with TestClient(app, base_url="https://testserver") as scorer:
        login(scorer, "scorer")
        seen = scorer.get(f"/sessions/{sid}").text
        assert "Table 3, round 1, called just now" in text_of(html.unescape(seen)) and "/open\"" not in seen
    client.post(f"/api/calls/{second['id']}/answer")
    assert "calling the director" not in text_of(html.unescape(client.get(f"/sessions/{sid}").text))
