"""Judgement on the director's timeline, from the table page and the JSON API (docs/phone.md, "Call me back at the
end of the hand"): a break in tempo with its context (the skip-bid warning, the pause, whether it was out of the
ordinary), an explanation of a play agreement with no call, dummy spread; the open matters at the top of the page
("director to be called back at the end of the hand", then "Review now"); the "Play on" button that answers
``later`` to a pending 16B or 21B review.  Every entry is posted as the page's controls send it (each field is one
the page offers) and is read back from the register by a store that never saw it (nothing lost)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridge_director.model import Seat
from bridge_director.table.edition import Edition
from bridge_director.table.events import Explanation, Hesitation
from bridge_director.table.play import DummyFaced
from bridge_director.web.tables import TableStore
from web.board_end_support import play_on
from web.test_table_judgement import offered, question, state
from web.web_support import login

# N: ♠432 ♥AKQ2 ♦5432 ♣32   E: ♠5 ♥JT98 ♦AKQ ♣AKQJT   S: ♠AKQJT9 ♥3 ♦JT9 ♣987   W: ♠876 ♥7654 ♦876 ♣654
DEAL = "N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654"
BEFORE = ("1S", "2H")  # North opens, East overcalls: South to call (call 3)
AFTER = ("Pass", "Pass", "2S", "Pass", "Pass", "Pass")  # South passes slowly; North's 2S is call 5; 2S by North
CALL_BACK = "Director to be called back at the end of the hand."


def page_of(client: TestClient, table_id: str) -> str:
    return html.unescape(client.get(f"/tables/{table_id}").text)


def post(client: TestClient, table_id: str, **fields: str | list[str]) -> Any:
    """Post one entry as the page's controls send it; every field must be a control the page offers."""
    page = page_of(client, table_id)
    for name, value in fields.items():
        for one in value if isinstance(value, list) else [value]:
            if name == "seconds":  # typed, as the answer and the remark are (``offered`` knows those)
                assert re.search(r'<input name="seconds"', page), "the page offers no field seconds"
            else:
                assert offered(page, name, one), f"the page offers no control {name}={one!r}"
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    seq = re.search(r'name="expected" value="(\d+)"', page)
    assert token and seq
    return client.post(f"/tables/{table_id}/entries", data={"csrf_token": token.group(1), "expected": seq.group(1),
                                                            **fields}, headers={"X-Table-Swap": "1"})


def tap(client: TestClient, table_id: str, **fields: str | list[str]) -> str:
    """``post``, refusing a refusal: the page drawn after the entry."""
    r = post(client, table_id, **fields)
    error = re.search(r'id="error">([^<]*)', r.text)
    assert r.status_code == 200 and error is None, error.group(1) if error else r.text[:300]
    return html.unescape(r.text)


def api(client: TestClient, table_id: str, *entries: dict[str, Any]) -> Any:
    for entry in entries:
        r = client.post(f"/api/tables/{table_id}/entries", json=entry)
        assert r.status_code == 200, (entry, r.text)
    return r.json()


def calls(*made: str) -> list[dict[str, Any]]:
    return [{"kind": "call", "call": c} for c in made]


def opened(client: TestClient, *entries: dict[str, Any]) -> str:
    table_id: str = client.post("/api/tables", json={"board": 1, "deal": DEAL}).json()["id"]
    if entries:
        api(client, table_id, *entries)
    return table_id


def stored_events(app: FastAPI, table_id: str) -> list[Any]:
    """The log as a store that never saw it reads it back from the register (no cache)."""
    return [e.event for e in TableStore(app.state.tables.register).get(table_id).log]


def matters_block(page: str) -> str:
    found = re.search(r'<section class="card matters" id="matters".*?</section>', page, re.S)
    return found.group(0) if found else ""


def play_to_the_end(app: FastAPI, table_id: str) -> None:
    play_on(app.state.tables.get(table_id))
    assert state_of(app, table_id).play.finished


def state_of(app: FastAPI, table_id: str) -> Any:
    return app.state.tables.get(table_id).state


