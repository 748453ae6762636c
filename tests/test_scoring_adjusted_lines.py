"""Adjusted lines inside event scoring: split (Law 12C1(b)), weighted (Law 12C1(c)) and fouled boards (Law 87B),
with seed 004's worked examples scored through ``score_event``."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_director.errors import BridgeError
from bridge_director.scoring import CrossImps, EventScore, Method, Result, Scale, imps, score_event
from bridge_director.scoring.adjusted import Outcome, weighted_average_then_correct, weighted_matchpoints
from bridge_director.scoring.adjusted_lines import SplitField

# Seed 004, "Weighted Scores": 12 tables; the eleven other results and the weighted table's outcomes.
SEED004_FIELD = [1430] * 2 + [680] * 5 + [650] * 2 + [-100] * 2
SEED004_OUTCOMES = ((1430, 0.3), (680, 0.4), (650, 0.2), (-100, 0.1))


def _board(scores: list[int], *extra: Result, board: int = 1) -> list[Result]:
    return [*(Result(board, str(2 * i + 1), str(2 * i + 2), s) for i, s in enumerate(scores)), *extra]


def _line(event: EventScore, ns: str) -> tuple[float, float]:
    found = next(ln for b in event.boards for ln in b.lines if ln.result.ns == ns)
    return found.ns, found.ew


# ---- Law 12C1(c): weighted scores ----


def test_12C1c_weighted_line_gives_seed004_fractional_frequency_table() -> None:
    """Seed 004: frequencies 2.3 / 5.4 / 2.2 / 2.1 with matchpoints 20.7 / 13.0 / 5.4 / 1.1, and N-S +12.6."""
    weighted = Result(1, "W1", "W2", outcomes=SEED004_OUTCOMES)
    board = score_event(_board(SEED004_FIELD, weighted)).boards[0]
    assert [(r.score, r.frequency, r.ns) for r in board.frequency] == [
        (1430, 2.3, 20.7), (680, 5.4, 13.0), (650, 2.2, 5.4), (-100, 2.1, 1.1)]
    assert board.top == 22 and board.results == 12
    line = next(ln for ln in board.lines if ln.result is weighted)
    assert (line.ns, line.ew) == (12.6, 9.4)
    # the other results are scored against the weighted table: each 1430 gets the table's 20.7
    assert sorted({(ln.result.score, ln.ns, ln.ew) for ln in board.lines if ln.result is not weighted}) == [
        (-100, 1.1, 20.9), (650, 5.4, 16.6), (680, 13.0, 9.0), (1430, 20.7, 1.3)]
    assert any("12C1(c)" in step and "+1430 -> 20, +680 -> 13, +650 -> 6, -100 -> 2" in step
               for step in board.steps)


def test_12C1c_weighted_line_agrees_with_seed004_manual_and_average_then_correct_methods() -> None:
    """Seed 004: (0.3 x 20.7) + (0.4 x 13.0) + (0.2 x 5.4) + (0.1 x 1.1) = 12.6, and the regulation's manual
    route (average 11 at the table, then +1.6 to N-S and -1.6 to E-W) comes to the same figure."""
    weighted = Result(1, "W1", "W2", outcomes=SEED004_OUTCOMES)
    ns, ew = _line(score_event(_board(SEED004_FIELD, weighted)), "W1")
    assert round(0.3 * 20.7 + 0.4 * 13.0 + 0.2 * 5.4 + 0.1 * 1.1, 1) == ns
    assert round(0.3 * 20 + 0.4 * 13 + 0.2 * 6 + 0.1 * 2, 1) == ns
    outcomes = [Outcome(s, w * 100) for s, w in SEED004_OUTCOMES]
    assert weighted_matchpoints(SEED004_FIELD, outcomes).ns == ns
    correction = weighted_average_then_correct(SEED004_FIELD, outcomes)
    assert (11 + correction.non_offenders, 11 + correction.offenders) == pytest.approx((ns, ew))


def test_12C1c_weighted_board_still_sums_to_top_times_results_seed004() -> None:
    weighted = Result(1, "W1", "W2", outcomes=SEED004_OUTCOMES)
    board = score_event(_board(SEED004_FIELD, weighted)).boards[0]
    assert sum(ln.ns for ln in board.lines) == pytest.approx(22 * 12 / 2)
    assert sum(ln.ns + ln.ew for ln in board.lines) == pytest.approx(22 * 12)


@pytest.mark.parametrize("cross", list(CrossImps))
def test_12C1c_weighted_line_at_imps_gives_seed004_teams_figures(cross: CrossImps) -> None:
    """Seed 004, "At Teams", other room N-S +650: +13 x 30% = 3.9, +1 x 40% = 0.4, 0 x 20% = 0.0,
    -13 x 10% = -1.3, total 3.0.  Two results at cross-IMPs are one comparison, so the board is that match."""
    weighted = Result(1, "W1", "W2", outcomes=SEED004_OUTCOMES)
    board = score_event(_board([650], weighted), Method.CROSS_IMPS, cross=cross).boards[0]
    assert [imps(s - 650) for s, _ in SEED004_OUTCOMES] == [13, 1, 0, -13]
    assert [(ln.ns, ln.ew) for ln in board.lines] == [(-3.0, 3.0), (3.0, -3.0)]
    step = next(step for step in board.steps if "12C1(c)" in step)
    for figure in ("+13 x 30% = +3.90", "+1 x 40% = +0.40", "+0 x 20% = +0.00", "-13 x 10% = -1.30", "total +3.00"):
        assert figure in step


def test_12C1c_weighted_line_at_butler_counts_its_outcomes_in_the_datum_by_weight() -> None:
    """Weights 7: a result's worth of weight leaves each end (450; 1 of the 1.5 at -50); the rest, 0.5 x -50 +
    170 + 400 + 2.5 x 420 = 1595 over 5, is 319, datum 320; the weighted line: 0.5 x 3 + 0.5 x -9 = -3."""
    weighted = Result(1, "W1", "W2", outcomes=((420, 0.5), (-50, 0.5)))
    board = score_event(_board([420, 420, 450, 400, -50, 170], weighted), Method.BUTLER).boards[0]
    assert board.datum == 320
    assert _line(score_event(_board([420, 420, 450, 400, -50, 170], weighted), Method.BUTLER), "W1") == (-3.0, 3.0)
    assert [(ln.result.score, ln.ns) for ln in board.lines[:2]] == [(420, 3.0), (420, 3.0)]


def test_12C1c_weights_must_add_up_to_1() -> None:
    with pytest.raises(BridgeError, match=r"add up to 0\.9,") as err:
        Result(1, "1", "2", outcomes=((420, 0.5), (-50, 0.4)))
    assert (err.value.field, err.value.law) == ("weights", "12C1c")
    with pytest.raises(BridgeError, match="more than 0") as err:
        Result(1, "1", "2", outcomes=((420, 1.0), (-50, 0.0)))
    assert (err.value.field, err.value.law) == ("weights", "12C1c")
    with pytest.raises(BridgeError, match="not also a table score"):
        Result(1, "1", "2", 420, outcomes=((420, 1.0),))
    assert Result(1, "1", "2", outcomes=((420, 1 / 3), (-50, 2 / 3))).weighted  # 1/3 + 2/3 within tolerance


def test_12C1c_a_weighted_line_is_not_artificial_and_has_no_score() -> None:
    weighted = Result(1, "1", "2", outcomes=SEED004_OUTCOMES)
    assert weighted.score is None and not weighted.artificial and weighted.weighted


# ---- Law 12C1(b): split scores ----

# N-S (no fault) keep +420; E-W (offenders) are scored as if N-S had made +620.
SPLIT_FIELD = [450, 420, 170, -50]


def test_12C1b_split_line_scored_by_side() -> None:
    """Default: N-S pairs among 450 420 170 -50 and the split table's +420; E-W pairs among the same with the
    split table's +620.  Each direction's points add up to 20; the split table's two sides to 5, not a top."""
    split = Result(1, "S1", "S2", 420, ew_score=620)
    event = score_event(_board(SPLIT_FIELD, split))
    board = event.boards[0]
    assert [(ln.ns, ln.ew) for ln in board.lines] == [(8, 2), (5, 4), (2, 6), (0, 8), (5, 0)]
    assert sum(ln.ns for ln in board.lines) == 20 and sum(ln.ew for ln in board.lines) == 20
    assert any("12C1(b)" in step and "scored by side" in step for step in board.steps)
    assert {(s.pair, s.total) for s in event.standings} >= {("S1", 5.0), ("S2", 0.0)}


