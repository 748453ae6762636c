"""The table device through its pages and its JSON API, no account: the link opens its table (and a forged,
revoked or other table's link is refused with 403 naming the token), the keypad's taps are confirmed by the other
side and stored once through the scorer's path, a repeated key never doubles a result, a refused result keeps its
taps and says why in one line, the round's end says where everyone goes, the traveller follows the section's
setting, and the table cards carry each table's code."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from bridge_director.register.audit import AuditEntry
from bridge_director.register.models import DeviceResult
from web.device_support import device_paths, register_of, results_of, text_of, three_tables
from web.test_web_session_api import club_app
from web.web_support import form_token, login

#: the taps of 4♠ by North, lead ♥J, made exactly (boards 1 and 2 are played at table 1 in round 1)
TAPS = {"table": "1", "round": "1", "board": "1", "level": "4", "strain": "S", "declarer": "N", "lead_suit": "H",
        "lead_rank": "J", "made": "="}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    made = club_app(tmp_path)
    yield made
    made.state.register.close()


@pytest.fixture
def phone(app: FastAPI) -> Iterator[TestClient]:
    """The players' phone: no login, no cookie."""
    with TestClient(app, base_url="https://testserver") as c:
        yield c


def confirm(phone: TestClient, path: str, taps: dict[str, str], status: int = 200) -> tuple[str, str]:
    """Send the keypad's taps: the confirmation page's text and the key it carries."""
    r = phone.post(f"{path}/result", data=taps)
    assert r.status_code == status, r.text
    found = re.search(r'name="key" value="([^"]+)"', r.text)
    return html.unescape(r.text), found.group(1) if found else ""


def test_a_table_link_opens_its_table_with_no_account(app: FastAPI, phone: TestClient) -> None:
    sid = three_tables(app)
    path = device_paths(app, sid)[1]
    r = phone.get(path)
    assert r.status_code == 200 and "set-cookie" not in r.headers  # no session made for the players
    page = html.unescape(r.text)
    assert 'id="device-page"' in page and "Table 1" in page and "Round 1 · Board 1" in page
    assert "Dealer North · Nobody vulnerable" in page  # board 1 (Law 2)
    assert "N-S 1: Player 1a & Player 1b" in page and "E-W 4: Player 4a & Player 4b" in page
    plan = phone.get(f"/api{path.replace('/device/', '/devices/')}").json()
    assert (plan["table"], plan["step"], plan["step_round"], plan["step_board"]) == (1, "board", 1, 1)
    assert [(r["round"], r["ns"], r["ew"], [b["board"] for b in r["boards"]]) for r in plan["rounds"]] == [
        (1, 1, 4, [1, 2]), (2, 1, 6, [3, 4]), (3, 1, 5, [5, 6])]
    assert plan["rounds"][0]["moves"] == {"ns": 1, "ew": 4, "boards": "1-2", "ns_next": "stays",
                                          "ew_next": "table 2 E-W", "boards_next": "table 3"}


def test_a_forged_revoked_or_other_tables_link_is_refused_naming_the_token(app: FastAPI, phone: TestClient,
                                                                           client: TestClient) -> None:
    sid = three_tables(app)
    paths = device_paths(app, sid)
    token = paths[1].removeprefix("/device/")
    api = f"/api/devices/{token}/results"
    body: dict[str, Any] = {"key": "refused-key-0001", "round": 1, "board": 1, "contract": "4S", "declarer": "N",
                            "tricks": 10, "lead": "HJ", "confirmed_by": "EW"}
    forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
    r = phone.post(f"/api/devices/{forged}/results", json=body)
    assert r.status_code == 403 and r.json()["field"] == "token" and forged[-6:] in r.json()["detail"]
    r = phone.get(f"/device/{forged}")
    assert r.status_code == 403 and "not issued by this club" in html.unescape(r.text)
    assert phone.get("/device/not-a-link").status_code == 404
    r = phone.post(api, json={**body, "table": 2})  # table 1's link used for table 2
    assert r.status_code == 403 and "table 1's, not table 2's" in r.json()["detail"]
    r = phone.post(f"{paths[1]}/result", data={**TAPS, "table": "2", "confirmed_by": "EW", "key": "refused-key-2"})
    assert r.status_code == 403 and "table 1's, not table 2's" in html.unescape(r.text)

    login(client)
    page = client.get(f"/sessions/{sid}/devices").text
    r = client.post(f"/sessions/{sid}/devices/1/revoke", data={"csrf_token": form_token(page)},
                    follow_redirects=False)
    assert r.status_code == 303
    r = phone.post(api, json=body)
    assert r.status_code == 403 and r.json()["field"] == "token" and "revoked by the director" in r.json()["detail"]
    assert phone.get(paths[1]).status_code == 403
    assert results_of(app, sid) == []  # nothing refused was stored
    fresh = device_paths(app, sid)[1]  # the director's page issues the table a new link
    assert fresh != paths[1] and phone.get(fresh).status_code == 200


