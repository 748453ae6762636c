"""Properties of matchpoints, Neuberg, cross-IMPs, weighted scores and VPs, against plain pairwise definitions."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_director.scoring import Scale, cross_imp_totals, imps, matchpoints, neuberg, victory_points, vp_scale
from bridge_director.scoring.adjusted import Outcome, weighted_imps, weighted_matchpoints
from bridge_director.scoring.matchpoints import matchpoints_against

scores = st.integers(-25, 25).map(lambda k: k * 10)  # small range: many ties
fields = st.lists(scores, min_size=1, max_size=40)
scales = st.sampled_from(list(Scale))


@settings(max_examples=150)
@given(fields, scales)
def test_78A_matchpoints_sum_to_top_times_results_over_two(board: list[int], scale: Scale) -> None:
    mps = matchpoints(board, scale)
    assert sum(mps) == scale.top(len(board)) * len(board) / 2


@settings(max_examples=150)
@given(fields, scales)
def test_78A_matchpoints_equal_pairwise_definition(board: list[int], scale: Scale) -> None:
    expected = [sum(scale.per_win * (1.0 if s > t else 0.5 if s == t else 0.0)
                    for j, t in enumerate(board) if j != i) for i, s in enumerate(board)]
    assert matchpoints(board, scale) == expected


@settings(max_examples=150)
@given(st.floats(0, 100), st.integers(1, 60), scales)
def test_neuberg_with_the_full_field_is_the_identity(mp: float, n: int, scale: Scale) -> None:
    assert abs(neuberg(mp, n, n, scale) - mp) < 1e-9


@settings(max_examples=100)
@given(fields, scales)
def test_neuberg_keeps_the_board_average_at_half_the_top(board: list[int], scale: Scale) -> None:
    norm = len(board) + 3
    scaled = [neuberg(mp, len(board), norm, scale) for mp in matchpoints(board, scale)]
    assert abs(sum(scaled) / len(scaled) - scale.top(norm) / 2) < 1e-9


@settings(max_examples=150)
@given(st.lists(st.integers(-800, 800).map(lambda k: k * 10), min_size=1, max_size=30))
def test_cross_imps_equal_pairwise_definition_and_sum_to_zero(board: list[int]) -> None:
    expected = [sum(imps(s - t) for t in board) for s in board]
    totals = cross_imp_totals(board)
    assert totals == expected
    assert sum(totals) == 0


@settings(max_examples=100)
@given(st.lists(scores, min_size=0, max_size=20), scores, scales)
def test_12C1c_weighted_equals_plain_when_one_outcome_has_100_percent(field: list[int], score: int,
                                                                     scale: Scale) -> None:
    result = weighted_matchpoints(field, [Outcome(score, 100)], scale, places=6)
    assert result.ns == round(matchpoints_against(score, field, scale), 6)
    assert result.ns == round(matchpoints([score, *field], scale)[0], 6)


@settings(max_examples=100)
@given(scores, scores)
def test_12C1c_weighted_imps_equals_plain_with_one_outcome(other: int, score: int) -> None:
    assert weighted_imps(other, [Outcome(score, 100)]).non_offenders == imps(score - other)


@settings(max_examples=100)
@given(st.integers(-200, 200), st.integers(1, 64))
def test_vp_scale_sums_to_20_and_never_decreases(margin: int, boards: int) -> None:
    home, away = victory_points(margin, boards)
    assert round(home + away, 2) == 20
    table = vp_scale(boards)
    steps = [b - a for a, b in itertools.pairwise(table)]
    assert all(s >= 0 for s in steps)
    assert all(later <= earlier + 1e-9 for earlier, later in itertools.pairwise(steps))
    assert table[0] == 10 and table[-1] == 20
