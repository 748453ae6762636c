"""Reading text files whatever their encoding: UTF-8 (with or without BOM), else ISO-8859-1.

>>> decode("Øigarden".encode("latin-1"))
'Øigarden'
>>> decode(b"\\xef\\xbb\\xbf[Board \\"1\\"]")
'[Board "1"]'
"""

from __future__ import annotations

from pathlib import Path

from ..errors import ParseError


def decode(data: bytes) -> str:
    """Decode UTF-8 (a BOM is dropped); fall back to ISO-8859-1, which accepts any byte."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_text(path: str | Path) -> str:
    """The decoded text of a file; a missing or unreadable file is a ParseError naming it."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise ParseError(f"cannot read {path}: {err.strerror}", field="file") from None
    return decode(data)