# ----- the break in tempo with its context ---------------------------------------------------------------------------
def test_a_break_in_tempo_with_its_context_from_the_sheet_opens_a_matter_to_call_back(
        app: FastAPI, client: TestClient) -> None:
    login(client)
    table_id = opened(client, *calls(*BEFORE))
    page = page_of(client, table_id)
    for label in ("Skip-bid warning", "Not asked", "Not given", "Pause, in seconds", "Out of the ordinary?",
                  "Not found"):
        assert label in page
    tap(client, table_id, sheet="hesitation", seat="S", skip_warning="no", seconds="12", unusual="yes", agreed="yes")
    assert state(client, table_id)["log"][-1]["text"] == ("South breaks tempo: no skip-bid warning, about 12 s, out "
                                                          "of the ordinary")
    assert stored_events(app, table_id)[-1] == Hesitation(Seat.SOUTH, True, Edition.L2017, False, 12, True)
    api(client, table_id, *calls(*AFTER))
    block = matters_block(page_of(client, table_id))
    assert "South's break in tempo (after call 2): no skip-bid warning given, a pause of about 12 s" in block
    assert "unauthorised information to North?" in block and CALL_BACK in block
    assert "Review now" not in block  # the board goes on
    seen = state(client, table_id)
    assert seen["board_over"] is False
    assert [(m["kind"], m["seat"], m["law"], m["call_no"], m["now"]) for m in seen["matters"]] == [
        ("hesitation", "N", "16B", 5, False)]


def test_the_context_left_out_is_not_asked_and_a_tempo_found_normal_opens_no_matter(
        app: FastAPI, client: TestClient) -> None:
    login(client)
    table_id = opened(client, *calls(*BEFORE))
    tap(client, table_id, sheet="hesitation", seat="S", agreed="no")  # the four taps: nothing else given
    assert stored_events(app, table_id)[-1] == Hesitation(Seat.SOUTH, False, Edition.L2017, None, None, None)
    assert state(client, table_id)["log"][-1]["text"] == "South breaks tempo (disputed)"
    other = opened(client, *calls(*BEFORE))
    tap(client, other, sheet="hesitation", seat="S", skip_warning="yes", unusual="no", agreed="yes")
    assert stored_events(app, other)[-1] == Hesitation(Seat.SOUTH, True, Edition.L2017, True, None, False)
    api(client, other, *calls(*AFTER))
    assert state(client, other)["matters"] == [] and 'id="matters"' not in page_of(client, other)


@pytest.mark.parametrize("seconds", ["5000", "-1", "ten", "2.5"])
def test_a_pause_out_of_bounds_is_refused_naming_the_field(client: TestClient, seconds: str) -> None:
    login(client)
    table_id = opened(client, *calls(*BEFORE))
    log = state(client, table_id)["log"]
    r = post(client, table_id, sheet="hesitation", seat="S", seconds=seconds, agreed="yes")
    assert r.status_code == 422
    assert "seconds: the pause is a whole number of seconds from 0 to 3600" in html.unescape(r.text)
    assert state(client, table_id)["log"] == log


@pytest.mark.parametrize("seconds", [3601, -1, "12", 1.5, True])
def test_the_api_refuses_a_pause_out_of_bounds_naming_the_field(client: TestClient, seconds: Any) -> None:
    login(client)
    table_id = opened(client, *calls(*BEFORE))
    log = state(client, table_id)["log"]
    r = client.post(f"/api/tables/{table_id}/entries", json={"kind": "hesitation", "seat": "S", "seconds": seconds})
    assert r.status_code == 422, r.text
    assert r.json()["field"] == "seconds" and "from 0 to 3600" in r.json()["detail"]
    assert state(client, table_id)["log"] == log


def test_the_api_takes_a_break_in_tempo_with_its_context_once_per_key(app: FastAPI, client: TestClient) -> None:
    login(client)
    table_id = opened(client, *calls(*BEFORE))
    body = {"kind": "hesitation", "seat": "S", "agreed": False, "skip_warning": True, "seconds": 0,
            "unusual": True, "key": "tempo-key-0001"}
    first = client.post(f"/api/tables/{table_id}/entries", json=body)
    assert first.status_code == 200, first.text
    assert first.json()["log"][-1]["text"] == ("South breaks tempo: after a skip-bid warning, about 0 s, out of the "
                                               "ordinary (disputed)")
    again = client.post(f"/api/tables/{table_id}/entries", json=body)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "3"
    assert stored_events(app, table_id)[2:] == [Hesitation(Seat.SOUTH, False, Edition.L2017, True, 0, True)]
    r = client.post(f"/api/tables/{table_id}/entries", json={"kind": "hesitation", "seat": "S", "unusual": "maybe"})
    assert r.status_code == 422 and r.json()["field"] == "unusual"


