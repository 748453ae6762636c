"""A Red psyche found in the register is scored on the stored session (EBU 6 D 2, 6 D 3) through ``club.scores``:
its procedural penalty counts once, however often the session is scored or the same ruling recorded, and a
finding lowered later gives the table result back.

The session: a three-table Mitchell, one board a round, every board played at every table.  On board 1 the
N-S pair at the first table scores 1 of a 4 top (25%), its E-W opponents 3.
"""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bridge_director.club.movement_gen import mitchell
from bridge_director.club.psyches import classify, record_psyche, rescore_red
from bridge_director.club.results import ResultIn, enter_result
from bridge_director.club.scores import score_section
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
from bridge_director.errors import RegisterError
from bridge_director.register import Colour, Departure, EventSession, Register
from bridge_director.register.models import ResultRuling, Section, SessionPenalty, SessionResult
from bridge_director.register.values import Side
from bridge_director.scoring.adjusted import Unit

BOARD = {1: [ResultIn("4S", "N", 9), ResultIn("4S", "N", 10), ResultIn("4S", "N", 9)],
         2: [ResultIn("3NT", "S", 8), ResultIn("3NT", "S", 9), ResultIn("3NT", "S", 10)],
         3: [ResultIn("2H", "E", 8), ResultIn("2H", "E", 8), ResultIn("2H", "E", 9)]}


def stored_session(register: Register) -> int:
    """The section's id; pair ``n`` is ``Player {n}a`` and ``Player {n}b``."""
    with register.transaction() as db:
        session = create_session(db, "Club Pairs", "Tuesday")
        movement = mitchell(3)
        section = add_section(db, session, "A", movement, 1)
        for n in range(1, 7):
            add_pair(db, section, n, PlayerIn(f"Player {n}a"), PlayerIn(f"Player {n}b"))
        for board, results in BOARD.items():
            places = [e for e in movement.encounters if board in movement.boards(e.board_set, 1)]
            for place, given in zip(places, results, strict=True):
                enter_result(db, section, place.round, place.table, board, given)
        return section.id


def session_of(db: Session, sid: int) -> tuple[Section, EventSession]:
    section = db.get(Section, sid)
    assert section is not None
    return section, section.session


def line(db: Session, sid: int, board: int, pair: int) -> tuple[float, float, str]:
    """(N-S points, E-W points, the line's note) where ``pair`` played ``board``."""
    section, _ = session_of(db, sid)
    scored = score_section(db, section)
    assert scored is not None
    [found] = [ln for b in scored.boards if b.board == board for ln in b.lines
               if str(pair) in (ln.result.ns, ln.result.ew)]
    return found.ns, found.ew, found.result.note


def total(db: Session, sid: int, pair: int) -> float:
    section, _ = session_of(db, sid)
    scored = score_section(db, section)
    assert scored is not None
    return next(s.total for s in scored.standings if s.pair == str(pair))


def first_table(db: Session, sid: int, board: int = 1) -> tuple[int, int]:
    """(N-S pair, E-W pair) of the first result stored for ``board``."""
    row = db.scalars(select(SessionResult).where(SessionResult.section_id == sid).order_by(SessionResult.id)
                     .join(SessionResult.board).where(SessionResult.board.has(number=board))).first()
    assert row is not None
    return row.ns_pair.number, row.ew_pair.number


def psyche(db: Session, sid: int, board: int, pair: int, colour: Colour, *, call: str = "1S",
           departure: Departure = Departure.PSYCHE, swap: bool = False) -> list[int]:
    """A report by pair ``pair`` on ``board``; the ids of the reports its finding made Red."""
    _, session = session_of(db, sid)
    names = (f"Player {pair}a", f"Player {pair}b")
    player, partner = names[::-1] if swap else names
    outcome = record_psyche(db, session=session, board_number=board, player=player, partner=partner, call=call,
                            departure=departure, colour=colour, partner_explanation="no idea")
    return [r.id for r in outcome.turned_red]


def counts(db: Session) -> tuple[int, int]:
    """(active result rulings, procedural penalties on the session's pairs)."""
    rulings = db.scalar(select(func.count()).select_from(ResultRuling).where(ResultRuling.active.is_(True)))
    penalties = db.scalar(select(func.count()).select_from(SessionPenalty))
    return int(rulings or 0), int(penalties or 0)


