"""Event scoring and its reports: the checks that mutation testing showed were missing (docs/mutation.md).

Each test names the law or rule it checks and asserts worked-out values: the method and cross-IMP names, a line
from its contract (Law 77), a board's points, frequency rows and steps at cross-IMPs and Butler (Law 78B) with
artificial scores (Law 12C2), adjusted boards (split 12C1(b), weighted 12C1(c), fouled 87B), and the exact text,
HTML and SVG of the reports.  IMPs on the WBF scale: 20-40 is 1, 130-160 4, 170-210 5, 220-260 6, 270-310 7,
370-420 9, 430-490 10, 500-590 11, 600-740 12.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bridge_director.errors import BridgeError
from bridge_director.scoring import Method, Result, score_event
from bridge_director.scoring.event import BoardScore, CrossImps, ScoredLine, rank, shared_places
from bridge_director.scoring.matchpoints import FrequencyRow, Scale
from bridge_director.scoring.report import board_text, event_html, frequency_chart, standings_text


def _error(call: Callable[..., object], *args: object, **kwargs: object) -> str:
    with pytest.raises(BridgeError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


# --- names -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "method"), [
    ("mp", Method.MATCHPOINTS), (" MatchPoints ", Method.MATCHPOINTS), ("MP_Pairs", Method.MATCHPOINTS),
    ("Cross-IMPs", Method.CROSS_IMPS), ("cross_imp", Method.CROSS_IMPS), ("IMPS", Method.CROSS_IMPS),
    ("Butler", Method.BUTLER), ("butler_pairs", Method.BUTLER),
])
def test_scoring_method_names(text: str, method: Method) -> None:
    assert Method.parse(text) is method


def test_unknown_scoring_method_names_the_method_field() -> None:
    assert _error(Method.parse, "rubber") == "method: scoring method is mp, cross-imps or butler, not 'rubber'"
    assert _error(Method.parse, "mp pairs") == "method: scoring method is mp, cross-imps or butler, not 'mp pairs'"


def test_cross_imps_forms() -> None:
    assert CrossImps.parse(" SUM ") is CrossImps.SUM
    assert CrossImps.parse("Average") is CrossImps.AVERAGE
    assert _error(CrossImps.parse, "total") == "cross-imps: cross-IMPs are 'average' or 'sum', not 'total'"


# --- a line from its contract (Law 77) -------------------------------------------------------------------------


def test_77_a_played_line_and_a_passed_out_board() -> None:
    """Board 3, E-W vulnerable: 4S by N making 10 is +420; a pass-out, however written, is 0 and keeps the lead."""
    assert Result.played(3, "1", "2", "4S", "N", 10) == Result(3, "1", "2", 420, contract="4S", declarer="N",
                                                               tricks=10)
    assert Result.played(3, "1", "2", "4S", "N", 10).lead == ""
    assert Result.played(3, "1", "2", "4S", "N", 10, "HA").lead == "HA"
    assert Result.played(3, "1", "2", " pass ", lead="SK") == Result(3, "1", "2", 0, contract="PASS", lead="SK")
    assert Result.played(3, "1", "2", "ALL PASS") == Result(3, "1", "2", 0, contract="PASS")


def test_77_a_contract_needs_declarer_and_tricks() -> None:
    error = "Declarer: board 3: contract '4S' needs a declarer and a trick count"
    assert _error(Result.played, 3, "1", "2", "4S", tricks=10) == error
    assert _error(Result.played, 3, "1", "2", "4S", "N") == error


# --- boards at IMPs (Law 78B) with an artificial score (Law 12C2) -----------------------------------------------

BOARD = [Result(1, "1", "2", 420), Result(1, "3", "4", 170), Result(1, "5", "6", -50),
         Result(1, "7", "8", ns_award=60.0, ew_award=40.0, note="A+/A-")]


def test_78B_cross_imps_averaged_per_comparison() -> None:
    """420: +250 (6) and +470 (10), 16 over 2 comparisons = 8; 170: -6 and +6 = 0; -50: -16 / 2 = -8.  The A+/A-
    line is +1 IMP a comparison."""
    board = score_event(BOARD, Method.CROSS_IMPS).boards[0]
    assert [(ln.ns, ln.ew) for ln in board.lines] == [(8.0, -8.0), (0.0, 0.0), (-8.0, 8.0), (1.0, -1.0)]
    assert board.frequency == (FrequencyRow(420, 1, 8.0, -8.0), FrequencyRow(170, 1, 0.0, 0.0),
                               FrequencyRow(-50, 1, -8.0, 8.0))
    assert (board.results, board.norm, board.top, board.datum) == (3, 4, None, None)
    assert board.steps == ("board 1: each of 3 results IMPed against every other, averaged per comparison (WBF "
                           "scale)", "1 artificial score(s) given in IMPs (Law 12C2)")


def test_78B_cross_imps_summed_over_the_comparisons() -> None:
    """Summed: 16, 0, -16; the A+/A- line is +1 IMP for each of its 3 comparisons."""
    board = score_event(BOARD, Method.CROSS_IMPS, cross=CrossImps.SUM).boards[0]
    assert [(ln.ns, ln.ew) for ln in board.lines] == [(16.0, -16.0), (0.0, 0.0), (-16.0, 16.0), (3.0, -3.0)]
    assert board.steps[0] == "board 1: each of 3 results IMPed against every other, summed over the comparisons (WBF " \
                             "scale)"
    # a board of two lines has one comparison: +1 IMP
    two = score_event([BOARD[0], BOARD[3]], Method.CROSS_IMPS, cross=CrossImps.SUM).boards[0]
    assert [(ln.ns, ln.ew) for ln in two.lines] == [(0.0, 0.0), (1.0, -1.0)]


def test_78B_butler_against_the_datum() -> None:
    """Three results: none left out, (420 + 170 - 50) / 3 = 180; 420 is +240 (6), 170 is -10 (0), -50 is -230
    (-6); the A+/A- line is +3 IMPs."""
    board = score_event(BOARD, Method.BUTLER).boards[0]
    assert [(ln.ns, ln.ew) for ln in board.lines] == [(6.0, -6.0), (0.0, 0.0), (-6.0, 6.0), (3.0, -3.0)]
    assert board.datum == 180
    assert board.steps == ("board 1: datum 180 = mean of 3 results less the 1 highest and lowest, rounded to 10; "
                           "each result IMPed against it", "1 artificial score(s) given in IMPs (Law 12C2)")


def test_78B_butler_options_reach_the_datum() -> None:
    """0, 100, 200, 1000: one off each end, (100 + 200) / 2 = 150; none off and kept exact, 325."""
    results = [Result(1, str(i), str(i + 10), s) for i, s in enumerate((0, 100, 200, 1000), start=1)]
    assert score_event(results, Method.BUTLER).boards[0].datum == 150
    exact = score_event(results, Method.BUTLER, butler_exclude=0, butler_round=0).boards[0]
    assert exact.datum == 325
    assert exact.steps == ("board 1: datum 325.0 = mean of 4 results less the 0 highest and lowest, rounded to 0; "
                           "each result IMPed against it",)


def test_12C2_only_letter_pairs_and_usebio_codes_are_percentages_at_imps() -> None:
    """An award noted ``A+`` alone (not ``A+/A-``) is IMPs as given."""
    results = [Result(1, "1", "2", 420), Result(1, "3", "4", ns_award=3.0, ew_award=-3.0, note="A+")]
    line = score_event(results, Method.CROSS_IMPS).boards[0].lines[1]
    assert (line.ns, line.ew) == (3.0, -3.0)


# --- the reports -----------------------------------------------------------------------------------------------

MP_EVENT = [Result(1, "1", "2", 420), Result(1, "3", "4", -50),
            Result(1, "5", "6", ns_award=60.0, ew_award=40.0, note="A+/A-")]
# three lines, top 4: the two scores are Neuberg-scaled from a top of 2 to 4 (Law 78A), (2 + 1) x 3/2 - 1 = 3.5 and
# (0 + 1) x 3/2 - 1 = 0.5; the award 60% and 40% of 4.  N-S and E-W are ranked apart (no pair sat both ways).


def test_standings_text_by_field() -> None:
    assert standings_text(score_event(MP_EVENT)) == (
        "EW:\n"
        " place   pair        MP       % boards\n"
        "     1      4      3.50   87.50      1\n"
        "     2      6      1.60   40.00      1\n"
        "     3      2      0.50   12.50      1\n"
        "NS:\n"
        " place   pair        MP       % boards\n"
        "     1      1      3.50   87.50      1\n"
        "     2      5      2.40   60.00      1\n"
        "     3      3      0.50   12.50      1")


def test_standings_text_at_imps_has_no_percentage() -> None:
    """Cross-IMPs of 420 against -50: 470 is 10 IMPs.  Pair 1 sat N-S on +420 and E-W against -50 (+10 twice),
    pair 2 the other way round; one field, as both pairs sat both ways."""
    scored = score_event([Result(1, "1", "2", 420), Result(1, "2", "1", -50)], Method.CROSS_IMPS)
    assert standings_text(scored) == (" place   pair       IMP       % boards\n"
                                      "     1      1     20.00              2\n"
                                      "     2      2    -20.00              2")


def test_board_text_at_matchpoints_and_butler() -> None:
    assert board_text(score_event(MP_EVENT).boards[0], "MP") == (
        "Board 1: 2 results, top 4\n"
        "  score  freq    NS MP    EW MP\n"
        "    420     1     3.50     0.50\n"
        "    -50     1     0.50     3.50\n"
        "  artificial 5 v 6: 2.40 / 1.60")
    assert board_text(score_event(BOARD, Method.BUTLER).boards[0], "IMP") == (
        "Board 1: 3 results, datum 180\n"
        "  score  freq   NS IMP   EW IMP\n"
        "    420     1     6.00    -6.00\n"
        "    170     1     0.00     0.00\n"
        "    -50     1    -6.00     6.00\n"
        "  artificial 7 v 8: 3.00 / -3.00")


def _board(rows: tuple[FrequencyRow, ...], top: float | None) -> BoardScore:
    return BoardScore(1, (), sum(int(r.frequency) for r in rows), 3, top, None, rows, ())


SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="206" role="img" '
       'aria-label="board 1 frequencies">')


def test_frequency_chart_bars_labels_and_shades() -> None:
    """Two rows, lowest score first, on 240 x 206 (150 high and 28 round): bars (240 - 20) / 2 = 110 wide, their
    height the frequency over the most (2); the shade 200 - 150 x NS share of the top, kept within 60..200."""
    board = _board((FrequencyRow(420, 1, 4.0, 0.0), FrequencyRow(-50, 2, 1.0, 3.0)), 4.0)
    assert frequency_chart(board) == (
        SVG.format(width=240)
        + '<rect x="13.0" y="28.0" width="104.0" height="150.0" fill="rgb(40,162,120)">'
          "<title>NS -50: 2 time(s), 1.00 / 3.00</title></rect>"
          '<text x="65.0" y="24.0" font-size="11" text-anchor="middle">2</text>'
          '<text x="65.0" y="192" font-size="11" text-anchor="middle">-50</text>'
          '<text x="65.0" y="205" font-size="10" text-anchor="middle" fill="#555">1.0</text>'
          '<rect x="123.0" y="103.0" width="104.0" height="75.0" fill="rgb(40,60,120)">'
          "<title>NS 420: 1 time(s), 4.00 / 0.00</title></rect>"
          '<text x="175.0" y="99.0" font-size="11" text-anchor="middle">1</text>'
          '<text x="175.0" y="192" font-size="11" text-anchor="middle">420</text>'
          '<text x="175.0" y="205" font-size="10" text-anchor="middle" fill="#555">4.0</text>'
          "</svg>")


def test_frequency_chart_at_imps_and_of_many_scores() -> None:
    """No top (IMPs): the middle shade 200 - 75 = 125.  Six scores need 6 x 44 = 264 wide, bars 244 / 6 wide."""
    imps = frequency_chart(_board((FrequencyRow(420, 1, 3.0, -3.0),), None))
    assert 'fill="rgb(40,125,120)"' in imps
    assert imps.startswith(SVG.format(width=240) + '<rect x="13.0" y="28.0" width="214.0" height="150.0" ')
    six = frequency_chart(_board(tuple(FrequencyRow(s, 1, 0.0, 0.0) for s in (500, 400, 300, 200, 100, 0)), 10.0))
    assert six.startswith(SVG.format(width=264) + '<rect x="13.0" y="28.0" width="34.7" ')
    assert '<rect x="216.3" y="28.0" width="34.7" height="150.0" fill="rgb(40,200,120)">' in six  # 10 + 5 x 40.67 + 3
    assert frequency_chart(_board((), None)) == ""


def test_event_html_page() -> None:
    scored = score_event(MP_EVENT)
    board = scored.boards[0]
    head = ("<!doctype html><html><head><meta charset='utf-8'>\n<title>Results</title>\n"
            "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
            "td,th{padding:2px 8px;text-align:right;border-bottom:1px solid #ddd}section{margin:1.5em 0}</style>\n"
            "</head><body><h1>Results</h1>\n"
            "<p>1 boards, 3 lines, scored by mp; norm 3 results a board; top 4 (Law 78A).</p>\n")
    ranking = ("<h2>Ranking {f}</h2><table><tr><th>place</th><th>pair</th><th>MP</th><th>%</th><th>boards</th></tr>\n"
               "<tr><td>1</td><td>{a}</td><td>3.50</td><td>87.50</td><td>1</td></tr>\n"
               "<tr><td>2</td><td>{b}</td><td>{bp}</td><td>{bc}</td><td>1</td></tr>\n"
               "<tr><td>3</td><td>{c}</td><td>0.50</td><td>12.50</td><td>1</td></tr>\n"
               "</table>\n")
    section = (f"<section><h3>Board 1</h3>{frequency_chart(board)}<table><tr><th>NS score</th><th>frequency</th>"
               "<th>NS MP</th><th>EW MP</th></tr>\n"
               "<tr><td>420</td><td>1</td><td>3.50</td><td>0.50</td></tr>\n"
               "<tr><td>-50</td><td>1</td><td>0.50</td><td>3.50</td></tr>\n"
               "<tr><td>A+/A-</td><td>5 v 6</td><td>2.40</td><td>1.60</td></tr>\n"
               "</table>\n"
               "<p>board 1: 2 results scored 2 per result beaten and 1 per tie</p>\n"
               "<p>Neuberg: (MP + 1) x 3/2 - 1, to a top of 4 (Law 78A)</p>\n"
               "<p>1 artificial score(s) given as percentages of 4 (Law 12C2)</p>\n"
               "</section>\n</body></html>")
    assert event_html(scored) == (head + ranking.format(f="EW", a="4", b="6", bp="1.60", bc="40.00", c="2")
                                  + ranking.format(f="NS", a="1", b="5", bp="2.40", bc="60.00", c="3") + section)


def test_event_html_escapes_and_names_an_unnoted_award() -> None:
    results = [Result(1, "1", "2", 420), Result(1, "3", "4", 400), Result(1, "<5>", "6", ns_award=3.0, ew_award=-3.0)]
    page = event_html(score_event(results, Method.CROSS_IMPS), title="Club & co")
    assert "<title>Club &amp; co</title>" in page and "<h1>Club &amp; co</h1>" in page
    assert "<tr><td>artificial</td><td>&lt;5&gt; v 6</td><td>3.00</td><td>-3.00</td></tr>" in page
    # 420 against 400 is 1 IMP; the award's 3 IMPs rank first; no percentage at IMPs
    assert "<tr><td>2</td><td>1</td><td>1.00</td><td></td><td>1</td></tr>" in page



# --- adjusted boards: split (Law 12C1(b)), weighted (Law 12C1(c)), fouled (Law 87B) -----------------------------

SEED_004 = [Result(1, "1", "2", 1430), Result(1, "3", "4", 680), Result(1, "5", "6", 650),
            Result(1, "7", "8", outcomes=((1430, 0.3), (680, 0.7)))]
SPLIT = [Result(1, "1", "2", 420), Result(1, "3", "4", 170), Result(1, "5", "6", 300, ew_score=140)]
SPLIT_STEP = ("Law 12C1(b): split score at 5 v 6: N-S scored on +300, E-W on +140, each against the other results; "
              "the other N-S pairs meet +300 and the other E-W pairs +140 (scored by side); this table's two sides "
              "need not add up to a top")
FOULED = [Result(1, "1", "2", 420), Result(1, "3", "4", 400), Result(1, "5", "6", 170),
          Result(1, "7", "8", 100, group="B"), Result(1, "9", "10", -50, group="B")]


def test_12C1c_weighted_board_at_matchpoints_seed_004() -> None:
    """Top 6.  The weighted line's 1430 ties one and beats two others (5), its 680 ties one and beats one (3):
    3.6.  The table counts 1430 1.3 times and 680 1.7 times: 1430 gets 2 x 2.7 + 0.3 = 5.7."""
    board = score_event(SEED_004).boards[0]
    assert [(ln.ns, ln.ew) for ln in board.lines] == [(5.7, pytest.approx(0.3)), (2.7, 3.3), (0.0, 6.0), (3.6, 2.4)]
    assert board.frequency == (FrequencyRow(1430, 1.3, 5.7, 0.3), FrequencyRow(680, 1.7, 2.7, 3.3),
                               FrequencyRow(650, 1.0, 0.0, 6.0))
    assert (board.results, board.norm, board.top, board.datum) == (4, 4, 6, None)
    assert board.steps == (
        "board 1: 4 results scored 2 per result beaten and 1 per tie (Law 78A)",
        "Law 12C1(c): weighted score at 7 v 8: 30% of +1430 + 70% of +680; each outcome against the other 3 "
        "results: +1430 -> 5, +680 -> 3; weighted 3.6; the other results are scored against the weighted table "
        "(fractional frequencies)")


def test_12C1b_split_board_at_matchpoints_scored_by_side() -> None:
    """Top 4.  N-S pairs among 420, 170, 300: 4, 0, 2; E-W pairs among 420, 170, 140: the split table's E-W on
    140 beat nobody (4 to E-W), 170's E-W beat 140 (2).  The frequency table's E-W column comes from the E-W
    scores: 300, which no E-W pair met, mirrors its N-S figure (2, 2)."""
    board = score_event(SPLIT).boards[0]
    assert [(ln.ns, ln.ew) for ln in board.lines] == [(4.0, 0.0), (0.0, 2.0), (2.0, 4.0)]
    assert board.frequency == (FrequencyRow(420, 1.0, 4.0, 0.0), FrequencyRow(300, 1.0, 2.0, 2.0),
                               FrequencyRow(170, 1.0, 0.0, 2.0))
    assert board.steps == ("board 1: 3 results scored 2 per result beaten and 1 per tie (Law 78A)", SPLIT_STEP)


def test_87B_fouled_board_at_matchpoints_group_by_group() -> None:
    """Five results, top 8.  Group (unmarked): 420, 400, 170 score 4, 2, 0 of 4, Neuberg-scaled to five results
    (MP + 1) x 5/3 - 1: 22/3, 4, 2/3.  Group B: 100 and -50 score 2 and 0 of 2: 6.5 and 1.5."""
    board = score_event(FOULED).boards[0]
    assert [(ln.ns, ln.ew) for ln in board.lines] == [
        (pytest.approx(22 / 3), pytest.approx(2 / 3)), (4.0, 4.0), (pytest.approx(2 / 3), pytest.approx(22 / 3)),
        (6.5, 1.5), (1.5, 6.5)]
    assert (board.results, board.norm, board.top) == (5, 5, 8)
    assert board.steps == (
        "board 1: 5 results scored 2 per result beaten and 1 per tie (Law 78A)",
        "Law 87B: fouled board, results in 2 groups ((unmarked) 3, 'B' 2); each group is scored on its own and "
        "Neuberg-scaled to 5 results",
        "group (unmarked): Neuberg: (MP + 1) x 5/3 - 1, to a top of 8 (Law 78A)",
        "group 'B': Neuberg: (MP + 1) x 5/2 - 1, to a top of 8 (Law 78A)",
        "frequency table: group (unmarked), then group 'B'")
    # Neuberg kept to one decimal: 22/3 -> 7.3, 2/3 -> 0.7
    rounded = score_event(FOULED, mp_places=1).boards[0]
    assert rounded.lines[0].ns == 7.3 and rounded.lines[0].ew == pytest.approx(0.7)


def test_87B_fouled_board_at_imps_is_not_neuberg_scaled() -> None:
    board = score_event(FOULED, Method.CROSS_IMPS).boards[0]
    assert board.top is None
    assert board.steps[:2] == (
        "board 1: each of 5 results IMPed against every other, averaged per comparison (WBF scale)",
        "Law 87B: fouled board, results in 2 groups ((unmarked) 3, 'B' 2); each group is scored on its own")
    assert board.steps[-1] == "frequency table: group (unmarked), then group 'B'"


def test_12C1c_weighted_board_at_cross_imps() -> None:
    """Against 1430 x 1.3, 680 x 1.7 and 650: 1430 scores 1.7 x 13 + 13 = 35.1, 680 -1.3 x 13 + 1 = -15.9, 650
    -1.3 x 13 - 1.7 = -18.6; the weighted line's 1430 leaves out its own 0.7 x 13 (26), its 680 its own
    0.3 x -13 (-12): 0.3 x 26 + 0.7 x -12 = -0.6.  Averaged over 3 comparisons: 11.7, -5.3, -6.2, -0.2."""
    board = score_event(SEED_004, Method.CROSS_IMPS).boards[0]
    assert [ln.ns for ln in board.lines] == [11.7, -5.3, -6.2, -0.2]
    assert [ln.ew for ln in board.lines] == [-11.7, 5.3, 6.2, 0.2]
    assert board.frequency == (FrequencyRow(1430, 1.3, 11.7, -11.7), FrequencyRow(680, 1.7, -5.3, 5.3),
                               FrequencyRow(650, 1.0, -6.2, 6.2))
    assert (board.top, board.norm) == (None, 4)
    assert board.steps == (
        "board 1: each of 4 results IMPed against every other, averaged per comparison (WBF scale)",
        "Law 12C1(c): weighted score at 7 v 8: each outcome IMPed against the other results: +1430: +8.67 x 30% = "
        "+2.60, +680: -4 x 70% = -2.80; total -0.20; the other results are IMPed against the weighted table")
    summed = score_event(SEED_004, Method.CROSS_IMPS, cross=CrossImps.SUM).boards[0]
    assert [ln.ns for ln in summed.lines] == [35.1, -15.9, -18.6, -0.6]
    assert summed.steps[0] == ("board 1: each of 4 results IMPed against every other, summed over the comparisons "
                               "(WBF scale)")


def test_12C1c_weighted_board_at_cross_imps_rounding() -> None:
    """The weighted line's 1430: 26 / 3 = 8.666..., kept whole (no rounding), to one decimal or to two."""
    exact = score_event(SEED_004, Method.CROSS_IMPS, imp_places=None).boards[0]
    assert exact.steps[1].startswith("Law 12C1(c): weighted score at 7 v 8: each outcome IMPed against the other "
                                     "results: +1430: +8.66667 x 30% = +2.60,")
    one = score_event(SEED_004, Method.CROSS_IMPS, imp_places=1).boards[0]
    assert "+1430: +8.7 x 30% = +2.61" in one.steps[1]


