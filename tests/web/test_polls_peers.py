"""One peer, one answer (issue 27): a poll's peers are the director's, each answers once on a personal link; the
poll's own code takes no answer unless the director opens it, and then only from a peer he named, once; names are
compared after Unicode normalisation; answers are capped and each address is rate-limited in the register; every
poll action is audited with its address; the director sees who answered, when and from where."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from alembic import command
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from bridge_director.club import polls
from bridge_director.club.peer_names import peer_key, shown_name
from bridge_director.club.poll_limits import RateLimit, take_turn
from bridge_director.register import Register
from bridge_director.register.audit import AuditFilter, find_actions
from bridge_director.register.db import make_engine
from bridge_director.register.migrate import alembic_config, current
from bridge_director.register.models import PeerPoll, PollAnswer
from bridge_director.register.table_models import PollPeer
from web.test_polls import ANSWERS, NAMES, links_of, make_poll, register_app, reviewed_table
from web.web_support import form_token, login

#: what the review saw: names that differ from "Ann Smith" only by invisible characters, a look-alike letter, a
#: dot, spacing, case, width or an accent
SAME_AS_ANN = ("Ann\u200b Smith", "A\u200dnn Smith", "\u0410nn Smith", "Ann. Smith", "ANN   SMITH", "Ann Smith.",
               "\uff21nn Smith", "Ánn Smith", "Ann\u00adSmith", "Ann\u2060 Smi\u0442h", " ann smith\u200e")
WWW = "https://testserver"


@pytest.fixture
def director(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, base_url=WWW) as c:
        login(c)
        yield c


def phone(app: FastAPI) -> TestClient:
    return TestClient(app, base_url=WWW)


def stored_answers(app: FastAPI) -> list[tuple[str, str]]:
    with app.state.tables.register.transaction() as db:
        return [(a.peer, a.call) for a in db.scalars(select(PollAnswer).order_by(PollAnswer.id))]


def test_one_peer_one_answer_a_second_answer_on_a_personal_link_is_refused(app: FastAPI, director: TestClient
                                                                             ) -> None:
    token = make_poll(director, reviewed_table(app, director), ["Ann Smith", "Ben Jones"], links=1)
    links = links_of(director, token)
    assert len(set(links.values()) | {token}) == 4  # each peer's own token, none the poll's
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{24}", t) for t in links.values())
    with phone(app) as ann:
        page = ann.get(f"/polls/{links['Ann Smith']}")
        assert "This link is <b>Ann Smith</b>'s" in page.text and 'id="peer"' not in page.text  # no name to type
        first = ann.post(f"/polls/{links['Ann Smith']}", data={"call": "4S", "peer": "Someone Else"})
        assert first.status_code == 200 and "Thank you, Ann Smith" in first.text
        for _ in range(5):  # the page again, the API, another name: the link has its answer
            again = ann.post(f"/polls/{links['Ann Smith']}", data={"call": "Pass", "peer": f"Peer {_}"})
            assert again.status_code == 409 and "each link takes one answer" in again.text
        api = ann.post(f"/api/polls/{links['Ann Smith']}/answers", json={"call": "Pass"})
        assert api.status_code == 409 and api.json()["field"] == "link"
        shown = ann.get(f"/polls/{links['Ann Smith']}")
        assert "This link has its answer" in shown.text and 'name="call"' not in shown.text
        assert ann.get(f"/api/polls/{links['Ann Smith']}").json()["takes_answer"] is False
        unnamed = ann.post(f"/polls/{links['link 3']}", data={"call": "Pass", "peer": "Cat Brown"})
        assert unnamed.status_code == 200 and "Thank you, Cat Brown" in unnamed.text
        twice = ann.post(f"/polls/{links['link 3']}", data={"call": "4S", "peer": "Dan Green"})
        assert twice.status_code == 409
    assert stored_answers(app) == [("Ann Smith", "4S"), ("Cat Brown", "Pass")]


def test_the_poll_s_own_code_invents_no_peer_sixty_names_store_nothing(app: FastAPI, director: TestClient) -> None:
    closed = make_poll(director, reviewed_table(app, director), ["Ann Smith"])
    with phone(app) as stranger:
        page = stranger.get(f"/polls/{closed}")
        assert page.status_code == 403 and "personal links only" in page.text and 'name="call"' not in page.text
        refused = stranger.post(f"/api/polls/{closed}/answers", json={"peer": "Ann Smith", "call": "4S"})
        assert refused.status_code == 403 and refused.json()["field"] == "link"

    table = reviewed_table(app, director)
    shared = make_poll(director, table, ["Ann Smith", "Ben Jones"], shared=True)
    statuses = []
    with phone(app) as stuffer:  # the review's attack: 60 answers under different names in a few seconds
        for n in range(60):
            r = stuffer.post(f"/api/polls/{shared}/answers", json={"peer": f"Peer {n}", "call": "Pass"})
            statuses.append(r.status_code)
    assert set(statuses) == {403, 429} and statuses[:10] == [403] * 10  # not a peer, then too fast
    assert stored_answers(app) == []
    with app.state.tables.register.transaction() as db:
        refused = [e.detail for e in find_actions(db, AuditFilter(kind=polls.REFUSED))]
    assert len(refused) == 11 + 1  # ten names tried (and the personal-links-only refusal), then too fast once
    assert sum("'Peer 3' is not a peer of this poll" in d for d in refused) == 1


def test_a_named_peer_answers_once_on_the_shared_code_under_the_director_s_name(app: FastAPI, director: TestClient
                                                                                ) -> None:
    token = make_poll(director, reviewed_table(app, director), ["Ann Smith", "Ben Jones"], shared=True)
    with phone(app) as ben:
        page = ben.get(f"/polls/{token}")
        assert page.status_code == 200 and 'id="peer"' in page.text and "Only the peers the director named" in page.text
        first = ben.post(f"/polls/{token}", data={"peer": "ben  JONES", "call": "4S"})
        assert first.status_code == 200 and "Thank you, Ben Jones" in first.text
        second = ben.post(f"/polls/{token}", data={"peer": "Ben Jones", "call": "Pass"})
        assert second.status_code == 409 and "Ben Jones has answered already" in second.text
        stranger = ben.post(f"/polls/{token}", data={"peer": "Carl", "call": "Pass"})
        assert stranger.status_code == 403 and "is not a peer of this poll" in stranger.text
    assert stored_answers(app) == [("Ben Jones", "4S")]
    ann = links_of(director, token)["Ann Smith"]  # her own link still takes her one answer
    with phone(app) as her:
        assert her.post(f"/polls/{ann}", data={"call": "Pass"}).status_code == 200
        assert her.post(f"/polls/{token}", data={"peer": "Ann Smith", "call": "4S"}).status_code == 409


def test_a_name_with_a_zero_width_space_is_the_same_peer(app: FastAPI, director: TestClient,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(polls, "ANSWER_RATE", RateLimit(burst=100))  # many tries from one address here
    assert {peer_key(n) for n in SAME_AS_ANN} == {peer_key("Ann Smith")}
    assert peer_key("Ann Smith") != peer_key("Ann Smyth") and peer_key("Anne Smith") != peer_key("Ann Smith")
    assert peer_key("\u200b\u200c\u200d\u2060\ufeff\u3164") == "" and shown_name("Ann\u200b Smith") == "Ann Smith"

    table = reviewed_table(app, director)
    page = director.get(f"/tables/{table}/polls")
    twice = director.post(f"/tables/{table}/polls", data={"csrf_token": form_token(page.text),
                                                          "names": "Ann Smith\nBen Jones\n\u0410nn  Smith."})
    assert twice.status_code == 422 and "is the same peer as &#39;Ann Smith&#39;" in twice.text
    assert "Ben Jones" in twice.text  # the form comes back as typed
    api = director.post(f"/api/tables/{table}/polls", json={"peers": ["Ben Jones", "ben\u200bjones"]})
    assert api.status_code == 422 and api.json()["field"] == "peers"
    blank = director.post(f"/api/tables/{table}/polls", json={"peers": ["\u200b\u2060"]})
    assert blank.status_code == 422 and "has no name" in blank.json()["detail"]

    token = make_poll(director, table, ["Ann Smith"], links=1, shared=True)
    links = links_of(director, token)
    with phone(app) as p:
        assert p.post(f"/polls/{token}", data={"peer": "Ann Smith", "call": "4S"}).status_code == 200
        for name in SAME_AS_ANN:  # every disguise of Ann is Ann, who has answered
            r = p.post(f"/api/polls/{token}/answers", json={"peer": name, "call": "Pass"})
            assert r.status_code == 409 and "Ann Smith has answered already" in r.json()["detail"], name
        disguised = p.post(f"/polls/{links['link 2']}", data={"peer": "A\u200bnn Smith", "call": "Pass"})
        assert disguised.status_code == 409 and "type your own name" in disguised.text
        cyrillic = p.post(f"/api/polls/{token}/answers", json={"peer": "\u0421arl", "call": "Pass"})
        assert cyrillic.status_code == 403  # a look-alike name is no peer the director named
    assert stored_answers(app) == [("Ann Smith", "4S")]


def test_answers_are_capped_and_an_address_is_rate_limited(app: FastAPI, director: TestClient,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    table = reviewed_table(app, director)
    many = [f"Peer {n}" for n in range(polls.MAX_PEERS + 1)]
    over = director.post(f"/api/tables/{table}/polls", json={"peers": many})
    assert over.status_code == 422 and over.json()["field"] == "peers"
    mixed = director.post(f"/api/tables/{table}/polls", json={"peers": many[:15], "links": 6})
    assert mixed.status_code == 422 and "at most 20 peers" in mixed.json()["detail"]
    made = director.post(f"/api/tables/{table}/polls", json={"peers": many[:19], "links": 1})
    assert made.status_code == 201 and len(made.json()["peers"]) == 20
    token = made.json()["token"]
    full = director.post(f"/api/tables/{table}/polls", json={"poll": token, "peers": ["Late Peer"]})
    assert full.status_code == 422 and "20 already" in full.json()["detail"]

    monkeypatch.setattr(polls, "ANSWER_RATE", RateLimit(burst=3, every=3600.0))
    links = [p["url"].rsplit("/", 1)[1] for p in made.json()["peers"]]
    with phone(app) as club_wifi:  # every phone behind one address
        sent = [club_wifi.post(f"/polls/{link}", data={"call": "Pass", "peer": "Late"}) for link in links[:5]]
        assert [r.status_code for r in sent] == [200, 200, 200, 429, 429]
        assert sent[3].headers["retry-after"] == "3600" and "too many answers from this address" in sent[3].text
        api = club_wifi.post(f"/api/polls/{links[5]}/answers", json={"call": "Pass"})
        assert api.status_code == 429 and int(api.headers["retry-after"]) > 3000 and api.json()["field"] == "poll"
    assert len(stored_answers(app)) == 3
    with app.state.tables.register.transaction() as db:
        refused = [e.detail for e in find_actions(db, AuditFilter(kind=polls.REFUSED))]
    assert len(refused) == 1 and "too many answers" in refused[0]  # audited once in a row, not on each refusal


def test_the_rate_limit_is_kept_in_the_register_across_workers_and_restarts(db_url: str) -> None:
    first = register_app(db_url)
    with TestClient(first, base_url=WWW) as director:
        login(director)
        token = make_poll(director, reviewed_table(first, director), ["Ann Smith"])
    with first.state.register.transaction() as db:
        poll_id = db.scalars(select(PeerPoll.id).where(PeerPoll.token == token)).one()
    rate = RateLimit(burst=2, every=60.0)
    two = Register(db_url)  # a second worker on the same register
    try:
        with first.state.register.transaction() as db:
            assert take_turn(db, poll_id, "2001:db8:1:2::10", 1000.0, rate) == (0.0, 0)
        with two.transaction() as db:  # the same /64: the same bucket
            assert take_turn(db, poll_id, "2001:db8:1:2:ffff::1", 1000.0, rate) == (0.0, 0)
            assert take_turn(db, poll_id, "2001:db8:1:2::10", 1001.0, rate) == (59.0, 1)
            assert take_turn(db, poll_id, "192.0.2.7", 1001.0, rate) == (0.0, 0)  # another address has its own
    finally:
        two.close()
        first.state.register.close()
    again = Register(db_url)  # a restart
    try:
        with again.transaction() as db:
            assert take_turn(db, poll_id, "2001:db8:1:2::10", 1002.0, rate) == (58.0, 2)
            assert take_turn(db, poll_id, "2001:db8:1:2::10", 1060.0, rate) == (0.0, 0)  # one more each minute
    finally:
        again.close()


def test_every_poll_action_is_audited_with_the_address(app: FastAPI, director: TestClient) -> None:
    table = reviewed_table(app, director)
    token = make_poll(director, table, ["Ann", "Ben", "Cat"])
    director.post(f"/api/tables/{table}/polls", json={"poll": token, "peers": ["Dan", "Eve"], "links": 1})
    links = links_of(director, token)
    with phone(app) as p:
        for peer, call, considered in ANSWERS:
            assert p.post(f"/polls/{links[peer]}", data={"call": call, "considered": considered}).status_code == 200
        assert p.post(f"/polls/{links['Ann']}", data={"call": "Pass"}).status_code == 409
    expected = director.get(f"/api/polls/{token}/results").json()["expected"]
    assert director.post(f"/api/polls/{token}/use", json={"expected": expected}).status_code == 200
    other = make_poll(director, reviewed_table(app, director), ["Zed"])
    page = director.get(f"/polls/{other}/results")
    director.post(f"/polls/{other}/close", data={"csrf_token": form_token(page.text)})

    with app.state.tables.register.transaction() as db:
        poll_id = db.scalars(select(PeerPoll.id).where(PeerPoll.token == token)).one()
        entries = [(e.actor, e.kind, e.address, e.detail) for e in reversed(find_actions(db, AuditFilter()))
                   if e.target == f"poll {poll_id}"]
        closed = [e for e in find_actions(db, AuditFilter(kind=polls.CLOSED))]
    kinds = [kind for _, kind, _, _ in entries]
    assert kinds == [polls.MADE, polls.PEERS_ADDED, *[polls.ANSWERED] * 5, polls.REFUSED, polls.USED]
    assert all(address == "testclient" for _, _, address, _ in entries)
    assert [actor for actor, _, _, _ in entries] == ["director", "director", *["peer"] * 6, "director"]
    made, added, *answered, refused, used = (detail for _, _, _, detail in entries)
    assert "peers: Ann, Ben, Cat" in made and "North's 4S (call 5)" in made
    assert added == "peers added: Dan, Eve; 1 link without a name"
    assert answered[0] == "Ann: Ann calls 4S; also considered Pass"
    assert "each link takes one answer" in refused
    assert "poll: 4S, Pass | Pass | Pass, 4S | 4S | 4S" in used and "answers of Ann, Ben, Cat, Dan, Eve" in used
    assert len(closed) == 1 and closed[0].actor == "director" and closed[0].address == "testclient"
    actions = director.get(f"/api/polls/{token}/results").json()["actions"]  # the director's view of the log
    assert [a["kind"] for a in actions] == kinds and actions[2]["address"] == "testclient"


def test_the_director_sees_who_answered(app: FastAPI, director: TestClient) -> None:
    table = reviewed_table(app, director)
    token = make_poll(director, table, ["Ann Smith", "Ben Jones"], links=1)
    links = links_of(director, token)
    with phone(app) as p:
        assert p.post(f"/polls/{links['Ann Smith']}", data={"call": "4S"}).status_code == 200
        assert p.post(f"/polls/{links['link 3']}", data={"call": "Pass", "peer": "Cat Brown"}).status_code == 200
    results = director.get(f"/api/polls/{token}/results").json()
    seen = [(p["number"], p["name"], p["answered"], p["answered_as"], p["address"]) for p in results["peers"]]
    assert seen == [(1, "Ann Smith", True, "Ann Smith", "testclient"), (2, "Ben Jones", False, "", None),
                    (3, "", True, "Cat Brown", "testclient")]
    assert all(p["answered_at"] for p in results["peers"] if p["answered"])
    assert [(a["peer"], a["link"], a["address"]) for a in results["answers"]] == [
        ("Ann Smith", "Ann Smith", "testclient"), ("Cat Brown", "link 3", "testclient")]
    page = director.get(f"/polls/{token}/results").text
    assert '<span id="peer-answered">2</span> of <span id="peer-count">3</span> answered' in page
    row = re.search(r'<tr data-peer="2">(.*?)</tr>', page, re.S)
    assert row and f'href="{WWW}/polls/{links["Ben Jones"]}"' in row.group(1) and "not yet" in row.group(1)
    assert re.search(r'<tr data-peer="3"><td>link 3 \(Cat Brown\)</td>\s*<td>\d\d:\d\d:\d\d UTC</td><td>testclient',
                     page)
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC · on link 3 · from testclient", page)
    assert 'id="poll-qr"' not in page  # no shared code: each peer has his own
    codes = director.get(f"/polls/{token}/codes").text  # the codes of the peers still to answer
    assert 'id="code-2"' in codes and 'id="code-1"' not in codes and 'id="code-3"' not in codes
    assert codes.count("data:image/svg+xml;base64,") == 1

    form = {"csrf_token": form_token(page), "poll": token, "links": "0"}  # a late peer, from the results page
    same = director.post(f"/tables/{table}/polls", data={**form, "names": "Fay Hill\nann  smith"})
    assert same.status_code == 422 and "the same peer as &#39;Ann Smith&#39;" in same.text
    added = director.post(f"/tables/{table}/polls", data={**form, "names": "Fay Hill"}, follow_redirects=False)
    assert added.status_code == 303 and added.headers["location"] == f"/polls/{token}/results#peers"
    assert [p["name"] for p in director.get(f"/api/polls/{token}/results").json()["peers"]] == [
        "Ann Smith", "Ben Jones", "", "Fay Hill"]


def test_an_old_poll_upgraded_keeps_its_answers_and_names_no_new_peer(db_url: str) -> None:
    """Migration 0014 on SQLite and PostgreSQL: down to 0013 (the peers and rates go, the answers stay) and up
    again (each peer who answered becomes a named peer with his answer; the poll's own code takes no new name)."""
    app = register_app(db_url)
    with TestClient(app, base_url=WWW) as director:
        login(director)
        token = make_poll(director, reviewed_table(app, director), NAMES[:3])
        links = links_of(director, token)
        for peer, call, considered in ANSWERS[:3]:
            with phone(app) as p:
                assert p.post(f"/polls/{links[peer]}", data={"call": call, "considered": considered}
                              ).status_code == 200
    app.state.register.close()

    engine = make_engine(db_url)
    try:
        with engine.begin() as connection:
            command.downgrade(alembic_config(connection), "0013")
        assert current(engine) == "0013"
    finally:
        engine.dispose()
    again = register_app(db_url)  # opening the register upgrades it to the head again
    try:
        with again.state.register.transaction() as db:
            assert db.scalars(select(PeerPoll.shared)).all() == [True]
            peers = [(p.name, p.answer is not None and p.answer.peer) for p in db.scalars(select(PollPeer))]
            assert peers == [(n, n) for n in NAMES[:3]]
        with TestClient(again, base_url=WWW) as director:
            login(director)
            results = director.get(f"/api/polls/{token}/results").json()
            assert [(a["peer"], a["call"]) for a in results["answers"]] == [(p, c) for p, c, _ in ANSWERS[:3]]
            assert results["shared"] is True and all(p["answered"] for p in results["peers"])
            with phone(again) as p:
                assert p.post(f"/polls/{links['Ann']}", data={"call": "4S"}).status_code == 404  # old links gone
                new = p.post(f"/api/polls/{token}/answers", json={"peer": "Dan", "call": "4S"})
                assert new.status_code == 403  # no new name on the old shared code
                known = p.post(f"/api/polls/{token}/answers", json={"peer": "ann", "call": "4S"})
                assert known.status_code == 409
            used = director.post(f"/api/polls/{token}/use", json={"expected": results["expected"]})
            assert used.status_code == 200
            assert used.json()["log"][-1]["text"] == "Director judges alternatives: poll: 4S, Pass | Pass | Pass, 4S"
    finally:
        again.state.register.close()
