"""The director's dashboard (issue 26, item 4): the current round, the results missing and the rulings pending
marked on the rounds × tables grid; and the home page opening on tonight's session for a director or a scorer,
the single board one tap away under "Open a single board"."""

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
from web.test_web_session_api import club_app, set_up, setup_body
from web.web_support import login

MOVEMENT = mitchell(3)  # set_up: a 3-table Mitchell, 3 rounds, 2 boards a round, pairs 1-6


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    made = club_app(tmp_path)
    yield made
    made.state.register.close()


def boards_at(round_no: int, table: int) -> tuple[int, int]:
    seat = MOVEMENT.at(round_no, table)
    assert seat is not None
    return 2 * seat.board_set - 1, 2 * seat.board_set


def enter(client: TestClient, sid: int, round_no: int, table: int, board: int) -> int:
    r = client.post(f"/api/sections/{sid}/results", json={"round": round_no, "table": table, "board": board,
                                                          "contract": "3NT", "declarer": "N", "tricks": 10})
    assert r.status_code == 201, r.text
    rid: int = r.json()["id"]
    return rid


def evening(client: TestClient) -> int:
    """Round 1 complete, table 1 of round 2 done, and in round 3 table 2's first board: round 2 is late."""
    login(client)
    sid = set_up(client)
    for table in (1, 2, 3):
        for board in boards_at(1, table):
            enter(client, sid, 1, table, board)
    for board in boards_at(2, 1):
        enter(client, sid, 2, 1, board)
    enter(client, sid, 3, 2, boards_at(3, 2)[0])
    return sid


def page(client: TestClient, path: str) -> str:
    r = client.get(path)
    assert r.status_code == 200, r.text
    return html.unescape(r.text)


