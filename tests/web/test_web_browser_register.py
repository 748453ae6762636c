"""In a real browser: the register — a ruling on a board (changing no score) recorded and then found by search;
a penalty made on the penalties page marked on the section's ranking; a psyche recorded and the partnership's
history shown across boards."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge_director.web.server import background
from web.web_support import browser_login, make_register_app, shot


@pytest.fixture
def register_url(tmp_path: Path) -> Iterator[str]:
    app = make_register_app(tmp_path)
    with background(app) as url:
        yield url
    app.state.register.close()


def submit(page: Any, selector: str) -> None:
    page.click(selector)
    page.wait_for_load_state("networkidle")


def test_a_ruling_on_a_board_found_by_search(page: Any, register_url: str) -> None:
    browser_login(page, register_url)
    page.goto(f"{register_url}/register/rulings/new")
    assert "A ruling that changes a score is made on the result" in page.inner_text("#on-result")
    form = "#ruling-form"
    page.fill(f"{form} input[name=event]", "Club night (demo)")
    page.fill(f"{form} input[name=session]", "Last week")
    page.fill(f"{form} input[name=board]", "6")
    page.select_option(f"{form} select[name=kind]", "misinformation")
    page.fill(f"{form} input[name=laws]", "21B1, 20F1")
    page.fill(f"{form} textarea[name=facts]", "West 8 explained 2C as natural; the agreement is Stayman.")
    page.fill(f"{form} textarea[name=decision]", "misinformation, but no damage: the table result stands")
    shot(page, "register-ruling-form")
    submit(page, f"{form} button[type=submit]")
    page.wait_for_selector("#ruling-record")
    record = page.inner_text("#ruling-record")
    assert "Club night (demo), board 6" in record and "no damage" in record
    page.goto(f"{register_url}/register")
    page.fill("#ruling-search input[name=q]", "stayman")
    submit(page, "#ruling-search button[type=submit]")
    page.wait_for_selector("#count:has-text('1 ruling')")
    assert "Law 21B1, 20F1 — Club night (demo), board 6" in page.inner_text("#rulings")
    page.fill("#ruling-search input[name=q]", "")
    page.fill("#ruling-search input[name=law]", "21")
    submit(page, "#ruling-search button[type=submit]")
    page.wait_for_selector("#count:has-text('1 ruling')")
    shot(page, "register-ruling-found")
    submit(page, "#rulings a")
    assert "Stayman" in page.inner_text("#ruling-record")


def test_a_penalty_from_the_penalties_page_reaches_the_ranking(page: Any, register_url: str) -> None:
    browser_login(page, register_url)
    page.goto(f"{register_url}/register/penalties")
    form = "#penalty-form"
    page.select_option(f"{form} select[name=section]", label="Club night (demo) · Last week · section A")
    page.fill(f"{form} input[name=pair]", "3")
    page.fill(f"{form} input[name=amount]", "0.5")
    page.select_option(f"{form} select[name=unit]", "top")
    page.fill(f"{form} input[name=reason]", "slow play, warned twice")
    submit(page, f"{form} button[type=submit]")
    page.wait_for_selector("#penalties:has-text('slow play, warned twice')")
    assert "0.5 of a top" in page.inner_text("#penalties")
    shot(page, "register-penalty")
    page.click("#penalties a:has-text('section A')")
    page.wait_for_selector("#ranking-NS")
    assert "pen." in page.inner_text("#ranking-NS tr:has-text('North 3')")


def test_a_psyche_added_and_the_partnerships_history(page: Any, register_url: str) -> None:
    browser_login(page, register_url)
    page.goto(f"{register_url}/register/psyches")
    form = "#psyche-form"
    page.fill(f"{form} input[name=event]", "Club night (demo)")
    page.fill(f"{form} input[name=board]", "8")
    page.fill(f"{form} input[name=call]", "1S")
    page.fill(f"{form} input[name=player]", "North 3")
    page.fill(f"{form} input[name=partner]", "South 3")
    page.select_option(f"{form} select[name=colour]", "AMBER")
    submit(page, f"{form} button[type=submit]")
    page.wait_for_selector("text=recorded")
    page.fill("#history-form input[name=partnership]", "South 3 & North 3")
    submit(page, "#history-form button[type=submit]")
    page.wait_for_selector("#history")
    rows = page.query_selector_all("#history tr")[1:]
    boards = [r.query_selector_all("td")[2].inner_text() for r in rows]
    assert boards == ["3", "8"]  # the demo's board 3 and the new board 8
    assert "AMBER" in page.inner_text("#history")
    shot(page, "register-psyche-history")
