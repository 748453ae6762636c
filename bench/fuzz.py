#!/usr/bin/env python3
"""Fuzzing every reader a user can feed: ``python3 dev.py fuzz [FORMAT ...] [--count N] [--seed S]``.

Each format starts from real files (``../shared/data``, skipped with a line when the folder is absent, and our
``examples/``) and mutates them: bit flips, spans cut, copied or spliced in from another seed, numbers replaced
by large or odd ones (``²``, ``1e309``, ``nan``, 5,000 digits), quoted values and JSON values replaced by values
of another type, bytes that are not UTF-8.  Each input is driven end to end by ``bench/fuzz_targets.py``: loaded,
replayed, rendered, scored and exported; API bodies through FastAPI's TestClient, command lines through Typer's
runner.  An input is *refused* when a reader answers with a ``BridgeError`` (one line naming the field, the line
or the law), *uncaught* when anything else escapes, a *hang* when it runs past the per-input time limit.  The
first few uncaught inputs of each format and their tracebacks are saved under ``artifacts/fuzz/``, with
``summary.md`` and ``summary.json``.  Exit 1 when anything was uncaught or hung.

    python3 dev.py fuzz                      # every format, 300 inputs each, seed 0
    python3 dev.py fuzz csv log --count 100000 --seed 7 --time-limit 10
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
OUT = ROOT / "artifacts" / "fuzz"
#: tracebacks (and inputs) kept per format
KEEP = 5
#: a long run says how far it has got every so many inputs
PROGRESS = 5000
#: an input is cut to this size: a seed piece is at most a few games, and a hang should be a loop, not a big file
MAX_INPUT = 64_000

#: values put in place of a number: huge, negative, non-ASCII digits, not finite, not a number at all
ODD_NUMBERS: tuple[str, ...] = (
    "0", "-1", "-0", "00", "007", "13", "14", "999", "1000", "4301", "65536", "2147483648", "-2147483649",
    "9" * 30, "1" + "0" * 4400, "²", "١٢", "３", "1e309", "-1e309", "inf", "-inf", "nan", "NaN", "Infinity", "1_000",
    " 7 ", "+5", "0x10", "1.5", "3.", ".5", "1e3", "-", "", "1e-400", "10" * 20,
)
#: values put in place of a JSON value: every JSON type, and numbers out of every range
ODD_JSON: tuple[Any, ...] = (
    None, True, False, 0, -1, 1, 7, 1000, 10**30, 2**63, -(10**30), 1.5, 1e308, "", "1", "7", "N", "Z", "²",
    "nan", "x" * 300, [], [1], ["N"], {}, {"type": "call"}, 12345678901234567890,
)
#: values put in place of a number on the command line: the odd numbers, and what a shell passes on as it is
#: (40 digits, a signed 19-digit number, an int64 overflow, words a float reads)
CLI_NUMBERS: tuple[str, ...] = (
    *ODD_NUMBERS, "1" * 40, "-" + "9" * 40, "9" * 19, "-9223372036854775809", "9223372036854775808", "1e400",
    "+inf", "-nan", "nan(1)", "0.0", "-0.0", "1e-9", "99.999", "100.0001", "-24.5", "24.5", "200", "201", "999",
    "1000", "7600", "7601", "-7601", "15201", "10001", "5001", "65536", "2147483647",
)
ODD_BYTES: tuple[bytes, ...] = (
    b"\xff", b"\xfe\xff", b"\x00", b"\xc3", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\r", b"\r\n", b"\x1a", b"\xc2\xb2",
    b"\xe2\x80\xa8", b'"', b"[", b"]", b"{", b"}", b"<", b">", b"&", b";", b",", b"|", b"\\", b"\t",
)
_NUMBER = re.compile(rb"-?\d+(?:\.\d+)?")
_QUOTED = re.compile(rb'"[^"\r\n]{0,80}"')


class Hang(Exception):
    """An input ran past the time limit."""


@dataclass
class Tally:
    """What a format's run found."""

    format: str
    inputs: int = 0
    start: int = 0  # the index of the first input fed (a run continued with --start)
    refused: int = 0
    accepted: int = 0
    uncaught: int = 0
    hangs: int = 0
    seeds: int = 0
    seconds: float = 0.0
    limit: float = 0.0  # seconds of CPU an input may take before it counts as a hang
    load: tuple[float, float] = (0.0, 0.0)  # the machine's load average (1 minute) as the format began and ended
    kinds: dict[str, int] = field(default_factory=dict)


# --- mutation ------------------------------------------------------------------------------------------------


