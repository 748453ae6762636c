"""The guides' worked adjusted-score examples end to end: the ruling goes in on a stored result, the ranking
comes out with the seed's numbers.

- seed 001 (ACBL tech file), old Law 25B: offenders on 9 of a 12 top are cut to average minus, 4.8; the
  non-offenders keep the table's 3.
- seed 004 (Zone 7), serious error (Law 12C1): expected 14 of 16 before the infraction, 8 after it, 0 after
  the non-offenders' own error: they get 0 + (14 - 8) = 6, the offenders 16 - 14 = 2.
- seed 000 (EBU 6 D 2, 6 D 3), Red psyche: the opponents scored under 60%: average plus 60% to them, average
  minus 40% to the psyching side less a procedural penalty of 10% of a top (60% / 30%), counted once.
"""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bridge_director.club.adjustments import rule_on_result
from bridge_director.club.decisions import Capped, RedPsyche, Score, SeriousError, Weighted, decision_from_json
from bridge_director.club.movement_gen import mitchell
from bridge_director.club.results import ResultIn, enter_result
from bridge_director.club.scores import score_section
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
from bridge_director.errors import BridgeError
from bridge_director.register import Authority, Register
from bridge_director.register.models import Section, SessionResult


def board_one(register: Register, tables: int, results: list[ResultIn], authority: Authority = Authority.ACBL,
              ) -> tuple[int, list[int]]:
    """A Mitchell of ``tables`` tables, one board a round; board 1 played at every table with ``results`` (in the
    order the tables play it).  Returns the section's id and the results' ids."""
    with register.transaction() as db:
        session = create_session(db, "Seeds", f"{tables} tables {authority.value}", authority=authority)
        section = add_section(db, session, "A", mitchell(tables), 1)
        for n in range(1, 2 * tables + 1):
            add_pair(db, section, n, PlayerIn(f"P{n}a"), PlayerIn(f"P{n}b"))
        movement = mitchell(tables)
        places = [e for e in movement.encounters if 1 in movement.boards(e.board_set, 1)]
        ids = [enter_result(db, section, e.round, e.table, 1, given).id
               for e, given in zip(places, results, strict=True)]
        return section.id, ids


def points(register: Register, sid: int, rid: int) -> tuple[float, float]:
    """The two sides' points on that result's line."""
    with register.transaction() as db:
        section = db.get(Section, sid)
        row = db.get(SessionResult, rid)
        assert section is not None and row is not None
        scored = score_section(db, section)
        assert scored is not None
        [board] = [b for b in scored.boards if b.board == 1]
        ns, ew = str(row.ns_pair.number), str(row.ew_pair.number)
        [line] = [ln for ln in board.lines if (ln.result.ns, ln.result.ew) == (ns, ew)]
        return line.ns, line.ew


def test_seed001_old_25B_offenders_cut_to_average_minus(register: Register) -> None:
    # board 1, nobody vulnerable: 420 beats 400, 300 (two 150s) and 100 and ties the other 420: 9 of 12
    table = [ResultIn("4S", "N", 10), ResultIn("4S", "N", 11), ResultIn("4S", "N", 10), ResultIn("3NT", "N", 9),
             ResultIn("1NT", "N", 9), ResultIn("1NT", "N", 9), ResultIn("1NT", "N", 7)]
    sid, ids = board_one(register, 7, table)
    assert points(register, sid, ids[0]) == (9.0, 3.0)
    with register.transaction() as db:
        rule_on_result(db, ids[0], director="TD", laws="25B", decision=Capped("NS"))
    assert points(register, sid, ids[0]) == (4.8, 3.0)


def test_seed004_serious_error_keeps_the_self_inflicted_part(register: Register) -> None:
    field = [ResultIn("4S", "N", 13), ResultIn("4S", "N", 10), ResultIn("3NT", "N", 9), ResultIn("2S", "N", 10),
             ResultIn("2S", "N", 9), ResultIn("3S", "N", 9), ResultIn("2NT", "N", 8), ResultIn("2S", "N", 8)]
    sid, ids = board_one(register, 9, [ResultIn("4S", "N", 8), *field])  # N-S -100 at the ruled table: 0 of 16
    assert points(register, sid, ids[0]) == (0.0, 16.0)
    with register.transaction() as db:  # expected 4S+1 (450: 14 of 16); after the infraction 1NT+2 (150: 8)
        rule_on_result(db, ids[0], director="TD", laws="12C1b",
                       decision=SeriousError("NS", Score("4S", "N", 11), Score("1NT", "N", 9)))
    assert points(register, sid, ids[0]) == (6.0, 2.0)


def test_seed000_red_psyche_cancelled_under_60_percent_with_its_penalty(register: Register) -> None:
    # E-W psyched; N-S, the opponents, scored 1 of 4 (25%) at the table: 60% to them, 40% less 10% to E-W (6 D 3)
    sid, ids = board_one(register, 3, [ResultIn("4S", "N", 9), ResultIn("4S", "N", 10), ResultIn("4S", "N", 9)],
                         authority=Authority.EBU)
    assert points(register, sid, ids[0]) == (1.0, 3.0)
    with register.transaction() as db:
        row = db.get(SessionResult, ids[0])
        assert row is not None
        psycher = row.ew_pair.number
        for _ in range(2):  # the same ruling recorded twice is one ruling
            rule_on_result(db, ids[0], director="TD", laws="40C, 12C2", decision=RedPsyche("EW"))
    assert points(register, sid, ids[0]) == (2.4, 1.2)
    assert points(register, sid, ids[0]) == (2.4, 1.2)  # scored again: the penalty still counts once
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        scored = score_section(db, section)
        assert scored is not None
        total = {s.pair: s.total for s in scored.standings}
        on_board = {ln.result.ew: ln.ew for b in scored.boards for ln in b.lines}
        assert total[str(psycher)] == pytest.approx(on_board[str(psycher)])  # no second penalty off the total


