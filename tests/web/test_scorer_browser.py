"""The scorer's desk in Chromium on a desktop-width page (1280 x 800): a whole traveller typed with the keyboard
only (Enter to the next row, a refusal kept in place, a correction reached with the arrow keys, Enter on to the
next board), the same page without JavaScript as one form, and the desk's pages measured as a phone shows them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from web.phone_survey import problems
from web.test_web_session_api import PBN
from web.web_support import PASSWORDS, shot

DESKTOP = {"width": 1280, "height": 800}
PAIRS = [{"number": n, "player1": f"Ann {n}", "player2": f"Bob {n}"} for n in range(1, 7)]


@pytest.fixture
def desk(browser: Any, live_url: str) -> Iterator[tuple[Any, int]]:
    """A desktop page logged in as the scorer, and a 3-table Mitchell (boards 1-6, N holding every top card) the
    scorer set up over the API from that page."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(30_000)
    log_in(page, live_url)
    body = {"event": "Desk night", "session": "Evening", "section": "A", "movement": "mitchell:3",
            "boards_per_round": 2, "pairs": PAIRS, "hand_records": PBN}
    status, answer = api(page, "POST", "/api/sessions", body)
    assert status == 201, answer
    yield page, answer["id"]
    context.close()


def log_in(page: Any, base: str, role: str = "scorer") -> None:
    page.goto(base + "/login")
    page.fill("input[name=username]", role)
    page.fill("input[name=password]", PASSWORDS[role])
    page.press("input[name=password]", "Enter")
    page.wait_for_url(lambda url: "/login" not in url)


def api(page: Any, method: str, path: str, body: object = None) -> tuple[int, Any]:
    """A request from the page itself (its cookie, the CSRF token the session gives)."""
    found: list[Any] = page.evaluate(
        """async ([method, path, body]) => {
             const token = (await (await fetch('/api/session')).json()).csrf_token;
             const r = await fetch(path, {method, headers: {'Content-Type': 'application/json', 'X-CSRF-Token': token},
                                          body: body === null ? undefined : JSON.stringify(body)});
             return [r.status, await r.json()]; }""", [method, path, body])
    return found[0], found[1]


def stored(page: Any, sid: int, board: int) -> list[tuple[int, int, str, int, int]]:
    """(round, table, contract and declarer, N-S score, version) of the board's stored results."""
    status, rows = api(page, "GET", f"/api/sections/{sid}/results")
    assert status == 200
    return sorted((r["round"], r["table"], f"{r['contract']} {r['declarer']}".strip(), r["ns_score"], r["version"])
                  for r in rows if r["board"] == board)


def focused(page: Any) -> str:
    name: str = page.evaluate("document.activeElement && document.activeElement.name || ''")
    return name


def row_state(page: Any, key: str) -> str:
    state: str = page.get_attribute(f"#row-{key}", "class") or ""
    return state


def type_row(page: Any, text: str, key: str, state: str) -> None:
    """Type a row where the cursor is, press Enter, and wait for the row to come back ``stored`` or ``refused``."""
    assert focused(page) == f"row-{key}"
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    page.wait_for_function("([key, state]) => document.querySelector('#row-' + key).classList.contains(state)",
                           arg=[key, state])


