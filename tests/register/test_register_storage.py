"""Storage of the register on SQLite and PostgreSQL: what is committed is read back, what is not is not."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import func, select

from bridge_director.errors import RegisterError
from bridge_director.register import AdjustedScore, Authority, PenaltyKind, Register, Ruling, Side
from bridge_director.register.events import add_result, ensure_board, ensure_event, ensure_session
from bridge_director.register.rulings import add_penalty, adjust_score, get_ruling, list_rulings, new_ruling

TABLE_LOG = {"board": 7, "auction": ["1S", "P", "2D", "P"], "irregularities": [{"law": "16B", "seat": "N"}]}


def test_committed_ruling_with_adjusted_score_reads_back_from_a_new_connection(
        open_register: Callable[[], Register]) -> None:
    first = open_register()
    with first.transaction() as db:
        event = ensure_event(db, "County Pairs", Authority.EBU, level=4)
        board = ensure_board(db, ensure_session(db, event, "Evening"), 7, TABLE_LOG)
        add_result(db, board, "Player A & Player Z", "Player B & Player C", "4S N +1", 450)
        ruling = new_ruling(db, kind="ui", director="Director 1", laws="16B, 12C1", board=board,
                            facts="slow pass by South over 4H", options="poll of five peers", decision="adjusted")
        adjust_score(db, ruling, Side.NS, "4H x -1 NS -100", law="12C1")
        add_penalty(db, kind=PenaltyKind.PROCEDURAL, law="90", offender="Player A", amount="10%",
                    reason="late arrival", ruling=ruling)
        ruling_id = ruling.id
    first.close()

    with open_register().transaction() as db:
        ruling = get_ruling(db, ruling_id)
        assert (ruling.director, ruling.laws, ruling.version) == ("Director 1", "16B, 12C1", 1)
        assert ruling.board is not None and ruling.board.table_log == TABLE_LOG
        assert ruling.board.results[0].ns_score == 450
        [adjusted] = ruling.adjusted_scores
        assert (adjusted.side, adjusted.law, adjusted.ruling.id) == (Side.NS, "12C1", ruling_id)
        assert [p.kind for p in ruling.penalties] == [PenaltyKind.PROCEDURAL]
        assert [r.id for r in list_rulings(db, law="12C1")] == [ruling_id]
        assert list_rulings(db, law="16") == []


def test_failed_transaction_leaves_nothing_behind(register: Register) -> None:
    with pytest.raises(RuntimeError), register.transaction() as db:
        new_ruling(db, kind="mechanical", director="Director 1", laws="27")
        raise RuntimeError("power cut")
    with register.transaction() as db:
        assert db.scalar(select(func.count()).select_from(Ruling)) == 0


def test_adjusted_score_must_link_to_an_existing_ruling(register: Register) -> None:
    with pytest.raises(RegisterError), register.transaction() as db:
        db.add(AdjustedScore(ruling_id=999, law="12C1", side=Side.EW, score="60%"))
        db.flush()


def test_adjusted_score_and_ruling_must_name_a_law(register: Register) -> None:
    with pytest.raises(RegisterError, match="law"), register.transaction() as db:
        new_ruling(db, kind="ui", director="Director 1", laws=" ")
    with pytest.raises(RegisterError, match="law"), register.transaction() as db:
        adjust_score(db, new_ruling(db, kind="ui", director="Director 1", laws="16B"), Side.NS, "A+", law="")
