"""The benches' own references and figures (bench/): the numpy matchpointers give ours to the last bit, places
included; a point widened as the solver widens it; a median's spread and a verdict printed as the benches do."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from benchkit import below, percentile, ratios, spread, verdict  # noqa: E402
from matchpoints import check, columns, numpy_mp_counted, numpy_mp_sorted, numpy_totals, synthetic  # noqa: E402


@pytest.mark.parametrize("short", [False, True])
def test_numpy_references_give_our_matchpoints_and_places(short: bool) -> None:
    event = synthetic(40, 6, seed=3, short=short)
    cols = columns(event)
    scored = check(event, cols, 40)  # raises where a reference and ours differ
    counted, ordered = numpy_mp_counted(cols.board, cols.score, 40), numpy_mp_sorted(cols.board, cols.score, 40)
    assert all(np.array_equal(a, b) for a, b in zip(counted, ordered, strict=True))
    ns, ew, ns_field, ew_field = numpy_totals(cols, 40)
    assert len(ns_field.names) == len(ew_field.names) == 40
    assert sorted(s.place for s in scored.standings if s.field == "NS") == sorted(
        f"{p}{'=' if sh else ''}" for p, sh in zip(ns_field.place, ns_field.shared, strict=True))
    tops = ns + ew  # every line's points add up to the board's top (Neuberg to the norm on a short board)
    assert np.all(tops == 2 * 39)


def test_numpy_reference_scales_a_short_board_by_neuberg() -> None:
    ns, ew = numpy_mp_counted([1, 1, 1, 2, 2], [100, 100, 50, 420, 400], norm=3)
    assert ns.tolist() == [3.0, 3.0, 0.0, (2 + 1) * 3 / 2 - 1, (0 + 1) * 3 / 2 - 1]
    assert ew.tolist() == [1.0, 1.0, 4.0, 4 - ns[3], 4 - ns[4]]


def test_spread_ratio_and_verdict_are_worked_run_by_run() -> None:
    figure = spread([3.0, 1.0, 2.0])
    assert (figure.median, figure.low, figure.high) == (2.0, 1.0, 3.0)
    assert figure.text(".1f", " ms") == "2.0 ms (1.0-3.0)"
    ratio = ratios([4.0, 9.0, 2.0], [2.0, 3.0, 2.0])
    assert ratio.values == (2.0, 3.0, 1.0)
    assert verdict(ratio, 2, at_least=True) == "ratio 2.00 (1.00-3.00), goal >= 2: met (2 of 3 runs)"
    assert "NOT met (1 of 3 runs)" in verdict(ratio, 1.5, at_least=False)
    assert below([10.0, 60.0, 70.0], 50, "p99") == "p99 60.0 ms (10.0-70.0), goal < 50 ms: NOT met (1 of 3 runs)"
    assert percentile(list(range(1000)), 0.99) == 990


def test_sampling_asks_the_solver_question_a_point_widened() -> None:
    pytest.importorskip("endplay")
    from comparable import widened

    from bridge_director.cards.meaning import parse

    assert str(widened(parse("hcp 15-17, balanced, not (hcp 16-18)"))) == "hcp 14-18, balanced, not hcp 17"
    assert str(widened(parse("hcp 11+, hearts 5+"))) == "hcp 10+, hearts 5+"


def test_open_loop_counts_latency_from_the_scheduled_moment() -> None:
    import asyncio

    from load import Request
    from open_load import open_loop

    async def main() -> list[float]:
        one_at_a_time = asyncio.Semaphore(1)

        async def send(request: Request) -> tuple[int, bytes]:  # a server answering one request each 20 ms
            async with one_at_a_time:
                await asyncio.sleep(0.02)
            return 200, b""

        step = await open_loop(send, [Request("GET", "/")] * 10, 200, 100.0, [], [])
        assert step.wrong == 0 and len(step.latencies) == 10
        return sorted(step.latencies)

    latencies = asyncio.run(main())
    # sent every 10 ms, answered every 20 ms: the tenth waits about 90 ms behind the others, and that counts
    assert latencies[0] >= 19 and latencies[-1] >= 100
