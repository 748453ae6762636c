"""IMPs, matchpoints and victory points: the checks that mutation testing showed were missing (docs/mutation.md).

Each test names the rule it checks and asserts worked-out values: the Butler datum and Butler IMPs, cross-IMPs of
a board with fewer than three results, the matchpoint scale's names, weighted frequency tables (Law 12C1(c)),
Neuberg's formula and the WBF 2013 victory-point scale.
"""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError
from bridge_director.scoring import (
    Scale,
    blitz_margin,
    butler_datum,
    butler_imps,
    cross_imps,
    matchpoints,
    neuberg,
    victory_points,
    vp_scale,
)
from bridge_director.scoring.matchpoints import weighted_frequency_table

# --- Butler ----------------------------------------------------------------------------------------------------


def test_butler_datum_of_no_results_is_an_error_naming_the_field() -> None:
    with pytest.raises(BridgeError) as caught:
        butler_datum([])
    assert str(caught.value) == "scores: a Butler datum needs at least one result"


def test_butler_datum_leaves_out_one_top_and_one_bottom_by_default() -> None:
    # 0 and 1000 left out: (100 + 200 + 300 + 900) / 4 = 375, to the nearest 10 half up: 380
    assert butler_datum([0, 100, 200, 300, 900, 1000]) == 380
    assert butler_datum([0, 100, 200, 300, 900, 1000], exclude=2) == 250


def test_butler_imps_against_the_datum() -> None:
    # datum: (170 + 600 + 620) / 3 = 463.3 -> 460
    assert butler_imps([620, 170, -100, 650, 600]) == [4, -7, -11, 5, 4]


def test_butler_imps_pass_exclude_and_rounding_on() -> None:
    # nothing left out, exact mean 388
    assert butler_imps([620, 170, -100, 650, 600], exclude=0, round_to=0) == [6, -5, -10, 6, 5]
    # two left out each end would leave one result, so none is: the mean 219 -> 220
    assert butler_imps([0, 25, 25, 45, 1000], exclude=2) == [-6, -5, -5, -5, 13]


def test_butler_datum_rounds_to_ten_points_by_default() -> None:
    # datum (0 + 40) / 2 = 20: 40 is 20 above it (1 IMP); to the nearest 11 it would be 22 (0 IMPs)
    assert butler_imps([0, 0, 40, 40]) == [-1, -1, 1, 1]


# --- cross-IMPs ------------------------------------------------------------------------------------------------


def test_cross_imps_of_fewer_than_two_results_are_zero() -> None:
    assert cross_imps([]) == []
    assert cross_imps([50]) == [0.0]


def test_cross_imps_of_two_results_compare_them() -> None:
    assert cross_imps([100, -100]) == [5.0, -5.0]
    assert cross_imps([-100, 100]) == [-5.0, 5.0]


# --- matchpoints -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "scale"), [
    ("1", Scale.ONE_HALF), ("1/0.5", Scale.ONE_HALF), ("One", Scale.ONE_HALF), ("ONE-HALF", Scale.ONE_HALF),
    (" half ", Scale.ONE_HALF), ("2", Scale.TWO_ONE), ("2/1", Scale.TWO_ONE), ("Two", Scale.TWO_ONE),
    ("TWO-ONE", Scale.TWO_ONE),
])
def test_matchpoint_scale_names(text: str, scale: Scale) -> None:
    assert Scale.parse(text) is scale


def test_an_unknown_matchpoint_scale_is_an_error_naming_the_text() -> None:
    with pytest.raises(BridgeError) as caught:
        Scale.parse("3")
    assert str(caught.value) == "scale: matchpoint scale is 1 (1 and ½) or 2 (2 and 1), not '3'"


def test_weighted_outcome_on_a_score_nobody_else_scored() -> None:
    """12C1(c): half of the weighted result is a score of its own (300), half ties the field's 100."""
    rows = weighted_frequency_table([100, 200], [(300, 0.5), (100, 0.5)])
    assert [(r.score, r.frequency, r.ns, r.ew) for r in rows] == [
        (300, 0.5, 4.5, -0.5), (200, 1.0, 3.0, 1.0), (100, 1.5, 0.5, 3.5)]


def test_matchpoints_on_both_scales() -> None:
    assert matchpoints([420, 420, 450, -50, 100]) == [5.0, 5.0, 8.0, 0.0, 2.0]
    assert matchpoints([420, 420, 450, -50, 100], Scale.ONE_HALF) == [2.5, 2.5, 4.0, 0.0, 1.0]


@pytest.mark.parametrize(("results", "norm"), [(0, 10), (10, 0), (0, 0)])
def test_neuberg_needs_a_result(results: int, norm: int) -> None:
    with pytest.raises(BridgeError) as caught:
        neuberg(3, results=results, norm=norm)
    assert str(caught.value) == f"results: Neuberg needs at least one result, not {results} of {norm}"


def test_neuberg_with_one_result_on_the_board_or_in_the_norm() -> None:
    assert neuberg(0, results=1, norm=5) == pytest.approx(4.0)       # (0 + 1) x 5 / 1 - 1
    assert neuberg(4, results=5, norm=1) == pytest.approx(0.0)       # (4 + 1) x 1 / 5 - 1


def test_neuberg_exact_and_floating() -> None:
    # 2/1 scale: (8 + 1) x 21/20 - 1 = 8.45; exact rounding half to even prints 8.4
    assert neuberg(8, results=20, norm=21) == pytest.approx(8.45)
    assert neuberg(8, results=20, norm=21, places=1) == 8.4
    # 1/0.5 scale: (3 + 0.5) x 12/10 - 0.5 = 3.7
    assert neuberg(3, results=10, norm=12, scale=Scale.ONE_HALF) == pytest.approx(3.7)
    assert neuberg(3, results=10, norm=12, scale=Scale.ONE_HALF, places=2) == 3.7


# --- victory points --------------------------------------------------------------------------------------------


def test_blitz_margin_of_a_one_board_match() -> None:
    assert blitz_margin(1) == 15.0


@pytest.mark.parametrize("boards", [0, -3])
def test_a_match_has_at_least_one_board(boards: int) -> None:
    with pytest.raises(BridgeError) as caught:
        blitz_margin(boards)
    assert str(caught.value) == f"boards: a match has at least one board, not {boards}"


def test_vp_scale_computed_afresh_follows_the_wbf_formula() -> None:
    """The scale is cached; computed again from the formula it still gives the published values."""
    vp_scale.cache_clear()
    assert vp_scale(16)[:4] == (10.0, 10.31, 10.61, 10.91)
    # 8 boards, from the published table (tests/test_scoring_vp_published.py): 0-4 IMPs and 40 IMPs
    assert vp_scale(8)[:5] == (10.0, 10.44, 10.86, 11.27, 11.67)
    assert vp_scale(8)[40] == 19.74
    assert victory_points(-7, 16) == (7.97, 12.03)
