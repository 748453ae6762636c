"""A section's scores kept between requests (``club.score_cache``, migration 0009): every write that can change a
score raises the stored version in its own transaction; the cache reads a section once per version; a correction,
a ruling and a penalty each change the cached pages; two registers (two processes' worth) and two real worker
processes never serve a stale score.  SQLite and PostgreSQL."""

from __future__ import annotations

import os
import re
import signal
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from bridge_director.club import report
from bridge_director.club.adjustments import PenaltyIn, revise_ruling, rule_on_result
from bridge_director.club.decisions import Assigned, Score
from bridge_director.club.movement_gen import mitchell
from bridge_director.club.report import fmt_points, load_report, report_html
from bridge_director.club.results import ResultIn, correct_result, enter_result, table_round
from bridge_director.club.score_cache import ScoreCache, score_cache
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session, substitute, withdraw
from bridge_director.register import Authority, Base, Register
from bridge_director.register.models import Event, EventSession, Player, Ruling, Section, SessionResult
from bridge_director.web import create_app
from bridge_director.web.accounts import MemoryAccountStore, Role
from bridge_director.web.db_accounts import DatabaseAccountStore
from bridge_director.web.settings import WebSettings
from serverkit import login as client_for
from serverkit import start_server

PASSWORD = "director-pass-1"
WORKERS_SERVER = Path(__file__).resolve().parents[1] / "web" / "workers_server.py"


def evening(register: Register, *, last: int | None = None) -> int:
    """A 3-table Mitchell, 2 boards a round, 6 pairs; every result in but the last ``last`` skipped (4S by N,
    8 to 12 tricks).  Returns the section's id."""
    with register.transaction() as db:
        section = add_section(db, create_session(db, "Cache club", "Evening"), "A", mitchell(3), 2)
        for n in range(1, 7):
            add_pair(db, section, n, PlayerIn(f"Player {n}a", f"M{n}"), PlayerIn(f"Player {n}b"))
        slots = [(r, t, b) for r in range(1, 4) for t in range(1, 4) for b in table_round(db, section, r, t).boards]
        for r, t, b in slots[:len(slots) - (last or 0)]:
            enter_result(db, section, r, t, b, ResultIn("4S", "N", 8 + (b + t + r) % 5))
        return section.id


def version(register: Register, sid: int) -> int:
    with register.transaction() as db:
        found = db.scalar(select(Section.score_version).where(Section.id == sid))
        assert found is not None
        return found


def first_result(register: Register, sid: int) -> tuple[int, int, int]:
    """The id, version and tricks of the section's first result."""
    with register.transaction() as db:
        row = db.scalars(select(SessionResult).where(SessionResult.section_id == sid)
                         .order_by(SessionResult.id)).first()
        assert row is not None and row.tricks is not None
        return row.id, row.version, row.tricks


def fresh_page(register: Register, sid: int) -> str:
    """The printable results computed now, without any cache: what every served page must equal."""
    report._FRAGMENTS.clear()
    report._BY_LINES.clear()
    report._ROW_PARTS.clear()
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        return report_html(load_report(db, section))


def correct_first(register: Register, sid: int) -> None:
    """The first result corrected to one trick fewer (or more, from 0)."""
    rid, at, tricks = first_result(register, sid)
    with register.transaction() as db:
        correct_result(db, rid, ResultIn("4S", "N", tricks - 1 if tricks else 1), version=at, by="scorer",
                       reason="misread")


def _correction(db: Session, section: Section) -> None:
    row = db.scalars(select(SessionResult).where(SessionResult.section_id == section.id)
                     .order_by(SessionResult.id)).first()
    assert row is not None and row.tricks is not None
    correct_result(db, row.id, ResultIn("4S", "N", 13 - row.tricks), version=row.version, by="scorer")


# ----- the stored version -------------------------------------------------------------------------------------


def _change(register: Register, sid: int, what: Callable[..., object]) -> int:
    before = version(register, sid)
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        what(db, section)
    return version(register, sid) - before


