"""A small club evening for the players' view: a 3-table Mitchell, one board a round, with results worked out by
hand (tests/club/test_score_card.py, tests/club/test_publish.py, tests/web/test_players*.py).

Boards (Law 2): 1 none vulnerable, 2 N-S vulnerable, 3 E-W vulnerable.  Who plays what:

| round | table 1 | table 2 | table 3 |
|---|---|---|---|
| 1 | 1 v 4, board 1 | 2 v 5, board 2 | 3 v 6, board 3 |
| 2 | 1 v 6, board 2 | 2 v 4, board 3 | 3 v 5, board 1 |
| 3 | 1 v 5, board 3 | 2 v 6, board 1 | 3 v 4, board 2 |

The results (N-S score; matchpoints on a top of 4 once the board is complete):

- board 1: 1 v 4 2♥ S 8 tricks +110 (2), 3 v 5 2♥ S 9 +140 (4), 2 v 6 2♥ S 7 −50 (0)
- board 2: 2 v 5 4♠ N 10 +620 (2), 1 v 6 4♠ N 11 +650 (4), 3 v 4 4♠ N 9 −100 (0)
- board 3: 3 v 6 3NT S 9 +400 (3), 2 v 4 3NT S 9 +400 (3), 1 v 5 3NT S 8 −50 (0)

N-S totals: pair 3 7 (58.33%), pair 1 6 (50%), pair 2 5 (41.67%).
"""

from __future__ import annotations

from bridge_director.club.movement_gen import mitchell
from bridge_director.club.results import ResultIn, enter_result
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session, store_hand_records
from bridge_director.model import Deal
from bridge_director.register import Register
from bridge_director.register.models import Section

#: (round, table, board, contract, declarer, tricks, lead)
RESULTS = (
    (1, 1, 1, "2H", "S", 8, "S2"), (1, 2, 2, "4S", "N", 10, ""), (1, 3, 3, "3NT", "S", 9, ""),
    (2, 1, 2, "4S", "N", 11, ""), (2, 2, 3, "3NT", "S", 9, ""), (2, 3, 1, "2H", "S", 9, ""),
    (3, 1, 3, "3NT", "S", 8, ""), (3, 2, 1, "2H", "S", 7, ""), (3, 3, 2, "4S", "N", 9, ""),
)
LAST = (3, 2, 1)  # the result left out by ``build(..., complete=False)``: board 1 waits for it
#: West holds the two of spades (the lead at table 1, round 1)
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
NAMES = {1: ("Ann North", "Bob South"), 2: ("Cy", "Di"), 3: ("Ed", "Flo"), 4: ("Gus", "Hal"),
         5: ("<b>O'Neil</b>", "Ivy"), 6: ("Jo", "Kim")}


def build(register: Register, complete: bool = True, deals: bool = True) -> int:
    """The evening stored in ``register``; without ``complete`` the last result (board 1, round 3, table 2) is
    missing.  Returns the section's id."""
    with register.transaction() as db:
        session = create_session(db, "Club <night>", "Tuesday")
        section = add_section(db, session, "A", mitchell(3), 1)
        for number, (first, second) in NAMES.items():
            add_pair(db, section, number, PlayerIn(first), PlayerIn(second))
        if deals:
            store_hand_records(db, session, {b: Deal.from_pbn(DEAL) for b in (1, 2, 3)})
        for round_no, table, board, contract, declarer, tricks, lead in RESULTS:
            if complete or (round_no, table, board) != LAST:
                enter_result(db, section, round_no, table, board, ResultIn(contract, declarer, tricks, lead),
                             by="desk")
        return section.id


def enter_last(register: Register, section_id: int) -> None:
    """The result ``build(..., complete=False)`` left out."""
    with register.transaction() as db:
        section = db.get(Section, section_id)
        assert section is not None
        enter_result(db, section, 3, 2, 1, ResultIn("2H", "S", 7), by="desk")
