"""Issue 26, the table page's bugs: the Law 54C question stays on screen once answered, "the director rules"
above "North chooses", a claimer called "Offender", a forbidden lead called a failure to follow suit, and cards in
letters (``HK``, "lead HA") where the director reads them."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from web.test_web_session_api import club_app, set_up
from web.web_support import form_token, login

# N: ♠432 ♥AKQ2 ♦5432 ♣32   E: ♠5 ♥JT98 ♦AKQ ♣AKQJT   S: ♠AKQJT9 ♥3 ♦JT9 ♣987   W: ♠876 ♥7654 ♦876 ♣654
DEAL = "N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654"
QUESTION_54C = "Could declarer have seen any of dummy's cards (other than cards exposed in the auction)?"


def enter(client: TestClient, table_id: str, **entry: Any) -> Any:
    r = client.post(f"/api/tables/{table_id}/entries", json=entry)
    assert r.status_code == 200, r.text
    return r.json()


def page_text(client: TestClient, table_id: str) -> str:
    r = client.get(f"/tables/{table_id}")
    assert r.status_code == 200
    return html.unescape(r.text)


def to_the_lead(client: TestClient, calls: tuple[str, ...] = ("Pass", "Pass", "1S", "Pass", "Pass", "Pass")) -> str:
    """Board 1 (North deals) with the deal above; by default 1♠ by South, West on lead."""
    r = client.post("/api/tables", json={"board": 1, "deal": DEAL})
    assert r.status_code == 201, r.text
    table_id: str = r.json()["id"]
    for call in calls:
        enter(client, table_id, kind="call", call=call)
    return table_id


def test_the_54C_question_leaves_the_page_once_answered(client: TestClient) -> None:
    login(client)
    table_id = to_the_lead(client)
    enter(client, table_id, kind="play", seat="E", card="HJ")  # East faces the opening lead out of turn
    page = page_text(client, table_id)
    assert page.count(QUESTION_54C) == 1 and 'name="question" value="saw_dummy"' in page
    r = client.post(f"/tables/{table_id}/entries", data={"csrf_token": form_token(page), "kind": "judgement",
                                                         "question": "saw_dummy", "answer": "no", "expected": "7"},
                    follow_redirects=True)
    assert r.status_code == 200, r.text
    page = page_text(client, table_id)
    assert QUESTION_54C not in page and 'value="saw_dummy"' not in page
    assert [b for b in ("spread", "accept", "require", "forbid", "penalty") if f'data-option="{b}"' in page] == [
        "spread", "accept", "require", "forbid", "penalty"]  # declarer still chooses among the five
    state = client.get(f"/api/tables/{table_id}").json()
    assert state["ruling"]["questions"] == []
    again = client.post(f"/api/tables/{table_id}/entries", json={"kind": "judgement", "question": "saw_dummy",
                                                                 "answer": "yes"})
    assert again.status_code == 422  # answered once: not asked again


def test_north_s_choice_is_said_as_north_s_on_the_page(client: TestClient) -> None:
    login(client)
    r = client.post("/api/tables", json={"board": 1})
    table_id = r.json()["id"]
    for call in ("1S", "Pass", "Pass"):
        enter(client, table_id, kind="call", call=call)
    state = enter(client, table_id, kind="call", call="1H")  # West's insufficient 1♥: North chooses (Law 27)
    assert state["ruling"]["chooser"] == "North"
    page = page_text(client, table_id)
    assert "Offender: <b>West</b> · <b>North</b> chooses" in page
    assert "the director rules" not in page.split('id="read-aloud"')[0]


def test_a_claimer_is_called_the_claimer(client: TestClient) -> None:
    login(client)
    table_id = to_the_lead(client)
    enter(client, table_id, kind="play", card="H7")
    state = enter(client, table_id, kind="claim", seat="S", tricks=12, statement="drawing trumps")
    assert (state["ruling"]["law"], state["ruling"]["role"]) == ("68", "Claimer")
    page = page_text(client, table_id)
    assert "Claimer: <b>South</b> · <b>West</b> chooses" in page and "Offender:" not in page
    enter(client, table_id, kind="choice", option="dispute", seat="W")
    page = page_text(client, table_id)
    assert "Claimer: <b>South</b> · the director rules" in page and "Offender:" not in page


def test_a_forbidden_lead_is_not_called_a_failure_to_follow(client: TestClient) -> None:
    login(client)
    table_id = to_the_lead(client)
    enter(client, table_id, kind="play", seat="E", card="HJ")
    enter(client, table_id, kind="choice", option="forbid")  # West may not lead hearts (Law 54D, 50D2(b))
    state = enter(client, table_id, kind="play", card="H7")  # West leads a heart all the same
    assert state["revokes"][0]["text"] == ("West led ♥7 on trick 1: West was forbidden to lead hearts while he kept "
                                           "the lead (Law 50D2)")
    page = page_text(client, table_id)
    revokes = page[page.index('id="revokes"'):]
    assert ("West led ♥7 on trick 1: West was forbidden to lead hearts while he kept the lead (Law 50D2) —\n"
            "      not yet established") in revokes
    assert "did not follow" not in page


def test_a_card_answer_is_a_suit_symbol_on_its_button(client: TestClient) -> None:
    login(client)
    table_id = to_the_lead(client)
    enter(client, table_id, kind="play", card="H7")
    state = enter(client, table_id, kind="dummy_call", designation="high")  # Law 46B: ♥A unless meant otherwise
    assert state["ruling"]["questions"][0]["answers"] == ["no", "H2", "HQ", "HK"]
    page = page_text(client, table_id)
    assert '<button class="big" name="answer" value="HK">♥K</button>' in page
    assert "(no / ♥2 / ♥Q / ♥K)" in page and ">HK<" not in page


# ----- a session's board: "The log gives ..., lead ♥J" -----------------------------------------------------------
@pytest.fixture
def club(tmp_path: Path) -> Iterator[FastAPI]:
    made = club_app(tmp_path)
    yield made
    made.state.register.close()


def test_the_lead_from_the_log_is_said_with_its_suit_symbol(club: FastAPI) -> None:
    with TestClient(club, base_url="https://testserver") as client:
        login(client)
        sid = set_up(client)  # N holds every top card: 1NT by North, East leads
        token = client.post(f"/api/sections/{sid}/tables", json={"round": 1, "table": 1, "board": 1}).json()["token"]
        for call in ("1NT", "Pass", "Pass", "Pass"):
            enter(client, token, kind="call", call=call)
        enter(client, token, kind="play", card="HJ")
        enter(client, token, kind="claim", seat="N", tricks=13)
        enter(client, token, kind="choice", option="agree")
        page = page_text(client, token)
        assert "The log gives <b>1NT by N, 13 tricks, lead ♥J</b>" in page and "lead HJ" not in page
