"""``register.checked_insert``: the result and its audit entry are written only while every check the caller made
still holds, clause by clause of the module's docstring, on SQLite and PostgreSQL; ``store_board`` stores a board
once."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import func, select, update

from bridge_director.club.movement_gen import mitchell
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
from bridge_director.errors import RegisterError
from bridge_director.register import Register
from bridge_director.register.accounts import AccountRecord, save_account
from bridge_director.register.audit import AuditEntry
from bridge_director.register.checked_insert import CheckedResult, Writer, insert_checked, store_board
from bridge_director.register.models import Board, Pair, SessionResult

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
WRITER = Writer("td", 0, ("director", "scorer"), "!deactivated", "10.0.0.7")


def a_result(register: Register) -> CheckedResult:
    """Round 1, table 1, board 1 of a 3-table Mitchell (pairs 1 and 4 there), board 1 with ``DEAL``."""
    with register.transaction() as db:
        save_account(db, "td", "director", "hash")
        session = create_session(db, "Club", "Monday")
        section = add_section(db, session, "A", mitchell(3, 3), 2)
        pairs = {n: add_pair(db, section, n, PlayerIn(f"P{n}a"), PlayerIn(f"P{n}b")).id for n in range(1, 7)}
        board = Board(session_id=session.id, number=1, deal=DEAL)
        db.add(board)
        db.flush()
        return CheckedResult(section_id=section.id, board_id=board.id, session_id=session.id, board=1, deal=DEAL,
                             round_no=1, table_no=1, ns_pair_id=pairs[1], ns=1, ew_pair_id=pairs[4], ew=4,
                             status="played", contract="4S", declarer="N", tricks=10, lead="ST", ns_score=420)


def counts(register: Register) -> tuple[int, int]:
    with register.transaction() as db:
        return (db.scalar(select(func.count()).select_from(SessionResult)) or 0,
                db.scalar(select(func.count()).select_from(AuditEntry)) or 0)


def test_every_check_holding_the_result_and_its_audit_entry_are_written(register: Register) -> None:
    result = a_result(register)
    new_id = insert_checked(register, result, WRITER, "section 1, round 1, table 1, board 1")
    assert new_id is not None
    with register.transaction() as db:
        row = db.get_one(SessionResult, new_id)
        assert (row.contract, row.declarer, row.tricks, row.lead, row.ns_score, row.entered_by, row.version) == (
            "4S", "N", 10, "ST", 420, "td", 1)
        [entry] = db.scalars(select(AuditEntry)).all()
        assert (entry.actor, entry.kind, entry.target, entry.detail, entry.address) == (
            "td", "result", f"result {new_id}", "section 1, round 1, table 1, board 1", "10.0.0.7")


@pytest.mark.parametrize("change", [
    {"username": "nobody"},  # the account is gone (or never was)
    {"generation": 1},  # the session was made before a logout, a new password or a new role
    {"roles": ("viewer",)},  # the account's role may not write scores
])
def test_the_account_no_longer_as_the_session_knew_it_nothing_is_written(register: Register,
                                                                         change: dict[str, Any]) -> None:
    result = a_result(register)
    assert insert_checked(register, result, replace(WRITER, **change), "") is None
    assert counts(register) == (0, 0)


def test_a_deactivated_account_writes_nothing(register: Register) -> None:
    result = a_result(register)
    with register.transaction() as db:
        db.execute(update(AccountRecord).values(password_hash="!deactivated"))
    assert insert_checked(register, result, WRITER, "") is None
    assert counts(register) == (0, 0)


@pytest.mark.parametrize("change", [
    {"ns": 2},  # the pair's number is not the one the movement seats there
    {"ew_pair_id": 10_000},  # no such pair
    {"deal": ""},  # the lead was checked against no deal, and the board has one now
    {"board": 2},  # the board's number is another
    {"session_id": 10_000},  # the board is another session's
])
def test_what_the_checks_read_no_longer_holding_nothing_is_written(register: Register,
                                                                   change: dict[str, Any]) -> None:
    result = a_result(register)
    assert insert_checked(register, replace(result, **change), WRITER, "") is None
    assert counts(register) == (0, 0)


def test_a_pair_that_left_before_the_round_writes_nothing(register: Register) -> None:
    result = a_result(register)
    with register.transaction() as db:
        db.execute(update(Pair).where(Pair.id == result.ns_pair_id).values(left_after=0))
    assert insert_checked(register, result, WRITER, "") is None
    with register.transaction() as db:
        db.execute(update(Pair).where(Pair.id == result.ns_pair_id).values(left_after=1))  # played round 1
    assert insert_checked(register, result, WRITER, "") is not None


def test_a_result_already_stored_there_is_not_written_again(register: Register) -> None:
    result = a_result(register)
    assert insert_checked(register, result, WRITER, "") is not None
    assert insert_checked(register, replace(result, contract="3NT", ns_score=400), WRITER, "") is None
    assert counts(register) == (1, 1)


def test_store_board_stores_a_board_once(register: Register) -> None:
    result = a_result(register)
    assert store_board(register, result.session_id, 1) == (result.board_id, DEAL)
    made, deal = store_board(register, result.session_id, 2)
    assert deal is None and store_board(register, result.session_id, 2) == (made, None)
    with pytest.raises(RegisterError, match="board number must be 1 or more"):
        store_board(register, result.session_id, 0)
