"""Traveller reading and writing: the checks that mutation testing showed were missing (docs/mutation.md).

Each test names the rule it checks and asserts worked-out values: the exact error of a bad CSV line or PBN score
table row (its message, the field and the file line it names), every field a line reads into, the letter and
percentage awards of a PBN table, a game-per-table PBN file, the ``Scoring`` tag, and the exact text of the CSV
writers.  Board vulnerabilities follow Law 2: board 1 none, 2 N-S, 3 E-W, 4 both.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bridge_director.errors import ParseError
from bridge_director.io.score_csv import event_csv, results_to_csv, standings_csv
from bridge_director.io.travellers import (
    _cell,
    _points,
    load_results,
    pbn_lines,
    pbn_method,
    results_from_csv,
    results_from_pbn,
)
from bridge_director.io.usebio import usebio_xml
from bridge_director.scoring import Method, Result, score_event
from bridge_director.scoring.outcomes import parse_outcomes

WEIGHTED = ((1430, 0.3), (680, 0.7))


def _error(call: Callable[..., object], *args: object) -> str:
    """The one line a bad input gives (a ParseError, never another exception)."""
    with pytest.raises(ParseError) as caught:
        call(*args)
    return str(caught.value)


# --- CSV: the header and the line an error names ---------------------------------------------------------------


def test_csv_header_needs_board_ns_and_ew_and_names_line_1() -> None:
    assert _error(results_from_csv, "board,ns\n1,2\n") == (
        "line 1, header: a traveller CSV needs the columns board, ns, ew")
    # the three columns alone make a valid (empty) traveller; names are read without case or spaces
    assert results_from_csv("board,ns,ew\n") == []
    assert results_from_csv(" Board ,NS, Ew ,Score\n1,1,2,420\n") == [Result(1, "1", "2", 420)]


CSV_NUMBERS = "board,ns,ew,contract,declarer,tricks,score,ew_score\n1,1,2,,,,100,\n"


@pytest.mark.parametrize(("row", "error"), [
    ("x,3,4,,,,100,", "line 3, board: board is not a whole number: 'x'"),
    ("1,3,4,4S,N,ten,,", "line 3, tricks: tricks is not a whole number: 'ten'"),
    ("1,3,4,,,,1O0,", "line 3, score: score is not a whole number: '1O0'"),
    ("1,3,4,,,,100,x", "line 3, ew_score: ew_score is not a whole number: 'x'"),
])
def test_csv_whole_numbers_name_their_column_and_line(row: str, error: str) -> None:
    assert _error(results_from_csv, CSV_NUMBERS + row + "\n") == error


@pytest.mark.parametrize(("row", "error"), [
    ("1,3,4,sixty,40", "line 3, ns_award: ns_award is not a number: 'sixty'"),
    ("1,3,4,60,forty", "line 3, ew_award: ew_award is not a number: 'forty'"),
])
def test_csv_awards_name_their_column_and_line(row: str, error: str) -> None:
    assert _error(results_from_csv, "board,ns,ew,ns_award,ew_award\n1,1,2,50,50\n" + row + "\n") == error


def test_csv_number_in_quotes_is_read() -> None:
    # a spreadsheet that quotes a number ("-50") writes it with its quotes doubled
    assert results_from_csv('board,ns,ew,score\n1,1,2,"""-50"""\n') == [Result(1, "1", "2", -50)]


def test_csv_line_without_score_contract_outcomes_or_two_awards_names_the_score_field() -> None:
    text = "board,ns,ew,contract,score,ns_award,ew_award,outcomes\n1,1,2,,,,,\n"
    assert _error(results_from_csv, text) == (
        "line 2, score: a line needs a score, a contract, outcomes, or ns_award and ew_award")
    # one award alone is not an artificial score either
    assert _error(results_from_csv, "board,ns,ew,ns_award,ew_award\n1,1,2,60,\n") == (
        "line 2, score: a line needs a score, a contract, outcomes, or ns_award and ew_award")


def test_csv_errors_from_the_line_itself_get_the_file_line() -> None:
    """An error the line raises without a file line (a seat, a board number, a contract without its declarer, a
    weighted line with a score, Law 12C1(c)) is given the CSV line and keeps the field it names."""
    assert _error(results_from_csv, "board,ns,ew,contract,declarer,tricks\n1,1,2,4S,Q,10\n") == (
        "line 2, seat: not a seat: 'Q'")
    assert _error(results_from_csv, "board,ns,ew,outcomes\n1,1,2,1430@0.3\n") == (
        "line 2, weights: board 1, 1 v 2: the weights add up to 0.3, not 1")
    assert _error(results_from_csv, "board,ns,ew,ns_award,ew_award,ew_score\n1,1,2,60,40,420\n") == (
        "line 2, ew_score: board 1, 1 v 2: a split score needs the N-S score as well as E-W's")
    assert _error(results_from_csv, "board,ns,ew,contract,tricks\n1,1,2,4S,10\n") == (
        "line 2, Declarer: board 1: contract '4S' needs a declarer and a trick count")
    assert _error(results_from_csv, "board,ns,ew,score,outcomes\n1,1,2,420,1430@0.3;680@0.7\n") == (
        "line 2, outcomes: board 1, 1 v 2: a weighted score is its outcomes, not also a table score")


# --- CSV: what each kind of line reads into --------------------------------------------------------------------


def test_csv_weighted_line_keeps_contract_declarer_tricks_lead_and_note() -> None:
    text = ("board,ns,ew,contract,declarer,tricks,lead,note,outcomes\n"
            "1,1,2,6S,N,12,HA,ruling 2,1430@0.3;680@0.7\n")
    assert results_from_csv(text) == [Result(1, "1", "2", outcomes=WEIGHTED, contract="6S", declarer="N", tricks=12,
                                             lead="HA", note="ruling 2")]
    # without those columns the line has none of them (empty text, not None)
    got = results_from_csv("board,ns,ew,outcomes\n1,1,2,1430@0.3;680@0.7\n")
    assert got == [Result(1, "1", "2", outcomes=WEIGHTED)]
    assert (got[0].contract, got[0].declarer, got[0].lead, got[0].note) == ("", "", "", "")


def test_csv_weighted_outcome_errors_name_the_outcomes_column_and_line() -> None:
    assert _error(results_from_csv, "board,ns,ew,outcomes\n1,1,2,1430;680@0.7\n") == (
        "line 2, outcomes: a weighted outcome is score@weight, not '1430'")
    assert _error(results_from_csv, "board,ns,ew,outcomes\n1,1,2,1430@x\n") == (
        "line 2, outcomes: a weighted outcome is score@weight, not '1430@x'")
    assert _error(results_from_csv, "board,ns,ew,score,outcomes\n1,1,2,x,1430@1\n") == (
        "line 2, score: score is not a whole number: 'x'")


def test_parse_outcomes_names_the_outcomes_field_by_default() -> None:
    assert parse_outcomes(" 1430@0.3 ; 680@0.7 ") == WEIGHTED
    assert _error(parse_outcomes, "1430") == "outcomes: a weighted outcome is score@weight, not '1430'"
    assert _error(parse_outcomes, "1430@0.3;x@0.7") == "outcomes: a weighted outcome is score@weight, not 'x@0.7'"
    assert _error(parse_outcomes, "1430@0.3;x@0.7", "Score_NS", 9) == (
        "line 9, Score_NS: a weighted outcome is score@weight, not 'x@0.7'")


def test_csv_award_line_needs_both_awards_and_no_contract() -> None:
    """A played line with stray award cells is still the played line (its contract decides)."""
    assert results_from_csv("board,ns,ew,contract,declarer,tricks,ns_award,ew_award\n1,1,2,4S,N,10,60,40\n") == [
        Result(1, "1", "2", 420, contract="4S", declarer="N", tricks=10)]
    assert results_from_csv("board,ns,ew,ns_award,ew_award,note\n1,1,2,60,40,A+/A-\n") == [
        Result(1, "1", "2", ns_award=60.0, ew_award=40.0, note="A+/A-")]


def test_csv_contract_line_keeps_its_lead_and_note() -> None:
    text = "board,ns,ew,contract,declarer,tricks,lead,note\n2,1,2,4S,N,10,HA,ruling 5\n"
    # board 2: N-S vulnerable, 4S by N making 10 is 620
    assert results_from_csv(text) == [Result(2, "1", "2", 620, contract="4S", declarer="N", tricks=10, lead="HA",
                                             note="ruling 5")]
    got = results_from_csv("board,ns,ew,contract,declarer,tricks\n2,1,2,4S,N,10\n")
    assert got == [Result(2, "1", "2", 620, contract="4S", declarer="N", tricks=10)]
    assert (got[0].lead, got[0].note) == ("", "")


def test_csv_split_score_and_group_columns_are_each_optional() -> None:
    """Law 12C1(b) split score without a group column, and a fouled board's group (Law 87) without a split."""
    split = results_from_csv("board,ns,ew,score,ew_score\n1,1,2,420,450\n")
    assert split == [Result(1, "1", "2", 420, ew_score=450)]
    assert split[0].group == ""
    assert results_from_csv("board,ns,ew,score,group\n1,1,2,420,B\n") == [Result(1, "1", "2", 420, group="B")]


