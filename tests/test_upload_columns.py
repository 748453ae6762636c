"""An upload read once, as columns (``io.travellers.traveller_columns``), checked as columns (``club.travellers.
storable``), stored in one go (``register.bulk``) and scored by its method only: the same lines, the same refusals
(file, line, field, to the letter) and the same stored rows as the line-by-line path, which reads any file the
columns do not."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Table, select, text

from bridge_director.club import travellers as club_travellers
from bridge_director.club.travellers import storable, store_travellers
from bridge_director.errors import BridgeError
from bridge_director.io.travellers import load_results, results_from_csv, traveller_columns
from bridge_director.register import Register
from bridge_director.register.bulk import insert_parts, insert_rows
from bridge_director.register.models import Pair, Section, SessionResult
from bridge_director.scoring.event import Method, Result, TravellerColumns, score_event
from bridge_director.web.uploads import read_upload

PLAIN = "board,ns,ew,score,ns_award,ew_award\n1,1,2,420,,\n1,3,4,-50,,\n1,5,6,,60,40\n2,1,4,100,,\n2,3,6,90,,\n"


def per_line(name: str, content: bytes) -> list[Result] | str:
    """What ``read_upload`` gave before it read columns: the full reader, then ``storable`` line by line (the lines,
    or the refusal's one line)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "upload.csv"
        path.write_bytes(content)
        try:
            lines, _ = load_results(path)
        except BridgeError as err:
            message = str(err).replace(str(path), name)
            return message if message.startswith(name) else f"{name}, {message}"
    if not lines:
        return f"{name}: the file has no traveller lines"
    try:
        storable(lines)
    except BridgeError as err:
        return f"{name}, {err}"
    return lines


def by_columns(name: str, content: bytes) -> list[Result] | str:
    try:
        return read_upload(name, content).lines.results()
    except BridgeError as err:
        return str(err)


# ---- the reader ----


def test_a_plain_file_is_read_as_columns_with_its_awards_as_odd_lines() -> None:
    columns = traveller_columns(PLAIN)
    assert columns is not None
    assert columns.board == (1, 1, 1, 2, 2) and columns.score == (420, -50, None, 100, 90)
    assert list(columns.odd) == [2] and columns.odd[2] == Result(1, "5", "6", ns_award=60.0, ew_award=40.0)
    assert columns.results() == results_from_csv(PLAIN)


def test_a_plain_upload_is_not_read_line_by_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object) -> None:
        raise AssertionError("the full reader read a plain file")

    monkeypatch.setattr("bridge_director.web.uploads.load_results", refused)
    for file in (PLAIN, "Board,NS,EW,NS_Score\r\n1, Ann & Bob ,Cy & Di,+420\r\n1,3,4,0050\r\n",
                 "\ufeffboard,ns,ew,score,contract,note\n1,1,2,420,4S,\n1,3,4,-50,,late\n"):
        upload = read_upload("t.csv", file.encode())
        assert upload.lines.results() == results_from_csv(file.removeprefix("\ufeff"))


@pytest.mark.parametrize("text", [
    'board,ns,ew,score\n1,"1",2,140\n',  # quotes
    "board,ns,ew,score\n1,1,2,140\n\n1,3,4,50\n",  # a blank line
    "board,ns,ew,score\n1,1,2,140,\n",  # a cell too many
    "board,ns,ew,score\n1,1,140\n",  # a cell short
    "board,ns,ew,score,score\n1,1,2,140,150\n",  # a column twice
    "board,ns,ew,score,ns_score\n1,1,2,140,150\n",  # score and ns_score
    "board,ns,ew,score\n1000,1,2,140\n",  # board beyond 999
    "board,ns,ew,score\n1,1,2,7610\n",  # beyond Law 77
    "board,ns,ew,score\n1,1,2,1_40\n",  # int reads it, whole does not
    "board,ns,ew,score\n1,1,2,\n",  # no score, no award
    "board,ns,ew,score,ns_award,ew_award\n1,1,2,,nan,40\n",  # an award the full reader refuses
    "board,ns,ew,score\n1,1,2,140\r3,4,5,6\n",  # a lone carriage return ends a CSV row
    "board,ns,ew,score\n",  # no line
    "board,ns\n1,2\n",  # no ew column
    "board,ns,ew,note\n1,1,2," + "x" * 140_000 + "\n",  # a cell beyond the csv module's limit
])
def test_anything_unusual_is_left_to_the_full_reader(text: str) -> None:
    assert traveller_columns(text) is None


HEADERS = st.lists(st.sampled_from(["ns_award", "ew_award", "contract", "declarer", "tricks", "lead", "note", "extra",
                                    "group", "ew_score"]), unique=True, max_size=4)
