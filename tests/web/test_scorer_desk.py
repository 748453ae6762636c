"""The scorer's desk over HTTP: a whole traveller typed row by row (the script's one-row requests) and as one form
(no script), a refusal kept in place with the typed text, a correction at its version and a stale one; the scorer
creating and setting up a session (no 403) and the plain refusal a role that may not gets; every set-up problem
reported at once with the chosen files kept for the retry; the movements offered grouped."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from web.test_web_session_api import PBN, club_app
from web.web_support import form_token, login

ENTRY = "pair,player1,member1,player2,member2\n" + "".join(f"{n},Ann {n},M{n},Bob {n},\n" for n in range(1, 7))
FORM = {"event": "Desk night", "session": "Monday", "section": "A", "movement": "mitchell-3",
        "boards_per_round": "2", "method": "mp", "laws": "2017"}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    made = club_app(tmp_path)
    yield made
    made.state.register.close()


def text_of(r: Any) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", r.text)).split())


def hidden(page: str) -> dict[str, str]:
    """The hidden fields of a page as a browser sends them back."""
    return {html.unescape(m.group(1)): html.unescape(m.group(2))
            for m in re.finditer(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page)}


def scorer_session(client: TestClient) -> int:
    """The scorer sets up a 3-table Mitchell with its entry and hand records through the form."""
    login(client, "scorer")
    token = form_token(client.get("/sessions/new").text)
    files = {"entry": ("names.csv", ENTRY.encode(), "text/csv"), "hands": ("hands.pbn", PBN.encode(), "text/plain")}
    r = client.post("/sessions", data={**FORM, "csrf_token": token}, files=files, follow_redirects=False)
    assert r.status_code == 303, text_of(r)
    found = re.fullmatch(r"/sessions/(\d+)/setup", r.headers["location"])
    assert found
    return int(found.group(1))


def row(client: TestClient, sid: int, board: int, key: str, typed: str, **stored: str) -> Any:
    """One row sent as the desk's script sends it after Enter."""
    data = {"only": key, f"row-{key}": typed, **{f"{name}-{key}": value for name, value in stored.items()}}
    return client.post(f"/sessions/{sid}/desk/boards/{board}", data=data)


def results(client: TestClient, sid: int, board: int) -> list[tuple[int, int, str, int | None, int]]:
    """(round, table, contract and declarer, N-S score, version) of the board's stored results."""
    return sorted((r["round"], r["table"], f"{r['contract']} {r['declarer']}".strip(), r["ns_score"], r["version"])
                  for r in client.get(f"/api/sections/{sid}/results").json() if r["board"] == board)


def test_the_scorer_creates_and_sets_up_a_session(client: TestClient) -> None:
    sid = scorer_session(client)
    assert 'id="new-session"' in client.get("/sessions").text  # offered to the scorer
    page = text_of(client.get(f"/sessions/{sid}/setup"))
    assert "Desk night · Monday · section A" in page and "6 hand records" in page and "(M6)" in page
    r = client.post(f"/sessions/{sid}/setup/pair", data={"number": "1", "player1": "Eve", "player2": "Fay"})
    assert r.status_code == 422 and "pair 1 is already entered" in text_of(r)  # a set-up change, refused on its merits
    r = client.post(f"/sessions/{sid}/setup/withdraw", data={"pair": "6", "after_round": "2"})
    assert r.status_code == 200 and "pair 6 leaves after round 2" in text_of(r)
    r = client.post("/api/sessions", json={"event": "Desk night", "session": "Monday", "section": "B",
                                           "movement": "howell:3", "boards_per_round": 2})
    assert r.status_code == 201 and r.json()["movement"]["rounds"] == 5


def test_a_refusal_is_one_plain_sentence(client: TestClient) -> None:
    sid = scorer_session(client)
    r = client.post(f"/sessions/{sid}/rounds/1/tables/1/boards/1/play")
    assert r.status_code == 403
    assert '<p class="error" role="alert" id="error">Only a director may do this. You are logged in as scorer, a ' \
           'scorer.</p>' in r.text
    login(client, "viewer")
    r = client.get("/sessions/new")
    assert r.status_code == 403 and "Only a scorer or a director may do this. You are logged in as viewer, a viewer." \
        in text_of(r)
    assert client.post("/api/sessions", json={"event": "x"}).json()["detail"] == \
        "Only a scorer or a director may do this. You are logged in as viewer, a viewer."