# ----- an explanation of a play agreement; dummy spread --------------------------------------------------------------
def test_an_explanation_of_a_play_agreement_from_the_sheet(app: FastAPI, client: TestClient) -> None:
    login(client)
    table_id = opened(client, *calls(*BEFORE, *AFTER), {"kind": "play", "card": "HJ"})
    page = page_of(client, table_id)
    assert "Explanation of a play agreement" in page
    for about in ("leads", "carding", "signals", "discards", "play"):
        assert offered(page, "about", about)
    tap(client, table_id, sheet="play_explanation", seat="W", answer="low encourages", about="carding")
    assert state(client, table_id)["log"][-1]["text"] == "West explains the side's agreement on carding: \"low " \
                                                         "encourages\""
    assert stored_events(app, table_id)[-1] == Explanation(Seat.WEST, None, "low encourages", None, True,
                                                           Edition.L2017, "carding")
    assert any("agreement on carding" in u for u in state(client, table_id)["unauthorised"])
    r = post(client, table_id, sheet="play_explanation", seat="W", about="leads")  # nothing typed
    assert r.status_code == 422 and "answer: write the explanation given" in html.unescape(r.text)
    r = post(client, table_id, sheet="play_explanation", answer="fourth best", about="leads")  # no seat tapped
    assert r.status_code == 422 and "seat: tap who did it" in html.unescape(r.text)


@pytest.mark.parametrize(("entry", "field"), [
    ({"kind": "explanation", "seat": "E", "answer": "count"}, "call_no"),
    ({"kind": "explanation", "seat": "E", "answer": "count", "about": "bidding"}, "about"),
    ({"kind": "explanation", "seat": "E", "answer": "count", "about": "carding", "call_no": 2}, "about"),
    ({"kind": "explanation", "about": "carding", "answer": "count"}, "seat"),
    ({"kind": "explanation", "seat": "E", "about": "carding"}, "answer"),
])
def test_the_api_refuses_a_play_agreement_without_what_it_needs(client: TestClient, entry: dict[str, Any],
                                                                field: str) -> None:
    login(client)
    table_id = opened(client, *calls(*BEFORE))
    r = client.post(f"/api/tables/{table_id}/entries", json=entry)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == field and field in r.json()["detail"]


def test_the_api_takes_a_play_agreement_and_dummy_spread(app: FastAPI, client: TestClient) -> None:
    login(client)
    table_id = opened(client, *calls(*BEFORE, *AFTER))
    r = client.post(f"/api/tables/{table_id}/entries", json={"kind": "dummy_faced"})
    assert r.status_code == 422 and r.json()["law"] == "41D"  # not before the opening lead
    done = api(client, table_id, {"kind": "explanation", "seat": "E", "about": "leads", "answer": "top of a sequence",
                                  "asked_by": "S"},
               {"kind": "play", "card": "HJ"}, {"kind": "dummy_faced", "key": "dummy-spread-01"})
    assert [e["text"] for e in done["log"][-3:]] == [
        "East explains the side's agreement on leads: \"top of a sequence\"", "East plays ♥J",
        "Dummy is spread (Law 41D)"]
    assert stored_events(app, table_id)[-3] == Explanation(Seat.EAST, None, "top of a sequence", Seat.SOUTH, True,
                                                           Edition.L2017, "leads")
    assert stored_events(app, table_id)[-1] == DummyFaced(Edition.L2017)
    assert state_of(app, table_id).period.dummy_faced


def test_dummy_spread_is_offered_between_the_opening_lead_and_dummy_spread(app: FastAPI, client: TestClient) -> None:
    login(client)
    table_id = opened(client, *calls(*BEFORE, *AFTER))
    assert not offered(page_of(client, table_id), "sheet", "dummy_faced")  # no lead yet
    api(client, table_id, {"kind": "play", "card": "HJ"})
    page = page_of(client, table_id)
    assert offered(page, "sheet", "dummy_faced") and "Dummy spread" in page
    tap(client, table_id, sheet="dummy_faced", enter="1")
    assert state(client, table_id)["log"][-1]["text"] == "Dummy is spread (Law 41D)"
    assert stored_events(app, table_id)[-1] == DummyFaced(Edition.L2017)
    assert state_of(app, table_id).period.dummy_faced
    assert not offered(page_of(client, table_id), "sheet", "dummy_faced")  # spread once