def test_12C1b_split_board_at_cross_imps() -> None:
    """N-S among 420, 170, 300, E-W among 420, 170, 140, two comparisons each.  The split table: N-S 300 is -3
    against 420 and +4 against 170 (0.5); E-W's 140 is -7 and -1 to N-S (4 to E-W).  In the frequency table 300,
    which no E-W pair met, mirrors its N-S figure."""
    board = score_event(SPLIT, Method.CROSS_IMPS).boards[0]
    assert [(ln.ns, ln.ew) for ln in board.lines] == [(4.5, -6.5), (-5.0, 2.5), (0.5, 4.0)]
    assert board.frequency == (FrequencyRow(420, 1.0, 4.5, -6.5), FrequencyRow(300, 1.0, 0.5, -0.5),
                               FrequencyRow(170, 1.0, -5.0, 2.5))
    assert board.steps == ("board 1: each of 3 results IMPed against every other, averaged per comparison (WBF "
                           "scale)", SPLIT_STEP)


def test_12C1c_weighted_board_at_butler() -> None:
    """Four results' worth (650, 680 x 1.7, 1430 x 1.3): one off each end leaves 680 x 1.7 and 1430 x 0.3,
    (1156 + 429) / 2 = 792.5 -> 790.  1430 is +640 (12), 680 -110 (-3), 650 -140 (-4); the weighted line
    0.3 x 12 + 0.7 x -3 = 1.5."""
    board = score_event(SEED_004, Method.BUTLER).boards[0]
    assert [ln.ns for ln in board.lines] == [12.0, -3.0, -4.0, 1.5]
    assert board.datum == 790
    assert board.steps == (
        "board 1: datum 790 = mean of 4 results less the 1 highest and lowest (weighted results count by their "
        "weights), rounded to 10; each result IMPed against it",
        "Law 12C1(c): weighted score at 7 v 8: each outcome IMPed against the datum 790: +1430: +12 x 30% = +3.60, "
        "+680: -3 x 70% = -2.10; total +1.50; the other results are IMPed against the weighted table")
    # nothing left out, kept exact: (650 + 1156 + 1859) / 4 = 916.25
    exact = score_event(SEED_004, Method.BUTLER, butler_exclude=0, butler_round=0).boards[0]
    assert exact.datum == 916.25


