"""Two processes creating the same events, sessions and boards at the same moment: no write lost, no error
from the unique keys (issue: "get or create" is race-free), on SQLite and PostgreSQL."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable

from sqlalchemy import func, select

from bridge_director.register import Register
from bridge_director.register.events import ensure_board, ensure_event, ensure_session
from bridge_director.register.models import Board, Event, EventSession

EVENTS = 12
BOARDS = 6


def _writer(url: str, start: multiprocessing.synchronize.Event, errors: multiprocessing.Queue[str]) -> None:
    register = Register(url, migrate=False)
    start.wait()
    try:
        for i in range(EVENTS):
            for number in range(1, BOARDS + 1):
                with register.transaction() as db:  # one short transaction per board, as the web app does
                    session = ensure_session(db, ensure_event(db, f"Race {i}"), "Evening")
                    ensure_board(db, session, number)
    except Exception as err:  # the test reports any failure of a writer
        errors.put(f"{type(err).__name__}: {err}")
    finally:
        register.close()


def test_two_writers_creating_the_same_rows_lose_nothing(open_register: Callable[[], Register]) -> None:
    register = open_register()
    url = register.url
    ctx = multiprocessing.get_context("spawn")
    start = ctx.Event()
    errors: multiprocessing.Queue[str] = ctx.Queue()
    writers = [ctx.Process(target=_writer, args=(url, start, errors)) for _ in range(3)]
    for w in writers:
        w.start()
    start.set()
    for w in writers:
        w.join(timeout=120)
    found = []
    while not errors.empty():
        found.append(errors.get())
    assert found == [] and all(w.exitcode == 0 for w in writers)
    with register.transaction() as db:
        assert db.scalar(select(func.count()).select_from(Event).where(Event.name.like("Race %"))) == EVENTS
        assert db.scalar(select(func.count()).select_from(EventSession)) == EVENTS
        assert db.scalar(select(func.count()).select_from(Board)) == EVENTS * BOARDS


def test_ensure_board_finds_the_board_it_made(register: Register) -> None:
    with register.transaction() as db:
        session = ensure_session(db, ensure_event(db, "Boards"), "S1")
        first = ensure_board(db, session, 3)
        again = ensure_board(db, session, 3)
        assert again.id == first.id and again.deal is None
        assert ensure_board(db, session, 4).id != first.id
