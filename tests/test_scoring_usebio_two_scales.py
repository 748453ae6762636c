"""Issue 30 item 10: a ¾ Howell with a phantom pair, as NZ Scorer exports it (``usebiokit``), has two scales.
``score event`` prints its traveller matchpoints Neuberg-scaled to the movement's 6 tables and its pair
percentages on the 5 results each board had, as the file does, and says which column is on which.

Hand-worked figures (2/1; five results a board, top 8 as played; Neuberg to six, top 10: (MP + 1) x 6/5 - 1):
board 1 was played 420, 450, -50, 170, 420 at tables 1-5 (11 v 2, 3 v 10, 9 v 4, 5 v 8, 7 v 6): N-S 5, 8, 0, 2, 5
of 8, so 6.2, 9.8, 0.2, 2.6, 6.2 of 10.  Pair 3 sat out board 3 and scored 8, 8, 8, 6 of 8 on boards 1, 2, 4, 5:
30 of 32 is 93.75% as played, and 9.8 x 3 + 7.4 = 36.8 of 40 (92.00%) on the travellers' scale.  Pair 9 played
all five boards: 0, 0, 4, 3, 0 of 8 is 7 of 40, 17.50%; 0.2 + 0.2 + 5 + 3.8 + 0.2 = 9.4 of 50, 18.80%.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from bridge_director.io.usebio import read_usebio, score_by_norm
from bridge_director.io.usebio_scales import score_as_stated
from bridge_director.scoring.event import EventScore, PercentOf, Result, score_event
from conftest import cli_runner
from usebiokit import howell_xml

ROW = re.compile(r"^\s*(\d+=?)\s+(\d+)\s+(\d+\.\d\d)\s+(\d+\.\d\d)\s+(\d+)$")


def _file(tmp_path: Path, *, phantom: bool = True, percent_of: str = "played") -> Path:
    path = tmp_path / "howell.xml"
    path.write_text(howell_xml(phantom=phantom, percent_of=percent_of), encoding="utf-8")
    return path


def _score(lines: list[Result], norm: int | None) -> EventScore:
    return score_event(lines, norm=norm)


def _score_event(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], path: Path, *options: str
                 ) -> tuple[str, dict[str, tuple[str, str, str, str]], dict[tuple[int, str, str], tuple[float, float]]]:
    """``score event`` on ``path``: its output, each pair's printed (place, MP, %, boards), each line's points."""
    out_csv = path.with_suffix(".csv")
    code, out, err = cli_runner("sqlite://", monkeypatch, capsys)("score", "event", str(path), "--csv", str(out_csv),
                                                                  *options)
    assert code == 0, err
    rows = {m[2]: (m[1], m[3], m[4], m[5]) for line in out.splitlines() if (m := ROW.match(line))}
    lines = {(int(r["board"]), r["ns"], r["ew"]): (float(r["ns_mp"]), float(r["ew_mp"]))
             for r in csv.DictReader(io.StringIO(out_csv.read_text(encoding="utf-8")))}
    return out, rows, lines


def test_phantom_howell_travellers_are_neuberg_scaled_to_the_movements_six_tables(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path)
    event = read_usebio(path)
    assert event.stated_norms() == {1: 6, 2: 6, 3: 6, 4: 6, 5: 6} and set(event.counts().values()) == {5}
    out, _, lines = _score_event(monkeypatch, capsys, path)
    assert {key: points for key, points in lines.items() if key[0] == 1} == {
        (1, "11", "2"): (6.2, 3.8), (1, "3", "10"): (9.8, 0.2), (1, "9", "4"): (0.2, 9.8),
        (1, "5", "8"): (2.6, 7.4), (1, "7", "6"): (6.2, 3.8)}
    assert lines == {(ln.result.board, ln.result.ns, ln.result.ew): (ln.ns_points, ln.ew_points)
                     for ln in event.lines}
    assert "Board 1: 5 results, top 10" in out


def test_phantom_howell_percentages_are_the_files_on_the_boards_as_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path)
    out, rows, _ = _score_event(monkeypatch, capsys, path, "--html", str(tmp_path / "report.html"))
    assert rows["3"] == ("1", "36.80", "93.75", "4") and rows["9"] == ("11", "9.40", "17.50", "5")
    stated = {p.number: (p.place, f"{p.percentage:.2f}") for p in read_usebio(path).pairs}
    assert len(stated) == 11 and {pair: (place, pct) for pair, (place, _, pct, _) in rows.items()} == stated
    assert ("MP on the travellers' scale: each board to 6 results (top 10), Neuberg-scaled where it had fewer\n"
            "% on the boards as played: each board's matchpoints among its own 5 results (top 8) over that top\n"
            " place") in out
    assert "among its own 5 results (top 8)" in (tmp_path / "report.html").read_text(encoding="utf-8")


def test_phantom_howell_on_the_travellers_scale_alone_misses_ten_of_eleven_percentages(tmp_path: Path) -> None:
    """What ``score event`` printed before: every percentage on the top of 10.  Only pair 1, at 50%, is on both."""
    event = read_usebio(_file(tmp_path))
    on_norm = score_by_norm(event.results, event.stated_norms(), _score)
    ours = {s.pair: round(s.percent or 0.0, 2) for s in on_norm.standings}
    assert ours["3"] == 92.0 and ours["9"] == 18.8
    assert {p.number for p in event.pairs if p.percentage != ours[p.number]} == {str(n) for n in range(2, 12)}
    scored = score_as_stated(event, _score)
    assert scored.percent_of is PercentOf.PLAYED and scored.boards == on_norm.boards
    assert [(s.pair, s.total) for s in scored.standings] == [(s.pair, s.total) for s in on_norm.standings]


def test_percentages_a_file_states_on_the_travellers_scale_stay_on_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The same event, its percentages written on the top of 10 (as a scorer that takes them from the Neuberg
    figures writes them): they are the ones reproduced, and there is one scale to name."""
    path = _file(tmp_path, percent_of="norm")
    out, rows, _ = _score_event(monkeypatch, capsys, path)
    assert rows["3"] == ("1", "36.80", "92.00", "4") and rows["9"] == ("11", "9.40", "18.80", "5")
    assert {pair: pct for pair, (_, _, pct, _) in rows.items()} == {
        p.number: f"{p.percentage:.2f}" for p in read_usebio(path).pairs}
    assert "travellers' scale" not in out
    assert score_as_stated(read_usebio(path), _score).percent_of is PercentOf.NORM