def test_red_psyche_result_stands_at_60_percent_or_more_less_the_penalty(register: Register) -> None:
    sid, ids = board_one(register, 3, [ResultIn("4S", "N", 11), ResultIn("4S", "N", 10), ResultIn("4S", "N", 9)],
                         authority=Authority.EBU)
    with register.transaction() as db:
        rule_on_result(db, ids[0], director="TD", laws="40C", decision=RedPsyche("EW", penalty=20))
    # N-S scored 100%: the result stands, and E-W still lose the raised penalty, 20% of the 4 top
    assert points(register, sid, ids[0]) == (4.0, -0.8)
    with register.transaction() as db:
        assert len(list(db.scalars(select(SessionResult)))) == 3


def test_red_misbid_or_deviation_is_cancelled_without_a_penalty(register: Register) -> None:
    sid, ids = board_one(register, 3, [ResultIn("4S", "N", 9), ResultIn("4S", "N", 10), ResultIn("4S", "N", 9)],
                         authority=Authority.EBU)
    with register.transaction() as db:
        rule_on_result(db, ids[0], director="TD", laws="40C", decision=RedPsyche("EW", "deviation"))
    assert points(register, sid, ids[0]) == (2.4, 1.6)


def test_red_psyche_is_the_ebu_regulation_only(register: Register) -> None:
    sid, ids = board_one(register, 3, [ResultIn("4S", "N", 9), ResultIn("4S", "N", 10), ResultIn("4S", "N", 9)],
                         authority=Authority.ACBL)
    with register.transaction() as db:
        rule_on_result(db, ids[0], director="TD", laws="40C", decision=RedPsyche("EW"))
    with pytest.raises(BridgeError, match=r"EBU regulation.*assigned score"):
        points(register, sid, ids[0])


def test_red_psyche_decision_as_data() -> None:
    decision = RedPsyche("NS", "psyche", 15.0)
    assert decision_from_json(decision.to_json()) == decision
    assert decision_from_json({"kind": "red-psyche", "offenders": "EW"}).penalty_percent == 10.0
    assert decision_from_json({"kind": "red-psyche", "offenders": "EW", "departure": "misbid"}).penalty_percent == 0
    assert "10% of a top (6 D 3)" in RedPsyche("EW").text()
    with pytest.raises(BridgeError, match=r"6 D 3.*not lower"):
        RedPsyche("EW", penalty=5)
    with pytest.raises(BridgeError, match=r"6 D 3.*not a Red misbid"):
        RedPsyche("EW", "misbid", penalty=10)
    with pytest.raises(BridgeError, match="departure"):
        decision_from_json({"kind": "red-psyche", "offenders": "EW", "departure": "bluff"})
    with pytest.raises(BridgeError, match="penalty"):
        decision_from_json({"kind": "red-psyche", "offenders": "EW", "penalty": "ten"})


def test_seed004_weighted_score_at_pairs_is_12_6_of_22(register: Register) -> None:
    """Zone 7: 30% of +1430, 40% of +680, 20% of +650, 10% of -100 at a 12-table board (N-S vulnerable) against
    2 x 1430, 5 x 680, 2 x 650, 2 x -100 elsewhere: N-S 12.6, E-W 9.4 of a 22 top."""
    field = ([ResultIn("6S", "N", 12)] * 2 + [ResultIn("4S", "N", 12)] * 5 + [ResultIn("4S", "N", 11)] * 2
             + [ResultIn("6S", "N", 11)] * 2)
    with register.transaction() as db:
        session = create_session(db, "Seeds", "Zone 7 weighted")
        section = add_section(db, session, "A", mitchell(12), 1)
        for n in range(1, 25):
            add_pair(db, section, n, PlayerIn(f"P{n}a"), PlayerIn(f"P{n}b"))
        movement = mitchell(12)
        places = [e for e in movement.encounters if 2 in movement.boards(e.board_set, 1)]
        ruled = enter_result(db, section, places[0].round, places[0].table, 2, ResultIn("4HX", "E", 8)).id
        for e, given in zip(places[1:], field, strict=True):
            enter_result(db, section, e.round, e.table, 2, given)
        sid = section.id
        rule_on_result(db, ruled, director="TD", laws="21B, 12C1c", decision=Weighted((
            (Score("6S", "N", 12), 30), (Score("4S", "N", 12), 40), (Score("4S", "N", 11), 20),
            (Score("6S", "N", 11), 10))))
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        scored = score_section(db, section)
        assert scored is not None
        [board] = [b for b in scored.boards if b.board == 2]
        weighted = [ln for ln in board.lines if ln.result.outcomes]
        assert [(round(ln.ns, 1), round(ln.ew, 1)) for ln in weighted] == [(12.6, 9.4)]
        assert sum(ln.ns + ln.ew for ln in board.lines) == pytest.approx(22 * 12)
