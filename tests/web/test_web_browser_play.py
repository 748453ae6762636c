"""In a real browser: the play period on the table page — an opening lead out of turn, the five options of
Law 54 as buttons, one chosen, the penalty card shown, and the cards of the hand on lead played on."""

from __future__ import annotations

from typing import Any

from web.web_support import browser_login, enter, shot

# N: ♠432 ♥AKQ2 ♦5432 ♣32   E: ♠5 ♥JT98 ♦AKQ ♣AKQJT   S: ♠AKQJT9 ♥3 ♦JT9 ♣987   W: ♠876 ♥7654 ♦876 ♣654
DEAL = "N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654"




def test_opening_lead_out_of_turn_with_the_five_options(page: Any, live_url: str) -> None:
    browser_login(page, live_url)
    page.fill("input[name=board]", "1")
    page.fill("input[name=deal]", DEAL)
    enter(page, "button:has-text('Open the board')")
    for call in ("Pass", "Pass", "1S", "Pass", "Pass", "Pass"):
        enter(page, f"#bidding-box button[value='{call}']")
    page.wait_for_selector("#play")
    assert page.inner_text("#play-seat") == "West"
    assert len(page.query_selector_all("#hand button")) == 13  # West's cards as large buttons
    page.click("details summary:has-text('Other irregularities')")
    page.select_option("#out-of-turn select[name=seat]", "E")
    page.fill("#out-of-turn input[name=card]", "HJ")
    enter(page, "#out-of-turn button[type=submit]")
    page.wait_for_selector("#ruling")
    assert "Law 54" in page.inner_text("#ruling h2")
    assert "East has led ♥J out of turn" in page.inner_text("#read-aloud")
    options = [b.get_attribute("data-option") for b in page.query_selector_all("#options button")]
    assert options == ["spread", "accept", "require", "forbid", "penalty"]
    shot(page, "play-lead-out-of-turn-five-options")
    enter(page, "button[data-option='penalty']")
    page.wait_for_selector("#restrictions")
    assert "East: ♥J (major" in page.inner_text("#restrictions")
    assert page.inner_text("#play-seat") == "West"  # West now leads any card
    enter(page, "#hand button[value='S8']")
    page.wait_for_selector("#play-seat:has-text('North')")  # dummy's turn: declarer plays from it
    assert "West plays ♠8" in page.inner_text("#log")
    shot(page, "play-after-the-penalty-card")
