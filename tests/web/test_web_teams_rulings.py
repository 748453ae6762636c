"""Team play (Law 86) in the web app: the ruling form on a teams board records what becomes of the board as a step
of the ruling and its decision reaches the match IMPs and VPs on the ranking page (each board linked to its
ruling); the JSON API answers with the matches; the written ruling gives each team's IMPs; refusals name the law.

The match: Aces (home) v Kings, boards 1-2; board 1 flat; board 2 (N-S vulnerable): table 1 (Aces N-S) 4HX by E
making 8 (the ruled table), table 2 Kings' N-S 4S+1, +650.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from httpx import Response

from bridge_director.club.movement_gen import teams_match
from bridge_director.club.results import ResultIn, enter_result
from bridge_director.club.setup import add_section, create_session, import_entry_csv
from bridge_director.register import Register
from bridge_director.register.models import Ruling
from bridge_director.web import create_app
from bridge_director.web.accounts import MemoryAccountStore, Role
from bridge_director.web.settings import WebSettings
from web.web_support import PASSWORDS, form_token, login

ENTRY = ("pair,player1,member1,player2,member2,team\n1,A1,,A2,,Aces\n2,A3,,A4,,Aces\n"
         "3,K1,,K2,,Kings\n4,K3,,K4,,Kings\n")


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[TestClient, Register, int, int]]:
    """The client (logged in as director), the register, the section's id and table 1's result id on board 2."""
    register = Register(f"sqlite:///{tmp_path / 'register.sqlite3'}")
    with register.transaction() as db:
        section = add_section(db, create_session(db, "Teams", "Match"), "A", teams_match(1), 2, method="teams")
        import_entry_csv(db, section, ENTRY)
        enter_result(db, section, 1, 1, 1, ResultIn("3NT", "S", 9))
        enter_result(db, section, 1, 2, 1, ResultIn("3NT", "S", 9))
        rid = enter_result(db, section, 1, 1, 2, ResultIn("4HX", "E", 8)).id
        enter_result(db, section, 1, 2, 2, ResultIn("4S", "N", 11))
        sid = section.id
    accounts = MemoryAccountStore()
    for role in Role:
        accounts.add(role.value, PASSWORDS[role.value], role)
    app = create_app(WebSettings(secret_key="test-secret-key-0123456789"), accounts, register=register)
    try:
        with TestClient(app, base_url="https://testserver") as client:
            login(client)
            yield client, register, sid, rid
    finally:
        register.close()


def post_form(client: TestClient, sid: int, rid: int, **fields: str) -> Response:
    page = client.get(f"/sessions/{sid}/results/{rid}/ruling")
    assert page.status_code == 200
    return client.post(f"/sessions/{sid}/results/{rid}/ruling", data={"csrf_token": form_token(page.text), **fields},
                       follow_redirects=False)


def test_86_web_form_shows_the_law86_findings_and_the_other_table(site: tuple[TestClient, Register, int, int]
                                                                  ) -> None:
    client, _, sid, rid = site
    page = client.get(f"/sessions/{sid}/results/{rid}/ruling").text
    assert 'id="law86"' in page and 'name="teams_fault"' in page and 'name="knockout"' in page
    assert 'name="fouled_ns"' in page
    assert "at the other table (table 2): 4S by N, 11 tricks, +650" in html.unescape(page)


def test_86B2b_web_fouled_board_reaches_the_match_with_the_law86_step(site: tuple[TestClient, Register, int, int]
                                                                     ) -> None:
    """Kings fouled the board (E-W at table 1); assigned 6S made (+1430) against -650: 13 IMPs to Aces, the
    complement to Kings; WBF 2013 over 2 boards: 17.69 - 2.31."""
    client, register, sid, rid = site
    r = post_form(client, sid, rid, laws="86B2", facts="a card in the wrong pocket", kind="fouled", group="B",
                  fouled_ns="A+", fouled_ew="A-", fa_on="on", fa_level="6", fa_strain="S", fa_declarer="N",
                  fa_tricks="12", teams_fault="one")
    assert r.status_code == 303, html.unescape(r.text)
    found = re.fullmatch(rf"/sessions/{sid}/rulings/(\d+)", r.headers["location"])
    assert found
    ruling_id = int(found.group(1))
    with register.transaction() as db:
        ruling = db.get(Ruling, ruling_id)
        assert ruling is not None
        assert [(s.question, s.evidence["at fault"]) for s in ruling.steps] == [("What becomes of the board?",
                                                                                  "one side")]
    ranking = html.unescape(client.get(f"/sessions/{sid}/ranking").text)
    assert "Aces v Kings" in ranking and "+13" in ranking and "17.69 – 2.31" in ranking
    assert f'href="/sessions/{sid}/rulings/{ruling_id}"' in ranking and f"board 2: ruling {ruling_id}" in ranking
    written = client.get(f"/api/rulings/{ruling_id}/written").json()
    assert written["score_text"] == "N-S (Aces) +13 IMPs on the board; E-W (Kings) -13 IMPs on the board"
    assert written["adjusted"] == "fouled board: scored in group B; teams N-S A+, E-W A−, assigned 6♠= N +1430"


def test_86B_web_split_in_a_knockout_averaged(site: tuple[TestClient, Register, int, int]) -> None:
    """Aces (N-S) as 4S made +620, -1 IMP; Kings as 4S+1, 0: averaged -0.5 / +0.5 (Law 86C)."""
    client, _, sid, rid = site
    r = post_form(client, sid, rid, laws="16B, 12C1b", kind="split", ns_level="4", ns_strain="S", ns_declarer="N",
                  ns_tricks="10", ew_level="4", ew_strain="S", ew_declarer="N", ew_tricks="11", knockout="on")
    assert r.status_code == 303, html.unescape(r.text)
    ranking = html.unescape(client.get(f"/sessions/{sid}/ranking").text)
    assert "<td>-0.5</td>" in ranking and "(-1 - +0) / 2 = -0.5 IMPs (Law 86C)" in ranking


def test_86_web_refusal_names_the_law(site: tuple[TestClient, Register, int, int]) -> None:
    client, _, sid, rid = site
    r = post_form(client, sid, rid, laws="86", kind="none", teams_playable="on")
    assert r.status_code == 422 and "Law 86" in html.unescape(r.text)
    r = post_form(client, sid, rid, laws="86B2", kind="fouled", group="B", fouled_ns="A-", fouled_ew="A-",
                  fa_on="on", fa_level="4", fa_strain="S", fa_declarer="N", fa_tricks="11")
    assert r.status_code == 422 and "cancelled" in html.unescape(r.text)


def test_12C1c_web_api_weighted_imps_teams_answers_with_the_match(site: tuple[TestClient, Register, int, int]
                                                                  ) -> None:
    """70% of 6S made (+1430), 30% of 4S+1 (+650) against -650: 9.1, 9 IMPs; 16.00 - 4.00 VPs."""
    client, _, _, rid = site
    body = {"laws": "12C1c", "decision": {"kind": "weighted", "outcomes": [
        {"contract": "6S", "declarer": "N", "tricks": 12, "weight": 70},
        {"contract": "4S", "declarer": "N", "tricks": 11, "weight": 30}]},
        "board": {"at_fault": "one"}}
    r = client.post(f"/api/results/{rid}/ruling", json=body)
    assert r.status_code == 201, r.text
    made = r.json()
    [match] = made["matches"]
    assert (match["home"], match["away"], match["home_imps"], match["away_imps"]) == ("Aces", "Kings", 9, -9)
    assert match["victory_points"] == [16.0, 4.0]
    assert match["boards"][1] == {"board": 2, "home_imps": 9, "away_imps": -9, "rulings": [made["ruling"]]}
    assert made["board"].startswith("rule: ") and "86B1" in made["board"]


def test_12C2_web_api_artificial_knockout_flag_refused_in_pairs_shape(site: tuple[TestClient, Register, int, int]
                                                                      ) -> None:
    client, _, _, rid = site
    r = client.post(f"/api/results/{rid}/ruling", json={"laws": "86", "decision": {"kind": "assigned", "score": {
        "contract": "4S", "declarer": "N", "tricks": 10}}, "board": {"at_fault": "somebody"}})
    assert r.status_code == 422
    r = client.post(f"/api/results/{rid}/ruling", json={"laws": "86", "decision": {
        "kind": "split", "ns": {"contract": "4S", "declarer": "N", "tricks": 10},
        "ew": {"contract": "4S", "declarer": "N", "tricks": 11}, "knockout": "yes"}})
    assert r.status_code == 422 and "knockout" in r.text
