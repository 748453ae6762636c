"""Opening a board at a table of the session: "table 5, round 3, board 11" with its deal, pairs and names.

The movement decides whether the board is at that table in that round; the hand record gives the deal; the
laws engine runs on the stored log (``club.tables``).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from ..club.psyches import PsycheOutcome
from ..errors import RegisterError
from ..laws.ruling import RecordedStep
from ..laws.written import facts, laws_applied
from ..model import Seat
from ..register.models import Ruling, Section, SessionResult, TableBoard
from ..table.edition import Edition
from ..table.judged import Adjusted
from ..table.state import Record, TableState
from ..table.summary import board_summary
from .adjustments import active_ruling, revise_ruling, rule_on_result
from .decisions import decision_from_json
from .results import ResultIn, TableRound, find_result, table_round
from .setup import pair_name, players_in, session_deal
from .tables import AFTER_ENTRY, Seating, StoredTable, TableStore


@dataclass(frozen=True, slots=True)
class Sitting:
    """Who plays a stored board: section, round, table, the pair numbers and the players' names."""

    section: str
    round_no: int
    table_no: int
    board: int
    ns: int
    ew: int
    ns_names: str
    ew_names: str
    result_id: int | None


def _section(db: Session, section_id: int) -> Section:
    section = db.get(Section, section_id)
    if section is None:
        raise RegisterError(f"no section {section_id}", field="section")
    return section


def open_board(store: TableStore, section_id: int, round_no: int, table_no: int, board: int) -> StoredTable:
    """The stored board at the table (opened on first use); refuses a board the movement does not put there."""
    with store.register.transaction() as db:
        section = _section(db, section_id)
        where = table_round(db, section, round_no, table_no)
        _playable(where, board)
        deal = session_deal(db, section.session_id, board)
        row = store.open_at(db, Seating(section.id, round_no, table_no), board, deal, Edition.parse(section.laws))
        token = row.token
    return store.get(token)


def _playable(where: TableRound, board: int) -> None:
    if board not in where.boards:
        raise RegisterError(f"board {board} is not played at table {where.table_no} in round {where.round_no} "
                            f"(boards {where.boards[0]}-{where.boards[-1]} are)", field="board")
    if where.ns is None or where.ew is None:
        raise RegisterError(f"table {where.table_no} sits out in round {where.round_no}", field="table")


def sitting(db: Session, token: str) -> Sitting | None:
    """Who plays the stored board ``token`` (None for a board opened on its own)."""
    row = db.query(TableBoard).filter(TableBoard.token == token).one_or_none()
    if row is None or row.section_id is None or row.round_no is None or row.table_no is None:
        return None
    section = _section(db, row.section_id)
    where = table_round(db, section, row.round_no, row.table_no)
    if where.ns is None or where.ew is None:
        return None
    found = find_result(db, section, row.round_no, row.table_no, row.board_number)
    return Sitting(section.letter, row.round_no, row.table_no, row.board_number, where.ns.number, where.ew.number,
                   pair_name(where.ns, row.round_no), pair_name(where.ew, row.round_no),
                   found.id if found is not None else None)


def result_from_table(state: TableState) -> ResultIn | None:
    """The result the board's log gives (contract, declarer, tricks after every transfer, opening lead), or None
    while the board is not over or a ruling is pending."""
    summary = board_summary(state)
    if summary.pending:
        return None
    if state.passed_out:
        return ResultIn("PASS")
    if summary.contract is None or summary.final_tricks is None:
        return None
    play = state.play
    lead = ""
    if play is not None and play.tricks and play.tricks[0].cards:
        lead = str(play.tricks[0].cards[0])
    return ResultIn(summary.contract.pbn, summary.contract.declarer.letter, summary.final_tricks, lead)


