"""Scores brought up to date from the boards that changed (``club.score_patch``, migration 0016): after every step
of random sequences of entries, corrections, deletions, uploads, rulings, penalties and names, the cached report
is the report read afresh; a correction reads its board's rows only; a write of anything but results reads the
section again; the migration goes up and down.  SQLite and PostgreSQL."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

import pytest
from alembic import command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Table, delete, event, inspect, select, text
from sqlalchemy.orm import Session

from bridge_director.club.adjustments import PenaltyIn, rule_on_result
from bridge_director.club.decisions import Assigned, Score
from bridge_director.club.movement_gen import mitchell
from bridge_director.club.report import report_html
from bridge_director.club.results import ResultIn, correct_result, enter_result, table_round
from bridge_director.club.score_cache import ScoreCache, Scores, read_scores
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
from bridge_director.club.travellers import store_travellers
from bridge_director.register import Register
from bridge_director.register.bulk import insert_rows
from bridge_director.register.db import make_engine
from bridge_director.register.migrate import alembic_config, current, upgrade
from bridge_director.register.models import Player, ResultChange, ResultRuling, Section, SessionResult
from bridge_director.scoring.event import Result

STEPS = ("enter", "correct", "delete", "upload", "ruling", "penalty", "name")
#: the steps that change results only: the cache patches them (the others read the section again)
RESULTS_ONLY = {"enter", "correct", "delete"}
EVENINGS = itertools.count(1)


def section_with_gaps(register: Register, tables: int = 4) -> tuple[int, list[tuple[int, int, int]]]:
    """A Mitchell of ``tables`` tables, 2 boards a round, with about two results in three entered: its id and
    the slots (round, table, board) left empty."""
    with register.transaction() as db:
        session = create_session(db, "Patch club", f"Evening {next(EVENINGS)}")
        section = add_section(db, session, "A", mitchell(tables), 2)
        for n in range(1, 2 * tables + 1):
            add_pair(db, section, n, PlayerIn(f"Player {n}a"), PlayerIn(f"Player {n}b"))
        slots = [(r, t, b) for r in range(1, tables + 1) for t in range(1, tables + 1)
                 for b in table_round(db, section, r, t).boards]
        empty = []
        for k, (r, t, b) in enumerate(slots):
            if k % 3 == 2:
                empty.append((r, t, b))
            else:
                enter_result(db, section, r, t, b, ResultIn("4S", "N", 7 + (b + t + r) % 6))
        return section.id, empty


def fresh(register: Register, sid: int) -> Scores:
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        return read_scores(db, section)


def stored_version(register: Register, sid: int) -> int | None:
    with register.transaction() as db:
        return db.scalar(select(Section.score_version).where(Section.id == sid))


def _results(db: Session, sid: int) -> list[SessionResult]:
    return list(db.scalars(select(SessionResult).where(SessionResult.section_id == sid)
                           .order_by(SessionResult.id)))


class Steps:
    """Writes to one section, each in its own transaction, as the desk, the tables and an upload make them."""

    def __init__(self, register: Register, sid: int, empty: list[tuple[int, int, int]], rng: random.Random):
        self.register, self.sid, self.empty, self.rng = register, sid, empty, rng
        self.deleted: list[dict[str, Any]] = []  # rows deleted, for an upload to bring back

    def run(self, step: str) -> bool:
        """Make ``step``; False when there was nothing to make it on (nothing written)."""
        with self.register.transaction() as db:
            section = db.get(Section, self.sid)
            assert section is not None
            rows = _results(db, self.sid)
            plain = [r for r in rows if db.scalar(select(ResultRuling.id).where(ResultRuling.result_id == r.id))
                     is None]
            return cast(bool, getattr(self, step)(db, section, rows, plain))

    def enter(self, db: Session, section: Section, rows: list[SessionResult], plain: list[SessionResult]) -> bool:
        if not self.empty:
            return False
        r, t, b = self.empty.pop(self.rng.randrange(len(self.empty)))
        enter_result(db, section, r, t, b, ResultIn("3NT", "S", self.rng.randrange(6, 13)))
        return True

    def correct(self, db: Session, section: Section, rows: list[SessionResult], plain: list[SessionResult]) -> bool:
        row = self.rng.choice(rows)
        correct_result(db, row.id, ResultIn("4H", "E", self.rng.randrange(5, 14)), version=row.version,
                       by="scorer", reason="misread")
        return True

    def delete(self, db: Session, section: Section, rows: list[SessionResult], plain: list[SessionResult]) -> bool:
        if len(plain) < 2:
            return False
        row = self.rng.choice(plain)
        table = SessionResult.__table__
        values = dict(db.execute(select(table).where(table.c.id == row.id)).mappings().one())
        del values["id"]
        self.deleted.append(values)
        db.execute(delete(ResultChange).where(ResultChange.result_id == row.id))
        db.execute(delete(SessionResult).where(SessionResult.id == row.id))
        return True

    def upload(self, db: Session, section: Section, rows: list[SessionResult], plain: list[SessionResult]) -> bool:
        if not self.deleted:
            return False
        values = self.deleted.pop()
        insert_rows(db, cast(Table, SessionResult.__table__), {name: [value] for name, value in values.items()})
        return True

    def ruling(self, db: Session, section: Section, rows: list[SessionResult], plain: list[SessionResult]) -> bool:
        if not plain:
            return False
        row = self.rng.choice(plain)
        rule_on_result(db, row.id, director="TD", laws="12C1b",
                       decision=Assigned(Score("4S", "N", self.rng.randrange(8, 12))))
        return True

    def penalty(self, db: Session, section: Section, rows: list[SessionResult], plain: list[SessionResult]) -> bool:
        if not plain:
            return False
        row = self.rng.choice(plain)
        rule_on_result(db, row.id, director="TD", laws="90", decision=None,
                       penalties=[PenaltyIn(row.ns_pair.number, self.rng.choice([0.25, 0.5]))])
        return True

    def name(self, db: Session, section: Section, rows: list[SessionResult], plain: list[SessionResult]) -> bool:
        player = db.get(Player, section.pairs[self.rng.randrange(len(section.pairs))].player1_id)
        assert player is not None
        player.name = f"Renamed {self.rng.randrange(1000)}"
        return True


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.sampled_from(STEPS), min_size=1, max_size=8), seed=st.integers(0, 2**32 - 1))
def test_the_patched_report_is_the_report_read_afresh_after_every_step(register: Register, steps: list[str],
                                                                       seed: int) -> None:
    sid, empty = section_with_gaps(register)
    cache = ScoreCache(register)
    assert cache.scores(sid) is not None
    writer = Steps(register, sid, empty, random.Random(seed))
    for step in steps:
        reads, patches, before = cache.reads, cache.patches, stored_version(register, sid)
        if not writer.run(step) or stored_version(register, sid) == before:  # nothing written, or the same again
            continue
        cached, afresh = cache.scores(sid), fresh(register, sid)
        assert cached is not None
        assert cached.report == afresh.report, step
        assert cached.boards == afresh.boards
        patched = step in RESULTS_ONLY
        assert (cache.reads - reads, cache.patches - patches) == ((0, 1) if patched else (1, 0)), step
    last = cache.scores(sid)
    assert last is not None and report_html(last.report) == report_html(fresh(register, sid).report)


@contextmanager
def statements(register: Register) -> Iterator[list[str]]:
    """The SQL statements the register's engine runs inside the block."""
    seen: list[str] = []

    def log(conn: object, cursor: object, statement: str, *args: object) -> None:
        seen.append(statement)

    event.listen(register.engine, "before_cursor_execute", log)
    try:
        yield seen
    finally:
        event.remove(register.engine, "before_cursor_execute", log)


