"""The stored session: set-up, entry, results checked against the movement and the deal, audit, scores.

Runs on SQLite and PostgreSQL (the ``register`` fixture of tests/register/conftest.py is repeated here).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bridge_director.club.movement_gen import howell, mitchell
from bridge_director.club.results import ResultIn, correct_result, enter_result, section_results, table_round
from bridge_director.club.scores import score_section
from bridge_director.club.setup import (
    PlayerIn,
    add_pair,
    add_section,
    create_session,
    import_entry_csv,
    pair_name,
    store_hand_records,
    substitute,
    withdraw,
)
from bridge_director.errors import BridgeError, ConflictError
from bridge_director.model import Deal
from bridge_director.register import Register
from bridge_director.register.models import Section

# Law 2: boards 1-16, is North-South vulnerable?
NS_VULNERABLE = (False, True, False, True, True, False, True, False, False, True, False, True, True, False, True, False)
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def five_table_mitchell(register: Register, pairs: int = 10) -> int:
    """A 5-table Mitchell, 2 boards a round, with ``pairs`` pairs entered; returns the section's id."""
    with register.transaction() as db:
        session = create_session(db, "Tuesday pairs", "Evening")
        section = add_section(db, session, "A", mitchell(5), 2)
        for number in range(1, pairs + 1):
            add_pair(db, section, number, PlayerIn(f"Player {number}a", f"M{number}a"),
                     PlayerIn(f"Player {number}b"))
        store_hand_records(db, session, {1: Deal.from_pbn(DEAL)})
        return section.id


def with_section(register: Register, section_id: int, action: Callable[..., object]) -> object:
    with register.transaction() as db:
        section = db.get(Section, section_id)
        assert section is not None
        return action(db, section)


def test_table_round_follows_the_movement(register: Register) -> None:
    sid = five_table_mitchell(register)
    where = with_section(register, sid, lambda db, s: table_round(db, s, 1, 3))
    assert where.ns is not None and where.ns.number == 3  # N-S pairs stay at their table in a Mitchell
    assert len(where.boards) == 2


def test_result_entered_scores_by_law_77_and_ranks(register: Register) -> None:
    sid = five_table_mitchell(register)

    def enter_all(db, section):  # type: ignore[no-untyped-def]
        for table in range(1, 6):
            where = table_round(db, section, 1, table)
            for board in where.boards:
                enter_result(db, section, 1, table, board, ResultIn("4S", "N", 10 + (table % 2)), by="scorer")
        return score_section(db, section)

    scored = with_section(register, sid, enter_all)
    assert scored is not None
    fields = {s.field for s in scored.standings}
    assert fields == {"NS", "EW"}  # a plain Mitchell ranks its directions apart
    rows = with_section(register, sid, lambda db, s: [(r.board.number, r.tricks, r.ns_score)
                                                      for r in section_results(db, s)])
    assert len(rows) == 10  # type: ignore[arg-type]
    for board, tricks, score in rows:  # type: ignore[attr-defined]
        vulnerable = NS_VULNERABLE[(board - 1) % 16]  # 4S by North: 420 / 450, vulnerable 620 / 650
        assert score == {10: 420, 11: 450}[tricks] + (200 if vulnerable else 0)


def test_result_refused_for_a_pair_not_at_that_table(register: Register) -> None:
    sid = five_table_mitchell(register)
    with pytest.raises(BridgeError) as err:
        with_section(register, sid, lambda db, s: enter_result(db, s, 1, 3, table_round(db, s, 1, 3).boards[0],
                                                               ResultIn("3NT", "S", 9), ns=4))
    assert err.value.field == "pair" and "pair 4" in str(err.value)


@pytest.mark.parametrize(("result", "field"), [
    (ResultIn("4S", "N", 14), "tricks"), (ResultIn("8S", "N", 9), "Contract"), (ResultIn("4S", "", 9), "declarer"),
    (ResultIn("4Z", "N", 9), "Contract")])
def test_impossible_results_refused_naming_the_field(register: Register, result: ResultIn, field: str) -> None:
    sid = five_table_mitchell(register)
    with pytest.raises(BridgeError) as err:
        with_section(register, sid, lambda db, s: enter_result(db, s, 1, 1, table_round(db, s, 1, 1).boards[0],
                                                               result))
    assert err.value.field == field
    assert with_section(register, sid, lambda db, s: section_results(db, s)) == []


def test_board_not_in_the_round_refused(register: Register) -> None:
    sid = five_table_mitchell(register)
    with pytest.raises(BridgeError, match="board 99 is not played at table 1"):
        with_section(register, sid, lambda db, s: enter_result(db, s, 1, 1, 99, ResultIn("PASS")))


def test_table_not_in_the_movement_refused(register: Register) -> None:
    sid = five_table_mitchell(register)
    with pytest.raises(BridgeError, match="table 9 is not in play"):
        with_section(register, sid, lambda db, s: table_round(db, s, 1, 9))


def test_lead_checked_against_the_hand_record(register: Register) -> None:
    sid = five_table_mitchell(register)

    def board_one(db, section):  # type: ignore[no-untyped-def]
        for table in range(1, 6):
            for rnd in range(1, 6):
                if 1 in table_round(db, section, rnd, table).boards:
                    return rnd, table
        raise AssertionError("board 1 is not in play")

    rnd, table = with_section(register, sid, board_one)  # type: ignore[misc]
    with pytest.raises(BridgeError) as err:  # 3NT by N: East leads, and the SA is North's
        with_section(register, sid, lambda db, s: enter_result(db, s, rnd, table, 1, ResultIn("3NT", "N", 13, "SA")))
    assert err.value.field == "lead" and err.value.law == "41"
    row = with_section(register, sid, lambda db, s: enter_result(db, s, rnd, table, 1, ResultIn("3NT", "N", 13, "ST")))
    assert row.lead == "ST"  # type: ignore[attr-defined]