def test_12C1b_split_board_at_butler_has_an_ew_datum_of_its_own() -> None:
    """N-S scores 420, 350, 170: three results, none left out, 940 / 3 -> 310; E-W scores 420, 170, 140: 730 / 3
    -> 240.  420 is +110 (3) to N-S and +180 (5) against E-W's datum; the split table's N-S on 350 is +40 (1), its
    E-W on 140 is -100 (3 to E-W).  In the frequency table 350, which no E-W pair met, mirrors its N-S figure."""
    split = [Result(1, "1", "2", 420), Result(1, "3", "4", 170), Result(1, "5", "6", 350, ew_score=140)]
    board = score_event(split, Method.BUTLER).boards[0]
    assert [(ln.ns, ln.ew) for ln in board.lines] == [(3.0, -5.0), (-4.0, 2.0), (1.0, 3.0)]
    assert board.frequency == (FrequencyRow(420, 1.0, 3.0, -5.0), FrequencyRow(350, 1.0, 1.0, -1.0),
                               FrequencyRow(170, 1.0, -4.0, 2.0))
    assert board.datum == 310
    assert board.steps == (
        "board 1: datum 310 = mean of 3 results less the 1 highest and lowest (weighted results count by their "
        "weights), rounded to 10; E-W's datum 240 (from the E-W scores); each result IMPed against it",
        SPLIT_STEP.replace("+300", "+350"))


