"""Every class of bad input the fuzz found, through each reader a user feeds: one refusal naming the field, the
line or the law, never a traceback (bytes not UTF-8, numbers of any length or in non-ASCII digits, inf and nan,
scores beyond Law 77, JSON of the wrong type, XML naming an unknown encoding, a CSV line with an extra cell)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridge_director.engine.log import load, loads
from bridge_director.errors import BridgeError
from bridge_director.io.lin import read_lin
from bridge_director.io.load import load_boards, replay
from bridge_director.io.travellers import load_results, results_from_csv
from bridge_director.io.usebio import read_usebio
from bridge_director.scoring.event import Result
from bridge_director.scoring.teams import matches_from_csv

HEADER = "board,ns,ew,score\n"
TEAMS = "round,home,away,home_imps,away_imps,boards\n"
DEAL = "N:K9652.J.Q83.KQ43 AQJ7.K762.KJ75.5 843.Q93.A6.JT872 T.AT854.T942.A96"


def refusal(action: Any) -> str:
    """The one-line refusal an input gets (a test fails on any other exception)."""
    with pytest.raises(BridgeError) as caught:
        action()
    text = str(caught.value)
    assert "\n" not in text and "Traceback" not in text
    return text


@pytest.mark.parametrize(("line", "says"), [
    ("²,1,2,420", "line 2, board: board is not a whole number: '²'"),
    ("1000,1,2,420", "line 2, board: board 1000 is not in 1 to 999"),
    ("1,1,2," + "4" * 5000, "line 2, score: score has 5000 digits; no number here has more than 18"),
    ("1,1,2,1" + "0" * 30, "line 2, score: score has 31 digits; no number here has more than 18"),
    ("1,1,2,7610", "line 2, score, Law 77: a score of 7610 is beyond what a board can score (7600 either way)"),
    ("1,1,2,inf", "line 2, score: score is not a whole number: 'inf'"),
    ("1,1,2,420,3", "line 2, csv: 5 cells where the header has 4 columns (a name with a comma not in quotes?)"),
])
def test_traveller_csv_numbers_and_cells(line: str, says: str) -> None:
    assert refusal(lambda: results_from_csv(HEADER + line + "\n")) == says


def test_traveller_csv_awards_and_tricks() -> None:
    awards = "board,ns,ew,ns_award,ew_award\n1,1,2,{},40\n"
    assert refusal(lambda: results_from_csv(awards.format("nan"))) == \
        "line 2, ns_award: ns_award is not a number: 'nan'"
    assert refusal(lambda: results_from_csv(awards.format("1e309"))).startswith("line 2, ns_award: ")
    assert refusal(lambda: results_from_csv(awards.format("160"))) == \
        "line 2, ns_award: ns_award 160 is not in -100 to 100"
    played = "board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,{}\n"
    assert refusal(lambda: results_from_csv(played.format("²"))) == "line 2, tricks: tricks is not a whole number: '²'"
    assert refusal(lambda: results_from_csv(played.format("14"))) == "line 2, tricks: tricks 14 is not in 0 to 13"
    weighted = "board,ns,ew,outcomes\n1,1,2,420@0.5;{}@0.5\n"
    assert "Law 77" in refusal(lambda: results_from_csv(weighted.format("99999")))
    assert refusal(lambda: results_from_csv(weighted.format("²"))).startswith("line 2, outcomes: a weighted outcome")


def test_traveller_csv_file_with_bytes_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "tuesday.csv"
    path.write_bytes(HEADER.encode() + b"1,1,2,420\n2,3,4,\xa0-50\n")
    # the file as the user named it (an upload's name replaces the temporary path: tests/web/test_upload_refusals.py)
    assert refusal(lambda: load_results(path)) == f"line 3, file: {path}: byte 0xa0 at column 7 is not UTF-8"


def test_a_result_beyond_law_77_cannot_be_made_in_python_either() -> None:
    assert "Law 77" in refusal(lambda: Result(1, "1", "2", 10**30))
    assert "finite" in refusal(lambda: Result(1, "1", "2", ns_award=float("inf"), ew_award=40.0))


@pytest.mark.parametrize(("line", "says"), [
    ("1,A,B,3,1,8,9", "csv: line 2: 7 cells where the header has 6 columns "
                      "(a team's name with a comma not in quotes?)"),
    ("1,A,B,nan,1,8", "csv: line 2: round and boards are whole numbers, IMPs are numbers"),
    ("1,A,B,inf,1,8", "csv: line 2: round and boards are whole numbers, IMPs are numbers"),
    ("²,A,B,3,1,8", "csv: line 2: round and boards are whole numbers, IMPs are numbers"),
    ("1,A,B," + "9" * 5000 + ",1,8", "csv: line 2: round and boards are whole numbers, IMPs are numbers"),
    ("1,A,B,3,1,201", "boards: line 2: boards 201 is not in 1 to 200"),
    ("1,A,B,30000,1,8", "home_imps: line 2: home_imps 30000 is not in -10000 to 10000"),
])
def test_teams_csv(line: str, says: str) -> None:
    assert refusal(lambda: matches_from_csv(TEAMS + line + "\n")) == says


LOG: dict[str, Any] = {"format": "bridge-director.table-log", "version": 1, "board": 3, "dealer": "S",
                       "vulnerability": "EW", "laws": "2017", "deal": None,
                       "events": [{"type": "call", "seat": "S", "call": "1H"}]}


def log_with(**changes: Any) -> str:
    doc = json.loads(json.dumps(LOG))
    for key, value in changes.items():
        if key.startswith("event_"):
            doc["events"][0][key[len("event_"):]] = value
        else:
            doc[key] = value
    return json.dumps(doc)


@pytest.mark.parametrize(("changes", "says"), [
    ({"board": "3"}, "board: board must be a whole number, not '3'"),
    ({"board": True}, "board: board must be a whole number, not True"),
    ({"board": 1000}, "board: board 1000 is not in 1 to 999"),
    ({"deal": 5}, "deal: deal must be text, not 5"),
    ({"dealer": ["S"]}, "dealer: dealer must be text, not ['S']"),
    ({"version": "1"}, "version: unsupported table-log version '1'"),
    ({"event_seat": 1}, "seat: event 1: seat must be text, not 1"),
    ({"event_call": 1}, "call: event 1: call must be text, not 1"),
    ({"event_type": ["call"]}, "events: event 1: not a known event: {'type': ['call'], 'seat': 'S', 'call': '1H'}"),
])
def test_table_log_json_types(changes: dict[str, Any], says: str) -> None:
    assert refusal(lambda: loads(log_with(**changes))) == says


def test_table_log_event_fields_of_play() -> None:
    doc = log_with(events=[{"type": "claim", "seat": "S", "tricks": "13"}])
    assert refusal(lambda: loads(doc)) == "tricks: event 1: tricks must be a whole number, not '13'"
    doc = log_with(events=[{"type": "expose", "seat": "S", "cards": "SA", "led": "no"}])
    assert refusal(lambda: loads(doc)) == "cards: event 1: cards must be a list of up to 13 cards, not 'SA'"


def test_table_log_numbers_nan_and_bytes(tmp_path: Path) -> None:
    assert refusal(lambda: loads(log_with(board=10**30))) == \
        "file: a number of 31 digits; no number here has more than 18"
    assert refusal(lambda: loads(log_with().replace('"board": 3', '"board": NaN'))) == \
        "file: NaN is not a number JSON allows"
    path = tmp_path / "board3.json"
    path.write_bytes(log_with().encode().replace(b'"1H"', b'"1H\xff"'))
    assert refusal(lambda: load(path)).startswith("line 1, file: ") and "byte 0xff" in refusal(lambda: load(path))


@pytest.mark.parametrize("encoding", ["klingon", "shift_jis", "utf-32", "rot13"])
def test_usebio_naming_an_encoding_that_cannot_be_read(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "results.xml"
    path.write_text(f'<?xml version="1.0" encoding="{encoding}"?>\n<USEBIO Version="3.0"><EVENT/></USEBIO>\n')
    for read in (lambda: read_usebio(path), lambda: load_results(path)):
        says = refusal(read)
        assert says.startswith("line 1, encoding: ") and "names an encoding that cannot be read" in says


def test_usebio_board_number_in_other_digits(tmp_path: Path) -> None:
    path = tmp_path / "results.xml"
    path.write_text('<USEBIO Version="3.0"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>²</BOARD_NUMBER>'
                    "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
                    "<SCORE>420</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>\n", encoding="utf-8")
    assert refusal(lambda: read_usebio(path)) == "BOARD_NUMBER: BOARD_NUMBER is not a board number: '²'"


PBN = (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Declarer "E"]\n[Contract "6H"]\n'
       '[Result "12"]\n')


@pytest.mark.parametrize(("old", "new", "says"), [
    ('[Result "12"]', '[Result "²"]', "board 1, line 7: Result: not a result: '²'"),
    ('[Result "12"]', '[Result "NS ² EW 1"]', "board 1, line 7: Result: not a result: 'NS ² EW 1'"),
    ('[Board "1"]', '[Board "²"]', "game 1, line 1: Board: not a board number: '²'"),
    ('[Board "1"]', '[Board "' + "1" * 5000 + '"]', "game 1, line 1: Board: not a board number: '" + "1" * 20 + "..."),
])
def test_pbn_numbers(tmp_path: Path, old: str, new: str, says: str) -> None:
    path = tmp_path / "club.pbn"
    path.write_text(PBN.replace(old, new), encoding="utf-8")
    [board] = load_boards(path)
    result, problem = replay(board)
    assert result is None and str(problem) == says


def test_lin_claim_in_other_digits() -> None:
    [board] = read_lin("qx|o1|md|3S346TJH9QD69TC57K,S7H2347KD37JKC46A,S2KH58TD2458C389J,|mc|²|\n")
    assert refusal(board.board) == "line 1, mc: a claim of '²' tricks"


def test_a_weight_that_is_not_finite_is_refused_naming_the_law() -> None:
    from bridge_director.errors import BridgeError
    from bridge_director.scoring.adjusted.weighted import Outcome, check_weights
    for bad in (float("nan"), float("inf")):
        with pytest.raises(BridgeError) as err:
            check_weights([Outcome(420, bad), Outcome(-50, 100 - 60)])
        assert err.value.law == "12C1c" and "is not a number" in str(err.value)


def test_a_file_name_the_system_cannot_hold_is_refused_naming_the_file() -> None:
    from bridge_director.errors import ParseError
    from bridge_director.io.load import file_kind
    with pytest.raises(ParseError) as err:
        file_kind("x" * 5000)
    assert err.value.field == "file" and "cannot read" in str(err.value)
