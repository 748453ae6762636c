"""USEBIO results files: ``check`` reads them (by content, any name) and lists each line that contradicts itself;
``score event`` scores each board to the top the file states, not to the results it happens to have."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from pathlib import Path

import pytest

from bridge_director.io.load import file_kind
from bridge_director.io.usebio import UsebioEvent, check_usebio, read_usebio, score_by_norm
from bridge_director.scoring import Method, Result, score_event
from conftest import cli_runner

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "usebio"
MD = "S346TJH9QD69TC57K,S7H2347KD37JKC46A,S2KH58TD2458C389J,"

# (NS pair, EW pair, contract, declarer, tricks, N-S score, NS matchpoints, EW matchpoints)
Line = tuple[str, str, str, str, int | None, str, str, str]

# A 4-table Mitchell (NS 1-4, EW 5-8), top 6.  Board 1 (love all) and board 3 (E-W vulnerable) are played at
# all four tables.  Board 2 (N-S vulnerable) is played at three: its matchpoints are Neuberg-scaled to the top
# of a full board, on the 2/1 scale (MP + 1) x 4/3 - 1: 4 -> 5.67, 2 -> 3, 0 -> 0.33 (so E-W 0.33, 3, 5.67).
BOARD_1: list[Line] = [("1", "5", "4S", "N", 10, "420", "4", "2"), ("2", "6", "4S", "N", 11, "450", "6", "0"),
                       ("3", "7", "3S", "N", 10, "170", "2", "4"), ("4", "8", "4S", "N", 9, "-50", "0", "6")]
BOARD_2: list[Line] = [("1", "6", "3NT", "S", 9, "600", "5.67", "0.33"),
                       ("2", "7", "3NT", "S", 8, "-100", "0.33", "5.67"),
                       ("3", "8", "2NT", "S", 9, "150", "3.00", "3.00")]
BOARD_3: list[Line] = [("1", "7", "2H", "E", 8, "-110", "2", "4"), ("2", "8", "2H", "E", 9, "-140", "0", "6"),
                       ("3", "5", "3C", "N", 9, "110", "6", "0"), ("4", "6", "2H", "E", 7, "100", "4", "2")]
# Boards 2 and 6 of the same session, each played at three of the four tables, written on their own
# (board 6: E-W vulnerable; 4 -> 5.67, 2 -> 3, 0 -> 0.33 as on board 2).
BOARD_6: list[Line] = [("1", "8", "1NT", "W", 7, "-90", "3.00", "3.00"),
                       ("2", "5", "1NT", "W", 8, "-120", "0.33", "5.67"),
                       ("4", "7", "1NT", "W", 6, "100", "5.67", "0.33")]
# A board of a 3-table relay (the same three N-S pairs, top 4, not Neuberg-scaled: 4, 2, 0), love all.
BOARD_5: list[Line] = [("1", "7", "4H", "S", 10, "420", "4", "0"), ("2", "8", "4H", "S", 9, "-50", "0", "4"),
                       ("3", "6", "2H", "S", 10, "170", "2", "2")]


def usebio(boards: dict[int, list[Line]], *, pairs: bool = True, event_type: str = "MP_PAIRS") -> str:
    """A USEBIO 1.2 file with these traveller lines (and, with ``pairs``, the eight pairs of the section)."""
    out = ['<?xml version="1.0"?>', '<USEBIO Version="1.2">', f'<EVENT EVENT_TYPE="{event_type}">',
           "<EVENT_DESCRIPTION>Test pairs</EVENT_DESCRIPTION>"]
    if pairs:
        out.append("<PARTICIPANTS>")
        for n in range(1, 9):
            out.append(f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{'NS' if n <= 4 else 'EW'}</DIRECTION>"
                       "</PAIR>")
        out.append("</PARTICIPANTS>")
    for number, lines in boards.items():
        out.append(f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>")
        for ns, ew, contract, declarer, tricks, score, ns_mp, ew_mp in lines:
            out.append(f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
                       f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{declarer}</PLAYED_BY>"
                       f"<TRICKS>{'' if tricks is None else tricks}</TRICKS><SCORE>{score}</SCORE>"
                       f"<NS_MATCH_POINTS>{ns_mp}</NS_MATCH_POINTS><EW_MATCH_POINTS>{ew_mp}</EW_MATCH_POINTS>"
                       "</TRAVELLER_LINE>")
        out.append("</BOARD>")
    out += ["</EVENT>", "</USEBIO>"]
    return "\n".join(out) + "\n"


def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``bridge-director ARGS`` through its entry point (these commands open no register): (exit status, stdout,
    stderr)."""
    return cli_runner("sqlite://", monkeypatch, capsys)(*args)