def _span(rng: random.Random, data: bytes) -> tuple[int, int]:
    if not data:
        return 0, 0
    start = rng.randrange(len(data))
    return start, min(len(data), start + rng.choice((1, 2, 4, 16, 64, 512)))


def _flip(rng: random.Random, data: bytes, _pool: Sequence[bytes]) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    buf = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 4, 8))):
        i = rng.randrange(len(buf))
        buf[i] ^= 1 << rng.randrange(8)
    return bytes(buf)


def _cut(rng: random.Random, data: bytes, _pool: Sequence[bytes]) -> bytes:
    start, end = _span(rng, data)
    return data[:start] + data[end:]


def _truncate(rng: random.Random, data: bytes, _pool: Sequence[bytes]) -> bytes:
    return data[:rng.randrange(len(data) + 1)] if data else data


def _splice(rng: random.Random, data: bytes, pool: Sequence[bytes]) -> bytes:
    other = rng.choice(pool)
    start, end = _span(rng, other)
    at = rng.randrange(len(data) + 1)
    return data[:at] + other[start:end] + data[at:]


def _duplicate(rng: random.Random, data: bytes, _pool: Sequence[bytes]) -> bytes:
    start, end = _span(rng, data)
    return data[:end] + data[start:end] * rng.choice((1, 2, 50)) + data[end:]


def _odd_byte(rng: random.Random, data: bytes, _pool: Sequence[bytes]) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.choice(ODD_BYTES) + data[at:]


def _number(rng: random.Random, data: bytes, _pool: Sequence[bytes]) -> bytes:
    found = list(_NUMBER.finditer(data[:200_000]))
    if not found:
        return _odd_byte(rng, data, _pool)
    m = rng.choice(found)
    return data[:m.start()] + rng.choice(ODD_NUMBERS).encode() + data[m.end():]


def _quoted(rng: random.Random, data: bytes, pool: Sequence[bytes]) -> bytes:
    found = list(_QUOTED.finditer(data[:200_000]))
    if not found:
        return _number(rng, data, pool)
    m = rng.choice(found)
    donors = list(_QUOTED.finditer(rng.choice(pool)[:50_000])) or [m]
    donor = rng.choice(donors).group(0)
    if rng.random() < 0.3:
        donor = b'"' + rng.choice(ODD_NUMBERS).encode() + b'"'
    return data[:m.start()] + donor + data[m.end():]


def _json_node(rng: random.Random, data: bytes, pool: Sequence[bytes]) -> bytes:
    """A JSON document with one value replaced by a value of another type (falls back to a byte mutation)."""
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return _number(rng, data, pool)
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                paths.append((node, key))
                walk(value)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                paths.append((node, i))
                walk(value)

    walk(doc)
    if not paths:
        return json.dumps(rng.choice(ODD_JSON)).encode()
    for _ in range(rng.choice((1, 1, 2, 3))):
        parent, key = rng.choice(paths)
        choice = rng.random()
        if choice < 0.1 and isinstance(parent, dict):
            parent.pop(key, None)
            break
        if choice < 0.15 and isinstance(parent, dict):
            parent["extra"] = rng.choice(ODD_JSON)
        else:
            parent[key] = rng.choice(ODD_JSON)
    return json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")


_XML_TEXT = re.compile(rb">([^<>]{0,80})<")


def _xml_text(rng: random.Random, data: bytes, pool: Sequence[bytes]) -> bytes:
    """An element's text replaced by another element's, or by an odd number (the XML stays well formed)."""
    found = list(_XML_TEXT.finditer(data[:200_000]))
    if not found:
        return _number(rng, data, pool)
    m = rng.choice(found)
    donor = rng.choice(found).group(1) if rng.random() < 0.5 else rng.choice(ODD_NUMBERS).encode()
    return data[:m.start(1)] + donor.replace(b"<", b"").replace(b"&", b"") + data[m.end(1):]


_WORD = re.compile(rb"[^ ]+")
_NUMERIC_WORD = re.compile(rb"[-+]?\d+(?:\.\d+)?")


def _argument(rng: random.Random, data: bytes, pool: Sequence[bytes]) -> bytes:
    """A command line with one word replaced by an odd number (:data:`CLI_NUMBERS`): most often a word that is a
    number (an argument or an option's value), now and then any word after the command's name; a negative
    number goes after ``--`` now and then, so that it reaches an argument rather than the option parser."""
    words = list(_WORD.finditer(data))
    numbers = [m for m in words if _NUMERIC_WORD.fullmatch(m.group(0))]
    choices = numbers if numbers and rng.random() < 0.85 else words[2:] or words
    if not choices:
        return _number(rng, data, pool)
    m = rng.choice(choices)
    value = rng.choice(CLI_NUMBERS).encode()
    if value.startswith(b"-") and b" -- " not in data and rng.random() < 0.5:
        value = b"-- " + value
    return data[:m.start()] + value + data[m.end():]


