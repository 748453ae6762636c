"""The scorer's desk and set-up in the club layer: a typed traveller line read (letters, digits, relative tricks),
a board's traveller in movement order, a row stored, corrected at its version and refused when stale, every
problem of an entry file and of a set-up found at once, and the movements offered grouped."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.orm import Session

from bridge_director.club.movement_choice import movement_choice, movement_menu
from bridge_director.club.setup import PlayerIn, Refusals, add_pair, add_section, create_session, import_entry_csv
from bridge_director.club.setup_check import SectionSetUp, SetupRefused, set_up_section
from bridge_director.club.traveller_entry import (
    CORRECTED,
    SKIPPED,
    STORED,
    UNCHANGED,
    desk_boards,
    read_line,
    store_line,
    traveller,
)
from bridge_director.errors import BridgeError, ConflictError
from bridge_director.register import Register
from bridge_director.register.models import Section

ENTRY = "pair,player1,member1,player2,member2\n" + "".join(f"{n},Ann {n},,Bob {n},\n" for n in range(1, 7))


@pytest.fixture
def register(tmp_path: Path) -> Iterator[Register]:
    made = Register(f"sqlite:///{tmp_path / 'desk.sqlite3'}")
    yield made
    made.close()


def mitchell_3(db: Session) -> Section:
    """A 3-table Mitchell, 2 boards a round (boards 1-6), pairs 1-6 entered."""
    section = add_section(db, create_session(db, "Desk night", "Evening"), "A", movement_choice("mitchell:3"), 2)
    for n in range(1, 7):
        add_pair(db, section, n, PlayerIn(f"Ann {n}"), PlayerIn(f"Bob {n}"))
    return section


@pytest.mark.parametrize(("typed", "contract", "declarer", "tricks", "lead"), [
    ("4S N 10 HK", "4S", "N", 10, "HK"),
    ("4sn10", "4S", "N", 10, ""),
    ("3NT W =", "3NT", "W", 9, ""),
    ("4H E +1", "4H", "E", 11, ""),
    ("2D S -2", "2D", "S", 6, ""),
    ("3NXX E 9 S10", "3NTXX", "E", 9, "ST"),
    ("44110", "4S", "N", 10, ""),
    ("44110.313", "4S", "N", 10, "HK"),
    ("35*28", "3NTX", "E", 8, ""),
    ("12**47.114", "1DXX", "W", 7, "CA"),
])
def test_a_typed_line_reads_as_its_result(typed: str, contract: str, declarer: str, tricks: int, lead: str) -> None:
    result = read_line(typed)
    assert (result.contract, result.declarer, result.tricks, result.lead) == (contract, declarer, tricks, lead)


def test_passed_out_and_not_played_are_one_word() -> None:
    assert [read_line(t).contract for t in ("P", "pass", "0")] == ["PASS"] * 3
    assert read_line("NP").status == "not-played"


@pytest.mark.parametrize(("typed", "field", "says"), [
    ("9S N 7", "contract", "'9S' is not a contract"),
    ("4S Q 10", "declarer", "the declarer is N, E, S or W, not 'Q'"),
    ("4S", "declarer", "give the declarer after 4S"),
    ("4S N", "tricks", "give the tricks"),
    ("4S N 14", "tricks", "tricks taken by declarer are 0 to 13, not 14"),
    ("7NT S +1", "tricks", "+1 at the 7 level would be 14 tricks"),
    ("4S N 10 ZZ", "lead", "'ZZ' is not a card"),
    ("44610", "declarer", "the declarer is 1 N, 2 E, 3 S or 4 W, not 6"),
    ("46110", "contract", "the strain is 1 ♣, 2 ♦, 3 ♥, 4 ♠ or 5 NT, not 6"),
    ("44110.315", "lead", "rank 2 to 14"),
])
def test_a_wrong_line_names_the_part_that_is_wrong(typed: str, field: str, says: str) -> None:
    with pytest.raises(BridgeError) as refused:
        read_line(typed)
    assert refused.value.field == field and says in refused.value.message


def test_a_traveller_is_in_movement_order(register: Register) -> None:
    with register.transaction() as db:
        section = mitchell_3(db)
        rows = traveller(db, section, 3)
        assert [(r.round_no, r.table_no, r.ns, r.ew) for r in rows] == [(1, 2, 2, 5), (2, 1, 1, 6), (3, 3, 3, 4)]
        assert rows[0].ns_name == "Ann 2 & Bob 2" and not any(r.sit_out or r.stored for r in rows)
        with pytest.raises(BridgeError, match="board 7 is not played in section A"):
            traveller(db, section, 7)


def test_rows_stored_unchanged_corrected_and_a_stale_version_refused(register: Register) -> None:
    with register.transaction() as db:
        section = mitchell_3(db)
        first = store_line(db, section, 3, 1, 2, "3NT E =", by="desk")  # board 3: E-W vulnerable
        assert first.outcome == STORED and first.row is not None and first.row.ns_score == -600
        assert store_line(db, section, 3, 2, 1, "  ").outcome == SKIPPED
        again = store_line(db, section, 3, 1, 2, "3nt e =", shown="3NT E 9", version=1)
        assert again.outcome == UNCHANGED
        same = store_line(db, section, 3, 1, 2, "3NT E 9", shown="3NT E =", version=1)
        assert same.outcome == UNCHANGED and same.row is not None and same.row.version == 1
        fixed = store_line(db, section, 3, 1, 2, "3NT E 8", shown="3NT E 9", version=1, by="desk")
        assert fixed.outcome == CORRECTED and fixed.row is not None
        assert (fixed.row.version, fixed.row.ns_score, fixed.row.changes[0].reason) == \
               (2, 100, "typed again at the scorer's desk")
        with pytest.raises(ConflictError, match="changed since it was read"):
            store_line(db, section, 3, 1, 2, "3NT E 10", shown="3NT E 9", version=1)
        with pytest.raises(ConflictError, match="already has a result"):  # typed on a page drawn before
            store_line(db, section, 3, 1, 2, "4S N 10")
        with pytest.raises(BridgeError, match="a stored result stays until it is corrected"):
            store_line(db, section, 3, 1, 2, "", shown="3NT E 8", version=2)
        [line] = [b for b in desk_boards(db, section) if b.board == 3]
        assert (line.rows, line.stored, line.complete) == (3, 1, False)


def test_every_bad_line_of_an_entry_file_is_named(register: Register) -> None:
    bad = ENTRY + "9,Cy,,Di,\n7,,,Ed,\n3,Fay,,Gil,\nx,Hal,,Ivy,\n"
    with pytest.raises(Refusals) as refused, register.transaction() as db:
        section = add_section(db, create_session(db, "Entry night"), "A", movement_choice("mitchell:3"), 2)
        import_entry_csv(db, section, bad)
    assert [str(p) for p in refused.value.problems] == [
        "line 8, pair: pair 9 is not in the movement (pairs 1-6)",
        "line 9, pair: pair 7 is not in the movement (pairs 1-6)",
        "line 9, player1: the first player of pair 7 needs a name",
        "line 10, pair: pair 3 is entered on line 4 already",
        "line 11, pair: a pair number is a whole number, not 'x'",
    ]
    with register.transaction() as db:
        assert db.query(Section).count() == 0  # nothing stored


def test_a_set_up_reports_every_problem_at_once_and_stores_nothing(register: Register) -> None:
    hands = '[Board "1"]\n[Deal "N:AKQ"]\n\n[Board "2"]\n[Dealer "N"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 ' \
            '6543.876.876.876 2.5432.5432.5432"]\n'
    given = SectionSetUp("Night", "Evening", "A", movement_choice("teams"), 40, method="mp",
                         entry_csv=ENTRY, hand_records=hands)
    with pytest.raises(SetupRefused) as refused, register.transaction() as db:
        set_up_section(db, given)
    assert [(p.part, p.text) for p in refused.value.problems] == [
        ("boards_per_round", "boards_per_round: boards per round is 1 to 36, not 40"),
        ("method", "method: a teams movement is scored as teams, and teams only with a teams movement"),
        ("entry", "line 6, pair: pair 5 is not in the movement (pairs 1-4)"),
        ("entry", "line 7, pair: pair 6 is not in the movement (pairs 1-4)"),
        ("hands", "line 2, Deal, Law 2: board 1: a PBN deal has four hands, found 1: 'N:AKQ'"),
        ("hands", "line 5, Dealer, Law 2: board 2: the file has North as dealer; Law 2 gives East"),
    ]
    with register.transaction() as db:
        assert db.query(Section).count() == 0


def test_the_movements_are_offered_grouped_and_described() -> None:
    menu = movement_menu()
    assert [(g.name, g.generated, len(g.offers)) for g in menu] == [
        ("Mitchell", "mitchell", 19), ("Howell", "howell", 7), ("¾ Howell", "3/4-howell", 4), ("Teams", "", 5)]
    assert sum(len(g.offers) for g in menu) == 35  # every shipped movement, once
    relay = next(o for o in menu[0].offers if o.spec == "mitchell-8-relay")
    assert relay.label == "8 tables · 8 rounds · 16 pairs · relay and bye-stand between tables 4 and 5"
    assert relay.boards == "3 boards a round (24 boards)"
    three_quarter = menu[2].offers[0]
    assert (three_quarter.spec, three_quarter.label, three_quarter.boards) == \
           ("howell-5-three-quarter", "5 tables · 7 rounds · 10 pairs", "3 or 4 boards a round (21 or 28 boards)")
    assert "N-S pairs stay" in menu[0].moves and "last pair stays at table 1" in menu[1].moves
