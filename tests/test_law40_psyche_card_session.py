"""A psyche reviewed at a session table: the pair's registered card (migration 0007) is what the advice reads
(Law 40C1; the table without a registered card is advised by nothing)."""

from __future__ import annotations

from pathlib import Path

from bridge_director.club.movement_gen import mitchell
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
from bridge_director.club.system_cards import register_card
from bridge_director.club.tables import Seating, TableStore
from bridge_director.laws.pending import describe
from bridge_director.model import Call, Deal, Seat
from bridge_director.register import Register
from bridge_director.table.edition import Edition
from bridge_director.table.events import CallMade, DirectorReview, PsycheReported

EXAMPLES = Path(__file__).parents[1] / "examples" / "cards"
DEAL = Deal.from_pbn("N:8765.432.5432.32 A9.KQT9.QJT.KQT9 KQJ2.AJ5.AK6.J54 T43.876.987.A876")


def psyche_at(register: Register, sid: int, table_no: int) -> str:
    """Board 1 (North deals) at ``table_no`` in round 1: North psyches 1♠, South raises to 2♠ on 19 HCP; the
    director reviews North's 1♠.  The ruling's text."""
    store = TableStore(register)
    with register.transaction() as db:
        token = store.open_at(db, Seating(sid, 1, table_no), 1, DEAL, Edition.L2017).token
    table = store.get(token)
    for seat, call in ((Seat.NORTH, "1S"), (Seat.EAST, "P"), (Seat.SOUTH, "2S"), (Seat.WEST, "P"),
                       (Seat.NORTH, "P"), (Seat.EAST, "P")):
        table.enter(CallMade(seat, Call.parse(call)))
    table.enter(PsycheReported(Seat.NORTH, 1, Edition.L2017))
    table.enter(DirectorReview("40", Seat.NORTH, 1, Edition.L2017))
    state = store.get(token).state
    assert state.pending is not None
    return describe(state.pending, state).text


def test_40C1_the_registered_card_of_the_pair_sitting_north_south_advises_the_review(register: Register) -> None:
    with register.transaction() as db:
        session = create_session(db, "Tuesday pairs", "Evening")
        section = add_section(db, session, "A", mitchell(5), 2)
        for number in range(1, 11):
            add_pair(db, section, number, PlayerIn(f"Player {number}a"), PlayerIn(f"Player {number}b"))
        register_card(db, section.id, 3, (EXAMPLES / "natural-2over1.json").read_text(encoding="utf-8"))
        sid = section.id
    carded = psyche_at(register, sid, 3)  # pair 3 sits North-South at table 3 in round 1
    assert "For the director, from the side's card: points to an undisclosed agreement." in carded
    assert "the card (Natural 2/1: five-card majors, 15-17 notrump): 1♠ as an opening: hcp 11-21" in carded
    plain = psyche_at(register, sid, 2)  # nobody at table 2 registered a card
    assert "from the side's card" not in plain and plain.splitlines()[-1].startswith("Question 1 of ")