# --- PBN score tables ------------------------------------------------------------------------------------------


def _pbn(tmp_path: Path, columns: str, *rows: str, tags: str = '[Board "1"]\n', name: str = "t.pbn") -> Path:
    """A one-board PBN file: line 1 the PBN header, line 2 Event, then ``tags`` (line 3 on), the ScoreTable tag,
    and its rows on the lines after it."""
    path = tmp_path / name
    path.write_text('% PBN 2.1\n[Event "club"]\n' + tags + f'[ScoreTable "{columns}"]\n' +
                    "".join(row + "\n" for row in rows), encoding="utf-8")
    return path


TABLE = "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;Note;Group"


@pytest.mark.parametrize(("row", "error"), [
    ('3 4 4S N 10 x - "" ""', "line 6, Score_NS: Score_NS is not a whole number: 'x'"),
    ('3 4 4S N 10 420 x "" ""', "line 6, Score_EW: Score_EW is not a whole number: 'x'"),
    ('3 4 4S N 10 - x "" ""', "line 6, Score_EW: Score_EW is not a whole number: 'x'"),
    ('3 4 - - - 1430@0.3;680 - "" ""', "line 6, Score_NS: a weighted outcome is score@weight, not '680'"),
])
def test_pbn_score_table_errors_name_the_column_and_the_row_line(tmp_path: Path, row: str, error: str) -> None:
    """The ScoreTable tag is on line 4, so its second row is line 6."""
    path = _pbn(tmp_path, TABLE, '1 2 4S N 10 420 -420 "" ""', row)
    assert _error(results_from_pbn, path) == error


