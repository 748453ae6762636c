"""Travellers from PBN score tables and CSV; event percentages checked against the files' own totals."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.errors import ParseError
from bridge_director.io.score_csv import event_csv, results_to_csv
from bridge_director.io.travellers import results_from_csv, results_from_pbn
from bridge_director.scoring import Method, Result, score_event

PBN = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pbn"
MP_FILES = ["lindsjorn__bridgeRanking__PBN_DB_bridgekam_2015-10-08.pbn",
            "lindsjorn__bridgeRanking__PBN_DB_bridgekam_2015-10-01.pbn",
            "lindsjorn__bridgeRanking__Spiren_2016-02-10.pbn",
            "lindsjorn__bridgeRanking__Spiren_2017-07-17.pbn"]


@pytest.mark.shared_data
@pytest.mark.parametrize("name", MP_FILES)
def test_78A_pbn_score_tables_give_the_files_percentages(name: str) -> None:
    path = PBN / name
    if not path.exists():
        pytest.skip(f"shared test data not present: {path}")
    from bridge_director.io.pbn import load_pbn

    scored = score_event(results_from_pbn(path), Method.MATCHPOINTS)
    ours = {s.pair: s for s in scored.standings}
    totals = next(g.table("TotalScoreTable") for g in load_pbn(path).games if g.table("TotalScoreTable"))
    assert totals is not None
    for row in totals.dicts():
        pair = row["PairId"].strip('"')
        assert ours[pair].percent == pytest.approx(float(row["TotalPercentage"]), abs=0.006), pair


def test_csv_round_trip_and_contract_lines() -> None:
    text = ("board,ns,ew,contract,declarer,tricks,score,ns_award,ew_award\n"
            "1,1,2,4S,N,10,,,\n"
            "1,3,4,,,,-50,,\n"
            "1,5,6,,,,,60,40\n")
    results = results_from_csv(text)
    assert results[0].score == 420  # board 1: nobody vulnerable
    assert results[2].artificial and results[2].ns_award == 60
    # the whole line comes back, the trick count included (4S by N making 10, none vulnerable: 420)
    assert results_from_csv(results_to_csv(results)) == [
        Result(1, "1", "2", 420, contract="4S", declarer="N", tricks=10), results[1], results[2]]
    scored = score_event(results)
    assert "ns_mp" in event_csv(scored).splitlines()[0]


def test_csv_errors_name_the_line_and_field() -> None:
    with pytest.raises(ParseError, match="line 3, tricks"):
        results_from_csv("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,10\n1,3,4,4S,N,ten\n")
    with pytest.raises(ParseError, match="header"):
        results_from_csv("x,y\n1,2\n")


def test_exported_csv_scores_the_same_when_read_back_letter_awards_included() -> None:
    """The --csv export keeps the note, so an A+/A+ read back at cross-IMPs is still ±1 IMP a comparison and not
    60 IMPs; the lead comes back too."""
    results = [Result(1, "1", "2", 420, contract="4S", declarer="N", tricks=10, lead="HA"), Result(1, "3", "4", -50),
               Result(1, "5", "6", 170), Result(1, "7", "8", ns_award=60.0, ew_award=60.0, note="A+/A+")]
    scored = score_event(results, Method.CROSS_IMPS)
    back = results_from_csv(event_csv(scored))
    assert back == [ln.result for b in scored.boards for ln in b.lines]
    again = score_event(back, Method.CROSS_IMPS)
    assert [(s.pair, s.total) for s in again.standings] == [(s.pair, s.total) for s in scored.standings]


BBO_GAME = """[Event "pairs"]
[Board "{board}"]
[West "{w}"]
[North "{n}"]
[East "{e}"]
[South "{s}"]
[Dealer "N"]
[Vulnerable "{vul}"]
[Deal "N:JT.87543.AQ.K987 753.AKT.T9872.A6 K94.6.K653.QT542 AQ862.QJ92.J4.J3"]
{result}
"""


def test_pbn_with_a_game_per_table_and_no_score_table_is_scored_from_its_contracts(tmp_path: Path) -> None:
    """As BBO writes a pairs tournament: one game per table, player names, Contract/Declarer/Result, no ScoreTable.
    A pair is its two players whichever way round they sat; a game with no Contract was not played."""
    games = [
        BBO_GAME.format(board=1, n="ann", s="bob", e="cy", w="di", vul="None",
                        result='[Declarer "S"]\n[Contract "4S"]\n[Result "10"]'),
        BBO_GAME.format(board=1, n="ed", s="fay", e="gus", w="hal", vul="None",
                        result='[Declarer "W"]\n[Contract "3NTX"]\n[Result "7"]'),
        BBO_GAME.format(board=2, n="Cy", s="di", e="bob", w="ann", vul="All",  # tag over the board number
                        result='[Declarer "N"]\n[Contract "2H"]\n[Result "NS 9 EW 4"]'),
        BBO_GAME.format(board=2, n="ed", s="fay", e="gus", w="hal", vul="All",
                        result='[Contract "Pass"]\n[Result ""]'),
        BBO_GAME.format(board=2, n="ivy", s="jo", e="kim", w="lu", vul="All", result=""),  # not played
    ]
    path = tmp_path / "bbo.pbn"
    path.write_text("\n".join(games), encoding="utf-8")
    got = [(r.board, r.ns, r.ew, r.score) for r in results_from_pbn(path)]
    assert got == [(1, "ann & bob", "cy & di", 420), (1, "ed & fay", "gus & hal", 300),
                   (2, "Cy & di", "ann & bob", 140), (2, "ed & fay", "gus & hal", 0)]
    nameless = tmp_path / "nameless.pbn"
    nameless.write_text(games[0].replace('[North "ann"]\n', ""), encoding="utf-8")
    with pytest.raises(ParseError, match="North"):
        results_from_pbn(nameless)


@pytest.mark.shared_data
def test_bbo_pairs_tournament_without_scores_is_scored_and_ranked() -> None:
    path = PBN / "jarekczek__pbntools__test_8_bbo_wronie_pairs.pbn"
    if not path.exists():
        pytest.skip(f"shared test data not present: {path}")
    results = results_from_pbn(path)
    assert len(results) == 726 and {r.board for r in results} == set(range(1, 19))  # 9 of 735 games not played
    scored = score_event(results, Method.MATCHPOINTS)
    assert {s.field for s in scored.standings} == {""}  # partnerships sat both ways: one field
    first = next(r for r in results if r.board == 1)
    assert (first.ns, first.ew, first.contract, first.score) == ("140kotarek & Trempay", "janowice 1 & Migen", "3CX",
                                                                 470)
