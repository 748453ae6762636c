"""The table page as a director sees it on a phone: the bidding box only while a call can be entered, a call
after the final pass under "Other irregularities", a director's question shown once, a jump to the choices of a
long ruling, and board 0 refused (page and API)."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi.testclient import TestClient

from web.web_support import form_token, login

# N: ♠432 ♥AKQ2 ♦5432 ♣32   E: ♠5 ♥JT98 ♦AKQ ♣AKQJT   S: ♠AKQJT9 ♥3 ♦JT9 ♣987   W: ♠876 ♥7654 ♦876 ♣654
DEAL = "N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654"


def enter(client: TestClient, table_id: str, **entry: Any) -> Any:
    r = client.post(f"/api/tables/{table_id}/entries", json=entry)
    assert r.status_code == 200, r.text
    return r.json()


def open_board(client: TestClient, board: int = 1, deal: str | None = None) -> str:
    r = client.post("/api/tables", json={"board": board, "deal": deal} if deal else {"board": board})
    assert r.status_code == 201, r.text
    table_id: str = r.json()["id"]
    return table_id


def page_text(client: TestClient, table_id: str) -> str:
    r = client.get(f"/tables/{table_id}")
    assert r.status_code == 200
    return html.unescape(r.text)


def played_to_the_lead(client: TestClient) -> str:
    """Board 1, 1♠ by South; West is on lead."""
    table_id = open_board(client, 1, DEAL)
    for call in ("Pass", "Pass", "1S", "Pass", "Pass", "Pass"):
        state = enter(client, table_id, kind="call", call=call)
    assert state["phase"] == "play" and state["calls_open"] is False
    return table_id


def test_the_bidding_box_is_shown_while_calls_can_be_entered(client: TestClient) -> None:
    login(client)
    table_id = open_board(client)
    assert client.get(f"/api/tables/{table_id}").json()["calls_open"] is True
    enter(client, table_id, kind="call", call="1H")
    state = enter(client, table_id, kind="call", call="1C")  # Law 27: calling over it accepts it
    assert state["phase"] == "ruling" and state["calls_open"] is True
    assert 'id="bidding-box"' in page_text(client, table_id)
    state = enter(client, table_id, kind="choice", option="refuse")  # East's replacement call
    assert state["ruling"]["caller"] == "East" and state["calls_open"] is True
    assert 'id="bidding-box"' in page_text(client, table_id)


def test_no_bidding_box_for_a_ruling_in_the_play_period(client: TestClient) -> None:
    login(client)
    table_id = played_to_the_lead(client)
    state = enter(client, table_id, kind="play", seat="E", card="HJ")  # opening lead out of turn
    assert state["phase"] == "ruling" and state["ruling"]["law"] == "54"
    assert state["calls_open"] is False
    text = page_text(client, table_id)
    assert 'id="bidding-box"' not in text and 'name="call" value="1C"' not in text
    assert 'id="options"' in text and 'id="after-final-pass"' in text


def test_a_call_after_the_final_pass_from_other_irregularities(client: TestClient) -> None:
    login(client)
    table_id = played_to_the_lead(client)
    text = page_text(client, table_id)
    assert 'id="bidding-box"' not in text
    form = text[text.index('id="after-final-pass"'):]
    assert 'name="kind" value="call"' in form[:form.index("</form>")]
    r = client.post(f"/tables/{table_id}/entries",
                    data={"csrf_token": form_token(text), "kind": "call", "seat": "W", "call": "X"},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    state = client.get(f"/api/tables/{table_id}").json()
    assert state["ruling"]["law"] == "39" and state["ruling"]["offender"] == "West"
    assert "Call after the final pass — Law 39" in page_text(client, table_id)


def test_the_directors_question_is_shown_once(client: TestClient) -> None:
    login(client)
    table_id = open_board(client)
    for call in ("1H", "1C"):
        enter(client, table_id, kind="call", call=call)
    enter(client, table_id, kind="choice", option="refuse")
    state = enter(client, table_id, kind="call", call="2S")
    question = state["ruling"]["questions"][0]["text"]
    assert question in state["ruling"]["text"]  # the engine's text already asks it
    text = page_text(client, table_id)
    assert text.count(question) == 1
    assert 'name="question" value="comparable"' in text and 'name="answer" value="no"' in text


def test_a_question_missing_from_the_text_stays_beside_its_buttons(client: TestClient) -> None:
    login(client)
    table_id = played_to_the_lead(client)
    state = enter(client, table_id, kind="play", seat="E", card="HJ")
    question = state["ruling"]["questions"][0]["text"]  # Law 54C, beside the five options
    assert question not in state["ruling"]["text"]
    assert page_text(client, table_id).count(question) == 1


def test_a_long_ruling_has_a_jump_to_its_choices(client: TestClient) -> None:
    login(client)
    table_id = open_board(client)
    for call in ("1H", "1C"):
        state = enter(client, table_id, kind="call", call=call)
    text = page_text(client, table_id)
    assert state["ruling"]["text"] in text  # the whole text, unchanged, for reading aloud
    jump = re.search(r'<a class="button jump" id="jump" href="#choices">Jump to the choices', text)
    assert jump and jump.start() < text.index('id="read-aloud"') < text.index('id="choices"')
    assert text.index('id="choices"') < text.index('data-option="accept"')
    enter(client, table_id, kind="choice", option="refuse")  # now the choice is East's call
    assert 'id="jump" href="#bidding-box"' in page_text(client, table_id)


def test_board_zero_is_refused_by_the_api_naming_the_field(client: TestClient) -> None:
    login(client)
    for path, body in (("/api/tables", {"board": 0}), ("/api/rulings", {"board": 0, "entries": []}),
                       ("/api/tables", {"board": 1000})):
        r = client.post(path, json=body)
        assert r.status_code == 422, r.text
        error = r.json()
        assert error["field"] == "board"
        assert error["detail"].startswith("board: boards are numbered from 1 to 999 (Law 2)")
    assert client.post("/api/tables", json={"board": "x"}).json()["field"] == "board"
    assert client.get("/api/tables").json() == []


def test_board_zero_is_refused_on_the_page_naming_the_field(client: TestClient) -> None:
    login(client)
    open_board(client, 5)
    token = form_token(client.get("/").text)
    r = client.post("/tables", data={"csrf_token": token, "board": "0", "laws": "2017"}, follow_redirects=False)
    assert r.status_code == 422
    assert "board: boards are numbered from 1 to 999 (Law 2), not 0" in r.text
    assert "Board 5" in r.text  # the open tables stay listed
    r = client.post("/tables", data={"csrf_token": token, "board": "two", "laws": "2017"}, follow_redirects=False)
    assert r.status_code == 422 and "board: enter a board number from 1 to 999" in r.text
    assert len(client.get("/api/tables").json()) == 1
