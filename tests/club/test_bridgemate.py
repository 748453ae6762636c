"""Import of Bridgemate control files (.bws), built for each test by the Jet 4 writer in ``jet4.py``."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
from datetime import datetime
from pathlib import Path

import pytest
from jet4 import BOOL, DATETIME, INT, LONG, TEXT, Column, Table, Value, write

from bridge_director.club.bridgemate import (
    BwsError,
    BwsFile,
    BwsHandRecord,
    BwsPlayer,
    BwsResult,
    BwsRound,
    BwsSection,
    read_bws,
)
from bridge_director.errors import BridgeError

DAY = datetime(2024, 5, 14)


def _time(hour: int, minute: int) -> datetime:
    return datetime(1899, 12, 30, hour, minute)  # BCS keeps the time of day on Access's day zero


SECTION = Table("Section", (Column("ID", INT), Column("Letter", TEXT, 2), Column("Tables", INT),
                            Column("MissingPair", INT), Column("EWMoveBeforePlay", INT), Column("Session", INT),
                            Column("ScoringType", INT)),
                ((1, "A", 3, 0, 0, 1, 1),))
TABLES = Table("Tables", (Column("Section", INT), Column("Table", INT), Column("ComputerID", INT),
                          Column("Status", INT), Column("LogOnOff", INT), Column("CurrentRound", INT),
                          Column("CurrentBoard", INT), Column("Group", INT)),
               tuple((1, t, 1, 0, 1, 2, 0, 0) for t in (1, 2, 3)))
# A 3-table Mitchell, 2 boards a round: North-South stay, East-West move up a table, boards move down.
ROUND_ROWS = ((1, 1, 1, 1, 1, 1, 2, ""), (1, 2, 1, 2, 2, 3, 4, ""), (1, 3, 1, 3, 3, 5, 6, ""),
              (1, 1, 2, 1, 3, 3, 4, ""), (1, 2, 2, 2, 1, 5, 6, ""), (1, 3, 2, 3, 2, 1, 2, ""))
ROUND_DATA = Table("RoundData", (Column("Section", INT), Column("Table", INT), Column("Round", INT),
                                 Column("NSPair", INT), Column("EWPair", INT), Column("LowBoard", INT),
                                 Column("HighBoard", INT), Column("CustomBoards", TEXT, 255)), ROUND_ROWS)
RECEIVED_COLUMNS = (Column("ID", LONG), Column("Section", INT), Column("Table", INT), Column("Round", INT),
                    Column("Board", INT), Column("PairNS", INT), Column("PairEW", INT), Column("Declarer", INT),
                    Column("NS/EW", TEXT, 2), Column("Contract", TEXT, 10), Column("Result", TEXT, 10),
                    Column("LeadCard", TEXT, 10), Column("Remarks", TEXT, 255), Column("DateLog", DATETIME),
                    Column("TimeLog", DATETIME), Column("Processed", BOOL), Column("Processed1", BOOL),
                    Column("Processed2", BOOL), Column("Processed3", BOOL), Column("Processed4", BOOL),
                    Column("Erased", BOOL))


def _received(rid: int, table: int, rnd: int, board: int, ns: int, ew: int, declarer: int, seat: str,
              contract: str, result: str, lead: str = "", remarks: str = "", erased: bool = False,
              minute: int = 0) -> tuple[Value, ...]:
    return (rid, 1, table, rnd, board, ns, ew, declarer, seat, contract, result, lead, remarks, DAY,
            _time(19, minute), True, False, False, False, False, erased)


RECEIVED_ROWS = (
    _received(1, 1, 1, 1, 1, 1, 1, "N", "4 S", "=", "HK", minute=10),        # made
    _received(2, 1, 1, 2, 1, 1, 1, "E", "3 NT", "-2", "S10", minute=18),     # down two, lead the ten
    _received(3, 2, 1, 3, 2, 2, 2, "S", "4 H x", "-1", "C2", minute=11),     # doubled, down one
    _received(4, 2, 1, 4, 2, 2, 0, "", "PASS", "", minute=19),               # passed out
    _received(5, 3, 1, 5, 3, 3, 3, "N", "1 C", "=", minute=12, erased=True),  # erased by the director
    _received(6, 3, 1, 5, 3, 3, 3, "W", "2 D", "+1", "D3", minute=25),       # the score entered instead
    _received(7, 3, 1, 6, 3, 3, 3, "S", "3 C", "=", "HA", minute=20),        # entered wrongly ...
    _received(8, 3, 1, 6, 3, 3, 3, "S", "3 C", "+1", "HA", minute=22),       # ... and corrected
    _received(9, 1, 2, 3, 1, 3, 3, "W", "7 NT xx", "=", "sq", minute=40),    # redoubled grand slam
    _received(10, 3, 2, 1, 3, 2, 0, "", "", "", remarks="Not played", minute=45),
)
PLAYER_NUMBERS = Table(
    "PlayerNumbers", (Column("Section", INT), Column("Table", INT), Column("Direction", TEXT, 2),
                      Column("Number", TEXT, 16), Column("Name", TEXT, 41), Column("Updated", BOOL),
                      Column("TimeLog", DATETIME), Column("Processed", BOOL), Column("Round", INT)),
    ((1, 1, "N", "1001", "Ann North", True, _time(18, 55), True, 1),
     (1, 1, "S", "1002", "", True, _time(18, 55), True, 1),
     (1, 1, "E", "2001", "Eve East", True, _time(18, 56), True, 1),
     (1, 2, "W", "2002", "Will West", True, _time(19, 30), True, 2)))
PLAYER_NAMES = Table("PlayerNames", (Column("ID", LONG), Column("Name", TEXT, 41), Column("strID", TEXT, 16)),
                     ((1002, "Sam South", "1002"),))
HAND_COLUMNS = (Column("Section", INT), Column("Board", INT),
                *(Column(f"{seat}{suit}", TEXT, 13) for seat in ("North", "East", "South", "West")
                  for suit in ("Spades", "Hearts", "Diamonds", "Clubs")))
DEAL_1 = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
HAND_RECORD = Table("HandRecord", HAND_COLUMNS,
                    ((1, 1, "AKQJ", "1098", "765", "432", "T98", "765", "432", "AKQJ",
                      "765", "432", "AKQJ", "T98", "432", "AKQJ", "T98", "765"),))


def _tables(received: tuple[tuple[Value, ...], ...] = RECEIVED_ROWS) -> list[Table]:
    return [SECTION, TABLES, ROUND_DATA, Table("ReceivedData", RECEIVED_COLUMNS, received), PLAYER_NUMBERS,
            PLAYER_NAMES, HAND_RECORD]


@pytest.fixture
def bws(tmp_path: Path) -> Path:
    return write(tmp_path / "club.bws", _tables())


def _result(rid: int, table: int, rnd: int, board: int, ns: int, ew: int, declarer: str | None, pair: int,
            contract: str, tricks: int | None, lead: str, minute: int, remarks: str = "",
            erased: bool = False) -> BwsResult:
    return BwsResult(rid, "A", table, rnd, board, ns, ew, declarer, pair, contract, tricks, lead, remarks, erased,
                     datetime(2024, 5, 14, 19, minute))


def test_reads_every_field(bws: Path) -> None:
    got = read_bws(bws)
    assert got == BwsFile(
        sections=(BwsSection(1, "A", 3, 0),),
        rounds=tuple(BwsRound("A", t, r, ns, ew, lo, hi, "") for _, t, r, ns, ew, lo, hi, _ in ROUND_ROWS),
        results=(  # by board, then round and table
            _result(1, 1, 1, 1, 1, 1, "N", 1, "4S", 10, "HK", 10),
            _result(10, 3, 2, 1, 3, 2, None, 0, "", None, "", 45, remarks="Not played"),
            _result(2, 1, 1, 2, 1, 1, "E", 1, "3NT", 7, "ST", 18),
            _result(3, 2, 1, 3, 2, 2, "S", 2, "4HX", 9, "C2", 11),
            _result(9, 1, 2, 3, 1, 3, "W", 3, "7NTXX", 13, "SQ", 40),
            _result(4, 2, 1, 4, 2, 2, None, 0, "PASS", None, "", 19),
            _result(6, 3, 1, 5, 3, 3, "W", 3, "2D", 9, "D3", 25),
            _result(8, 3, 1, 6, 3, 3, "S", 3, "3C", 10, "HA", 22),
        ),
        superseded=(_result(7, 3, 1, 6, 3, 3, "S", 3, "3C", 9, "HA", 20),),
        erased=(_result(5, 3, 1, 5, 3, 3, "N", 3, "1C", 7, "", 12, erased=True),),
        players=(
            BwsPlayer("A", 1, "N", 1, "1001", "Ann North", 1),
            BwsPlayer("A", 1, "S", 1, "1002", "Sam South", 1),  # name from PlayerNames
            BwsPlayer("A", 1, "E", 1, "2001", "Eve East", 1),
            BwsPlayer("A", 2, "W", 1, "2002", "Will West", 2),  # round 2 at table 2: East-West pair 1
        ),
        hand_records=(BwsHandRecord("A", 1, DEAL_1),),
    )
    assert got.deals("A") == {1: DEAL_1}


def test_the_last_entry_wins_by_id_not_file_position(tmp_path: Path) -> None:
    rows = (RECEIVED_ROWS[7], RECEIVED_ROWS[6])  # the correction (ID 8) stored before the first entry (ID 7)
    got = read_bws(write(tmp_path / "order.bws", _tables(rows)))
    assert [(r.id, r.tricks) for r in got.results] == [(8, 10)]
    assert [r.id for r in got.superseded] == [7]


def test_optional_tables_may_be_absent(tmp_path: Path) -> None:
    got = read_bws(write(tmp_path / "min.bws", [SECTION, ROUND_DATA, Table("ReceivedData", RECEIVED_COLUMNS),
                                                PLAYER_NUMBERS]))
    assert got.results == ()
    assert got.hand_records == ()
    assert got.players[1].name == ""  # no PlayerNames table to look the number up in


def test_many_rows_over_several_data_pages(tmp_path: Path) -> None:
    rows = tuple(_received(i, 1, 1, 1 + i % 2, 1, 1, 1, "N", "1 NT", "+1", "D4", remarks="x" * 40, minute=i % 60)
                 for i in range(1, 301))
    got = read_bws(write(tmp_path / "big.bws", _tables(rows)))
    assert [r.id for r in got.results] == [300, 299]
    assert len(got.superseded) == 298


def _mdb_export(path: Path, table: str) -> list[list[str]]:
    out = subprocess.run(["mdb-export", "-T", "%Y-%m-%d %H:%M:%S", "-0", "NULL", str(path), table], capture_output=True,
                         text=True, check=True).stdout
    return list(csv.reader(io.StringIO(out)))


@pytest.mark.skipif(shutil.which("mdb-export") is None,
                    reason="mdbtools is not installed (Debian package 'mdbtools' provides mdb-export)")
def test_mdbtools_reads_the_writers_file(bws: Path) -> None:
    tables = subprocess.run(["mdb-tables", "-1", str(bws)], capture_output=True, text=True, check=True).stdout
    assert tables.split() == ["Section", "Tables", "RoundData", "ReceivedData", "PlayerNumbers", "PlayerNames",
                              "HandRecord"]
    for table in _tables():
        header, *rows = _mdb_export(bws, table.name)
        assert header == [c.name for c in table.columns]
        assert len(rows) == len(table.rows)
        for row, values in zip(rows, table.rows, strict=True):
            assert row == [_as_mdb_text(v) for v in values], table.name


def _as_mdb_text(value: Value) -> str:
    if value is None or value == "":
        return "NULL"  # mdb-export shows a zero-length text as it shows NULL
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    return str(value)


# ----- refusals -------------------------------------------------------------------------------------------


def test_a_file_that_is_not_an_access_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.bws"
    path.write_text("Section A, 3 tables\n" * 300)
    with pytest.raises(BridgeError, match="is not a Microsoft Access database"):
        read_bws(path)


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(BridgeError, match="cannot read"):
        read_bws(tmp_path / "absent.bws")


def test_a_damaged_database(tmp_path: Path, bws: Path) -> None:
    path = tmp_path / "cut.bws"
    path.write_bytes(bws.read_bytes()[:4096 * 2])  # the header and usage maps, no catalog
    with pytest.raises(BridgeError, match="damaged or unsupported"):
        read_bws(path)


def test_a_missing_required_table(tmp_path: Path) -> None:
    path = write(tmp_path / "nores.bws", [SECTION, ROUND_DATA, PLAYER_NUMBERS])
    with pytest.raises(BwsError, match="table ReceivedData: the file has no such table") as caught:
        read_bws(path)
    assert caught.value.table == "ReceivedData"


def _refused(tmp_path: Path, row: tuple[Value, ...]) -> BwsError:
    path = write(tmp_path / "bad.bws", _tables((*RECEIVED_ROWS[:3], row)))
    with pytest.raises(BwsError) as caught:
        read_bws(path)
    return caught.value


def test_a_contract_that_cannot_be_read(tmp_path: Path) -> None:
    err = _refused(tmp_path, _received(42, 1, 2, 4, 1, 3, 1, "N", "9 Z", "="))
    assert (err.table, err.column, err.row) == ("ReceivedData", "Contract", "row ID 42")
    assert str(err) == "table ReceivedData, column Contract, row ID 42: not a contract: '9 Z'"
    assert isinstance(err, BridgeError)


@pytest.mark.parametrize(("contract", "seat", "result", "lead", "column", "message"), [
    ("7 NT", "S", "+1", "", "Result", "7NT +1 gives declarer 14 tricks, not 0 to 13"),
    ("1 C", "E", "-8", "", "Result", "1C -8 gives declarer -1 tricks, not 0 to 13"),
    ("3 NT", "N", "made", "", "Result", "not a result: 'made'"),
    ("3 NT", "N", "", "", "Result", "not a result: ''"),
    ("3 NT", "", "=", "", "NS/EW", "contract '3 NT' has no declarer"),
    ("3 NT", "X", "=", "", "NS/EW", "declarer direction 'X' is not N, E, S or W"),
    ("3 NT", "N", "=", "Z9", "LeadCard", "not a card: 'Z9'"),
    ("", "", "", "", "Contract", "no contract and no remark saying why"),
])
def test_results_that_cannot_be_read(tmp_path: Path, contract: str, seat: str, result: str, lead: str,
                                     column: str, message: str) -> None:
    err = _refused(tmp_path, _received(77, 1, 2, 4, 1, 3, 1, seat, contract, result, lead))
    assert (err.table, err.column, err.row) == ("ReceivedData", column, "row ID 77")
    assert message in err.message


def test_a_result_in_an_unknown_section(tmp_path: Path) -> None:
    row = list(_received(5, 1, 1, 1, 1, 1, 1, "N", "1 S", "="))
    row[1] = 9
    err = _refused(tmp_path, tuple(row))
    assert str(err) == "table ReceivedData, column Section, row ID 5: section 9 is not in table Section"


def test_a_hand_record_that_is_not_a_deal(tmp_path: Path) -> None:
    bad = Table("HandRecord", HAND_COLUMNS, ((1, 1, "AKQJ", "T98", "765", "432", "T98", "765", "432", "AKQJ",
                                              "765", "432", "AKQJ", "T98", "432", "AKQJ", "T98", "7654"),))
    path = write(tmp_path / "hands.bws", [*_tables()[:-1], bad])
    with pytest.raises(BwsError, match=r"table HandRecord, column NorthSpades\.\.WestClubs, row 1: the four hands"):
        read_bws(path)
