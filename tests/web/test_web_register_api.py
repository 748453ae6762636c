"""The register over JSON: rulings (filters, detail with their decisions on results and penalties, create,
edit with 409 on a stale version; no free-text scores or penalties), penalties made on a section, psyches
(record, list, history); roles and CSRF on every write."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from web.web_support import login

RULING = {"event": "Club night (demo)", "session": "Last week", "board": 4, "kind": "ui", "director": "director",
          "laws": "16B1", "facts": "North 2 hesitated before passing 3S; South 2 passed.",
          "decision": "no logical alternative was chosen: the result stands"}


def created(client: TestClient, **changes: Any) -> Any:
    r = client.post("/api/register/rulings", json={**RULING, **changes})
    assert r.status_code == 201, r.text
    return r.json()


def test_rulings_list_filters_and_detail(reg_client: TestClient) -> None:
    login(reg_client, "viewer")
    everything = reg_client.get("/api/register/rulings").json()
    assert len(everything) == 5 and everything[0]["id"] > everything[-1]["id"]  # newest first
    [law16] = reg_client.get("/api/register/rulings", params={"law": "16"}).json()
    assert law16["board"] == 5 and law16["appeal"] and "adjusted" not in law16
    active = [d for d in law16["decisions"] if d["active"]]
    assert [(d["section"], d["board"]) for d in active] == [(1, 5)] and active[0]["decision"].startswith("weighted")
    [late] = [r for r in everything if r["penalties"]]
    assert late["penalties"][0] | {"id": 0} == {"id": 0, "kind": "PROCEDURAL", "law": "90B8", "section": 1, "pair": 9,
                                                "unit": "top", "amount": 0.1, "given": None, "active": True,
                                                "reason": "repeated late arrival at the table",
                                                "ruling_id": late["id"]}
    assert reg_client.get("/api/register/rulings", params={"q": "no such words"}).json() == []
    detail = reg_client.get(f"/api/register/rulings/{law16['id']}").json()
    assert detail == law16
    assert reg_client.get("/api/register/rulings/999").status_code == 404


def test_a_ruling_created_on_a_board_then_edited(reg_client: TestClient) -> None:
    login(reg_client)
    before = reg_client.get("/api/sections/1/ranking").json()
    ruling = created(reg_client)
    assert (ruling["event"], ruling["board"], ruling["version"]) == ("Club night (demo)", 4, 1)
    assert ruling["decisions"] == [] and ruling["penalties"] == []
    assert reg_client.get("/api/sections/1/ranking").json() == before  # a ruling here changes no score
    r = reg_client.patch(f"/api/register/rulings/{ruling['id']}", json={"version": 1, "decision": "170 to NS"})
    assert r.status_code == 200 and r.json()["version"] == 2 and r.json()["decision"] == "170 to NS"
    stale = reg_client.patch(f"/api/register/rulings/{ruling['id']}", json={"version": 1, "decision": "lost"})
    assert stale.status_code == 409 and "version" in stale.json()["detail"].lower()
    assert reg_client.get(f"/api/register/rulings/{ruling['id']}").json()["decision"] == "170 to NS"
    assert reg_client.patch(f"/api/register/rulings/{ruling['id']}", json={"version": 2}).status_code == 422


def test_a_refused_ruling_stores_nothing(reg_client: TestClient) -> None:
    login(reg_client)
    before = len(reg_client.get("/api/register/rulings").json())
    for free_text in ({"adjusted": [{"side": "NS", "score": "3S+1 by N (170)"}]},
                      {"penalty": {"offender": "Pair 2", "amount": "10%"}}):  # made on the result or the section
        r = reg_client.post("/api/register/rulings", json={**RULING, **free_text})
        assert r.status_code == 422, free_text
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


def test_penalties_made_on_a_section_come_off_the_totals(reg_client: TestClient) -> None:
    login(reg_client, "scorer")
    body = {"laws": "90B8", "facts": "slow play", "penalties": [{"pair": 3, "amount": 0.25, "unit": "top",
                                                                 "reason": "slow play"}]}
    assert reg_client.post("/api/sections/1/penalties", json=body).status_code == 403
    login(reg_client)
    before = {s["pair"]: s["total"] for s in reg_client.get("/api/sections/1/ranking").json()["standings"]}
    r = reg_client.post("/api/sections/1/penalties", json=body)
    assert r.status_code == 201, r.text
    after = {s["pair"]: s["total"] for s in r.json()["standings"]}
    assert round(before["3"] - after["3"], 6) == 2  # a quarter of a top of 8
    ruling = reg_client.get(f"/api/register/rulings/{r.json()['ruling']}").json()
    assert [(p["pair"], p["amount"], p["unit"], p["law"]) for p in ruling["penalties"]] == [(3, 0.25, "top", "90")]
    refused = reg_client.post("/api/sections/1/penalties", json={**body, "penalties": [{"pair": 3, "amount": 2,
                                                                                      "unit": "imps"}]})
    assert refused.status_code == 422 and refused.json()["field"] == "unit"
    assert reg_client.post("/api/sections/999/penalties", json=body).status_code == 404
