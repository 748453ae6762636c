"""The demo's data: the example file's eight boards as a club pairs event, travellers, rulings and a psyche.

Everything goes through the register's and the scorer's own functions; nothing is scored here.
Ten pairs play a Mitchell: pairs 1-5 sit North-South, pairs 6-10 East-West, every board at every table.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import BridgeError
from ..io.pbn import load_pbn
from ..model import Board
from ..register import Register
from ..register.events import ensure_event, ensure_session
from ..register.psyches import record_psyche
from ..register.rulings import add_penalty, adjust_score, new_ruling, record_appeal
from ..register.values import Authority, Departure, PenaltyKind, Side
from ..scoring.event import Result as Line
from .event_store import board_of, store_results

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "club-night.pbn"
DEMO_EVENT = "Club night (demo)"
TABLES = 5
# how many tricks each table made compared with the example file's own result (table 1 is the file's)
TRICK_SWINGS = (0, -1, 1, 0, -2, 1, 0, -1)


def demo_boards(path: Path = EXAMPLE) -> list[Board]:
    """The boards of the example file that read cleanly, in file order."""
    if not path.exists():
        raise BridgeError(f"the demo needs the example file {path}", field="file")
    return [board for _, board in load_pbn(path).boards()]


def demo_travellers(boards: list[Board]) -> list[Line]:
    """Five tables on every board: the file's contract, the tricks varied from table to table."""
    lines: list[Line] = []
    for board in boards:
        number = board.number or 1
        played = board.replay()
        contract = played.contract
        for table in range(1, TABLES + 1):
            ns, ew = f"Pair {table}", f"Pair {table + TABLES}"
            if contract is None:
                lines.append(Line.played(number, ns, ew, "PASS"))
                continue
            swing = 0 if table == 1 else TRICK_SWINGS[(number + table) % len(TRICK_SWINGS)]
            tricks = max(0, min(13, played.declarer_tricks + swing))
            lines.append(Line.played(number, ns, ew, contract.pbn, contract.declarer.letter, tricks))
    # one line the director scored artificially (a fouled board at table 5 of board 8): average plus / minus
    return [Line(8, "Pair 5", "Pair 10", ns_award=60.0, ew_award=40.0, note="A+/A-") if (ln.board, ln.ns) ==
            (8, "Pair 5") else ln for ln in lines]


def load_demo(register: Register, path: Path = EXAMPLE) -> str:
    """Fill an empty register with the demo event; returns the event's name."""
    boards = demo_boards(path)
    with register.transaction() as db:
        store_results(db, DEMO_EVENT, demo_travellers(boards), {b.number or 1: b.deal for b in boards},
                      authority=Authority.EBU)
        event = ensure_event(db, DEMO_EVENT)
        event.level = 3
        board2, board5, board7 = (board_of(db, DEMO_EVENT, n) for n in (2, 5, 7))
        new_ruling(db, kind="mechanical", director="Director 1", laws="27B1(a)", board=board2,
                   facts="West bid 1♣ over East's 1♠ (insufficient)",
                   options="North did not accept it; West replaced it by 2♣, the lowest sufficient bid in the "
                           "same denomination", decision="The auction continued; no restrictions on West")
        ui = new_ruling(db, kind="ui", director="Director 1", laws="16B1, 12C1(c)", board=board5,
                        facts="North hesitated about 20 seconds before passing 3♥; South then bid 4♥",
                        options="Pass is a logical alternative (2 of 5 peers would pass)",
                        decision="4♥ cancelled; score weighted 60% 3♥ making, 40% 3♥ +1")
        adjust_score(db, ui, Side.EW, "60% of 3H= by S, 40% of 3H+1 by S", law="12C1(c)")
        record_appeal(db, ui.id, ui.version, appeal="North-South say the pause was normal tempo",
                      outcome="ruling upheld; deposit returned")
        lead = new_ruling(db, kind="mechanical", director="Director 2", laws="50, 50D2", board=board7,
                          facts="West dropped the ♦Q face up while declarer was thinking",
                          options="major penalty card; declarer required a diamond lead",
                          decision="East led a diamond; the ♦Q was played to it")
        add_penalty(db, kind=PenaltyKind.PROCEDURAL, law="90B8", offender="Pair 9", amount="10% of a top",
                    reason="repeated late arrival at the table", ruling=lead)
        add_penalty(db, kind=PenaltyKind.DISCIPLINARY, law="91A", offender="Pair 4", amount="warning",
                    reason="a loud remark about the previous board")
        session = ensure_session(db, event, "Evening")
        record_psyche(db, session=session, board_number=3, player="North 3", partner="South 3", call="1S",
                      departure=Departure.PSYCHE, initial_action=True, meaning="natural, 5+ spades, 11-19",
                      partner_explanation="I had no reason to think partner might psyche")
    return DEMO_EVENT