def entry(client: TestClient, token: str, **body: Any) -> Any:
    r = client.post(f"/api/tables/{token}/entries", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def opened(client: TestClient, sid: int, round_no: int, table: int, board: int) -> str:
    r = client.post(f"/api/sections/{sid}/tables", json={"round": round_no, "table": table, "board": board})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def test_the_current_round_is_the_first_with_a_result_missing(client: TestClient) -> None:
    sid = evening(client)
    text = page(client, f"/sessions/{sid}")
    assert "<b>Round 2</b> now: the first round with results missing." in text
    assert re.search(r'<tr id="round-2" class="current" aria-current="step"><th>2<span class="now">now</span></th>',
                     text)
    assert 'id="round-1" class' not in text and 'id="round-3" class' not in text


def test_the_results_missing_are_counted_up_to_the_last_round_with_a_result(client: TestClient) -> None:
    sid = evening(client)
    text = page(client, f"/sessions/{sid}")
    # round 2: tables 2 and 3 (two boards each); round 3: tables 1 and 3 (two each), table 2 (one)
    assert "<b>9</b> results missing:" in text
    missing = re.findall(r"Round (\d), table (\d): boards? ([\d, ]+)</a>", text)
    b22, b23 = boards_at(2, 2), boards_at(2, 3)
    b31, b32, b33 = boards_at(3, 1), boards_at(3, 2), boards_at(3, 3)
    assert missing == [("2", "2", f"{b22[0]}, {b22[1]}"), ("2", "3", f"{b23[0]}, {b23[1]}"),
                       ("3", "1", f"{b31[0]}, {b31[1]}"), ("3", "2", f"{b32[1]}"), ("3", "3", f"{b33[0]}, {b33[1]}")]
    assert re.search(r'class="cell missing late" id="cell-2-2"', text)
    assert re.search(r'class="cell partial late" id="cell-3-2"', text)
    assert re.search(r'class="cell done" id="cell-2-1"', text)  # done: no mark


def test_no_result_yet_marks_round_one_and_every_table_of_it(client: TestClient) -> None:
    login(client)
    sid = set_up(client)
    text = page(client, f"/sessions/{sid}")
    assert "<b>Round 1</b> now" in text and "<b>6</b> results missing:" in text
    assert "No ruling pending." in text


def test_every_result_in_marks_no_round(client: TestClient) -> None:
    login(client)
    sid = set_up(client)
    for round_no in (1, 2, 3):
        for table in (1, 2, 3):
            for board in boards_at(round_no, table):
                enter(client, sid, round_no, table, board)
    text = page(client, f"/sessions/{sid}")
    assert "<b>Every result is in.</b>" in text and "results missing" not in text and 'class="current"' not in text


def test_a_ruling_pending_at_a_table_is_marked_with_a_link_to_it(client: TestClient) -> None:
    sid = evening(client)
    board = boards_at(2, 2)[0]
    token = opened(client, sid, 2, 2, board)
    entry(client, token, kind="call", call="1H")
    entry(client, token, kind="call", call="1C")  # East's insufficient bid: a Law 27 ruling pending
    text = page(client, f"/sessions/{sid}")
    assert "<b>1</b> ruling pending:" in text
    assert (f'<a class="button ruling" href="/tables/{token}">Round 2, table 2, board {board}: Insufficient bid, '
            "Law 27: ruling pending at the table</a>") in text
    assert re.search(r'class="cell missing late ruling" id="cell-2-2"', text)
    assert '<span class="mark-ruling">ruling</span>' in text


def test_a_stored_result_whose_board_has_a_ruling_pending_is_marked(client: TestClient) -> None:
    sid = evening(client)
    board = boards_at(1, 1)[0]  # its result is stored
    token = opened(client, sid, 1, 1, board)
    entry(client, token, kind="call", call="1H")
    entry(client, token, kind="call", call="1C")
    text = page(client, f"/sessions/{sid}")
    assert (f"Round 1, table 1, board {board} (result stored): Insufficient bid, Law 27: ruling pending at the "
            "table") in text
    assert re.search(r'class="cell done ruling" id="cell-1-1"', text)
    entry(client, token, kind="choice", option="accept")  # ruled: the mark goes
    assert "No ruling pending." in page(client, f"/sessions/{sid}")


def test_a_break_in_tempo_is_a_ruling_to_come(client: TestClient) -> None:
    sid = evening(client)
    board = boards_at(2, 3)[0]
    token = opened(client, sid, 2, 3, board)
    entry(client, token, kind="call", call="1H")
    entry(client, token, kind="hesitation", seat="N", agreed=True)
    text = page(client, f"/sessions/{sid}")
    assert f"Round 2, table 3, board {board}: Law 16B: to rule on at the end of the hand" in text


def test_an_appeal_without_its_outcome_is_a_ruling_pending(client: TestClient) -> None:
    sid = evening(client)
    rid = enter(client, sid, 2, 2, boards_at(2, 2)[0])
    made = client.post(f"/api/results/{rid}/ruling", json={"laws": "73C", "decision": None})
    assert made.status_code == 201, made.text
    ruling = made.json()["ruling"]
    assert "No ruling pending." in page(client, f"/sessions/{sid}")  # ruled: nothing pending
    lodged = client.patch(f"/api/register/rulings/{ruling}", json={"version": 1, "appeal": "E-W appeal"})
    assert lodged.status_code == 200, lodged.text
    text = page(client, f"/sessions/{sid}")
    assert (f'href="/sessions/{sid}/rulings/{ruling}">Round 2, table 2, board {boards_at(2, 2)[0]} (result stored): '
            f"appeal against ruling {ruling}: no outcome yet</a>") in text


# ----- the home page opens on tonight's session ------------------------------------------------------------------
def test_the_home_page_opens_on_tonight_s_session_for_a_director(client: TestClient) -> None:
    sid = evening(client)
    text = page(client, "/")
    title = "Tuesday pairs · Evening · section A"
    assert f'<h1 id="tonight-title">{title}</h1>' in text and "<h1>Tables</h1>" not in text
    assert text.index('id="tonight"') < text.index('id="single-board"')
    assert "<b>Round 2</b> now" in text and "<b>9</b> results missing:" in text
    assert f'<a class="button big" id="open-dashboard" href="/sessions/{sid}">Open the dashboard</a>' in text
    # the developer's form is one tap away, closed
    assert '<details class="card" id="single-board"><summary>Open a single board</summary>' in text
    assert text.index('id="single-board"') < text.index('name="board"')


def test_tonight_is_the_newest_section(client: TestClient) -> None:
    evening(client)
    r = client.post("/api/sessions", json=setup_body(session="Thursday", section="B"))
    assert r.status_code == 201, r.text
    newest = r.json()["id"]
    text = page(client, "/")
    assert '<h1 id="tonight-title">Tuesday pairs · Thursday · section B</h1>' in text
    assert f'id="open-dashboard" href="/sessions/{newest}"' in text and "<b>Round 1</b> now" in text


def test_a_scorer_opens_on_tonight_s_session_without_the_single_board(app: FastAPI, client: TestClient) -> None:
    sid = evening(client)
    with TestClient(app, base_url="https://testserver") as scorer:
        login(scorer, "scorer")
        text = page(scorer, "/")
    assert '<h1 id="tonight-title">Tuesday pairs · Evening · section A</h1>' in text
    assert f'href="/sessions/{sid}">Open the dashboard' in text and 'id="single-board"' not in text


def test_a_viewer_s_home_page_is_the_tables(app: FastAPI, client: TestClient) -> None:
    evening(client)
    with TestClient(app, base_url="https://testserver") as viewer:
        login(viewer, "viewer")
        text = page(viewer, "/")
    assert "<h1>Tables</h1>" in text and 'id="tonight"' not in text


def test_without_a_session_the_single_board_stays_open(client: TestClient) -> None:
    login(client)
    text = page(client, "/")
    assert "<h1>Tables</h1>" in text and 'id="tonight"' not in text
    assert '<details class="card" id="single-board" open><summary>Open a single board</summary>' in text


def test_a_refused_single_board_shows_its_form_open(client: TestClient) -> None:
    evening(client)
    text = page(client, "/")
    token = re.search(r'name="csrf_token" value="([^"]+)"', text)
    assert token
    r = client.post("/tables", data={"csrf_token": token.group(1), "board": "0"})
    assert r.status_code == 422
    assert 'id="single-board" open>' in r.text and "board: boards are numbered from 1 to 999" in html.unescape(r.text)
