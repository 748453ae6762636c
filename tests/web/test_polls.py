"""The poll of peers for a Law 16B1(b) ruling: made from the table's review with its peers, answered from the
peers' own phones on their personal links (no login, one answer each), taken over as the director's judgement;
the peers never see the unauthorised information; every answer is stored before the page answers, so a new app
on the same database has them all."""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from bridge_director.laws.law16_ui import Poll
from bridge_director.model import Seat
from bridge_director.register import Register
from bridge_director.register.models import PollAnswer
from bridge_director.table.edition import Edition
from bridge_director.table.events import DirectorReview, Hesitation, Remark
from bridge_director.web import create_app
from bridge_director.web.accounts import MemoryAccountStore, Role
from bridge_director.web.lan import qr_svg
from bridge_director.web.server import background
from bridge_director.web.settings import WebSettings
from web.web_support import PASSWORDS, form_token, login, make_app, shot

# North holds ♠AKQJT9 ♥3 ♦JT9 ♣987: 1♠, 4♥ by East, South passes after a marked hesitation and a remark, West
# passes, North bids 4♠ (call 5), all pass.  The review is of North's 4♠.
DEAL = "N:AKQJT9.3.JT9.987 5.JT98.AKQ.AKQJT 432.AKQ2.5432.32 876.7654.876.654"
REMARK = "I nearly doubled that"
ANSWERS: tuple[tuple[str, str, list[str]], ...] = (  # five peers: name, call, calls also considered
    ("Ann", "4S", ["Pass"]),
    ("Ben", "Pass", []),
    ("Cat", "Pass", ["4S"]),
    ("Dan", "4S", []),
    ("Eve", "4S", []),
)


def enter(client: TestClient, table: str, **entry: Any) -> dict[str, Any]:
    r = client.post(f"/api/tables/{table}/entries", json=entry)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def reviewed_table(app: FastAPI, client: TestClient, step: str = "alternatives") -> str:
    """A table whose Law 16B review of North's 4♠ waits at ``step`` (ui, suggests or alternatives)."""
    store = app.state.tables
    table: str = client.post("/api/tables", json={"board": 1, "deal": DEAL}).json()["id"]
    for call in ("1S", "4H", "P"):
        enter(client, table, kind="call", call=call)
    store.enter(table, Hesitation(Seat.SOUTH), by="director")
    store.enter(table, Remark(Seat.SOUTH, REMARK), by="director")
    for call in ("P", "4S", "P", "P", "P"):
        enter(client, table, kind="call", call=call)
    store.enter(table, DirectorReview("16B", Seat.NORTH, 5), by="director")
    for question, answer in (("ui", "yes"), ("suggests", "action")):
        if question == step:
            break
        enter(client, table, kind="judgement", question=question, answer=answer)
    return table


NAMES = [peer for peer, _, _ in ANSWERS]


def make_poll(client: TestClient, table: str, names: list[str] | None = None, links: int = 0,
              shared: bool = False) -> str:
    """The director's "Poll peers" page of the table and its form (the peers' names, links without a name, the
    shared code): the poll's token from the results page it leads to."""
    page = client.get(f"/tables/{table}/polls")
    assert page.status_code == 200 and 'id="make-poll"' in page.text, page.text
    form = {"csrf_token": form_token(page.text), "names": "\n".join(NAMES if names is None else names),
            "links": str(links), **({"shared": "on"} if shared else {})}
    r = client.post(f"/tables/{table}/polls", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    found = re.fullmatch(r"/polls/([A-Za-z0-9_-]+)/results", r.headers["location"])
    assert found, r.headers["location"]
    return found.group(1)


def links_of(director: TestClient, poll: str) -> dict[str, str]:
    """Each peer's personal link token, by his name (``link N`` for a link without a name)."""
    peers = director.get(f"/api/polls/{poll}/results").json()["peers"]
    return {p["name"] or f"link {p['number']}": p["url"].rsplit("/", 1)[1] for p in peers}


def peer_answers(app: FastAPI, token: str, call: str, considered: list[str], comment: str = "", peer: str = ""
                 ) -> Any:
    """A peer on his own phone, on his link: no login, no cookie (the token in the address is the key)."""
    with TestClient(app, base_url="https://testserver") as phone:
        page = phone.get(f"/polls/{token}")
        assert page.status_code == 200, page.text
        assert "set-cookie" not in page.headers and 'name="csrf_token"' not in page.text
        return phone.post(f"/polls/{token}", data={"peer": peer, "call": call, "considered": considered,
                                                   "comment": comment})


def all_answer(app: FastAPI, director: TestClient, poll: str, answers: tuple[tuple[str, str, list[str]], ...]
               = ANSWERS) -> None:
    links = links_of(director, poll)
    for peer, call, considered in answers:
        r = peer_answers(app, links[peer], call, considered)
        assert r.status_code == 200 and f"Thank you, {peer}" in r.text, r.text


def auction_shown(html: str) -> str:
    found = re.search(r'<table id="poll-auction">(.*?)</table>', html, re.S)
    assert found, "no auction on the peer's page"
    return found.group(1)


def table_of(client: TestClient, table: str) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"/api/tables/{table}").json()
    return body