def test_12C1b_split_line_scored_half_and_half() -> None:
    """``SplitField.HALF``: the others meet +420 and +620 at half weight each; the board's matchpoints no longer
    add up to top x results (18.5 of 20)."""
    split = Result(1, "S1", "S2", 420, ew_score=620)
    board = score_event(_board(SPLIT_FIELD, split), split_field=SplitField.HALF).boards[0]
    assert [(ln.ns, ln.ew) for ln in board.lines] == [(7, 1), (4.5, 3.5), (2, 6), (0, 8), (5, 0)]
    assert sum(ln.ns for ln in board.lines) == 18.5
    assert any("half weight" in step for step in board.steps)


def test_12C1b_split_line_at_cross_imps_and_butler() -> None:
    split = Result(1, "S1", "S2", 420, ew_score=620)
    cross = score_event(_board(SPLIT_FIELD, split), Method.CROSS_IMPS, cross=CrossImps.SUM)
    # N-S +420 against 450 420 170 -50: -1 0 +6 +10; E-W from +620 against the same: -(+5 +5 +10 +12)
    assert _line(cross, "S1") == (15.0, -32.0)
    butler = score_event(_board(SPLIT_FIELD, split), Method.BUTLER)
    # N-S datum: 420 420 170 less 450 and -50 -> 336.67 -> 340; E-W datum: 450 420 170 less 620 and -50 -> 350
    assert _line(butler, "S1") == (imps(420 - 340), -imps(620 - 350))
    assert butler.boards[0].datum == 340
    assert any("E-W's datum 350" in step for step in butler.boards[0].steps)


