"""Travellers from PBN score tables and CSV; event percentages checked against the files' own totals."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.errors import ParseError
from bridge_director.scoring import Method, Result, score_event
from bridge_director.scoring.travellers import event_csv, results_from_csv, results_from_pbn, results_to_csv

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
