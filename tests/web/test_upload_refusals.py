"""Validate before storing: every class of input the readers refuse, uploaded through each upload route (the
sessions page's form, a section's own form, the API, a session's entry and hand records by form and API), answers
422 with one line naming the field or line, stores nothing, and leaves every page and export of the section
answering 200."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from web.test_web_register_pages import page_login
from web.test_web_session_api import PBN as HANDS
from web.test_web_session_api import club_app
from web.web_support import form_token, login

HEADER = "board,ns,ew,contract,declarer,tricks\n"
GOOD = HEADER + "".join(f"{b},{ns},{ew},4S,N,{t}\n" for b in (1, 2) for ns, ew, t in
                        (("1", "4", 10), ("2", "5", 9), ("3", "6", 11)))
DEAL = "N:K9652.J.Q83.KQ43 AQJ7.K762.KJ75.5 843.Q93.A6.JT872 T.AT854.T942.A96"

#: each refused class: (what it is, file name, content, what the refusal names)
REFUSED: list[tuple[str, str, bytes, str]] = [
    ("bytes that are not UTF-8", "t.csv", HEADER.encode() + b"1,1,4,4S,N,1\xff0\n", "line 2, file: t.csv: byte 0xff"),
    ("a board in other digits", "t.csv", (HEADER + "²,1,4,4S,N,10\n").encode(), "board is not a whole number"),
    ("tricks of 5,000 digits", "t.csv", (HEADER + "1,1,4,4S,N," + "9" * 5000 + "\n").encode(), "5000 digits"),
    ("tricks beyond 13", "t.csv", (HEADER + "1,1,4,4S,N,14\n").encode(), "tricks 14 is not in 0 to 13"),
    ("a score of inf", "t.csv", b"board,ns,ew,score\n1,1,4,inf\n", "score is not a whole number: 'inf'"),
    ("a score of 10^30", "t.csv", b"board,ns,ew,score\n1,1,4,1" + b"0" * 30 + b"\n", "score has 31 digits"),
    ("a score beyond Law 77", "t.csv", b"board,ns,ew,score\n1,1,4,99990\n", "Law 77"),
    ("an award of nan", "t.csv", b"board,ns,ew,ns_award,ew_award\n1,1,4,nan,40\n", "ns_award is not a number"),
    ("an extra cell", "t.csv", (HEADER + "1,1,4,4S,N,10,x\n").encode(), "7 cells where the header has 6"),
    ("a pair against itself", "t.csv", (HEADER + "1,3,3,4S,N,10\n").encode(), "cannot play against itself"),
    ("a pair playing a board twice", "t.csv", (HEADER + "1,1,4,4S,N,10\n1,1,5,4S,N,9\n").encode(),
     "pair 1 plays it twice"),
    ("an empty pair", "t.csv", (HEADER + "1,,4,4S,N,10\n").encode(), "the NS pair is empty"),
    ("a pair named at length", "t.csv", (HEADER + "1," + "7" * 300 + ",4,4S,N,10\n").encode(),
     "at most 100 printable characters"),
    ("a weighted score", "t.csv", b"board,ns,ew,outcomes\n1,1,4,420@0.5;-50@0.5\n", "weighted score"),
    ("a split score", "t.csv", b"board,ns,ew,score,ew_score\n1,1,4,420,450\n", "split score"),
    ("XML naming an unknown encoding", "t.xml", b'<?xml version="1.0" encoding="klingon"?>\n<USEBIO/>\n',
     "names an encoding that cannot be read"),
    ("a PBN board in other digits", "t.pbn",
     f'[Board "²"]\n[Deal "{DEAL}"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n'.encode(),
     "Board: Board is not a whole number"),
    ("a file of another kind", "t.txt", GOOD.encode(), "upload a .pbn, .csv or USEBIO .xml file"),
]
SECTION_PAGES = ("/sessions/{id}", "/sessions/{id}/ranking", "/sessions/{id}/boards/1", "/sessions/{id}/pairs/1",
                 "/sessions/{id}/export.csv", "/sessions/{id}/export.xml", "/sessions/{id}/export.pbn",
                 "/sessions/{id}?method=butler", "/sessions/{id}/export.xml?method=cross-imps",
                 "/api/sections/{id}/ranking?method=cross-imps", "/api/sections/{id}/results", "/api/sections/{id}",
                 "/sessions", "/api/sessions")


def form_upload(client: TestClient, token: str, name: str, content: bytes, event: str) -> tuple[int, str]:
    r = client.post("/sessions/upload", data={"csrf_token": token, "event": event},
                    files={"file": (name, content, "application/octet-stream")}, follow_redirects=False)
    return r.status_code, r.text


def section_upload(client: TestClient, token: str, sid: int, name: str, content: bytes) -> tuple[int, str]:
    """More boards into the section, from its own page's form."""
    r = client.post(f"/sessions/{sid}/upload", data={"csrf_token": token},
                    files={"file": (name, content, "application/octet-stream")}, follow_redirects=False)
    return r.status_code, r.text


