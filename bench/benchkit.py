"""What every bench prints the same way: the machine's load average, a figure's median and spread over runs, and a
verdict per line (the goal, the ratio, met or not).

A bench times its reference and ours in turns, ``runs`` times (3 or more), so a change in the machine's load falls on
both; each figure is printed as the median of the runs with the lowest and highest beside it, and each ratio is
worked out run by run (the reference and ours of the same run) before its median is taken.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

#: the fewest requests a p99 is taken over: with fewer, the 99th percentile is one of the five slowest or fewer
P99_REQUESTS = 500


def load_average() -> str:
    """The load average over 1, 5 and 15 minutes, as ``uptime`` prints it."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} (1, 5, 15 min; {os.cpu_count()} CPUs)"


@dataclass(frozen=True, slots=True)
class Spread:
    """A figure over runs: every run's value, their median, lowest and highest."""

    values: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def low(self) -> float:
        return min(self.values)

    @property
    def high(self) -> float:
        return max(self.values)

    def text(self, form: str = ".1f", unit: str = "", width: int = 0) -> str:
        """``12.3 ms (11.9-13.0)``: the median (right-aligned in ``width``), then the lowest and highest run."""
        return f"{self.median:{width}{form}}{unit} ({self.low:{form}}-{self.high:{form}})"


def spread(values: Sequence[float]) -> Spread:
    if not values:
        raise ValueError("no runs")
    return Spread(tuple(values))


def ratios(top: Sequence[float], bottom: Sequence[float]) -> Spread:
    """Run by run ``top / bottom`` (the two timed in the same run)."""
    return spread([t / b if b else float("inf") for t, b in zip(top, bottom, strict=True)])


def verdict(ratio: Spread, goal: float, at_least: bool, name: str = "ratio", form: str = ".2f") -> str:
    """``ratio 2.51 (2.46-2.62), goal >= 2: met (3 of 3 runs)``: met when the median meets the goal."""
    def meets(value: float) -> bool:
        return value >= goal if at_least else value <= goal

    sign = ">=" if at_least else "<="
    held = sum(map(meets, ratio.values))
    return (f"{name} {ratio.text(form)}, goal {sign} {goal:g}: {'met' if meets(ratio.median) else 'NOT met'} "
            f"({held} of {len(ratio.values)} runs)")


def below(values: Sequence[float], limit: float, name: str, unit: str = " ms", form: str = ".1f") -> str:
    """``p99 12.0 ms (10.1-14.2), goal < 50 ms: met (3 of 3 runs)``."""
    figure = spread(values)
    held = sum(v < limit for v in figure.values)
    return (f"{name} {figure.text(form, unit)}, goal < {limit:g}{unit}: "
            f"{'met' if figure.median < limit else 'NOT met'} ({held} of {len(figure.values)} runs)")


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value at ``fraction`` of the sorted values (nearest rank, no interpolation)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")
