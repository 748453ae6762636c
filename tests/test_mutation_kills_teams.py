"""Teams matches and teams events (scoring/teams.py): checks that mutation testing showed were missing
(docs/mutation.md).  Each test names the rule it checks: a match's IMPs, adjustments and VPs with the scorer's
working, a teams event's errors and working, and what a teams CSV must hold.
"""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError
from bridge_director.scoring import MatchResult, matches_from_csv, teams_match, teams_ranking, victory_points

HEADER = "round,home,away,home_imps,away_imps,boards\n"


def test_a_match_needs_a_board() -> None:
    with pytest.raises(BridgeError) as caught:
        teams_match([])
    assert str(caught.value) == "boards: a match needs at least one board"


def test_match_working_names_each_board_and_the_total() -> None:
    m = teams_match([(1, 620, -600), (2, -100, 130), (3, 420, -420)], boards=16)
    assert m.boards == (1, 2, 3)
    assert m.steps == ("board 1: +620 and -600 = +20: +1 IMPs",
                       "board 2: -100 and +130 = +30: +1 IMPs",
                       "board 3: +420 and -420 = +0: +0 IMPs",
                       "total +2 IMPs over 16 boards: 10.61 - 9.39 VPs (WBF 2013)")


def test_an_adjustment_is_added_to_the_imps() -> None:
    m = teams_match([(1, 620, -600)], boards=16, adjustments=-3)   # +1 IMP on the board, 3 IMPs taken off
    assert m.imps == -2
    assert m.victory_points == victory_points(-2, 16)


def test_vps_default_to_the_boards_played() -> None:
    m = teams_match([(1, 1430, -650), (2, 0, 0)])                  # 780: +13 IMPs over 2 boards
    assert m.imps == 13
    assert m.victory_points == victory_points(13, 2)
    assert m.steps[-1].startswith("total +13 IMPs over 2 boards:")


def test_a_teams_event_needs_a_match() -> None:
    with pytest.raises(BridgeError) as caught:
        teams_ranking([])
    assert str(caught.value) == "matches: a teams event needs at least one match"


def test_a_team_cannot_play_itself() -> None:
    with pytest.raises(BridgeError) as caught:
        teams_ranking([MatchResult(1, "A", "B", 3, 1, 8), MatchResult(2, "A", "A", 3, 1, 8)])
    assert str(caught.value) == "away: round 2: A cannot play itself"


def test_event_keeps_its_matches_and_says_how_it_ranked() -> None:
    matches = [MatchResult(1, "A", "B", 30, 10, 8), MatchResult(1, "C", "D", 12, 12, 8)]
    event = teams_ranking(matches)
    assert event.matches == tuple(matches)
    assert event.steps[-1] == "4 teams ranked on VPs; equal VPs share a place"
    assert event.steps[0].startswith("round 1: A 30 - 10 B over 8 boards: ")


def test_teams_csv_needs_every_column() -> None:
    with pytest.raises(BridgeError) as caught:
        matches_from_csv("round,home,away,home_imps,boards\n1,A,B,3,8\n")
    assert str(caught.value) == "header: a teams CSV needs the columns away, away_imps, boards, home, home_imps, round"


def test_teams_csv_numbers_must_be_numbers() -> None:
    with pytest.raises(BridgeError) as caught:
        matches_from_csv(HEADER + "1,A,B,3,1,8\none,C,D,3,1,8\n")
    assert str(caught.value) == "csv: line 3: round and boards are whole numbers, IMPs are numbers"


def test_teams_csv_match_has_a_board() -> None:
    assert matches_from_csv(HEADER + "1,A,B,3,1,1\n")[0].boards == 1
    with pytest.raises(BridgeError) as caught:
        matches_from_csv(HEADER + "1,A,B,3,1,1\n2,A,B,3,1,0\n")
    assert str(caught.value) == "boards: line 3: a match has at least one board"


def test_teams_csv_cells_are_stripped_and_an_empty_cell_stays_empty() -> None:
    [m] = matches_from_csv(HEADER + " 1 , A ,, 3.5 , 1 , 8 \n")
    assert (m.round, m.home, m.away, m.home_imps, m.away_imps, m.boards) == (1, "A", "", 3.5, 1.0, 8)