def test_a_correction_reads_its_board_only(register: Register) -> None:
    sid, _ = section_with_gaps(register)
    cache = ScoreCache(register)
    assert cache.scores(sid) is not None
    with register.transaction() as db:
        row = _results(db, sid)[3]
        correct_result(db, row.id, ResultIn("4S", "N", 13), version=row.version, by="scorer")
        board = row.board.number
    with statements(register) as seen:
        scores = cache.scores(sid)
    assert scores is not None and (cache.reads, cache.patches) == (1, 1)
    assert scores.report == fresh(register, sid).report
    assert [line.tricks for line in scores.report.lines if line.result_id == row.id] == [13]
    read = [s for s in seen if "FROM session_results" in s]
    assert len(read) == 1 and "board_id IN" in read[0]  # the rows of the corrected board only
    assert not [s for s in seen if "FROM pairs" in s or "FROM result_rulings" in s or "FROM session_penalties" in s]
    assert len(seen) <= 8
    assert board in scores.boards


def test_a_version_missing_from_the_log_reads_the_section_again(register: Register) -> None:
    sid, _ = section_with_gaps(register)
    cache = ScoreCache(register)
    assert cache.scores(sid) is not None
    with register.transaction() as db:  # a raise whose log is lost (or pruned): the log cannot say what changed
        row = _results(db, sid)[0]
        correct_result(db, row.id, ResultIn("4S", "N", 12), version=row.version, by="scorer")
        version = db.scalar(select(Section.score_version).where(Section.id == sid))
        db.execute(text("DELETE FROM section_changes WHERE section_id = :s AND version = :v"),
                   {"s": sid, "v": version})
    scores = cache.scores(sid)
    assert scores is not None and (cache.reads, cache.patches) == (2, 0)
    assert scores.report == fresh(register, sid).report


