"""The players' view in the web app (routes/players.py): a pair's card by its signed link and no account, its points
once a board is complete and its refresh while results come in; the pairs' QR codes; the published results as a
zip and a PDF for the director and the scorer.

The evening and its worked-out matchpoints are described in tests/cardkit.py.
"""

from __future__ import annotations

import base64
import re
import zipfile
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridge_director.club.adjustments import rule_on_result
from bridge_director.club.decisions import Assigned, Score
from bridge_director.club.results import find_result
from bridge_director.club.score_card import card_key, card_token
from bridge_director.register import Register
from bridge_director.register.models import Section
from bridge_director.web import create_app
from bridge_director.web.accounts import MemoryAccountStore, Role
from bridge_director.web.lan import qr_svg
from bridge_director.web.settings import WebSettings
from cardkit import build, enter_last
from web.test_web_register_pages import page_login
from web.web_support import PASSWORDS

ODD = "<b>O'Neil</b>"
ESCAPED = "&lt;b&gt;O&#39;Neil&lt;/b&gt;"


class Club:
    """An app on a SQLite register holding the evening (board 1 still waiting for its last result)."""

    def __init__(self, folder: Path) -> None:
        self.register = Register(f"sqlite:///{folder / 'register.sqlite3'}")
        accounts = MemoryAccountStore()
        for role in Role:
            accounts.add(role.value, PASSWORDS[role.value], role)
        self.app = create_app(WebSettings(secret_key="test-secret-key-0123456789"), accounts,
                              register=self.register)
        self.sid = build(self.register, complete=False)

    def card(self, pair: int) -> str:
        return f"/card/{card_token(card_key(self.register), self.sid, pair)}"


@pytest.fixture
def club(tmp_path: Path) -> Iterator[tuple[Club, TestClient]]:
    found = Club(tmp_path)
    with TestClient(found.app, base_url="https://testserver") as client:
        yield found, client
    found.register.close()


def rows(page: str) -> dict[str, list[str]]:
    """Each board of the card: its cells' text (tags dropped), by board number."""
    found = {}
    for body in re.findall(r'<tbody class="pc-board[^"]*" id="board-(\d+)">(.*?)</tbody>', page, re.S):
        found[body[0]] = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", c)).strip()
                          for c in re.findall(r"<td[^>]*>(.*?)</td>", body[1], re.S)]
    return found


def test_a_pairs_link_opens_its_card_without_an_account(club: tuple[Club, TestClient]) -> None:
    found, client = club
    r = client.get(found.card(1))
    assert r.status_code == 200
    assert r.headers["cache-control"] == "no-store" and r.headers["referrer-policy"] == "no-referrer"
    page = r.text
    assert "Pair 1<span class=\"pc-names\">Ann North &amp; Bob South</span>" in page
    cards = rows(page)
    # board, contract and declarer, lead, tricks, score, points, total; then round, direction and opponents
    assert cards["1"] == ["1", "2♥ S", "♠2", "8", "+110", "waiting", "", "Round 1, N-S v 4 Gus &amp; Hal"]
    assert cards["2"] == ["2", "4♠ N", "", "11", "+650", "4 100%", "4", "Round 2, N-S v 6 Jo &amp; Kim"]
    assert cards["3"][:7] == ["3", "3NT S", "", "8", "−50", "0 0%", "4"]
    assert cards["3"][7] == f"Round 3, N-S v 5 {ESCAPED} &amp; Ivy" and ODD not in page
    assert "So far 4 MP</b>, 50.00% on 2 boards · 1 waiting for results" in page
    assert "Log out" not in page  # nobody is logged in


def test_a_made_up_or_altered_link_answers_404_in_one_line(club: tuple[Club, TestClient]) -> None:
    found, client = club
    good = found.card(1)
    for bad in (good[:-1] + ("B" if good[-1] == "A" else "A"), good.replace(f"/{found.sid}-1-", f"/{found.sid}-2-"),
                "/card/1-1-" + "A" * 22, "/card/nothing", "/card/" + "9" * 300):
        r = client.get(bad)
        assert r.status_code == 404, bad
        assert "this score card link is not valid: ask the director for your pair&#39;s card" in r.text
        assert 'id="scorecard"' not in r.text
    other = card_token(card_key(found.register), found.sid, 9)  # signed, but no pair 9 in the entry
    r = client.get(f"/card/{other}")
    assert r.status_code == 404 and "there is no pair 9 in this section" in r.text


def test_the_card_refreshes_while_results_come_and_shows_the_place_once_all_are_in(
        club: tuple[Club, TestClient]) -> None:
    found, client = club
    url = found.card(1)
    before = client.get(url).text
    assert f'hx-get="{url}" hx-trigger="every 30s" hx-select="#card"' in before and 'hx-disinherit="*"' in before
    enter_last(found.register, found.sid)
    after = client.get(url).text
    assert rows(after)["1"][5:7] == ["2 50%", "2"]
    assert [cells[6] for cells in rows(after).values()] == ["2", "6", "6"]  # the running total
    assert "<b>Place 2 N-S</b>: 6 MP, 50.00%" in after
    assert "hx-trigger" not in after and "Every result is in." in after