def written(event: UsebioEvent) -> dict[tuple[int, str, str], tuple[float, float]]:
    return {(ln.result.board, ln.result.ns, ln.result.ew): (ln.ns_points or 0.0, ln.ew_points or 0.0)
            for ln in event.lines}


def scored_by_cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], path: Path,
                  *options: str) -> tuple[dict[tuple[int, str, str], tuple[float, float]], str]:
    """Our matchpoints per line from ``score event --csv`` (as the CSV writes them, two decimals)."""
    out_csv = path.with_suffix(".scored.csv")
    code, out, err = cli(monkeypatch, capsys, "score", "event", str(path), "--csv", str(out_csv), *options)
    assert code == 0, err
    rows = csv.DictReader(io.StringIO(out_csv.read_text(encoding="utf-8")))
    return {(int(r["board"]), r["ns"], r["ew"]): (float(r["ns_mp"]), float(r["ew_mp"])) for r in rows}, out


# ---- score event: the file's top, not the count of results ----

def test_board_played_three_times_in_a_4_table_section_scores_to_the_files_top(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "section.xml"
    path.write_text(usebio({1: BOARD_1, 2: BOARD_2, 3: BOARD_3}))
    event = read_usebio(path)
    assert event.tops == {1: 6.0, 2: 6.0, 3: 6.0} and event.stated_norms() == {1: 4, 2: 4, 3: 4}
    ours, out = scored_by_cli(monkeypatch, capsys, path)
    assert ours == written(event)
    assert "Board 2: 3 results, top 6" in out


def test_a_file_whose_boards_are_all_short_still_takes_the_sections_top(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Boards 2 and 6 were each played at three of the four tables: the file's points add up to 6, the top of a
    full board, which the count of results (3, top 4) cannot tell."""
    path = tmp_path / "short.xml"
    path.write_text(usebio({2: BOARD_2, 6: BOARD_6}))
    event = read_usebio(path)
    assert event.stated_norms() == {2: 4, 6: 4}
    ours, out = scored_by_cli(monkeypatch, capsys, path)
    assert ours == written(event)
    assert "Board 6: 3 results, top 6" in out
    counted = score_event(event.results)  # what the count of results alone gives: a top of 4
    assert counted.boards[0].top == 4 and counted.boards[0].lines[0].ns == 4


def test_boards_with_different_tops_are_each_scored_to_their_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A 3-table board (top 4, full) beside 4-table boards (top 6, one of them short): score_event takes one
    norm, so the boards are scored in groups of one norm and the pairs ranked over all of them."""
    path = tmp_path / "mixed.xml"
    path.write_text(usebio({1: BOARD_1, 2: BOARD_2, 5: BOARD_5}))
    event = read_usebio(path)
    assert event.stated_norms() == {1: 4, 2: 4, 5: 3}
    ours, out = scored_by_cli(monkeypatch, capsys, path)
    assert ours == written(event)
    assert "Board 5: 3 results, top 4" in out and "Board 2: 3 results, top 6" in out
    scored = score_by_norm(event.results, event.stated_norms(),
                           lambda rs, n: score_event(rs, Method.MATCHPOINTS, norm=n))
    assert [b.board for b in scored.boards] == [1, 2, 5]
    one = next(s for s in scored.standings if s.pair == "1")
    assert one.maximum == 6 + 6 + 4 and one.total == pytest.approx(4 + 17 / 3 + 4)
    assert score_event(event.results).boards[2].top == 6  # one norm for all: the 3-table board Neuberg-scaled


def test_norm_on_the_command_line_is_every_boards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "short.xml"
    path.write_text(usebio({2: BOARD_2, 6: BOARD_6}))
    ours, out = scored_by_cli(monkeypatch, capsys, path, "--norm", "3")
    assert ours[(2, "1", "6")] == (4.0, 0.0) and "top 4" in out


def test_usebio_is_read_by_content_whatever_its_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "results.txt"
    path.write_text(usebio({2: BOARD_2, 6: BOARD_6}))
    ours, _ = scored_by_cli(monkeypatch, capsys, path)
    assert ours == written(read_usebio(path))
    assert file_kind(path) == "usebio"


def test_score_by_norm_with_one_norm_is_score_event() -> None:
    results = [Result(1, "1", "5", 420), Result(1, "2", "6", 400), Result(2, "1", "6", 100)]
    once = score_by_norm(results, {1: 3, 2: 3}, lambda rs, n: score_event(rs, norm=n))
    assert once == score_event(results, norm=3)
    assert score_by_norm(results, {}, lambda rs, n: score_event(rs, norm=n)) == score_event(results)


# ---- check ----

def test_check_reports_what_a_clean_usebio_file_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "section.pbn"  # the name does not matter: the content is USEBIO
    path.write_text(usebio({1: BOARD_1, 2: BOARD_2, 3: BOARD_3}))
    code, out, err = cli(monkeypatch, capsys, "check", str(path))
    assert (code, err) == (0, "")
    assert "USEBIO MP_PAIRS 'Test pairs': 8 pairs, 3 boards, 11 traveller lines" in out
    assert "board 1: 4 traveller lines read, top 6 (a board of 4 results)" in out
    assert "board 2: 3 traveller lines read, top 6 (a board of 4 results)" in out
    assert "3 boards, 3 clean, 0 with problems" in out


def test_check_lists_each_contradiction_naming_board_and_field(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    bad_1 = list(BOARD_1)
    bad_1[0] = ("1", "5", "4S", "N", 10, "450", "4", "2")  # 4S= is +420 love all, not +450
    bad_2 = [*BOARD_2, ("4", "5", "3NT", "S", 9, "600", "5.67", "0.33"),  # a fourth result: fine (top 6)
             ("2", "8", "3NT", "S", 9, "600", "5.67", "0.33")]  # 2 and 8 play it again: a fifth result
    bad_3 = list(BOARD_3)
    bad_3[1] = ("2", "8", "2H", "E", 9, "-140", "1", "6")  # points add up to 7, not the top 6
    bad_3[3] = ("4", "6", "2H", "", 7, "100", "4", "2")  # no declarer
    bad_6 = [*BOARD_6[:2], ("4", "7", "1NT", "W", 6, "lots", "5.67", "")]  # SCORE not a number, no points
    path = tmp_path / "bad.xml"
    path.write_text(usebio({1: bad_1, 2: bad_2, 3: bad_3, 6: bad_6}))
    code, out, _ = cli(monkeypatch, capsys, "check", str(path))
    assert code == 1
    problems = [ln for ln in out.splitlines() if ln.startswith("board ") and ", line " in ln]
    expected = [
        ("board 1, line ", "Law 77: SCORE: 1 v 5: SCORE +450, but 4S by N taking 10 tricks scores +420 for N-S "
                           "(vulnerable: none)"),
        ("board 2, line ", "NS_PAIR_NUMBER: pair 2 plays the board twice (also on line "),
        ("board 2, line ", "EW_PAIR_NUMBER: pair 8 plays the board twice (also on line "),
        ("board 2, line ", "TRAVELLER_LINE: 5 results, more than the 4 of its stated top 6 (3 comparisons)"),
        ("board 3, line ", "NS_MATCH_POINTS: 2 v 8: the two sides' points (1 + 6) add up to 7, not the board's "
                           "top 6"),
        ("board 3, line ", "PLAYED_BY: 4 v 6: contract 2H has no declarer"),
        ("board 6, line ", "SCORE: 4 v 7: SCORE is not a number ('lots') and the line gives no points to keep"),
    ]
    assert len(problems) == len(expected), out
    for start, text in expected:
        assert any(line.startswith(start) and text in line for line in problems), (text, out)
    assert "4 boards, 0 clean, 4 with problems (7 problems)" in out


def test_check_names_the_file_line_of_each_problem(tmp_path: Path) -> None:
    bad = [("1", "5", "4S", "N", 10, "620", "4", "2"), *BOARD_1[1:]]
    path = tmp_path / "bad.xml"
    path.write_text(usebio({1: bad}))
    lines = path.read_text().splitlines()
    (problem,) = check_usebio(path).problems
    assert problem.field == "SCORE" and problem.law == "77"
    assert problem.line is not None and "<SCORE>620</SCORE>" in lines[problem.line - 1]


def test_a_file_that_is_neither_pbn_lin_nor_usebio_is_refused_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    other_xml = tmp_path / "other.xml"
    other_xml.write_text('<?xml version="1.0"?>\n<RESULTS><BOARD/></RESULTS>\n')
    text = tmp_path / "notes.pbn"
    text.write_text("board 1: 4S by N, +420\n")
    empty = tmp_path / "empty.lin"
    empty.write_text("")
    for path, reason in ((other_xml, "root element <RESULTS> is not a USEBIO file"),
                         (text, "not a PBN, LIN or USEBIO file"), (empty, "not a PBN, LIN or USEBIO file")):
        code, out, err = cli(monkeypatch, capsys, "check", str(path))
        assert (code, out) == (2, "")
        assert err.startswith("error: ") and reason in err and err.count("\n") == 1, err


def test_show_refuses_a_usebio_file_clearly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "event.xml"
    path.write_text(usebio({1: BOARD_1}))
    code, _, err = cli(monkeypatch, capsys, "show", str(path))
    assert code == 2 and "USEBIO results file" in err and err.count("\n") == 1


def test_lin_and_pbn_are_told_by_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    lin = tmp_path / "board.txt"
    lin.write_text(f"pn|a,b,c,d|st||md|3{MD}|rh||ah|Board 1|\n")
    pbn = tmp_path / "board.lin"
    pbn.write_text('% PBN 2.1\n[Board "1"]\n[Dealer "N"]\n')
    assert (file_kind(lin), file_kind(pbn)) == ("lin", "pbn")
    code, out, _ = cli(monkeypatch, capsys, "check", str(lin))
    assert code == 0 and "1 boards, 1 clean" in out


# ---- the real files (../shared/data/usebio) ----

REAL = {  # file: (traveller lines, boards)
    "abftech__cobalt__results_tests_butler_howell.xml": (140, 35),
    "abftech__cobalt__results_tests_cross_imp_howell.xml": (108, 27),
    "abftech__cobalt__results_tests_mp_pairs_mitchell_adjusted.xml": (567, 27),
    "duaneg__scorer-to-usebio__converted_pairs-with-np-passed.xml": (338, 26),
}


def real(name: str) -> Path:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"shared test data not present: {path} (the real files live in ../shared/data)")
    return path


@pytest.mark.shared_data
@pytest.mark.parametrize("name", sorted(REAL), ids=lambda n: n[:40])
def test_check_real_usebio_files(name: str, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Every score in them is its contract's (Law 77), no pair plays a board twice, no board has more results
    than its top allows: check lists every board and exits 0."""
    path = real(name)
    lines, boards = REAL[name]
    code, out, err = cli(monkeypatch, capsys, "check", str(path))
    assert (code, err) == (0, ""), out
    assert f"{boards} boards, {lines} traveller lines" in out
    assert f"{boards} boards, {boards} clean, 0 with problems" in out
    assert sum(1 for ln in out.splitlines() if ln.startswith("board ")) == boards


@pytest.mark.shared_data
def test_real_mitchell_matchpoints_to_the_files_top_equal_the_files() -> None:
    """21 tables, top 40 on every board (the file's lines say so); boards with an artificial score are scored
    to it.  As in test_scoring_usebio: board 1's 1NS v 1EW is entered as the A5050 the file awarded, and two
    lines that disagree with the file's own arithmetic are left out."""
    event = read_usebio(real("abftech__cobalt__results_tests_mp_pairs_mitchell_adjusted.xml"))
    assert set(event.stated_norms().values()) == {21}
    results = [replace(r, score=None, ns_award=50.0, ew_award=50.0, note="A5050")
               if (r.board, r.ns, r.ew) == (1, "1NS", "1EW") else r for r in event.results]
    scored = score_by_norm(results, event.stated_norms(),
                           lambda rs, n: score_event(rs, Method.MATCHPOINTS, norm=n, mp_places=1))
    want = written(event)
    skip = {(3, "1NS", "1EW"), (4, "1NS", "21EW")}
    wrong = [(b.board, ln.result.ns, ln.result.ew) for b in scored.boards for ln in b.lines
             if (b.board, ln.result.ns, ln.result.ew) not in skip
             and (ln.ns, ln.ew) != pytest.approx(want[(b.board, ln.result.ns, ln.result.ew)], abs=1e-9)]
    assert wrong == []


@pytest.mark.shared_data
@pytest.mark.parametrize("not_played_as_zero", [True, False])
def test_real_scorer_file_states_top_24_on_every_board(not_played_as_zero: bool) -> None:
    """13 tables, top 24.  Read with NP as a score of 0 (as this scorer ranks it) our matchpoints are the file's
    on every line; read with NP left out, board 19 has 12 results and is still scored to a top of 24."""
    event = read_usebio(real("duaneg__scorer-to-usebio__converted_pairs-with-np-passed.xml"),
                        not_played_as_zero=not_played_as_zero)
    norms = event.stated_norms()
    assert set(norms.values()) == {13} and len(norms) == 26
    scored = score_by_norm(event.results, norms, lambda rs, n: score_event(rs, Method.MATCHPOINTS, norm=n))
    assert all(b.top == 24 for b in scored.boards)
    if not_played_as_zero:
        want = written(event)
        assert all((ln.ns, ln.ew) == pytest.approx(want[(b.board, ln.result.ns, ln.result.ew)], abs=1e-9)
                   for b in scored.boards for ln in b.lines)
    else:
        assert next(b for b in scored.boards if b.board == 19).results == 12


def test_the_files_scale_is_read_from_its_full_boards() -> None:
    """A 1/½ file (a full board of 4 results has a top of 3) and a 2/1 one (top 6); boards all short are 2/1."""
    from bridge_director.io.usebio import stated_norms, stated_scale
    from bridge_director.scoring import Scale

    assert stated_scale({1: 3.0, 2: 3.0}, {1: 4, 2: 3}) is Scale.ONE_HALF
    assert stated_norms({1: 3.0, 2: 3.0}, {1: 4, 2: 3}) == {1: 4, 2: 4}
    assert stated_scale({1: 6.0, 2: 6.0}, {1: 4, 2: 3}) is Scale.TWO_ONE
    assert stated_norms({1: 6.0, 2: 6.0, 3: 6.0}, {1: 4, 2: 3, 3: 5}) == {1: 4, 2: 4}  # 5 results: no norm
    assert stated_scale({2: 6.0}, {2: 3}) is Scale.TWO_ONE
