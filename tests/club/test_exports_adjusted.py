"""A session's adjusted lines in the files for other programs: CSV, USEBIO and PBN each carry every ruling's line
(assigned, split, weighted, artificial on a board not played, a fouled board's group) marked as adjusted, and read
back to the same standings.

The section is a 5-table Mitchell, one board a round (5 boards, each played 5 times), stored through the club API:

- board 1: an assigned score at one table (with a Law 90 penalty on a pair);
- board 2: a split score (N-S scored as 4S made, E-W as if N-S had made 4S+1);
- board 3: a weighted score, 30% / 40% / 20% / 10% of four contracts (+980, +480, +450, -50; E-W vulnerable);
- board 4: not played at one table, an artificial score (N-S not at fault, E-W directly);
- board 5: fouled at two tables, scored in group B apart from the other three results.

A penalty is not on a traveller line: re-scoring a file's lines gives the totals before it, while the USEBIO
pairs' TOTAL_SCORE and the PBN TotalScoreTable carry the totals after it.
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bridge_director.club.adjustments import PenaltyIn, rule_on_result
from bridge_director.club.decisions import Artificial, Assigned, Decision, Fouled, Score, Split, Weighted
from bridge_director.club.exports import section_csv, section_pbn, section_usebio
from bridge_director.club.movement_gen import mitchell
from bridge_director.club.results import NOT_PLAYED, ResultIn, enter_result, table_round
from bridge_director.club.scores import score_section
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session
from bridge_director.io.pbn import load_pbn
from bridge_director.io.travellers import pbn_lines, results_from_csv, results_from_pbn
from bridge_director.io.usebio import read_usebio
from bridge_director.register import Register
from bridge_director.register.models import Section, SessionResult
from bridge_director.scoring.adjusted import Fault
from bridge_director.scoring.event import EventScore, Method, Result, Standing, score_event

TABLES = 5
PENALISED = 3  # N-S pair 3 sits at table 3 all evening
METHODS = {"mp": Method.MATCHPOINTS, "cross-imps": Method.CROSS_IMPS, "butler": Method.BUTLER}


@dataclass(frozen=True)
class Stored:
    sid: int
    method: Method
    rulings: dict[tuple[int, str, str], int]  # (board, N-S, E-W) -> ruling number
    penalty: float  # what the penalty takes off pair PENALISED, in the section's unit


def contract_at(board: int, table: int) -> ResultIn:
    if (board, table) == (4, 2):
        return ResultIn("", status=NOT_PLAYED)
    return ResultIn("4S", "N", 8 + (board + table) % 5)


def decisions(board: int, seen: int) -> Decision | None:
    """The ruling on the ``seen``-th result entered on ``board`` (0 first), if any."""
    if (board, seen) == (1, 0):
        return Assigned(Score("4S", "N", 11))
    if (board, seen) == (2, 1):
        return Split(Score("4S", "N", 10), Score("4S", "N", 11))
    if (board, seen) == (3, 2):
        return Weighted(((Score("6S", "N", 12), 30), (Score("4S", "N", 12), 40), (Score("4S", "N", 11), 20),
                         (Score("6S", "N", 11), 10)))
    if board == 5 and seen in (3, 4):
        return Fouled("B")
    return None


def build(register: Register, method: str) -> Stored:
    with register.transaction() as db:
        session = create_session(db, "Rulings night", f"evening {method}")
        section = add_section(db, session, "A", mitchell(TABLES), 1, method=method)
        for n in range(1, 2 * TABLES + 1):
            add_pair(db, section, n, PlayerIn(f"P{n}a"), PlayerIn(f"P{n}b"))
        entered: dict[int, list[SessionResult]] = {}
        for rnd in range(1, TABLES + 1):
            for table in range(1, TABLES + 1):
                board = table_round(db, section, rnd, table).boards[0]
                row = enter_result(db, section, rnd, table, board, contract_at(board, table))
                entered.setdefault(board, []).append(row)
        rulings: dict[tuple[int, str, str], int] = {}
        unit = "top" if method == "mp" else "imps"
        for board, rows in entered.items():
            for seen, row in enumerate(rows):
                decision = decisions(board, seen)
                if row.status == NOT_PLAYED:
                    decision = Artificial(Fault.NONE, Fault.DIRECT)
                if decision is None:
                    continue
                penalties = [PenaltyIn(PENALISED, 0.25 if unit == "top" else 2, unit)] if board == 1 else []
                ruling = rule_on_result(db, row.id, director="TD", laws=decision.law, decision=decision,
                                        penalties=penalties)
                rulings[(board, str(row.ns_pair.number), str(row.ew_pair.number))] = ruling.id
        top = 2 * (TABLES - 1)
        return Stored(section.id, METHODS[method], rulings, 0.25 * top if unit == "top" else 2.0)


@pytest.fixture
def register(tmp_path: Path) -> Iterator[Register]:
    reg = Register(f"sqlite:///{tmp_path / 'register.sqlite3'}")
    yield reg
    reg.close()


def scored_section(register: Register, sid: int) -> EventScore:
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        scored = score_section(db, section)
        assert scored is not None
        return scored


def files(register: Register, sid: int, tmp_path: Path) -> tuple[str, Path, Path]:
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        text = section_csv(db, section)
        xml, pbn = tmp_path / "session.xml", tmp_path / "session.pbn"
        xml.write_text(section_usebio(db, section), encoding="utf-8")
        pbn.write_text(section_pbn(db, section), encoding="utf-8")
    return text, xml, pbn


def totals(standings: tuple[Standing, ...]) -> dict[str, float]:
    return {s.pair: s.total for s in standings}


def rescored(results: list[Result] | tuple[Result, ...], method: Method) -> dict[str, float]:
    """The lines scored as ``score_section`` scores them (norm: the tables that play a board; two decimals of
    Neuberg)."""
    return totals(score_event(results, method, norm=TABLES, mp_places=2).standings)


def close(got: dict[str, float], want: dict[str, float]) -> bool:
    return got.keys() == want.keys() and all(abs(got[k] - want[k]) <= 0.01 for k in want)


def before_penalty(scored: EventScore, stored: Stored) -> dict[str, float]:
    out = totals(scored.standings)
    out[str(PENALISED)] += stored.penalty
    return out


@pytest.fixture(params=sorted(METHODS))
def stored(request: pytest.FixtureRequest, register: Register) -> Stored:
    return build(register, request.param)


def test_the_session_has_every_kind_of_adjusted_line(register: Register, stored: Stored) -> None:
    scored = scored_section(register, stored.sid)
    lines = [ln.result for b in scored.boards for ln in b.lines]
    assert sum(r.split for r in lines) == 1 and sum(r.weighted for r in lines) == 1
    assert sum(r.artificial for r in lines) == 1 and sum(r.group == "B" for r in lines) == 2
    assert len(stored.rulings) == 6 and len(lines) == TABLES * TABLES
    assert any("off for ruling" in step for step in scored.steps)  # the penalty is in the totals


def test_csv_carries_every_adjusted_line_and_reads_back(register: Register, stored: Stored, tmp_path: Path) -> None:
    scored = scored_section(register, stored.sid)
    text, _, _ = files(register, stored.sid, tmp_path)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert text.splitlines()[0].split(",") == [
        "board", "round", "table", "ns", "ew", "contract", "declarer", "tricks", "score", "ns_award", "ew_award",
        f"ns_{scored.method.unit.lower()}", f"ew_{scored.method.unit.lower()}", "lead", "note", "ew_score",
        "outcomes", "group", "ruling"]
    assert len(rows) == TABLES * TABLES  # the board not played is in, with its artificial score
    for row in rows:
        key = (int(row["board"]), row["ns"], row["ew"])
        if key in stored.rulings:  # marked: the ruling's number, and the scorer's note
            assert row["ruling"] == str(stored.rulings[key]) and row["note"]
        else:
            assert row["ruling"] == "" and row["note"] == ""
    weighted = next(row for row in rows if row["outcomes"])
    assert weighted["outcomes"] == "980@0.3;480@0.4;450@0.2;-50@0.1" and weighted["score"] == ""
    assigned = next(row for row in rows if row["board"] == "1" and row["ruling"])
    assert (assigned["board"], assigned["contract"], assigned["tricks"], assigned["score"]) == ("1", "4S", "11",
                                                                                                  "450")
    artificial = next(row for row in rows if row["ns_award"])
    assert artificial["contract"] == "" and artificial["score"] == "" and artificial["ew_award"] == "40"
    split = next(row for row in rows if row["ew_score"])
    assert (split["score"], split["ew_score"]) == ("620", "650")  # board 2, N-S vulnerable
    back = results_from_csv(text)
    assert sorted(back, key=repr) == sorted((ln.result for b in scored.boards for ln in b.lines), key=repr)
    assert close(rescored(back, stored.method), before_penalty(scored, stored))


def test_usebio_carries_every_adjusted_line_and_reads_back(register: Register, stored: Stored,
                                                           tmp_path: Path) -> None:
    scored = scored_section(register, stored.sid)
    _, path, _ = files(register, stored.sid, tmp_path)
    event = read_usebio(path)
    assert close({p.number: p.total or 0.0 for p in event.pairs}, totals(scored.standings))  # after the penalty
    assert close(event.written_totals(), before_penalty(scored, stored))
    assert close(rescored(event.results, stored.method), before_penalty(scored, stored))
    points = {(b.board, ln.result.ns, ln.result.ew): ln for b in scored.boards for ln in b.lines}
    for line in event.lines:
        key = (line.result.board, line.result.ns, line.result.ew)
        assert line.ns_points == pytest.approx(points[key].ns, abs=0.005)
        assert line.ew_points == pytest.approx(points[key].ew, abs=0.005)
        if key in stored.rulings:  # marked: an artificial code, or the ruling's note
            assert line.result.artificial or line.remark.startswith(f"ruling {stored.rulings[key]}")
        else:
            assert line.remark == "" and not line.result.artificial
    scores = [node.findtext("SCORE") for node in ET.parse(path).getroot().iter("TRAVELLER_LINE")]
    assert "980@0.3;480@0.4;450@0.2;-50@0.1" in scores and "620/650" in scores
    assert any(s is not None and s.startswith("A") and s[1:].isdigit() for s in scores)
    assert "group=B" in path.read_text(encoding="utf-8")


def test_pbn_carries_every_adjusted_line_and_reads_back(register: Register, stored: Stored, tmp_path: Path) -> None:
    scored = scored_section(register, stored.sid)
    _, _, path = files(register, stored.sid, tmp_path)
    pbn = load_pbn(path)
    assert pbn.errors == []
    unit = "MP" if stored.method is Method.MATCHPOINTS else "IMP"
    total_table = pbn.games[0].table("TotalScoreTable")
    assert total_table is not None
    written = {row["PairId"]: float(row[f"TotalScore{unit}"]) for row in total_table.dicts()}
    assert close(written, totals(scored.standings))  # after the penalty
    lines = pbn_lines(path)
    assert len(lines) == TABLES * TABLES
    by_pair: dict[str, float] = {}
    for ln in lines:
        assert ln.ns_points is not None and ln.ew_points is not None
        by_pair[ln.result.ns] = by_pair.get(ln.result.ns, 0.0) + ln.ns_points
        by_pair[ln.result.ew] = by_pair.get(ln.result.ew, 0.0) + ln.ew_points
    assert close(by_pair, before_penalty(scored, stored))  # the points as written
    assert close(rescored(results_from_pbn(path), stored.method), before_penalty(scored, stored))
    for game in pbn.games:
        table = game.table("ScoreTable")
        assert table is not None
        assert [c.name for c in table.columns][-5:] == ["Score_EW", f"{unit}_NS", f"{unit}_EW", "Group", "Note"]
        for row in table.dicts():
            key = (int(game.tags["Board"]), row["PairId_NS"], row["PairId_EW"])
            if key in stored.rulings:
                assert row["Note"].startswith(f"ruling {stored.rulings[key]}")
            else:
                assert row["Note"] == "" and row["Score_EW"] == "-"
    cells = {(row["Score_NS"], row["Score_EW"]) for g in pbn.games for t in [g.table("ScoreTable")] if t
             for row in t.dicts()}
    assert ("980@0.3;480@0.4;450@0.2;-50@0.1", "-") in cells and ("620", "-650") in cells
    assert any(ns.startswith("A") and ew.startswith("A") for ns, ew in cells)