def test_a_whole_traveller_typed_row_by_row(client: TestClient) -> None:
    sid = scorer_session(client)
    page = client.get(f"/sessions/{sid}/desk/boards/1").text
    keys = re.findall(r'data-row="(\d+-\d+)"', page)
    assert keys == ["1-1", "2-3", "3-2"]  # board 1 travels 1 v 4, 3 v 5, 2 v 6 (rounds 1-3)
    assert 'name="row-1-1" value=""' in page and "autofocus" in page.split('data-row="1-1"')[1].split("</tr>")[0]
    # East leads against North's 4S: the jack of hearts is East's, the king of hearts North's (the hand record)
    r = row(client, sid, 1, "1-1", "4S N 10 HJ")
    assert r.status_code == 200 and 'class="desk-row stored"' in r.text and 'id="score-1-1">+420<' in r.text
    assert 'name="version-1-1" value="1"' in r.text and 'name="shown-1-1" value="4S N 10 HJ"' in r.text
    r = row(client, sid, 1, "2-3", "3nt s 9 hk")
    assert r.status_code == 422 and 'value="3nt s 9 hk"' in r.text and 'class="desk-row refused"' in r.text
    assert "lead, Law 41: the lead HK is not in the hand of West, who leads" in text_of(r)
    r = row(client, sid, 1, "2-3", "3nt s =")
    assert r.status_code == 200 and 'id="score-2-3">+400<' in r.text
    r = row(client, sid, 1, "3-2", "35*28")  # 3NT doubled by East, 8 tricks: one down, none vulnerable
    assert r.status_code == 200 and 'name="shown-3-2" value="3NTX E 8"' in r.text and ">+100<" in r.text
    assert results(client, sid, 1) == [(1, 1, "4S N", 420, 1), (2, 3, "3NT S", 400, 1), (3, 2, "3NTX E", 100, 1)]
    # a correction of row 1 at the version shown; a second one from the stale page is refused, nothing changed
    r = row(client, sid, 1, "1-1", "4S N 11 HJ", version="1", shown="4S N 10 HJ")
    assert r.status_code == 200 and "corrected · version 2" in text_of(r) and ">+450<" in r.text
    r = row(client, sid, 1, "1-1", "4S N 9 HJ", version="1", shown="4S N 10 HJ")
    assert r.status_code == 409 and 'value="4S N 9 HJ"' in r.text
    assert "the result was changed since it was read (version 2, not 1)" in text_of(r)
    assert 'name="version-1-1" value="2"' in r.text  # Enter again corrects what is stored now
    assert results(client, sid, 1)[0] == (1, 1, "4S N", 450, 2)
    [change] = client.get(f"/api/sections/{sid}/results").json()[0]["changes"]
    assert (change["old"], change["new"], change["reason"]) == ("4S by N, 10 tricks, +420", "4S by N, 11 tricks, +450",
                                                                "typed again at the scorer's desk")
    desk = text_of(client.get(f"/sessions/{sid}/desk"))
    assert re.search(r"Board 1\s+3 of 3", desk) and re.search(r"Board 2\s+0 of 3", desk)