def test_6D2_6D3_red_psyche_scored_on_the_stored_session_at_60_30_once(register: Register) -> None:
    sid = stored_session(register)
    with register.transaction() as db:
        _, ew = first_table(db, sid)
        assert line(db, sid, 1, ew)[:2] == (1.0, 3.0)
        before = total(db, sid, ew)
        assert len(psyche(db, sid, 1, ew, Colour.RED)) == 1
    with register.transaction() as db:
        ns_points, ew_points, note = line(db, sid, 1, ew)
        assert (ns_points, ew_points) == (2.4, 1.2)  # 60% to N-S, 40% - 10% to E-W
        assert "40C" in note
        assert total(db, sid, ew) == pytest.approx(before - 3.0 + 1.2)
        assert counts(db) == (1, 0)
    with register.transaction() as db:  # the same report again, and the same finding again
        assert psyche(db, sid, 1, ew, Colour.RED) == []
        [report] = _report_ids(db)
        assert classify(db, report, Colour.RED).turned_red == ()
    with register.transaction() as db:  # partner's psyche on the same board: the same ruling on the board
        assert len(psyche(db, sid, 1, ew, Colour.RED, call="2S", swap=True)) == 1
        assert len(_report_ids(db)) == 2
    with register.transaction() as db:  # scored again and again: the penalty counts once
        first = line(db, sid, 1, ew)
        assert line(db, sid, 1, ew) == first
        assert first[1] == pytest.approx(1.2)
        assert total(db, sid, ew) == pytest.approx(before - 1.8)
        assert counts(db) == (1, 0)


def test_6D3_a_red_misbid_on_the_stored_session_has_no_penalty(register: Register) -> None:
    sid = stored_session(register)
    with register.transaction() as db:
        _, ew = first_table(db, sid)
        psyche(db, sid, 1, ew, Colour.RED, departure=Departure.MISBID)
        assert line(db, sid, 1, ew)[:2] == (2.4, 1.6)


def test_6D2_the_result_stands_at_60_percent_but_a_red_psyche_still_pays(register: Register) -> None:
    sid = stored_session(register)
    with register.transaction() as db:
        ns, _ = first_table(db, sid)
        psyche(db, sid, 1, ns, Colour.RED)  # N-S psyched; E-W scored 3 of 4 (75%): it stands
        assert line(db, sid, 1, ns)[:2] == (1.0 - 0.4, 3.0)


def test_6B6_a_second_amber_adjusts_both_boards_of_the_session(register: Register) -> None:
    sid = stored_session(register)
    with register.transaction() as db:
        _, ew = first_table(db, sid)
        played = line(db, sid, 2, ew)
        assert psyche(db, sid, 1, ew, Colour.AMBER) == []
        assert line(db, sid, 1, ew)[:2] == (1.0, 3.0)  # 6 D 1: a single Amber changes nothing
        assert len(psyche(db, sid, 2, ew, Colour.AMBER, call="2H", swap=True)) == 2
        assert line(db, sid, 1, ew)[:2] == (2.4, 1.2)
        adjusted = line(db, sid, 2, ew)
        assert adjusted != played and counts(db) == (2, 0)


def test_6B6_lowering_one_amber_gives_both_table_results_back(register: Register) -> None:
    sid = stored_session(register)
    with register.transaction() as db:
        _, ew = first_table(db, sid)
        psyche(db, sid, 1, ew, Colour.AMBER)
        psyche(db, sid, 2, ew, Colour.AMBER, call="2H")
        first_report = min(r for r in _report_ids(db))
        outcome = classify(db, first_report, Colour.GREEN)
        assert outcome.turned_red == ()
        assert line(db, sid, 1, ew)[:2] == (1.0, 3.0)
        assert "no adjustment" in line(db, sid, 1, ew)[2]
        assert counts(db) == (2, 0)  # both rulings stay, each now 'the table result stands'
        again = classify(db, first_report, Colour.AMBER)
        assert len(again.turned_red) == 2
        assert line(db, sid, 1, ew)[:2] == (2.4, 1.2)  # the penalty once


def test_6D3_a_board_scored_from_the_session_is_not_rescored_apart(register: Register) -> None:
    sid = stored_session(register)
    with register.transaction() as db:
        _, ew = first_table(db, sid)
        [red] = psyche(db, sid, 1, ew, Colour.RED)
        with pytest.raises(RegisterError, match="scored from its stored session"):
            rescore_red(db, red, offenders=Side.EW, opponents_result=25, unit=Unit.PERCENT)


def _report_ids(db: Session) -> list[int]:
    from bridge_director.register import PsycheReport

    return list(db.scalars(select(PsycheReport.id)))
