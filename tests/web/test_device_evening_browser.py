"""A 3-table evening played from the table devices only, in Chromium: three phones (390 x 844) enter every board
of the 3-table Mitchell (3 rounds x 3 tables x 2 boards), each result in at most 7 taps with the opponents'
confirmation, the traveller after it, the moves at each round's end; table 2 calls the director, who answers from
the director's phone with one tap on "Open board"; table 3 loses its network for the whole of round 2 and its
results, waiting on the phone, are stored once each when it is back; at the end the scorer's own context sees the
18 results and "Every result is in."  The taps of each result are measured and printed."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from bridge_director.club.movement_gen import mitchell
from bridge_director.register.models import DeviceResult, SessionResult
from web.device_support import device_paths, register_of, results_of
from web.gatekit import Gate
from web.test_device_browser import PHONE, Taps, club, device_keys, go_offline, live  # noqa: F401 (club: the fixture)
from web.web_support import browser_login, shot

MOVEMENT = mitchell(3)
ROUNDS, TABLES = MOVEMENT.rounds, MOVEMENT.tables
SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}
DESK = {"width": 1280, "height": 800}


@dataclass(frozen=True)
class Result:
    """A result as the keypad takes it; every lead is in the opening leader's hand in device_support.DEAL (North
    holds the tops, East the tens to jacks, South the sixes to eights, West the twos to fives)."""

    level: str
    strain: str
    declarer: str
    lead: str  # suit and rank, as the keypad's values: "HJ"
    made: str  # "=", "+1", "-2"

    @property
    def contract(self) -> str:
        return self.level + self.strain

    @property
    def tricks(self) -> int:
        needed = 6 + int(self.level)
        return needed if self.made == "=" else needed + int(self.made)

    @property
    def confirmer(self) -> str:
        return "E-W" if self.declarer in "NS" else "N-S"

    def taps(self) -> tuple[str, ...]:
        """The keypad's taps: level, suit, declarer, lead suit, lead rank, tricks (not doubled: "No" is set)."""
        return (f"#keys-level label:has(input[value='{self.level}'])",
                f"#keys-strain label:has(input[value='{self.strain}'])",
                f"#keys-declarer label:has(input[value='{self.declarer}'])",
                f"#keys-lead label:has(input[value='{self.lead[0]}'])",
                f"#keys-rank label:has(input[value='{self.lead[1]}'])",
                f"#keys-made button[value='{self.made}']")

    def words(self) -> str:
        rank = "10" if self.lead[1] == "T" else self.lead[1]
        return (f"{self.level}{SYMBOLS[self.strain]} by {SEATS[self.declarer]}, lead {SYMBOLS[self.lead[0]]}{rank}, "
                f"{self.tricks} tricks")


#: the results of the evening, varied: made, over, down; every declarer; suits and notrump
RESULTS = (Result("4", "S", "N", "HJ", "="), Result("3", "NT", "S", "S2", "-1"), Result("2", "H", "E", "S6", "+1"),
           Result("6", "NT", "N", "DJ", "+1"), Result("1", "C", "W", "SA", "="), Result("4", "H", "S", "C5", "-2"))


def result_at(round_no: int, table: int, index: int) -> Result:
    """The result a table enters on its ``index``-th board of a round (0 or 1)."""
    return RESULTS[(2 * (round_no + table) + index) % len(RESULTS)]


def boards_at(round_no: int, table: int) -> tuple[int, int]:
    seat = MOVEMENT.at(round_no, table)
    assert seat is not None
    return 2 * seat.board_set - 1, 2 * seat.board_set


def moves_after(round_no: int, table: int) -> list[str]:
    """The moves the table's phone shows at the end of the round, from the movement."""
    here = MOVEMENT.at(round_no, table)
    assert here is not None
    after = [MOVEMENT.at(round_no + 1, t) for t in range(1, TABLES + 1)]
    ew_to = next(e.table for e in after if e is not None and e.ew == here.ew)
    boards_to = next(e.table for e in after if e is not None and e.board_set == here.board_set)
    low, high = boards_at(round_no, table)
    return [f"N-S pair {here.ns}: stays", f"E-W pair {here.ew}: table {ew_to} E-W",
            f"Boards {low}-{high}: table {boards_to}"]


def expected(round_no: int, table: int, board: int, index: int) -> tuple[int, int, int, str, str, int, str, str]:
    r = result_at(round_no, table, index)
    return round_no, table, board, r.contract, r.declarer, r.tricks, r.lead, f"table {table} device"


def key_rows(app: FastAPI) -> list[tuple[str, int]]:
    """(key, result id) of every result stored from a device."""
    with register_of(app).transaction() as db:
        return [(k, r) for k, r in db.execute(select(DeviceResult.key, DeviceResult.result_id))]


def result_ids(app: FastAPI, sid: int) -> set[int]:
    with register_of(app).transaction() as db:
        return set(db.scalars(select(SessionResult.id).where(SessionResult.section_id == sid)))


