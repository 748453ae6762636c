"""An entry sent again with its idempotency key is answered with the entry already stored, never entered twice
(the API, the page's form and the store, also when two requests with one key race); a bad key is refused naming
the field; the entry count a second device polls; the service worker served from the root."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from bridge_director.club.tables import TableStore
from bridge_director.errors import ConflictError
from bridge_director.model import Call
from bridge_director.register.models import TableEntry
from bridge_director.table.events import CallMade
from web.web_support import form_token, login

KEY = "3f1c9a62-4b1e-4d7a-9d2f-0a4b5c6d7e8f"


def open_board(client: TestClient) -> str:
    r = client.post("/api/tables", json={"board": 1})
    assert r.status_code == 201, r.text
    table_id: str = r.json()["id"]
    return table_id


def stored_calls(client: TestClient, table_id: str) -> list[str]:
    return [c["call"] for c in client.get(f"/api/tables/{table_id}").json()["calls"]]


def keys_of(store: TableStore, table_id: str) -> list[str | None]:
    with store.register.transaction() as db:
        table = store.get(table_id)
        rows = db.scalars(select(TableEntry).join(TableEntry.table).order_by(TableEntry.seq))
        return [r.key for r in rows if r.table.token == table.id]


def test_the_api_enters_a_key_once_and_answers_the_retry_with_the_stored_entry(client: TestClient) -> None:
    login(client)
    table_id = open_board(client)
    first = client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": "1H", "key": KEY,
                                                                 "expected": 0})
    assert first.status_code == 200, first.text
    assert "Idempotent-Replayed" not in first.headers
    # the answer was lost: the phone sends the same entry again, with the count it saw then
    again = client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": "1H", "key": KEY,
                                                                 "expected": 0})
    assert again.status_code == 200, again.text
    assert again.headers["Idempotent-Replayed"] == "1"
    assert again.json()["calls"] == first.json()["calls"] == [{"seat": "N", "call": "1H"}]
    assert stored_calls(client, table_id) == ["1H"]
    # a new key is a new entry; the same key at another table is that table's own
    other = client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": "Pass", "key": KEY[::-1]})
    assert other.status_code == 200 and stored_calls(client, table_id) == ["1H", "Pass"]
    second_table = open_board(client)
    r = client.post(f"/api/tables/{second_table}/entries", json={"kind": "call", "call": "2C", "key": KEY})
    assert r.status_code == 200 and "Idempotent-Replayed" not in r.headers
    assert stored_calls(client, second_table) == ["2C"] and stored_calls(client, table_id) == ["1H", "Pass"]


def test_a_stale_count_without_a_stored_key_is_still_a_conflict(client: TestClient) -> None:
    login(client)
    table_id = open_board(client)
    client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": "1H"})
    r = client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": "1S", "key": KEY,
                                                             "expected": 0})
    assert r.status_code == 409 and r.json()["field"] == "expected"
    assert stored_calls(client, table_id) == ["1H"]


@pytest.mark.parametrize(("key", "why"), [("short", "at least 8"), ("x" * 65, "at most 64"),
                                          ("has spaces in it", "pattern"), (12345678, "string")])
def test_a_bad_key_is_refused_naming_the_field(client: TestClient, key: Any, why: str) -> None:
    login(client)
    table_id = open_board(client)
    r = client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": "1H", "key": key})
    assert r.status_code == 422, r.text
    assert r.json()["field"] == "key" and why in r.json()["detail"]
    assert stored_calls(client, table_id) == []


def test_the_page_form_enters_a_key_once(client: TestClient) -> None:
    login(client)
    table_id = open_board(client)
    token = form_token(client.get(f"/tables/{table_id}").text)
    form = {"csrf_token": token, "kind": "call", "call": "1NT", "expected": "0", "key": KEY}
    for _ in range(3):  # the first stores; the retries are answered with the stored table
        r = client.post(f"/tables/{table_id}/entries", data=form, follow_redirects=False)
        assert r.status_code == 303, r.text
    assert stored_calls(client, table_id) == ["1NT"]
    r = client.post(f"/tables/{table_id}/entries", data={**form, "key": "bad key!"}, follow_redirects=False)
    assert r.status_code == 422 and "key: String should match pattern" in r.text
    assert stored_calls(client, table_id) == ["1NT"]
    # the page's script asks for the table at once (no redirect): the new entry, then its retry, drawn as stored
    for _ in range(2):
        r = client.post(f"/tables/{table_id}/entries", data={**form, "call": "Pass", "expected": "1",
                                                             "key": KEY[::-1]},
                        headers={"X-Table-Swap": "1"}, follow_redirects=False)
        assert r.status_code == 200 and 'data-seq="2"' in r.text and "East: Pass" in r.text
    assert stored_calls(client, table_id) == ["1NT", "Pass"]


def test_a_retried_call_in_turn_is_not_moved_to_the_next_seat(client: TestClient) -> None:
    """The retry finds the table one entry further (its seat in turn is East now): the stored entry answers."""
    login(client)
    table_id = open_board(client)
    for _ in range(2):
        r = client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": "Pass", "key": KEY})
        assert r.status_code == 200
    assert client.get(f"/api/tables/{table_id}").json()["calls"] == [{"seat": "N", "call": "Pass"}]


def test_the_store_keeps_the_key_and_answers_a_race_on_one_key(client: TestClient,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    store: TableStore = client.app.state.tables  # type: ignore[attr-defined]
    table = store.open(3)
    table.enter(CallMade(table.state.next_seat, Call.parse("1C"), table.state.laws), key=KEY)
    assert table.repeated is None and table.seq == 1
    assert keys_of(store, table.id) == [KEY]
    # two requests with one key at once: both looked and found nothing; the second insert hits the unique key
    monkeypatch.setattr(TableStore, "_keyed", staticmethod(lambda db, row_id, key: None))
    with pytest.raises(ConflictError):  # the unique key refuses the second copy even when nobody looked first
        store.enter(table.id, CallMade(table.state.next_seat, Call.parse("1D"), table.state.laws), key=KEY)
    assert keys_of(store, table.id) == [KEY]
    monkeypatch.undo()
    real = TableStore._keyed
    calls: list[int] = []

    def blind_once(db: Any, row_id: int | None, key: str) -> int | None:
        calls.append(1)
        return None if len(calls) == 1 else real(db, row_id, key)

    monkeypatch.setattr(TableStore, "_keyed", staticmethod(blind_once))
    answered = store.enter(table.id, CallMade(table.state.next_seat, Call.parse("1D"), table.state.laws),
                           key=KEY)
    assert answered.repeated == 1 and answered.seq == 1
    assert answered.log == store.get(table.id).log and len(answered.log) == 1
    assert keys_of(store, table.id) == [KEY]


def test_the_entry_count_a_second_device_polls(client: TestClient) -> None:
    assert client.get("/api/tables/x/entries/count").status_code == 401
    login(client, "viewer")
    assert client.get("/api/tables/nothing/entries/count").status_code == 404
    login(client)
    table_id = open_board(client)
    login(client, "viewer")
    assert client.get(f"/api/tables/{table_id}/entries/count").json() == {"id": table_id, "entries": 0}
    login(client)
    for call in ("1H", "Pass"):
        client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": call})
    client.post(f"/api/tables/{table_id}/entries", json={"kind": "undo"})
    assert client.get(f"/api/tables/{table_id}/entries/count").json()["entries"] == 3  # undo is an entry too


def test_the_service_worker_and_the_manifest_are_served(client: TestClient) -> None:
    r = client.get("/sw.js")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    assert r.headers["service-worker-allowed"] == "/" and r.headers["cache-control"] == "no-cache"
    assert "addEventListener(\"fetch\"" in r.text
    manifest = client.get("/static/manifest.json").json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200 and image.content.startswith(b"\x89PNG")
        width = int.from_bytes(image.content[16:20], "big")
        assert f"{width}x{width}" == icon["sizes"]
    login(client)
    page = client.get("/").text
    assert '<link rel="manifest" href="/static/manifest.json">' in page and "/static/app.js" in page


def test_a_key_sent_again_with_a_different_entry_is_refused_not_replayed(client: TestClient) -> None:
    login(client)
    table_id = open_board(client)
    first = client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": "1H", "key": KEY})
    assert first.status_code == 200
    other = client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": "1S", "key": KEY})
    assert other.status_code == 409 and other.json()["field"] == "key"
    assert "already used for entry 1" in other.json()["detail"] and "Idempotent-Replayed" not in other.headers
    assert stored_calls(client, table_id) == ["1H"]  # nothing entered, nothing changed
    again = client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": "1H", "key": KEY})
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "1"  # the same body: a replay
