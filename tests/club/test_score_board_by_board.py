"""A section playing a movement brought up to date board by board after a correction (``club.score_patch``,
``scoring.rescore``): after random corrections, entries, boards not played and deletions, the cached report is the
report read and scored afresh, exactly (every pair's total, percentage and place, every board's points, every
line), at matchpoints on either scale, at cross-IMPs and at Butler, Mitchell (two fields) and Howell (one), with
assigned, split and weighted scores and penalties held; and it was scored board by board.  Where one board's
change can move the others (an artificial score, a decision applied once the boards are scored, uploaded
results), the section is scored whole from what is held, and the report is again the one read afresh.  SQLite and
PostgreSQL."""

from __future__ import annotations

import gc
import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, select, text
from sqlalchemy.orm import Session

from bridge_director.club import report
from bridge_director.club.adjustments import PENALTY_UNITS, PenaltyIn, rule_on_result
from bridge_director.club.decisions import Artificial, Assigned, Capped, Decision, Score, Split, Weighted
from bridge_director.club.movement_gen import howell, mitchell
from bridge_director.club.report import PageParts, SectionReport
from bridge_director.club.results import NOT_PLAYED, ResultIn, correct_result, enter_result, table_round
from bridge_director.club.score_cache import ScoreCache, Scores, read_scores
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
from bridge_director.club.travellers import store_travellers
from bridge_director.register import Register
from bridge_director.register.models import ResultChange, ResultRuling, Section, SessionResult
from bridge_director.scoring.adjusted import Fault
from bridge_director.scoring.event import Result
from bridge_director.scoring.rescore import Tally

EVENINGS = itertools.count(1)
#: (method, scale): the ways a section playing a movement is scored
WAYS = [("mp", 2), ("mp", 1), ("cross-imps", 2), ("butler", 2)]


def section(register: Register, rng: random.Random, method: str, scale: int, kind: str, tables: int,
            decisions: list[Decision], penalty: bool) -> tuple[int, list[tuple[int, int, int]]]:
    """A Mitchell or Howell of ``tables`` tables, 2 boards a round, about four results in five entered, the
    ``decisions`` given on results of their own, and a penalty when asked: its id and the slots left empty."""
    with register.transaction() as db:
        session = create_session(db, "Board by board", f"Evening {next(EVENINGS)}")
        movement = mitchell(tables) if kind == "mitchell" else howell(tables)
        found = add_section(db, session, "A", movement, 2, method=method, scale=scale)
        for n in range(1, 2 * tables + 1):
            add_pair(db, found, n, PlayerIn(f"Player {n}a"), PlayerIn(f"Player {n}b"))
        slots = [(r, t, b) for r in range(1, movement.rounds + 1) for t in range(1, tables + 1)
                 for b in table_round(db, found, r, t).boards]
        empty = []
        for r, t, b in slots:
            if rng.random() < 0.2:
                empty.append((r, t, b))
            else:
                enter_result(db, found, r, t, b, ResultIn("4S", "N", rng.randrange(7, 13)))
        picked = rng.sample(_results(db, found.id), len(decisions) + penalty)  # a result of its own each
        for decision, row in zip(decisions, picked, strict=False):
            rule_on_result(db, row.id, director="TD", laws="2017", decision=decision)
        if penalty:
            row = picked[-1]
            rule_on_result(db, row.id, director="TD", laws="2017", decision=None,
                           penalties=[PenaltyIn(row.ns_pair.number, 0.5, rng.choice(PENALTY_UNITS[method]))])
        return found.id, empty


def _results(db: Session, sid: int) -> list[SessionResult]:
    return list(db.scalars(select(SessionResult).where(SessionResult.section_id == sid).order_by(SessionResult.id)))


def fresh(register: Register, sid: int) -> Scores:
    with register.transaction() as db:
        found = db.get(Section, sid)
        assert found is not None
        return read_scores(db, found)