def test_adjusted_board_norm_at_matchpoints_is_the_event_norm() -> None:
    """Board 1 has three results, board 2 only a split line and another: at matchpoints board 2 is scored to the
    norm of three (Neuberg), at IMPs its norm is its own two lines."""
    results = [Result(1, "1", "2", 420), Result(1, "3", "4", 170), Result(1, "5", "6", 140),
               Result(2, "1", "2", 420), Result(2, "3", "4", 350, ew_score=140)]
    assert score_event(results).boards[1].norm == 3
    assert score_event(results, Method.CROSS_IMPS).boards[1].norm == 2


def test_12C2_artificial_score_on_an_adjusted_board() -> None:
    """Five lines, top 8 at matchpoints: A+/A- is 60% and 40% of 8; at cross-IMPs +1 IMP a comparison."""
    results = [*SEED_004, Result(1, "9", "10", ns_award=60.0, ew_award=40.0, note="A+/A-")]
    mp = score_event(results).boards[0]
    assert (mp.lines[-1].ns, mp.lines[-1].ew) == (4.8, 3.2)
    assert mp.steps[-1] == "1 artificial score(s) given as percentages of 8 (Law 12C2)"
    imps = score_event(results, Method.CROSS_IMPS).boards[0]
    assert (imps.lines[-1].ns, imps.lines[-1].ew) == (1.0, -1.0)
    assert imps.steps[-1] == "1 artificial score(s) given in IMPs (Law 12C2)"
    assert imps.norm == 5


