"""A pair's score card on a 390 x 844 phone in a real browser, opened by its link with no account: nothing wider
than the screen, nothing too small to tap, every text readable; the last result of a board arrives and the card
shows its points and the pair's place by itself, without a reload."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge_director.web.routes import players
from bridge_director.web.server import background
from cardkit import enter_last
from web.phone_survey import problems
from web.test_players import Club
from web.web_support import shot


def test_a_pairs_card_on_a_phone_updates_itself_when_the_last_result_arrives(
        page: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(players, "REFRESH_SECONDS", 1)
    club = Club(tmp_path)
    try:
        with background(club.app) as url:
            path = club.card(1)
            page.goto(url + path)
            page.wait_for_selector("#scorecard")
            assert page.viewport_size == {"width": 390, "height": 844}
            assert problems(page, path) == []
            assert page.inner_text("#board-1 .pc-points") == "waiting"
            assert page.inner_text("#total").startswith("So far 4 MP, 50.00% on 2 boards")
            shot(page, "player-card-waiting-phone")
            page.evaluate("window.reloaded = false")  # a reload would drop this mark

            enter_last(club.register, club.sid)
            page.wait_for_selector("#standing", timeout=10_000)
            assert page.inner_text("#standing") == "Place 2 N-S: 6 MP, 50.00%"
            assert page.inner_text("#board-1 .pc-points").split() == ["2", "50%"]
            assert page.evaluate("window.reloaded") is False
            assert problems(page, path) == []
            shot(page, "player-card-complete-phone")
    finally:
        club.register.close()