def test_an_adjusted_board_shows_the_table_score_struck_through(club: tuple[Club, TestClient]) -> None:
    found, client = club
    with found.register.transaction() as db:
        section = db.get(Section, found.sid)
        assert section is not None
        row = find_result(db, section, 3, 1, 3)
        assert row is not None
        ruling = rule_on_result(db, row.id, director="TD", laws="12C1b", decision=Assigned(Score("3NT", "S", 9)))
        ruling_id = ruling.id
    page = client.get(found.card(1)).text
    assert '<s title="the table result">−50</s> <b>+400</b>' in page
    assert rows(page)["3"][4:7] == ["−50 +400", "2 50%", "6"]
    assert f"Adjusted by ruling {ruling_id}: assigned: 3NT= S +400" in page


def test_the_pairs_qr_codes_print_one_code_a_pair_for_the_director_and_the_scorer(
        club: tuple[Club, TestClient]) -> None:
    found, client = club
    path = f"/sessions/{found.sid}/player-codes"
    assert client.get(path, follow_redirects=False).status_code == 303  # to the login page
    page_login(client, "viewer")
    assert client.get(path).status_code == 403
    page_login(client, "scorer")
    r = client.get(path)
    assert r.status_code == 200 and "script-src" not in r.headers["content-security-policy"]
    codes = re.findall(r'<article class="code" id="pair-(\d+)">.*?<img src="data:image/svg\+xml;base64,([^"]+)".*?'
                       r'<p class="url">([^<]+)</p>', r.text, re.S)
    assert [pair for pair, _, _ in codes] == ["1", "2", "3", "4", "5", "6"]
    for pair, image, url in codes:
        assert url == "https://testserver" + found.card(int(pair))
        assert base64.b64decode(image) == qr_svg(url)
    assert ESCAPED in r.text and ODD not in r.text


def test_the_links_carry_the_address_the_director_came_by(club: tuple[Club, TestClient]) -> None:
    """Issue 26: never the server's own address when the director came by another; the club's network address
    (``web --lan``) only for a director on the server itself (``localhost`` would name each phone)."""
    found, client = club
    found.app.state.lan_url = "https://192.168.1.20:8443"
    page_login(client, "director")
    page = client.get(f"/sessions/{found.sid}/publish").text
    assert f'href="https://testserver{found.card(4)}"' in page and "192.168.1.20" not in page
    for base, shown in (("https://club.bridge.test", "https://club.bridge.test"),
                        ("https://localhost:8443", "https://192.168.1.20:8443"),
                        ("https://127.0.0.1:8443", "https://192.168.1.20:8443")):
        with TestClient(found.app, base_url=base) as other:
            page_login(other, "director")
            assert f'href="{shown}{found.card(4)}"' in other.get(f"/sessions/{found.sid}/publish").text, base
    del found.app.state.lan_url
    with TestClient(found.app, base_url="https://localhost:8443") as own:
        page_login(own, "director")
        assert f'href="https://localhost:8443{found.card(4)}"' in own.get(f"/sessions/{found.sid}/publish").text


def test_the_results_download_as_a_zip_and_a_pdf(club: tuple[Club, TestClient]) -> None:
    found, client = club
    enter_last(found.register, found.sid)
    page_login(client, "viewer")
    for path in ("publish", "publish.zip", "results.pdf"):
        assert client.get(f"/sessions/{found.sid}/{path}").status_code == 403
    page_login(client, "scorer")
    page = client.get(f"/sessions/{found.sid}/publish").text
    assert f'href="/sessions/{found.sid}/publish.zip"' in page and f'href="/sessions/{found.sid}/results.pdf"' in page
    r = client.get(f"/sessions/{found.sid}/publish.zip")
    assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
    assert r.headers["content-disposition"] == 'attachment; filename="club-night-tuesday-section-a.zip"'
    with zipfile.ZipFile(BytesIO(r.content)) as archive:
        names = set(archive.namelist())
        index = archive.read("club-night-tuesday-section-a/index.html").decode()
    assert "club-night-tuesday-section-a.pdf" in names and "club-night-tuesday-section-a/pair-6.html" in names
    assert len(names) == 12 and "Provisional" not in index
    pdf = client.get(f"/sessions/{found.sid}/results.pdf")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
    assert client.get("/sessions/999/publish.zip").status_code == 404
    assert client.get("/sessions/999/publish").status_code == 404


def test_the_results_pages_link_to_publish_for_the_director_and_the_scorer_only(
        club: tuple[Club, TestClient]) -> None:
    found, client = club
    link = f'href="/sessions/{found.sid}/publish"'
    page_login(client, "viewer")
    assert link not in client.get(f"/sessions/{found.sid}/ranking").text
    page_login(client, "scorer")
    assert link in client.get(f"/sessions/{found.sid}/ranking").text
