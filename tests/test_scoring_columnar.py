"""Matchpoints by columns (``event_matchpoints``, NumPy or plain Python) give what scoring line by line gives, to the
last bit: the boards, their lines, frequency tables and steps, the pairs' totals, percentages and places."""

from __future__ import annotations

import importlib
import pickle
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_director.errors import BridgeError
from bridge_director.scoring import Method, Result, Scale, score_event
from bridge_director.scoring.event import (
    EventScore,
    Lazy,
    ResultColumns,
    _pair_key,
    _score_event_lines,
    _shared,
    _value,
    shared_places,
)
from bridge_director.scoring.matchpoints import EventMatchpoints, _unique_counts, event_matchpoints

mp_module = importlib.import_module("bridge_director.scoring.matchpoints")  # the package's name is the function
KERNELS = ("numpy", "python")
PAIRS = ["1", "2", "3", "10", "12", "A", "B7", "7B"]
SCORES = [-1430, -620, -100, -50, 0, 50, 110, 140, 420, 420, 450, 7600]
AWARDS = [(60.0, 40.0), (50.0, 50.0), (40.0, 60.0), (60.0, 60.0), (33.3, 12.5)]


@contextmanager
def kernel(kind: str) -> Iterator[None]:
    """Score with the NumPy kernel (NumPy is loaded: this module imports it) or force the plain Python one."""
    assert "numpy" in __import__("sys").modules
    saved = mp_module._NumpyMatchpoints
    if kind == "python":
        mp_module._NumpyMatchpoints = mp_module._PythonMatchpoints  # type: ignore[misc]
    try:
        yield
    finally:
        mp_module._NumpyMatchpoints = saved  # type: ignore[misc]


@st.composite
def lines(draw: st.DrawFn, adjusted: bool = False) -> Result:
    board = draw(st.integers(1, 6))
    ns, ew = draw(st.sampled_from(PAIRS)), draw(st.sampled_from(PAIRS))
    kind = draw(st.sampled_from(["score"] * 6 + ["award"] + (["split", "weighted", "group"] if adjusted else [])))
    if kind == "award":
        ns_award, ew_award = draw(st.sampled_from(AWARDS))
        return Result(board, ns, ew, ns_award=ns_award, ew_award=ew_award)
    score = draw(st.sampled_from(SCORES))
    if kind == "split":
        return Result(board, ns, ew, score, ew_score=draw(st.sampled_from(SCORES)))
    if kind == "weighted":
        return Result(board, ns, ew, outcomes=((score, 0.3), (draw(st.sampled_from(SCORES)), 0.7)))
    if kind == "group":
        return Result(board, ns, ew, score, group=draw(st.sampled_from(["", "x", "y"])))
    return Result(board, ns, ew, score)


settings_both = settings(max_examples=150, deadline=None)


def same(columnar: EventScore, exact: EventScore) -> None:
    """Equal, and printed alike (an int top is not a float one)."""
    assert columnar == exact
    assert repr(columnar) == repr(exact)
    for board, reference in zip(columnar.boards, exact.boards, strict=True):
        assert tuple(board.lines) == reference.lines and tuple(board.frequency) == reference.frequency
        assert all(ln.result is ref.result for ln, ref in zip(board.lines, reference.lines, strict=True))
        for scored in (board, reference):  # found without making the lines when there are none
            assert scored.artificial_lines() == [ln for ln in scored.lines if ln.result.artificial]


@pytest.mark.parametrize("kind", KERNELS)
@settings_both
@given(results=st.lists(lines(), min_size=1, max_size=40), scale=st.sampled_from(list(Scale)),
       norm=st.none() | st.integers(1, 14), places=st.none() | st.integers(0, 3),
       two_winners=st.none() | st.booleans())
def test_columnar_equals_line_by_line(kind: str, results: list[Result], scale: Scale, norm: int | None,
                                      places: int | None, two_winners: bool | None) -> None:
    """Random events: ties, artificial averages, boards of different sizes (Neuberg), pairs both ways or not."""
    with kernel(kind):
        columnar = score_event(results, Method.MATCHPOINTS, scale=scale, norm=norm, mp_places=places,
                               two_winners=two_winners)
    same(columnar, _score_event_lines(results, Method.MATCHPOINTS, scale=scale, norm=norm, mp_places=places,
                                      two_winners=two_winners))


@pytest.mark.parametrize("kind", KERNELS)
@settings_both
@given(results=st.lists(lines(adjusted=True), min_size=1, max_size=30), norm=st.none() | st.integers(1, 10))
def test_columnar_equals_line_by_line_with_adjusted_boards(kind: str, results: list[Result], norm: int | None) -> None:
    """Boards with split, weighted or grouped lines are scored line by line inside the columnar event."""
    with kernel(kind):
        columnar = score_event(results, norm=norm)
    same(columnar, _score_event_lines(results, Method.MATCHPOINTS, norm=norm))