def test_the_keypad_entry_is_confirmed_by_the_other_side_and_stored_once(app: FastAPI, phone: TestClient) -> None:
    sid = three_tables(app)
    path = device_paths(app, sid)[1]
    page, key = confirm(phone, path, TAPS)
    assert "Board 1: E-W, is this right?" in page and "4♠ by North, lead ♥J, 10 tricks" in page
    assert 'value="EW" id="confirm-yes">E-W: confirm' in page and key
    assert results_of(app, sid) == []  # not stored before the other side confirms
    r = phone.post(f"{path}/result", data={**TAPS, "key": key, "confirmed_by": "EW"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].endswith("/boards/1?round=1")
    done = text_of(html.unescape(phone.get(r.headers["location"]).text))
    assert "Board 1 is entered 4S by N, 10 tricks, +420" in done and "The traveller" in done
    assert "1 4 4♠ N 10 +420" in done  # this table's line of the traveller
    assert results_of(app, sid) == [(1, 1, 1, "4S", "N", 10, "HJ", "table 1 device")]
    with register_of(app).transaction() as db:
        [stored] = db.scalars(select(DeviceResult)).all()
        assert (stored.key, stored.confirmed_by) == (key, "EW")
        [audit] = db.scalars(select(AuditEntry).where(AuditEntry.kind == "result")).all()
        assert audit.actor == "table 1 device" and "confirmed by E-W" in audit.detail
    after = html.unescape(phone.get(path).text)
    assert "Round 1 · Board 2" in after  # the next board


def test_a_repeated_key_does_not_double_a_result(app: FastAPI, phone: TestClient) -> None:
    sid = three_tables(app)
    path = device_paths(app, sid)[1]
    api = f"/api{path.replace('/device/', '/devices/')}/results"
    body = {"key": "board-2-key-0001", "table": 1, "round": 1, "board": 2, "contract": "3NT", "declarer": "N",
            "tricks": 11, "lead": "DT", "confirmed_by": "EW"}
    first = phone.post(api, json=body)
    assert first.status_code == 201 and first.json()["result"] == "3NT by N, 11 tricks, +660"
    again = phone.post(api, json=body)  # the answer was lost: the queue sends it again
    assert again.status_code == 200 and again.json()["repeated"] is True
    assert again.headers["Idempotent-Replayed"] == str(first.json()["id"])
    other = phone.post(api, json={**body, "tricks": 10})
    assert other.status_code == 409 and other.json()["field"] == "key"
    _, key = confirm(phone, path, TAPS)  # the form's confirmation tapped twice
    for _ in range(2):
        r = phone.post(f"{path}/result", data={**TAPS, "key": key, "confirmed_by": "EW"}, follow_redirects=False)
        assert r.status_code == 303
    assert results_of(app, sid) == [(1, 1, 2, "3NT", "N", 11, "DT", "table 1 device"),
                                    (1, 1, 1, "4S", "N", 10, "HJ", "table 1 device")]
    with register_of(app).transaction() as db:
        assert len(db.scalars(select(DeviceResult)).all()) == 2


def test_a_refused_result_keeps_what_was_entered_and_says_why(app: FastAPI, phone: TestClient,
                                                              client: TestClient) -> None:
    sid = three_tables(app)
    path = device_paths(app, sid)[1]
    taps = {**TAPS, "lead_suit": "S", "lead_rank": "A"}  # ♠A is North's: East cannot lead it (Law 41)
    _, key = confirm(phone, path, taps)
    r = phone.post(f"{path}/result", data={**taps, "key": key, "confirmed_by": "EW"})
    assert r.status_code == 422
    page = html.unescape(r.text)
    [line] = re.findall(r'<p class="error" role="alert" id="error">([^<]*)</p>', page)
    assert line == ("lead, Law 41: the lead SA is not in the hand of East, who leads (it is North's in the hand "
                    "record)")
    for name, value in (("level", "4"), ("strain", "S"), ("declarer", "N"), ("lead_suit", "S"), ("lead_rank", "A")):
        assert f'name="{name}" value="{value}" checked' in page, name  # the taps kept on the keypad
    assert "Round 1 · Board 1" in page and results_of(app, sid) == []
    r = phone.post(f"{path}/result", data={**TAPS, "made": "+4", "confirmed_by": "EW", "key": "made-key-0001"})
    assert r.status_code == 422 and "made: 4S takes 10 tricks to make: +4 would be 14" in html.unescape(r.text)

    login(client)
    client.post(f"/api/sections/{sid}/results", json={"round": 1, "table": 1, "board": 1, "contract": "3S",
                                                      "declarer": "N", "tricks": 9})
    api = f"/api{path.replace('/device/', '/devices/')}/results"
    r = phone.post(api, json={"key": "late-key-00001", "round": 1, "board": 1, "contract": "4S", "declarer": "N",
                              "tricks": 10, "confirmed_by": "EW"})
    assert r.status_code == 409 and "already has a result (3S by N, 9 tricks, +140, entered by director)" in \
        r.json()["detail"] and "call the director" in r.json()["detail"]
    r = phone.post(api, json={"key": "short-key", "round": 1, "board": 2, "contract": "4S", "declarer": "N",
                              "tricks": 14, "confirmed_by": "EW"})
    assert r.status_code == 422 and r.json()["field"] == "tricks"


def test_the_round_end_says_where_each_pair_and_the_boards_go(app: FastAPI, phone: TestClient) -> None:
    sid = three_tables(app)
    path = device_paths(app, sid)[1]
    for board in ("1", "2"):
        _, key = confirm(phone, path, {**TAPS, "board": board})
        phone.post(f"{path}/result", data={**TAPS, "board": board, "key": key, "confirmed_by": "EW"})
    end = text_of(html.unescape(phone.get(path).text))
    assert "Round 1 is over: move N-S pair 1: stays E-W pair 4: table 2 E-W Boards 1-2: table 3" in end
    assert "Round 2: start" in end
    started = html.unescape(phone.get(f"{path}?round=2").text)
    assert "Round 2 · Board 3" in started and "E-W 6: Player 6a & Player 6b" in started


def test_travellers_follow_the_sections_setting(app: FastAPI, phone: TestClient, client: TestClient) -> None:
    sid = three_tables(app)
    path = device_paths(app, sid)[1]
    assert phone.get(f"{path}/boards/2?round=1").status_code == 404  # not played here yet: no traveller
    login(client)
    page = client.get(f"/sessions/{sid}/devices").text
    r = client.post(f"/sessions/{sid}/devices/travellers", data={"csrf_token": form_token(page), "show": "no"})
    assert r.status_code == 200 and "do not show" in r.text
    _, key = confirm(phone, path, TAPS)
    r = phone.post(f"{path}/result", data={**TAPS, "key": key, "confirmed_by": "EW"}, follow_redirects=False)
    assert r.headers["location"].endswith("?stored=1")  # straight to the next board
    page = html.unescape(phone.get(r.headers["location"]).text)
    assert "Board 1 is entered: 4S by N, 10 tricks, +420" in page and "Round 1 · Board 2" in page
    assert phone.get(f"/api{path.replace('/device/', '/devices/')}").json()["traveller"] is False


def test_the_table_cards_carry_each_tables_code(app: FastAPI, client: TestClient) -> None:
    sid = three_tables(app)
    login(client)
    r = client.get(f"/sessions/{sid}/devices/cards")
    assert r.status_code == 200 and "img-src data:" in r.headers["content-security-policy"]
    cards = r.text.split('<section class="card">')[1:]
    assert len(cards) == 3
    for table, card in enumerate(cards, 1):
        assert f"Table {table} ·" in card and 'src="data:image/svg+xml;base64,' in card
        assert re.search(r"https://testserver/device/[\w-]+\.[\w-]+", card)
    links = {int(t): u for t, u in re.findall(r'id="device-link-(\d+)">([^<]+)<', client.get(
        f"/sessions/{sid}/devices").text)}
    assert all(links[t] in cards[t - 1] for t in (1, 2, 3))  # the page and the cards give the same links
    for role in ("viewer", "scorer"):
        with TestClient(app, base_url="https://testserver") as other:
            login(other, role)
            assert other.get(f"/sessions/{sid}/devices").status_code == 403
            assert other.get(f"/sessions/{sid}/devices/cards").status_code == 403
