"""Every page a phone uses, at 360 x 740 and 390 x 844 in a real browser: nothing wider than the screen, every
tap target at least 44 px, and every text at WCAG AA contrast over its background (read in sunlight).

The pages: login, the tables, the session dashboard and a round's table, the table page with a ruling pending
(Law 27) and with a disputed claim (Law 70), the ruling texts (the written rulings and the register's), the
result-ruling form, the ranking, a board's traveller, a pair's score card, the adjusted-score calculator, the page
of a section of uploaded results and the register's penalties."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from bridge_director.model import Call, Deal, Seat
from bridge_director.register.models import Section, SessionResult, TableBoard
from bridge_director.table.events import CallMade, Choice
from bridge_director.table.play import ClaimMade
from bridge_director.web.demo import build_demo
from bridge_director.web.server import background
from web.phone_survey import TARGET, Survey, contrast, low_contrast, survey
from web.web_support import SCREENSHOTS

# N: ♠432 ♥AKQ2 ♦5432 ♣32   E: ♠5 ♥JT98 ♦AKQ ♣AKQJT   S: ♠AKQJT9 ♥3 ♦JT9 ♣987   W: ♠876 ♥7654 ♦876 ♣654
DEAL = "N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654"
PHONES = {360: 740, 390: 844}


def disputed_claim(demo: Any) -> str:
    """Board 1 with the deal, 1♠ by South, and South's claim at the lead disputed: Law 70 pending."""
    table = demo.app.state.tables.open(1, Deal.from_pbn(DEAL))
    for call in ("Pass", "Pass", "1S", "Pass", "Pass", "Pass"):
        table.enter(CallMade(table.state.next_seat, Call.parse(call), table.state.laws))
    table.enter(ClaimMade(Seat.SOUTH, 11, "drawing trumps, the rest are good", table.state.laws))
    table.enter(Choice("dispute"))
    assert table.state.pending is not None
    token: str = table.id
    return token


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str], list[str]]]:
    """The demo evening served: its address, the logins, and the paths of the pages a phone uses."""
    demo = build_demo(Path(tmp_path_factory.mktemp("phone-demo")))
    sid = demo.section_id
    with demo.register.transaction() as db:
        pending = db.scalars(select(TableBoard.token).where(TableBoard.section_id == sid, TableBoard.round_no == 5,
                                                            TableBoard.table_no == 3)).one()
        result = db.scalars(select(SessionResult.id).where(SessionResult.section_id == sid)
                            .order_by(SessionResult.id)).first()
        uploaded = db.scalars(select(Section.id).where(Section.id != sid)).first()  # the older results
    paths = ["/", f"/sessions/{sid}", f"/sessions/{sid}/rounds/5/tables/3", f"/tables/{pending}",
             f"/tables/{disputed_claim(demo)}", "/register", "/register/rulings/1", f"/sessions/{sid}/ranking",
             f"/sessions/{sid}/boards/1", f"/sessions/{sid}/pairs/1", f"/sessions/{sid}/results/{result}/ruling",
             "/adjusted", f"/sessions/{uploaded}", "/register/penalties"]
    try:
        with background(demo.app) as url:
            yield url, demo.passwords, paths
    finally:
        demo.register.close()


@pytest.fixture(scope="module")
def surveys(browser: Any, demo_site: tuple[str, dict[str, str], list[str]]) -> dict[int, list[Survey]]:
    """Each page measured at each phone width (once for the module's tests)."""
    url, passwords, paths = demo_site
    found: dict[int, list[Survey]] = {}
    for width, height in PHONES.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.set_default_timeout(30_000)
        try:
            page.goto(url + "/login")
            found[width] = [survey(page, "/login")]
            page.fill("input[name=username]", "director")
            page.fill("input[name=password]", passwords["director"])
            page.click("button:has-text('Log in')")
            page.wait_for_selector("header.top nav")  # logged in (the home page opens on tonight's session)
            page.goto(f"{url}{paths[1]}/results")  # the printable results link the written rulings
            found[width].append(survey(page, f"{paths[1]}/results"))
            rulings = sorted({h for h in page.eval_on_selector_all("a[href*='/rulings/']",
                                                                   "es => es.map(e => e.getAttribute('href'))")
                              if re.search(r"/rulings/\d+$", h)})
            assert rulings, "the demo's results link no written ruling"
            for path in [*paths, *rulings]:
                page.goto(url + path)
                page.wait_for_load_state("networkidle")
                assert page.query_selector("main") is not None, path
                found[width].append(survey(page, path))
                if path in (paths[3], paths[4]):
                    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                    name = "ruling-pending" if path == paths[3] else "claim-disputed"
                    page.screenshot(path=str(SCREENSHOTS / f"phone-{width}-{name}.png"), full_page=True)
        finally:
            context.close()
    return found


def test_the_survey_sees_the_pages_it_is_meant_to(surveys: dict[int, list[Survey]]) -> None:
    for width, pages in surveys.items():
        assert all(s.viewport == width for s in pages)
        assert len(pages) >= 14 and len({s.path for s in pages}) == len(pages)
        assert all(s.texts for s in pages), "a page without text was measured"


@pytest.mark.parametrize("width", sorted(PHONES))
def test_no_page_is_wider_than_the_phone(surveys: dict[int, list[Survey]], width: int) -> None:
    wide = [f"{s.path}: {s.width} px wide ({', '.join(s.wide)})" for s in surveys[width] if s.width > width]
    assert wide == []


@pytest.mark.parametrize("width", sorted(PHONES))
def test_every_tap_target_is_at_least_44_px(surveys: dict[int, list[Survey]], width: int) -> None:
    small = [f"{s.path} {what}: {w} x {h}" for s in surveys[width] for what, w, h in s.small]
    assert small == [], f"tap targets under {TARGET} px"


@pytest.mark.parametrize("width", sorted(PHONES))
def test_every_text_is_readable_in_sunlight(surveys: dict[int, list[Survey]], width: int) -> None:
    poor = [line for s in surveys[width] for line in low_contrast(s)]
    assert poor == [], "below WCAG AA"


def test_the_contrast_check_refuses_a_pale_grey() -> None:
    """The check itself: the app's muted grey passes on its paper colour, a paler grey does not."""
    muted = Survey("/x", 390, 390, [], [], [("p.muted", "rgb(102, 102, 102)", "rgb(251, 250, 247)", 18.0, 400)])
    pale = Survey("/x", 390, 390, [], [], [("p", "rgb(150, 150, 150)", "rgb(255, 255, 255)", 18.0, 400)])
    large = Survey("/x", 390, 390, [], [], [("h1", "rgb(130, 130, 130)", "rgb(255, 255, 255)", 27.0, 700)])
    assert low_contrast(muted) == [] and low_contrast(large) == []  # large text needs 3:1 only
    assert low_contrast(pale) == ["/x p: rgb(150, 150, 150) on rgb(255, 255, 255) is 2.96:1"]
    assert round(contrast("rgba(0, 0, 0, 0.5)", "rgb(255, 255, 255)"), 2) == round(
        contrast("rgb(127.5, 127.5, 127.5)", "rgb(255, 255, 255)"), 2)
