"""In a real browser: the end of a board — a revoke seen, established and its two-trick transfer shown in the
summary; a claim disputed, its evidence shown and the tricks awarded by the director."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI

from bridge_director.web.server import background
from web.board_end_support import REVOKE_TRICK, opened, play_on
from web.web_support import browser_login, make_app, shot


@pytest.fixture
def served() -> Iterator[tuple[FastAPI, str]]:
    app = make_app()
    with background(app) as url:
        yield app, url


def click(page: Any, selector: str) -> None:
    page.click(selector)
    page.wait_for_load_state("networkidle")


def test_a_revoke_established_and_the_two_trick_transfer(page: Any, served: tuple[FastAPI, str]) -> None:
    app, url = served
    table = opened(app.state.tables)
    browser_login(page, url)
    page.goto(f"{url}/tables/{table.id}")
    for _seat, card in REVOKE_TRICK:  # East ruffs the heart lead holding hearts
        click(page, f"#hand button[value='{card}']")
    assert "East did not follow hearts on trick 1" in page.inner_text("#revokes")
    assert "not yet established" in page.inner_text("#revokes")
    assert len(page.query_selector_all("#revokes .revoke-fix button")) == 4  # the hearts that may correct it
    shot(page, "board-end-revoke-noticed")
    click(page, "#hand button[value='HJ']")  # East leads to trick 2: the revoke is established (Law 63A1)
    page.wait_for_selector("#revokes b:has-text('established')")
    assert "Law 64 transfers tricks at the end of play" in page.inner_text("#revokes")
    assert not page.query_selector_all("#revokes .revoke-fix button")
    play_on(table)
    page.reload()
    page.wait_for_selector("#ruling")
    assert "Law 64" in page.inner_text("#ruling h2")
    click(page, "button[data-option='apply']")
    page.wait_for_selector("#final")
    summary = page.inner_text("#board-summary")
    assert "Law 64A1" in summary and "2 tricks transferred" in summary
    assert "tricks to declarer at the table: 6" in summary
    assert "Final: 8 tricks, 1♠ by S +1, score NS +110" in summary
    assert "Possible adjustment" in summary and "64C" in summary
    href = page.get_attribute("#open-calculator", "href")
    assert "contract=1S" in href and "declarer=S" in href and "deal=" in href
    shot(page, "board-end-revoke-summary")


def test_a_claim_disputed_and_awarded(page: Any, served: tuple[FastAPI, str]) -> None:
    app, url = served
    table = opened(app.state.tables)
    play_on(table, 8)  # two tricks played
    browser_login(page, url)
    page.goto(f"{url}/tables/{table.id}")
    page.click("#claim-box summary")
    page.select_option("#claim-form select[name=seat]", "S")
    page.fill("#claim-form input[name=tricks]", "11")
    page.fill("#claim-form input[name=statement]", "drawing trumps, the rest are good")
    click(page, "#claim-form button[type=submit]")
    page.wait_for_selector("#ruling")
    assert "Law 68" in page.inner_text("#ruling h2")
    assert "drawing trumps, the rest are good" in page.inner_text("#read-aloud")
    click(page, "button[data-option='dispute']")
    page.wait_for_selector("#claim-evidence")
    assert "Law 70" in page.inner_text("#ruling h2")
    assert len(page.query_selector_all("#remaining-hands li")) == 4
    assert "side takes" in page.inner_text("#double-dummy")
    checklist = page.inner_text("#checklist")
    assert "70C" in checklist and "70D" in checklist and "70E" in checklist
    shot(page, "board-end-claim-disputed")
    click(page, "#ruling button[name=answer][value='9']")
    page.wait_for_selector("#final")
    summary = page.inner_text("#board-summary")
    assert "Law 70" in summary and "awards 9 of the 11" in summary
    assert "Final:" in summary and "score NS" in summary
    shot(page, "board-end-claim-awarded")
