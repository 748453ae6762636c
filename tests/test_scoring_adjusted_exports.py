"""Adjusted traveller lines through the files, at the scoring level: split (Law 12C1(b)), weighted (12C1(c)),
a fouled board's groups (87B) and artificial awards (12C2) written by ``results_to_csv``, ``event_csv`` and
``usebio_xml`` come back from ``results_from_csv`` and ``read_usebio`` as the same lines, and score the same.
The PBN reader takes the forms our PBN export writes (see tests/club/test_exports_adjusted.py for the export)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridge_director.errors import ParseError
from bridge_director.io.score_csv import event_csv, results_to_csv
from bridge_director.io.travellers import pbn_lines, results_from_csv, results_from_pbn
from bridge_director.io.usebio import read_usebio, usebio_xml
from bridge_director.scoring import Method, Result, score_event
from bridge_director.scoring.event import EventScore
from bridge_director.scoring.outcomes import outcomes_text, parse_outcomes

WEIGHTED = ((1430, 0.3), (680, 0.4), (650, 0.2), (-100, 0.1))


def lines() -> list[Result]:
    """Board 1: a split score among played ones; board 2: seed 004's weighted score; board 3: fouled, results in
    groups A and B; board 4: an artificial score with the session-percentage rule (not whole percentages)."""
    return [
        Result(1, "1", "11", 420, contract="4S", declarer="N", tricks=10, lead="HA"),
        Result(1, "2", "12", 420, ew_score=450, contract="4S", declarer="N", tricks=10, note="ruling 1: Law 12C1b"),
        Result(1, "3", "13", 170),
        Result(1, "4", "14", -50),
        Result(2, "1", "12", 680),
        Result(2, "2", "13", outcomes=WEIGHTED, note="ruling 2: Law 12C1c"),
        Result(2, "3", "14", 1430),
        Result(2, "4", "11", -100),
        Result(3, "1", "13", 140, group="A"),
        Result(3, "2", "14", 110, group="A"),
        Result(3, "3", "11", -100, group="B", note="ruling 3: Law 87"),
        Result(3, "4", "12", 620, group="B", note="ruling 3: Law 87"),
        Result(4, "1", "14", 400),
        Result(4, "2", "11", 430),
        Result(4, "3", "12", 460),
        Result(4, "4", "13", ns_award=66.67, ew_award=40.0, note="ruling 4: Law 12C2"),
    ]


def totals(scored: EventScore) -> dict[str, float]:
    return {s.pair: s.total for s in scored.standings}


def test_outcomes_text_reads_back_exactly() -> None:
    assert outcomes_text(WEIGHTED) == "1430@0.3;680@0.4;650@0.2;-100@0.1"
    assert parse_outcomes(outcomes_text(WEIGHTED)) == WEIGHTED
    third = ((100, 1 / 3), (200, 1 / 3), (300, 1 / 3))
    assert parse_outcomes(outcomes_text(third)) == third
    with pytest.raises(ParseError, match="score@weight"):
        parse_outcomes("1430:0.3")


def test_results_to_csv_round_trips_every_adjusted_line() -> None:
    results = lines()
    text = results_to_csv(results)
    assert text.splitlines()[0].endswith(",note,ew_score,outcomes,group")
    assert results_from_csv(text) == results
    assert totals(score_event(results_from_csv(text))) == totals(score_event(results))


@pytest.mark.parametrize("method", [Method.MATCHPOINTS, Method.CROSS_IMPS, Method.BUTLER])
def test_event_csv_reads_back_to_the_same_lines_and_standings(method: Method) -> None:
    scored = score_event(lines(), method)
    back = results_from_csv(event_csv(scored))
    assert back == [ln.result for b in scored.boards for ln in b.lines]
    assert totals(score_event(back, method)) == totals(scored)


def test_old_csv_without_the_new_columns_still_reads() -> None:
    text = "board,ns,ew,score,contract,declarer,tricks,ns_award,ew_award,note\n1,1,2,420,4S,N,10,,,\n1,3,4,,,,,60,40,\n"
    back = results_from_csv(text)
    assert back == [Result(1, "1", "2", 420, contract="4S", declarer="N", tricks=10),
                    Result(1, "3", "4", ns_award=60.0, ew_award=40.0)]
    # the club export's N-S score column is read as the score
    assert results_from_csv("board,ns,ew,ns_score\n1,1,2,-50\n") == [Result(1, "1", "2", -50)]


def test_csv_refuses_a_bad_adjusted_line_naming_the_line_and_field() -> None:
    with pytest.raises(ParseError, match="line 2, outcomes"):
        results_from_csv("board,ns,ew,outcomes\n1,1,2,1430@0.3;680\n")
    with pytest.raises(ParseError, match="line 2, weights") as err:
        results_from_csv("board,ns,ew,outcomes\n1,1,2,1430@0.3;680@0.3\n")
    assert "add up" in str(err.value)
    with pytest.raises(ParseError, match="line 2, outcomes"):  # a weighted line has no table score as well
        results_from_csv("board,ns,ew,score,outcomes\n1,1,2,420,1430@0.5;680@0.5\n")


@pytest.mark.parametrize("method", [Method.MATCHPOINTS, Method.CROSS_IMPS, Method.BUTLER])
def test_usebio_round_trip_keeps_each_adjusted_line_its_points_and_the_standings(method: Method,
                                                                                  tmp_path: Path) -> None:
    scored = score_event(lines(), method)
    path = tmp_path / "event.xml"
    path.write_text(usebio_xml(scored), encoding="utf-8")
    ET.parse(path)  # well-formed; what USEBIO has no element for is in comments
    event = read_usebio(path)
    expected = [ln.result for b in scored.boards for ln in b.lines]
    assert [r for r in event.results if not r.artificial] == [r for r in expected if not r.artificial]
    [award] = [ln for ln in event.lines if ln.result.artificial]
    assert award.remark == "ruling 4: Law 12C2"
    if method is Method.MATCHPOINTS:  # USEBIO's own code, the exact percentages in a comment
        assert (award.result.ns_award, award.result.ew_award, award.result.note) == (66.67, 40.0, "A6740")
    else:  # IMPs given as such (the note is no letter award): SCORE ADJ, the line keeps its written IMPs
        assert award.result == expected[-1]
    assert {ln.remark for ln in event.lines if ln.result.note.startswith("ruling") and not ln.result.artificial} == {
        "ruling 1: Law 12C1b", "ruling 2: Law 12C1c", "ruling 3: Law 87"}
    points = {(b.board, ln.result.ns): ln for b in scored.boards for ln in b.lines}
    for ln in event.lines:
        want = points[(ln.result.board, ln.result.ns)]
        assert ln.ns_points == pytest.approx(want.ns, abs=0.005) and ln.ew_points == pytest.approx(want.ew, abs=0.005)
    assert totals(score_event(event.results, method)) == pytest.approx(totals(scored), abs=1e-9)
    assert event.written_totals() == pytest.approx(totals(scored), abs=0.021)
    assert {p.number: p.total for p in event.pairs} == pytest.approx(totals(scored), abs=0.005)


def test_usebio_split_and_weighted_scores_are_text_in_score(tmp_path: Path) -> None:
    text = usebio_xml(score_event(lines()))
    root = ET.fromstring(text)
    scores = [node.findtext("SCORE") for node in root.iter("TRAVELLER_LINE")]
    assert "420/450" in scores and "1430@0.3;680@0.4;650@0.2;-100@0.1" in scores and "A6740" in scores
    assert "<!-- group=B -->" in text and "<!-- award=66.67/40.0 -->" in text


USEBIO_OTHER = """<?xml version="1.0"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="{type}">
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE>
<NS_{tag}>{a}</NS_{tag}><EW_{tag}>{b}</EW_{tag}></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>400</SCORE>
<NS_{tag}>{c}</NS_{tag}><EW_{tag}>{d}</EW_{tag}></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER><SCORE>-50</SCORE>
<NS_{tag}>{e}</NS_{tag}><EW_{tag}>{f}</EW_{tag}></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>7</NS_PAIR_NUMBER><EW_PAIR_NUMBER>8</EW_PAIR_NUMBER><SCORE>ADJ</SCORE>
<!-- another program's comment -->
<NS_{tag}>{g}</NS_{tag}><EW_{tag}>{h}</EW_{tag}></TRAVELLER_LINE>
</BOARD></EVENT></USEBIO>
"""


def test_a_score_that_is_not_a_number_keeps_the_points_written(tmp_path: Path) -> None:
    """Another program's adjusted line (SCORE ``ADJ``): at matchpoints it becomes the percentage its points are of
    the board's top (6 here), at IMPs the IMPs as written; scoring the file gives the line those points."""
    path = tmp_path / "mp.xml"
    path.write_text(USEBIO_OTHER.format(type="MP_PAIRS", tag="MATCH_POINTS", a=6, b=0, c=4, d=2, e=2, f=4, g=3.5,
                                        h=2.5), encoding="utf-8")
    event = read_usebio(path)
    kept = event.lines[-1]
    assert (kept.result.ns_award, kept.result.ew_award, kept.result.note) == (pytest.approx(350 / 6),
                                                                              pytest.approx(250 / 6), "ADJ")
    line = score_event(event.results).boards[0].lines[-1]
    assert (line.ns, line.ew) == (pytest.approx(3.5), pytest.approx(2.5))
    path.write_text(USEBIO_OTHER.format(type="CROSS_IMP", tag="CROSS_IMP_POINTS", a=5, b=-5, c=4, d=-4, e=-9, f=9,
                                        g=1.5, h=-2), encoding="utf-8")
    line = score_event(read_usebio(path).results, Method.CROSS_IMPS).boards[0].lines[-1]
    assert (line.ns, line.ew) == (1.5, -2)
    path.write_text(USEBIO_OTHER.format(type="MP_PAIRS", tag="MATCH_POINTS", a=6, b=0, c=4, d=2, e=2, f=4, g="",
                                        h=""), encoding="utf-8")
    with pytest.raises(ParseError, match="7 v 8: SCORE is not a number"):
        read_usebio(path)