def test_pbn_errors_of_a_line_itself_name_the_row_line(tmp_path: Path) -> None:
    """An error of the line (a contract without its declarer, weights that do not add up to 1, Law 12C1(c)) gets
    the row's line."""
    path = _pbn(tmp_path, TABLE, '1 2 4S - 10 - - "" ""')
    assert _error(results_from_pbn, path) == (
        "line 5, Declarer: board 1: contract '4S' needs a declarer and a trick count")
    path = _pbn(tmp_path, TABLE, '1 2 - - - 1430@0.5;680@0.4 - "" ""')
    assert _error(results_from_pbn, path) == "line 5, weights: board 1, 1 v 2: the weights add up to 0.9, not 1"


def test_pbn_board_tag_errors_name_the_board_tag_line(tmp_path: Path) -> None:
    path = _pbn(tmp_path, TABLE, '1 2 4S N 10 420 - "" ""', tags='[Site "x"]\n[Board "x"]\n')
    assert _error(results_from_pbn, path) == "line 4, Board: Board is not a whole number: 'x'"
    path = _pbn(tmp_path, TABLE, '1 2 4S N 10 420 - "" ""', tags='[Site "x"]\n[Board "0"]\n')
    assert _error(results_from_pbn, path) == "line 4, Board: Board 0 is not in 1 to 999"
    # no Board tag at all: the game's first line
    path = _pbn(tmp_path, TABLE, '1 2 4S N 10 420 - "" ""', tags="")
    assert _error(results_from_pbn, path) == "line 2, Board: Board is not a whole number: ''"