def test_same_result_twice_is_harmless_a_different_one_conflicts(register: Register) -> None:
    sid = five_table_mitchell(register)
    first = with_section(register, sid, lambda db, s: enter_result(db, s, 1, 1, table_round(db, s, 1, 1).boards[0],
                                                                   ResultIn("2H", "E", 8)))
    again = with_section(register, sid, lambda db, s: enter_result(db, s, 1, 1, table_round(db, s, 1, 1).boards[0],
                                                                   ResultIn("2H", "E", 8)))
    assert first.id == again.id  # type: ignore[attr-defined]
    with pytest.raises(ConflictError):
        with_section(register, sid, lambda db, s: enter_result(db, s, 1, 1, table_round(db, s, 1, 1).boards[0],
                                                               ResultIn("2H", "E", 9)))


def test_correction_keeps_an_audit_and_checks_the_version(register: Register) -> None:
    sid = five_table_mitchell(register)
    row = with_section(register, sid, lambda db, s: enter_result(db, s, 1, 1, table_round(db, s, 1, 1).boards[0],
                                                                 ResultIn("2H", "E", 8), by="table 1"))
    rid, version = row.id, row.version  # type: ignore[attr-defined]
    with register.transaction() as db:
        fixed = correct_result(db, rid, ResultIn("2H", "E", 9), version=version, by="scorer", reason="miscounted")
        assert fixed.tricks == 9
        [change] = fixed.changes
        assert (change.changed_by, change.old["tricks"], change.new["tricks"]) == ("scorer", 8, 9)
    with pytest.raises(ConflictError), register.transaction() as db:
        correct_result(db, rid, ResultIn("2H", "E", 7), version=version, by="director")


def test_entry_csv_import_is_all_or_nothing_with_the_line(register: Register) -> None:
    with register.transaction() as db:
        session = create_session(db, "Club", "Monday")
        sid = add_section(db, session, "A", howell(3), 2).id
    bad = "pair,player1,member1,player2,member2\n1,Ann,1001,Bob,1002\n2,Cat,,Dan\n"
    with pytest.raises(BridgeError) as err, register.transaction() as db:
        import_entry_csv(db, db.get(Section, sid), bad)  # type: ignore[arg-type]
    assert err.value.line == 3
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None and section.pairs == []
        pairs = import_entry_csv(db, section, "pair,player1,member1,player2,member2\n1,Ann,1001,Bob,1002\n"
                                               "2,Cat,,Dan,\n")
        assert [pair_name(p) for p in pairs] == ["Ann & Bob", "Cat & Dan"]


def test_substitute_and_a_pair_that_leaves(register: Register) -> None:
    sid = five_table_mitchell(register)
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        substitute(db, section, 3, 2, PlayerIn("Sub Player", "S9"), from_round=3)
        withdraw(db, section, 6, after_round=2)
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        where = table_round(db, section, 3, 3)
        assert where.ns is not None and pair_name(where.ns, 3) == "Player 3a & Sub Player"
        assert pair_name(where.ns, 2) == "Player 3a & Player 3b"
        gone = [table_round(db, section, 3, t) for t in range(1, 6)]
        assert sum(w.sit_out for w in gone) == 1  # pair 6's opponents sit out from round 3


def test_sit_out_when_the_entry_is_short(register: Register) -> None:
    sid = five_table_mitchell(register, pairs=9)  # pair 10 is not entered: its opponents sit out
    with pytest.raises(BridgeError, match="sits out"), register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        for table in range(1, 6):
            where = table_round(db, section, 1, table)
            enter_result(db, section, 1, table, where.boards[0], ResultIn("PASS"))


def test_matchpoint_scale_is_the_sections(register: Register) -> None:
    """1 point a result beaten (ACBL) or 2 (EBU): the same percentages, half the matchpoints (Law 78A)."""
    totals = {}
    for scale in (2, 1):
        with register.transaction() as db:
            section = add_section(db, create_session(db, "Scales", f"scale {scale}"), "A", mitchell(3), 1,
                                  scale=scale)
            for n in range(1, 7):
                add_pair(db, section, n, PlayerIn(f"P{n}a"), PlayerIn(f"P{n}b"))
            for rnd in (1, 2, 3):  # every board played three times: 10, 9 and 8 tricks at tables 1, 2, 3
                for table, tricks in ((1, 10), (2, 9), (3, 8)):
                    board = table_round(db, section, rnd, table).boards[0]
                    enter_result(db, section, rnd, table, board, ResultIn("4S", "N", tricks))
            scored = score_section(db, section)
            assert scored is not None
            totals[scale] = {(s.pair, s.field): (s.total, s.percent) for s in scored.standings}
    assert {k: v[1] for k, v in totals[2].items()} == {k: v[1] for k, v in totals[1].items()}
    assert all(totals[2][k][0] == 2 * totals[1][k][0] for k in totals[2])
    assert totals[1][("1", "NS")][0] == 6  # N-S 1 beat both other results on each of its three boards