def change(register: Register, sid: int, empty: list[tuple[int, int, int]], rng: random.Random) -> None:
    """One write of results only: a correction (now and then to a board not played), an entry, or a deletion."""
    with register.transaction() as db:
        found = db.get(Section, sid)
        assert found is not None
        rows = _results(db, sid)
        ruled = set(db.scalars(select(ResultRuling.result_id)))
        plain = [row for row in rows if row.id not in ruled]
        what = rng.random()
        if what < 0.6 or not plain:
            row = rng.choice(rows)
            result = (ResultIn("PASS", status=NOT_PLAYED) if rng.random() < 0.1 else
                      ResultIn(rng.choice(["4S", "3NT", "2H"]), rng.choice("NESW"), rng.randrange(6, 14)))
            correct_result(db, row.id, result, version=row.version, by="scorer", reason="misread")
        elif what < 0.8 and empty:
            r, t, b = empty.pop(rng.randrange(len(empty)))
            enter_result(db, found, r, t, b, ResultIn("3NT", "S", rng.randrange(6, 13)))
        else:
            row = rng.choice(plain)
            db.execute(delete(ResultChange).where(ResultChange.result_id == row.id))
            db.execute(delete(SessionResult).where(SessionResult.id == row.id))


def same(cached: SectionReport, afresh: SectionReport) -> None:
    """The two reports alike in everything, the figures compared one by one as well as whole."""
    assert cached == afresh
    mine, theirs = cached.scored, afresh.scored
    assert mine is not None and theirs is not None
    assert [(s.pair, s.field, s.total, s.maximum, s.percent, s.boards, s.place) for s in mine.standings] == \
        [(s.pair, s.field, s.total, s.maximum, s.percent, s.boards, s.place) for s in theirs.standings]
    assert [(b.board, [(ln.ns, ln.ew) for ln in b.lines]) for b in mine.boards] == \
        [(b.board, [(ln.ns, ln.ew) for ln in b.lines]) for b in theirs.boards]
    assert cached.ranking() == afresh.ranking()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), way=st.integers(0, len(WAYS) - 1), kind=st.sampled_from(["mitchell", "howell"]),
       tables=st.integers(3, 5), adjusted=st.booleans(), penalty=st.booleans(), steps=st.integers(1, 6))
def test_random_corrections_scored_board_by_board_give_the_report_read_afresh(
        register: Register, seed: int, way: int, kind: str, tables: int, adjusted: bool, penalty: bool,
        steps: int) -> None:
    rng = random.Random(seed)
    method, scale = WAYS[way]
    decisions: list[Decision] = [Assigned(Score("3NT", "S", 9)), Split(Score("4S", "N", 10), Score("4S", "N", 9)),
                                 Weighted(((Score("4H", "E", 10), 40.0), (Score("4H", "E", 9), 60.0)))]
    sid, empty = section(register, rng, method, scale, kind, tables, decisions if adjusted else [], penalty)
    cache = ScoreCache(register)
    assert cache.scores(sid) is not None
    for _ in range(steps):
        patches = cache.patches
        change(register, sid, empty, rng)
        cached = cache.scores(sid)
        assert cached is not None
        afresh = fresh(register, sid).report
        same(cached.report, afresh)
        # scored board by board (a correction to what was stored already writes nothing: the report is the same)
        assert cached.tally is not None or cache.patches == patches
        if rng.random() < 0.7:  # a page now and then: the next one renders every board changed since
            assert cached.printable() == whole_page(afresh)
    assert cache.reads == 1


def whole_page(rep: SectionReport) -> str:
    """The printable page rendered whole, nothing taken from a page rendered before."""
    for held in (report._FRAGMENTS, report._BY_LINES, report._ROW_PARTS):
        held.clear()
    return report.report_html(rep)


def test_many_corrections_one_after_another_stay_the_report_read_afresh(register: Register) -> None:
    """Thirty corrections, each scored from the points the one before held, never from a fresh read."""
    rng = random.Random(28)
    sid, empty = section(register, rng, "mp", 2, "mitchell", 6, [Assigned(Score("3NT", "S", 9))], True)
    cache = ScoreCache(register)
    first = cache.scores(sid)
    assert first is not None and first.printable()
    for _ in range(30):
        change(register, sid, empty, rng)
        cached = cache.scores(sid)
        assert cached is not None and cached.tally is not None
        assert cached.base is not None and cached.printable()  # each page rendered from the one before
    assert cached is not None
    same(cached.report, fresh(register, sid).report)
    assert cached.printable() == whole_page(fresh(register, sid).report)
    assert (cache.reads, cache.patches) == (1, 30)