def test_a_traveller_as_one_form_without_the_script(client: TestClient) -> None:
    sid = scorer_session(client)
    token = form_token(client.get(f"/sessions/{sid}/desk/boards/2").text)
    # board 2: dealer East, N-S vulnerable; rows 1-1 (1 v 4), 2-3 (3 v 5), 3-2 (2 v 6)
    r = client.post(f"/sessions/{sid}/desk/boards/2", data={"csrf_token": token, "row-1-1": "4S N 10",
                                                            "row-2-3": "4S Q 10", "row-3-2": "P"})
    assert r.status_code == 422
    assert 'value="4S Q 10"' in r.text and "declarer: the declarer is N, E, S or W, not 'Q'" in text_of(r)
    refused_row = r.text.split('data-row="2-3"')[1].split("</tr>")[0]
    assert "autofocus" in refused_row and 'aria-invalid="true"' in refused_row
    assert results(client, sid, 2) == [(1, 1, "4S N", 620, 1), (3, 2, "PASS", 0, 1)]  # the others stored
    r = client.post(f"/sessions/{sid}/desk/boards/2", data={**hidden(r.text), "row-1-1": "4S N 10",
                                                            "row-2-3": "4S S 9", "row-3-2": "PASS"},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/sessions/{sid}/desk/boards/2"
    assert results(client, sid, 2) == [(1, 1, "4S N", 620, 1), (2, 3, "4S S", -100, 1), (3, 2, "PASS", 0, 1)]
    page = client.get(r.headers["location"]).text
    assert page.count('class="desk-row stored"') == 3 and "3 of 3 rows stored" in page
    # every row stored: the cursor waits in "Next board", on the next board still open
    assert re.search(r'<input name="board" id="go-board"[^>]* value="3"[^>]* autofocus>', " ".join(page.split()))


def test_every_set_up_problem_at_once_and_the_files_kept(client: TestClient) -> None:
    login(client, "scorer")
    token = form_token(client.get("/sessions/new").text)
    bad_hands = '[Board "1"]\n[Deal "N:AKQ"]\n\n[Board "x"]\n'
    r = client.post("/sessions", data={**FORM, "event": "", "boards_per_round": "0", "csrf_token": token},
                    files={"entry": ("names.csv", ENTRY.encode(), "text/csv"),
                           "hands": ("hands.pbn", bad_hands.encode(), "text/plain")})
    assert r.status_code == 422
    problems = re.search(r'<ol class="problems card" id="problems">(.*?)</ol>', r.text, re.S)
    assert problems is not None
    assert [html.unescape(re.sub(r"<[^>]+>", "", item)).strip()
            for item in re.findall(r"<li>(.*?)</li>", problems.group(1))] == [
        "Event: fill in the event's name",
        "Boards per round: boards per round is from 1 to 36, not 0",
        "Hand records: line 2, Deal, Law 2: board 1: a PBN deal has four hands, found 1: 'N:AKQ'",
        "Hand records: line 4, Board, Law 2: board 'x': not a board number",
    ]
    assert "The session was not set up: 4 problems to put right" in text_of(r)
    assert "kept: names.csv (7 lines)" in text_of(r) and "kept: hands.pbn (4 lines)" in text_of(r)
    assert client.get("/api/sessions").json() == []  # nothing stored
    kept = hidden(r.text)
    assert kept["entry_kept"] == ENTRY and kept["entry_kept_name"] == "names.csv"
    # the retry: the fields put right, a new hand-record file chosen, the entry sent from the form as kept
    retry = {**FORM, **kept, "hands_kept": kept["hands_kept"].replace("\n", "\r\n")}
    r = client.post("/sessions", data={**retry, "event": "Desk night"},
                    files={"hands": ("hands2.pbn", PBN.encode(), "text/plain")}, follow_redirects=False)
    assert r.status_code == 303, text_of(r)
    sid = int(r.headers["location"].split("/")[2])
    section = client.get(f"/api/sections/{sid}").json()
    assert [p["names"] for p in section["pairs"]] == [f"Ann {n} & Bob {n}" for n in range(1, 7)]
    assert "6 hand records" in text_of(client.get(f"/sessions/{sid}/setup"))


def test_an_entry_file_on_the_set_up_page_lists_every_bad_line_and_is_kept(client: TestClient) -> None:
    sid = scorer_session(client)
    token = form_token(client.get(f"/sessions/{sid}/setup").text)
    header = ENTRY.splitlines()[0] + "\n"
    r = client.post(f"/sessions/{sid}/setup/entry", data={"csrf_token": token},
                    files={"entry": ("late.csv", (header + "1,Cy,,Di,\n7,Ed,,Fay,\n").encode(), "text/csv")})
    assert r.status_code == 422 and "late.csv: 2 problems listed below; nothing was stored." in text_of(r)
    assert "line 2, pair: pair 1 is already entered in section A" in text_of(r)
    assert "line 3, pair: pair 7 is not in the movement (pairs 1-6)" in text_of(r)
    assert "kept: late.csv (3 lines)" in text_of(r) and hidden(r.text)["entry_kept_name"] == "late.csv"


def test_the_movements_are_offered_grouped_on_the_form(client: TestClient) -> None:
    login(client, "scorer")
    page = client.get("/sessions/new").text
    groups = re.findall(r'<optgroup label="([^"]+)">(.*?)</optgroup>', page, re.S)
    assert [(html.unescape(name), body.count("<option")) for name, body in groups] == [
        ("Mitchell", 20), ("Howell", 8), ("¾ Howell", 5), ("Teams", 5)]
    seven = re.search(r'<option value="mitchell-7" data-hint="([^"]+)" selected>([^<]+)</option>', page)
    assert seven is not None and seven.group(2) == "Mitchell · 7 tables · 7 rounds · 14 pairs"
    assert html.unescape(seven.group(1)) == ("7-table Mitchell, 7 rounds: N-S stationary, E-W up one table, boards "
                                             "down one table each round. Usually 3 or 4 boards a round (21 or 28 "
                                             "boards).")
    token = form_token(page)
    r = client.post("/sessions", data={**FORM, "movement": "howell-3-three-quarter", "csrf_token": token})
    assert r.status_code == 422 and "not a movement: 'howell-3-three-quarter'" in text_of(r)
    r = client.post("/sessions", data={**FORM, "movement": "howell-5-three-quarter", "csrf_token": token},
                    follow_redirects=False)
    assert r.status_code == 303
    sid = int(r.headers["location"].split("/")[2])
    movement = client.get(f"/api/sections/{sid}").json()["movement"]
    assert (movement["tables"], movement["rounds"], len(movement["pairs"])) == (5, 7, 10)
