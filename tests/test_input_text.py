"""io.text: the one place bytes become text and text becomes JSON: UTF-8 with or without BOM; for CSV and JSON a
byte that is not UTF-8 is refused naming the file, line and column; JSON numbers bounded, no NaN."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.errors import ParseError
from bridge_director.io.text import decode, read_json, read_text


def test_a_bom_is_dropped_and_utf8_read() -> None:
    assert decode("\ufeffØst,1".encode()) == "Øst,1"
    assert decode("Øst".encode(), "x.csv", strict=True) == "Øst"


def test_pbn_and_lin_fall_back_to_latin1() -> None:
    """PBN's character set is ISO-8859-1: a file in it reads as written."""
    assert decode(b'[West "J\xf8rgen"]') == '[West "Jørgen"]'


def test_a_bad_byte_names_the_file_line_and_column() -> None:
    data = b"board,ns,ew,score\n1,1,2,420\n2,3,\x9f4,-50\n"
    with pytest.raises(ParseError) as caught:
        decode(data, "tuesday.csv", strict=True)
    assert str(caught.value) == "line 3, file: tuesday.csv: byte 0x9f at column 5 is not UTF-8"


def test_the_bom_does_not_shift_the_column() -> None:
    with pytest.raises(ParseError, match="column 1 is not UTF-8"):
        decode(b"\xef\xbb\xbf\xff", "x", strict=True)


def test_read_text_names_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ParseError, match=r"^file: cannot read .*nothing\.csv: "):
        read_text(tmp_path / "nothing.csv", strict=True)


@pytest.mark.parametrize(("text", "says"), [
    ('{"board": NaN}', "NaN is not a number JSON allows"),
    ('{"board": -Infinity}', "-Infinity is not a number JSON allows"),
    ('{"board": 1e400}', "beyond any number JSON allows"),
    ('{"board": ' + "7" * 5000 + "}", "a number of 5000 digits"),
    ("[" * 100_000, "nested too deeply"),
])
def test_json_numbers_are_bounded(text: str, says: str) -> None:
    with pytest.raises(ParseError) as caught:
        read_json(text, "log.json")
    assert str(caught.value).startswith("file: log.json: ") and says in str(caught.value)
    assert "\n" not in str(caught.value)


def test_bad_json_names_its_line() -> None:
    with pytest.raises(ParseError) as caught:
        read_json('{\n"board": 1,\n}', "log.json")
    assert str(caught.value).startswith("line 3, file: log.json: not JSON: ")


def test_plain_json_reads() -> None:
    assert read_json('{"board": 7, "weight": 0.25, "seat": "N"}') == {"board": 7, "weight": 0.25, "seat": "N"}
