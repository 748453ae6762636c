"""The register pages on a SQLite register holding the demo event: search, filters, a new ruling that changes no
score (with the pointer to rule on the result), a ruling's decisions and penalties, edits with the version
check, appeals, penalties, psyches; roles and CSRF."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from web.web_support import PASSWORDS, form_token


def page_login(client: TestClient, role: str = "director") -> str:
    """Log in through the form; returns a CSRF token for the next forms."""
    token = form_token(client.get("/login").text)
    r = client.post("/login", data={"username": role, "password": PASSWORDS[role], "csrf_token": token},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    return form_token(client.get("/register").text)


def ruling_ids(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'href="/register/rulings/(\d+)"', html)]


def test_search_and_filters_find_the_demo_rulings(reg_client: TestClient) -> None:
    page_login(reg_client, "viewer")
    every = ruling_ids(reg_client.get("/register").text)
    assert every == [5, 4, 3, 2, 1]
    assert ruling_ids(reg_client.get("/register", params={"law": "16B"}).text) == [2]
    assert ruling_ids(reg_client.get("/register", params={"law": "16"}).text) == [2]  # prefix of 16B1
    assert ruling_ids(reg_client.get("/register", params={"law": "91"}).text) == [5]
    assert ruling_ids(reg_client.get("/register", params={"board": "7"}).text) == [3]
    assert ruling_ids(reg_client.get("/register", params={"director": "Director 2"}).text) == [4, 3]
    assert ruling_ids(reg_client.get("/register", params={"q": "HESITATED"}).text) == [2]
    assert ruling_ids(reg_client.get("/register", params={"event": "Club night (demo)", "board": "2"}).text) == [1]
    assert ruling_ids(reg_client.get("/register", params={"event": "No such event"}).text) == []
    bad = reg_client.get("/register", params={"board": "seven"})
    assert bad.status_code == 422 and "board: a board number" in bad.text


def test_a_viewer_reads_but_cannot_write(reg_client: TestClient) -> None:
    token = page_login(reg_client, "viewer")
    assert reg_client.get("/register/rulings/2").status_code == 200
    assert reg_client.get("/register/rulings/new").status_code == 403
    r = reg_client.post("/register/rulings", data={"csrf_token": token, "laws": "27", "facts": "x",
                                                   "decision": "y", "director": "viewer"})
    assert r.status_code == 403
    assert "edit-ruling" not in reg_client.get("/register/rulings/2").text
    assert len(ruling_ids(reg_client.get("/register").text)) == 5
    r = reg_client.post("/register/penalties", data={"csrf_token": token, "section": "1", "pair": "3",
                                                     "amount": "0.5", "unit": "top"})
    assert r.status_code == 403 and "penalty-form" not in reg_client.get("/register/penalties").text


def test_no_write_without_login_or_csrf(reg_client: TestClient) -> None:
    penalty = {"section": "1", "pair": "3", "amount": "0.5", "unit": "top", "kind": "PROCEDURAL", "law": "90"}
    r = reg_client.post("/register/penalties", data=penalty, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/login")
    page_login(reg_client)
    r = reg_client.post("/register/penalties", data={**penalty, "csrf_token": "forged"})
    assert r.status_code == 403 and "CSRF" in r.text
    assert "0.5 of a top" not in reg_client.get("/register/penalties").text


def test_a_new_ruling_changes_no_score_and_points_to_the_result(reg_client: TestClient) -> None:
    token = page_login(reg_client)
    before = reg_client.get("/api/sections/1/ranking").json()
    form_page = reg_client.get("/register/rulings/new").text
    assert "A ruling that changes a score is made on the result" in form_page and 'href="/sessions"' in form_page
    assert "adj_score" not in form_page and "pen_amount" not in form_page  # no free-text scores or penalties
    form = {"csrf_token": token, "event": "Club night (demo)", "session": "Last week", "board": "4",
            "kind": "misinformation", "director": "Director 3", "laws": "20F1, 75C",
            "facts": "2♦ explained as natural; it was Multi", "decision": "no damage: the table result stands"}
    r = reg_client.post("/register/rulings", data=form, follow_redirects=False)
    assert r.status_code == 303
    detail = reg_client.get(r.headers["location"]).text
    assert "Club night (demo), board 4" in detail and "no damage: the table result stands" in detail
    assert "Decision on a result" not in detail  # a ruling here is on no result
    assert reg_client.get("/api/sections/1/ranking").json() == before
    conduct = reg_client.post("/register/rulings", data={**form, "event": "", "session": "", "board": "",
                                                         "kind": "other", "laws": "91A"}, follow_redirects=False)
    assert conduct.status_code == 303 and "no board" in reg_client.get("/register").text


def test_a_rulings_page_shows_its_decision_on_a_result_and_its_penalties(reg_client: TestClient) -> None:
    page_login(reg_client, "viewer")
    ui = reg_client.get("/register/rulings/2").text
    assert "Decision on a result" in ui and "board 5, 1 v 6: weighted: 60% 3♠+2 E" in ui
    assert 'href="/sessions/1/rulings/2">written ruling</a>' in ui and 'href="/sessions/1">the section</a>' in ui
    assert "(replaced on appeal)" in ui  # the decision the appeal's outcome replaced stays as history
    late = reg_client.get("/register/rulings/4").text
    assert "0.1 of a top off pair 9 (East 4 &amp; West 4)" in late and "(Law 90B8)" in late
    assert "repeated late arrival at the table" in reg_client.get("/register/penalties").text


def test_a_refused_ruling_stores_nothing_at_all(reg_client: TestClient) -> None:
    token = page_login(reg_client)
    form = {"csrf_token": token, "kind": "ui", "director": "Director 3", "laws": "16B", "facts": "slow pass",
            "decision": "none", "event": "Club night (demo)", "board": "1000"}
    r = reg_client.post("/register/rulings", data=form)
    assert r.status_code == 422 and "board" in r.text
    assert 'value="slow pass"' in r.text or ">slow pass<" in r.text  # the form keeps what was typed
    assert len(ruling_ids(reg_client.get("/register").text)) == 5
    missing = reg_client.post("/register/rulings", data={**form, "facts": "", "board": ""})
    assert missing.status_code == 422 and "fill in the facts" in missing.text


def test_an_edit_from_a_stale_version_is_refused_clearly(reg_client: TestClient) -> None:
    token = page_login(reg_client)
    base = {"csrf_token": token, "version": "1", "laws": "27B1(a)", "facts": "insufficient 1♣", "options": ""}
    first = reg_client.post("/register/rulings/1", data={**base, "decision": "first director's text"},
                            follow_redirects=False)
    assert first.status_code == 303
    second = reg_client.post("/register/rulings/1", data={**base, "decision": "second director's text"})
    assert second.status_code == 409
    assert "another director changed this ruling" in second.text
    assert "second director&#39;s text" in second.text  # kept in the form
    assert "version 2" in second.text and "first director&#39;s text" in second.text
    bad = reg_client.post("/register/rulings/1", data={**base, "version": "2", "laws": ""})
    assert bad.status_code == 422 and "names the law" in bad.text


def test_appeal_recorded_and_listed(reg_client: TestClient) -> None:
    token = page_login(reg_client)
    assert "East-West say the pause was normal tempo" in reg_client.get("/register/appeals").text
    r = reg_client.post("/register/rulings/3/appeal", data={"csrf_token": token, "version": "2",
                                                            "appeal": "East-West appeal the penalty card"},
                        follow_redirects=False)
    assert r.status_code == 303
    appeals = reg_client.get("/register/appeals").text
    assert "East-West appeal the penalty card" in appeals and "not heard yet" in appeals


def test_psyches_recorded_classified_and_a_partnership_history(reg_client: TestClient) -> None:
    token = page_login(reg_client)
    assert "North 3 &amp; South 3" in reg_client.get("/register/psyches").text
    form = {"csrf_token": token, "event": "Club night (demo)", "session": "Evening", "board": "6",
            "player": "South 3", "partner": "North 3", "call": "2H", "departure": "PSYCHE", "colour": "AMBER"}
    r = reg_client.post("/register/psyches", data=form)
    assert r.status_code == 200 and "recorded" in r.text
    reports = re.findall(r'action="/register/psyches/(\d+)/classify"', r.text)
    first = min(int(n) for n in reports)
    r = reg_client.post(f"/register/psyches/{first}/classify", data={"csrf_token": token, "colour": "AMBER"})
    assert r.status_code == 200 and "now Red" in r.text  # two Ambers make both Red (EBU 6 B 6)
    history = reg_client.get("/register/psyches/history", params={"partnership": "South 3 & North 3"})
    assert history.status_code == 200 and history.text.count("RED") == 2
    bad = reg_client.post("/register/psyches", data={**form, "call": "9Z"})
    assert bad.status_code == 422 and "9Z" in bad.text