def test_pbn_scores_from_either_side_and_a_split_score(tmp_path: Path) -> None:
    """Score_EW that is minus Score_NS is no split; one that is not makes a split score (Law 12C1(b)); a Score_EW
    alone is E-W's score; a tricks count is kept for a played contract only."""
    path = _pbn(tmp_path, TABLE,
                '1 2 4S N 10 420 -420 "" ""',
                '3 4 4S N 10 420 -450 "" ""',
                '5 6 4S N - - 50 "" ""',
                '7 8 Pass - 0 0 0 "" ""',
                '9 10 - - - 1430@0.3;680@0.7 - "ruling 2" "B"')
    assert results_from_pbn(path) == [
        Result(1, "1", "2", 420, contract="4S", declarer="N", tricks=10),
        Result(1, "3", "4", 420, ew_score=450, contract="4S", declarer="N", tricks=10),
        Result(1, "5", "6", -50, contract="4S", declarer="N"),
        Result(1, "7", "8", 0, contract="Pass"),
        Result(1, "9", "10", outcomes=WEIGHTED, note="ruling 2", group="B"),
    ]
    r = results_from_pbn(path)
    assert (r[0].ew_score, r[2].tricks, r[3].tricks) == (None, None, None)


def test_pbn_score_column_names_the_side_that_scored(tmp_path: Path) -> None:
    """A ``Score`` column: ``EW 620`` is -620 to N-S, ``NS 100`` or a bare number is N-S's."""
    path = _pbn(tmp_path, "PairId_NS;PairId_EW;Score",
                '1 2 "EW 620"', '3 4 "NS 100"', '5 6 "ew 50"', "7 8 450")
    results = results_from_pbn(path)
    assert [r.score for r in results] == [-620, 100, -50, 450]
    assert results_to_csv(results).splitlines()[1:] == ["1,1,2,-620,,,,,,,,,,", "1,3,4,100,,,,,,,,,,",
                                                        "1,5,6,-50,,,,,,,,,,", "1,7,8,450,,,,,,,,,,"]
    bad = _pbn(tmp_path, "PairId_NS;PairId_EW;Score", '1 2 "NS x"', name="bad.pbn")
    assert _error(results_from_pbn, bad) == "line 5, Score: Score is not a whole number: 'x'"


def test_pbn_row_without_a_score_is_scored_from_its_contract(tmp_path: Path) -> None:
    """Law 77 from Contract, Declarer and Result (board 2: N-S vulnerable); the note and group go with it."""
    path = _pbn(tmp_path, TABLE,
                '1 2 4S N 10 - - "" ""',
                '3 4 4S N 10 - - "ruling 4" "B"',
                '5 6 4S N 10 - - "ruling 5" ""',
                '7 8 4S N 10 - - "" "B"',
                '9 10 Pass - - - - "" ""', tags='[Board "2"]\n')
    assert results_from_pbn(path) == [
        Result(2, "1", "2", 620, contract="4S", declarer="N", tricks=10),
        Result(2, "3", "4", 620, contract="4S", declarer="N", tricks=10, note="ruling 4", group="B"),
        Result(2, "5", "6", 620, contract="4S", declarer="N", tricks=10, note="ruling 5"),
        Result(2, "7", "8", 620, contract="4S", declarer="N", tricks=10, group="B"),
        Result(2, "9", "10", 0, contract="PASS"),
    ]


def test_pbn_letter_and_percentage_awards(tmp_path: Path) -> None:
    """Law 12C2 awards: A+ 60%, A- 40%, a missing side 50%; whole percentages under 100 are noted in USEBIO's
    ``A6040`` form, anything else as the two markers written."""
    path = _pbn(tmp_path, "PairId_NS;PairId_EW;Score_NS;Score_EW",
                "1 2 A+ -", "3 4 - A-", "5 6 A+ A40", "7 8 A60 A-", "9 10 A0 A50", "11 12 A50 A0",
                "13 14 A100 A0", "15 16 A0 A100", "17 18 A+ A=")
    got = [(r.ns_award, r.ew_award, r.note) for r in results_from_pbn(path)]
    assert got == [(60.0, 50.0, "A6050"), (50.0, 40.0, "A5040"), (60.0, 40.0, "A6040"), (60.0, 40.0, "A6040"),
                   (0.0, 50.0, "A0050"), (50.0, 0.0, "A5000"), (100.0, 0.0, "A100/A0"), (0.0, 100.0, "A0/A100"),
                   (60.0, 50.0, "A+/A=")]


def test_pbn_rows_without_both_pairs_are_sit_outs(tmp_path: Path) -> None:
    path = _pbn(tmp_path, "PairId_NS;PairId_EW;Score_NS", '1 2 420', '"" 4 100', '5 "" 100', '- 6 100', '7 - 100')
    assert results_from_pbn(path) == [Result(1, "1", "2", 420)]


