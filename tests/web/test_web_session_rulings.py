"""A ruling on a session's result, from the phone form and over JSON: the ranking moves at once, every adjusted
figure links to its written ruling, the written ruling (page and PDF) says what happened and how long the sides
have to appeal, an appeal restores the table result with the history kept, and refusals name field and law."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridge_director.club.movement_gen import mitchell
from web.test_web_session_api import PBN, club_app, setup_body
from web.web_support import form_token, login

ODD = "<b>O'Neil</b>"
ESCAPED = "&lt;b&gt;O&#39;Neil&lt;/b&gt;"
NOT_PLAYED = (3, 1, 5)  # round 3, table 1, board 5 could not be played
RULED = (1, 2, 3)  # round 1, table 2 (pairs 2 v 5), board 3: the result a director rules on


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    made = club_app(tmp_path)
    yield made
    made.state.register.close()


def evening(client: TestClient) -> int:
    """A 3-table Mitchell over the API, every result in (3NT by N, 9 to 13 tricks) but one board not played;
    pair 5's first player is O'Neil."""
    login(client)
    body = setup_body(hand_records=PBN)
    body["pairs"][4]["player1"] = ODD
    r = client.post("/api/sessions", json=body)
    assert r.status_code == 201, r.text
    sid: int = r.json()["id"]
    movement = mitchell(3)
    for round_no in (1, 2, 3):
        for table in (1, 2, 3):
            seat = movement.at(round_no, table)
            assert seat is not None
            for board in (2 * seat.board_set - 1, 2 * seat.board_set):
                result: dict[str, Any] = {"contract": "3NT", "declarer": "N", "tricks": 9 + (board + table) % 5}
                if (round_no, table, board) == NOT_PLAYED:
                    result = {"status": "not-played"}
                r = client.post(f"/api/sections/{sid}/results", json={"round": round_no, "table": table,
                                                                      "board": board, **result})
                assert r.status_code == 201, r.text
    return sid


def result_id(client: TestClient, sid: int, where: tuple[int, int, int]) -> int:
    rows = client.get(f"/api/sections/{sid}/results").json()
    return int(next(r["id"] for r in rows if (r["round"], r["table"], r["board"]) == where))


def totals(client: TestClient, sid: int) -> dict[str, float]:
    return {s["pair"]: s["total"] for s in client.get(f"/api/sections/{sid}/ranking").json()["standings"]}


def rule_on_page(client: TestClient, sid: int, rid: int, status: int = 303, **fields: str) -> Any:
    token = form_token(client.get(f"/sessions/{sid}/results/{rid}/ruling").text)
    return client.post(f"/sessions/{sid}/results/{rid}/ruling", data={"csrf_token": token, **fields},
                       follow_redirects=False)


def ruled(client: TestClient, sid: int) -> tuple[int, int]:
    """Ruling on board 3 (2 v 5) through the page: 16B, 6NT by N making 12 assigned.  The ruling's and result's ids."""
    rid = result_id(client, sid, RULED)
    r = rule_on_page(client, sid, rid, laws="16B, 12C1b", facts="A break in tempo <script>x</script> before 6NT",
                     kind="assigned", a_level="6", a_strain="NT", a_declarer="N", a_tricks="12")
    assert r.status_code == 303, html.unescape(r.text)
    found = re.fullmatch(rf"/sessions/{sid}/rulings/(\d+)", r.headers["location"])
    assert found
    return int(found.group(1)), rid


@pytest.fixture
def sid(client: TestClient) -> int:
    return evening(client)


def test_a_ruling_through_the_page_moves_the_ranking(client: TestClient, sid: int) -> None:
    rid = result_id(client, sid, RULED)
    round_page = client.get(f"/sessions/{sid}/rounds/1/tables/2").text
    assert f'href="/sessions/{sid}/results/{rid}/ruling"' in round_page and "Rule on this result" in round_page
    before, page_before = totals(client, sid), client.get(f"/sessions/{sid}/ranking").text
    ruling, _ = ruled(client, sid)
    after, page_after = totals(client, sid), client.get(f"/sessions/{sid}/ranking").text
    assert after["2"] > before["2"] and after["5"] < before["5"]  # 6NT= is a top for N-S 2 on board 3
    assert page_after != page_before
    again = client.get(f"/sessions/{sid}/results/{rid}/ruling").text  # the form now shows the ruling in force
    assert f"Ruling {ruling} in force" in again and 'id="appeal-form"' in again and 'id="ruling-form"' not in again


def test_the_traveller_score_card_and_results_mark_the_adjusted_line(client: TestClient, sid: int) -> None:
    ruling, _ = ruled(client, sid)
    link = f'href="/sessions/{sid}/rulings/{ruling}"'
    board = client.get(f"/sessions/{sid}/boards/3").text
    assert link in board and "adj.</a>" in board and "assigned: 6NT= N" in board
    for pair in (2, 5):
        card = client.get(f"/sessions/{sid}/pairs/{pair}").text
        assert link in card and "adj.</a>" in card
    assert link.replace('"', "'") in client.get(f"/sessions/{sid}/results").text  # the printable results
    assert link not in client.get(f"/sessions/{sid}/boards/1").text


def test_the_written_ruling_page_and_pdf(client: TestClient, sid: int) -> None:
    ruling, _ = ruled(client, sid)
    page = client.get(f"/sessions/{sid}/rulings/{ruling}")
    assert page.status_code == 200
    text = page.text
    assert "A break in tempo &lt;script&gt;x&lt;/script&gt; before 6NT" in text and "<script>x" not in text
    assert 'id="laws">16B, 12C1b<' in text
    assert "assigned: 6NT by N, 12 tricks" in text  # the decision in words
    assert re.search(r'id="score">N-S [\d.]+ MP of \d+ \(\d+%\); E-W [\d.]+ MP', text)
    assert "30 minutes" in text and "Law 92B" in text
    assert f"5: {ESCAPED} &amp; Player 5b" in text and ODD not in text  # names escaped
    assert "ruling-print.css" in text and "director" in text
    pdf = client.get(f"/sessions/{sid}/rulings/{ruling}.pdf")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
    assert client.get(f"/sessions/{sid + 1}/rulings/{ruling}").status_code == 404


def test_an_appeal_over_the_api_restores_the_table_result(client: TestClient, sid: int) -> None:
    before = totals(client, sid)
    ruling, _ = ruled(client, sid)
    assert totals(client, sid) != before
    r = client.post(f"/api/rulings/{ruling}/appeal", json={"appeal": "E-W 5 appeal: no logical alternative",
                                                           "outcome": "the table result stands", "decision": None})
    assert r.status_code == 200, r.text
    assert {s["pair"]: s["total"] for s in r.json()["standings"]} == before == totals(client, sid)
    written = client.get(f"/api/rulings/{ruling}/written").json()
    assert [(s["text"], s["active"]) for s in written["history"]] == [
        ("assigned: 6NT= N +990", False), ("no adjustment: the table result stands", True)]
    assert written["appeal"].startswith("E-W 5 appeal") and written["appeal_minutes"] == 30
    page = client.get(f"/sessions/{sid}/rulings/{ruling}").text
    assert 'id="history"' in page and "(replaced)" in page and "the table result stands" in page
    assert f"/rulings/{ruling}" not in client.get(f"/sessions/{sid}/boards/3").text  # no adjusted mark now


def test_rulings_over_the_api_weighted_and_penalty(client: TestClient, sid: int) -> None:
    rid = result_id(client, sid, (2, 1, 3))  # pairs 1 v 6
    weighted = {"kind": "weighted", "outcomes": [
        {"contract": "4S", "declarer": "N", "tricks": 10, "weight": 60},
        {"contract": "4S", "declarer": "N", "tricks": 9, "weight": 40}]}
    r = client.post(f"/api/results/{rid}/ruling", json={
        "laws": "16B, 12C1c", "facts": "hesitation", "decision": weighted,
        "penalties": [{"pair": 6, "amount": 0.25, "unit": "top"}]})
    assert r.status_code == 201, r.text
    made = r.json()
    ruling = made["ruling"]
    assert made["result"] == rid and made["written"] == f"/sessions/{sid}/rulings/{ruling}" and made["standings"]
    board = client.get(f"/sessions/{sid}/boards/3").text
    assert "weighted: 60% 4♠= N +420, 40% 4♠−1 N −50" in board
    ranking = client.get(f"/sessions/{sid}/ranking").text
    assert f'href="/sessions/{sid}/rulings/{ruling}"' in ranking and "pen.</a>" in ranking
    written = client.get(f"/api/rulings/{ruling}/written").json()
    assert written["penalties"] == ["Pair 6 (Player 6a & Player 6b): 0.25 of a top off the session total (Law 90)"]
    assert written["score_text"].startswith("N-S ") and " MP of " in written["score_text"]


def test_weights_adding_to_90_are_refused(client: TestClient, sid: int) -> None:
    rid = result_id(client, sid, RULED)
    before = totals(client, sid)
    decision = {"kind": "weighted", "outcomes": [{"contract": "4S", "declarer": "N", "tricks": 10, "weight": 60},
                                                 {"contract": "4S", "declarer": "N", "tricks": 9, "weight": 30}]}
    r = client.post(f"/api/results/{rid}/ruling", json={"laws": "12C1c", "decision": decision})
    assert r.status_code == 422 and r.json()["field"] == "weights" and "90" in r.json()["detail"]
    page = rule_on_page(client, sid, rid, 422, laws="12C1c", kind="weighted", w1_weight="60", w1_level="4",
                        w1_strain="S", w1_declarer="N", w1_tricks="10", w2_weight="30", w2_level="4",
                        w2_strain="S", w2_declarer="N", w2_tricks="9")
    assert page.status_code == 422 and "weights, Law 12C1c" in html.unescape(page.text)
    assert 'value="12C1c"' in page.text  # the form keeps what was chosen
    assert totals(client, sid) == before


def test_artificial_on_a_played_board_is_refused_and_allowed_on_one_not_played(client: TestClient,
                                                                                 sid: int) -> None:
    rid = result_id(client, sid, RULED)
    r = client.post(f"/api/results/{rid}/ruling", json={"laws": "12C2",
                                                        "decision": {"kind": "artificial", "ns": "A+", "ew": "A-"}})
    assert r.status_code == 422 and r.json()["law"] == "12C2" and "Law 12C2" in r.json()["detail"]
    page = rule_on_page(client, sid, rid, 422, laws="12C2", kind="artificial", art_ns="A+", art_ew="A-")
    assert "decision, Law 12C2" in html.unescape(page.text)
    assert 'value="artificial"' not in client.get(f"/sessions/{sid}/results/{rid}/ruling").text  # not offered
    late = result_id(client, sid, NOT_PLAYED)
    assert 'value="artificial"' in client.get(f"/sessions/{sid}/results/{late}/ruling").text
    ruled_late = rule_on_page(client, sid, late, laws="12C2", facts="slow play", kind="artificial", art_ns="A+",
                              art_ew="A-")
    assert ruled_late.status_code == 303
    assert "artificial: N-S A+, E-W A−" in client.get(f"/sessions/{sid}/boards/5").text


def test_a_viewer_cannot_rule(client: TestClient, sid: int) -> None:
    ruling, rid = ruled(client, sid)
    login(client, "viewer")
    assert client.get(f"/sessions/{sid}/results/{rid}/ruling").status_code == 403
    r = client.post(f"/api/results/{rid}/ruling", json={"laws": "16B", "decision": None})
    assert r.status_code == 403
    assert client.post(f"/api/rulings/{ruling}/appeal", json={"appeal": "x"}).status_code == 403
    assert client.get(f"/sessions/{sid}/rulings/{ruling}").status_code == 200  # a viewer reads it
    assert "Rule on this result" not in client.get(f"/sessions/{sid}/rounds/1/tables/2").text
    assert client.get(f"/api/rulings/{ruling}/written").status_code == 200
    assert client.get(f"/api/rulings/{ruling + 99}/written").status_code == 404


def test_no_adjustment_is_a_written_ruling_too(client: TestClient, sid: int) -> None:
    before = totals(client, sid)
    rid = result_id(client, sid, RULED)
    r = rule_on_page(client, sid, rid, laws="16B", facts="no damage", kind="none")
    assert r.status_code == 303
    page = client.get(r.headers["location"])
    assert page.status_code == 200 and "no adjustment" in page.text and "no damage" in page.text
    assert totals(client, sid) == before
    other = result_id(client, sid, (2, 1, 3))
    made = client.post(f"/api/results/{other}/ruling", json={"laws": "73C", "decision": None})
    assert made.status_code == 201, made.text
    assert client.get(f"/api/rulings/{made.json()['ruling']}/written").json()["decision"] == (
        "no adjustment: the table result stands")
