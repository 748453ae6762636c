"""A tap at the table keeps the page where it was: the same page (no reload), the tapped control at the same
place on the screen and still focused, also when the auction grows a row above it or an undo takes one away;
a new irregularity brings the page to its top, where the ruling is read."""

from __future__ import annotations

from typing import Any

from web.web_support import browser_login, shot

BID = "#bidding-box button[value='{}']"


def open_board(page: Any, base: str) -> None:
    browser_login(page, base)
    page.fill("input[name=board]", "1")
    page.click("button:has-text('Open the board')")
    page.wait_for_selector("#table-page[data-live=on]")


def top(page: Any, selector: str) -> float:
    found: float = page.eval_on_selector(selector, "e => e.getBoundingClientRect().top")
    return found


def tap(page: Any, selector: str, seq: int) -> None:
    """Tap and wait until the page shows the stored table with ``seq`` entries."""
    page.click(selector)
    page.wait_for_selector(f"#table-page[data-seq='{seq}'][data-live=on]")


def focused(page: Any) -> str:
    found: str = page.evaluate("() => { const e = document.activeElement;"
                               " return e ? `${e.tagName} ${e.getAttribute('value') || e.id}` : ''; }")
    return found


def test_a_tap_keeps_the_scroll_position_and_the_focus(page: Any, live_url: str) -> None:
    open_board(page, live_url)
    page.evaluate("window.samePage = 'yes'")  # gone if the tap loaded a new page
    page.eval_on_selector(BID.format("3H"), "e => e.scrollIntoView({block: 'center'})")
    y = page.evaluate("window.scrollY")
    assert y > 100  # the bidding box is below the first screen: a reload would show the top
    before = top(page, BID.format("3H"))

    tap(page, BID.format("Pass"), 1)  # the first call: the auction gets its first row, above the box
    assert abs(top(page, BID.format("3H")) - before) <= 1, "the bidding box moved on the screen"
    assert page.evaluate("window.scrollY") > y  # the page scrolled by the new row, so the box stayed put
    assert focused(page) == "BUTTON Pass"

    y = page.evaluate("window.scrollY")
    tap(page, BID.format("3H"), 2)  # the same row of the auction: nothing above changes height
    assert abs(page.evaluate("window.scrollY") - y) <= 1
    assert abs(top(page, BID.format("3H")) - before) <= 1
    assert focused(page) == "BUTTON 3H"

    page.click("#bidding-box .seats label:has-text('W')")
    tap(page, BID.format("4S"), 3)  # out of turn: the seat chosen is reset to "In turn", the focus stays
    assert focused(page) == "BUTTON 4S"
    assert page.is_checked("#bidding-box input[name=seat][value='']")
    assert page.evaluate("window.samePage") == "yes"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "phone-tap-kept-in-place")


def test_undo_stays_under_the_finger(page: Any, live_url: str) -> None:
    open_board(page, live_url)
    for n, call in enumerate(("Pass", "Pass", "Pass", "1H", "Pass"), start=1):  # two rows of the auction
        tap(page, BID.format(call), n)
    page.eval_on_selector("#undo", "e => e.scrollIntoView({block: 'center'})")
    before = top(page, "#undo")
    page.evaluate("window.samePage = 'yes'")
    tap(page, "#undo", 6)  # the second row goes: the page scrolls by its height, the button stays
    assert abs(top(page, "#undo") - before) <= 1
    assert focused(page) == "BUTTON undo"
    assert page.inner_text("#log").count("Undo") == 1 and page.evaluate("window.samePage") == "yes"


def test_a_new_ruling_brings_the_page_to_its_top(page: Any, live_url: str) -> None:
    open_board(page, live_url)
    tap(page, BID.format("1H"), 1)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 0
    tap(page, BID.format("1C"), 2)  # insufficient: Law 27
    page.wait_for_selector("#ruling")
    assert page.evaluate("window.scrollY") == 0
    assert 0 <= top(page, "#ruling h2") < 844  # the ruling is on the screen, the page did not reload
