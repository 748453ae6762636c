"""Fixtures for the web app: an app, a TestClient, a live server and a Debian-chromium page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridge_director.web.server import background
from web.twins import twins, two_urls  # noqa: F401 - the fixtures of the short ways' tests
from web.web_support import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS, make_app, make_register_app


@pytest.fixture
def app() -> FastAPI:
    return make_app()


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, base_url="https://testserver") as c:
        yield c


@pytest.fixture
def register_app(tmp_path: Path) -> Iterator[FastAPI]:
    """An app with a SQLite register holding the demo event (rulings, psyche, travellers)."""
    app = make_register_app(tmp_path)
    yield app
    app.state.register.close()


@pytest.fixture
def reg_client(register_app: FastAPI) -> Iterator[TestClient]:
    with TestClient(register_app, base_url="https://testserver") as c:
        yield c


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    """The one Playwright driver of the run (a second sync driver cannot start while one runs)."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (python3 dev.py test installs it)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def live_url() -> Iterator[str]:
    with background(make_app()) as url:
        yield url


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A phone-sized page; a screenshot of its last state is saved under artifacts/screenshots/."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(30_000)  # generous: CI machines share two cores
    yield page
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{request.node.name}-end.png"), full_page=True)
    context.close()