def test_pbn_without_pair_columns_is_no_score_table(tmp_path: Path) -> None:
    """Tables naming only one side's pair (or none) give no lines, and the file no result at all."""
    path = tmp_path / "nopairs.pbn"
    path.write_text('[Board "1"]\n[ScoreTable "PairId_NS;Score_NS"]\n1 420\n\n'
                    '[Board "2"]\n[ScoreTable "PairId_EW;Score_NS"]\n2 420\n\n'
                    '[Board "3"]\n[ScoreTable "Score_NS"]\n420\n', encoding="utf-8")
    assert _error(results_from_pbn, path) == (
        f"ScoreTable: {path}: no ScoreTable with PairId_NS / PairId_EW columns, and no game with a Contract and the "
        "players' names")


def test_pbn_game_without_a_score_table_is_passed_over(tmp_path: Path) -> None:
    path = tmp_path / "two.pbn"
    path.write_text('[Board "1"]\n[Dealer "N"]\n\n[Board "2"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n'
                    "1 2 620\n", encoding="utf-8")
    assert results_from_pbn(path) == [Result(2, "1", "2", 620)]


def test_pbn_points_columns_matchpoints_or_imps(tmp_path: Path) -> None:
    """``MP_NS``/``MP_EW`` or, failing them, ``IMP_NS``/``IMP_EW``; ``-`` or text that is no number is none."""
    path = _pbn(tmp_path, "PairId_NS;PairId_EW;Score_NS;IMP_NS;IMP_EW", "1 2 420 3.5 -3.5", "3 4 400 - x")
    assert [(ln.ns_points, ln.ew_points) for ln in pbn_lines(path)] == [(3.5, -3.5), (None, None)]
    both = _pbn(tmp_path, "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW;IMP_NS;IMP_EW", "1 2 420 - - 2 -2",
                name="both.pbn")
    assert [(ln.ns_points, ln.ew_points) for ln in pbn_lines(both)] == [(2.0, -2.0)]


def test_pbn_table_values_lose_a_stray_quote(tmp_path: Path) -> None:
    """A value written with an unbalanced quote (``420"``) is read without it."""
    path = _pbn(tmp_path, "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Note;MP_NS;MP_EW",
                '1" 2" 4S" N" 10" 420" ok" 3.5" 0.5"')
    (line,) = pbn_lines(path)
    assert line.result == Result(1, "1", "2", 420, contract="4S", declarer="N", tricks=10, note="ok")
    assert (line.ns_points, line.ew_points) == (3.5, 0.5)
    assert _cell({"Note": '"x"'}, "Note") == "x"
    # only the quote goes: values that begin or end with other characters keep them
    kept = _pbn(tmp_path, "PairId_NS;PairId_EW;Score_NS;Note;MP_NS;MP_EW", 'X1 2X 420 TAX X3 0', name="kept.pbn")
    (line,) = pbn_lines(kept)
    assert (line.result, line.ns_points, line.ew_points) == (Result(1, "X1", "2X", 420, note="TAX"), None, 0.0)
    assert _error(results_from_csv, "board,ns,ew,score\n1,1,2,X5\n") == (
        "line 2, score: score is not a whole number: 'X5'")
    assert _cell({}, "Note") == ""
    assert _points({"MP_NS": '"2.5"'}, "NS") == 2.5


# --- PBN with a game per table (no ScoreTable) -----------------------------------------------------------------

GAME = """[Event "pairs"]
[Board "{board}"]
[North "ann"]
[South "bob"]
[East "cy"]
[West "di"]
{tags}
"""


def _games(tmp_path: Path, *games: str) -> Path:
    path = tmp_path / "games.pbn"
    path.write_text("\n".join(games), encoding="utf-8")
    return path


def test_game_line_reads_contract_declarer_result_and_vulnerability(tmp_path: Path) -> None:
    """A leading ``^`` is dropped; the Vulnerable tag, where given, wins over the board number (board 1 with
    ``NS``: 4S by N making 10 is 620); without it the board number says (board 2: N-S vulnerable)."""
    path = _games(tmp_path,
                  GAME.format(board=1, tags='[Vulnerable "NS"]\n[Declarer "^N"]\n[Contract "^4S"]\n[Result "10"]'),
                  GAME.format(board=2, tags='[Declarer "N"]\n[Contract "4S"]\n[Result "10"]'),
                  GAME.format(board=3, tags='[Contract "Pass"]'),
                  GAME.format(board=4, tags='[Contract "?"]'))
    assert results_from_pbn(path) == [
        Result(1, "ann & bob", "cy & di", 620, contract="4S", declarer="N", tricks=10),
        Result(2, "ann & bob", "cy & di", 620, contract="4S", declarer="N", tricks=10),
        Result(3, "ann & bob", "cy & di", 0, contract="PASS"),
    ]