def test_12C1b_split_needs_the_ns_score() -> None:
    with pytest.raises(BridgeError, match="split score needs") as err:
        Result(1, "1", "2", ew_score=620, ns_award=60, ew_award=40)
    assert err.value.field == "ew_score"


def test_12C1b_split_field_parses() -> None:
    assert SplitField.parse("Half") is SplitField.HALF and SplitField.parse("by_side") is SplitField.BY_SIDE
    with pytest.raises(BridgeError):
        SplitField.parse("offenders")


# ---- Law 87B: fouled boards ----


def test_87B_fouled_board_groups_scored_apart_and_neuberg_scaled() -> None:
    """Six tables, four on the correct cards (450 420 420 170) and two on the changed ones (100 -100): raw 6 3 3 0
    and 2 0, scaled by (MP + 1) x 6/n - 1 to 9.5 5 5 0.5 and 8 2 (top 10)."""
    lines = [*_board([450, 420, 420, 170]),
             Result(1, "F1", "F2", 100, group="B"), Result(1, "F3", "F4", -100, group="B")]
    board = score_event(lines).boards[0]
    assert [ln.ns for ln in board.lines] == [9.5, 5, 5, 0.5, 8, 2]
    assert [ln.ew for ln in board.lines] == [0.5, 5, 5, 9.5, 2, 8]
    assert sum(ln.ns for ln in board.lines) == 10 * 6 / 2
    assert any("Law 87B" in step and "2 groups" in step for step in board.steps)
    assert [r.score for r in board.frequency] == [450, 420, 170, 100, -100]


