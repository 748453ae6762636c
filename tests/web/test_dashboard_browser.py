"""The director's dashboard and the live results in real Chromium (issue 26): at 360 and 390 px nothing breaks
inside a cell ("Round", a table's pair numbers and boards, a traveller's contract, lead and score) and the phone
checks pass; a link inside a refreshing block (the ranking's, the dashboard's) opens its page instead of a blank
one; the home page opens on tonight's session."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge_director.web.demo import Demo, build_demo
from bridge_director.web.server import background
from web.phone_survey import problems
from web.web_support import SCREENSHOTS

PHONES = {360: 740, 390: 844}
# the texts that must stay on one line: the rectangles of an element's text (its text nodes only: a link's own box
# is as tall as a finger) must all lie on one line, their tops apart by less than half the type's size
BROKEN_JS = """
(selector) => [...document.querySelectorAll(selector)].filter((e) => {
  const tops = []; const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.textContent.trim()) continue;
    const range = document.createRange(); range.selectNodeContents(t);
    for (const r of range.getClientRects()) if (r.width > 0) tops.push(r.top); }
  return tops.length > 1 && Math.max(...tops) - Math.min(...tops) > parseFloat(getComputedStyle(e).fontSize) / 2;
}).map((e) => e.textContent.trim())
"""
ONE_LINE = ("#grid thead th", "#grid tbody tr:not(.current) th", "#grid .now", "#grid .cell b",
            "#grid .cell .boards", "#grid .mark-ruling", "#traveller tr:not(.adjusted) td", "#traveller th")


@pytest.fixture(scope="module")
def demo() -> Iterator[tuple[Demo, str]]:
    """The demo evening (a 5-table Mitchell in round 5, a ruling pending at round 5 table 3) served."""
    made = build_demo(Path(tempfile.mkdtemp(prefix="dashboard-")))
    try:
        with background(made.app) as url:
            yield made, url
    finally:
        made.register.close()


def logged_in(browser: Any, demo: tuple[Demo, str], width: int) -> Any:
    made, url = demo
    context = browser.new_context(viewport={"width": width, "height": PHONES.get(width, 844)})
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(url + "/login")
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", made.passwords["director"])
    page.click("button:has-text('Log in')")
    page.wait_for_selector("header.top nav")
    return page


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("width", sorted(PHONES))
def test_nothing_breaks_inside_a_cell_at_phone_widths(browser: Any, demo: tuple[Demo, str], width: int) -> None:
    made, url = demo
    page = logged_in(browser, demo, width)
    try:
        # board 13: the demo's assigned score at round 2, table 4 (the table score struck through beside it)
        for path in (f"/sessions/{made.section_id}", f"/sessions/{made.section_id}/boards/13", "/"):
            page.goto(url + path)
            page.wait_for_load_state("networkidle")
            assert problems(page, path) == []
            for selector in ONE_LINE:
                assert page.evaluate(BROKEN_JS, selector) == [], f"{path} {selector} at {width} px"
            shot(page, f"dashboard-{width}-{path.strip('/').replace('/', '-') or 'home'}")
        page.goto(f"{url}/sessions/{made.section_id}/boards/13")
        assert page.query_selector("#traveller td.score s + b.adjusted-score") is not None
        page.goto(f"{url}/sessions/{made.section_id}")
        assert page.inner_text("#round-5 th") in ("5\nNOW", "5NOW", "5\nnow")  # the current round, marked
        assert page.eval_on_selector("#grid thead th", "e => e.getBoundingClientRect().height") < 40
        assert page.query_selector("#cell-5-3.ruling .mark-ruling") is not None  # the ruling pending there
    finally:
        page.context.close()


def test_a_ranking_link_opens_its_page_not_a_blank_one(browser: Any, demo: tuple[Demo, str]) -> None:
    made, url = demo
    page = logged_in(browser, demo, 390)
    try:
        page.goto(f"{url}/sessions/{made.section_id}/ranking")
        link = page.locator("#live table.ranking a").first
        pair = link.get_attribute("href")
        assert pair is not None and "/pairs/" in pair
        link.click()
        page.wait_for_url(url + pair)
        page.wait_for_selector("h1:has-text('Pair ')")
        assert page.query_selector("#scorecard") is not None and page.query_selector("#live") is None
        page.go_back()
        page.wait_for_selector("#live #boards a")
        page.locator("#live #boards a").first.click()
        page.wait_for_selector("#traveller")
        assert page.inner_text("h1").startswith("Board ")
        shot(page, "ranking-link-opened-its-board")
    finally:
        page.context.close()


def test_a_dashboard_cell_and_a_mark_open_their_pages(browser: Any, demo: tuple[Demo, str]) -> None:
    made, url = demo
    page = logged_in(browser, demo, 390)
    try:
        page.goto(f"{url}/sessions/{made.section_id}")
        page.click("#cell-2-1")  # a cell inside the refreshing block
        page.wait_for_url(f"{url}/sessions/{made.section_id}/rounds/2/tables/1")
        page.wait_for_selector("main h1")
        assert page.query_selector("#live") is None and "Round 2" in page.inner_text("main")
        page.goto(f"{url}/sessions/{made.section_id}")
        page.click("#pending-rulings a")  # the ruling pending: the table's page with its ruling
        page.wait_for_selector("#ruling")
        assert "Law 27" in page.inner_text("#ruling h2")
    finally:
        page.context.close()


def test_the_home_page_opens_on_tonight_s_session(browser: Any, demo: tuple[Demo, str]) -> None:
    made, url = demo
    page = logged_in(browser, demo, 390)
    try:
        assert page.inner_text("#tonight-title") == "Club night (demo) · Tuesday evening · section A"
        assert page.inner_text("#current-round") == "Round 5 now: the first round with results missing."
        assert not page.is_visible("input[name=board]")  # the single board: one tap away
        page.click("#single-board summary")
        assert page.is_visible("input[name=board]")
        page.click("#open-dashboard")
        page.wait_for_url(f"{url}/sessions/{made.section_id}")
        page.wait_for_selector("#grid")
    finally:
        page.context.close()
