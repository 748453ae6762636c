"""The demo's data: the example file's eight boards as an older session of results only (uploaded travellers),
its rankings and frequency charts, rulings on its results and a penalty (decisions as data), and a psyche.

Everything goes through the register's and the club's own functions; nothing is scored here.
Ten pairs played a Mitchell: pairs 1-5 sat North-South, pairs 6-10 East-West, every board at every table.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..club.adjustments import PenaltyIn, penalise, revise_ruling, rule_on_result
from ..club.decisions import Score, Weighted
from ..club.psyches import record_psyche
from ..club.setup import PlayerIn, find_player
from ..club.travellers import store_travellers
from ..errors import BridgeError
from ..io.pbn import load_pbn
from ..model import Board
from ..register import Register
from ..register.events import ensure_event, ensure_session
from ..register.models import Board as StoredBoard
from ..register.models import Pair, Section, SessionResult
from ..register.stored_rulings import amend_ruling, new_ruling, record_ruling
from ..register.values import Authority, Departure, PenaltyKind
from ..scoring.event import Result as Line

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "club-night.pbn"
DEMO_EVENT = "Club night (demo)"
RESULTS = "Last week"
TABLES = 5
# how many tricks each table made compared with the example file's own result (table 1 is the file's)
TRICK_SWINGS = (0, -1, 1, 0, -2, 1, 0, -1)


def demo_boards(path: Path = EXAMPLE) -> list[Board]:
    """The boards of the example file that read cleanly, in file order."""
    if not path.exists():
        raise BridgeError(f"the demo needs the example file {path}", field="file")
    return [board for _, board in load_pbn(path).boards()]


def demo_travellers(boards: list[Board]) -> list[Line]:
    """Five tables on every board: the file's contract, the tricks varied from table to table; the pairs named
    by their numbers, as a club's travellers name them."""
    lines: list[Line] = []
    for board in boards:
        number = board.number or 1
        played = board.replay()
        contract = played.contract
        for table in range(1, TABLES + 1):
            ns, ew = str(table), str(table + TABLES)
            if contract is None:
                lines.append(Line.played(number, ns, ew, "PASS"))
                continue
            swing = 0 if table == 1 else TRICK_SWINGS[(number + table) % len(TRICK_SWINGS)]
            tricks = max(0, min(13, played.declarer_tricks + swing))
            lines.append(Line.played(number, ns, ew, contract.pbn, contract.declarer.letter, tricks))
    # one line the director scored artificially (a fouled board at table 5 of board 8): average plus / minus
    return [Line(8, "5", "10", ns_award=60.0, ew_award=40.0, note="A+/A-") if (ln.board, ln.ns) == (8, "5")
            else ln for ln in lines]


def _name_pairs(db: Session, section: Section) -> None:
    """North n & South n for pairs 1-5, East n & West n for pairs 6-10."""
    for pair in db.scalars(select(Pair).where(Pair.section_id == section.id)):
        seats, n = (("North", "South"), pair.number) if pair.number <= TABLES else (("East", "West"),
                                                                                   pair.number - TABLES)
        pair.player1 = find_player(db, PlayerIn(f"{seats[0]} {n}"))
        pair.player2 = find_player(db, PlayerIn(f"{seats[1]} {n}"))


def _result(db: Session, section: Section, board: int, table: int) -> int:
    """The id of the result of ``board`` at ``table`` (its place on the traveller)."""
    found = db.scalar(select(SessionResult.id).join(StoredBoard).where(
        SessionResult.section_id == section.id, StoredBoard.number == board, SessionResult.table_no == table))
    if found is None:
        raise BridgeError(f"the demo has no result of board {board} at table {table}", field="board")
    return found


def _rulings(db: Session, section: Section) -> None:
    board2 = db.scalar(select(StoredBoard.id).where(StoredBoard.session_id == section.session_id,
                                                    StoredBoard.number == 2))
    new_ruling(db, kind="mechanical", director="Director 1", laws="27B1(a)", board=board2,
               facts="West bid 1♣ over East's 1♠ (insufficient)",
               options="North did not accept it; West replaced it by 2♣, the lowest sufficient bid in the same "
                       "denomination", decision="The auction continued; no restrictions on West")
    ui = rule_on_result(db, _result(db, section, 5, 1), director="Director 1", laws="16B1, 12C1(c)", kind="ui",
                        facts="West hesitated about 20 seconds before passing 3♠; East then bid 4♠ (pass is a "
                              "logical alternative: 2 of 5 peers would pass)",
                        decision=Weighted(((Score("3S", "E", 11), 60), (Score("4S", "E", 11), 40))))
    revise_ruling(db, ui.id, Weighted(((Score("3S", "E", 11), 60), (Score("4S", "E", 11), 40))),
                  appeal="East-West say the pause was normal tempo", outcome="ruling upheld; deposit returned")
    lead = rule_on_result(db, _result(db, section, 7, 4), director="Director 2", laws="50, 50D2", kind="mechanical",
                          facts="West dropped the ♦Q face up before East's opening lead", decision=None)
    amend_ruling(db, lead.id, lead.version, options="major penalty card; declarer required a diamond lead")
    penalise(db, section, [PenaltyIn(9, 0.1, "top", PenaltyKind.PROCEDURAL, "90B8",
                                     "repeated late arrival at the table")],
             director="Director 2", laws="90B8", facts="Pair 9 arrived late at the table for the third round running")
    record_ruling(db, kind="other", director="Director 1", laws="91A",
                  facts="North 4 made a loud remark about the previous board",
                  decision="Pair 4 warned (Law 91A); no penalty this time")


def load_demo(register: Register, path: Path = EXAMPLE) -> str:
    """Fill an empty register with the demo event; returns the event's name."""
    boards = demo_boards(path)
    with register.transaction() as db:
        stored = store_travellers(db, DEMO_EVENT, demo_travellers(boards), {b.number or 1: b.deal for b in boards},
                                  session=RESULTS, authority=Authority.EBU)
        section = stored.section
        event = ensure_event(db, DEMO_EVENT)
        event.level = 3
        _name_pairs(db, section)
        _rulings(db, section)
        session = ensure_session(db, event, "Evening")
        record_psyche(db, session=session, board_number=3, player="North 3", partner="South 3", call="1S",
                      departure=Departure.PSYCHE, initial_action=True, meaning="natural, 5+ spades, 11-19",
                      partner_explanation="I had no reason to think partner might psyche")
    return DEMO_EVENT