# ----- the open matters: called back, then "Review now" -------------------------------------------------------------
def test_after_the_last_card_review_now_starts_the_16B_review_of_the_matter(app: FastAPI, client: TestClient) -> None:
    login(client)
    table_id = opened(client, *calls(*BEFORE), {"kind": "hesitation", "seat": "S", "seconds": 10},
                      *calls(*AFTER))
    play_to_the_end(app, table_id)
    page = page_of(client, table_id)
    block = matters_block(page)
    assert "Open matters: review them now" in block and CALL_BACK not in block
    assert "Review now (Law 16B, N, call 5)" in block
    for name, value in (("kind", "review_ruling"), ("law", "16B"), ("seat", "N"), ("call_no", "5")):
        assert re.search(rf'<input type="hidden" name="{name}" value="{value}">', block), name
    assert state(client, table_id)["board_over"] is True
    assert state(client, table_id)["matters"][0]["now"] is True
    page = tap(client, table_id, kind="review_ruling", law="16B", seat="N", call_no="5")  # one tap: "Review now"
    ruling = state(client, table_id)["ruling"]
    assert ruling["law"] == "16B" and "North's 2S (call 5)" in ruling["text"]
    assert "a pause of about 10 s" in ruling["text"]
    assert "Being reviewed now (below)." in matters_block(page) and "Review now (" not in page
    assert 'id="later"' not in page  # the board is over: nothing to put aside
    for key, answer in (("ui", "yes"), ("suggests", "action")):
        tap(client, table_id, kind="judgement", question=key, answer=answer)
    tap(client, table_id, kind="judgement", question="alternatives", calls=["Pass"], build="calls")
    damage = state(client, table_id)["ruling"]["questions"][0]
    assert damage["key"] == "damage" and "at the table (2S by North, 6 tricks)" in damage["text"]
    tap(client, table_id, kind="judgement", question="damage", answer="yes")
    page = tap(client, table_id, kind="judgement", question="score", score="result", s1_level="2", s1_strain="H",
               s1_dbl="", s1_decl="E", s1_tricks="8")
    done = state(client, table_id)
    assert done["matters"] == [] and 'id="matters"' not in page
    assert done["records"][-1]["law"] == "16B" and "2H by East, 8 tricks" in done["records"][-1]["outcome"]
    assert "2H by East, 8 tricks" in done["summary"]["rulings"][-1]


def test_play_on_puts_the_review_aside_and_review_now_takes_it_up_with_its_answers(
        app: FastAPI, client: TestClient) -> None:
    login(client)
    table_id = opened(client, *calls(*BEFORE), {"kind": "hesitation", "seat": "S"}, *calls(*AFTER),
                      {"kind": "play", "card": "HJ"})
    tap(client, table_id, sheet="ui", call_no="5")  # the director is called at trick one
    page = page_of(client, table_id)
    assert "Play on — call me back at the end of the hand" in page
    assert state(client, table_id)["later"] == "ui"
    tap(client, table_id, kind="judgement", question="ui", answer="yes")
    assert state(client, table_id)["later"] == "suggests"
    page = tap(client, table_id, kind="judgement", question="suggests", answer="later")  # "Play on"
    seen = state(client, table_id)
    assert seen["ruling"] is None and seen["log"][-1]["text"] == "Director judges suggests: later"
    assert [(m["kind"], m["law"], m["seat"], m["call_no"], m["now"], m["waiting"]) for m in seen["matters"]] == [
        ("review waiting", "16B", "N", 5, False, True)]
    block = matters_block(page)
    assert "found so far: ui: yes" in block and "(review put aside, its answers kept)" in block
    assert CALL_BACK in block and 'id="play"' in page  # the table plays on
    play_to_the_end(app, table_id)
    page = page_of(client, table_id)
    assert "Review now (Law 16B, N, call 5)" in matters_block(page)
    tap(client, table_id, kind="review_ruling", law="16B", seat="N", call_no="5")
    assert question(client, table_id) == "suggests"  # taken up where it was put aside
    assert "Found so far: ui: yes." in state(client, table_id)["ruling"]["text"]
    assert state(client, table_id)["later"] is None


def test_no_play_on_button_for_a_ruling_that_cannot_wait(client: TestClient) -> None:
    login(client)
    table_id = opened(client, *calls("1H", "1C"))  # an insufficient bid: Law 27 is ruled at once
    assert state(client, table_id)["ruling"]["law"] == "27"
    assert 'id="later"' not in page_of(client, table_id) and state(client, table_id)["later"] is None


def test_a_21B_review_can_wait_for_the_end_of_the_hand_too(client: TestClient) -> None:
    login(client)
    table_id = opened(client, *calls(*BEFORE), {"kind": "explanation", "call_no": 1, "answer": "five spades"},
                      *calls(*AFTER), {"kind": "play", "card": "HJ"})
    tap(client, table_id, sheet="mi", call_no="1")
    seen = state(client, table_id)
    assert seen["ruling"]["law"] == "21B" and seen["later"] == seen["ruling"]["questions"][0]["key"]
    tap(client, table_id, kind="judgement", question=seen["later"], answer="later")
    seen = state(client, table_id)
    assert seen["ruling"] is None
    assert [(m["law"], m["seat"], m["call_no"], m["waiting"]) for m in seen["matters"]] == [("21B", "N", 1, True)]
