"""Uploaded travellers (CSV, PBN, USEBIO) land in a section of results only: its page, ranking (equal to the
scorer's own of the same lines), frequency charts, exports and method choice; rulings on its results and
penalties on its pairs reach the ranking; clear refusals that store nothing; roles."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from bridge_director.io.travellers import results_from_csv
from bridge_director.register.models import Ruling, SessionPenalty
from bridge_director.scoring import Method, score_event
from web.test_web_register_pages import page_login
from web.web_support import form_token, login

CSV = "board,ns,ew,contract,declarer,tricks\n" + "".join(
    f"{b},{ns},{ew},4S,N,{t}\n" for b in (1, 2) for ns, ew, t in (("1", "4", 10), ("2", "5", 9), ("3", "6", 11)))
PBN = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:K9652.J.Q83.KQ43 AQJ7.K762.KJ75.5 843.Q93.A6.JT872 T.AT854.T942.A96"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R"]
 1  3 "6H" E 12 "-980"
 2  4 "5H" E 12 "-480"
"""


def upload(client: TestClient, token: str, name: str, content: str, event: str = "Tuesday pairs") -> Any:
    return client.post("/sessions/upload", data={"csrf_token": token, "event": event},
                       files={"file": (name, content.encode(), "application/octet-stream")}, follow_redirects=False)


def uploaded(client: TestClient, token: str, content: str = CSV, event: str = "Tuesday pairs") -> int:
    """Upload ``content`` as a CSV; the new section's id."""
    r = upload(client, token, "tuesday.csv", content, event)
    assert r.status_code == 303, r.text
    found = re.fullmatch(r"/sessions/(\d+)\?stored=\d+", r.headers["location"])
    assert found, r.headers["location"]
    return int(found.group(1))


def standings(client: TestClient, sid: int, method: str = "") -> list[tuple[str, str, str, float]]:
    body = client.get(f"/api/sections/{sid}/ranking", params={"method": method} if method else {}).json()
    return [(s["field"], s["place"], s["pair"], round(s["total"], 6)) for s in body["standings"]]


def scored(lines: str, method: Method = Method.MATCHPOINTS) -> list[tuple[str, str, str, float]]:
    event = score_event(results_from_csv(lines), method)
    return [(s.field, s.place, s.pair, round(s.total, 6)) for s in event.standings]


def test_the_demo_section_of_results_shows_rankings_charts_and_rulings(reg_client: TestClient) -> None:
    page_login(reg_client, "viewer")
    listing = reg_client.get("/sessions").text
    assert "Club night (demo) · Last week · section A" in listing and "results only: 10 pairs, 40 results" in listing
    page = reg_client.get("/sessions/1").text
    assert page.count("<svg") == 8 and 'aria-label="board 5 frequencies"' in page
    assert re.search(r'<td>1</td><td><a href="/sessions/1/pairs/4">4 North 4 &amp; South 4</a>', page)
    assert 'href="/sessions/1/rulings/2" title="ruling 2">adj.</a> weighted' in page  # the UI ruling on board 5
    assert 'title="penalty: ruling 4">pen.</a>' in page  # pair 9's late arrivals
    assert "upload-form" not in listing and "upload-form" not in page  # a viewer does not upload
    assert "/ruling\">Rule</a>" not in page  # nor rule
    for path in ("/sessions/1/ranking", "/sessions/1/boards/8", "/sessions/1/pairs/5", "/sessions/1/results",
                 "/sessions/1/hand-records", "/sessions/1/rulings/2", "/sessions/1/rulings/4"):
        assert reg_client.get(path).status_code == 200, path
    assert "artificial score" in reg_client.get("/sessions/1/boards/8").text  # the A+/A- line
    assert reg_client.get("/sessions/1/cards").status_code == 404  # no tables, no guide cards