def api_upload(client: TestClient, name: str, content: bytes, event: str) -> tuple[int, str]:
    """The API takes the file as it is (multipart): bytes that are not UTF-8 reach the reader, which names them."""
    r = client.post("/api/sections/upload", data={"event": event},
                    files={"file": (name, content, "application/octet-stream")})
    return r.status_code, r.text


def pages_answer(client: TestClient, sid: int) -> None:
    for page in SECTION_PAGES:
        r = client.get(page.format(id=sid))
        assert r.status_code == 200, (page, r.status_code, r.text[:200])


def test_every_refused_upload_stores_nothing_and_the_section_still_answers(reg_client: TestClient) -> None:
    token = page_login(reg_client, "scorer")
    r = reg_client.post("/sessions/upload", data={"csrf_token": token, "event": "Tuesday"},
                        files={"file": ("t.csv", GOOD.encode(), "text/csv")}, follow_redirects=False)
    assert r.status_code == 303
    found = re.search(r"/sessions/(\d+)", r.headers["location"])
    assert found
    sid = int(found.group(1))
    reg_client.headers["X-CSRF-Token"] = token
    before = reg_client.get("/api/sessions").json(), reg_client.get(f"/api/sections/{sid}/results").json()
    for what, name, content, says in REFUSED:
        for event in ("Tuesday", f"New {what}"):
            for route, (code, body) in (("form", form_upload(reg_client, token, name, content, event)),
                                        ("api", api_upload(reg_client, name, content, event))):
                detail = json.loads(body)["detail"] if route == "api" and code == 422 else body
                assert code == 422 and says in str(detail).replace("&#39;", "'"), (what, route, code, body[-400:])
                if route == "api":
                    assert "\n" not in str(detail)
        code, body = section_upload(reg_client, token, sid, name, content)
        assert code == 422 and says in body.replace("&#39;", "'"), (what, "section", code, body[-400:])
        after = reg_client.get("/api/sessions").json(), reg_client.get(f"/api/sections/{sid}/results").json()
        assert after == before, what  # nothing stored, no section made
        pages_answer(reg_client, sid)


