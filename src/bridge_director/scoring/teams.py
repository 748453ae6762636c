"""A teams match: each board's two table results IMPed, totalled, and turned into VPs (Laws 78B, 78C).

>>> m = teams_match([(1, 620, -600), (2, -100, 130), (3, 420, -420)], boards=16)
>>> m.board_imps, m.imps, m.victory_points
((1, 1, 0), 2, (10.61, 9.39))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import BridgeError
from .imps import imps
from .vp import victory_points


@dataclass(frozen=True, slots=True)
class TeamsMatch:
    """A match from the home team's side: IMPs per board, the total, and VPs (home, away)."""

    boards: tuple[int, ...]
    board_imps: tuple[int, ...]
    imps: int
    victory_points: tuple[float, float]
    steps: tuple[str, ...]


def teams_match(results: Sequence[tuple[int, int, int]], boards: int | None = None,
                adjustments: int = 0) -> TeamsMatch:
    """Each entry is (board, home team's score at one table, home team's score at the other), both from the home
    team's point of view; ``adjustments`` adds IMPs (e.g. a procedural penalty, negative).  VPs use the WBF 2013
    scale for ``boards`` (default: the number of results).
    """
    if not results:
        raise BridgeError("a match needs at least one board", field="boards")
    per_board = tuple(imps(a + b) for _, a, b in results)
    total = sum(per_board) + adjustments
    n = boards if boards is not None else len(results)
    vps = victory_points(total, n)
    steps = tuple(f"board {bd}: {a:+d} and {b:+d} = {a + b:+d}: {i:+d} IMPs"
                  for (bd, a, b), i in zip(results, per_board, strict=True))
    steps += (f"total {total:+d} IMPs over {n} boards: {vps[0]:.2f} - {vps[1]:.2f} VPs (WBF 2013)",)
    return TeamsMatch(tuple(bd for bd, _, _ in results), per_board, total, vps, steps)
