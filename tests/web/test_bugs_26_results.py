"""Issue 26, the results pages' bugs: the traveller ran contract, declarer and lead into one cell ("4♥ S HK") and
kept the table score beside the adjusted one; now each has its column, the lead with its suit symbol, and a score a
ruling replaced is struck through beside the one that replaced it (the board's page and a section of uploaded
results)."""

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
from web.test_web_session_api import club_app, set_up
from web.web_support import login

MOVEMENT = mitchell(3)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    made = club_app(tmp_path)
    yield made
    made.state.register.close()


def board_one(client: TestClient) -> tuple[int, dict[int, int]]:
    """Board 1 (no one vulnerable) at each table that plays it: 3NT by North, 10 tricks (+430), East leads ♥J."""
    login(client)
    sid = set_up(client)
    ids = {}
    for round_no in (1, 2, 3):
        for table in (1, 2, 3):
            seat = MOVEMENT.at(round_no, table)
            if seat is not None and seat.board_set == 1:
                r = client.post(f"/api/sections/{sid}/results", json={
                    "round": round_no, "table": table, "board": 1, "contract": "3NT", "declarer": "N", "tricks": 10,
                    "lead": "HJ"})
                assert r.status_code == 201, r.text
                ids[round_no] = r.json()["id"]
    return sid, ids


def rule(client: TestClient, rid: int, decision: dict[str, Any] | None) -> None:
    r = client.post(f"/api/results/{rid}/ruling", json={"laws": "16B, 12C1", "facts": "tempo", "decision": decision})
    assert r.status_code == 201, r.text


def row(text: str, rid: int) -> str:
    found = re.search(rf'<tr id="result-{rid}".*?</tr>', text, re.S)
    assert found, f"no traveller line for result {rid}"
    return found.group(0)


def test_contract_declarer_and_lead_have_their_own_columns(client: TestClient) -> None:
    sid, ids = board_one(client)
    text = html.unescape(client.get(f"/sessions/{sid}/boards/1").text)
    assert ('<tr><th>N-S</th><th>E-W</th><th><abbr class="short" title="Contract">Ctr</abbr><span class="long">'
            'Contract</span></th><th>By</th><th>Lead</th><th><abbr class="short" title="Tricks">Tr</abbr><span '
            'class="long">Tricks</span></th><th>Score</th><th>MP</th></tr>') in text
    line = row(text, ids[1])
    assert '<td class="contract">3NT</td><td class="by">N</td><td class="lead">♥J</td>\n<td>10</td>' in line
    assert '<td class="score">430</td>' in line and "<s" not in line and "HJ" not in text


def test_an_assigned_score_strikes_the_table_score_through(client: TestClient) -> None:
    sid, ids = board_one(client)
    rule(client, ids[1], {"kind": "assigned", "score": {"contract": "3NT", "declarer": "N", "tricks": 9}})
    text = html.unescape(client.get(f"/sessions/{sid}/boards/1").text)
    line = row(text, ids[1])
    assert ('<td class="score"><s title="the table score, replaced by the ruling">430</s> '
            '<b class="adjusted-score">400</b></td>') in line
    assert "<s" not in row(text, ids[2])  # the other tables' scores stand
    assert "adj.</a> assigned: 3NT= N +400" in text  # what replaced it, in words, on the line below


def test_a_weighted_score_strikes_the_table_score_through(client: TestClient) -> None:
    sid, ids = board_one(client)
    rule(client, ids[2], {"kind": "weighted", "outcomes": [
        {"contract": "3NT", "declarer": "N", "tricks": 10, "weight": 60},
        {"contract": "4S", "declarer": "N", "tricks": 9, "weight": 40}]})
    line = row(html.unescape(client.get(f"/sessions/{sid}/boards/1").text), ids[2])
    assert '<s title="the table score, replaced by the ruling">430</s> <b class="adjusted-score">weighted</b>' in line


def test_the_table_result_standing_is_not_struck(client: TestClient) -> None:
    sid, ids = board_one(client)
    rule(client, ids[1], None)  # "the table result stands"
    line = row(html.unescape(client.get(f"/sessions/{sid}/boards/1").text), ids[1])
    assert '<td class="score">430</td>' in line and "<s" not in line


def test_an_uploaded_section_s_traveller_has_the_columns_and_the_struck_score(reg_client: TestClient) -> None:
    """The demo's section of uploaded results: board 5's 16B weighted score, upheld on appeal."""
    login(reg_client)
    text = html.unescape(reg_client.get("/sessions/1").text)
    board = text[text.index('id="board-5"'):]
    board = board[:board.index("</section>")]
    assert re.search(r"<th>.*Contract.*</th><th>By</th><th>Lead</th><th>.*Tricks.*</th><th>Score</th>", board)
    struck = re.findall(r'<td class="score"><s title="the table score, replaced by the ruling">(-?\d+)</s> '
                        r'<b class="adjusted-score">weighted</b></td>', board)
    assert len(struck) == 1
    plain = re.findall(r'<td class="score">(-?\d+)</td>', board)
    assert len(plain) == board.count("<tr id=\"result-") - 1  # every other line's score stands as it was


def test_the_table_round_page_says_the_lead_with_its_suit_symbol(client: TestClient) -> None:
    sid, _ = board_one(client)
    text = html.unescape(client.get(f"/sessions/{sid}/rounds/1/tables/1").text)
    assert "+430</b> · lead ♥J" in text and "lead HJ" not in text
