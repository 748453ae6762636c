"""In a real browser at 390 px: "call me back at the end of the hand" (docs/phone.md).  South breaks tempo in the
auction and the director notes it with its context from "Something happened"; the open matter waits at the top of
the page while the board is played out; after the last card "Review now" starts the Law 16B review of North's
call in one tap, and the review, answered by taps, ends in an adjusted score shown with the board's rulings."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI

from bridge_director.model import Deal
from bridge_director.web.server import background
from web.board_end_support import play_on
from web.phone_survey import problems
from web.web_support import browser_login, make_app, shot

# N: ♠432 ♥AKQ2 ♦5432 ♣32   E: ♠5 ♥JT98 ♦AKQ ♣AKQJT   S: ♠AKQJT9 ♥3 ♦JT9 ♣987   W: ♠876 ♥7654 ♦876 ♣654
DEAL = "N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654"
CALL_BACK = "Director to be called back at the end of the hand."


@pytest.fixture
def served() -> Iterator[tuple[FastAPI, str]]:
    app = make_app()
    with background(app) as url:
        yield app, url


class Director:
    """The director's phone: each tap that enters something waits for the page to show the stored entry."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.seq = 0
        self.taps = 0

    def ready(self) -> None:
        self.page.wait_for_selector(f"#table-page[data-seq='{self.seq}'][data-live=on]")

    def tap(self, selector: str) -> None:
        """A tap that opens or chooses something (no entry)."""
        self.page.click(selector)
        self.taps += 1

    def enter(self, selector: str) -> None:
        """The tap that sends the entry: the page is drawn again with one entry more, and no refusal."""
        self.tap(selector)
        self.seq += 1
        self.ready()
        assert self.page.query_selector("#error") is None, self.page.inner_text("#error")


def test_a_break_in_tempo_called_back_and_ruled_after_the_last_card(page: Any, served: tuple[FastAPI, str]) -> None:
    app, url = served
    table = app.state.tables.open(1, Deal.from_pbn(DEAL))
    browser_login(page, url)
    page.goto(f"{url}/tables/{table.id}")
    director = Director(page)
    director.ready()
    for call in ("1S", "2H"):  # North opens, East overcalls
        director.enter(f"#bidding-box button[value='{call}']")
    # South thinks for a while, then passes: the director is called and notes the facts
    director.tap("#happened-open")
    director.tap("#sheet .kinds label:has(> input[value=hesitation])")
    director.tap("#sheet .p-seat label:has(> input[value=S])")
    director.tap("#sheet .p-tempo label:has(> input[name=skip_warning][value=no])")
    page.fill("#sheet input[name=seconds]", "12")
    director.tap("#sheet .p-tempo label:has(> input[name=unusual][value=yes])")
    assert problems(page, "the break in tempo's context") == []
    shot(page, "matters-tempo-context")
    director.enter("#sheet .p-agreed button[value=yes]")
    stored = app.state.tables.get(table.id).log[-1].event
    assert (stored.seat.letter, stored.agreed, stored.skip_warning, stored.seconds, stored.unusual) == (
        "S", True, False, 12, True)
    matters = page.inner_text("#matters")
    assert "South's break in tempo" in matters and "a pause of about 12 s" in matters and CALL_BACK in matters
    for call in ("Pass", "Pass", "2S", "Pass", "Pass", "Pass"):  # North competes to 2S over the slow pass
        director.enter(f"#bidding-box button[value='{call}']")
    assert "unauthorised information to North?" in page.inner_text("#matters")
    # the board is played: East leads, the table plays on to the last card (all but it entered elsewhere)
    play_on(app.state.tables.get(table.id), 51)
    director.seq += 51
    page.reload()
    director.ready()
    assert CALL_BACK in page.inner_text("#matters") and page.query_selector("#matters form") is None
    director.enter("#hand button")  # the last card
    assert page.query_selector("#final") is not None
    assert "Open matters: review them now" in page.inner_text("#matters")
    assert problems(page, "the open matter after the last card") == []
    shot(page, "matters-review-now")
    taps = director.taps
    director.enter("#matters button:has-text('Review now')")
    assert director.taps - taps == 1 <= 3  # from the table page after the last card to the review
    assert "Law 16B" in page.inner_text("#ruling h2")
    assert "North's 2S (call 5)" in page.text_content("#full-script")
    director.enter("#choices button[name=answer][value=yes]")  # unauthorised information: yes
    director.enter("#choices button[name=answer][value=action]")  # it suggests action over Pass
    director.tap("#answer-alternatives label:has(> input[value=Pass])")
    director.enter("#build-alternatives")  # Pass was a logical alternative
    assert "at the table (2S by North, 6 tricks)" in page.text_content("#full-script")
    assert page.inner_text("#table-result") == "The result at the table: 2S by North, 6 tricks"
    director.enter("#choices button[name=answer][value=yes]")  # damage: yes
    for name, value in (("level", "2"), ("strain", "H"), ("decl", "E"), ("tricks", "8")):
        director.tap(f"#answer-score label:has(> input[name=s1_{name}][value='{value}'])")
    director.enter("#enter-score")  # 2H by East, 8 tricks
    assert page.query_selector("#ruling") is None and page.query_selector("#matters") is None
    summary = page.inner_text("#board-summary")
    assert "Ruling — Law 16B" in summary and "assigned: 2H by East, 8 tricks" in summary
    shot(page, "matters-ruled")
