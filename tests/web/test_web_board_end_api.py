"""The end of a board over JSON: a revoke seen, established and transferred; a claim agreed, disputed and
awarded; the director's entry of tricks; refusals that change nothing."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from web.board_end_support import AUCTION, REVOKE_TRICK, opened, play_on
from web.web_support import login


def enter(client: TestClient, table_id: str, status: int = 200, **entry: Any) -> Any:
    r = client.post(f"/api/tables/{table_id}/entries", json=entry)
    assert r.status_code == status, r.text
    return r.json()


def test_a_revoke_is_shown_established_and_two_tricks_transferred(app: FastAPI, client: TestClient) -> None:
    login(client)
    table = opened(app.state.tables, *REVOKE_TRICK)
    state = client.get(f"/api/tables/{table.id}").json()
    [revoke] = state["revokes"]
    assert (revoke["seat"], revoke["trick"], revoke["established"]) == ("East", 1, False)
    assert [c["card"] for c in revoke["held"]] == ["HJ", "HT", "H9", "H8"]  # the cards that may correct it
    play_on(table)
    state = client.get(f"/api/tables/{table.id}").json()
    assert state["ruling"]["law"] == "64" and state["revokes"][0]["established"]
    assert state["summary"]["pending"] and state["summary"]["final_tricks"] is None
    state = enter(client, table.id, kind="choice", option="apply")
    summary = state["summary"]
    assert summary["tricks_at_table"] == 6
    assert [(t["law"], t["offender"], t["tricks"]) for t in summary["transfers"]] == [("64A1", "East", 2)]
    assert (summary["final_tricks"], summary["result"], summary["score_ns"]) == (8, "+1", 110)
    assert any("64C" in f for f in summary["flags"])


def test_a_revoke_corrected_before_it_is_established(app: FastAPI, client: TestClient) -> None:
    login(client)
    table = opened(app.state.tables, *REVOKE_TRICK)
    enter(client, table.id, 422, kind="revoke_corrected", seat="E", card="CA")  # not a heart: refused
    state = enter(client, table.id, kind="revoke_corrected", seat="E", card="HJ")
    assert state["revokes"][0]["corrected"]
    assert any(r["law"] == "62B1" for r in state["records"])
    assert "East: ♠5 (major" in " ".join(state["penalty_cards"])


def test_a_claim_disputed_shows_the_evidence_and_the_award_ends_the_board(app: FastAPI, client: TestClient) -> None:
    login(client)
    table = opened(app.state.tables)
    state = enter(client, table.id, kind="claim", tricks=13, statement="trumps, then the rest are mine")
    assert state["ruling"]["law"] == "68" and state["phase"] == "ruling"
    assert "South has claimed" in state["ruling"]["text"]  # the claimer defaults to declarer
    state = enter(client, table.id, kind="choice", option="dispute")
    claim = state["claim"]
    assert claim["claimer"] == "South" and claim["left"] == 13 and len(claim["hands"]) == 4
    assert claim["double_dummy"].startswith("South's side takes")
    assert any(x.startswith("70C") for x in claim["checklist"]) and any(x.startswith("70E") for x in claim["checklist"])
    enter(client, table.id, 422, kind="judgement", question="tricks", answer="14")
    state = enter(client, table.id, kind="judgement", question="tricks", answer="9")
    summary = state["summary"]
    assert (summary["final_tricks"], summary["result"], summary["score_ns"]) == (9, "+2", 140)
    assert any("Law 70" in r for r in summary["rulings"])
    assert "South claims 13" in " ".join(e["text"] for e in state["log"])


def test_a_claim_agreed_and_the_directors_tricks(app: FastAPI, client: TestClient) -> None:
    login(client)
    table = opened(app.state.tables)
    enter(client, table.id, 422, kind="tricks", tricks=7, law="71")  # the play has not ended
    enter(client, table.id, 422, kind="claim", seat="S")  # no number of tricks
    enter(client, table.id, kind="claim", seat="S", tricks=10)
    state = enter(client, table.id, kind="choice", option="agree")
    assert state["summary"]["final_tricks"] == 10 and state["hand"] == []
    state = enter(client, table.id, kind="tricks", tricks=9, law="71", statement="a trick conceded in error")
    assert state["summary"]["final_tricks"] == 9
    assert "Law 71: declarer credited with 9 tricks" in state["summary"]["adjustments"][0]


def test_a_viewer_cannot_claim(app: FastAPI, client: TestClient) -> None:
    login(client, "viewer")
    table = opened(app.state.tables)
    r = client.post(f"/api/tables/{table.id}/entries", json={"kind": "claim", "tricks": 13})
    assert r.status_code == 403 and table.state.pending is None
    assert len(AUCTION) == len(table.state.calls)
