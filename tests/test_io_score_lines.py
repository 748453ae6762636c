"""``event_csv`` writes lines scored by columns from their columns (``io.score_lines``): the same bytes as writing
every line from its ``Result`` and ``ScoredLine``, on generated events (plain lines, awards, contracts, notes,
adjusted lines, names a spreadsheet or a CSV reader must be kept from misreading), on the real files of
../shared/data, and through ``score event FILE --csv OUT``, with either matchpoint kernel."""

from __future__ import annotations

import importlib
import math
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge_director.cli.score_event import run
from bridge_director.errors import BridgeError
from bridge_director.io.score_csv import event_csv
from bridge_director.io.score_lines import _points
from bridge_director.io.travellers import load_results, plain_columns
from bridge_director.scoring import Method, Result, score_event
from bridge_director.scoring.event import EventScore, LazyLines, ResultColumns, TravellerColumns
from bridge_director.scoring.matchpoints import _PythonMatchpoints

mp_module = importlib.import_module("bridge_director.scoring.matchpoints")
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
NAMES = ["1", "2", "12", "7B", "Müller & Weiß", " 3 ", "=1+1", "-5", "+x", "@SUM(A1)", "a,b", 'say "hi"', "two\nlines",
         "\ttab", "", "-0.5"]
TEXTS = ["", "4S", "=HYPERLINK(1)", "-", "a,b", 'q"q', "A+/A-", "ruling 1: Law 12C1b"]
WEIGHTED = ((1430, 0.3), (680, 0.4), (650, 0.2), (-100, 0.1))


@contextmanager
def kernel(kind: str) -> Iterator[None]:
    """Score with the NumPy kernel (NumPy is loaded: this module imports it) or force the plain Python one."""
    assert np is not None and "numpy" in sys.modules
    with pytest.MonkeyPatch.context() as patch:
        if kind == "python":
            patch.setattr(mp_module, "_NumpyMatchpoints", _PythonMatchpoints)
        yield


def by_objects(scored: EventScore) -> EventScore:
    """``scored`` with every board's lines made: ``event_csv`` writes them line by line."""
    return replace(scored, boards=tuple(replace(b, lines=tuple(b.lines)) for b in scored.boards))


def assert_same_text(lines: Sequence[Result], **options: object) -> int:
    """Each way into ``score_event`` writes, by columns, the text of writing the made lines; how many boards were
    written by columns."""
    forms: list[Sequence[Result] | ResultColumns | TravellerColumns] = [list(lines), TravellerColumns.of(lines)]
    if all(r.score is not None and Result(r.board, r.ns, r.ew, r.score) == r for r in lines):
        forms.append(ResultColumns(*zip(*((r.board, r.ns, r.ew, r.score) for r in lines), strict=True)))
    for kind in ("numpy", "python"):
        with kernel(kind):
            for form in forms:
                scored = score_event(form, **options)  # type: ignore[arg-type]
                assert event_csv(scored) == event_csv(by_objects(scored)), (kind, type(form).__name__)
    return sum(isinstance(b.lines, LazyLines) for b in scored.boards)


@st.composite
def results(draw: st.DrawFn) -> list[Result]:
    out: list[Result] = []
    for board in draw(st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True)):
        tables = draw(st.integers(1, 7))
        for t in range(tables):
            ns, ew = draw(st.sampled_from(NAMES)), draw(st.sampled_from(NAMES))
            kind = draw(st.sampled_from(["plain"] * 6 + ["award", "text", "split", "weighted"]))
            score = draw(st.sampled_from([-1430, -100, -50, 0, 50, 110, 420, 450, 7600]))
            if kind == "plain":
                out.append(Result(board, ns, ew, score))
            elif kind == "award":
                a, b = draw(st.sampled_from([(60.0, 40.0), (50.0, 50.0), (-5.0, 0.0), (33.3, 66.7)]))
                out.append(Result(board, ns, ew, ns_award=a, ew_award=b, note=draw(st.sampled_from(TEXTS))))
            elif kind == "text":
                out.append(Result(board, ns, ew, score, contract=draw(st.sampled_from(TEXTS)),
                                  lead=draw(st.sampled_from(TEXTS)), note=draw(st.sampled_from(TEXTS)),
                                  tricks=draw(st.sampled_from([None, 9]))))
            elif kind == "split":
                out.append(Result(board, ns, ew, score, ew_score=score - 30))
            else:
                out.append(Result(board, ns, ew, outcomes=WEIGHTED))
            if draw(st.booleans()) and t == tables - 1:
                out[-1] = replace(out[-1], board=board + 1)  # a board out of order
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(results(), st.sampled_from([None, 9]), st.sampled_from([None, 1]))
def test_generated_events_write_the_same_text(lines: list[Result], norm: int | None, places: int | None) -> None:
    try:
        score_event(lines, norm=norm, mp_places=places)
    except BridgeError:
        return  # nothing to write
    assert_same_text(lines, norm=norm, mp_places=places)


def test_a_large_plain_event_writes_the_same_text() -> None:
    rng = np.random.default_rng(5)
    lines = [Result(b, f"{t}N", f"{t}E", int(rng.choice([-100, 50, 110, 140, 420, 450])))
             for b in range(1, 25) for t in range(1, 200 - b % 4)]
    assert assert_same_text(lines) == 24


def test_points_format_as_the_line_writer_does() -> None:
    values = [0.0, -0.0, 1.5, -1.5, math.inf, -math.inf, math.nan, 1e20, 0.0]
    assert list(_points(values)) == ["0.00", "-0.00", "1.50", "-1.50", "inf", "'-inf", "nan", f"{1e20:.2f}", "0.00"]
    assert list(_points([2.0, 0.0, 2.0])) == ["2.00", "0.00", "2.00"]


def real_files() -> list[Path]:
    return sorted([*SHARED.glob("pbn/*.pbn"), *SHARED.glob("usebio/*.xml")])


@pytest.mark.skipif(not real_files(), reason=f"the real files are absent ({SHARED})")
def test_real_files_write_the_same_text() -> None:
    scored = 0
    for path in real_files():
        try:
            lines, _ = load_results(path)
            score_event(lines)
        except BridgeError:
            continue  # a file without travellers, or one scored otherwise
        scored += assert_same_text(lines) > 0  # lines with contracts: each written from its object
        plain = [Result(r.board, r.ns, r.ew, r.score) for r in lines if r.score is not None]
        assert not plain or assert_same_text(plain) > 0  # the same lines as plain ones: their columns written
    assert scored >= 3, f"only {scored} real files have travellers to score"


@pytest.mark.parametrize("kind", ["numpy", "python"])
def test_score_event_command_writes_the_same_text(tmp_path: Path, kind: str) -> None:
    path, out = tmp_path / "t.csv", tmp_path / "lines.csv"
    names = ["1", "12", "Müller & Weiß", "=1+1", "-5", "@x", "two words", "-0.5"]
    rows = [f"{b},{names[t % len(names)]},{names[(t * 3 + b) % len(names)]}E,{(t * 37 + b * 11) % 13 * 30 - 120}"
            for b in range(1, 13) for t in range(b % 3, 9)]
    path.write_text("board,ns,ew,score\n" + "\n".join(rows) + "\n", encoding="utf-8")
    assert plain_columns(path) is not None  # the command's own path: read as columns
    with kernel(kind):
        run(path, boards=False, csv=out, echo=lambda _: None)
        expected = event_csv(by_objects(score_event(load_results(path)[0], Method.MATCHPOINTS)))
    assert out.read_bytes() == expected.encode("utf-8")