def _option(rng: random.Random, data: bytes, _pool: Sequence[bytes]) -> bytes:
    """A numeric option of the command line repeated with an odd value (the last one given counts)."""
    found = list(re.finditer(rb"(--[a-z-]+) [-+]?\d[^ ]*", data))
    if not found:
        return _argument(rng, data, _pool)
    m = rng.choice(found)
    return data + b" " + m.group(1) + b" " + rng.choice(CLI_NUMBERS).encode()


BYTE_MUTATORS = (_flip, _cut, _truncate, _splice, _duplicate, _odd_byte, _number, _number, _quoted)
JSON_MUTATORS = (*BYTE_MUTATORS, _json_node, _json_node, _json_node, _json_node)
XML_MUTATORS = (*BYTE_MUTATORS, _xml_text, _xml_text, _xml_text, _xml_text, _xml_text, _xml_text)
#: a command line: mostly its numbers changed, now and then its words cut, spliced or flipped
CLI_MUTATORS = (_argument, _argument, _argument, _argument, _argument, _argument, _option, _option, _number, _cut,
                _splice, _duplicate, _flip, _odd_byte)


def mutate(rng: random.Random, pool: Sequence[bytes], kind: str = "") -> bytes:
    """One input: a seed with one to four mutations stacked (now and then the seed as it is); ``kind`` ``json``
    or ``xml`` adds mutations that keep the document well formed, ``cli`` mutates a command line's numbers."""
    data = seed = rng.choice(pool)
    if rng.random() < 0.02:
        return data
    mutators = {"json": JSON_MUTATORS, "xml": XML_MUTATORS, "cli": CLI_MUTATORS}.get(kind, BYTE_MUTATORS)
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3, 4))):
        data = rng.choice(mutators)(rng, data, pool)
    return data[:max(MAX_INPUT, len(seed) + 4096)]