def test_87B_fouled_board_with_a_weighted_line_and_an_artificial_award() -> None:
    """A weighted line in group B and an A+/A- line: the award takes 60%/40% of the top of 12 (seven lines);
    group '' (4 results) and group B (2 results) are each scaled to 7."""
    lines = [*_board([450, 420, 420, 170]),
             Result(1, "F1", "F2", 100, group="B"),
             Result(1, "F3", "F4", outcomes=((100, 0.5), (-100, 0.5)), group="B"),
             Result(1, "A1", "A2", ns_award=60, ew_award=40, note="A+/A-")]
    board = score_event(lines).boards[0]
    assert board.top == 12
    assert _line(score_event(lines), "A1") == (7.2, 4.8)
    # group B raw: 100 beats half of the weighted line and ties the other half: 1.5; weighted 0.5 x 1 + 0 = 0.5
    f1, f3 = (next(ln for ln in board.lines if ln.result.ns == p) for p in ("F1", "F3"))
    assert (f1.ns, f3.ns) == pytest.approx(((1.5 + 1) * 7 / 2 - 1, (0.5 + 1) * 7 / 2 - 1))
    assert any("12C1(c)" in step for step in board.steps) and any("12C2" in step for step in board.steps)


def test_87B_fouled_board_at_cross_imps_compares_within_each_group() -> None:
    lines = [*_board([450, 420]), Result(1, "F1", "F2", -100, group="B"), Result(1, "F3", "F4", 100, group="B")]
    board = score_event(lines, Method.CROSS_IMPS).boards[0]
    assert [ln.ns for ln in board.lines] == [1.0, -1.0, -5.0, 5.0]


def test_12C2_artificial_award_kept_on_a_board_with_a_split_line_at_butler() -> None:
    split = Result(1, "S1", "S2", 420, ew_score=620)
    award = Result(1, "A1", "A2", ns_award=60, ew_award=40, note="A6040")
    assert _line(score_event(_board(SPLIT_FIELD, split, award), Method.BUTLER), "A1") == (3.0, -3.0)


def test_one_group_everywhere_is_not_a_fouled_board() -> None:
    plain = score_event(_board([450, 420, 170]))
    grouped = score_event([Result(r.board, r.ns, r.ew, r.score, group="A") for r in _board([450, 420, 170])])
    assert [(ln.ns, ln.ew) for ln in plain.boards[0].lines] == [(ln.ns, ln.ew) for ln in grouped.boards[0].lines]
    assert plain.boards[0].steps == grouped.boards[0].steps


# ---- Properties ----


def _flat(rows: Iterable[tuple[float, ...]]) -> list[float]:
    return [x for row in rows for x in row]


scores = st.integers(-8, 8).map(lambda k: k * 50)  # few values: many ties
methods = st.sampled_from([(Method.MATCHPOINTS, CrossImps.AVERAGE), (Method.CROSS_IMPS, CrossImps.AVERAGE),
                           (Method.CROSS_IMPS, CrossImps.SUM), (Method.BUTLER, CrossImps.AVERAGE)])


@st.composite
def outcome_sets(draw: st.DrawFn) -> tuple[tuple[int, float], ...]:
    """Two to four outcomes with whole-percent weights adding up to 100."""
    k = draw(st.integers(2, 4))
    cuts = sorted(draw(st.lists(st.integers(1, 99), min_size=k - 1, max_size=k - 1, unique=True)))
    weights = [b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)]
    return tuple((draw(scores), w / 100) for w in weights)


@st.composite
def unsplit_boards(draw: st.DrawFn) -> list[Result]:
    """A board of played and weighted lines, perhaps in groups (a fouled board); no split or artificial line,
    since a split board's total is not top x results and an award is not part of the field."""
    n = draw(st.integers(1, 12))
    out = []
    for i in range(n):
        group = draw(st.sampled_from(["", "", "B", "C"]))
        if draw(st.booleans()):
            out.append(Result(1, f"N{i}", f"E{i}", outcomes=draw(outcome_sets()), group=group))
        else:
            out.append(Result(1, f"N{i}", f"E{i}", draw(scores), group=group))
    return out


