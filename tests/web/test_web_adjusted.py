"""The adjusted-score calculator: JSON, page, and a weighted score in the browser from the end of a board."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from web.web_support import browser_login, enter, login, shot


def test_weighted_matchpoints_over_json(client: TestClient) -> None:
    login(client, "scorer")
    r = client.post("/api/adjusted", json={"kind": "weighted-mp", "field": "420, 170, 140",
                                           "outcomes": "420 60\n-50 40"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["law"], body["ns"], body["ew"], body["unit"]) == ("12C1c", 3.0, 3.0, "MP")
    assert any("+420 -> 5" in step for step in body["steps"])


def test_weights_must_sum_to_100(client: TestClient) -> None:
    login(client)
    r = client.post("/api/adjusted", json={"kind": "weighted-imps", "other_room": 420, "outcomes": "420 60\n-50 30"})
    assert r.status_code == 422 and "not 100%" in r.json()["detail"]


def test_artificial_scores_page(client: TestClient) -> None:
    login(client, "viewer")
    page = client.get("/adjusted", params={"go": "1", "kind": "artificial-pairs", "ns_fault": "none",
                                           "ew_fault": "direct"})
    assert page.status_code == 200 and "NS 60.0 %, EW 40.0 %" in page.text


def test_bad_outcome_line_is_explained(client: TestClient) -> None:
    login(client)
    page = client.get("/adjusted", params={"go": "1", "field": "1", "outcomes": "four hundred"})
    assert page.status_code == 422 and "write the NS score then the percent" in page.text


def test_weighted_score_in_the_browser(page: Any, live_url: str) -> None:
    browser_login(page, live_url)
    page.click("button:has-text('Open the board')")
    for call in ("1S", "Pass", "4S", "Pass", "Pass", "Pass"):
        enter(page, f"#bidding-box button[value='{call}']")  # waits for the stored state before the next tap
    page.wait_for_selector("#summary")
    page.click("#open-calculator")
    page.wait_for_selector("#calculator")
    assert "4♠ by N: NS score by tricks" in page.content() or "4S by N" in page.content()
    page.fill("textarea[name=outcomes]", "420 70 4♠ made\n-50 30 one down")
    page.fill("input[name=field]", "420, 450, 170, -50")
    page.click("button:has-text('Compute')")
    page.wait_for_selector("#result")
    assert "Law 12C1c" in page.inner_text("#result h2")
    steps = page.inner_text("#steps")
    assert "70% of +420 + 30% of -50" in steps and "weighted:" in steps
    shot(page, "adjusted-weighted-score")