#: the score's column: mostly one, now and then the other, both or none
SCORES = st.sampled_from([["score"]] * 6 + [["ns_score"]] * 2 + [["score", "ns_score"], []])
CELLS = {
    "board": ["1", "2", "3", " 2", "0", "1000", "x", "", "+1", "01", "١"],
    "ns": ["1", "2", "3", "4", "12N", " 5 ", "", "Ann & Bob", "x" * 101, "a\x07", "Ø", "1 "],
    "score": ["420", "-50", "", "0", "7600", "7610", "x", " 90", "1_0", "+110"],
    "ns_award": ["", "", "60", "40", "nan", "x", "A"],
    "contract": ["", "", "4S", "3NT", "PASS", "x" * 21, "9Z"],
    "declarer": ["", "N", "S", "NE"],
    "tricks": ["", "10", "9", "14"],
    "lead": ["", "SA", "HAQ5"],
    "note": ["", "late", "x"],
    "extra": ["", "zz", "'"],
    "group": ["", "", "a"],
    "ew_score": ["", "", "420", "-50"],
}
CELLS["ew"], CELLS["ns_score"], CELLS["ew_award"] = CELLS["ns"], CELLS["score"], CELLS["ns_award"]


#: cells that every reader and check takes, by column (a line with a score has no awards, and the other way round)
GOOD = {
    "board": ["1", "2", "3", " 2", "+1", "01"],
    "score": ["420", "-50", "0", "7600", " 90", "+110", "-7600"],
    "ns_score": ["420", "-50", "0", " 90"],
    "contract": ["", "", "", "4S", "3NT", "PASS"],
    "declarer": ["", "", "N"],
    "tricks": ["", "", "10"],
    "lead": ["", "", "SA"],
    "note": ["", "", "late"],
    "extra": ["", "zz", "'"],
}


@st.composite
def traveller_files(draw: st.DrawFn) -> bytes:
    """A small traveller CSV: the three columns and a few others in any order, any case.  Its cells are each
    column's good ones (each line its own two pairs), with one or two bad cells or a line of a cell more or less,
    or drawn from good and bad alike; now and then a BOM, Windows line ends."""
    names = draw(st.permutations(["board", "ns", "ew", *draw(SCORES), *draw(HEADERS)]))
    header = ",".join(draw(st.sampled_from([name, name.upper(), f" {name}"])) for name in names)
    mode = draw(st.sampled_from(["good", "one bad", "two bad", "anything"]))
    rows = []
    for k in range(draw(st.integers(1, 7))):
        if mode == "anything":
            row = {name: draw(st.sampled_from(CELLS.get(name, [""]))) for name in names}
        else:
            pairs = {"ns": draw(st.sampled_from([f"{k + 1}", f" {k + 1} ", f"{k + 1}N", f"Ann {k}"])),
                     "ew": draw(st.sampled_from([f"{k + 11}", f"{k + 11}E", f"Bo & Cy {k}"]))}
            awarded = draw(st.integers(0, 5)) == 0 and "ns_award" in names and "ew_award" in names
            row = {name: pairs[name] if name in pairs else "" if name in ("ew_score", "group") or (
                awarded and name in ("score", "ns_score", "contract", "declarer", "tricks", "lead")) else
                draw(st.sampled_from(["60", "40", "50"])) if awarded else "" if name.endswith("_award") else
                draw(st.sampled_from(GOOD.get(name, [""]))) for name in names}
            if row.get("contract") not in (None, "", "PASS") and "declarer" in row and "tricks" in row:
                row["declarer"], row["tricks"] = "N", "10"
        rows.append([row[name] for name in names])
    for _ in range({"one bad": 1, "two bad": 2}.get(mode, 0)):
        at, column = draw(st.integers(0, len(rows) - 1)), draw(st.integers(0, len(names) - 1))
        rows[at][column] = draw(st.sampled_from(CELLS.get(names[column], ["", "x"])))
    lines = []
    for cells in rows:
        if draw(st.integers(0, 15)) == 0:
            cells = cells[:-1] if draw(st.booleans()) else [*cells, "1"]
        lines.append(",".join(cells))
    out = f"{header}\n" + "".join(f"{line}\n" for line in lines)
    if draw(st.integers(0, 7)) == 0:
        out = out.replace("\n", "\r\n")
    if draw(st.integers(0, 7)) == 0:
        out = "\ufeff" + out
    return out.encode()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=traveller_files())
def test_columns_and_line_by_line_give_the_same_lines_or_the_same_refusal(content: bytes) -> None:
    assert by_columns("tuesday.csv", content) == per_line("tuesday.csv", content)


