"""An evening on a 390 x 844 phone in a real browser: set-up with the entry and hand-record files, the dashboard,
a result entered with controls only, a board opened at the table with its pairs, and the published ranking."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from web.web_support import browser_login, shot

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ENTRY = ("pair,player1,member1,player2,member2\n" + "".join(f"{n},Player {n}a,{100 + n},Player {n}b,\n"
                                                               for n in range(1, 7)))


def go(page: Any, selector: str) -> None:
    page.click(selector)
    page.wait_for_load_state("networkidle")


def test_an_evening_from_set_up_to_the_ranking_on_a_phone(page: Any, live_url: str, tmp_path: Path) -> None:
    entry = tmp_path / "entry.csv"
    entry.write_text(ENTRY, encoding="utf-8")
    browser_login(page, live_url)
    page.goto(live_url + "/sessions/new")
    page.fill("input[name=event]", "Phone pairs")
    page.select_option("select[name=movement]", "mitchell")
    page.fill("input[name=tables]", "3")
    page.fill("input[name=boards_per_round]", "2")
    page.set_input_files("input[name=entry]", str(entry))
    page.set_input_files("input[name=hands]", str(EXAMPLES / "club-session.pbn"))
    go(page, "button:has-text('Set up the session')")
    assert "Player 6a" in page.inner_text("main")  # the entry is stored and shown
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    go(page, "a:has-text('Dashboard')")
    page.wait_for_selector("#grid")
    shot(page, "session-dashboard-phone")
    sid = re.search(r"/sessions/(\d+)", page.url).group(1)  # type: ignore[union-attr]

    go(page, "#cell-1-1")
    page.wait_for_selector("#result-1")
    form = "#result-1"
    page.select_option(f"{form} select[name=level]", "4")
    page.select_option(f"{form} select[name=strain]", "S")
    page.check(f"{form} input[name=declarer][value=N]")
    page.select_option(f"{form} select[name=tricks]", "10")
    go(page, f"{form} button[value=result]")
    shot(page, "session-result-phone")
    assert "+420" in page.inner_text("main")  # board 1, nobody vulnerable: 4S by North making

    page.goto(f"{live_url}/sessions/{sid}/rounds/1/tables/1")
    go(page, "form[action$='/boards/2/play'] button")
    page.wait_for_selector("#bidding-box")
    main = page.inner_text("main")
    assert "Player 1a" in main and "Player 4a" in main  # N-S pair 1 against E-W pair 4, by name
    shot(page, "session-table-phone")

    page.goto(f"{live_url}/sessions/{sid}/ranking")
    ranking = page.inner_text("main")
    assert "Player 1a" in ranking and "Player 4a" in ranking
    width: int = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the ranking is {width} px wide on a 390 px phone"
    shot(page, "session-ranking-phone")