@pytest.fixture
def director(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, base_url="https://testserver") as c:
        login(c)
        yield c


def test_16B1b_five_peers_answer_the_results_show_the_alternatives_and_using_the_poll_asks_damage(
        app: FastAPI, director: TestClient) -> None:
    table = reviewed_table(app, director)
    token = make_poll(director, table, [*NAMES, "Fay"])
    links = links_of(director, token)
    for peer, call, considered in ANSWERS:
        r = peer_answers(app, links[peer], call, considered, comment=f"{peer}'s view")
        assert r.status_code == 200 and f"Thank you, {peer}" in r.text
    results = director.get(f"/polls/{token}/results")
    assert results.status_code == 200
    assert '<span id="answer-count">5</span>' in results.text
    text = "poll: " + " | ".join(", ".join((call, *considered)) for _, call, considered in ANSWERS)
    expected = Poll.parse(text[5:]).logical_alternatives("4S", Edition.L2017)
    assert expected == ("Pass",)
    shown = re.search(r'<p id="alternatives">.*?<b>(.*?)</b>', results.text, re.S)
    assert shown and shown.group(1) == "Pass"
    assert re.search(r'data-call="Pass"><td>Pass</td><td>2 \(40%\)</td><td>3 \(60%\)</td>', results.text)
    assert "the review goes on to its question &#39;damage&#39;" in results.text

    seq = re.search(r'name="expected" value="(\d+)"', results.text)
    assert seq
    with TestClient(app, base_url="https://testserver") as late:
        late.get(f"/polls/{links['Fay']}")  # a peer still on the page when the director uses the poll
        r = director.post(f"/polls/{token}/use", data={"csrf_token": form_token(results.text),
                                                       "expected": seq.group(1)}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == f"/tables/{table}"
        state = table_of(director, table)
        assert state["ruling"]["questions"][0]["key"] == "damage"
        assert state["log"][-1]["text"] == f"Director judges alternatives: {text}"

        refused = late.post(f"/polls/{links['Fay']}", data={"call": "4S"})
        assert refused.status_code == 409 and "This poll is closed" in refused.text
        page = late.get(f"/polls/{links['Fay']}")
        assert "Poll closed" in page.text and 'name="call"' not in page.text
    assert len(director.get(f"/api/polls/{token}/results").json()["answers"]) == 5


def test_16B1b_the_peers_never_see_the_hesitation_the_remark_or_the_call_reviewed(
        app: FastAPI, director: TestClient) -> None:
    table = reviewed_table(app, director)
    assert any("hesitation" in e["text"].lower() or "tempo" in e["text"].lower() or REMARK in e["text"]
               for e in table_of(director, table)["log"])  # the table has them ...
    token = make_poll(director, table)
    link = links_of(director, token)["Ann"]
    with TestClient(app, base_url="https://testserver") as phone:
        page = phone.get(f"/polls/{link}").text
        api = phone.get(f"/api/polls/{link}").text
    for seen in (page, api):  # ... the peers do not
        low = seen.lower()
        assert REMARK.lower() not in low
        assert "hesitat" not in low and "tempo" not in low and "unauthorised" not in low and "remark" not in low
    shown = auction_shown(page)
    assert [c for c in re.findall(r"<td>(.*?)</td>", shown) if c] == ["1♠", "4♥", "Pass", "Pass", "?"]
    assert "♠</span> A K Q J 10 9" in page and "♥</span> 3" in page
    assert "You are <b>North</b>" in page and "Neither side is vulnerable" in page
    assert "This link is <b>Ann</b>'s" in page
    body = director.get(f"/api/polls/{link}").json()
    assert (body["link"], body["peer"], body["takes_answer"]) == ("personal", "Ann", True)
    assert [c["call"] for c in body["auction"]] == ["1S", "4H", "Pass", "Pass"]
    assert body["hand"] == "AKQJT9.3.JT9.987" and body["seat"] == "N" and "4S" in body["legal_calls"]


def test_law18_and_19_illegal_calls_are_refused_naming_the_field_and_nothing_is_stored(
        app: FastAPI, director: TestClient) -> None:
    token = make_poll(director, reviewed_table(app, director), ["Ann"], links=1)
    links = links_of(director, token)
    with TestClient(app, base_url="https://testserver") as phone:
        page = phone.get(f"/polls/{links['Ann']}").text
        assert re.search(r'value="3H" disabled', page) and re.search(r'value="4S">', page)
        insufficient = phone.post(f"/api/polls/{links['Ann']}/answers", json={"call": "3C"})
        assert insufficient.status_code == 422
        assert (insufficient.json()["law"], insufficient.json()["field"]) == ("18", "call")
        redouble = phone.post(f"/api/polls/{links['Ann']}/answers", json={"call": "4S", "considered": ["XX"]})
        assert redouble.status_code == 422
        assert (redouble.json()["law"], redouble.json()["field"]) == ("19B", "considered")
        nameless = phone.post(f"/polls/{links['link 2']}", data={"peer": " \u200b", "call": "4S"})
        assert nameless.status_code == 422 and "peer: your name is needed" in nameless.text
        typed = phone.post(f"/polls/{links['link 2']}", data={"peer": "Ben", "call": "2D", "considered": ["Pass"]})
        assert typed.status_code == 422 and "Law 18" in typed.text
        assert 'value="Ben"' in typed.text  # the form comes back as typed
    assert director.get(f"/api/polls/{token}/results").json()["answers"] == []


def test_one_answer_per_peer_the_first_stands_and_a_second_is_refused(app: FastAPI, director: TestClient) -> None:
    token = make_poll(director, reviewed_table(app, director), ["Ann Smith"])
    link = links_of(director, token)["Ann Smith"]
    assert peer_answers(app, link, "Pass", []).status_code == 200
    with TestClient(app, base_url="https://testserver") as phone:
        again = phone.post(f"/polls/{link}", data={"call": "4S", "considered": ["Pass", "X"]})
    assert again.status_code == 409 and "each link takes one answer" in again.text
    answers = director.get(f"/api/polls/{token}/results").json()["answers"]
    assert [(a["peer"], a["call"], a["considered"], a["replaced"]) for a in answers] == [("Ann Smith", "Pass", [], 0)]
    with app.state.tables.register.transaction() as db:
        [row] = db.scalars(select(PollAnswer))
        assert (row.call, row.address) == ("Pass", "testclient")


@pytest.mark.parametrize("step", ["ui", "suggests"])
def test_16B1b_a_poll_is_refused_before_the_alternatives_step(app: FastAPI, director: TestClient, step: str) -> None:
    table = reviewed_table(app, director, step=step)
    r = director.post(f"/api/tables/{table}/polls")
    assert r.status_code == 422 and r.json()["field"] == "pending"
    assert f"at its question '{step}'" in r.json()["detail"]
    page = director.get(f"/tables/{table}/polls")
    assert 'id="poll-reason"' in page.text and 'id="make-poll"' not in page.text
    refused = director.post(f"/tables/{table}/polls", data={"csrf_token": form_token(page.text)},
                            follow_redirects=False)
    assert refused.status_code == 422 and "not at the logical alternatives" in refused.text
    assert director.get(f"/api/tables/{table}").json()["ruling"]["questions"][0]["key"] == step


def test_a_poll_is_refused_when_no_16B_review_is_pending(app: FastAPI, director: TestClient) -> None:
    table = director.post("/api/tables", json={"board": 1, "deal": DEAL}).json()["id"]
    enter(director, table, kind="call", call="1S")
    enter(director, table, kind="call", call="1H")  # insufficient: a Law 27 ruling is pending
    r = director.post(f"/api/tables/{table}/polls")
    assert r.status_code == 422 and r.json()["field"] == "pending" and "Insufficient" in r.json()["detail"]


def test_the_api_mirrors_the_pages_and_a_stale_use_is_a_conflict(app: FastAPI, director: TestClient) -> None:
    table = reviewed_table(app, director)
    nobody = director.post(f"/api/tables/{table}/polls")
    assert nobody.status_code == 422 and nobody.json()["field"] == "peers"  # one peer, one answer: name them
    made = director.post(f"/api/tables/{table}/polls", json={"peers": NAMES})
    assert made.status_code == 201
    token = made.json()["token"]
    links = {p["name"]: p["url"].rsplit("/", 1)[1] for p in made.json()["peers"]}
    assert list(links) == NAMES and made.json()["shared"] is False
    again = director.post(f"/api/tables/{table}/polls")
    assert again.status_code == 200 and again.json()["token"] == token  # one open poll per review
    listed = director.get(f"/tables/{table}/polls").text
    assert listed.count(f'href="/polls/{token}/results"') == 2 and "0 of 5 answers · open" in listed
    assert f'id="open-poll" href="/polls/{token}/results"' in listed and 'id="make-poll"' not in listed
    with TestClient(app, base_url="https://testserver") as phone:
        for peer, call, considered in ANSWERS:
            r = phone.post(f"/api/polls/{links[peer]}/answers", json={"call": call, "considered": considered})
            assert r.status_code == 201 and (r.json()["call"], r.json()["peer"]) == (call, peer)
    results = director.get(f"/api/polls/{token}/results").json()
    assert results["logical_alternatives"] == ["Pass"] and len(results["answers"]) == 5
    shares = {s["call"]: (s["chose"], s["considering"]) for s in results["shares"]}
    assert shares == {"4S": (3, 4), "Pass": (2, 3)}
    stale = director.post(f"/api/polls/{token}/use", json={"expected": results["expected"] - 1})
    assert stale.status_code == 409 and stale.json()["field"] == "expected"
    used = director.post(f"/api/polls/{token}/use", json={"expected": results["expected"]})
    assert used.status_code == 200 and used.json()["ruling"]["questions"][0]["key"] == "damage"
    assert director.get(f"/api/polls/{token}").json()["closed"] is True


def test_a_table_changed_between_the_results_and_use_is_a_conflict_shown_and_nothing_is_entered(
        app: FastAPI, director: TestClient) -> None:
    table = reviewed_table(app, director)
    token = make_poll(director, table)
    all_answer(app, director, token)
    results = director.get(f"/polls/{token}/results").text
    seq = re.search(r'name="expected" value="(\d+)"', results)
    assert seq
    # another device: the director's own finding entered at the table meanwhile
    enter(director, table, kind="judgement", question="alternatives", answer="la: Pass")
    count = len(table_of(director, table)["log"])
    r = director.post(f"/polls/{token}/use", data={"csrf_token": form_token(results), "expected": seq.group(1)})
    assert r.status_code == 409 and 'id="conflict"' in r.text and "Nothing was entered" in r.text
    after = table_of(director, table)
    assert len(after["log"]) == count and after["log"][-1]["text"] == "Director judges alternatives: la: Pass"
    fresh = re.search(r'name="expected" value="(\d+)"', r.text)  # the page drawn again: the table as stored now
    assert fresh and int(fresh.group(1)) == count
    assert "not possible now" in r.text and "&#39;damage&#39;" in r.text
    late = director.post(f"/polls/{token}/use", data={"csrf_token": form_token(r.text), "expected": fresh.group(1)})
    assert late.status_code == 422 and "not at the logical alternatives" in late.text  # never entered twice
    assert len(table_of(director, table)["log"]) == count


def register_app(url: str) -> FastAPI:
    accounts = MemoryAccountStore()
    for role in Role:
        accounts.add(role.value, PASSWORDS[role.value], role)
    return create_app(WebSettings(secret_key="test-secret-key-0123456789"), accounts, register=Register(url))


def test_a_poll_and_its_answers_survive_a_restart(db_url: str) -> None:
    """On SQLite and PostgreSQL, migrated to the head (migration 0010 makes the poll tables)."""
    first = register_app(db_url)
    with TestClient(first, base_url="https://testserver") as director:
        login(director)
        table = reviewed_table(first, director)
        token = make_poll(director, table)
        links = links_of(director, token)
        all_answer(first, director, token, ANSWERS[:3])
    first.state.register.close()

    second = register_app(db_url)  # a new server on the same database: nothing was only in the first one's memory
    try:
        with TestClient(second, base_url="https://testserver") as director:
            login(director)
            results = director.get(f"/api/polls/{token}/results").json()
            assert [a["peer"] for a in results["answers"]] == ["Ann", "Ben", "Cat"]
            assert results["table"] == table and results["poll"]["hand"] == "AKQJT9.3.JT9.987"
            assert links_of(director, token) == links
            for peer, call, considered in ANSWERS[:3]:  # an answered link stays answered after the restart
                assert peer_answers(second, links[peer], call, considered).status_code == 409
            all_answer(second, director, token, ANSWERS[3:])
            used = director.post(f"/api/polls/{token}/use", json={"expected": results["expected"]})
            assert used.status_code == 200 and used.json()["ruling"]["questions"][0]["key"] == "damage"
    finally:
        second.state.register.close()


def test_a_peer_answers_on_a_390_px_phone(browser: Any) -> None:
    app = make_app()
    with TestClient(app, base_url="https://testserver") as director:
        login(director)
        token = make_poll(director, reviewed_table(app, director), [], links=1)
        link = links_of(director, token)["link 1"]
        with background(app) as base:
            context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            page = context.new_page()
            page.set_default_timeout(30_000)
            try:
                page.goto(f"{base}/polls/{link}")
                page.wait_for_selector("#poll-form")
                assert page.evaluate("document.documentElement.scrollWidth") <= 390
                boxes = [b.bounding_box() for b in page.query_selector_all("#call-box label")]
                assert len(boxes) == 38 and min(min(b["height"], b["width"]) for b in boxes) >= 44
                assert page.is_disabled("#call-box input[value='3H']")
                page.click("#call-box label:has(input[value='4S'])")
                page.click("#considered-box label:has(input[value='Pass'])")
                assert page.is_checked("#call-box input[value='4S']")
                page.fill("#peer", "Gil")
                page.fill("#comment", "Pass is close")
                shot(page, "poll-peer-phone")
                page.click("#send")
                page.wait_for_selector("#thanks")
                assert page.inner_text("#thanks-call") == "4♠" and page.inner_text("#thanks-considered") == "Pass"
                shot(page, "poll-peer-thanks")
            finally:
                context.close()
        answers = director.get(f"/api/polls/{token}/results").json()["answers"]
        assert [(a["peer"], a["call"], a["considered"], a["comment"]) for a in answers] == [
            ("Gil", "4S", ["Pass"], "Pass is close")]


def test_the_poll_links_and_code_carry_the_address_the_director_came_by(app: FastAPI) -> None:
    """Issue 26: the peers' links and the shared code's QR use the address of the director's request, not the
    server's own (``web --lan``), which serves only a director on the server itself."""
    app.state.lan_url = "https://192.168.1.20:8443"
    with TestClient(app, base_url="https://club.bridge.test") as director:
        login(director)
        poll = make_poll(director, reviewed_table(app, director), links=1, shared=True)
        urls = [p["url"] for p in director.get(f"/api/polls/{poll}/results").json()["peers"]]
        assert urls and all(u.startswith("https://club.bridge.test/polls/") for u in urls), urls
        page = director.get(f"/polls/{poll}/results").text
        assert "192.168.1.20" not in page
        [image] = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', page)
        assert base64.b64decode(image) == qr_svg(f"https://club.bridge.test/polls/{poll}")