def test_a_traveller_typed_with_the_keyboard_only(desk: tuple[Any, int], live_url: str) -> None:
    page, sid = desk
    clicks = []
    page.on("request", lambda r: clicks.append(r.url) if r.method == "POST" else None)
    page.goto(f"{live_url}/sessions/{sid}/desk/boards/1")
    assert focused(page) == "row-1-1"  # the cursor starts in the first row
    type_row(page, "4S N 10 HJ", "1-1", "stored")  # East leads the jack of hearts against North's 4S
    assert page.inner_text("#score-1-1") == "+420" and "stored · version 1 · scorer" in page.inner_text("#row-1-1")
    type_row(page, "3nt s 9 hk", "2-3", "refused")  # the king of hearts is North's: West cannot lead it
    assert page.input_value("input[name=row-2-3]") == "3nt s 9 hk" and focused(page) == "row-2-3"
    assert "lead, Law 41: the lead HK is not in the hand of West" in page.inner_text("#row-2-3")
    shot(page, "scorer-desk-refused-desktop")
    page.keyboard.press("Control+A")
    type_row(page, "3nt s =", "2-3", "stored")
    assert page.inner_text("#score-2-3") == "+400"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")  # back to row 1, stored: typed again, it is a correction
    assert focused(page) == "row-1-1"
    page.keyboard.press("Control+A")
    page.keyboard.type("4S N 11 HJ")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#row-1-1').innerText.includes('corrected · version 2')")
    assert page.inner_text("#score-1-1") == "+450" and focused(page) == "row-2-3"
    page.keyboard.press("ArrowDown")
    type_row(page, "35*28", "3-2", "stored")  # digits: 3NT doubled by East, 8 tricks
    assert page.inner_text("#score-3-2") == "+100" and page.inner_text("#rows-stored") == "3 of 3 rows stored"
    assert focused(page) == "board" and page.input_value("#go-board") == "2"  # on to the next board
    width: int = page.evaluate("document.documentElement.scrollWidth")
    assert width <= DESKTOP["width"]
    shot(page, "scorer-desk-desktop")
    assert stored(page, sid, 1) == [(1, 1, "4S N", 450, 2), (2, 3, "3NT S", 400, 1), (3, 2, "3NTX E", 100, 1)]
    page.keyboard.press("Enter")
    page.wait_for_url(f"{live_url}/sessions/{sid}/desk/boards/2")
    page.wait_for_function("() => document.activeElement && document.activeElement.name === 'row-1-1'")
    rows = [u for u in clicks if "/desk/boards/1" in u]
    assert len(rows) == 5  # one request a row sent: 3 rows, one refused, one corrected


def test_the_traveller_without_javascript_is_one_form(browser: Any, desk: tuple[Any, int], live_url: str) -> None:
    _, sid = desk
    context = browser.new_context(viewport=DESKTOP, java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        log_in(page, live_url)
        page.goto(f"{live_url}/sessions/{sid}/desk/boards/2")
        assert focused(page) == "row-1-1"  # autofocus, no script needed
        page.keyboard.type("4S N 10")
        page.keyboard.press("Tab")
        page.keyboard.type("4S Q 10")
        page.keyboard.press("Tab")
        page.keyboard.type("P")
        page.keyboard.press("Enter")  # the form is sent: every row typed
        page.wait_for_selector("#row-2-3.refused")
        assert page.input_value("input[name=row-2-3]") == "4S Q 10" and focused(page) == "row-2-3"
        assert "declarer: the declarer is N, E, S or W, not 'Q'" in page.inner_text("#row-2-3")
        assert "stored" in row_state(page, "1-1") and "stored" in row_state(page, "3-2")
        page.keyboard.press("Control+A")
        page.keyboard.type("4S S 9")
        page.keyboard.press("Enter")
        page.wait_for_selector("#row-2-3.stored")
        assert page.inner_text("#rows-stored") == "3 of 3 rows stored" and focused(page) == "board"
        shot(page, "scorer-desk-no-script")
    finally:
        context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_desk_pages_fit_and_read_on_a_phone_and_a_desk(browser: Any, desk: tuple[Any, int], live_url: str,
                                                            width: int) -> None:
    page, sid = desk
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"{live_url}/sessions/new")
    page.fill("input[name=event]", "")
    page.set_input_files("input[name=entry]", files=[{"name": "names.csv", "mimeType": "text/csv",
                                                     "buffer": b"pair,player1,member1,player2,member2\n9,A,,B,\n"}])
    page.evaluate("document.querySelector('#session-form').noValidate = true")
    page.press("input[name=section]", "Enter")
    page.wait_for_selector("#problems")
    shot(page, f"scorer-setup-refused-{width}")
    found = problems(page, "/sessions/new (refused)")
    for path in (f"/sessions/{sid}/desk", f"/sessions/{sid}/desk/boards/3"):
        page.goto(live_url + path)
        page.click("#desk-help summary")
        found += problems(page, path)
    assert found == []