def wait_board(page: Any, round_no: int, board: int) -> None:
    page.wait_for_function("w => document.querySelector('#where-board').textContent === w",
                           arg=f"Round {round_no} · Board {board}")


def enter(page: Any, result: Result) -> int:
    """The result's taps on the keypad and the opponents' one tap; the taps made."""
    tap = Taps(page)
    for key in result.taps():
        tap(key)
    page.wait_for_selector("#device-confirm:not([hidden])")
    assert page.inner_text("#confirm-text") == result.words()
    assert page.inner_text("#confirm-yes") == f"{result.confirmer}: confirm"
    tap("#confirm-yes")
    return tap.count


def test_a_three_table_evening_from_the_phones_only_every_result_stored_once_in_at_most_seven_taps(
        browser: Any, club: tuple[FastAPI, int, str]) -> None:  # noqa: F811 (the imported fixture)
    app, sid, url = club
    began = time.monotonic()
    gate = Gate(url)  # table 3's phone reaches the server through the gate, shut for round 2
    paths = device_paths(app, sid)
    base = {1: url, 2: url, 3: gate.url}
    phones = {t: browser.new_context(viewport=PHONE) for t in range(1, TABLES + 1)}
    director = browser.new_context(viewport=PHONE)
    scorer = browser.new_context(viewport=DESK)
    taps: dict[tuple[int, int, int], int] = {}  # (round, table, board): taps of its result
    sent: list[tuple[int, str]] = []  # (table, key) of every result the server answered 201 (stored now)

    def answered(table: int) -> Any:
        def seen(response: Any) -> None:
            if response.request.method == "POST" and response.url.endswith("/results") and response.status == 201:
                sent.append((table, response.request.post_data_json["key"]))
        return seen

    try:
        desk = scorer.new_page()
        desk.set_default_timeout(30_000)
        browser_login(desk, url, "scorer")
        desk.goto(f"{url}/sessions/{sid}")
        assert desk.inner_text("#result-count") == "0"
        assert "Round 1" in desk.inner_text("#current-round")

        boss = director.new_page()
        boss.set_default_timeout(30_000)
        browser_login(boss, url)

        pages: dict[int, Any] = {}
        for t, context in phones.items():
            context.on("response", answered(t))
            page = context.new_page()
            page.set_default_timeout(30_000)
            live(page, base[t] + paths[t])
            pages[t] = page

        for round_no in range(1, ROUNDS + 1):
            for t, page in pages.items():
                offline = t == 3 and round_no == 2
                if round_no > 1:
                    page.wait_for_selector("#device-round-end:not([hidden])")
                    if offline:  # the network is lost as the round ends, for the whole of round 2
                        go_offline(phones[3], page, gate)
                    page.click("#start-round")
                first, second = boards_at(round_no, t)
                wait_board(page, round_no, first)
                seat = MOVEMENT.at(round_no, t)
                pairs = page.inner_text("#where-pairs")
                assert seat is not None and f"N-S {seat.ns}: Player {seat.ns}a & Player {seat.ns}b" in pairs
                assert f"E-W {seat.ew}: Player {seat.ew}a & Player {seat.ew}b" in pairs
                if t == 2 and round_no == 1:
                    answer_the_call(page, boss, url, sid, first)
                for index, board in enumerate((first, second)):
                    wait_board(page, round_no, board)
                    result = result_at(round_no, t, index)
                    taps[round_no, t, board] = enter(page, result)
                    page.wait_for_selector("#device-done:not([hidden])")
                    assert page.inner_text("#done-title") == f"Board {board} is entered"
                    if offline:
                        assert "waiting on this phone (offline)" in page.inner_text("#done-result")
                        assert expected(round_no, t, board, index) not in results_of(app, sid)
                    else:  # stored, and the board's traveller shown with this table's line
                        page.wait_for_selector("#device-traveller tr.this-table")
                        assert expected(round_no, t, board, index) in results_of(app, sid)
                        assert page.inner_text("#device-status").endswith("— stored")
                    page.click("#next-board")
                if round_no < ROUNDS:  # the round's end: the moves, from the plan on the phone
                    page.wait_for_selector("#device-round-end:not([hidden])")
                    assert page.inner_text("#round-end-title") == f"Round {round_no} is over: move"
                    assert page.inner_text("#moves").splitlines() == moves_after(round_no, t)
                    assert page.inner_text("#start-round") == f"Round {round_no + 1}: start"
                else:
                    page.wait_for_selector("#device-finished:not([hidden])")
                    assert page.is_hidden("#keypad")
            if round_no == 2:  # table 3 waits at the round's end with round 2's results on the phone
                page = pages[3]
                assert page.inner_text("#device-waiting") == \
                    "2 results waiting (offline: they are sent when the connection is back)"
                assert page.inner_text("#moves").splitlines() == moves_after(2, 3)
                shot(page, "evening-table-3-offline-round-end")
                assert [r for r in results_of(app, sid) if r[:2] == (2, 3)] == []  # nothing of it reached us
                assert len(results_of(app, sid)) == 10
                back_online(phones[3], page, gate)
                assert sorted(r for r in results_of(app, sid) if r[:2] == (2, 3)) == \
                    sorted(expected(2, 3, b, i) for i, b in enumerate(boards_at(2, 3)))
                assert len(results_of(app, sid)) == 12

        # every board of the movement has exactly one result: one per table, round and board
        stored = results_of(app, sid)
        wanted = sorted(expected(r, t, b, i) for r in range(1, ROUNDS + 1) for t in range(1, TABLES + 1)
                        for i, b in enumerate(boards_at(r, t)))
        assert len(wanted) == 18 and sorted(stored) == wanted
        assert len({(r, t, b) for r, t, b, *_ in stored}) == 18
        rows = key_rows(app)
        keys = device_keys(app)
        assert len(keys) == len(set(keys)) == 18  # each key stored once
        assert {r for _, r in rows} == result_ids(app, sid)  # each result under one key
        assert sorted(k for _, k in sent) == sorted(keys)  # each result the phones sent was stored once
        assert sorted(t for t, _ in sent) == [t for t in range(1, TABLES + 1) for _ in range(6)]
        for page in pages.values():  # a phone opened again sends nothing more
            page.reload()
            page.wait_for_selector("#device-page[data-live=on]")
            page.wait_for_selector("#device-finished:not([hidden])")
            assert page.is_hidden("#device-sync")
        assert len(results_of(app, sid)) == 18 and len(device_keys(app)) == 18
        shot(pages[1], "evening-table-1-finished")

        # the scorer's context sees every result
        desk.goto(f"{url}/sessions/{sid}")
        assert desk.inner_text("#current-round") == "Every result is in."
        assert desk.inner_text("#result-count") == "18"
        assert desk.query_selector("#missing-count") is None and desk.query_selector("#open-calls") is None
        assert len(desk.query_selector_all("#grid a.cell.done")) == 9
        shot(desk, "evening-scorer-dashboard")
        desk.goto(f"{url}/sessions/{sid}/ranking")
        assert desk.inner_text("#count").startswith("18 results in")
        assert len(desk.query_selector_all("#ranking-NS tr")) + len(desk.query_selector_all("#ranking-EW tr")) \
            - 2 == 6  # six pairs ranked (a header row each)

        most = max(taps.values())
        report = ", ".join(f"r{r}t{t}b{b}:{n}" for (r, t, b), n in sorted(taps.items()))
        print(f"\ntaps per result (keypad + confirmation): {report}; the most {most}; "
              f"{time.monotonic() - began:.1f} s for the evening")
        assert len(taps) == 18 and most <= 7, f"a result took more than 7 taps: {report}"
    finally:
        for context in (*phones.values(), director, scorer):
            context.close()
        gate.stop()


