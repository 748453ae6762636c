"""In a real browser: the register — a ruling recorded with an adjusted score and then found by search; a
psyche recorded and the partnership's history shown across boards."""

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


def test_a_ruling_with_an_adjusted_score_found_by_search(page: Any, register_url: str) -> None:
    browser_login(page, register_url)
    page.goto(f"{register_url}/register/rulings/new")
    form = "#ruling-form"
    page.fill(f"{form} input[name=event]", "Club night (demo)")
    page.fill(f"{form} input[name=board]", "6")
    page.select_option(f"{form} select[name=kind]", "misinformation")
    page.fill(f"{form} input[name=laws]", "21B1, 12C1")
    page.fill(f"{form} textarea[name=facts]", "West 8 explained 2C as natural; the agreement is Stayman.")
    page.fill(f"{form} textarea[name=decision]", "misinformation: weighted score")
    page.select_option(f"{form} select[name=adj_side]", "EW")
    page.fill(f"{form} input[name=adj_score]", "70% of 4H-1, 30% of 4H=")
    shot(page, "register-ruling-form")
    submit(page, f"{form} button[type=submit]")
    page.wait_for_selector("#ruling-record")
    record = page.inner_text("#ruling-record")
    assert "Club night (demo), board 6" in record and "EW: 70% of 4H-1, 30% of 4H= (Law 12C1)" in record
    page.goto(f"{register_url}/register")
    page.fill("#ruling-search input[name=q]", "stayman")
    submit(page, "#ruling-search button[type=submit]")
    page.wait_for_selector("#count:has-text('1 ruling')")
    assert "Law 21B1, 12C1 — Club night (demo), board 6" in page.inner_text("#rulings")
    page.fill("#ruling-search input[name=q]", "")
    page.fill("#ruling-search input[name=law]", "21")
    submit(page, "#ruling-search button[type=submit]")
    page.wait_for_selector("#count:has-text('1 ruling')")
    shot(page, "register-ruling-found")
    submit(page, "#rulings a")
    assert "70% of 4H-1" in page.inner_text("#ruling-record")


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
