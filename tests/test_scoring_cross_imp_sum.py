"""Cross-IMPs summed, not averaged: a real PBN file whose IMP_NS / IMP_EW columns and totals use that convention.

The file (shared data, a Norwegian club's "IMP;Cross" pairs event of 20 pairs and 27 boards) prints, for each
result, the IMPs against every other result on the board added up, and an artificial A+ to both sides as +1 IMP
per comparison.  Every IMP_NS / IMP_EW figure and every TotalScoreIMP must come out of our scoring.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from bridge_director.errors import BridgeError
from bridge_director.io.travellers import load_results
from bridge_director.scoring import CrossImps, Method, Result, score_event

SHARED = Path(__file__).resolve().parents[2] / "shared/data/pbn"
FILE = SHARED / "lindsjorn__bridgeRanking__impFiles_bridgekam_2015-09-03.pbn"
needs_file = pytest.mark.skipif(not FILE.exists(), reason="the shared data folder is absent")


def _published() -> tuple[dict[tuple[int, str, str], tuple[int, int]], dict[str, int]]:
    from bridge_director.io.pbn import load_pbn

    lines: dict[tuple[int, str, str], tuple[int, int]] = {}
    totals: dict[str, int] = {}
    for game in load_pbn(FILE).games:
        board = int(game.tags["Board"])
        table = game.table("ScoreTable")
        assert table is not None
        for row in table.dicts():
            ns, ew = row["PairId_NS"].strip('"'), row["PairId_EW"].strip('"')
            lines[(board, ns, ew)] = (int(row["IMP_NS"]), int(row["IMP_EW"]))
        total_table = game.table("TotalScoreTable")
        if total_table is not None and not totals:
            totals = {row["PairId"].strip('"'): int(row["TotalScoreIMP"]) for row in total_table.dicts()}
    return lines, totals


@needs_file
def test_every_line_and_total_of_the_file() -> None:
    results, method = load_results(FILE)
    assert method is Method.CROSS_IMPS
    published, totals = _published()
    scored = score_event(results, Method.CROSS_IMPS, cross=CrossImps.SUM, imp_places=None)
    seen = 0
    mine: dict[str, float] = defaultdict(float)
    for board in scored.boards:
        for line in board.lines:
            r = line.result
            assert (line.ns, line.ew) == published[(r.board, r.ns, r.ew)], (r.board, r.ns, r.ew)
            mine[r.ns] += line.ns
            mine[r.ew] += line.ew
            seen += 1
    assert seen == len(published) == 270
    assert dict(mine) == {pair: float(total) for pair, total in totals.items()}
    assert {s.pair: s.total for s in scored.standings} == {pair: float(t) for pair, t in totals.items()}


@needs_file
def test_the_averaged_convention_does_not_give_the_file() -> None:
    results, _ = load_results(FILE)
    published, _ = _published()
    scored = score_event(results, Method.CROSS_IMPS, imp_places=None)
    first = scored.boards[0].lines[0]
    assert (first.ns, first.ew) != published[(first.result.board, first.result.ns, first.result.ew)]


def test_sum_is_average_times_comparisons() -> None:
    results = [Result(1, str(i), str(i + 10), score) for i, score in enumerate([480, 450, 450, 130, -50], start=1)]
    summed = score_event(results, Method.CROSS_IMPS, cross=CrossImps.SUM, imp_places=None).boards[0]
    averaged = score_event(results, Method.CROSS_IMPS, imp_places=None).boards[0]
    assert [ln.ns for ln in summed.lines] == pytest.approx([4 * ln.ns for ln in averaged.lines])
    # 480 against 450, 450, 130, -50: 1 + 1 + 8 + 11 IMPs
    assert summed.lines[0].ns == 21


def test_letter_awards_count_one_imp_a_comparison() -> None:
    results = [Result(1, "1", "11", 420), Result(1, "2", "12", 400), Result(1, "3", "13", -50),
               Result(1, "4", "14", ns_award=60.0, ew_award=40.0, note="A+/A-")]
    summed = score_event(results, Method.CROSS_IMPS, cross=CrossImps.SUM).boards[0].lines[3]
    assert (summed.ns, summed.ew) == (3, -3)
    averaged = score_event(results, Method.CROSS_IMPS).boards[0].lines[3]
    assert (averaged.ns, averaged.ew) == (1, -1)


def test_unknown_convention_is_refused() -> None:
    with pytest.raises(BridgeError, match="average' or 'sum"):
        CrossImps.parse("median")
