"""A system card registered for each pair of a session is used at its tables (migration 0007)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.cards.card_file import load
from bridge_director.club.movement_gen import mitchell
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
from bridge_director.club.system_cards import card_of, register_card, table_cards
from bridge_director.club.tables import Seating, TableStore
from bridge_director.errors import RegisterError
from bridge_director.laws.pending import describe
from bridge_director.model import Call, Seat
from bridge_director.register import Register
from bridge_director.table.edition import Edition
from bridge_director.table.events import CallMade, Choice
from conftest import Run

EXAMPLES = Path(__file__).parents[1] / "examples" / "cards"


def section_with_cards(register: Register) -> int:
    """A 5-table Mitchell; pair 3 (North-South at table 3 in round 1) plays the strong club card."""
    with register.transaction() as db:
        session = create_session(db, "Tuesday pairs", "Evening")
        section = add_section(db, session, "A", mitchell(5), 2)
        for number in range(1, 11):
            add_pair(db, section, number, PlayerIn(f"Player {number}a"), PlayerIn(f"Player {number}b"))
        register_card(db, section.id, 3, (EXAMPLES / "strong-club.json").read_text(encoding="utf-8"))
        return section.id


def test_registered_card_is_read_back_and_seated_north_south(register: Register) -> None:
    sid = section_with_cards(register)
    with register.transaction() as db:
        stored = card_of(db, sid, 3)
        assert stored is not None and stored.meanings == load(EXAMPLES / "strong-club.json").meanings
        assert card_of(db, sid, 4) is None
        cards = table_cards(db, sid, 1, 3)
        assert cards is not None and cards.ns == stored and cards.ew is None
        assert table_cards(db, sid, 1, 2) is None  # nobody at table 2 registered a card


def test_a_card_with_problems_is_refused_naming_the_first(register: Register) -> None:
    sid = section_with_cards(register)
    with register.transaction() as db, pytest.raises(RegisterError) as err:
        register_card(db, sid, 4, '{"system": "bad", "contexts": {"1N": {"1C": "hcp 5+"}}}')
    assert err.value.field == "card"
    assert str(err.value) == "card: card: context '1N', 1C: not possible here: 1C is not higher than 1N (Law 18)"


def test_31A2a_at_a_session_table_the_pairs_card_decides(register: Register) -> None:
    sid = section_with_cards(register)
    store = TableStore(register)
    with register.transaction() as db:
        row = store.open_at(db, Seating(sid, 1, 3), 2, None, Edition.L2017)  # board 2: East deals
        token = row.token
    table = store.get(token)
    for event in (CallMade(Seat.SOUTH, Call.parse("1S")), Choice("refuse"), CallMade(Seat.EAST, Call.parse("1H")),
                  CallMade(Seat.SOUTH, Call.parse("2S"))):
        table.enter(event)
    state = store.get(token).state
    assert state.pending is not None
    text = describe(state.pending, state).text
    assert "The system card of South's side (Strong club" in text
    assert "2♠ is comparable (Law 23A2)" in text



def test_card_register_from_the_command_line(run: Run, tmp_path: Path) -> None:
    register = Register(f"sqlite:///{tmp_path / 'register.sqlite3'}")  # the register the run fixture uses
    try:
        sid = section_with_cards(register)
    finally:
        register.close()
    code, out, _ = run("card", "register", str(EXAMPLES / "natural-2over1.json"), "--section", str(sid),
                       "--pair", "4")
    assert (code, out) == (0, f"pair 4 of section {sid}: Natural 2/1: five-card majors, 15-17 notrump "
                              f"({load(EXAMPLES / 'natural-2over1.json').size} meanings)\n")
    code, _, err = run("card", "register", str(EXAMPLES / "natural-2over1.json"), "--section", str(sid),
                       "--pair", "11")
    assert (code, err) == (2, f"error: pair: section {sid} has no pair 11\n")