@pytest.mark.parametrize(("tags", "error"), [
    # the game starts on line 1 (Event); Board is line 2, the players 3-6, then the tags below from line 7
    ('[Contract "4S"]\n[Result "10"]', "line 7, seat: not a seat: ''"),
    ('[Declarer "N"]\n[Contract "4S"]', "line 8, Result: board 1: contract 4S has no Result"),
    ('[Declarer "N"]\n[Contract "4S"]\n[Result "ten"]', "line 9, Result: not a result: 'ten'"),
    ('[Declarer "N"]\n[Contract "9S"]\n[Result "10"]', "line 8, Contract: not a contract: '9S'"),
    ('[Declarer "N"]\n[Contract "X4S"]\n[Result "10"]', "line 8, Contract: not a contract: 'X4S'"),
    ('[Declarer "XN"]\n[Contract "4S"]\n[Result "10"]', "line 8, seat: not a seat: 'XN'"),
    ('[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n[Vulnerable "Some"]',
     "line 8, Vulnerable: not a vulnerability: 'Some'"),
])
def test_game_line_errors_name_the_tag_and_its_line(tmp_path: Path, tags: str, error: str) -> None:
    assert _error(results_from_pbn, _games(tmp_path, GAME.format(board=1, tags=tags))) == error


def test_game_line_board_and_names_errors(tmp_path: Path) -> None:
    bad_board = GAME.format(board="x", tags='[Declarer "N"]\n[Contract "4S"]\n[Result "10"]')
    assert _error(results_from_pbn, _games(tmp_path, bad_board)) == "line 2, Board: Board is not a whole number: 'x'"
    no_board = GAME.format(board=1, tags='[Declarer "N"]\n[Contract "4S"]\n[Result "10"]').replace(
        '[Board "1"]\n', "")
    assert _error(results_from_pbn, _games(tmp_path, no_board)) == "line 1, Board: Board is not a whole number: ''"
    no_west = GAME.format(board=5, tags='[Declarer "N"]\n[Contract "4S"]\n[Result "10"]').replace('[West "di"]\n', "")
    assert _error(results_from_pbn, _games(tmp_path, no_west)) == (
        "line 1, East: board 5: a result without a ScoreTable needs the East and West names to tell the pairs apart")


# --- the Scoring tag -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("scoring", "method"), [
    ("Butler", Method.BUTLER), ("IMP;Cross", Method.CROSS_IMPS), ("Cross", Method.CROSS_IMPS),
    ("IMP", Method.CROSS_IMPS), ("MP", Method.MATCHPOINTS), ("MP;IMP", Method.MATCHPOINTS),
    ("MP, IMP", Method.MATCHPOINTS), ("Matchpoints", Method.MATCHPOINTS), ("MP1", Method.MATCHPOINTS),
    ("MP2", Method.MATCHPOINTS), ("Rubber", None),
])
def test_pbn_scoring_tag_names_the_method(tmp_path: Path, scoring: str, method: Method | None) -> None:
    path = tmp_path / "s.pbn"
    path.write_text(f'[Board "1"]\n[Scoring "{scoring}"]\n', encoding="utf-8")
    assert pbn_method(path) is method


def test_pbn_scoring_tag_of_a_later_game_counts(tmp_path: Path) -> None:
    path = tmp_path / "s.pbn"
    path.write_text('[Board "1"]\n[Dealer "N"]\n\n[Board "2"]\n[Scoring "Rubber"]\n\n[Board "3"]\n[Scoring "IMP"]\n',
                    encoding="utf-8")
    assert pbn_method(path) is Method.CROSS_IMPS


# --- load_results ----------------------------------------------------------------------------------------------


