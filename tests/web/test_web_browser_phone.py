"""In a real browser on a 390 x 844 phone: "Who called" on one line, the jump from a long Law 27 text to its
buttons, a director's question shown once, and no bidding box for a ruling in the play period."""

from __future__ import annotations

from typing import Any

from web.web_support import SCREENSHOTS, browser_login, enter, shot

# N: ♠432 ♥AKQ2 ♦5432 ♣32   E: ♠5 ♥JT98 ♦AKQ ♣AKQJT   S: ♠AKQJT9 ♥3 ♦JT9 ♣987   W: ♠876 ♥7654 ♦876 ♣654
DEAL = "N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654"
HEIGHT = 844




def on_screen(page: Any, selector: str) -> bool:
    """Whether the element's top is inside the visible part of the page."""
    top: float = page.eval_on_selector(selector, "e => e.getBoundingClientRect().top")
    return 0 <= top < HEIGHT


def viewport_shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def open_board(page: Any, base: str, deal: str = "") -> None:
    browser_login(page, base)
    page.fill("input[name=board]", "1")
    page.fill("input[name=deal]", deal)
    enter(page, "button:has-text('Open the board')")
    page.wait_for_selector("#bidding-box")


def test_who_called_fits_one_line(page: Any, live_url: str) -> None:
    open_board(page, live_url)
    boxes = [label.bounding_box() for label in page.query_selector_all("#bidding-box .seats label")]
    assert len(boxes) == 5  # in turn, N, E, S, W
    assert len({round(b["y"]) for b in boxes}) == 1
    assert max(b["x"] + b["width"] for b in boxes) <= 390
    assert min(b["height"] for b in boxes) >= 48  # still a finger's target
    page.click("#bidding-box .seats label:has-text('W')")
    assert page.is_checked("#bidding-box input[name=seat][value=W]")
    page.locator("#bidding-box").screenshot(path=str(SCREENSHOTS / "table-who-called-one-line.png"))


def test_jump_to_the_choices_of_a_long_ruling_and_the_question_once(page: Any, live_url: str) -> None:
    open_board(page, live_url)
    enter(page, "#bidding-box button[value='1H']")
    enter(page, "#bidding-box button[value='1C']")
    page.wait_for_selector("#ruling")
    assert "South, East has made an insufficient bid" in page.inner_text("#read-aloud")
    assert on_screen(page, "#jump") and not on_screen(page, "button[data-option='refuse']")
    viewport_shot(page, "table-law27-jump-link")
    page.click("#jump")
    page.wait_for_function("location.hash === '#choices'")
    assert on_screen(page, "button[data-option='accept']") and on_screen(page, "button[data-option='refuse']")
    viewport_shot(page, "table-law27-after-the-jump")
    enter(page, "button[data-option='refuse']")
    page.wait_for_selector("text=now makes the replacement call")
    assert page.get_attribute("#jump", "href") == "#bidding-box"
    enter(page, "#bidding-box button[value='2S']")
    page.wait_for_selector("button[name=answer][value=no]")
    question = "Is 2♠ comparable to 1♣"
    assert page.inner_text("main").count(question) == 1
    viewport_shot(page, "table-question-shown-once")


def test_no_bidding_box_for_a_ruling_in_the_play_period(page: Any, live_url: str) -> None:
    open_board(page, live_url, DEAL)
    for call in ("Pass", "Pass", "1S", "Pass", "Pass", "Pass"):
        enter(page, f"#bidding-box button[value='{call}']")
    page.wait_for_selector("#play")
    assert page.query_selector("#bidding-box") is None
    page.click("details summary:has-text('Other irregularities')")
    page.select_option("#out-of-turn select[name=seat]", "E")
    page.fill("#out-of-turn input[name=card]", "HJ")
    enter(page, "#out-of-turn button[type=submit]")
    page.wait_for_selector("#ruling")
    assert "Law 54" in page.inner_text("#ruling h2")
    assert page.query_selector("#bidding-box") is None
    assert page.query_selector("#options button[data-option='penalty']") is not None
    shot(page, "play-ruling-without-a-bidding-box")
    enter(page, "button[data-option='penalty']")
    page.click("details summary:has-text('Other irregularities')")
    page.select_option("#after-final-pass select[name=seat]", "N")
    page.fill("#after-final-pass input[name=call]", "2S")
    enter(page, "#after-final-pass button[type=submit]")
    page.wait_for_selector("#ruling h2:has-text('Law 39')")
    assert page.query_selector("#bidding-box") is None