# --- what a line may be ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"board": 0, "score": 420}, "board: board numbers start at 1, not 0"),
    ({"score": 7610}, "score, Law 77: board 1, 1 v 2: a score of 7610 is beyond what a board can score"),
    ({"score": -7610}, "score, Law 77: board 1, 1 v 2: a score of -7610 is beyond what a board can score"),
    ({"score": 420, "ew_score": 7610},
     "ew_score, Law 77: board 1, 1 v 2: a score of 7610 is beyond what a board can score"),
    ({"outcomes": ((7610, 0.5), (420, 0.5))},
     "outcomes, Law 77: board 1, 1 v 2: a score of 7610 is beyond what a board can score"),
    ({"ns_award": float("inf"), "ew_award": 40.0},
     "ns_award: board 1, 1 v 2: an award must be a finite number, not inf"),
    ({"ns_award": 60.0, "ew_award": float("nan")},
     "ew_award: board 1, 1 v 2: an award must be a finite number, not nan"),
    ({"score": 420, "outcomes": ((420, 1.0),)},
     "outcomes, Law 12C1c: board 1, 1 v 2: a weighted score is its outcomes, not also a table score"),
    ({"ns_award": 60.0}, "score: board 1, 1 v 2: a line needs a score or two awards"),
    ({"ns_award": 60.0, "ew_award": 40.0, "ew_score": 420},
     "ew_score, Law 12C1b: board 1, 1 v 2: a split score needs the N-S score as well as E-W's"),
])
def test_a_traveller_line_refused(kwargs: dict[str, object], error: str) -> None:
    fields: dict[str, object] = {"board": 1, **kwargs}
    assert _error(Result, ns="1", ew="2", **fields) == error