def test_every_write_a_score_reads_raises_the_version_and_a_read_does_not(register: Register) -> None:
    sid = evening(register, last=1)
    rid, _, _ = first_result(register, sid)

    def last_result(db, section):  # type: ignore[no-untyped-def]
        enter_result(db, section, 3, 3, table_round(db, section, 3, 3).boards[-1], ResultIn("3NT", "S", 9))

    def ruling(db: Session, section: Section) -> Ruling:
        return rule_on_result(db, rid, director="TD", laws="12C1b", decision=Assigned(Score("4S", "N", 10)))

    assert _change(register, sid, lambda db, s: load_report(db, s)) == 0
    assert _change(register, sid, last_result) == 1
    assert _change(register, sid, _correction) == 1
    made: list[int] = []
    assert _change(register, sid, lambda db, s: made.append(ruling(db, s).id)) >= 1
    assert _change(register, sid, lambda db, s: revise_ruling(db, made[0], None, appeal="upheld")) >= 1
    assert _change(register, sid, lambda db, s: withdraw(db, s, 6, 3)) == 1
    assert _change(register, sid, lambda db, s: substitute(db, s, 2, 1, PlayerIn("Sub Stitute"), 2)) == 1
    assert _change(register, sid, lambda db, s: setattr(db.get(Player, s.pairs[0].player1_id), "name", "Renamed")) == 1
    assert _change(register, sid, lambda db, s: setattr(s, "scale", 1)) == 1
    assert _change(register, sid, lambda db, s: setattr(db.get(EventSession, s.session_id), "name", "Late")) == 1
    assert _change(register, sid, lambda db, s: setattr(db.get(Event, s.session.event_id), "authority",
                                                       Authority.ACBL)) == 1
    # a writer that bypasses the ORM is caught too: the database raises the version, not the code
    assert _change(register, sid, lambda db, s: db.execute(update(SessionResult).where(SessionResult.id == rid)
                                                           .values(tricks=13, ns_score=510))) == 1


def test_a_penalty_raises_the_version_in_the_ruling_s_transaction(register: Register) -> None:
    sid = evening(register)
    rid, _, _ = first_result(register, sid)
    before = version(register, sid)
    with register.transaction() as db:
        rule_on_result(db, rid, director="TD", laws="90", decision=None, penalties=[PenaltyIn(4, 0.5)])
        inside = db.scalar(select(Section.score_version).where(Section.id == sid))
    assert inside is not None and inside > before and version(register, sid) == inside


def test_a_write_rolled_back_leaves_the_version(register: Register) -> None:
    sid = evening(register)
    before = version(register, sid)
    with pytest.raises(RuntimeError), register.transaction() as db:
        db.execute(update(SessionResult).where(SessionResult.section_id == sid).values(tricks=13))
        raise RuntimeError("the writer fails")
    assert version(register, sid) == before


# ----- the cache ------------------------------------------------------------------------------------------------


def test_a_section_is_read_once_per_version(register: Register) -> None:
    sid = evening(register)
    cache = ScoreCache(register)
    first = cache.scores(sid)
    again = cache.scores(sid)
    assert first is not None and again is first and cache.reads == 1
    correct_first(register, sid)
    changed = cache.scores(sid)
    assert changed is not None and changed is not first and (cache.reads, cache.patches) == (1, 1)
    assert changed.version is not None and first.version is not None and changed.version > first.version
    assert changed.report.lines != first.report.lines
    assert cache.scores(sid) is changed and (cache.reads, cache.patches) == (1, 1)
    assert cache.scores(999_999) is None


def test_pages_are_rendered_once_per_version(register: Register) -> None:
    sid = evening(register)
    cache = ScoreCache(register)
    made: list[int] = []

    def render(rep: object) -> str:
        made.append(1)
        return f"page {len(made)}"

    scores = cache.scores(sid)
    assert scores is not None
    assert scores.page("results", render) == scores.page("results", render) == "page 1"
    correct_first(register, sid)
    newer = cache.scores(sid)
    assert newer is not None and newer.page("results", render) == "page 2"


def test_the_printable_page_made_of_kept_parts_is_the_page_made_afresh(register: Register) -> None:
    """Travellers and score cards are kept by what they show: after a change, only those it touches are made
    again, and the page is the one made from nothing."""
    sid = evening(register)
    before = fresh_page(register, sid)
    kept = len(report._FRAGMENTS)
    assert kept > 0
    correct_first(register, sid)
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        changed = load_report(db, section)
    from_parts = report_html(changed)
    assert kept < len(report._FRAGMENTS) < 2 * kept  # the touched parts only, made again beside the old ones
    assert from_parts == fresh_page(register, sid) != before


