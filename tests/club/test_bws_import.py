"""A Bridgemate file brought into a stored session: movement, pairs and names, deals, results, ranking."""

from __future__ import annotations

from pathlib import Path

import pytest
from jet4 import write
from test_bridgemate import RECEIVED_COLUMNS, _received, _tables

from bridge_director.club.bws_import import import_bws
from bridge_director.club.movement import MovementKind
from bridge_director.club.results import section_results
from bridge_director.club.scores import score_section
from bridge_director.club.setup import movement_of, pair_name, session_deal
from bridge_director.errors import BridgeError
from bridge_director.register import Register


@pytest.fixture
def register(tmp_path: Path) -> Register:
    return Register(f"sqlite:///{tmp_path / 'register.sqlite3'}")


def test_bws_becomes_a_section_with_its_movement_pairs_deals_and_results(tmp_path: Path, register: Register) -> None:
    path = write(tmp_path / "club.bws", _tables())
    with register.transaction() as db:
        [section] = import_bws(db, path, "Tuesday pairs", "14 May")
        movement = movement_of(section)
        assert (movement.kind, movement.tables, movement.rounds, movement.two_winners) == (
            MovementKind.MITCHELL, 3, 2, True)
        assert section.boards_per_round == 2
        # Bridgemate's E-W pair 1 of a Mitchell is pair 4 here (three N-S pairs)
        assert movement.at(1, 1) is not None and (movement.at(1, 1).ns, movement.at(1, 1).ew) == (1, 4)  # type: ignore[union-attr]
        names = {p.number: pair_name(p) for p in section.pairs}
        assert names[1] == "Ann North & Sam South"  # the South name from PlayerNames
        assert names[4].startswith("Eve East")
        assert session_deal(db, section.session_id, 1) is not None
        rows = {(r.round_no, r.table_no, r.board.number): r for r in section_results(db, section)}
        assert (rows[(1, 1, 1)].contract, rows[(1, 1, 1)].declarer, rows[(1, 1, 1)].tricks) == ("4S", "N", 10)
        assert rows[(1, 1, 1)].ns_score == 420  # board 1, nobody vulnerable
        assert rows[(1, 2, 4)].contract == "PASS"
        assert rows[(1, 3, 6)].tricks == 10  # the corrected row (3C+1) wins over the first entry
        assert rows[(2, 3, 1)].status == "not-played"
        assert rows[(2, 1, 3)].ns_score == -2980  # 7NTXX by West made, board 3: E-W vulnerable
        scored = score_section(db, section)
        assert scored is not None and {s.field for s in scored.standings} == {"NS", "EW"}


def test_a_result_at_the_wrong_table_names_the_row(tmp_path: Path, register: Register) -> None:
    rows = (_received(1, 1, 1, 5, 1, 1, 1, "N", "4 S", "=", minute=10),)  # board 5 is not at table 1 in round 1
    tables = [t if t.name != "ReceivedData" else type(t)("ReceivedData", RECEIVED_COLUMNS, rows) for t in _tables()]
    path = write(tmp_path / "club.bws", tables)
    with pytest.raises(BridgeError, match="row ID 1: board 5 is not played at table 1"), register.transaction() as db:
        import_bws(db, path, "Tuesday pairs", "14 May")
    with register.transaction() as db:
        from sqlalchemy import select

        from bridge_director.register.models import Section
        assert list(db.scalars(select(Section))) == []  # nothing stored