ENTRY_HEADER = "pair,player1,member1,player2,member2\n"
ENTRY = ENTRY_HEADER + "".join(f"{n},Ann {n},,Bob {n},\n" for n in range(1, 7))
#: (what is uploaded, the refused class, its bad lines, what the refusal names); an entry's bad line follows
#: the header alone on the set-up page (the pairs are entered) and the whole entry in a new session
SESSION_REFUSED: list[tuple[str, str, bytes, str]] = [
    ("entry", "entry bytes not UTF-8", b"7,Cy\xff,,Di,\n", "byte 0xff at column 5 is not UTF-8"),
    ("entry", "entry pair in other digits", "²,Cy,,Di,\n".encode(), "a pair number is a whole number"),
    ("entry", "entry pair of 5,000 digits", ("9" * 5000 + ",Cy,,Di,\n").encode(), "a pair number is a whole number"),
    ("entry", "entry extra cell", b"7,Cy,,Di,,x\n", "6 cells where the header has 5"),
    ("hands", "hands board in other digits", f'[Board "²"]\n[Deal "{DEAL}"]\n'.encode(), "not a board number"),
    ("hands", "hands board of 5,000 digits", f'[Board "{"1" * 5000}"]\n[Deal "{DEAL}"]\n'.encode(),
     "not a board number"),
    ("hands", "hands not a deal", b'[Board "1"]\n[Deal "N:AKQ"]\n', "a PBN deal has four hands"),
]


@pytest.fixture
def club(tmp_path: Path) -> Iterator[FastAPI]:
    made = club_app(tmp_path)
    yield made
    made.state.register.close()


def test_session_uploads_refused_store_nothing_and_pages_answer(club: FastAPI) -> None:
    with TestClient(club, base_url="https://testserver") as client:
        login(client)
        r = client.post("/api/sessions", json={"event": "Club night", "movement": "mitchell:3",
                                               "boards_per_round": 2, "entry_csv": ENTRY, "hand_records": HANDS})
        assert r.status_code == 201, r.text
        sid = r.json()["id"]
        r = client.post(f"/api/sections/{sid}/results", json={"round": 1, "table": 1, "board": 1, "contract": "4S",
                                                              "declarer": "N", "tricks": 10})
        assert r.status_code == 201, r.text
        before = client.get(f"/api/sections/{sid}").json()
        token = form_token(client.get(f"/sessions/{sid}/setup").text)
        for what, label, bad, says in SESSION_REFUSED:
            content = ENTRY_HEADER.encode() + bad if what == "entry" else bad
            r = client.post(f"/sessions/{sid}/setup/{what}", data={"csrf_token": token},
                            files={what: (f"{what}.txt", content, "text/plain")})
            assert r.status_code == 422 and says in r.text.replace("&#39;", "'"), (label, r.status_code)
            form = {"event": f"New {label}", "session": "S", "section": "A", "movement": "mitchell", "tables": "3",
                    "boards_per_round": "2", "method": "mp", "laws": "2017", "csrf_token": token}
            content = ENTRY.encode() + bad if what == "entry" else bad
            files = {"entry": ("entry.csv", content if what == "entry" else ENTRY.encode(), "text/csv"),
                     "hands": ("hands.pbn", content if what == "hands" else HANDS.encode(), "text/plain")}
            r = client.post("/sessions", data=form, files=files)
            assert r.status_code == 422 and says in r.text.replace("&#39;", "'"), (label, "new", r.status_code)
            text = content.decode("utf-8", "replace")
            key = "entry_csv" if what == "entry" else "hand_records"
            r = client.post("/api/sessions", json={"event": f"New {label}", "movement": "mitchell:3",
                                                   "boards_per_round": 2, "entry_csv": ENTRY, "hand_records": HANDS,
                                                   key: text})
            assert r.status_code == 422, (label, "api", r.text[:300])
            if what == "hands":
                r = client.post(f"/api/sections/{sid}/hand-records", json={"content": text})
                assert r.status_code == 422, (label, "api hands", r.text[:300])
            assert client.get(f"/api/sections/{sid}").json() == before, label
            assert len(client.get("/api/sessions").json()) == 1, label
            for page in (f"/sessions/{sid}", f"/sessions/{sid}/setup", f"/sessions/{sid}/ranking",
                         f"/sessions/{sid}/hand-records", f"/sessions/{sid}/export.csv", f"/sessions/{sid}/export.xml",
                         f"/sessions/{sid}/export.pbn", f"/api/sections/{sid}/ranking", "/sessions"):
                assert client.get(page).status_code == 200, (label, page)