def test_concurrent_readers_of_one_version_read_it_once(register: Register) -> None:
    sid = evening(register)
    cache = ScoreCache(register)
    got: list[object] = []
    start = threading.Barrier(6)

    def reader() -> None:
        start.wait()
        got.append(cache.scores(sid))

    threads = [threading.Thread(target=reader) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert cache.reads == 1 and len(got) == 6 and all(g is got[0] for g in got)


def test_two_registers_on_one_database_never_serve_a_stale_score(open_register: Callable[[], Register]) -> None:
    """Two caches, each with its own engine and connections: what two worker processes have."""
    one, two = open_register(), open_register()
    sid = evening(one)
    cache_one, cache_two = ScoreCache(one), ScoreCache(two)
    for cache in (cache_one, cache_two):
        warm = cache.scores(sid)
        assert warm is not None and warm.page("results", report_html) == fresh_page(one, sid)
    for _ in range(3):
        correct_first(two, sid)  # written through the second register only
        for cache in (cache_one, cache_two):
            scores = cache.scores(sid)
            assert scores is not None and scores.page("results", report_html) == fresh_page(one, sid)
    assert cache_one.reads + cache_one.patches == cache_two.reads + cache_two.patches == 4


def test_a_register_without_the_version_triggers_is_never_cached(tmp_path: Path) -> None:
    register = Register(f"sqlite:///{tmp_path / 'plain.sqlite3'}", migrate=False)
    Base.metadata.create_all(register.engine)  # the models' tables only, as a throw-away register has them
    try:
        sid = evening(register)
        cache = ScoreCache(register)
        assert cache.scores(sid) is not None and cache.scores(sid) is not None and cache.reads == 2
        correct_first(register, sid)
        scores = cache.scores(sid)
        assert scores is not None and scores.version is None
        assert scores.page("results", report_html) == fresh_page(register, sid)
    finally:
        register.close()


def test_the_process_keeps_one_cache_per_register(open_register: Callable[[], Register]) -> None:
    one, two = open_register(), open_register()
    assert score_cache(one) is score_cache(one) and score_cache(one) is not score_cache(two)


# ----- the pages ------------------------------------------------------------------------------------------------


@pytest.fixture
def web(register: Register) -> Iterator[tuple[TestClient, Register, int]]:
    accounts = MemoryAccountStore()
    accounts.add("director", PASSWORD, Role.DIRECTOR)
    app = create_app(WebSettings(secret_key="test-secret-key-0123456789"), accounts, register=register)
    sid = evening(register)
    with TestClient(app, base_url="https://testserver") as client:
        r = client.post("/api/login", json={"username": "director", "password": PASSWORD})
        assert r.status_code == 200, r.text
        client.headers["X-CSRF-Token"] = r.json()["csrf_token"]
        yield client, register, sid


def _pages(client: TestClient, sid: int) -> tuple[str, str, str]:
    pages = []
    for path in (f"/sessions/{sid}/results", f"/sessions/{sid}/ranking", f"/sessions/{sid}/boards/1"):
        r = client.get(path)
        assert r.status_code == 200, (path, r.status_code)
        pages.append(r.text)
    return pages[0], pages[1], pages[2]


def _ranking(page: str) -> list[tuple[str, str]]:
    """The ranking page's places and totals, by pair (the first two cells of each row: place, pair and names)."""
    rows = re.findall(r"<tr><td>([^<]*)</td><td><a href=\"[^\"]*/pairs/(\d+)\">.*?</a></td><td>([^< ]*)", page)
    return [(f"{pair}", f"{place} {total}") for place, pair, total in rows]


def fresh_ranking(register: Register, sid: int) -> list[tuple[str, str]]:
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        return [(str(r.pair), f"{r.place} {fmt_points(r.total)}") for r in load_report(db, section).ranking()]


def test_a_correction_a_ruling_and_a_penalty_each_change_the_cached_pages(
        web: tuple[TestClient, Register, int]) -> None:
    client, register, sid = web
    results, ranking, board = _pages(client, sid)
    assert _pages(client, sid) == (results, ranking, board)  # served again from the cache
    assert results == fresh_page(register, sid) and _ranking(ranking) == fresh_ranking(register, sid)
    rid, at, _ = first_result(register, sid)

    r = client.put(f"/api/results/{rid}", json={"contract": "4S", "declarer": "N", "tricks": 6, "version": at,
                                                 "reason": "misread"})
    assert r.status_code == 200, r.text
    corrected = _pages(client, sid)
    assert corrected[0] == fresh_page(register, sid) != results
    assert _ranking(corrected[1]) == fresh_ranking(register, sid) != _ranking(ranking)
    assert "<td>-200</td>" in corrected[2] and "<td>-200</td>" not in board  # board 1's first result: 4 down

    assigned = {"kind": "assigned", "score": {"contract": "3NT", "declarer": "S", "tricks": 8}}
    r = client.post(f"/api/results/{rid}/ruling", json={"laws": "12C1b", "facts": "misinformation",
                                                         "decision": assigned})
    assert r.status_code == 201, r.text
    ruled = _pages(client, sid)
    assert ruled[0] == fresh_page(register, sid) != corrected[0]
    assert "adj." in ruled[0] and "adj." not in corrected[0] and "adj." in ruled[2]
    assert _ranking(ruled[1]) == fresh_ranking(register, sid) != _ranking(corrected[1])

    other, _, _ = first_result(register, sid)
    with register.transaction() as db:
        later = db.scalars(select(SessionResult.id).where(SessionResult.section_id == sid)
                           .order_by(SessionResult.id.desc())).first()
        assert later is not None and later != other
    r = client.post(f"/api/results/{later}/ruling", json={"laws": "90", "facts": "slow play", "decision": None,
                                                           "penalties": [{"pair": 4, "amount": 0.5, "unit": "top"}]})
    assert r.status_code == 201, r.text
    penalised = _pages(client, sid)
    assert penalised[0] == fresh_page(register, sid) != ruled[0]
    assert "pen." in penalised[0] and "pen." not in ruled[0]
    assert _ranking(penalised[1]) == fresh_ranking(register, sid) != _ranking(ruled[1])


def test_a_missing_section_still_answers_404(web: tuple[TestClient, Register, int]) -> None:
    client, _, _ = web
    for path in ("/sessions/999999/results", "/sessions/999999/ranking", "/sessions/999999/boards/1"):
        assert client.get(path).status_code == 404


# ----- two worker processes --------------------------------------------------------------------------------------


def test_two_worker_processes_never_serve_a_stale_score(db_url: str) -> None:
    """uvicorn with two workers, every request on a new connection (so both workers answer and both cache); after
    each correction every page served equals the one computed from the register."""
    register = Register(db_url)
    DatabaseAccountStore(register).add("director", PASSWORD, Role.DIRECTOR)
    sid = evening(register)
    child, base = start_server(WORKERS_SERVER, db_url, "2")
    try:
        client = client_for(base, PASSWORD, keepalive=False)
        served = [client.get(f"/sessions/{sid}/results").text for _ in range(8)]
        assert set(served) == {fresh_page(register, sid)}
        for _ in range(3):
            rid, at, tricks = first_result(register, sid)
            r = client.put(f"/api/results/{rid}", json={"contract": "4S", "declarer": "N", "version": at,
                                                         "tricks": tricks - 1 if tricks else 1})
            assert r.status_code == 200, r.text
            expected = fresh_page(register, sid)
            assert all(client.get(f"/sessions/{sid}/results").text == expected for _ in range(8))
        client.close()
    finally:
        os.killpg(child.pid, signal.SIGTERM)
        child.wait(timeout=30)
        register.close()


def _api_ranking(client: TestClient, sid: int) -> list[tuple[str, str]]:
    r = client.get(f"/api/sections/{sid}/ranking")
    assert r.status_code == 200, r.text
    standings = sorted(r.json()["standings"], key=lambda s: s["field"] == "EW")  # N-S first, as on the page
    return [(s["pair"], f"{s['place']} {fmt_points(s['total'])}") for s in standings]


def test_the_json_ranking_is_served_from_the_cache_and_follows_a_correction(
        web: tuple[TestClient, Register, int]) -> None:
    client, register, sid = web
    cache = score_cache(register)
    first = _api_ranking(client, sid)
    reads = cache.reads + cache.patches
    assert first == fresh_ranking(register, sid) and first  # the same standings as the ranking page
    assert _api_ranking(client, sid) == first and cache.reads + cache.patches == reads  # served again, not read
    assert _ranking(_pages(client, sid)[1]) == first and cache.reads + cache.patches == reads  # one cache
    rid, at, _ = first_result(register, sid)
    r = client.put(f"/api/results/{rid}", json={"contract": "4S", "declarer": "N", "tricks": 6, "version": at,
                                                 "reason": "misread"})
    assert r.status_code == 200, r.text
    corrected = _api_ranking(client, sid)
    assert corrected == fresh_ranking(register, sid) != first and cache.reads + cache.patches == reads + 1
    assert client.get("/api/sections/999999/ranking").status_code == 404
