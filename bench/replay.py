"""Boards per second: our parse + legality-checked replay + score, against endplay's unchecked parse +
``Contract.score`` on the same boards, in the same run.

    .venv/bin/python bench/replay.py [--boards 50000]

The shared PBN files (``../shared/data/pbn``) are read into memory once and parsed repeatedly until about
``--boards`` boards have gone through each side.  Ratio > 1 means we are faster.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from pathlib import Path

from endplay.parsers import pbn as endplay_pbn
from endplay.types import Vul

from bridge_director.errors import BridgeError
from bridge_director.io.pbn import read_pbn

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pbn"


def load_texts() -> list[str]:
    """The shared PBN files that both parsers accept (endplay rejects some real-world quirks)."""
    texts = []
    for path in sorted(DATA.glob("*.pbn")):
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        try:
            endplay_pbn.loads(text)
        except Exception:  # a file endplay cannot read is left out of the comparison
            continue
        texts.append(text)
    return texts


def ours(texts: list[str], target: int) -> tuple[int, float]:
    boards = 0
    start = time.perf_counter()
    while boards < target:
        for text in texts:
            for game in read_pbn(text).games:
                with contextlib.suppress(BridgeError):
                    game.board().replay()
                boards += 1
    return boards, time.perf_counter() - start


def theirs(texts: list[str], target: int) -> tuple[int, float]:
    boards = 0
    start = time.perf_counter()
    while boards < target:
        for text in texts:
            for board in endplay_pbn.loads(text):
                if board.contract is not None and board.contract.level:
                    board.contract.score(board.vul if board.vul is not None else Vul.none)
                boards += 1
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
    n_ref, t_ref = theirs(texts, args.boards)
    n_ours, t_ours = ours(texts, args.boards)
    rate_ref, rate_ours = n_ref / t_ref, n_ours / t_ours
    print(f"endplay parse + score (no checks):     {n_ref:7d} boards in {t_ref:6.2f} s = {rate_ref:8.0f} boards/s")
    print(f"bridge-director parse + replay + score: {n_ours:7d} boards in {t_ours:6.2f} s = {rate_ours:8.0f} boards/s")
    print(f"ratio (ours / endplay): {rate_ours / rate_ref:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
