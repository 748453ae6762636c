"""The players' score card (club.score_card): points only once a board is complete, the running total ending at
the ranking's, an adjusted board with its table score kept, a pair that left, and the signed link.

The evening and its worked-out matchpoints are described in tests/cardkit.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.club.adjustments import PenaltyIn, penalise, rule_on_result
from bridge_director.club.decisions import Assigned, Score
from bridge_director.club.report import load_report
from bridge_director.club.results import find_result
from bridge_director.club.score_card import (
    PlayerCard,
    card_key,
    card_token,
    expected_results,
    load_player_card,
    player_card,
    read_card_token,
    section_expected,
)
from bridge_director.club.setup import withdraw
from bridge_director.errors import RegisterError
from bridge_director.register import Register
from bridge_director.register.models import Section
from cardkit import build, enter_last


@pytest.fixture
def register() -> Register:
    return Register("sqlite://")


def card(register: Register, sid: int, pair: int) -> PlayerCard:
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        return load_player_card(db, section, pair)


def test_a_board_shows_its_points_only_once_every_result_of_it_is_in(register: Register) -> None:
    sid = build(register, complete=False)
    before = card(register, sid, 1)
    first, second, third = before.rows
    assert (first.board, first.round_no, first.opponents, first.opponent_names) == (1, 1, 4, "Gus & Hal")
    assert (first.contract, first.declarer, first.lead, first.tricks, first.score) == ("2♥", "S", "♠2", 8, 110)
    assert not first.complete and first.points is None and first.running is None
    assert (second.board, second.score, second.points, second.percent, second.running) == (2, 650, 4.0, 100.0, 4.0)
    assert (third.board, third.score, third.points, third.running) == (3, -50, 0.0, 4.0)
    assert (before.total, before.percent, before.scored, before.waiting) == (4.0, 50.0, 2, 1)
    assert before.live and before.standing is None

    enter_last(register, sid)
    after = card(register, sid, 1)
    assert [(r.board, r.points, r.running) for r in after.rows] == [(1, 2.0, 2.0), (2, 4.0, 6.0), (3, 0.0, 6.0)]
    assert (after.total, after.percent, after.waiting, after.live) == (6.0, 50.0, 0, False)
    assert after.standing is not None
    assert (after.standing.place, after.standing.total, after.standing.percent) == ("2", 6.0, 50.0)


def test_every_pairs_card_ends_at_its_ranking_total(register: Register) -> None:
    sid = build(register)
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        rep, expected = load_report(db, section), section_expected(db, section)
    totals = {r.pair: r.total for r in rep.ranking()}
    cards = {pair: player_card(rep, pair, expected) for pair in range(1, 7)}
    assert {pair: c.total for pair, c in cards.items()} == totals
    assert totals == {3: 7.0, 1: 6.0, 2: 5.0, 4: 7.0, 5: 6.0, 6: 5.0}
    assert [r.direction for r in cards[5].rows] == ["E-W"] * 3


def test_an_adjusted_board_shows_the_adjusted_score_beside_the_table_score(register: Register) -> None:
    sid = build(register)
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        row = find_result(db, section, 3, 1, 3)
        assert row is not None
        ruling = rule_on_result(db, row.id, director="TD", laws="12C1b", decision=Assigned(Score("3NT", "S", 9)))
        ruling_id = ruling.id
    ns, ew = card(register, sid, 1).rows[2], card(register, sid, 5).rows[2]
    # three +400s on board 3: 2 matchpoints each way
    assert (ns.board, ns.score, ns.adjusted, ns.points, ns.ruling) == (3, -50, "+400", 2.0, ruling_id)
    assert (ew.board, ew.score, ew.adjusted, ew.points) == (3, 50, "−400", 2.0)
    assert ns.ruling_text == "assigned: 3NT= S +400"
    assert card(register, sid, 1).total == 8.0
    unchanged = card(register, sid, 1).rows[0]
    assert (unchanged.adjusted, unchanged.ruling) == ("", None)


def test_a_penalty_comes_off_the_place_not_the_boards(register: Register) -> None:
    sid = build(register)
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        ruling = penalise(db, section, [PenaltyIn(1, 0.25)], director="TD", laws="90")
        ruling_id = ruling.id
    found = card(register, sid, 1)
    assert found.total == 6.0 and found.penalties == (ruling_id,)
    assert found.standing is not None
    assert (found.standing.total, found.standing.place) == (5.0, "2=")


def test_a_pair_that_left_leaves_no_result_to_wait_for(register: Register) -> None:
    sid = build(register, complete=False)
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        withdraw(db, section, 6, 2)  # so round 3, table 2 (board 1, 2 v 6) sits out
        assert section_expected(db, section) == {1: 2, 2: 3, 3: 3}
        assert expected_results(section, {1: None, 2: None, 3: None, 4: None, 5: None}) == {1: 2, 2: 2, 3: 2}
    found = card(register, sid, 1)
    # board 1 on two results of three, Neuberg: (0 + 0.5) x 3/2 - 0.5 = 0.25 on the 1-scale, 0.5 of a top of 4
    assert [(r.board, r.points) for r in found.rows] == [(1, 0.5), (2, 4.0), (3, 0.0)]
    assert (found.total, found.percent, found.live) == (4.5, 37.5, False)


def test_the_link_opens_its_own_pair_and_nothing_else() -> None:
    token = card_token("the key", 7, 3)
    assert read_card_token("the key", token) == (7, 3)
    mac = token.split("-")[2]
    for altered in (f"7-4-{mac}", f"8-3-{mac}", token[:-1] + ("A" if token[-1] != "A" else "B"), "7-3",
                    "", "x" * 500, f"07-3-{mac}", f"7-3-{mac}-1"):
        with pytest.raises(RegisterError) as refused:
            read_card_token("the key", altered)
        assert refused.value.field == "link"
    assert card_token("the key", 7, 3) != card_token("another key", 7, 3)


def test_the_links_key_is_kept_in_the_register(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'register.sqlite3'}"
    first = Register(url)
    key = card_key(first)
    assert len(key) >= 40 and card_key(first) == key
    first.close()
    again = Register(url)  # a restart, or another worker
    assert card_key(again) == key
    again.close()


def test_a_pair_not_in_the_entry_is_refused_naming_the_pair(register: Register) -> None:
    sid = build(register)
    with pytest.raises(RegisterError) as refused:
        card(register, sid, 9)
    assert refused.value.field == "pair" and "no pair 9" in str(refused.value)
