"""The short fuzz run (``bench/fuzz.py``, docs/fuzzing.md): a fixed seed, a couple of hundred mutated inputs per
format, each driven end to end (read, replay, render, score, export; the web API through TestClient and the
command line through Typer's runner): no input may end in anything but a one-line refusal, and none may hang."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from fuzz import fuzz_format, mutate  # noqa: E402
from fuzz_targets import TARGETS  # noqa: E402

#: inputs per format, fewer where one input does more work: the whole run takes about half a minute of CPU
COUNT = {"pbn": 100, "usebio": 100, "csv": 200, "api": 120, "cli": 60}


@pytest.mark.parametrize("name", list(TARGETS))
def test_short_fuzz_finds_no_uncaught_exception_and_no_hang(name: str, tmp_path: Path) -> None:
    tally = fuzz_format(name, COUNT.get(name, 300), seed=17, limit=20.0, log=lambda _: None, out=tmp_path)
    saved = sorted(p.name for p in tmp_path.glob("*.txt"))
    assert (tally.uncaught, tally.hangs) == (0, 0), (tally.kinds, saved and (tmp_path / saved[0]).read_text())
    assert tally.inputs == tally.accepted + tally.refused
    assert tally.refused > 0 and tally.seeds > 0  # the mutations do reach the readers' refusals
    assert tally.limit == (1.0 if name == "cli" else 20.0)  # a command line: a hang past one second of CPU


def test_mutation_is_repeatable_and_mutates() -> None:
    import random

    pool = [b'[Board "7"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n']
    first = [mutate(random.Random(5), pool) for _ in range(3)]
    assert first == [mutate(random.Random(5), pool) for _ in range(3)]
    outputs = {mutate(random.Random(i), pool) for i in range(40)}
    assert len(outputs) > 30 and any(o != pool[0] for o in outputs)


def test_the_command_line_fuzz_puts_odd_numbers_in_the_arguments() -> None:
    """The ``cli`` mutations mostly replace a number of the command line with a huge, negative, 40-digit or
    non-finite one (:data:`fuzz.CLI_NUMBERS`)."""
    import random

    from fuzz import CLI_NUMBERS

    rng = random.Random(1)
    lines = [mutate(rng, [b"score vp 7 16"], "cli").decode("utf-8", "replace") for _ in range(200)]
    odd = {word for line in lines for word in line.split()} & set(CLI_NUMBERS)
    assert {"1" * 40, "nan", "inf", "-1"} <= odd and len(odd) > 20
    assert sum(line.split()[:2] == ["score", "vp"] for line in lines) > 120  # the command itself mostly kept


def test_a_run_continued_with_start_feeds_the_inputs_the_whole_run_feeds(monkeypatch: pytest.MonkeyPatch,
                                                                         tmp_path: Path) -> None:
    """``--start N``: a long run goes on where it stopped, input N of the seed's sequence first."""
    from contextlib import contextmanager

    from fuzz_targets import Target

    fed: list[bytes] = []

    @contextmanager
    def context():  # type: ignore[no-untyped-def]
        yield fed.append

    pool = [b"board,ns,ew,score\n1,1,2,420\n", b"board,ns,ew,score\n2,3,4,-50\n"]
    monkeypatch.setitem(TARGETS, "fake", Target(lambda: (pool, ""), context, ".csv"))
    whole = fuzz_format("fake", 12, seed=3, limit=5.0, log=lambda _: None, out=tmp_path)
    first_part = fed[:]
    fed.clear()
    rest = fuzz_format("fake", 5, seed=3, limit=5.0, log=lambda _: None, out=tmp_path, start=7)
    assert (whole.inputs, rest.inputs, rest.start) == (12, 5, 7)
    assert fed == first_part[7:] and len(set(first_part)) > 3