def test_load_results_by_suffix_and_its_errors(tmp_path: Path) -> None:
    missing = tmp_path / "none.csv"
    assert _error(load_results, missing) == f"FILE: no such file: {missing}"
    other = tmp_path / "results.txt"
    other.write_text("board,ns,ew,score\n", encoding="utf-8")
    assert _error(load_results, other) == (
        "FILE: results.txt: travellers are read from .pbn, .csv or .xml (USEBIO) files")
    csv_path = tmp_path / "results.CSV"
    csv_path.write_text("\ufeffboard,ns,ew,score\n1,1,2,420\n", encoding="utf-8")  # a spreadsheet's byte-order mark
    assert load_results(csv_path) == ([Result(1, "1", "2", 420)], None)
    results = [Result(1, "1", "2", 420), Result(1, "3", "4", 400)]
    xml = tmp_path / "event.XML"
    xml.write_text(usebio_xml(score_event(results, Method.CROSS_IMPS)), encoding="utf-8")
    assert load_results(xml) == (results, Method.CROSS_IMPS)


# --- the CSV writers -------------------------------------------------------------------------------------------

EVENT = [Result(1, "1", "2", 420, contract="4S", declarer="N", tricks=10, lead="HA"), Result(1, "3", "4", -50),
         Result(1, "5", "6", ns_award=60.0, ew_award=40.0, note="A+/A-"),
         Result(1, "7", "8", ns_award=200 / 3, ew_award=40.0)]


def test_event_csv_text_at_matchpoints() -> None:
    """Four lines of board 1, so a top of 6 on the 2/1 scale: the two scores are Neuberg-scaled to four results
    (Law 78A), 420 to (2 + 1) x 4/2 - 1 = 5 and -50 to (0 + 1) x 4/2 - 1 = 1; the awards (Law 12C2) take 60% and
    40%, 66.67% and 40% of 6."""
    assert event_csv(score_event(EVENT)) == (
        "board,ns,ew,contract,declarer,tricks,score,ns_award,ew_award,ns_mp,ew_mp,lead,note,ew_score,outcomes,group\n"
        "1,1,2,4S,N,10,420,,,5.00,1.00,HA,,,,\n"
        "1,3,4,,,,-50,,,1.00,5.00,,,,,\n"
        "1,5,6,,,,,60,40,3.60,2.40,,A+/A-,,,\n"
        "1,7,8,,,,,66.66666666666667,40,4.00,2.40,,,,,\n")


def test_event_csv_names_imp_columns_at_imps() -> None:
    assert event_csv(score_event(EVENT[:2], Method.CROSS_IMPS)).splitlines()[0] == (
        "board,ns,ew,contract,declarer,tricks,score,ns_award,ew_award,ns_imp,ew_imp,lead,note,ew_score,outcomes,group")


def test_results_to_csv_text_with_adjusted_lines() -> None:
    results = [*EVENT, Result(2, "1", "2", 420, ew_score=450, group="B"), Result(2, "3", "4", outcomes=WEIGHTED)]
    text = results_to_csv(results)
    assert text == (
        "board,ns,ew,score,contract,declarer,tricks,lead,ns_award,ew_award,note,ew_score,outcomes,group\n"
        "1,1,2,420,4S,N,10,HA,,,,,,\n"
        "1,3,4,-50,,,,,,,,,,\n"
        "1,5,6,,,,,,60,40,A+/A-,,,\n"
        "1,7,8,,,,,,66.66666666666667,40,,,,\n"
        "2,1,2,420,,,,,,,,450,,B\n"
        "2,3,4,,,,,,,,,,1430@0.3;680@0.7,\n")
    assert results_from_csv(text) == results


def test_standings_csv_text() -> None:
    """Matchpoints: 420 and -50 on a two-result board (top 2): pair 1 and pair 4 score 2 of 2 (100%)."""
    two = [Result(1, "1", "2", 420), Result(1, "3", "4", -50)]
    assert standings_csv(score_event(two)) == (
        "field,place,pair,total,percent,boards\n"
        "EW,1,4,2.00,100.00,1\n"
        "EW,2,2,0.00,0.00,1\n"
        "NS,1,1,2.00,100.00,1\n"
        "NS,2,3,0.00,0.00,1\n")
    # cross-IMPs have no percentage: 470 points is 10 IMPs
    assert standings_csv(score_event(two, Method.CROSS_IMPS)).splitlines()[1:3] == ["EW,1,4,10.00,,1",
                                                                                   "EW,2,2,-10.00,,1"]


# --- bounds and the CSV itself ---------------------------------------------------------------------------------


