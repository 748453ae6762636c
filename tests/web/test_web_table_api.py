"""The table engine over JSON: board cycle, an insufficient bid ruled and played on, undo, refusals."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from web.web_support import login


def enter(client: TestClient, table_id: str, **entry: Any) -> Any:
    r = client.post(f"/api/tables/{table_id}/entries", json=entry)
    assert r.status_code == 200, r.text
    return r.json()


def open_board(client: TestClient, board: int) -> Any:
    r = client.post("/api/tables", json={"board": board})
    assert r.status_code == 201, r.text
    return r.json()


def test_dealer_and_vulnerability_follow_the_board_number(client: TestClient) -> None:
    login(client)
    seven = open_board(client, 7)
    assert (seven["dealer"], seven["vulnerability"], seven["next_seat"]) == ("South", "All", "South")
    assert open_board(client, 16)["vulnerability"] == "EW"


def test_insufficient_bid_ruled_and_played_on(client: TestClient) -> None:
    login(client)
    t = open_board(client, 1)
    enter(client, t["id"], kind="call", call="1H")
    state = enter(client, t["id"], kind="call", call="1C")
    ruling = state["ruling"]
    assert state["phase"] == "ruling" and ruling["law"] == "27" and ruling["chooser"] == "South"
    assert {o["key"] for o in ruling["options"]} >= {"accept", "refuse"}
    assert client.get(f"/api/tables/{t['id']}/ruling").json()["law"] == "27"
    state = enter(client, t["id"], kind="choice", option="refuse")
    assert state["ruling"]["caller"] == "East"
    state = enter(client, t["id"], kind="call", call="2S")
    assert state["ruling"]["questions"][0]["key"] == "comparable"
    state = enter(client, t["id"], kind="judgement", question="comparable", answer="no")
    assert state["ruling"] is None
    assert any("West must pass" in r for r in state["restrictions"])
    assert state["lead_restrictions"] and state["flags"]
    for call in ("Pass", "Pass", "Pass"):
        state = enter(client, t["id"], kind="call", call=call)
    assert state["phase"] == "play"
    assert state["contract"] == "2♠ by E"
    assert [c["call"] for c in state["calls"]] == ["1H", "2S", "Pass", "Pass", "Pass"]


def test_refused_entry_changes_nothing_and_names_the_law(client: TestClient) -> None:
    login(client)
    t = open_board(client, 1)
    enter(client, t["id"], kind="call", call="1H")
    enter(client, t["id"], kind="call", call="1C")
    r = client.post(f"/api/tables/{t['id']}/entries", json={"kind": "choice", "option": "bogus"})
    assert r.status_code == 422 and r.json()["law"] == "27"
    after = client.get(f"/api/tables/{t['id']}").json()
    assert after["phase"] == "ruling" and len(after["log"]) == 2


def test_bad_input_gets_a_clear_message(client: TestClient) -> None:
    login(client)
    t = open_board(client, 1)
    r = client.post(f"/api/tables/{t['id']}/entries", json={"kind": "call", "call": "9H"})
    assert r.status_code == 422 and "level from 1 to 7" in r.json()["detail"]
    assert client.post("/api/tables", json={"board": 0}).status_code == 422
    assert client.get("/api/tables/nope").status_code == 404


def test_undo_takes_back_a_mistyped_call_but_keeps_the_log(client: TestClient) -> None:
    login(client)
    t = open_board(client, 1)
    enter(client, t["id"], kind="call", call="1H")
    enter(client, t["id"], kind="call", call="1C")
    state = enter(client, t["id"], kind="undo")
    assert state["phase"] == "auction" and state["next_seat"] == "East"
    assert [(e["text"], e["undone"]) for e in state["log"]] == [
        ("North: 1H", False), ("East: 1C", True), ("Undo", False)]


def test_undo_does_not_take_back_a_ruling(client: TestClient) -> None:
    login(client)
    t = open_board(client, 1)
    enter(client, t["id"], kind="call", call="1H")
    enter(client, t["id"], kind="call", call="1C")
    enter(client, t["id"], kind="choice", option="accept")
    r = client.post(f"/api/tables/{t['id']}/entries", json={"kind": "undo"})
    assert r.status_code == 422 and "ruling" in r.json()["detail"]


def test_replay_endpoint_gives_the_ruling_without_storing(client: TestClient) -> None:
    login(client, "viewer")
    body = {"board": 1, "entries": [{"kind": "call", "call": "1H"}, {"kind": "call", "call": "1C"}]}
    r = client.post("/api/rulings", json=body)
    assert r.status_code == 200 and r.json()["ruling"]["law"] == "27"
    assert client.get("/api/tables").json() == []


def test_54D_forbidden_lead_shown_at_the_table_now(client: TestClient) -> None:
    """After an opening lead out of turn with a suit forbidden (54D, 50D2), the director's page lists the rule in
    force among the restrictions, as the terminal does ("In force: ...")."""
    login(client)
    r = client.post("/api/tables", json={"board": 1, "deal": "N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT "
                                                            "AKQJT9.3.JT9.987 876.7654.876.654"})
    assert r.status_code == 201, r.text
    t = r.json()
    for call in ("Pass", "Pass", "1S", "Pass", "Pass", "Pass"):
        enter(client, t["id"], kind="call", call=call)
    enter(client, t["id"], kind="play", seat="E", card="HJ")
    state = enter(client, t["id"], kind="choice", option="forbid")
    assert state["rules_in_force"] == ["West may not lead hearts for as long as he keeps the lead (Law 50D2)"]
    page = client.get(f"/tables/{t['id']}").text
    restrictions = page.split('id="restrictions"', 1)[1].split("</section>", 1)[0]
    assert "West may not lead hearts for as long as he keeps the lead" in restrictions