COLUMNS = ("PairId_NS\\1R;PairId_EW\\1R;Contract\\2L;Declarer\\1R;Result\\2R;Score_NS\\33R;Score_EW\\6R;"
           "MP_NS\\4R;MP_EW\\4R;Group\\1L;Note\\20L")
PBN_TABLE = """% PBN 2.1
[Event "adjusted"]
[Board "1"]
[Scoring "MP"]
[ScoreTable "COLUMNS"]
1 2 4S N 10                                 420      - 4    2    "" ""
3 4 4S N 10                                 420   -450 3    1    "" "ruling 1: Law 12C1b"
5 6 -  - -  "1430@0.3;680@0.4;650@0.2;-100@0.1"      - 2.5  3.5  "" "ruling 2: Law 12C1c"
7 8 -  - -                               A66.67    A40 4    2.4  "" "ruling 3: Law 12C2"
9 1 3NT S 9                                 400      - 1    5    "B" "ruling 4: Law 87"
""".replace("COLUMNS", COLUMNS)


def test_pbn_reader_takes_the_adjusted_forms_of_our_export(tmp_path: Path) -> None:
    path = tmp_path / "adjusted.pbn"
    path.write_text(PBN_TABLE, encoding="utf-8")
    got = results_from_pbn(path)
    assert got == [
        Result(1, "1", "2", 420, contract="4S", declarer="N", tricks=10),
        Result(1, "3", "4", 420, ew_score=450, contract="4S", declarer="N", tricks=10, note="ruling 1: Law 12C1b"),
        Result(1, "5", "6", outcomes=WEIGHTED, note="ruling 2: Law 12C1c"),
        Result(1, "7", "8", ns_award=66.67, ew_award=40.0, note="A66.67/A40"),
        Result(1, "9", "1", 400, contract="3NT", declarer="S", tricks=9, note="ruling 4: Law 87", group="B"),
    ]
    assert [(ln.ns_points, ln.ew_points) for ln in pbn_lines(path)][2:4] == [(2.5, 3.5), (4.0, 2.4)]
    whole = tmp_path / "whole.pbn"
    whole.write_text(PBN_TABLE.replace("A66.67", "   A60"), encoding="utf-8")
    assert results_from_pbn(whole)[3].note == "A6040"  # whole percentages: USEBIO's code, read as percent at IMPs
