"""A minimal Jet 4 (Access 2000-2003 ``.mdb``) writer, for tests only: builds small ``.bws`` files.

It writes what a reader needs and nothing more: the database definition page (page 0, its header masked with
RC4 as Jet does), one page of table usage maps (page 1), the MSysObjects catalog (table definition on page 2, as
every reader expects), and for each user table a table definition page followed by its data pages.  No indexes,
no long values (memo/OLE), no compressed Unicode: text is stored as plain UTF-16-LE.

Layout facts are from the mdbtools HACKING notes (Jet 4 TDEF block, column entries, row format, usage maps) and
were checked against access-parser and mdbtools' ``mdb-export``, which both read these files back.

>>> t = Table("T", (Column("N", LONG), Column("S", TEXT, 10)), ((1, "a"), (None, "")))
>>> data = build([t])
>>> len(data) % PAGE, data[:4], data[0x14]
(0, b'\\x00\\x01\\x00\\x00', 1)
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

PAGE = 4096
BOOL, INT, LONG, DATETIME, TEXT, OLE = 0x01, 0x03, 0x04, 0x08, 0x0A, 0x0B  # OLE: only NULL values
_FIXED_SIZE = {BOOL: 0, INT: 2, LONG: 4, DATETIME: 8}
_EPOCH = datetime(1899, 12, 30)
_HEADER_KEY = struct.pack("<I", 0x6B39DAC7)  # Jet masks 128 bytes of page 0 from 0x18 with RC4 under this key
_DATA_HEADER = 14  # Jet 4 data page: type, 1, free space, owner page, 4 unknown bytes, row count

Value = int | str | bool | datetime | None


@dataclass(frozen=True)
class Column:
    """A column: name, type (BOOL, INT, LONG, DATETIME, TEXT, OLE) and, for text, the length in characters."""

    name: str
    type: int
    size: int = 255

    @property
    def fixed(self) -> bool:
        return self.type not in (TEXT, OLE)


@dataclass(frozen=True)
class Table:
    """A table: its name, columns and rows (one value per column; None is NULL)."""

    name: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Value, ...], ...] = ()


def write(path: str | Path, tables: Sequence[Table]) -> Path:
    """Write ``tables`` as a Jet 4 database at ``path``."""
    target = Path(path)
    target.write_bytes(build(tables))
    return target


def build(tables: Sequence[Table]) -> bytes:
    """The bytes of a Jet 4 database holding ``tables`` and the MSysObjects catalog that lists them."""
    user_rows = [table_rows(t) for t in tables]
    # Pages: 0 header, 1 usage maps, then per table (catalog first) one TDEF page and its data pages.
    catalog_columns = (Column("Id", LONG), Column("ParentId", LONG), Column("Name", TEXT, 128),
                       Column("Type", INT), Column("Flags", LONG), Column("LvProp", OLE))
    first = 2 + 1 + len(_pack_pages([]))  # the catalog's data pages come before the user tables
    tdef_pages: list[int] = []
    page = first
    for rows in user_rows:
        tdef_pages.append(page)
        page += 1 + len(_pack_pages(rows))
    catalog = Table("MSysObjects", catalog_columns,
                    ((2, 0x0F000000, "MSysObjects", 1, _signed(0x80000000), None),
                     *((p, 0x0F000001, t.name, 1, 0, None) for p, t in zip(tdef_pages, tables, strict=True))))
    catalog_rows = table_rows(catalog)
    catalog_pages = _pack_pages(catalog_rows)
    if 3 + len(catalog_pages) != first:  # the catalog fits one data page for any test-sized database
        raise ValueError("too many tables for this writer")

    pages: dict[int, bytes] = {0: _header_page()}
    maps: list[bytes] = []
    for tdef, table, rows in ((2, catalog, catalog_rows), *zip(tdef_pages, tables, user_rows, strict=True)):
        data = _pack_pages(rows)
        maps.append(_usage_map(tdef + 1, len(data)))
        pages[tdef] = _tdef_page(table, len(rows), system=tdef == 2, map_row=len(maps) - 1)
        for i, chunk in enumerate(data):
            pages[tdef + 1 + i] = _data_page(tdef, chunk)
    pages[1] = _data_page(0, maps)
    return b"".join(pages[i] for i in range(max(pages) + 1))


def table_rows(table: Table) -> list[bytes]:
    """Every row of ``table`` in the Jet 4 row format."""
    return [_row(table.columns, values, table.name) for values in table.rows]


# ----- pages -------------------------------------------------------------------------------------------


def _header_page() -> bytes:
    page = bytearray(PAGE)
    page[0:4] = b"\x00\x01\x00\x00"
    page[4:20] = b"Standard Jet DB\x00"
    page[0x14:0x18] = struct.pack("<I", 1)  # Jet 4
    masked = bytearray(128)  # plain text of the masked block: database key 0 (not encrypted), code page, sort order
    struct.pack_into("<H", masked, 0x3C - 0x18, 1252)
    struct.pack_into("<H", masked, 0x6E - 0x18, 0x0409)
    page[0x18:0x18 + 128] = _rc4(_HEADER_KEY, bytes(masked))
    return bytes(page)


def _rc4(key: bytes, data: bytes) -> bytes:
    state = list(range(256))
    j = 0
    for i in range(256):
        j = (j + state[i] + key[i % len(key)]) % 256
        state[i], state[j] = state[j], state[i]
    out = bytearray()
    i = j = 0
    for byte in data:
        i = (i + 1) % 256
        j = (j + state[i]) % 256
        state[i], state[j] = state[j], state[i]
        out.append(byte ^ state[(state[i] + state[j]) % 256])
    return bytes(out)


def _pack_pages(rows: list[bytes]) -> list[list[bytes]]:
    """Rows split into data pages; a table with no rows still gets one (empty) page."""
    pages: list[list[bytes]] = [[]]
    used = _DATA_HEADER
    for row in rows:
        if used + len(row) + 2 > PAGE:
            pages.append([])
            used = _DATA_HEADER
        pages[-1].append(row)
        used += len(row) + 2
    return pages


def _data_page(owner: int, rows: list[bytes]) -> bytes:
    """A data page owned by the TDEF at page ``owner``: rows packed from the end of the page down."""
    page = bytearray(PAGE)
    end = PAGE
    offsets = []
    for row in rows:
        end -= len(row)
        page[end:end + len(row)] = row
        offsets.append(end)
    free = end - _DATA_HEADER - 2 * len(rows)
    if free < 0:
        raise ValueError("rows overflow a data page")
    struct.pack_into("<BBHII H", page, 0, 1, 1, free, owner, 0, len(rows))
    struct.pack_into(f"<{len(rows)}H", page, _DATA_HEADER, *offsets)
    return bytes(page)


def _usage_map(first_page: int, count: int) -> bytes:
    """A type 0 usage map: the map type, the first page it covers, one bit per page from there."""
    bits = bytearray((count + 7) // 8 or 1)
    for i in range(count):
        bits[i // 8] |= 1 << (i % 8)
    return struct.pack("<BI", 0, first_page) + bytes(bits)


def _tdef_page(table: Table, row_count: int, *, system: bool, map_row: int) -> bytes:
    """The table definition: the 63-byte Jet 4 block, 25 bytes per column, then the UTF-16 column names."""
    columns = table.columns
    var_count = sum(not c.fixed for c in columns)
    body = bytearray()
    fixed_offset = 0
    var_index = 0
    for number, column in enumerate(columns):
        size = _FIXED_SIZE.get(column.type, 2 * column.size if column.type == TEXT else 0)
        flags = 0x02 | (0x01 if column.fixed else 0)  # may be null; fixed length
        misc = b"\x09\x04\x00\x01" if column.type == TEXT else b"\x00" * 4  # text: General sort order 0x409
        body += struct.pack("<BIHHH4sBBIHH", column.type, 0, number, var_index if not column.fixed else 0,
                            number, misc, flags, 0, 0, fixed_offset if column.fixed else 0,
                            size if column.type != BOOL else 1)
        if column.fixed:
            fixed_offset += size
        else:
            var_index += 1
    for column in columns:
        name = column.name.encode("utf-16-le")
        body += struct.pack("<H", len(name)) + name
    body += b"\xff\xff"  # end of the (empty) list of variable-column usage maps
    pointer = (1 << 8) | map_row  # page 1, row map_row: used-pages map; the free-space map is the same row
    tdef = bytearray(struct.pack("<IIIIII8sBHHHIIII", 0, 0, row_count, 0, 0, 0, b"", 0x53 if system else 0x4E,
                                 len(columns), var_count, len(columns), 0, 0, pointer, pointer))
    length = 8 + len(tdef) + len(body)
    if length > PAGE:
        raise ValueError(f"table {table.name}: definition does not fit one page")
    header = struct.pack("<BBHI", 2, 1, PAGE - length - 8 if PAGE - length >= 8 else 0, 0)
    struct.pack_into("<I", tdef, 0, length - 8)
    page = bytearray(PAGE)
    page[0:length] = header + tdef + body
    return bytes(page)


# ----- rows --------------------------------------------------------------------------------------------


def _row(columns: tuple[Column, ...], values: tuple[Value, ...], table: str) -> bytes:
    """One row: column count, fixed data, variable data, end-of-data offset, var offsets reversed, null mask."""
    if len(values) != len(columns):
        raise ValueError(f"table {table}: a row has {len(values)} values for {len(columns)} columns")
    fixed = bytearray()
    variable: list[bytes] = []
    mask = bytearray((len(columns) + 7) // 8)
    for number, (column, value) in enumerate(zip(columns, values, strict=True)):
        present = value is not None and (column.type != BOOL or bool(value))
        if present:
            mask[number // 8] |= 1 << (number % 8)
        if column.fixed:
            fixed += _fixed_bytes(column, value)
        else:
            if value is not None and column.type == OLE:
                raise ValueError(f"table {table}: this writer stores only NULL in OLE column {column.name}")
            variable.append(b"" if value is None else str(value).encode("utf-16-le"))
    row = bytearray(struct.pack("<H", len(columns))) + fixed
    if not variable:
        return bytes(row + mask)
    offsets = []
    for data in variable:
        offsets.append(len(row))
        row += data
    tail = struct.pack("<H", len(row)) + b"".join(struct.pack("<H", o) for o in reversed(offsets))
    return bytes(row + tail + struct.pack("<H", len(variable)) + mask)


def _fixed_bytes(column: Column, value: Value) -> bytes:
    if column.type == BOOL:
        return b""
    if value is None:
        return b"\x00" * _FIXED_SIZE[column.type]
    if column.type == DATETIME:
        assert isinstance(value, datetime)
        return struct.pack("<d", (value - _EPOCH).total_seconds() / 86400)
    assert isinstance(value, int)
    return struct.pack("<h" if column.type == INT else "<i", value)


def _signed(value: int) -> int:
    return value - (1 << 32) if value >= 1 << 31 else value
