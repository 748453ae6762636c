"""In a real browser (Debian's chromium): an insufficient bid ruled and played on, with screenshots."""

from __future__ import annotations

from typing import Any

from web.web_support import browser_login, shot


def bid(page: Any, call: str) -> None:
    page.click(f"#bidding-box button[value='{call}']")
    page.wait_for_load_state("networkidle")


def test_insufficient_bid_ruled_and_played_on(page: Any, live_url: str) -> None:
    browser_login(page, live_url)
    page.fill("input[name=board]", "1")
    page.click("button:has-text('Open the board')")
    page.wait_for_selector("#bidding-box")
    assert "Dealer North" in page.inner_text("#board-head")
    bid(page, "1H")
    bid(page, "1C")
    page.wait_for_selector("#ruling")
    assert "Law 27" in page.inner_text("#ruling h2")
    assert "South, East has made an insufficient bid" in page.inner_text("#read-aloud")
    shot(page, "table-insufficient-bid-ruling")
    page.click("button[data-option='refuse']")
    page.wait_for_selector("text=now makes the replacement call")
    bid(page, "2S")
    page.wait_for_selector("button[name=answer][value=no]")
    shot(page, "table-insufficient-bid-comparable-question")
    page.click("button[name=answer][value=no]")
    page.wait_for_selector("#restrictions")
    assert "West must pass" in page.inner_text("#restrictions")
    shot(page, "table-insufficient-bid-restrictions")
    for _ in range(3):
        bid(page, "Pass")
    page.wait_for_selector("#summary")
    assert "2♠ by E" in page.inner_text("#summary")
    assert "Possible adjustment" in page.inner_text("#summary")
    assert page.inner_text("#auction").split() == ["North", "East", "South", "West", "1♥", "2♠", "Pass", "Pass",
                                                   "Pass"]
    shot(page, "table-insufficient-bid-end-of-auction")


def test_mistyped_call_undone_and_kept_in_the_log(page: Any, live_url: str) -> None:
    browser_login(page, live_url)
    page.click("button:has-text('Open the board')")
    bid(page, "1H")
    bid(page, "7NT")
    page.click("#undo")
    page.wait_for_selector("#log li.undone")
    assert page.inner_text("#log li.undone") == "East: 7NT"
    assert page.inner_text("#next-seat") == "East"


def test_a_viewer_sees_no_bidding_box(page: Any, live_url: str) -> None:
    browser_login(page, live_url, "viewer")
    assert page.query_selector("button:has-text('Open the board')") is None
