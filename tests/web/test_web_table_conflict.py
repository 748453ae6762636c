"""Two devices at one table through the JSON API: the second entry made from a stale state is a conflict."""

from __future__ import annotations

from fastapi.testclient import TestClient

from web.web_support import login


def test_stale_device_gets_409_and_the_stored_log_keeps_the_first_entry(client: TestClient) -> None:
    login(client)
    table = client.post("/api/tables", json={"board": 1}).json()
    token, seen = table["id"], len(table["log"])
    first = client.post(f"/api/tables/{token}/entries", json={"kind": "call", "call": "1C", "expected": seen})
    assert first.status_code == 200
    second = client.post(f"/api/tables/{token}/entries", json={"kind": "call", "call": "1D", "expected": seen})
    assert second.status_code == 409 and second.json()["field"] == "expected"
    stored = client.get(f"/api/tables/{token}").json()
    assert len(stored["calls"]) == 1
    assert len(stored["log"]) == 1
    again = client.post(f"/api/tables/{token}/entries", json={"kind": "call", "call": "1D", "expected": 1})
    assert again.status_code == 200  # reloaded: the device's entry goes in after the first
