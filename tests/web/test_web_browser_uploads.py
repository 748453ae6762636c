"""In a real browser: travellers uploaded from the sessions page land on their section's page of results, with the
ranking, a chart a board, and the scoring method chosen there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge_director.web.server import background
from web.test_web_uploaded_results import CSV
from web.web_support import browser_login, make_register_app, shot


@pytest.fixture
def register_url(tmp_path: Path) -> Iterator[str]:
    app = make_register_app(tmp_path)
    with background(app) as url:
        yield url
    app.state.register.close()


def test_travellers_uploaded_from_the_sessions_page_are_ranked_and_rescored(page: Any, register_url: str,
                                                                            tmp_path: Path) -> None:
    travellers = tmp_path / "tuesday.csv"
    travellers.write_text(CSV, encoding="utf-8")
    browser_login(page, register_url)
    page.goto(f"{register_url}/sessions")
    form = "#upload-form"
    page.fill(f"{form} input[name=event]", "Tuesday pairs")
    page.set_input_files(f"{form} input[name=file]", str(travellers))
    page.click(f"{form} button[type=submit]")
    page.wait_for_selector("#stored")
    assert "6 results stored" in page.inner_text("#stored")
    assert page.locator(".board-score svg").count() == 2
    assert page.inner_text("#ranking-NS tr:nth-child(2) td:nth-child(1)") == "1"
    page.select_option("#method-form select[name=method]", "cross-imps")
    page.click("#method-form button[type=submit]")
    page.wait_for_selector("#steps:has-text('cross-imps')")
    assert "IMP" in page.inner_text("#ranking-NS")
    shot(page, "uploaded-section-cross-imps")
    page.click("#session-nav a:has-text('Ranking')")
    page.wait_for_selector("#ranking-NS")
    assert "?method=cross-imps" in page.url
