"""Rulings on the session's results reach the ranking: artificial scores with the session-percentage rule,
assigned scores, penalties, appeals; idempotent; bad input named.  SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from bridge_director.club.adjustments import PenaltyIn, revise_ruling, rule_on_result
from bridge_director.club.decisions import Artificial, Assigned, Score, Weighted
from bridge_director.club.movement_gen import mitchell
from bridge_director.club.results import NOT_PLAYED, ResultIn, enter_result, table_round
from bridge_director.club.scores import score_section
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
from bridge_director.errors import BridgeError, ConflictError
from bridge_director.register import Authority, Register
from bridge_director.register.models import ResultRuling, Section, SessionResult
from bridge_director.scoring.adjusted import Fault

LATE = (3, 1)  # round 3, table 1: the board that could not be played


def evening(register: Register, authority: Authority = Authority.EBU) -> tuple[int, int]:
    """A 3-table Mitchell, one board a round: N-S 1 makes 11 tricks in 4S every time, N-S 2 ten, N-S 3 nine;
    the board at table 1 in round 3 is not played.  Returns the section's id and that result's id."""
    with register.transaction() as db:
        session = create_session(db, "Rulings", f"evening {authority.value}", authority=authority)
        section = add_section(db, session, "A", mitchell(3), 1)
        for n in range(1, 7):
            add_pair(db, section, n, PlayerIn(f"P{n}a"), PlayerIn(f"P{n}b"))
        late = 0
        for rnd in (1, 2, 3):
            for table in (1, 2, 3):
                board = table_round(db, section, rnd, table).boards[0]
                given = (ResultIn("", status=NOT_PLAYED) if (rnd, table) == LATE
                         else ResultIn("4S", "N", {1: 11, 2: 10, 3: 9}[table]))
                row = enter_result(db, section, rnd, table, board, given)
                if (rnd, table) == LATE:
                    late = row.id
        return section.id, late


def played_at(db: Session, sid: int, round_no: int = 1, table_no: int = 3) -> SessionResult:
    """The result played at ``table_no`` in ``round_no`` (by default round 1, table 3: N-S 3 took nine tricks)."""
    return db.scalars(select(SessionResult).where(SessionResult.section_id == sid, SessionResult.round_no == round_no,
                                                  SessionResult.table_no == table_no)).one()


def standings(register: Register, sid: int) -> dict[tuple[str, str], tuple[float, float | None, str]]:
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        scored = score_section(db, section)
        assert scored is not None
        return {(s.pair, s.field): (s.total, s.percent, s.place) for s in scored.standings}


def late_pairs(register: Register, rid: int) -> tuple[str, str, int]:
    with register.transaction() as db:
        row = db.get(SessionResult, rid)
        assert row is not None
        return str(row.ns_pair.number), str(row.ew_pair.number), row.board.number


def test_12C2_artificial_score_with_the_session_percentage_rule(register: Register) -> None:
    sid, rid = evening(register)
    ns, ew, _ = late_pairs(register, rid)
    before = standings(register, sid)  # the late board is not scored: each pair's other boards
    with register.transaction() as db:
        rule_on_result(db, rid, director="TD", laws="12C2", facts="slow play: no time for board",
                       decision=Artificial(Fault.NONE, Fault.DIRECT))
    after = standings(register, sid)
    top = 4  # three results a board on the 2/1 scale
    ns_pct, ew_pct = before[(ns, "NS")][1], before[(ew, "EW")][1]
    assert ns_pct is not None and ew_pct is not None
    assert ns_pct == 100.0  # N-S 1 beat both other tables on its two other boards
    # EBU: a non-offender above 60% keeps its own percentage; an offender below 40% gets its own
    expected_ns = max(60.0, ns_pct)
    expected_ew = min(40.0, ew_pct)
    assert after[(ns, "NS")][0] == pytest.approx(before[(ns, "NS")][0] + top * expected_ns / 100)
    assert after[(ew, "EW")][0] == pytest.approx(before[(ew, "EW")][0] + top * expected_ew / 100)


def test_12C2_without_a_session_rule_gives_60_and_40(register: Register) -> None:
    sid, rid = evening(register, Authority.WBF)
    ns, ew, _ = late_pairs(register, rid)
    before = standings(register, sid)
    with register.transaction() as db:
        rule_on_result(db, rid, director="TD", laws="12C2", decision=Artificial(Fault.NONE, Fault.DIRECT))
    after = standings(register, sid)
    assert after[(ns, "NS")][0] == pytest.approx(before[(ns, "NS")][0] + 4 * 0.6)
    assert after[(ew, "EW")][0] == pytest.approx(before[(ew, "EW")][0] + 4 * 0.4)


def test_12C2_artificial_refused_where_the_board_has_a_result(register: Register) -> None:
    sid, _ = evening(register)
    with register.transaction() as db:
        pid = played_at(db, sid).id
    with pytest.raises(BridgeError) as err, register.transaction() as db:
        rule_on_result(db, pid, director="TD", laws="12C2", decision=Artificial(Fault.NONE, Fault.DIRECT))
    assert err.value.law == "12C2" and err.value.field == "decision"


def test_assigned_score_replaces_the_table_result_and_rescoring_is_idempotent(register: Register) -> None:
    sid, _ = evening(register)
    with register.transaction() as db:
        played = played_at(db, sid)
        pid, ns = played.id, str(played.ns_pair.number)
    before = standings(register, sid)
    for _ in range(2):  # the same ruling twice is one ruling
        with register.transaction() as db:
            ruling = rule_on_result(db, pid, director="TD", laws="16B, 12C1b", facts="hesitation",
                                    decision=Assigned(Score("4S", "N", 11)))
    after = standings(register, sid)
    assert after == standings(register, sid)  # scoring again changes nothing
    assert after[(ns, "NS")][0] > before[(ns, "NS")][0]  # N-S 3 now ties the top on that board
    with register.transaction() as db:
        assert len(list(db.scalars(select(ResultRuling).where(ResultRuling.result_id == pid)))) == 1
        assert ruling.id is not None


def test_appeal_replaces_the_decision_and_keeps_the_history(register: Register) -> None:
    sid, _ = evening(register)
    with register.transaction() as db:
        pid = played_at(db, sid).id
        ruling_id = rule_on_result(db, pid, director="TD", laws="12C1b",
                                   decision=Assigned(Score("4S", "N", 11))).id
    table_result = standings(register, sid)
    with register.transaction() as db:
        revise_ruling(db, ruling_id, None, appeal="N-S appealed", outcome="no damage: table result stands")
    with register.transaction() as db:
        history = list(db.scalars(select(ResultRuling).where(ResultRuling.result_id == pid)))
        assert [h.active for h in history] == [False, True]  # the assigned score, then "the table result stands"
        assert history[1].decision == {"kind": "none"} and history[1].replaces_id == history[0].id
    back = standings(register, sid)
    assert back != table_result
    with register.transaction() as db:
        from bridge_director.register.models import Ruling
        ruling = db.get(Ruling, ruling_id)
        assert ruling is not None and ruling.appeal_outcome == "no damage: table result stands"


def test_law90_penalty_comes_off_the_total_in_the_sections_unit(register: Register) -> None:
    sid, rid = evening(register)
    before = standings(register, sid)
    with register.transaction() as db:
        rule_on_result(db, rid, director="TD", laws="90", decision=None, facts="slow play",
                       penalties=[PenaltyIn(pair=2, amount=0.25, unit="top")])
    after = standings(register, sid)
    assert after[("2", "NS")][0] == pytest.approx(before[("2", "NS")][0] - 0.25 * 4)
    with pytest.raises(BridgeError) as err, register.transaction() as db:
        rule_on_result(db, rid, director="TD", laws="90", decision=None,
                       penalties=[PenaltyIn(pair=2, amount=3, unit="vps")])
    assert err.value.field == "unit"


def test_bad_rulings_are_named(register: Register) -> None:
    evening(register)
    with pytest.raises(BridgeError) as err, register.transaction() as db:
        rule_on_result(db, 99_999, director="TD", laws="12C1b", decision=Assigned(Score("4S", "N", 10)))
    assert err.value.field == "result"
    with pytest.raises(BridgeError) as err:
        Weighted(((Score("4S", "N", 10), 60.0), (Score("4S", "N", 9), 30.0)))
    assert err.value.field == "weights" and err.value.law == "12C1c"


def test_a_second_different_ruling_on_a_result_is_a_conflict(register: Register) -> None:
    sid, _ = evening(register)
    with register.transaction() as db:
        pid = played_at(db, sid).id
        rule_on_result(db, pid, director="TD", laws="12C1b", decision=Assigned(Score("4S", "N", 11)))
    with pytest.raises(ConflictError), register.transaction() as db:
        rule_on_result(db, pid, director="TD", laws="12C1b", decision=Assigned(Score("4S", "N", 8)))