@pytest.mark.parametrize("kind", KERNELS)
@settings_both
@given(rows=st.lists(st.tuples(st.integers(1, 5), st.sampled_from(PAIRS), st.sampled_from(PAIRS),
                               st.integers(-7600, 7600)), min_size=1, max_size=30),
       norm=st.none() | st.integers(1, 10))
def test_result_columns_score_as_their_results(kind: str, rows: list[tuple[int, str, str, int]],
                                               norm: int | None) -> None:
    board, ns, ew, score = zip(*rows, strict=True)
    columns = ResultColumns(board, ns, ew, score)
    with kernel(kind):
        columnar = score_event(columns, norm=norm)
    exact = _score_event_lines(columns.results(), Method.MATCHPOINTS, norm=norm)
    assert columnar == exact and repr(columnar) == repr(exact)


def test_a_neuberg_event_of_many_tables_is_identical_on_both_kernels() -> None:
    """Neuberg's figures are not whole: the totals depend on the order of the additions, which both keep."""
    rng = np.random.default_rng(5)
    results = [Result(int(b), f"{t}N", f"{t}E", int(rng.choice(SCORES))) for b in range(1, 9) for t in range(60)
               if rng.random() > 0.1]
    exact = _score_event_lines(results, Method.MATCHPOINTS, norm=60)
    assert any(not (2 * s.total).is_integer() for s in exact.standings)
    for kind in KERNELS:
        with kernel(kind):
            same(score_event(results, norm=60), exact)


def test_other_methods_take_result_columns() -> None:
    columns = ResultColumns((1, 1, 1), ("1", "3", "5"), ("2", "4", "6"), (420, 50, -100))
    scored = score_event(columns, Method.CROSS_IMPS)
    assert scored == score_event(columns.results(), Method.CROSS_IMPS)
    assert [ln.ns for ln in scored.boards[0].lines] == [10.0, -2.5, -7.5]  # 420: +9 +11; 50: -9 +4; -100: -11 -4


def test_no_results_is_refused_by_the_columnar_scorer() -> None:
    with pytest.raises(BridgeError, match="no results to score"):
        score_event([])
    with pytest.raises(BridgeError, match="no results to score"):
        score_event(ResultColumns((), (), (), ()))


# ---- the kernels ----


@settings(max_examples=200, deadline=None)
@given(board=st.lists(st.integers(1, 4), min_size=1, max_size=25).flatmap(
    lambda b: st.tuples(st.just(b), st.lists(st.none() | st.sampled_from(SCORES), min_size=len(b),
                                             max_size=len(b)))),
       scale=st.sampled_from(list(Scale)), norm=st.none() | st.integers(1, 9), places=st.none() | st.integers(0, 2))
def test_the_two_kernels_agree(board: tuple[list[int], list[int | None]], scale: Scale, norm: int | None,
                               places: int | None) -> None:
    boards, scores = board
    awards = {i: (60.0, 40.0) for i, s in enumerate(scores) if s is None}
    made = [kind(boards, scores, awards, scale, norm, places, False)
            for kind in (mp_module._PythonMatchpoints, mp_module._NumpyMatchpoints)]
    python, numpy = made
    assert (python.numbers, python.bounds, python.played, python.norms, python.full) == \
        (numpy.numbers, numpy.bounds, numpy.played, numpy.norms, numpy.full)
    for j in range(len(python.numbers)):
        assert python.points(j) == numpy.points(j)
        assert python.rows(j) == numpy.rows(j) and python.row_count(j) == numpy.row_count(j) == len(python.rows(j))
        assert list(python.line_index(j)) == list(numpy.line_index(j))
        assert [boards[i] for i in python.line_index(j)] == [python.numbers[j]] * (python.bounds[j + 1] -
                                                                                  python.bounds[j])
    names = [str(i % 3) for i in range(len(boards))]
    for two in (None, True, False):
        assert python.pair_totals(names, names[::-1], two) == numpy.pair_totals(names, names[::-1], two)


def test_a_board_of_awards_only_and_one_of_scores() -> None:
    for kind in (mp_module._PythonMatchpoints, mp_module._NumpyMatchpoints):
        mp = kind([1, 2, 2], [None, 420, 400], {0: (60.0, 40.0)}, Scale.TWO_ONE, None, None, False)
        assert mp.played == [0, 2] and mp.points(0) == ([1.2], [0.8]) and mp.rows(0) == []
        assert mp.points(1) == ([2.0, 0.0], [0.0, 2.0])