def answer_the_call(phone: Any, boss: Any, url: str, sid: int, board: int) -> None:
    """Table 2 calls the director about the board it is on (round 1); the director sees it on the dashboard and on
    /calls, one tap on "Open board" opens the table's board and answers the call; the phone shows it answered."""
    phone.click("#call-director")
    phone.wait_for_selector("#device-called:has-text('The director is called')")

    calls = boss.request.get(url + "/api/calls").json()
    assert [(c["table"], c["round"], c["board"]) for c in calls] == [(2, 1, board)]
    call_id = calls[0]["id"]
    boss.goto(f"{url}/sessions/{sid}")  # the dashboard lists the open call, one tap away
    assert boss.inner_text(f"#open-call-{call_id}").startswith(f"Table 2, round 1, board {board}, called")
    assert boss.query_selector("#cell-1-2 .mark-call") is not None

    boss.goto(url + "/calls")
    waiting = boss.inner_text("#calls-waiting")
    assert f"Table 2, round 1, board {board}" in waiting and "called just now" in waiting
    shot(boss, "evening-director-calls")
    boss.click(f"#calls-waiting button:has-text('Open board {board}')")  # one tap
    boss.wait_for_selector("#table-page")
    assert "/tables/" in boss.url
    main = boss.inner_text("main")
    assert f"Board {board}" in main and "Player 2a" in main and "Player 5a" in main  # round 1 table 2: pairs 2, 5
    assert boss.request.get(url + "/api/calls").json() == []  # answered

    phone.reload()
    phone.wait_for_selector("#device-page[data-live=on]")
    assert "answered by director" in phone.inner_text("#device-calls")
    assert phone.inner_text("#where-board") == f"Round 1 · Board {board}"  # the board still to enter


def back_online(context: Any, page: Any, gate: Gate) -> None:
    """The network back: the waiting results are sent, in order, each with its key."""
    context.unroute("**/api/devices/**")
    gate.reopen()
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_selector("#device-sync", state="hidden", timeout=60_000)
