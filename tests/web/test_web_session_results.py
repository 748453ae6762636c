"""The session's results pages: live ranking, traveller and frequency, score card, printable results, hand records,
guide cards and the three downloads; names escaped everywhere, unknown section, board or pair answer 404."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridge_director.club.movement_gen import mitchell
from bridge_director.club.results import ResultIn, enter_result, table_round
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session, store_hand_records
from bridge_director.model import Deal
from bridge_director.register import Register
from bridge_director.web import create_app
from bridge_director.web.accounts import MemoryAccountStore, Role
from bridge_director.web.routes import session_results
from bridge_director.web.settings import WebSettings
from web.test_web_register_pages import page_login
from web.web_support import PASSWORDS

ODD = "<b>O'Neil</b>"
ESCAPED = "&lt;b&gt;O&#39;Neil&lt;/b&gt;"
DEALS = ["N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
         "N:T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ"]


def build(register: Register) -> int:
    """A 3-table Mitchell, 2 boards a round, every result in (4S by N, 8 to 12 tricks); pair 5 is O'Neil."""
    with register.transaction() as db:
        session = create_session(db, "Club <night>", "Evening")
        section = add_section(db, session, "A", mitchell(3), 2)
        for number in range(1, 7):
            add_pair(db, section, number, PlayerIn(ODD if number == 5 else f"Player {number}a"),
                     PlayerIn(f"Player {number}b"))
        store_hand_records(db, session, {b: Deal.from_pbn(DEALS[b % 2]) for b in range(1, 7)})
        for round_no in range(1, 4):
            for table in range(1, 4):
                for board in table_round(db, section, round_no, table).boards:
                    tricks = 8 + (board + table + round_no) % 5
                    enter_result(db, section, round_no, table, board, ResultIn("4S", "N", tricks))
        return section.id


@pytest.fixture
def client(tmp_path: Path) -> Iterator[tuple[TestClient, int]]:
    register = Register(f"sqlite:///{tmp_path / 'register.sqlite3'}")
    accounts = MemoryAccountStore()
    for role in Role:
        accounts.add(role.value, PASSWORDS[role.value], role)
    app = create_app(WebSettings(secret_key="test-secret-key-0123456789"), accounts, register=register)
    if not any(getattr(r, "path", "") == "/sessions/{sid}/ranking" for r in app.routes):
        app.include_router(session_results.router)  # until app.py includes it
    sid = build(register)
    with TestClient(app, base_url="https://testserver") as c:
        yield c, sid
    register.close()


def test_pages_need_a_login(client: tuple[TestClient, int]) -> None:
    c, sid = client
    r = c.get(f"/sessions/{sid}/ranking", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/login")


def test_live_ranking_names_escaped_and_refreshing(client: tuple[TestClient, int]) -> None:
    c, sid = client
    page_login(c, "viewer")
    r = c.get(f"/sessions/{sid}/ranking")
    assert r.status_code == 200
    assert ESCAPED in r.text and ODD not in r.text
    assert "Club &lt;night&gt;" in r.text
    assert 'hx-trigger="every 15s"' in r.text and 'hx-select="#live"' in r.text
    assert 'id="ranking-NS"' in r.text and 'id="ranking-EW"' in r.text
    assert "18 results in" in r.text
    assert f'href="/sessions/{sid}/pairs/5"' in r.text and f'href="/sessions/{sid}/boards/6"' in r.text


def test_board_page_traveller_and_frequency(client: tuple[TestClient, int]) -> None:
    c, sid = client
    page_login(c, "viewer")
    r = c.get(f"/sessions/{sid}/boards/1")
    assert r.status_code == 200
    assert 'id="traveller"' in r.text and r.text.count("4♠") == 3 and "<svg" in r.text
    assert 'id="frequency"' in r.text and 'rel="next"' in r.text and 'rel="prev"' not in r.text
    assert f'title="{ESCAPED} &amp; Player 5b"' in r.text and ODD not in r.text  # pair 5 plays every board
    assert c.get(f"/sessions/{sid}/boards/7").status_code == 404


def test_score_card_page(client: tuple[TestClient, int]) -> None:
    c, sid = client
    page_login(c, "viewer")
    r = c.get(f"/sessions/{sid}/pairs/5")
    assert r.status_code == 200
    assert f"Pair 5: {ESCAPED} &amp; Player 5b" in r.text and ODD not in r.text
    assert r.text.count("E-W</span>") == 6  # six boards, all of them East-West
    other = c.get(f"/sessions/{sid}/pairs/2").text
    assert ESCAPED in other  # pair 2 met pair 5: the opponents' names, escaped
    missing = c.get(f"/sessions/{sid}/pairs/9")
    assert missing.status_code == 404 and "no pair 9" in missing.text


def test_printable_results_are_self_contained_and_escaped(client: tuple[TestClient, int]) -> None:
    c, sid = client
    page_login(c, "viewer")
    r = c.get(f"/sessions/{sid}/results")
    assert r.status_code == 200 and r.text.startswith("<!doctype html>")
    assert ESCAPED in r.text and ODD not in r.text and "<script" not in r.text
    assert "script-src" not in r.headers["content-security-policy"]
    assert "default-src 'none'" in r.headers["content-security-policy"]


@pytest.mark.parametrize(("suffix", "media", "start"), [("csv", "text/csv", "board,round,table"),
                                                       ("pbn", "application/x-pbn", "% PBN 2.1"),
                                                       ("xml", "application/xml", "<?xml")])
def test_downloads_with_filenames(client: tuple[TestClient, int], suffix: str, media: str, start: str) -> None:
    c, sid = client
    page_login(c, "viewer")
    r = c.get(f"/sessions/{sid}/export.{suffix}")
    assert r.status_code == 200 and r.headers["content-type"].startswith(media)
    assert r.headers["content-disposition"] == f'attachment; filename="Club _night_, Evening, section A.{suffix}"'
    assert r.text.startswith(start) or r.text.lstrip().startswith(start.lstrip("<?"))


def test_hand_records_with_double_dummy_solved_once(client: tuple[TestClient, int],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    c, sid = client
    page_login(c, "viewer")
    r = c.get(f"/sessions/{sid}/hand-records")
    assert r.status_code == 200 and "Board 6" in r.text and "Club &lt;night&gt;" in r.text
    pytest.importorskip("endplay")
    assert "Par" in r.text

    def no_solver(records: object) -> object:
        raise AssertionError("every deal was solved already")

    monkeypatch.setattr(session_results, "with_double_dummy", no_solver)
    again = c.get(f"/sessions/{sid}/hand-records")
    assert again.status_code == 200 and again.text == r.text


def test_guide_cards(client: tuple[TestClient, int]) -> None:
    c, sid = client
    page_login(c, "viewer")
    r = c.get(f"/sessions/{sid}/cards")
    assert r.status_code == 200 and "table 3" in r.text.lower()
    assert ESCAPED in r.text and ODD not in r.text


@pytest.mark.parametrize("path", ["ranking", "boards/1", "pairs/1", "results", "export.csv", "export.pbn",
                                  "export.xml", "hand-records", "cards"])
def test_unknown_section_is_404(client: tuple[TestClient, int], path: str) -> None:
    c, _ = client
    page_login(c, "viewer")
    r = c.get(f"/sessions/999/{path}")
    assert r.status_code == 404 and "no section number 999" in r.text