def test_two_boards_changed_between_two_reads_are_both_scored_again(register: Register) -> None:
    rng = random.Random(3)
    sid, _ = section(register, rng, "cross-imps", 2, "howell", 4, [], False)
    cache = ScoreCache(register)
    assert cache.scores(sid) is not None
    with register.transaction() as db:
        rows = _results(db, sid)
        one = rows[0]
        other = next(row for row in rows if row.board_id != one.board_id)
        for row in (one, other):
            correct_result(db, row.id, ResultIn("6NT", "S", 13), version=row.version, by="scorer")
    cached = cache.scores(sid)
    assert cached is not None and cached.tally is not None and cache.patches == 1
    same(cached.report, fresh(register, sid).report)


def whole_after_correction(register: Register, sid: int) -> Scores:
    """The section's scores after a correction of its first plain result, brought up to date by the cache, checked
    against the report read afresh."""
    cache = ScoreCache(register)
    assert cache.scores(sid) is not None
    with register.transaction() as db:
        ruled = set(db.scalars(select(ResultRuling.result_id)))
        row = next(row for row in _results(db, sid) if row.id not in ruled)
        correct_result(db, row.id, ResultIn("6S", "N", 12), version=row.version, by="scorer")
    cached = cache.scores(sid)
    assert cached is not None and (cache.reads, cache.patches) == (1, 1)
    same(cached.report, fresh(register, sid).report)
    return cached


def test_a_section_with_an_artificial_score_is_scored_whole(register: Register) -> None:
    """Law 12C2 with the session-percentage rule: the award follows the pairs' percentages on their other boards,
    so any board's change can move it."""
    sid, _ = section(register, random.Random(5), "mp", 2, "mitchell", 4, [], False)
    with register.transaction() as db:  # a board that could not be played, given A+ and A-
        row = _results(db, sid)[-1]
        correct_result(db, row.id, ResultIn("PASS", status=NOT_PLAYED), version=row.version, by="scorer")
        rule_on_result(db, row.id, director="TD", laws="2017", decision=Artificial(Fault.NONE, Fault.DIRECT))
    assert whole_after_correction(register, sid).tally is None


def test_a_section_with_a_decision_applied_once_scored_is_scored_whole(register: Register) -> None:
    sid, _ = section(register, random.Random(6), "mp", 2, "mitchell", 4, [Capped("NS")], False)
    assert whole_after_correction(register, sid).tally is None


def test_a_section_of_uploaded_results_is_scored_whole(register: Register) -> None:
    """Uploaded travellers are scored to the most results on a board: a line gone from the fullest board moves
    every other board."""
    lines = [Result(b, str(ns), str(ns + 1), 10 * ((b * ns) % 7) - 30) for b in (1, 2, 3) for ns in (1, 3, 5, 7)]
    with register.transaction() as db:
        sid = store_travellers(db, "Uploaded", lines).section.id
    cache = ScoreCache(register)
    assert cache.scores(sid) is not None
    with register.transaction() as db:
        db.execute(text("UPDATE session_results SET ns_score = 620 WHERE id = :r"), {"r": _results(db, sid)[0].id})
    cached = cache.scores(sid)
    assert cached is not None and cached.tally is None and cache.patches == 1
    same(cached.report, fresh(register, sid).report)


def test_a_replaced_version_is_freed_with_its_page_parts_and_points(register: Register) -> None:
    """Versions brought up to date and rendered one after another leave nothing of the ones before alive: of this
    section, one report, one set of points pair by pair and one page's parts are left (no cache holds the old)."""
    rng = random.Random(9)
    sid, empty = section(register, rng, "mp", 2, "mitchell", 4, [], False)
    cache = ScoreCache(register)
    latest = cache.scores(sid)
    assert latest is not None and latest.printable()
    for _ in range(4):
        change(register, sid, empty, rng)
        latest = cache.scores(sid)
        assert latest is not None and latest.printable() and latest.tally is not None
    gc.collect()
    alive = gc.get_objects()
    title, names, boards = latest.report.title, latest.report.names, {id(b) for b in latest.tally.boards.values()}
    assert sum(isinstance(o, SectionReport) and o.title == title for o in alive) == 1
    assert sum(isinstance(o, PageParts) and o.names is names for o in alive) == 1
    assert sum(isinstance(o, Tally) and bool(boards & {id(b) for b in o.boards.values()}) for o in alive) == 1
