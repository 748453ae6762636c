"""Real USEBIO files (../shared/data/usebio): their matchpoints, cross-IMPs and Butler points from our code."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from bridge_director.errors import ParseError
from bridge_director.io.usebio import UsebioEvent, read_usebio, usebio_xml
from bridge_director.scoring import EventScore, Method, score_event

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "usebio"
pytestmark = pytest.mark.shared_data


def _load(name: str, **kw: bool) -> UsebioEvent:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"shared test data not present: {path}")
    return read_usebio(path, **kw)


def _mismatches(event: UsebioEvent, scored: EventScore, skip: set[tuple[int, str, str]] = frozenset()
                ) -> list[tuple[int, str, str, float, float, float | None]]:
    stated = {(ln.result.board, ln.result.ns, ln.result.ew): ln for ln in event.lines}
    out = []
    for board in scored.boards:
        for ln in board.lines:
            key = (board.board, ln.result.ns, ln.result.ew)
            if key in skip:
                continue
            want = stated[key]
            assert want.ns_points is not None and want.ew_points is not None
            if abs(want.ns_points - ln.ns) > 1e-9 or abs(want.ew_points - ln.ew) > 1e-9:
                out.append((*key, ln.ns, ln.ew, want.ns_points))
    return out


def test_78B_butler_points_and_totals_butler_howell() -> None:
    event = _load("abftech__cobalt__results_tests_butler_howell.xml")
    assert event.method is Method.BUTLER and len(event.lines) == 140
    scored = score_event(event.results, Method.BUTLER)
    assert _mismatches(event, scored) == []
    datums = {b.board: b.datum for b in scored.boards}
    assert datums == event.board_averages
    places = {s.pair: (s.total, s.place.rstrip("=")) for s in scored.standings}
    assert places == {p.number: (p.total, p.place) for p in event.pairs}


def test_78B_cross_imps_and_totals_cross_imp_howell() -> None:
    event = _load("abftech__cobalt__results_tests_cross_imp_howell.xml")
    scored = score_event(event.results, Method.CROSS_IMPS)
    assert _mismatches(event, scored) == []
    exact = score_event(event.results, Method.CROSS_IMPS, imp_places=None)  # totals add unrounded boards
    totals = {s.pair: round(s.total, 2) for s in exact.standings}
    assert totals == {p.number: p.total for p in event.pairs}


def test_78A_neuberg_matchpoints_mitchell_with_artificial_scores() -> None:
    """21 tables, top 40; boards with an artificial score have the other 20 results Neuberg-scaled (one decimal).

    On board 1 the file shows 1NS v 1EW with a table score but awards 20/20: we enter that line as A5050.
    Two lines disagree with the file's own arithmetic and are left out: board 3, 1NS v 1EW (A5050 awarded 23/11)
    and board 4, 1NS v 21EW (the two sides' points swapped).  The file's pair totals are whole numbers that do
    not follow from its own lines, so only the lines are checked.
    """
    event = _load("abftech__cobalt__results_tests_mp_pairs_mitchell_adjusted.xml")
    results = [replace(r, score=None, ns_award=50.0, ew_award=50.0, note="A5050")
               if (r.board, r.ns, r.ew) == (1, "1NS", "1EW") else r for r in event.results]
    scored = score_event(results, Method.MATCHPOINTS, mp_places=1)
    skip = {(3, "1NS", "1EW"), (4, "1NS", "21EW")}
    assert _mismatches(event, scored, skip) == []
    a6060 = [ln for b in scored.boards for ln in b.lines if ln.result.note == "A6060"]
    assert a6060 and all((ln.ns, ln.ew) == (24, 24) for ln in a6060)


def test_78A_two_winner_mitchell_percentages_and_places_scorer_file() -> None:
    """This scorer ranks a not-played line as a score of 0 (its NP lines get 20/4 and so on)."""
    event = _load("duaneg__scorer-to-usebio__converted_pairs-with-np-passed.xml", not_played_as_zero=True)
    scored = score_event(event.results, Method.MATCHPOINTS)
    assert _mismatches(event, scored) == []
    ours = {s.pair: s for s in scored.standings}
    for pair in event.pairs:
        assert round(ours[pair.number].percent or 0, 2) == pair.total
        assert ours[pair.number].place.rstrip("=") == pair.place
        assert ours[pair.number].field == pair.direction


def test_usebio_round_trip_keeps_every_point(tmp_path: Path) -> None:
    event = _load("abftech__cobalt__results_tests_butler_howell.xml")
    scored = score_event(event.results, Method.BUTLER)
    out = tmp_path / "out.xml"
    out.write_text(usebio_xml(scored, title="round trip"), encoding="utf-8")
    again = read_usebio(out)
    assert again.method is Method.BUTLER
    assert again.results == tuple(ln.result for b in scored.boards for ln in b.lines)
    assert _mismatches(again, scored) == []
    ET.parse(out)


def test_usebio_bad_file_names_the_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text("<USEBIO><EVENT EVENT_TYPE='MP_PAIRS'><BOARD><BOARD_NUMBER>x</BOARD_NUMBER>"
                   "<TRAVELLER_LINE/></BOARD></EVENT></USEBIO>")
    with pytest.raises(ParseError, match="BOARD_NUMBER"):
        read_usebio(bad)
    broken = tmp_path / "broken.xml"
    broken.write_text("<USEBIO><EVENT>\n<oops></EVENT>")
    with pytest.raises(ParseError, match="line 2"):
        read_usebio(broken)


def test_usebio_writes_a_pbn_letter_award_in_its_own_form(tmp_path: Path) -> None:
    """A+/A- read from a PBN score table is written as USEBIO's A6040, which the reader takes back."""
    from bridge_director.scoring import Result

    results = [Result(1, "1", "2", 420), Result(1, "3", "4", 400),
               Result(1, "5", "6", ns_award=60.0, ew_award=40.0, note="A+/A-")]
    path = tmp_path / "event.xml"
    path.write_text(usebio_xml(score_event(results)), encoding="utf-8")
    back = read_usebio(path).results
    assert [(r.score, r.ns_award, r.ew_award, r.note) for r in back] == [
        (420, None, None, ""), (400, None, None, ""), (None, 60.0, 40.0, "A6040")]