def test_the_log_keeps_a_section_s_last_versions_only(register: Register) -> None:
    sid, _ = section_with_gaps(register)
    with register.transaction() as db:
        row = _results(db, sid)[0]
        at = row.version
    for k in range(70):
        with register.transaction() as db:
            at = correct_result(db, row.id, ResultIn("4S", "N", 7 + k % 6), version=at, by="scorer").version
    with register.transaction() as db:
        versions = db.scalars(text("SELECT version FROM section_changes WHERE section_id = :s"), {"s": sid}).all()
        now = db.scalar(select(Section.score_version).where(Section.id == sid))
    assert now is not None and len(set(versions)) == 64 and max(versions) == now and min(versions) == now - 63


def test_migration_0016_goes_up_and_down(db_url: str) -> None:
    register = Register(db_url)
    try:
        sid, _ = section_with_gaps(register, tables=3)
        with register.engine.begin() as connection:
            command.downgrade(alembic_config(connection), "0015")
        assert current(register.engine) == "0015"
        assert "section_changes" not in inspect(register.engine).get_table_names()
        register.engine.dispose()
        with register.transaction() as db:  # 0009's triggers raise the version as before, nothing logged
            before = db.scalar(select(Section.score_version).where(Section.id == sid))
            row = _results(db, sid)[0]
            correct_result(db, row.id, ResultIn("4S", "N", 13), version=row.version, by="scorer")
        with register.transaction() as db:
            assert db.scalar(select(Section.score_version).where(Section.id == sid)) == (before or 0) + 1
    finally:
        register.close()
    engine = make_engine(db_url)
    try:
        upgrade(engine)
        assert current(engine) == "0016"
        with engine.begin() as conn:
            conn.execute(text("UPDATE session_results SET tricks = 12 WHERE section_id = :s"), {"s": sid})
            logged = conn.execute(text("SELECT count(DISTINCT board_id), count(*) FROM section_changes "
                                       "WHERE section_id = :s AND board_id IS NOT NULL"), {"s": sid}).one()
        assert logged[0] == 6  # every board with a result, none as "anything"
    finally:
        engine.dispose()


@pytest.mark.parametrize("step", ["name", "penalty", "ruling"])
def test_a_write_of_anything_but_results_logs_anything(register: Register, step: str) -> None:
    sid, empty = section_with_gaps(register, tables=3)
    with register.transaction() as db:
        before = db.scalar(select(Section.score_version).where(Section.id == sid))
    assert Steps(register, sid, empty, random.Random(1)).run(step)
    with register.transaction() as db:
        boards = db.scalars(text("SELECT board_id FROM section_changes WHERE section_id = :s AND version > :v"),
                            {"s": sid, "v": before}).all()
    assert None in boards


def test_a_section_of_uploaded_results_patched_as_its_norm_moves(register: Register) -> None:
    """Uploaded travellers are scored to the most results on a board (Neuberg): a line deleted from the fullest
    board moves every other board's points, and the patched report still equals the one read afresh."""
    lines = [Result(b, str(ns), str(ns + 1), 10 * ((b * ns) % 7) - 30) for b in (1, 2, 3) for ns in (1, 3, 5, 7)
             if (b, ns) != (3, 7)]
    lines.append(Result(2, "9", "10", ns_award=60.0, ew_award=40.0))
    with register.transaction() as db:
        sid = store_travellers(db, "Uploaded", lines).section.id
    cache = ScoreCache(register)
    assert cache.scores(sid) is not None
    writes = [("UPDATE session_results SET ns_score = 620 WHERE id = :r", 0),
              ("DELETE FROM session_results WHERE id = :r", 4),
              ("DELETE FROM session_results WHERE id = :r", 0)]
    for statement, which in writes:
        with register.transaction() as db:
            db.execute(text(statement), {"r": _results(db, sid)[which].id})
        cached = cache.scores(sid)
        assert cached is not None and cached.report == fresh(register, sid).report
        assert cached.boards == fresh(register, sid).boards
    assert (cache.reads, cache.patches) == (1, 3)
