"""The register and events over JSON: rulings (filters, detail, create whole or nothing, edit with 409 on a
stale version), psyches (record, list, history), event upload, rankings, a board's table, exports; roles and
CSRF on every write."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from web.test_web_event_pages import CSV
from web.web_support import login

RULING = {"event": "Club night (demo)", "board": 4, "kind": "ui", "director": "director", "laws": "16B1, 12C1",
          "facts": "North 2 hesitated before passing 3S; South 2 bid 4S.", "decision": "score adjusted",
          "adjusted": [{"side": "NS", "score": "3S+1 by N (170)", "law": "12C1"}]}


def created(client: TestClient, **changes: Any) -> Any:
    r = client.post("/api/register/rulings", json={**RULING, **changes})
    assert r.status_code == 201, r.text
    return r.json()


def test_rulings_list_filters_and_detail(reg_client: TestClient) -> None:
    login(reg_client, "viewer")
    everything = reg_client.get("/api/register/rulings").json()
    assert len(everything) == 3 and everything[0]["id"] > everything[-1]["id"]  # newest first
    [law16] = reg_client.get("/api/register/rulings", params={"law": "16"}).json()
    assert law16["board"] == 5 and law16["adjusted"] and law16["appeal"]
    assert reg_client.get("/api/register/rulings", params={"q": "no such words"}).json() == []
    detail = reg_client.get(f"/api/register/rulings/{law16['id']}").json()
    assert detail == law16
    assert reg_client.get("/api/register/rulings/999").status_code == 404


def test_a_ruling_created_with_its_score_and_penalty_then_edited(reg_client: TestClient) -> None:
    login(reg_client)
    ruling = created(reg_client, penalty={"offender": "Pair 2", "amount": "10%", "reason": "slow play"})
    assert (ruling["event"], ruling["board"], ruling["version"]) == ("Club night (demo)", 4, 1)
    assert ruling["adjusted"] == [{"side": "NS", "score": "3S+1 by N (170)", "law": "12C1"}]
    assert ruling["penalties"][0]["amount"] == "10%"
    r = reg_client.patch(f"/api/register/rulings/{ruling['id']}", json={"version": 1, "decision": "170 to NS"})
    assert r.status_code == 200 and r.json()["version"] == 2 and r.json()["decision"] == "170 to NS"
    stale = reg_client.patch(f"/api/register/rulings/{ruling['id']}", json={"version": 1, "decision": "lost"})
    assert stale.status_code == 409 and "version" in stale.json()["detail"].lower()
    assert reg_client.get(f"/api/register/rulings/{ruling['id']}").json()["decision"] == "170 to NS"
    assert reg_client.patch(f"/api/register/rulings/{ruling['id']}", json={"version": 2}).status_code == 422


def test_a_refused_ruling_stores_nothing(reg_client: TestClient) -> None:
    login(reg_client)
    before = len(reg_client.get("/api/register/rulings").json())
    r = reg_client.post("/api/register/rulings", json={**RULING, "adjusted": [{"side": "NS", "score": " "}]})
    assert r.status_code == 422
    r = reg_client.post("/api/register/rulings", json={**RULING, "event": None})
    assert r.status_code == 422 and r.json()["field"] == "event"
    assert len(reg_client.get("/api/register/rulings").json()) == before


def test_roles_and_csrf_on_register_writes(reg_client: TestClient) -> None:
    assert reg_client.get("/api/register/rulings").status_code == 401
    login(reg_client, "scorer")
    assert reg_client.post("/api/register/rulings", json=RULING).status_code == 403
    login(reg_client)
    del reg_client.headers["X-CSRF-Token"]
    assert reg_client.post("/api/register/rulings", json=RULING).status_code == 403


def test_psyches_recorded_listed_and_a_partnerships_history(reg_client: TestClient) -> None:
    login(reg_client)
    body = {"event": "Club night (demo)", "board": 6, "player": "North 3", "partner": "South 3", "call": "1H",
            "colour": "AMBER"}
    r = reg_client.post("/api/register/psyches", json=body)
    assert r.status_code == 201, r.text
    assert r.json()["report"]["colour"] == "AMBER"
    listed = reg_client.get("/api/register/psyches", params={"event": "Club night (demo)"}).json()
    assert listed[0]["board"] == 6
    history = reg_client.get("/api/register/psyches/history", params={"partnership": "South 3 & North 3"}).json()
    assert [p["board"] for p in history] == [3, 6]
    bad = reg_client.get("/api/register/psyches/history", params={"partnership": "nobody"})
    assert bad.status_code == 422


def test_events_upload_rankings_board_and_export(reg_client: TestClient) -> None:
    login(reg_client, "viewer")
    upload = {"event": "Tuesday pairs", "filename": "tuesday.csv", "content": CSV}
    assert reg_client.post("/api/events/upload", json=upload).status_code == 403
    login(reg_client, "scorer")
    r = reg_client.post("/api/events/upload", json=upload)
    assert r.status_code == 201, r.text
    event = r.json()["event"]
    assert r.json()["stored"] == 6 and event["boards"] == 2
    bad_csv = CSV + "3,1,4,4S,N,x\n"
    broken = reg_client.post("/api/events/upload", json={**upload, "event": "Broken", "content": bad_csv})
    assert broken.status_code == 422 and "tuesday.csv" in broken.json()["detail"]
    assert "Broken" not in [e["name"] for e in reg_client.get("/api/events").json()]
    rankings = reg_client.get(f"/api/events/{event['id']}/rankings").json()
    percent = {s["pair"]: s["percent"] for s in rankings["standings"]}
    assert (percent["3"], percent["1"], percent["2"]) == (100, 50, 0) and rankings["method"] == "mp"
    board = reg_client.get(f"/api/events/{event['id']}/boards/1").json()
    assert sorted(x["score"] for x in board["lines"]) == [-50, 420, 450] and board["top"] == 4
    assert reg_client.get(f"/api/events/{event['id']}/boards/9").status_code == 404
    csv = reg_client.get(f"/api/events/{event['id']}/export", params={"format": "standings"})
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    xml = reg_client.get(f"/api/events/{event['id']}/export", params={"format": "usebio"})
    assert xml.text.lstrip().startswith("<?xml")
    assert reg_client.get("/api/events/999/rankings").status_code == 404