# --- running -------------------------------------------------------------------------------------------------


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise Hang once the process has used ``seconds`` of CPU on this input (CPU, not wall-clock time: on a
    shared machine a slow neighbour must not turn a quick input into a hang)."""
    def expired(_signum: int, _frame: FrameType | None) -> None:
        raise Hang(f"over {seconds:g} s of CPU")

    old = signal.signal(signal.SIGPROF, expired)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


def _save(out: Path, tally: Tally, kind: str, data: bytes, text: str, suffix: str) -> None:
    number = tally.uncaught + tally.hangs
    if number > KEEP:
        return
    out.mkdir(parents=True, exist_ok=True)
    stem = out / f"{tally.format}-{number}-{kind}"
    stem.with_suffix(".txt").write_text(text, encoding="utf-8")
    stem.with_name(stem.name + "-input" + suffix).write_bytes(data)


def _site(err: BaseException) -> str:
    """Where an exception was raised: the innermost frame in the package (else the innermost of all)."""
    frames = traceback.extract_tb(err.__traceback__)
    ours = [f for f in frames if "bridge_director" in f.filename] or frames
    if not ours:
        return "?"
    last = ours[-1]
    return f"{last.filename.split('bridge_director/')[-1]}:{last.lineno}"


def _say(text: str) -> None:
    print(text, flush=True)


def fuzz_format(name: str, count: int, seed: int, limit: float, log: Callable[[str], None] = _say,
                out: Path = OUT, budget: float | None = None, start: int = 0) -> Tally:
    """Run ``count`` mutated inputs of one format; the tally of what happened (the first few uncaught inputs and
    their tracebacks are saved in ``out``).  ``start`` skips the seed's first inputs unfed: a long run goes on
    where an earlier one stopped (or two parts of it run side by side), each input the one the whole run feeds."""
    from fuzz_targets import TARGETS, BridgeError

    target = TARGETS[name]
    if target.time_limit is not None:  # the command line: a refusal comes in under a second
        limit = min(limit, target.time_limit)
    pool, note = target.seeds()
    if note:
        log(note)
    tally = Tally(name, start=start, seeds=len(pool), limit=limit, load=(os.getloadavg()[0], 0.0))
    for old in out.glob(f"{name}-*"):
        if old.is_file():
            old.unlink()
    rng = random.Random(f"{name}:{seed}")
    for _ in range(start):  # the inputs an earlier part fed: made, not fed, so the sequence stays the same
        mutate(rng, pool, target.kind)
    started = time.monotonic()
    with target.context() as drive:
        for i in range(start, start + count):
            if budget is not None and time.monotonic() - started > budget:
                log(f"{name}: the time budget of {budget:g} s is spent after {i - start} inputs (next: --start {i})")
                break
            data = mutate(rng, pool, target.kind)
            tally.inputs += 1
            try:
                with time_limit(limit):
                    drive(data)
            except BridgeError as err:
                tally.refused += 1
                first = str(err).splitlines()[0] if str(err) else ""
                if "\n" in str(err).strip() or not first:
                    tally.uncaught += 1
                    _save(out, tally, "multiline", data, f"refusal not one line: {err!r}", target.suffix)
            except Hang:
                tally.hangs += 1
                _save(out, tally, "hang", data, f"input {i}: over {limit} s", target.suffix)
            except Exception as err:  # what the fuzz is looking for
                tally.uncaught += 1
                site = f"{type(err).__name__} at {_site(err)}"
                tally.kinds[site] = tally.kinds.get(site, 0) + 1
                _save(out, tally, type(err).__name__, data, f"input {i}\n" + traceback.format_exc(), target.suffix)
            else:
                tally.accepted += 1
            if tally.inputs % PROGRESS == 0:
                log(f"{name}: {tally.inputs} inputs from {start}, {tally.refused} refused, {tally.uncaught} uncaught, "
                    f"{tally.hangs} hangs "
                    f"({time.monotonic() - started:.0f} s, load {os.getloadavg()[0]:.1f})")
    tally.seconds = round(time.monotonic() - started, 1)
    tally.load = (tally.load[0], os.getloadavg()[0])
    return tally


def _report(tallies: list[Tally], seed: int, limit: float, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "summary.json").write_text(json.dumps([asdict(t) for t in tallies], indent=2) + "\n", encoding="utf-8")
    rows = ["| format | seeds | first | inputs | accepted | refused | uncaught | hangs | CPU limit | seconds | load |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    rows += [f"| {t.format} | {t.seeds} | {t.start} | {t.inputs} | {t.accepted} | {t.refused} | {t.uncaught} | "
             f"{t.hangs} | {t.limit:g} s | {t.seconds} | {t.load[0]:.1f} to {t.load[1]:.1f} |" for t in tallies]
    title = f"# Fuzz run (seed {seed}, at most {limit:g} s of CPU an input)\n\n"
    (out / "summary.md").write_text(title + "\n".join(rows) + "\n", encoding="utf-8")
    print("\n".join(rows))


def main(argv: list[str] | None = None) -> int:
    from fuzz_targets import TARGETS

    parser = argparse.ArgumentParser(prog="dev.py fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("formats", nargs="*", metavar="FORMAT", help=f"any of {', '.join(TARGETS)} (default all)")
    parser.add_argument("--count", type=int, default=300, help="inputs per format (default 300)")
    parser.add_argument("--seed", type=int, default=0, help="the random seed (default 0)")
    parser.add_argument("--start", type=int, default=0,
                        help="the first input's index in the seed's sequence (default 0): goes on with a long run")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds of CPU an input may take (default 10)")
    parser.add_argument("--budget", type=float, default=None, help="seconds a format may take in all (default: none)")
    parser.add_argument("--out", type=Path, default=OUT, help="where tracebacks and the summary go (artifacts/fuzz)")
    args = parser.parse_args(argv)
    unknown = [f for f in args.formats if f not in TARGETS]
    if unknown:
        parser.error(f"unknown format {unknown[0]!r}; the formats are {', '.join(TARGETS)}")
    tallies = []
    for name in args.formats or list(TARGETS):
        tally = fuzz_format(name, args.count, args.seed, args.time_limit, budget=args.budget, out=args.out,
                            start=args.start)
        print(f"{name}: {tally.inputs} inputs, {tally.refused} refused, {tally.uncaught} uncaught, "
              f"{tally.hangs} hangs ({tally.seconds} s)", flush=True)
        for site, times in sorted(tally.kinds.items(), key=lambda kv: -kv[1]):
            print(f"  {times:6d}  {site}", flush=True)
        tallies.append(tally)
        _report(tallies, args.seed, args.time_limit, args.out)
    return 1 if any(t.uncaught or t.hangs for t in tallies) else 0


if __name__ == "__main__":
    sys.exit(main())
