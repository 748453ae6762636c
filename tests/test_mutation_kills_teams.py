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


def _refusal(text: str) -> str:
    with pytest.raises(BridgeError) as caught:
        matches_from_csv(text)
    return str(caught.value)


def test_teams_csv_every_line_read_with_its_cells_in_the_header_order() -> None:
    text = "Boards,Away,Home,Away_IMPs,Home_IMPs,Round\n8,B,A,12,30.5,1\n\n16,D,C,-3,7,2\n"
    assert matches_from_csv(text) == [MatchResult(1, "A", "B", 30.5, 12.0, 8), MatchResult(2, "C", "D", 7.0, -3.0, 16)]


def test_teams_csv_needs_a_line_of_data_under_the_header() -> None:
    says = "header: a teams CSV needs the columns away, away_imps, boards, home, home_imps, round"
    assert _refusal(HEADER) == says
    assert _refusal(HEADER + "\n\n") == says
    assert _refusal("") == says


def test_teams_csv_a_line_with_more_cells_than_the_header_names_its_line() -> None:
    assert _refusal(HEADER + "1,A,B,3,1,8\n2,Smith, Jones,B,3,1,8\n") == (
        "csv: line 3: 7 cells where the header has 6 columns (a team's name with a comma not in quotes?)")
    [m] = matches_from_csv(HEADER + '1,"Smith, Jones",B,3,1,8\n')  # a quoted comma is part of the name
    assert m.home == "Smith, Jones"


def test_teams_csv_a_short_line_is_refused_as_not_numbers() -> None:
    assert _refusal(HEADER + "1,A,B\n") == "csv: line 2: round and boards are whole numbers, IMPs are numbers"
    assert _refusal(HEADER + "1,A,B,3,x,8\n") == "csv: line 2: round and boards are whole numbers, IMPs are numbers"
    assert _refusal(HEADER + "1.5,A,B,3,1,8\n") == "csv: line 2: round and boards are whole numbers, IMPs are numbers"
    assert _refusal(HEADER + "1,A,B,3,1,²\n") == "csv: line 2: round and boards are whole numbers, IMPs are numbers"


@pytest.mark.parametrize(("line", "says"), [
    ("0,A,B,3,1,8", "round: line 2: round 0 is not in 1 to 999"),
    ("1000,A,B,3,1,8", "round: line 2: round 1000 is not in 1 to 999"),
    ("1,A,B,3,1,201", "boards: line 2: boards 201 is not in 1 to 200"),
    ("1,A,B,10001,1,8", "home_imps: line 2: home_imps 10001 is not in -10000 to 10000"),
    ("1,A,B,3,-10000.5,8", "away_imps: line 2: away_imps -10000.5 is not in -10000 to 10000"),
    ("1,A,B,3,1,-2", "boards: line 2: a match has at least one board"),
])
def test_teams_csv_numbers_within_their_bounds(line: str, says: str) -> None:
    assert _refusal(HEADER + line + "\n") == says


def test_teams_csv_bounds_are_inclusive() -> None:
    [m] = matches_from_csv(HEADER + "999,A,B,10000,-10000,200\n")
    assert (m.round, m.home_imps, m.away_imps, m.boards) == (999, 10000.0, -10000.0, 200)
    [m] = matches_from_csv(HEADER + "1,A,B,0,0,1\n")
    assert (m.round, m.boards) == (1, 1)


def test_teams_csv_that_the_csv_module_cannot_read() -> None:
    big = "x" * (200_000)  # a field over the csv module's size limit
    assert _refusal(HEADER + f'1,"{big}",B,3,1,8\n').startswith("csv: not CSV: ")


@pytest.mark.parametrize("header", ["home,away,home_imps,away_imps,boards,round",
                                    "round,home,away,away_imps,boards,home_imps",
                                    "round,home,away,home_imps,boards,away_imps"])
def test_teams_csv_a_missing_number_cell_is_refused_not_crashed(header: str) -> None:
    # the last column's cell is missing from the line: read as empty, so refused as not a number
    assert _refusal(f"{header}\n" + ",".join(["1", "A", "B", "3", "8"]) + "\n") == (
        "csv: line 2: round and boards are whole numbers, IMPs are numbers")


def test_teams_csv_a_missing_team_cell_is_an_empty_name() -> None:
    [m] = matches_from_csv("round,away,home_imps,away_imps,boards,home\n1,B,3,1,8\n")
    assert (m.home, m.away) == ("", "B")
    [m] = matches_from_csv("round,home,home_imps,away_imps,boards,away\n1,A,3,1,8\n")
    assert (m.home, m.away) == ("A", "")
