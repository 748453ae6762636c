#!/usr/bin/env python3
"""How fast the command starts: ``bridge-director --help`` and ``bridge-director score imps 750``.

    .venv/bin/python bench/cli_start.py [--runs 15]

Each command is run as a whole process ``--runs`` times; the median wall time is printed beside the same for
``python -c pass`` (the interpreter's own start, the floor) and ``python -c "import typer"`` (the command-line
library alone).  Goal: each command under 0.3 s.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path


def median_seconds(command: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    python = sys.executable
    command = str(Path(python).with_name("bridge-director"))
    floor = median_seconds([python, "-c", "pass"], args.runs)
    typer = median_seconds([python, "-c", "import typer"], args.runs)
    print(f"python -c pass          {floor * 1000:6.0f} ms")
    print(f"python -c 'import typer' {typer * 1000:6.0f} ms")
    for words in (["--help"], ["score", "imps", "750"], ["score", "vp", "12", "8"]):
        took = median_seconds([command, *words], args.runs)
        verdict = "met" if took < 0.3 else "NOT met"
        print(f"bridge-director {' '.join(words):<14} {took * 1000:6.0f} ms   ratio to python {took / floor:4.1f}, "
              f"to typer {took / typer:4.1f}   goal < 300 ms: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
