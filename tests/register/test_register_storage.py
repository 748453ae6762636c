"""Storage of the register on SQLite and PostgreSQL: what is committed is read back, what is not is not."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import func, select

from bridge_director.club.adjustments import PenaltyIn, rule_on_result
from bridge_director.club.decisions import Assigned, Score
from bridge_director.club.travellers import store_travellers
from bridge_director.errors import RegisterError
from bridge_director.register import Authority, PenaltyKind, Register, Ruling
from bridge_director.register.models import ResultRuling, SessionPenalty, SessionResult
from bridge_director.register.stored_rulings import get_ruling, list_rulings, new_ruling, record_ruling
from bridge_director.scoring.event import Result as Line

LINES = [Line(7, "1", "2", 450, contract="4S", declarer="N", tricks=11),
         Line(7, "3", "4", 420, contract="4S", declarer="N", tricks=10)]


def test_committed_ruling_with_its_decision_and_penalty_reads_back_from_a_new_connection(
        open_register: Callable[[], Register]) -> None:
    first = open_register()
    with first.transaction() as db:
        stored = store_travellers(db, "County Pairs", LINES, session="Evening", authority=Authority.EBU)
        result = db.scalars(select(SessionResult).where(SessionResult.section_id == stored.section.id)
                            .order_by(SessionResult.table_no)).first()
        assert result is not None
        ruling = rule_on_result(db, result.id, director="Director 1", laws="16B, 12C1",
                                facts="slow pass by South over 4H", decision=Assigned(Score("4H", "S", 9)),
                                penalties=[PenaltyIn(1, 0.1, "top", PenaltyKind.PROCEDURAL, "90", "late arrival")])
        ruling_id, result_id = ruling.id, result.id
    first.close()

    with open_register().transaction() as db:
        ruling = get_ruling(db, ruling_id)
        assert (ruling.director, ruling.laws, ruling.version) == ("Director 1", "16B, 12C1", 1)
        assert ruling.board is not None and ruling.board.number == 7
        [link] = db.scalars(select(ResultRuling).where(ResultRuling.ruling_id == ruling_id))
        assert (link.result_id, link.active, link.decision["kind"]) == (result_id, True, "assigned")
        assert link.result.ns_score == 450  # the table result is kept; the decision is applied when scoring
        [penalty] = ruling.penalties
        assert (penalty.kind, penalty.law, penalty.unit, penalty.amount, penalty.reason, penalty.active) == (
            PenaltyKind.PROCEDURAL, "90", "top", 0.1, "late arrival", True)
        assert penalty.pair is not None and penalty.pair.number == 1 and penalty.given is None
        assert [r.id for r in list_rulings(db, law="12C1")] == [ruling_id]
        assert list_rulings(db, law="16") == []


def test_failed_transaction_leaves_nothing_behind(register: Register) -> None:
    with pytest.raises(RuntimeError), register.transaction() as db:
        new_ruling(db, kind="mechanical", director="Director 1", laws="27")
        raise RuntimeError("power cut")
    with register.transaction() as db:
        assert db.scalar(select(func.count()).select_from(Ruling)) == 0


def test_a_penalty_must_link_to_an_existing_ruling(register: Register) -> None:
    with pytest.raises(RegisterError), register.transaction() as db:
        db.add(SessionPenalty(ruling_id=999, law="90", unit="top", amount=0.25))
        db.flush()


def test_a_ruling_must_name_a_law_and_a_board_must_name_its_event(register: Register) -> None:
    with pytest.raises(RegisterError, match="law"), register.transaction() as db:
        new_ruling(db, kind="ui", director="Director 1", laws=" ")
    with pytest.raises(RegisterError, match="event"), register.transaction() as db:
        record_ruling(db, kind="mechanical", director="Director 1", laws="27B1", board=3)
    with register.transaction() as db:
        assert db.scalar(select(func.count()).select_from(Ruling)) == 0