@pytest.mark.parametrize("kind", [mp_module._PythonMatchpoints, mp_module._NumpyMatchpoints])
def test_best_first_orders_by_percentage_then_total_and_finds_the_close_values(
        kind: type[EventMatchpoints]) -> None:
    mp = kind([1], [0], {}, Scale.TWO_ONE, None, None, True)
    pct, order, close = mp.best_first([5.0, 9.0, 2.0, 5.0, 7.0], [10.0, 10.0, 0.0, 10.0, 10.0])
    assert pct == [50.0, 90.0, None, 50.0, 70.0]
    assert order == [1, 4, 0, 3, 2] and close == [2]  # 50% twice: the earlier first
    assert mp.best_first([3e9, 1.0], [0.0, 0.0])[2] == [0]  # beyond 1e9: every neighbour is compared rounded


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 50), min_size=1, max_size=300), st.sampled_from([51, 10**6]))
def test_unique_counts_by_counting_or_by_sorting_is_numpys_unique(keys: list[int], size: int) -> None:
    key = np.array(keys, np.int64)
    groups, inverse, counts = _unique_counts(key, size)
    expected = np.unique(key, return_inverse=True, return_counts=True)
    assert groups.tolist() == expected[0].tolist() and inverse.tolist() == expected[1].reshape(-1).tolist()
    assert counts.tolist() == expected[2].tolist()


# ---- places ----


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([0.0, 33.3333335, 33.3333333, 33.333334, 50.0, 50.0000004, 1e-7]),
                          st.integers(0, 3)), min_size=1, max_size=12))
def test_places_round_only_what_can_tie_and_match_rank(values: list[tuple[float, int]]) -> None:
    """rank's rule: by value (rounded to 6 decimals for places), highest first, equal values by pair number."""
    numbers = [v + step * 1e-6 for v, step in values]
    pairs = [str(10 - i) for i in range(len(numbers))]
    mp = mp_module._PythonMatchpoints([1], [0], {}, Scale.TWO_ONE, None, None, True)
    _, order, close = mp.best_first(numbers, [0.0] * len(numbers))
    shared = _shared(order, close, lambda k: numbers[k], pairs)
    expected = sorted(range(len(numbers)), key=lambda k: (-numbers[k], _pair_key(pairs[k])))
    assert order == expected
    places = [shared.get(at) or str(at + 1) for at in range(len(order))]
    assert places == shared_places([round(numbers[k], 6) for k in expected])


def test_value_is_the_percentage_or_the_total() -> None:
    assert _value([3.0, 4.0], [None, 80.0], 0) == 3.0 and _value([3.0, 4.0], [None, 80.0], 1) == 80.0


# ---- the lazy tuple and the columns ----


def test_lazy_is_made_once_and_behaves_as_its_tuple() -> None:
    made: list[int] = []

    def make() -> Iterator[int]:
        made.append(1)
        return iter((3, 1, 2))

    lazy = Lazy(3, make)
    assert len(lazy) == 3 and bool(lazy) and made == []  # its length without making it
    assert lazy == (3, 1, 2) and (3, 1, 2) == lazy and lazy != (3, 1)  # noqa: SIM300
    assert lazy != [3, 1, 2]
    assert lazy[0] == 3 and lazy[1:] == (1, 2) and list(reversed(lazy)) == [2, 1, 3] and 2 in lazy
    assert hash(lazy) == hash((3, 1, 2)) and repr(lazy) == "(3, 1, 2)" and lazy.index(2) == 2
    assert pickle.loads(pickle.dumps(lazy)) == (3, 1, 2) and type(pickle.loads(pickle.dumps(lazy))) is tuple
    assert lazy == Lazy(3, lambda: [3, 1, 2]) and made == [1]


def test_an_event_scored_by_columns_pickles_as_tuples() -> None:
    scored = score_event([Result(1, "1", "2", 420), Result(1, "3", "4", 400)])
    again = pickle.loads(pickle.dumps(scored))
    assert again == scored and type(again.boards[0].lines) is tuple and type(again.standings) is tuple


def test_result_columns_are_results() -> None:
    columns = ResultColumns([2, 1], ["3", "1"], ["4", "2"], [-50, 420])  # lists become tuples
    assert columns.board == (2, 1) and len(columns) == 2
    assert columns.line(1) == Result(1, "1", "2", 420)
    assert columns.results() == [Result(2, "3", "4", -50), Result(1, "1", "2", 420)]


@pytest.mark.parametrize(("columns", "message"), [
    (((1, 2), ("1",), ("2",), (1,)), "columns of 2 boards, 1 and 1 pairs and 1 scores"),
    (((1,), ("1",), ("2",), ("420",)), "column score holds str values, not only int"),
    (((1,), (1,), ("2",), (420,)), "column ns holds int values, not only str"),
    (((1, 0), ("1", "3"), ("2", "4"), (1, 2)), "board numbers start at 1, not 0"),
    (((1, 2), ("1", "3"), ("2", "4"), (1, -7610)), "board 2, 3 v 4: a score of -7610 is beyond"),
])
def test_result_columns_refuse_what_a_result_refuses(columns: tuple[tuple[object, ...], ...], message: str) -> None:
    with pytest.raises(BridgeError, match=message):
        ResultColumns(*columns)  # type: ignore[arg-type]


def test_event_matchpoints_picks_numpy_when_it_is_loaded() -> None:
    assert type(event_matchpoints([1], [0], {})).__name__ == "_NumpyMatchpoints"
    with kernel("python"):
        assert type(event_matchpoints([1], [0], {})).__name__ == "_PythonMatchpoints"
