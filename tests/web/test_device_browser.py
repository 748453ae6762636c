"""Table devices in Chromium at 390 x 844: a board's result entered in at most 7 taps and confirmed by the opponents
with one, the traveller and then the next board; a call from the table shown on the director's /calls (which
refreshes itself), where one tap opens the board; a device that loses its network for a whole round, whose results
wait on the phone and are stored once each when it is back (a lost answer sent again with its key included); and a
refused result back on the keypad with its taps.  Each screen passes the phone checks (width, 44 px targets,
contrast)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select

from bridge_director.register.models import DeviceResult
from bridge_director.web.server import background
from web.device_support import device_paths, register_of, results_of, three_tables
from web.gatekit import Gate
from web.phone_survey import problems
from web.test_web_session_api import club_app
from web.web_support import browser_login, shot

PHONE = {"width": 390, "height": 844}
#: 4♠ by North, lead ♥J, made exactly: six taps on the keypad
KEYS = ("#keys-level label:has(input[value='4'])", "#keys-strain label:has(input[value='S'])",
        "#keys-declarer label:has(input[value='N'])", "#keys-lead label:has(input[value='H'])",
        "#keys-rank label:has(input[value='J'])", "#keys-made button[value='=']")


@pytest.fixture
def club(tmp_path: Path) -> Iterator[tuple[FastAPI, int, str]]:
    """The club app with a 3-table Mitchell (2 boards a round), served: the app, the section, the address."""
    app = club_app(tmp_path)
    sid = three_tables(app)
    try:
        with background(app) as url:
            yield app, sid, url
    finally:
        app.state.register.close()


class Taps:
    """Clicks counted, as a player's taps."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def __call__(self, selector: str) -> None:
        self.page.click(selector)
        self.count += 1


