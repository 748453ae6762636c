"""The WBF 2013 continuous VP scale against a published table, value by value.

Source: the Danish Bridge Federation's (DBf) table of the WBF 2013 continuous 20-point scale for matches of 1 to
10 boards, as published in the DBf's "VP-skala" CSV (columns: IMP margin 0.., rows: boards), reproduced in a
public test suite of a club scoring program.  The rows below are that table's figures for 7, 8, 9 and 10 boards,
typed in as data; they are not derived from our code.  The 8- and 10-board rows contain the four places where
the table differs from plain rounding (8 boards at 40 IMPs; 10 boards at 27, 29 and 31 IMPs), which is what the
concavity correction of ``vp_scale`` must reproduce.
"""

from __future__ import annotations

import itertools
import math

import pytest

from bridge_director.scoring import blitz_margin, victory_points, vp_scale
from bridge_director.scoring.vp import TAU

PUBLISHED = {
    7: "10.00 10.47 10.92 11.35 11.77 12.18 12.57 12.94 13.31 13.65 13.99 14.32 14.63 14.93 15.22 15.50 15.78 "
       "16.04 16.29 16.53 16.77 16.99 17.21 17.42 17.62 17.82 18.01 18.19 18.36 18.53 18.69 18.85 19.00 19.15 "
       "19.29 19.43 19.56 19.68 19.80 19.92 20.00",
    8: "10.00 10.44 10.86 11.27 11.67 12.05 12.42 12.77 13.12 13.45 13.78 14.09 14.39 14.68 14.96 15.23 15.50 "
       "15.75 16.00 16.23 16.46 16.68 16.90 17.11 17.31 17.50 17.69 17.87 18.04 18.21 18.37 18.53 18.68 18.83 "
       "18.97 19.11 19.24 19.37 19.50 19.62 19.74 19.85 19.95 20.00",
    9: "10.00 10.41 10.81 11.20 11.58 11.94 12.29 12.63 12.96 13.28 13.59 13.89 14.18 14.46 14.74 15.00 15.26 "
       "15.50 15.74 15.97 16.20 16.42 16.63 16.83 17.03 17.22 17.41 17.59 17.76 17.93 18.09 18.25 18.40 18.55 "
       "18.69 18.83 18.97 19.10 19.22 19.34 19.46 19.58 19.69 19.80 19.90 20.00",
    10: "10.00 10.39 10.77 11.14 11.50 11.85 12.18 12.51 12.83 13.14 13.43 13.72 14.00 14.28 14.54 14.80 15.05 "
        "15.29 15.52 15.75 15.97 16.18 16.39 16.59 16.78 16.97 17.16 17.34 17.51 17.68 17.84 18.00 18.15 18.30 "
        "18.44 18.58 18.71 18.84 18.97 19.10 19.22 19.33 19.44 19.55 19.66 19.76 19.86 19.96 20.00",
}


@pytest.mark.parametrize("boards", sorted(PUBLISHED))
def test_every_value_of_the_published_table(boards: int) -> None:
    published = tuple(float(v) for v in PUBLISHED[boards].split())
    assert vp_scale(boards) == published
    for margin, winner in enumerate(published):
        assert victory_points(margin, boards) == (winner, round(20 - winner, 2))
        assert victory_points(-margin, boards) == (round(20 - winner, 2), winner)
    assert victory_points(len(published) + 5, boards) == (20.0, 0.0)


@pytest.mark.parametrize(("boards", "margin", "published"), [(8, 40, 19.74), (10, 27, 17.34), (10, 29, 17.68),
                                                             (10, 31, 18.00)])
def test_the_published_table_is_not_plain_rounding_there(boards: int, margin: int, published: float) -> None:
    raw = 10 + 10 * (1 - TAU ** (3 * margin / blitz_margin(boards))) / (1 - TAU ** 3)
    assert round(raw, 2) == pytest.approx(published - 0.01)
    assert vp_scale(boards)[margin] == published


@pytest.mark.parametrize("boards", [6, 12, 14, 16, 20, 24, 28, 32, 48, 64])
def test_scale_is_concave_and_ends_at_the_blitz(boards: int) -> None:
    scale = vp_scale(boards)
    steps = [round(b - a, 2) for a, b in itertools.pairwise(scale)]
    assert all(steps[i + 1] <= steps[i] for i in range(len(steps) - 1))
    assert len(scale) - 1 == math.ceil(blitz_margin(boards))