@settings(max_examples=200, deadline=None)
@given(content=traveller_files())
def test_the_columns_are_the_full_readers_lines_whenever_there_are_columns(content: bytes) -> None:
    text = content.decode().removeprefix("\ufeff")
    columns = traveller_columns(text)
    try:
        full = results_from_csv(text)
    except BridgeError:
        assert columns is None
        return
    assert columns is None or columns.results() == full


@pytest.mark.parametrize(("rows", "says"), [
    ("1,1,2,420\n1,3,3,50\n", "tuesday.csv, ew: board 1, 3 v 3: a pair cannot play against itself"),
    ("1,1,2,420\n1,1,4,50\n", "tuesday.csv, ns: board 1: pair 1 plays it twice"),
    ("1,1,2,420\n1,3,1,50\n", "tuesday.csv, ew: board 1: pair 1 plays it twice"),
    ("1,1,2,420\n1, ,4,50\n", "tuesday.csv, ns: board 1: a line needs both pairs; the NS pair is empty"),
    ("1,1,2,420\n1,3," + "7" * 101 + ",50\n", "at most 100 printable characters"),
    ("1,1,2,420\n1,3,4\x07,50\n", "tuesday.csv, ew: board 1, 3 v 4\x07: a pair is named in at most 100 printable"),
    ("1,1,2,420\n2,1,2,twelve\n", "tuesday.csv, line 3, score: score is not a whole number: 'twelve'"),
])
def test_each_refusal_names_the_file_and_the_line_or_pairs_as_before(rows: str, says: str) -> None:
    content = ("board,ns,ew,score\n" + rows).encode()
    refusal = by_columns("tuesday.csv", content)
    assert refusal == per_line("tuesday.csv", content) and isinstance(refusal, str) and says in refusal


def test_columns_of_lines_give_the_lines_back_and_score_as_they_do() -> None:
    lines = [Result(b, f"{t}N", f"{t}E", (t * 37 % 11 - 5) * 10) if (b + t) % 7 else
             Result(b, f"{t}N", f"{t}E", ns_award=60, ew_award=40) for b in (1, 2, 3) for t in range(1, 9)]
    lines.append(Result(3, "9N", "9E", 420, contract="4S", declarer="N", tricks=10))
    columns = TravellerColumns.of(lines)
    assert columns.results() == lines and len(columns) == len(lines)
    assert sorted(columns.odd) == [i for i, line in enumerate(lines) if line.score is None or line.contract]
    for method in Method:
        by_lines, by_cols = score_event(lines, method), score_event(columns, method)
        assert list(by_cols.standings) == list(by_lines.standings)
        assert [list(b.lines) for b in by_cols.boards] == [list(b.lines) for b in by_lines.boards]


# ---- stored in one go, scored by its method ----


def stored_rows(register: Register, section_id: int) -> list[tuple[object, ...]]:
    with register.transaction() as db:
        return [tuple(row) for row in db.execute(
            select(SessionResult.board_id, SessionResult.table_no, SessionResult.round_no, Pair.label,
                   SessionResult.status, SessionResult.ns_score, SessionResult.ns_award, SessionResult.ew_award,
                   SessionResult.contract, SessionResult.entered_by, SessionResult.version)
            .join(Pair, Pair.id == SessionResult.ns_pair_id)
            .where(SessionResult.section_id == section_id).order_by(SessionResult.id))]


def test_an_upload_is_stored_in_line_order_its_version_raised_and_the_trigger_kept(register: Register) -> None:
    with register.transaction() as db:
        sid = store_travellers(db, "Columns", read_upload("t.csv", PLAIN.encode()).lines).section.id
    assert [row[1:8] for row in stored_rows(register, sid)] == [
        (1, 0, "1", "played", 420, None, None), (2, 0, "3", "played", -50, None, None),
        (3, 0, "5", "awarded", None, 60.0, 40.0), (1, 0, "1", "played", 100, None, None),
        (2, 0, "3", "played", 90, None, None)]
    with register.transaction() as db:
        before = db.scalar(select(Section.score_version).where(Section.id == sid))
        again = TravellerColumns.of([Result(3, "1", "2", 620)])
        store_travellers(db, "Columns", again, letter="A")
        after = db.scalar(select(Section.score_version).where(Section.id == sid))
        assert after is not None and before is not None and after > before
        if db.connection().dialect.name == "sqlite":
            assert db.scalar(text("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN "
                                  "('score_version_session_results_insert', 'score_version_pairs_insert')")) == 2


