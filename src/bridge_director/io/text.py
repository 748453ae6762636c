"""The one place that turns a user's bytes into text, and text into JSON.

PBN and LIN files are read as UTF-8 (a BOM is dropped), else as ISO-8859-1, the PBN standard's character set,
which accepts any byte.  CSV and JSON are UTF-8 only (a BOM is dropped): a byte that is not UTF-8 is one
refusal naming the file, the line and the column.  JSON numbers are bounded as they are read (no ``NaN``, no
``Infinity``, no number of more digits than any count in this game needs), so a reader gets plain values.

>>> decode("Øigarden".encode("latin-1"))
'Øigarden'
>>> decode(b"\\xef\\xbb\\xbf[Board \\"1\\"]")
'[Board "1"]'
>>> decode(b"board,ns\\n1,\\xff2\\n", "t.csv", strict=True)
Traceback (most recent call last):
...
bridge_director.errors.ParseError: line 2, file: t.csv: byte 0xff at column 3 is not UTF-8
>>> read_json('{"board": NaN}', "log.json")
Traceback (most recent call last):
...
bridge_director.errors.ParseError: file: log.json: NaN is not a number JSON allows
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from ..errors import ParseError
from ..model.numbers import MAX_DIGITS

BOM = b"\xef\xbb\xbf"


def decode(data: bytes, source: str = "", *, strict: bool = False) -> str:
    """UTF-8 text (a BOM dropped).  Not UTF-8: ISO-8859-1, which accepts any byte, or with ``strict`` a
    ParseError naming ``source``, the line and the column of the first bad byte."""
    data = data.removeprefix(BOM)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        if not strict:
            return data.decode("latin-1")
        line = data.count(b"\n", 0, err.start) + 1
        column = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        name = f"{source}: " if source else ""
        raise ParseError(f"{name}byte 0x{data[err.start]:02x} at column {column} is not UTF-8", field="file",
                         line=line) from None


def read_bytes(path: str | Path) -> bytes:
    """A file's bytes; a missing or unreadable file is a ParseError naming it."""
    try:
        return Path(path).read_bytes()
    except OSError as err:
        raise ParseError(f"cannot read {path}: {err.strerror}", field="file") from None


def read_text(path: str | Path, *, strict: bool = False) -> str:
    """The decoded text of a file (see :func:`decode`); a missing or unreadable file is a ParseError naming it."""
    return decode(read_bytes(path), str(path), strict=strict)


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(text.lstrip('-'))} digits; no number here has more than {MAX_DIGITS}")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:24]} is beyond any number JSON allows here")
    return value


def _constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number JSON allows")


def read_json(text: str, source: str = "") -> Any:
    """The value of a JSON document; bad JSON, NaN, Infinity and numbers of more than 18 digits are one
    ParseError naming ``source`` (and the line where JSON's own reader knows it)."""
    name = f"{source}: " if source else ""
    try:
        return json.loads(text, parse_int=_whole, parse_float=_real, parse_constant=_constant)
    except json.JSONDecodeError as err:
        raise ParseError(f"{name}not JSON: {err.msg} (column {err.colno})", field="file", line=err.lineno) from None
    except (ValueError, RecursionError) as err:
        message = str(err) if isinstance(err, ValueError) else "nested too deeply"
        raise ParseError(f"{name}{message}", field="file") from None