def live(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#device-page[data-live=on]")


def enter_board(page: Any, keys: tuple[str, ...] = KEYS) -> Taps:
    """The keypad's taps of one result and the opponents' confirmation; the taps made."""
    tap = Taps(page)
    for key in keys:
        tap(key)
    page.wait_for_selector("#device-confirm:not([hidden])")
    tap("#confirm-yes")
    return tap


def test_a_board_in_at_most_seven_taps_confirmed_with_one_then_the_next(browser: Any,
                                                                        club: tuple[FastAPI, int, str]) -> None:
    app, sid, url = club
    path = device_paths(app, sid)[1]
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        live(page, url + path)
        assert page.inner_text("#where-board") == "Round 1 · Board 1"
        assert problems(page, "/device (keypad)") == []
        shot(page, "device-keypad-phone")
        tap = Taps(page)
        for key in KEYS:
            tap(key)
        page.wait_for_selector("#device-confirm:not([hidden])")
        assert tap.count == 6 and tap.count <= 7  # level, suit, declarer, lead suit, lead rank, tricks
        assert page.inner_text("#confirm-text") == "4♠ by North, lead ♥J, 10 tricks"
        assert page.inner_text("#confirm-yes") == "E-W: confirm"
        assert results_of(app, sid) == []  # nothing stored before the opponents confirm
        assert problems(page, "/device (confirm)") == []
        shot(page, "device-confirm-phone")
        before = tap.count
        tap("#confirm-yes")
        assert tap.count - before == 1  # the opponents: one tap
        page.wait_for_selector("#device-traveller table")  # stored, and the board's traveller shown
        assert results_of(app, sid) == [(1, 1, 1, "4S", "N", 10, "HJ", "table 1 device")]
        assert "+420" in page.inner_text("#device-traveller")
        assert problems(page, "/device (traveller)") == []
        shot(page, "device-traveller-phone")
        page.click("#next-board")
        page.wait_for_function("() => document.querySelector('#where-board').textContent === 'Round 1 · Board 2'")
        assert page.is_visible("#keypad") and not page.is_visible("#device-done")
        assert page.is_checked("#keys-level input[value='4']") is False  # a fresh keypad for the next board
    finally:
        context.close()


def test_a_call_from_the_table_shows_on_the_directors_calls_and_one_tap_opens_the_board(
        browser: Any, club: tuple[FastAPI, int, str]) -> None:
    app, sid, url = club
    path = device_paths(app, sid)[2]
    players = browser.new_context(viewport=PHONE)
    director = browser.new_context(viewport=PHONE)
    try:
        page = director.new_page()
        page.set_default_timeout(30_000)
        browser_login(page, url)
        page.goto(url + "/calls")
        assert page.inner_text("#calls") == "No table is waiting for the director."

        phone = players.new_page()
        phone.set_default_timeout(30_000)
        live(phone, url + path)
        phone.click("#irregularity summary")
        assert problems(phone, "/device (irregularity)") == []
        phone.click("#irregularity button[value=auction]")
        phone.wait_for_selector("#device-called:has-text('The director is called')")

        page.wait_for_selector("#calls-waiting", timeout=15_000)  # the director's page refreshes itself
        waiting = page.inner_text("#calls-waiting")
        assert "Table 2, round 1, board 3" in waiting and "called just now" in waiting
        assert "an irregularity in the auction" in waiting
        assert problems(page, "/calls") == []
        shot(page, "director-calls-phone")
        page.click("#calls-waiting button:has-text('Open board 3')")  # one tap
        page.wait_for_selector("#table-page")
        assert "/tables/" in page.url
        main = page.inner_text("main")
        assert "Board 3" in main and "Player 2a" in main and "Player 5a" in main  # table 2, round 1: pairs 2, 5
        page.goto(url + "/calls")
        assert "No table is waiting for the director." in page.inner_text("#calls")
        page.goto(f"{url}/sessions/{sid}/devices")
        assert problems(page, "/sessions/devices") == []
    finally:
        players.close()
        director.close()


def go_offline(context: Any, page: Any, gate: Gate) -> None:
    """No network: the browser's emulation, the device API cut at the browser, the connection dropped at the gate;
    then wait until a request from the page really fails."""
    context.route("**/api/devices/**", lambda route: route.abort("internetdisconnected"))
    context.set_offline(True)
    gate.shut()
    probe = "() => fetch('/api/health', {cache: 'no-store'}).then(() => 'through', () => 'failed')"
    for _ in range(100):
        if page.evaluate(probe) == "failed":
            return
        page.wait_for_timeout(50)
    raise AssertionError("the browser still reaches the server")


def device_keys(app: FastAPI) -> list[str]:
    with register_of(app).transaction() as db:
        return list(db.scalars(select(DeviceResult.key).order_by(DeviceResult.id)))


def test_a_device_offline_for_a_round_queues_its_results_and_sends_them_once(
        browser: Any, club: tuple[FastAPI, int, str]) -> None:
    app, sid, upstream = club
    gate = Gate(upstream)
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        live(page, gate.url + device_paths(app, sid)[1])
        go_offline(context, page, gate)
        for board in (1, 2):  # the whole of round 1 without a network
            page.wait_for_function(f"() => document.querySelector('#where-board').textContent === "
                                   f"'Round 1 · Board {board}'")
            enter_board(page)
            page.wait_for_selector("#device-done:not([hidden])")
            assert "waiting on this phone (offline)" in page.inner_text("#done-result")
            page.click("#next-board")
        page.wait_for_selector("#device-round-end:not([hidden])")  # the round's end, from the plan on the phone
        moves = page.inner_text("#moves")
        assert "E-W pair 4: table 2 E-W" in moves and "Boards 1-2: table 3" in moves
        assert page.inner_text("#device-waiting") == \
            "2 results waiting (offline: they are sent when the connection is back)"
        assert problems(page, "/device (round end, offline)") == []
        shot(page, "device-offline-round-end-phone")
        assert results_of(app, sid) == []  # nothing reached the server
        page.click("#start-round")
        page.wait_for_function("() => document.querySelector('#where-board').textContent === 'Round 2 · Board 3'")

        sent: list[str] = []

        def lose_the_first_answer(route: Any) -> None:
            sent.append(route.request.post_data_json["key"])
            if len(sent) == 1:
                route.fetch()  # the server stores the first result...
                route.abort("internetdisconnected")  # ...and the phone never hears of it
            else:
                route.continue_()

        context.unroute("**/api/devices/**")
        context.route("**/api/devices/*/results", lose_the_first_answer)
        gate.reopen()
        context.set_offline(False)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        page.wait_for_selector("#device-sync", state="hidden", timeout=60_000)
        assert sent[0] == sent[1] and len(set(sent)) == 2  # the lost answer's key sent again, then the second
        assert results_of(app, sid) == [(1, 1, 1, "4S", "N", 10, "HJ", "table 1 device"),
                                        (1, 1, 2, "4S", "N", 10, "HJ", "table 1 device")]
        assert device_keys(app) == list(dict.fromkeys(sent))  # each key stored once
        page.reload()  # nothing is left on the phone to send again
        page.wait_for_selector("#device-page[data-live=on]")
        page.wait_for_timeout(500)
        assert page.inner_text("#where-board") == "Round 2 · Board 3"
        assert len(results_of(app, sid)) == 2 and len(device_keys(app)) == 2
    finally:
        context.close()
        gate.stop()


def test_a_refused_result_keeps_its_taps_and_says_why_in_one_line(browser: Any,
                                                                  club: tuple[FastAPI, int, str]) -> None:
    app, sid, url = club
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        live(page, url + device_paths(app, sid)[1])
        wrong_lead = (*KEYS[:3], "#keys-lead label:has(input[value='S'])", "#keys-rank label:has(input[value='A'])",
                      KEYS[5])  # ♠A: North's card, and East leads against North (Law 41)
        enter_board(page, wrong_lead)
        page.wait_for_selector("#device-error")
        why = page.inner_text("#device-error")
        assert why == ("Not entered: lead, Law 41: the lead SA is not in the hand of East, who leads (it is North's "
                       "in the hand record)")
        assert "\n" not in why and page.inner_text("#where-board") == "Round 1 · Board 1"
        for name, value in (("level", "4"), ("strain", "S"), ("declarer", "N"), ("lead_suit", "S"),
                            ("lead_rank", "A")):
            assert page.is_checked(f"#keypad input[name={name}][value='{value}']"), name  # the taps kept
        assert page.is_hidden("#device-sync") and page.is_hidden("#device-status")  # said once, where it is fixed
        assert results_of(app, sid) == []
        assert problems(page, "/device (refused)") == []
        shot(page, "device-refused-phone")
        page.click("#keys-lead label:has(input[value='H'])")  # the lead corrected: two taps, the rest kept
        page.click("#keys-rank label:has(input[value='J'])")
        page.click(KEYS[5])
        page.click("#confirm-yes")
        page.wait_for_selector("#device-traveller table")
        assert results_of(app, sid) == [(1, 1, 1, "4S", "N", 10, "HJ", "table 1 device")]
        assert page.is_hidden("#device-sync")  # the refusal is gone with its correction
    finally:
        context.close()