def test_the_rows_are_those_of_the_lines(register: Register) -> None:
    lines = [Result(1, "1", "2", 420), Result(1, " 3 ", "4", ns_award=55.5, ew_award=45.5, note="x"),
             Result(1, "5", "6", 450, contract="4S", declarer="N", tricks=11, lead="HA"), Result(2, "Ann", "1", -50),
             Result(2, "3", "4", 0, contract="PASS")]
    with register.transaction() as db:
        sid = store_travellers(db, "Rows", lines).section.id
    assert stored_rows(register, sid) == [
        (1, 1, 0, "1", "played", 420, None, None, "", "upload", 1),
        (1, 2, 0, "3", "awarded", None, 55.5, 45.5, "", "upload", 1),
        (1, 3, 0, "5", "played", 450, None, None, "4S", "upload", 1),
        (2, 1, 0, "Ann", "played", -50, None, None, "", "upload", 1),
        (2, 2, 0, "3", "played", 0, None, None, "PASS", "upload", 1)]
    with register.transaction() as db:
        numbers = dict(db.execute(select(Pair.label, Pair.number).where(Pair.section_id == sid)).all())
    assert numbers == {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "Ann": 7}


@pytest.mark.parametrize("every", [1, 2, 3, 50])
def test_lines_with_contracts_here_and_there_are_stored_as_they_are(register: Register, every: int) -> None:
    """Runs of plain lines and of lines with a contract, few or many (more than ``RUNS``: one part)."""
    lines = [Result(b, str(t), f"{t}E", 420, contract="4S", declarer="N", tricks=10) if t % every == 0 else
             Result(b, str(t), f"{t}E", -50) for b in (1, 2) for t in range(1, 151)]
    with register.transaction() as db:
        sid = store_travellers(db, "Runs", lines).section.id
    assert [(row[3], row[5], row[8]) for row in stored_rows(register, sid)] == [
        (line.ns, line.score, line.contract) for line in lines]
    columns = TravellerColumns.of(lines)
    runs = club_travellers._parts(columns, {"board_id": columns.board}, {})
    assert len(runs) == {1: 1, 2: 1, 3: 1, 50: 12}[every]


@pytest.mark.parametrize("method", [None, Method.CROSS_IMPS])
def test_the_section_is_scored_by_its_method_only(register: Register, monkeypatch: pytest.MonkeyPatch,
                                                   method: Method | None) -> None:
    asked: list[Method] = []
    real = score_event

    def spy(results: TravellerColumns, chosen: Method, **options: object) -> object:
        asked.append(chosen)
        return real(results, chosen)

    monkeypatch.setattr(club_travellers, "score_event", spy)
    with register.transaction() as db:
        store_travellers(db, "Method", read_upload("t.csv", PLAIN.encode()).lines, method=method)
    assert asked == [method or Method.MATCHPOINTS]


def test_an_upload_its_method_cannot_score_is_refused_and_nothing_stays(register: Register,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **options: object) -> None:
        raise BridgeError("no score for you", field="score")

    monkeypatch.setattr(club_travellers, "score_event", refuse)
    with pytest.raises(BridgeError, match=r"^with this upload section A cannot be scored by mp: score: no score"), \
            register.transaction() as db:
        store_travellers(db, "Refused", read_upload("t.csv", PLAIN.encode()).lines)
    with register.transaction() as db:
        assert db.scalar(select(Section.id)) is None and db.scalar(select(SessionResult.id)) is None


def test_a_failed_insert_keeps_the_trigger(tmp_path: Path) -> None:
    register = Register(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        with register.transaction() as db:
            sid = store_travellers(db, "Kept", [Result(1, "1", "2", 420)]).section.id
        table = SessionResult.__table__
        assert isinstance(table, Table)
        with register.transaction() as db:
            row = db.execute(select(SessionResult.board_id, SessionResult.ns_pair_id, SessionResult.ew_pair_id)).one()
            with pytest.raises(Exception, match="UNIQUE"):  # the same place of the same board: refused
                insert_rows(db, table, {"board_id": [row[0]], "ns_pair_id": [row[1]], "ew_pair_id": [row[2]]},
                            {"section_id": sid, "round_no": 0, "table_no": 1, "status": "played", "contract": "",
                             "declarer": "", "lead": "", "entered_by": "t", "entered_at": datetime.now(UTC),
                             "version": 1})
            assert db.scalar(text("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' "
                                  "AND name = 'score_version_session_results_insert'")) == 1
    finally:
        register.close()


def test_parts_must_name_the_same_columns() -> None:
    with pytest.raises(ValueError, match="same columns"):
        insert_parts(None, None, [({"a": [1]}, {}), ({"b": [1]}, {})])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a row has one of each"):
        insert_parts(None, None, [({"a": [1], "b": [1, 2]}, {})])  # type: ignore[arg-type]
