"""Boards per second: our parse + legality-checked replay + score, against endplay's unchecked parse +
``Contract.score`` on the same boards, in the same run.

    .venv/bin/python bench/replay.py [--boards 50000]

The shared PBN files (``../shared/data/pbn``) are read into memory once and parsed repeatedly until about
``--boards`` boards have gone through each side.  Ratio > 1 means we are faster.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from endplay.parsers import pbn as endplay_pbn
from endplay.types import Vul

from bridge_director.errors import BridgeError
from bridge_director.io.pbn import read_pbn
from bridge_director.io.text import decode

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pbn"


def load_texts() -> list[str]:
    """The shared PBN files that both parsers accept (endplay rejects some real-world quirks)."""
    texts = []
    for path in sorted(DATA.glob("*.pbn")):
        text = decode(path.read_bytes())
        try:
            endplay_pbn.loads(text)
        except Exception:  # a file endplay cannot read is left out of the comparison
            continue
        texts.append(text)
    return texts


def ours(texts: list[str]) -> int:
    """One pass over the files: parse, legality-checked replay and Law 77 score of every board."""
    boards = 0
    for text in texts:
        for game in read_pbn(text).games:
            with contextlib.suppress(BridgeError):
                game.board().replay()
            boards += 1
    return boards


def theirs(texts: list[str]) -> int:
    """One pass over the files: endplay's parse (no legality checks) and ``Contract.score``."""
    boards = 0
    for text in texts:
        for board in endplay_pbn.loads(text):
            if board.contract is not None and board.contract.level:
                board.contract.score(board.vul if board.vul is not None else Vul.none)
            boards += 1
    return boards


def timed(job: Callable[[list[str]], int], texts: list[str]) -> tuple[int, float]:
    start = time.perf_counter()
    boards = job(texts)
    return boards, time.perf_counter() - start


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=50_000)
    args = parser.parse_args(argv)
    if not DATA.is_dir():
        print(f"skipped: {DATA} is absent (the shared data folder sits beside the repository)")
        return 0
    texts = load_texts()
    print(f"{len(texts)} shared PBN files that both parsers read")
    # Alternate whole passes so that any other load on the machine falls on both sides alike.
    ref_times: list[float] = []
    our_times: list[float] = []
    n_ref = n_ours = 0
    while n_ours < args.boards:
        n, t = timed(theirs, texts)
        n_ref, ref_times = n_ref + n, [*ref_times, t]
        n, t = timed(ours, texts)
        n_ours, our_times = n_ours + n, [*our_times, t]
    t_ref, t_ours = sum(ref_times), sum(our_times)
    rate_ref, rate_ours = n_ref / t_ref, n_ours / t_ours
    print(f"endplay parse + score (no checks):      {n_ref:7d} boards in {t_ref:6.2f} s = {rate_ref:8.0f} boards/s")
    print(f"bridge-director parse + replay + score: {n_ours:7d} boards in {t_ours:6.2f} s = {rate_ours:8.0f} boards/s")
    print(f"ratio (ours / endplay), totals: {rate_ours / rate_ref:.2f}; "
          f"median pass: {statistics.median(ref_times) / statistics.median(our_times):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