def test_a_traveller_line_at_the_limits_and_its_kinds() -> None:
    """7600 either way is the most a board can score (7NT redoubled, vulnerable, down 13); a split with E-W's
    score equal to N-S's is no split."""
    assert Result(1, "1", "2", 7600).score == 7600 and Result(1, "1", "2", -7600, ew_score=7600).split
    same = Result(1, "1", "2", 420, ew_score=420)
    assert (same.split, same.artificial, same.weighted) == (False, False, False)
    award = Result(1, "1", "2", ns_award=60.0, ew_award=40.0)
    assert (award.artificial, award.weighted) == (True, False)
    weighted = Result(1, "1", "2", outcomes=((420, 1.0),))
    assert (weighted.artificial, weighted.weighted) == (False, True)


# --- ranking ---------------------------------------------------------------------------------------------------

BOTH_WAYS = [Result(1, "1", "2", 420), Result(1, "3", "4", 400), Result(2, "2", "1", 100), Result(2, "4", "3", 100)]
# board 1: 420 beats 400 (2 and 0 of a top of 2); board 2: 100 ties 100 (1 each)


def test_78A_one_field_when_pairs_sat_both_ways_ties_share_a_place() -> None:
    """Pair 1: 2 + 1 of 4 = 75%, pair 4: 2 + 1 = 75%, pairs 2 and 3: 25%."""
    scored = score_event(BOTH_WAYS)
    assert [(s.pair, s.field, s.total, s.maximum, s.percent, s.boards, s.place) for s in scored.standings] == [
        ("1", "", 3.0, 4.0, 75.0, 2, "1="), ("4", "", 3.0, 4.0, 75.0, 2, "1="),
        ("2", "", 1.0, 4.0, 25.0, 2, "3="), ("3", "", 1.0, 4.0, 25.0, 2, "3=")]
    assert scored.steps == ("2 boards, 4 lines, scored by mp", "norm 2 results a board; top 2")
    assert scored.law == "78A"