def test_an_upload_lands_in_a_results_only_section_ranked_as_score_event(reg_client: TestClient) -> None:
    token = page_login(reg_client, "scorer")
    sid = uploaded(reg_client, token)
    page = reg_client.get(f"/sessions/{sid}?stored=6").text
    assert "6 results stored" in page and page.count("<svg") == 2 and "Results only" in page
    assert "/rounds/" not in page and "Entry &amp; set-up" not in page  # no movement, no tables
    assert standings(reg_client, sid) == scored(CSV)
    for method in (Method.CROSS_IMPS, Method.BUTLER):
        assert standings(reg_client, sid, method.value) == scored(CSV, method)
        page = reg_client.get(f"/sessions/{sid}", params={"method": method.value}).text
        assert f'<option value="{method.value}" selected>' in page and f"scored by {method.value}" in page
    section = reg_client.get(f"/api/sections/{sid}").json()
    assert section["movement"] is None and section["results"] == 6 and section["session"] == "Results"
    results = reg_client.get(f"/api/sections/{sid}/results").json()
    assert [r["text"] for r in results][:2] == ["4S by N, 10 tricks, +420", "4S by N, 9 tricks, -50"]


def test_exports_of_an_uploaded_section_by_each_method(reg_client: TestClient) -> None:
    token = page_login(reg_client, "scorer")
    sid = uploaded(reg_client, token)
    exported = reg_client.get(f"/sessions/{sid}/export.csv")
    assert exported.headers["content-type"].startswith("text/csv") and "attachment" in exported.headers[
        "content-disposition"]
    first = next(csv.DictReader(io.StringIO(exported.text)))
    assert [first[k] for k in ("board", "round", "table", "ns", "ew", "contract", "declarer", "tricks", "score")] == [
        "1", "0", "1", "1", "4", "4S", "N", "10", "420"]
    xml = reg_client.get(f"/sessions/{sid}/export.xml", params={"method": "cross-imps"})
    assert "<USEBIO" in xml.text and "CROSS_IMP" in xml.text
    pbn = reg_client.get(f"/sessions/{sid}/export.pbn", params={"method": "butler"}).text
    assert '[Scoring "Butler"]' in pbn and "ScoreTable" in pbn
    assert '[Scoring "MP"]' in reg_client.get(f"/sessions/{sid}/export.pbn").text


def test_a_pbn_upload_keeps_the_deals_for_the_calculator(register_app: FastAPI, reg_client: TestClient) -> None:
    token = page_login(reg_client, "scorer")
    r = upload(reg_client, token, "club.pbn", PBN, event="Wednesday")
    assert r.status_code == 303, r.text
    from bridge_director.web.board_fields import board_deal, board_field
    with register_app.state.register.transaction() as db:
        assert board_deal(db, "Wednesday", 1) == "N:K9652.J.Q83.KQ43 AQJ7.K762.KJ75.5 843.Q93.A6.JT872 T.AT854.T942.A96"
        assert sorted(board_field(db, "Wednesday", 1)) == [-980, -480]
    sid = r.headers["location"].split("?")[0].rsplit("/", 1)[1]
    assert reg_client.get(f"/sessions/{sid}/hand-records").status_code == 200


def test_bad_files_are_refused_naming_line_and_field_and_store_nothing(reg_client: TestClient) -> None:
    token = page_login(reg_client, "director")
    broken = CSV.replace("2,3,6,4S,N,11", "2,3,6,4S,N,eleven")
    r = upload(reg_client, token, "broken.csv", broken)
    assert r.status_code == 422
    assert "broken.csv, line 7, tricks: tricks is not a whole number" in r.text.replace("&#39;", "'")
    assert "Tuesday pairs" not in reg_client.get("/sessions").text.split("upload-form")[0]
    r = upload(reg_client, token, "results.txt", CSV)
    assert r.status_code == 422 and "upload a .pbn, .csv or USEBIO .xml file" in r.text
    r = upload(reg_client, token, "empty.pbn", '[Event "x"]\n')
    assert r.status_code == 422 and "empty.pbn" in r.text and "/tmp" not in r.text
    assert len(reg_client.get("/api/sessions").json()) == 1  # the demo's only