@settings(max_examples=150, deadline=None)
@given(unsplit_boards(), st.sampled_from(list(Scale)), st.integers(0, 3))
def test_78A_unsplit_board_matchpoints_sum_to_top_times_results(lines: list[Result], scale: Scale,
                                                                 short: int) -> None:
    """Weighted lines and fouled-board groups keep the board's total (Neuberg keeps each group's average at half
    the top); split boards are left out on purpose: their total need not be top x results."""
    norm = len(lines) + short
    board = score_event(lines, scale=scale, norm=norm).boards[0]
    assert board.top == scale.top(norm)
    assert sum(ln.ns for ln in board.lines) == pytest.approx(board.top * len(lines) / 2)
    assert sum(ln.ns + ln.ew for ln in board.lines) == pytest.approx(board.top * len(lines))
    assert all(-1e-9 <= x <= board.top + 1e-9 for ln in board.lines for x in (ln.ns, ln.ew))
    assert all(-1e-9 <= x <= board.top + 1e-9 for r in board.frequency for x in (r.ns, r.ew))


@settings(max_examples=150, deadline=None)
@given(unsplit_boards(), scores, methods, st.booleans(), st.sampled_from([None, 1]))
def test_12C1c_one_outcome_of_weight_1_scores_like_a_plain_line(lines: list[Result], score: int,
                                                               how: tuple[Method, CrossImps], award: bool,
                                                               mp_places: int | None) -> None:
    method, cross = how
    extra = [Result(1, "A", "B", ns_award=60, ew_award=40, note="A+/A-")] if award else []
    plain = [*lines, Result(1, "X", "Y", score), *extra]
    weighted = [*lines, Result(1, "X", "Y", outcomes=((score, 1.0),)), *extra]
    a = score_event(plain, method, cross=cross, mp_places=mp_places, norm=len(plain) + 1).boards[0]
    b = score_event(weighted, method, cross=cross, mp_places=mp_places, norm=len(plain) + 1).boards[0]
    assert _flat((x.ns, x.ew) for x in a.lines) == pytest.approx(_flat((x.ns, x.ew) for x in b.lines), abs=1e-9)
    assert _flat((r.score, r.frequency, r.ns, r.ew) for r in a.frequency) == pytest.approx(
        _flat((r.score, r.frequency, r.ns, r.ew) for r in b.frequency), abs=1e-9)
    assert a.datum == b.datum


@settings(max_examples=150, deadline=None)
@given(unsplit_boards(), scores, methods, st.sampled_from(list(SplitField)))
def test_12C1b_split_with_the_same_score_for_both_sides_scores_like_a_plain_line(
        lines: list[Result], score: int, how: tuple[Method, CrossImps], split_field: SplitField) -> None:
    method, cross = how
    plain = score_event([*lines, Result(1, "X", "Y", score)], method, cross=cross, split_field=split_field)
    split = score_event([*lines, Result(1, "X", "Y", score, ew_score=score)], method, cross=cross,
                        split_field=split_field)
    assert [(x.ns, x.ew) for x in plain.boards[0].lines] == [(x.ns, x.ew) for x in split.boards[0].lines]


@settings(max_examples=100, deadline=None)
@given(st.lists(scores, min_size=1, max_size=10), scores, scores, st.sampled_from(list(Scale)))
def test_12C1b_split_by_side_keeps_each_directions_share(field: list[int], ns_score: int, ew_score: int,
                                                         scale: Scale) -> None:
    """Scored by side, the N-S pairs share half of top x results and so do the E-W pairs; only the split table's
    own two figures need not add up to a top."""
    board = score_event(_board(field, Result(1, "S1", "S2", ns_score, ew_score=ew_score)), scale=scale).boards[0]
    assert board.top is not None
    assert sum(ln.ns for ln in board.lines) == pytest.approx(board.top * (len(field) + 1) / 2)
    assert sum(ln.ew for ln in board.lines) == pytest.approx(board.top * (len(field) + 1) / 2)