def test_78A_two_winners_when_asked() -> None:
    scored = score_event(BOTH_WAYS, two_winners=True)
    assert [(s.field, s.pair, s.total, s.percent, s.place) for s in scored.standings] == [
        ("EW", "4", 2.0, 100.0, "1"), ("EW", "1", 1.0, 50.0, "2="), ("EW", "3", 1.0, 50.0, "2="),
        ("EW", "2", 0.0, 0.0, "4"),
        ("NS", "1", 2.0, 100.0, "1"), ("NS", "2", 1.0, 50.0, "2="), ("NS", "4", 1.0, 50.0, "2="),
        ("NS", "3", 0.0, 0.0, "4")]
    assert {s.field for s in score_event(BOTH_WAYS, two_winners=False).standings} == {""}


def test_78B_ranking_at_imps_by_total_ties_in_pair_number_order() -> None:
    """Cross-IMPs: 420 against 400 is 1 IMP, won once and lost once by every pair: all tie on 0.  IMPs have no
    maximum or percentage; tied pairs are listed by pair number (9 before 10), a pair without a number first."""
    results = [Result(1, "10", "Ann", 420), Result(1, "9", "1", 400), Result(2, "9", "1", 420),
               Result(2, "10", "Ann", 400)]
    scored = score_event(results, Method.CROSS_IMPS)
    assert [(s.field, s.pair, s.total, s.maximum, s.percent, s.place) for s in scored.standings] == [
        ("EW", "Ann", 0.0, None, None, "1="), ("EW", "1", 0.0, None, None, "1="),
        ("NS", "9", 0.0, None, None, "1="), ("NS", "10", 0.0, None, None, "1=")]
    assert scored.law == "78B" and scored.steps == ("2 boards, 4 lines, scored by cross-imps",)