def judged(state: TableState) -> tuple[Adjusted, Record] | None:
    """The score the board's judgement rulings decided, with its ruling: the last adjustment, or the last 'stands'
    when none adjusted (None: no judgement ruling on this board)."""
    pairs = [(a, state.records[a.record]) for a in state.adjusted if 0 <= a.record < len(state.records)]
    if not pairs:
        return None
    adjusting = [pair for pair in pairs if pair[0].kind != "none"]
    return (adjusting or pairs)[-1]


def rule_from_table(db: Session, result_id: int, state: TableState, director: str) -> Ruling | None:
    """Store the judgement ruling of the board's log on its stored result, its decision applied to the score (no
    retyping): the ruling's questions and answers are its recorded steps."""
    found = judged(state)
    if found is None:
        return None
    adjusted, ruling = found
    steps = [RecordedStep(question, answer, {"law": ruling.law}) for question, answer in ruling.steps]
    found_facts = facts(state)
    text = f"{found_facts}. Found: {ruling.outcome}" if found_facts else ruling.outcome
    return rule_on_result(db, result_id, director=director, laws=laws_applied(state, ruling, adjusted),
                          decision=decision_from_json(adjusted.to_json()), facts=text, steps=steps)


def ruling_after_result(db: Session, seating: Seating, board: int | None, before: TableState, after: TableState,
                        by: str) -> None:
    """A judgement ruling finished at the table after the board's result was stored (the director called back at
    the end of the hand): its decision becomes that result's ruling, as when both are recorded together."""
    if len(after.adjusted) <= len(before.adjusted) or board is None or seating.section_id is None \
            or seating.round_no is None or seating.table_no is None:
        return
    section = db.get(Section, seating.section_id)
    row = find_result(db, section, seating.round_no, seating.table_no, board) if section is not None else None
    found = judged(after)
    if row is None or found is None:
        return
    current = active_ruling(db, row.id)
    if current is None:
        rule_from_table(db, row.id, after, by or "director")  # only the director answers a review's questions
    elif current.decision != found[0].to_json():  # a later ruling of the board replaces the one stored (82C)
        revise_ruling(db, current.ruling_id, decision_from_json(found[0].to_json()),
                      outcome=f"ruled again at the table: {found[1].outcome}")


AFTER_ENTRY.append(ruling_after_result)


def psyches_from_table(db: Session, section: Section, round_no: int, table_no: int, state: TableState,
                       director: str) -> list[PsycheOutcome]:
    """Store every psyche the board's log classified in the psyche register, with the partnership's history
    (EBU 6 B 6 is applied here, over the history; ACBL frequency per session)."""
    from ..club.psyches import history_of, record_finding
    from ..laws.law40_review import findings
    from ..laws.psyche_report import psyche_finding
    where = table_round(db, section, round_no, table_no)
    out = []
    for reported, answers in findings(state):
        seat = reported.facts.seat
        pair = where.ns if seat.side.value == "NS" else where.ew
        if pair is None:
            continue
        names = players_in(pair, round_no)
        player, partner = (names[0], names[1]) if seat in (Seat.NORTH, Seat.EAST) else (names[1], names[0])
        finding = psyche_finding(reported, answers, history_of(db, section.session, player, partner))
        out.append(record_finding(db, session=section.session, board_number=reported.board or 0, player=player,
                                  partner=partner, finding=finding, director=director))
    return out


def record_from_table(db: Session, section: Section, round_no: int, table_no: int, board: int, state: TableState,
                      by: str) -> SessionResult:
    """The finished board's result stored for the table, with the judgement ruling of its log on it (its score as
    the result's decision) and its psyches in the register: one transaction, nothing typed twice."""
    from .results import enter_result
    given = result_from_table(state)
    if given is None:
        raise RegisterError("the board is not finished, or a ruling is pending: no result to record", field="result")
    row = enter_result(db, section, round_no, table_no, board, given, by=by)
    rule_from_table(db, row.id, state, by)
    psyches_from_table(db, section, round_no, table_no, state, by)
    return row