def test_a_second_upload_adds_boards_and_replaces_a_board_uploaded_again(reg_client: TestClient) -> None:
    token = page_login(reg_client, "scorer")
    sid = uploaded(reg_client, token)
    more = "board,ns,ew,score\n3,1,4,420\n3,2,5,450\n1,1,4,-100\n1,2,5,-50\n1,3,6,-50\n"
    r = reg_client.post(f"/sessions/{sid}/upload", data={"csrf_token": token},
                        files={"file": ("more.csv", more.encode(), "text/csv")}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/sessions/{sid}?stored=5"
    results = reg_client.get(f"/api/sections/{sid}/results").json()
    assert len(results) == 8 and sorted({r["board"] for r in results}) == [1, 2, 3]
    assert sorted(r["ns_score"] for r in results if r["board"] == 1) == [-100, -50, -50]
    assert [r["text"] for r in results if r["board"] == 3] == ["+420", "+450"]  # a traveller of scores only
    assert len(reg_client.get("/api/sessions").json()) == 2  # the same section, not another


def test_a_viewer_cannot_upload(reg_client: TestClient) -> None:
    token = page_login(reg_client, "viewer")
    assert upload(reg_client, token, "tuesday.csv", CSV).status_code == 403
    r = reg_client.post("/sessions/1/upload", data={"csrf_token": token},
                        files={"file": ("t.csv", CSV.encode(), "text/csv")})
    assert r.status_code == 403


def test_the_upload_api_answers_the_section_and_refuses_clearly(reg_client: TestClient) -> None:
    login(reg_client, "viewer")
    files = {"file": ("tuesday.csv", CSV.encode(), "text/csv")}
    assert reg_client.post("/api/sections/upload", data={"event": "Tuesday pairs"}, files=files).status_code == 403
    login(reg_client, "scorer")
    r = reg_client.post("/api/sections/upload", data={"event": "Tuesday pairs", "session": "Evening"}, files=files)
    assert r.status_code == 201, r.text
    body = r.json()
    assert (body["event"], body["session"], body["letter"], body["stored"]) == ("Tuesday pairs", "Evening", "A", 6)
    assert standings(reg_client, body["id"]) == scored(CSV)
    broken = reg_client.post("/api/sections/upload", data={"event": "Broken"},
                             files={"file": ("tuesday.csv", (CSV + "3,1,4,4S,N,x\n").encode(), "text/csv")})
    assert broken.status_code == 422 and broken.json()["detail"].startswith("tuesday.csv, line 8")
    assert "Broken" not in [s["event"] for s in reg_client.get("/api/sessions").json()]
    assert reg_client.get("/api/sections/999/ranking").status_code == 404


def test_a_ruling_on_an_uploaded_result_changes_the_sections_ranking(reg_client: TestClient) -> None:
    token = page_login(reg_client, "director")
    sid = uploaded(reg_client, token)
    before = {pair: total for _, _, pair, total in standings(reg_client, sid)}
    result = next(r for r in reg_client.get(f"/api/sections/{sid}/results").json() if (r["board"], r["ns"]) == (1, 2))
    rule = f'href="/sessions/{sid}/results/{result["id"]}/ruling">Rule</a>'
    assert rule in reg_client.get(f"/sessions/{sid}").text  # on the result's line
    form = reg_client.get(f"/sessions/{sid}/results/{result['id']}/ruling")
    assert form.status_code == 200 and f'href="/sessions/{sid}#board-1"' in form.text  # back to the section
    r = reg_client.post(f"/sessions/{sid}/results/{result['id']}/ruling",
                        data={"csrf_token": token, "laws": "16B, 12C1b", "facts": "a slow pass", "kind": "assigned",
                              "a_level": "4", "a_strain": "S", "a_declarer": "N", "a_tricks": "11"},
                        follow_redirects=False)
    assert r.status_code == 303, r.text
    ruling = int(r.headers["location"].rsplit("/", 1)[1])
    after = {pair: total for _, _, pair, total in standings(reg_client, sid)}
    assert after != before and after["2"] > before["2"] and after["5"] < before["5"]  # 450 now, the top
    expected = CSV.replace("1,2,5,4S,N,9", "1,2,5,4S,N,11")
    assert sorted(after.items()) == sorted((pair, total) for _, _, pair, total in scored(expected))
    page = reg_client.get(f"/sessions/{sid}").text
    assert f'href="/sessions/{sid}/rulings/{ruling}" title="ruling {ruling}">adj.</a>' in page
    detail = reg_client.get(f"/register/rulings/{ruling}").text
    assert "Decision on a result" in detail and f'href="/sessions/{sid}"' in detail
    again = upload(reg_client, token, "tuesday.csv", CSV)  # a board with a ruling is not replaced silently
    assert again.status_code == 409 and f"has a ruling on result {result['id']}" in again.text


def test_a_penalty_made_on_the_penalties_page_comes_off_the_pairs_total(reg_client: TestClient) -> None:
    token = page_login(reg_client, "director")
    sid = uploaded(reg_client, token)
    before = {pair: total for _, _, pair, total in standings(reg_client, sid)}
    page = reg_client.get("/register/penalties").text
    assert f'<option value="{sid}"' in page and "penalty-form" in page
    r = reg_client.post("/register/penalties", data={
        "csrf_token": token, "section": str(sid), "pair": "3", "amount": "0.5", "unit": "top",
        "kind": "PROCEDURAL", "law": "90B8", "reason": "slow play"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    after = {pair: total for _, _, pair, total in standings(reg_client, sid)}
    assert after["3"] == before["3"] - 2 and all(after[p] == before[p] for p in before if p != "3")  # top 4
    listing = reg_client.get("/register/penalties").text
    assert "0.5 of a top" in listing and "slow play" in listing and "Tuesday pairs · Results · section A" in listing
    bad = reg_client.post("/register/penalties", data={
        "csrf_token": token, "section": str(sid), "pair": "77", "amount": "0.5", "unit": "top"})
    assert bad.status_code == 422 and "no pair 77" in bad.text
    bad = reg_client.post("/register/penalties", data={
        "csrf_token": token, "section": str(sid), "pair": "3", "amount": "2", "unit": "imps"})
    assert bad.status_code == 422 and "takes penalties in top, mp, percent" in bad.text
    assert {pair: total for _, _, pair, total in standings(reg_client, sid)} == after  # nothing more stored
    audit = reg_client.get("/audit/export", params={"format": "json"}).json()
    [uploads] = [(a["actor"], a["detail"]) for a in audit if a["kind"] == "upload" and a["target"] == f"section {sid}"]
    assert uploads == ("director", "tuesday.csv: 6 lines into Tuesday pairs, Results, section A")
    assert [a["detail"] for a in audit if a["kind"] == "penalty"] == [f"section {sid}, pair 3: 0.5 top"]


def test_an_upgraded_text_penalty_is_applied_from_the_page(register_app: FastAPI, reg_client: TestClient) -> None:
    token = page_login(reg_client, "director")
    sid = uploaded(reg_client, token)
    with register_app.state.register.transaction() as db:  # as an upgraded register holds it
        ruling = Ruling(kind="other", director="Old director", laws="90", version=1)
        db.add(ruling)
        db.flush()
        db.add(SessionPenalty(ruling_id=ruling.id, unit="top", amount=0.0, given="10% of a top to Pair 2",
                              reason="slow play", active=False))
        db.flush()
        penalty = db.scalars(select(SessionPenalty).where(SessionPenalty.ruling_id == ruling.id)).one().id
    before = {pair: total for _, _, pair, total in standings(reg_client, sid)}
    page = reg_client.get("/register/penalties").text
    row = page.split(f'id="penalty-{penalty}"')[1].split("</tr>")[0]
    assert "10% of a top to Pair 2" in row and "not applied" in row
    assert f'action="/register/penalties/{penalty}/apply"' in page
    assert "not applied" in reg_client.get(f"/register/rulings/{ruling.id}").text
    r = reg_client.post(f"/register/penalties/{penalty}/apply", data={
        "csrf_token": form_token(page), "section": str(sid), "pair": "2", "amount": "0.1", "unit": "top"},
        follow_redirects=False)
    assert r.status_code == 303, r.text
    after = {pair: total for _, _, pair, total in standings(reg_client, sid)}
    assert round(after["2"], 6) == round(before["2"] - 0.4, 6)  # a tenth of a top of 4
    row = reg_client.get("/register/penalties").text.split(f'id="penalty-{penalty}"')[1].split("</tr>")[0]
    assert "not applied" not in row and "0.1 of a top" in row
