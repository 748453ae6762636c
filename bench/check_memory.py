#!/usr/bin/env python3
"""``bridge-director check`` on ever longer PBN and LIN files: its peak memory stays flat as the file grows.

    .venv/bin/python bench/check_memory.py [--sizes 1000,10000,100000] [--whole 1000,10000] [--kind pbn,lin]

Writes PBN files of 1,000, 10,000 and 100,000 boards into a temporary folder (the eight boards of
``examples/club-night.pbn`` again and again, each copy numbered 16 boards on so that its dealer and vulnerability
still match its number), then runs ``check`` on each in a child process of its own and prints the child's peak
resident memory (``ru_maxrss``), its time and boards per second. ``--kind lin`` does the same with LIN files of the
same boards (deal, auction and play as BBO writes them), written here from the example. The reference, in the same
run, is the peak for 1,000 boards: the ratio beside each size is the growth. For contrast, the same boards read the
way ``check`` read them before it streamed (every board of the file loaded first, ``load_boards``), for the sizes in
``--whole``.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "club-night.pbn"
CHILD = """
import resource, sys
from bridge_director.cli import main  # both ways start from the command's own modules
from bridge_director.io.load import load_boards, replay
if sys.argv[1] == "stream":
    sys.argv = ["bridge-director", "check", sys.argv[2]]
    try:
        main()
    except SystemExit as end:
        assert not end.code, "the boards are clean"
else:
    boards = load_boards(sys.argv[2])
    assert all(replay(fb)[1] is None for fb in boards)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


def games() -> list[str]:
    """The example's games as text, with their board numbers."""
    return [g.strip() + "\n" for g in EXAMPLE.read_text().split("\n\n") if g.strip()]


def write(path: Path, boards: int) -> Path:
    """``boards`` boards: the example's eight again and again, copy ``k`` numbered ``16 * k`` on."""
    texts = games()
    numbers = [int(re.search(r'\[Board "(\d+)"\]', t).group(1)) for t in texts]  # type: ignore[union-attr]
    with path.open("w") as out:
        for n in range(boards):
            copy, i = divmod(n, len(texts))
            out.write(texts[i].replace(f'[Board "{numbers[i]}"]', f'[Board "{numbers[i] + 16 * copy}"]') + "\n")
    return path


def lin_games() -> list[tuple[int, str]]:
    """The example's boards as LIN records (``md`` South first, dealer digit 1=S 2=W 3=N 4=E), by number."""
    from bridge_director.io.load import load_boards
    from bridge_director.model.seat import Seat
    digit = {Seat.SOUTH: "1", Seat.WEST: "2", Seat.NORTH: "3", Seat.EAST: "4"}
    vul = {"NONE": "o", "NS": "n", "EW": "e", "BOTH": "b"}
    out = []
    for fb in load_boards(EXAMPLE):
        board = fb.board
        assert board is not None
        hands = ",".join("".join(s + h for s, h in zip("SHDC", str(board.deal[seat]).split("."), strict=True))
                         for seat in (Seat.SOUTH, Seat.WEST, Seat.NORTH))
        calls = "".join(f"mb|{str(c).replace('Pass', 'p').replace('XX', 'r').replace('X', 'd').replace('NT', 'N')}|"
                        for c in board.calls)
        cards = "".join(f"pc|{c}|" for c in board.cards)
        if len(board.cards) < 52 and board.recorded_tricks is not None:
            cards += f"mc|{board.recorded_tricks}|"  # the play stops early: a claim of the tricks recorded
        out.append((board.number, f"qx|o{{n}}|md|{digit[board.the_dealer]}{hands},|ah|Board {{n}}|"
                                  f"sv|{vul[board.the_vulnerability.name]}|{calls}pg||\n{cards}pg||\n"))
    return out


def write_lin(path: Path, boards: int) -> Path:
    """``boards`` LIN boards: the example's again and again, copy ``k`` numbered ``16 * k`` on."""
    texts = lin_games()
    with path.open("w") as out:
        out.write("vg|Club night,I,P,1,99999,,0,,0|pn|Ann,Bob,Cy,Di|\n")
        for n in range(boards):
            copy, i = divmod(n, len(texts))
            number, text = texts[i]
            out.write(text.replace("{n}", str(number + 16 * copy)))
    return path


def peak(how: str, path: Path) -> tuple[float, float]:
    """(peak resident memory in MB, seconds) of one child checking ``path``."""
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, how, str(path)], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=True)
    return int(done.stderr.split()[-1]) / 1024, time.perf_counter() - t0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--whole", default="1000,10000", help="sizes also read whole, as before (empty: none)")
    parser.add_argument("--kind", default="pbn,lin", help="the files written: pbn, lin or both")
    args = parser.parse_args()
    for kind in args.kind.split(","):
        run(kind, args)
    return 0


def run(kind: str, args: argparse.Namespace) -> None:
    """One kind of file at every size."""
    sizes = [int(s) for s in args.sizes.split(",")]
    whole = [int(s) for s in args.whole.split(",") if s]
    folder = Path(tempfile.mkdtemp(prefix="bd-check-memory-"))
    reference = None
    print(f"{kind.upper()} files")
    print(f"{'boards':>8} {'file MB':>8} {'how':<12} {'peak RSS MB':>12} {'ratio':>7} {'seconds':>8} {'boards/s':>9}")
    for boards in sizes:
        path = (write if kind == "pbn" else write_lin)(folder / f"boards-{boards}.{kind}", boards)
        size = path.stat().st_size / 1e6
        for how in ("stream", "whole") if boards in whole else ("stream",):
            rss, seconds = peak(how, path)
            if reference is None:
                reference = rss
            label = "check" if how == "stream" else "whole file"
            print(f"{boards:>8} {size:>8.1f} {label:<12} {rss:>12.1f} {rss / reference:>7.2f} {seconds:>8.1f} "
                  f"{boards / seconds:>9.0f}", flush=True)
        path.unlink()
    print(f"{kind}: reference: check on {sizes[0]} boards ({reference:.1f} MB); target: the same peak at every size")


if __name__ == "__main__":
    sys.exit(main())
