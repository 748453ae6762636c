"""The write of a table's result with plain statements (``store_result``): the same checks and the same stored row as
the ORM path always gave, a result sent again answered as stored, a different one a conflict."""

from __future__ import annotations

import re

import pytest
from test_session_store import five_table_mitchell

from bridge_director.club.results import ResultIn, describe, enter_result, store_result, table_round
from bridge_director.club.setup import withdraw
from bridge_director.errors import BridgeError, ConflictError, MissingError, RegisterError
from bridge_director.register import Register
from bridge_director.register.models import Section, SessionResult


def test_the_stored_row_is_what_the_write_answered(register: Register) -> None:
    sid = five_table_mitchell(register)
    with register.transaction() as db:
        with pytest.raises(BridgeError, match="the lead D2 is not in the hand of East, who leads") as refused:
            store_result(db, sid, 1, 1, 1, ResultIn("4S", "N", 8, "D2"))  # West holds it (Law 41)
        assert refused.value.law == "41"
        stored = store_result(db, sid, 1, 1, 1, ResultIn("4sx", "n", 8, "dj"), by="table 1")
    with register.transaction() as db:
        row = db.get_one(SessionResult, stored.id)
        assert (row.section_id, row.round_no, row.table_no, row.board.number) == (sid, 1, 1, 1)
        assert (row.ns_pair.number, row.ew_pair.number) == (stored.ns, stored.ew) == (1, 6)
        assert (row.contract, row.declarer, row.tricks, row.lead) == ("4SX", "N", 8, "DJ")
        # Law 77: 4S doubled, not vulnerable on board 1, two down: -300 to N-S
        assert row.ns_score == stored.ns_score == -300
        assert (row.entered_by, row.version, stored.version, stored.new) == ("table 1", 1, 1, True)
        assert stored.text == describe(row) == "4SX by N, 8 tricks, -300"


def test_the_same_result_again_is_the_stored_one(register: Register) -> None:
    sid = five_table_mitchell(register)
    with register.transaction() as db:
        first = store_result(db, sid, 1, 2, 3, ResultIn("3NT", "S", 9))
    with register.transaction() as db:
        again = store_result(db, sid, 1, 2, 3, ResultIn("3nt", "s", 9), by="someone else")
        assert (again.id, again.new, again.entered_by) == (first.id, False, "")
        with pytest.raises(ConflictError, match=r"already has a result \(3NT by S, 9 tricks, \+400"):
            store_result(db, sid, 1, 2, 3, ResultIn("3NT", "S", 8))
    with register.transaction() as db:
        assert db.query(SessionResult).count() == 1


def test_an_unknown_section_is_missing(register: Register) -> None:
    five_table_mitchell(register)
    with pytest.raises(MissingError, match="no section 9999"), register.transaction() as db:
        store_result(db, 9999, 1, 1, 1, ResultIn("PASS"))


@pytest.mark.parametrize(("round_no", "table", "board", "field", "words"), [
    (0, 1, 1, "round", "plays rounds 1 to 5, not 0"),
    (6, 1, 1, "round", "not 6"),
    (1, 6, 1, "table", "table 6 is not in play in round 1"),
    (1, 1, 3, "board", "board 3 is not played at table 1 in round 1 (boards 1-2 are)"),
])
def test_a_place_the_movement_does_not_have_is_refused(register: Register, round_no: int, table: int, board: int,
                                                       field: str, words: str) -> None:
    sid = five_table_mitchell(register)
    with pytest.raises(RegisterError, match=re.escape(words)) as refused, register.transaction() as db:
        store_result(db, sid, round_no, table, board, ResultIn("PASS"))
    assert refused.value.field == field


def test_a_pair_given_must_sit_there(register: Register) -> None:
    sid = five_table_mitchell(register)
    with register.transaction() as db:
        with pytest.raises(RegisterError, match="pair 7 does not sit E-W at table 1 in round 1: pair 6 does"):
            store_result(db, sid, 1, 1, 1, ResultIn("PASS"), ns=1, ew=7)
        with pytest.raises(RegisterError, match="pair 2 does not sit N-S"):
            store_result(db, sid, 1, 1, 1, ResultIn("PASS"), ns=2)
        assert store_result(db, sid, 1, 1, 1, ResultIn("PASS"), ns=1, ew=6).ns_score == 0


def test_a_pair_that_left_has_no_later_results(register: Register) -> None:
    sid = five_table_mitchell(register)
    with register.transaction() as db:
        section = db.get_one(Section, sid)
        withdraw(db, section, 6, 2)  # pair 6 plays rounds 1 and 2 only

        def table_of(round_no: int) -> int:
            return next(t for t in range(1, 6) if 6 in (table_round(db, section, round_no, t).encounter.ns,
                                                         table_round(db, section, round_no, t).encounter.ew))

        seat = table_of(3)
        board = table_round(db, section, 3, seat).boards[0]
        with pytest.raises(RegisterError, match=f"table {seat} sits out in round 3: pair 6 is not playing"):
            store_result(db, sid, 3, seat, board, ResultIn("PASS"))
        assert store_result(db, sid, 2, table_of(2), table_round(db, section, 2, table_of(2)).boards[0],
                            ResultIn("PASS")).new


def test_the_orm_answer_is_the_same_row(register: Register) -> None:
    sid = five_table_mitchell(register)
    with register.transaction() as db:
        section = db.get_one(Section, sid)
        row = enter_result(db, section, 1, 3, 5, ResultIn("2H", "E", 8))
        assert (row.board.number, row.ns_pair.number, row.ew_pair.number, row.ns_score) == (5, 3, 8, -110)