def test_csv_line_with_more_cells_than_the_header_is_refused() -> None:
    assert _error(results_from_csv, "board,ns,ew,score\n1,1,2,420\n1,Smith, J,4,-50\n") == (
        "line 3, csv: 5 cells where the header has 4 columns (a name with a comma not in quotes?)")
    assert _error(results_from_csv, "board,ns,ew,score\n1,1,2,420,x,y\n") == (
        "line 2, csv: 6 cells where the header has 4 columns (a name with a comma not in quotes?)")


def test_csv_that_the_csv_reader_refuses_is_one_line() -> None:
    long = "x" * 140_000  # beyond the csv module's field limit of 131072
    assert _error(results_from_csv, f"board,ns,ew,{long}\n") == (
        "line 1, header: not CSV: field larger than field limit (131072)")
    with pytest.raises(ParseError) as caught:
        results_from_csv(f"board,ns,ew,score\n1,1,2,420\n1,3,4,{long}\n")
    assert (caught.value.message, caught.value.field) == ("not CSV: field larger than field limit (131072)", "csv")
    assert caught.value.line is not None


def test_csv_tricks_are_0_to_13() -> None:
    """Board 1, none vulnerable: 4S by N taking no trick is ten down, -500."""
    assert results_from_csv("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,0\n") == [
        Result(1, "1", "2", -500, contract="4S", declarer="N", tricks=0)]
    assert results_from_csv("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,13\n")[0].score == 510
    for bad in ("14", "-1"):
        assert _error(results_from_csv, f"board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,{bad}\n") == (
            f"line 2, tricks: tricks {bad} is not in 0 to 13")


def test_csv_awards_are_within_100_either_way() -> None:
    assert results_from_csv("board,ns,ew,ns_award,ew_award\n1,1,2,100,-100\n")[0].ns_award == 100
    assert _error(results_from_csv, "board,ns,ew,ns_award,ew_award\n1,1,2,100.5,40\n") == (
        "line 2, ns_award: ns_award 100.5 is not in -100 to 100")
    assert _error(results_from_csv, "board,ns,ew,ns_award,ew_award\n1,1,2,60,-100.5\n") == (
        "line 2, ew_award: ew_award -100.5 is not in -100 to 100")


LAW_77 = "is beyond what a board can score (7600 either way)"


@pytest.mark.parametrize(("columns", "row", "field", "value"), [
    ("score", "9000", "score", 9000), ("score,ew_score", "420,-9000", "ew_score", -9000),
    ("outcomes", "9000@0.5;420@0.5", "outcomes", 9000), ("score,outcomes", "9000,420@1", "score", 9000),
])
def test_77_csv_scores_beyond_any_board_name_the_law(columns: str, row: str, field: str, value: int) -> None:
    text = f"board,ns,ew,{columns}\n1,1,2,{row}\n"
    assert _error(results_from_csv, text) == f"line 2, {field}, Law 77: a score of {value} {LAW_77}"


def test_77_pbn_weighted_score_beyond_any_board_names_the_law(tmp_path: Path) -> None:
    path = _pbn(tmp_path, TABLE, '1 2 - - - 9000@0.5;420@0.5 - "" ""')
    assert _error(results_from_pbn, path) == f"line 5, Score_NS, Law 77: a score of 9000 {LAW_77}"


def test_weighted_outcome_weights_are_0_to_1() -> None:
    for bad in ("1430@-0.5", "1430@1.5"):
        assert _error(results_from_csv, f"board,ns,ew,outcomes\n1,1,2,{bad};680@0.5\n") == (
            f"line 2, outcomes: a weighted outcome is score@weight, not '{bad}'")
    # a long outcome is shown to 40 characters
    long = "1430@" + "x" * 34
    assert _error(parse_outcomes, long) == f"outcomes: a weighted outcome is score@weight, not '{long[:36]}..."
    assert _error(parse_outcomes, long[:-1]) == f"outcomes: a weighted outcome is score@weight, not '{long[:-1]}'"


def test_pbn_points_of_a_dash_in_quotes_fall_back_to_imps() -> None:
    assert _points({"MP_NS": '"-"', "IMP_NS": "2"}, "NS") == 2.0


def test_load_results_csv_must_be_utf8(tmp_path: Path) -> None:
    path = tmp_path / "results.csv"
    path.write_bytes(b"board,ns,ew,score\n1,Jos\xe9,2,420\n")
    assert _error(load_results, path) == f"line 2, file: {path}: byte 0xe9 at column 6 is not UTF-8"