def test_a_file_that_states_no_percentages_keeps_the_travellers_scale(tmp_path: Path) -> None:
    path = _file(tmp_path)
    path.write_text(re.sub(r"<PERCENTAGE>[^<]*</PERCENTAGE>", "", path.read_text(encoding="utf-8")),
                    encoding="utf-8")
    scored = score_as_stated(read_usebio(path), _score)
    assert scored.percent_of is PercentOf.NORM
    assert next(s for s in scored.standings if s.pair == "3").percent == pytest.approx(92.0)


def test_every_board_with_its_six_results_scores_as_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Pair 12 real: each board has its 6 results, one scale.  Pair 3 scored 10, 9, 5, 8, 8 of 10 on boards 1-5
    (450 beat all five; 620 beat four and tied one; 400 beat one and tied three; -140 and 680 beat one each, for
    N-S): 40 of 50, 80.00%."""
    path = _file(tmp_path, phantom=False)
    event = read_usebio(path)
    out, rows, lines = _score_event(monkeypatch, capsys, path)
    assert rows["3"] == ("1", "40.00", "80.00", "5")
    before = score_event(event.results)  # the default before any file's top was read: the most results, 6
    assert rows == {s.pair: (s.place, f"{s.total:.2f}", f"{s.percent:.2f}", str(s.boards))
                    for s in before.standings}
    assert {pair: pct for pair, (_, _, pct, _) in rows.items()} == {
        p.number: f"{p.percentage:.2f}" for p in event.pairs}
    assert lines == {(ln.result.board, ln.result.ns, ln.result.ew): (ln.ns_points, ln.ew_points)
                     for ln in event.lines}
    assert "travellers' scale" not in out
    assert score_as_stated(event, _score).percent_of is PercentOf.NORM


def test_phantom_howell_checks_clean_with_the_movements_top(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli_runner("sqlite://", monkeypatch, capsys)("check", str(_file(tmp_path)))
    assert code == 0
    assert out.count("5 traveller lines read, top 10 (a board of 6 results)") == 5
    assert "5 boards, 5 clean, 0 with problems" in out
