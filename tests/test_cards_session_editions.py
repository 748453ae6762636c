"""A pair's registered card at a session table ruled under 2007 and 1997: the edition's own test (31A2 with 29C)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.club.movement_gen import mitchell
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
from bridge_director.club.system_cards import register_card
from bridge_director.club.tables import Seating, TableStore
from bridge_director.laws.pending import describe
from bridge_director.model import Call, Seat
from bridge_director.register import Register
from bridge_director.table.edition import Edition
from bridge_director.table.events import CallMade, Choice, Judgement
from bridge_director.table.state import Bar

STRONG_CLUB = Path(__file__).parents[1] / "examples" / "cards" / "strong-club.json"


@pytest.mark.parametrize("edition", [Edition.L2007, Edition.L1997])
def test_31A2a_29C_at_a_session_table_the_pairs_card_answers_by_the_edition(register: Register,
                                                                            edition: Edition) -> None:
    with register.transaction() as db:
        session = create_session(db, "Tuesday pairs", "Evening")
        section = add_section(db, session, "A", mitchell(5), 2)
        for number in range(1, 11):
            add_pair(db, section, number, PlayerIn(f"Player {number}a"), PlayerIn(f"Player {number}b"))
        register_card(db, section.id, 3, STRONG_CLUB.read_text(encoding="utf-8"))  # North-South at table 3
        row = TableStore(register).open_at(db, Seating(section.id, 1, 3), 2, None, edition)  # board 2: East deals
    store = TableStore(register)
    table = store.get(row.token)
    # South bids 1S at East's turn; West refuses; East opens 1H; South bids 2S (intermediate: 11-15, six spades)
    for event in (CallMade(Seat.SOUTH, Call.parse("1S"), edition), Choice("refuse"),
                  CallMade(Seat.EAST, Call.parse("1H"), edition), CallMade(Seat.SOUTH, Call.parse("2S"), edition)):
        table.enter(event)
    state = store.get(row.token).state
    assert state.pending is not None
    text = describe(state.pending, state).text
    word = "artificial" if edition is Edition.L2007 else "conventional"
    assert (f"(Law 29C, {edition}): 2♠: partner must pass once (Law 31A2(a), {edition}): it repeats the "
            f"denomination(s) specified: 1♠ as an opening is not {word}: it specifies spades; 2♠ after (1H) is not "
            f"{word}: it specifies spades.") in text
    table.enter(Judgement("same_denomination", "yes"))
    assert [(r.seat, r.bar) for r in store.get(row.token).state.restrictions] == [(Seat.NORTH, Bar.PASS_ONCE)]