def test_shared_places_within_a_billionth() -> None:
    assert shared_places([3, 3, 2, 1, 1]) == ["1=", "1=", "3", "4=", "4="]
    assert shared_places([1.0, 1.0 - 1e-10, 1.0 - 2e-9]) == ["1=", "1=", "3"]
    assert shared_places([1e-9, 0.0]) == ["1", "2"]  # a billionth apart is apart
    assert shared_places([]) == []


def test_78_totals_equal_to_six_decimals_share_a_place() -> None:
    """Two pairs whose IMPs differ only in the seventh decimal share the place and show the same total."""
    lines = (ScoredLine(Result(1, "1", "2", 420), 1.0000004, -1.0000004),
             ScoredLine(Result(1, "3", "4", 400), 1.0, -1.0))
    board = BoardScore(1, lines, 2, 2, None, None, (), ())
    ns = [(s.pair, s.total, s.place) for s in rank([board], Method.CROSS_IMPS) if s.field == "NS"]
    assert ns == [("1", 1.0, "1="), ("3", 1.0, "1=")]


def test_78A_full_board_at_matchpoints() -> None:
    """Two results on a board of two: no Neuberg, no artificial score; 420 beats -50 (2 and 0)."""
    board = score_event([Result(1, "1", "2", 420), Result(1, "3", "4", -50)]).boards[0]
    assert (board.results, board.norm, board.top) == (2, 2, 2)
    assert [(ln.ns, ln.ew) for ln in board.lines] == [(2.0, 0.0), (0.0, 2.0)]
    assert board.steps == ("board 1: 2 results scored 2 per result beaten and 1 per tie",)


def test_an_event_needs_results_and_takes_its_norm() -> None:
    assert _error(score_event, []) == "results: no results to score"
    # a norm of 3 scales board 1's two results to a board of three: (2 + 1) x 3/2 - 1 = 3.5 of a top of 4
    scored = score_event(BOTH_WAYS, norm=3)
    assert scored.boards[0].lines[0].ns == 3.5 and scored.boards[0].top == 4
    assert scored.steps[1] == "norm 3 results a board; top 4"


def test_78A_matchpoint_ranking_is_by_percentage_of_the_boards_played() -> None:
    """Pair 1 ties three boards (3 of 6, 50%), pair 5 tops the one board it played (2 of 2, 100%): pair 5 ranks
    first though its total is lower; the 50% pairs share second place."""
    results = [Result(1, "1", "11", 100), Result(1, "2", "12", 100), Result(2, "1", "13", 100),
               Result(2, "3", "14", 100), Result(3, "1", "15", 100), Result(3, "4", "16", 100),
               Result(4, "5", "17", 200), Result(4, "6", "18", 100)]
    ns = [(s.pair, s.total, s.maximum, s.percent, s.boards, s.place) for s in score_event(results).standings
          if s.field == "NS"]
    assert ns == [("5", 2.0, 2.0, 100.0, 1, "1"), ("1", 3.0, 6.0, 50.0, 3, "2="), ("2", 1.0, 2.0, 50.0, 1, "2="),
                  ("3", 1.0, 2.0, 50.0, 1, "2="), ("4", 1.0, 2.0, 50.0, 1, "2="), ("6", 0.0, 2.0, 0.0, 1, "6")]


def test_an_event_keeps_its_scale() -> None:
    assert score_event(BOTH_WAYS, scale=Scale.ONE_HALF).scale is Scale.ONE_HALF
    assert score_event(BOTH_WAYS).scale is Scale.TWO_ONE


def test_a_pair_number_is_read_from_its_first_18_digits() -> None:
    """Tied pairs are listed by number; a name of 19 digits counts by its first 18 (123456789012345678), which
    is less than 200000000000000000."""
    lines = (ScoredLine(Result(1, "200000000000000000", "a", 420), 1.0, -1.0),
             ScoredLine(Result(1, "1234567890123456789", "b", 400), 1.0, -1.0))
    board = BoardScore(1, lines, 2, 2, None, None, (), ())
    assert [s.pair for s in rank([board], Method.CROSS_IMPS) if s.field == "NS"] == [
        "1234567890123456789", "200000000000000000"]
