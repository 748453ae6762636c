"""Uploaded travellers (PBN score tables, CSV, USEBIO XML) read by the scorer's own readers, then stored as a
section of results only (``club.travellers.store_travellers``).

A refusal is one line naming the file, the line and the field (``tuesday.csv, line 7, tricks: ...``), never the
server's temporary path; the caller's transaction then stores nothing.

A CSV file is read once, as columns (``io.travellers.traveller_columns``), and checked as columns; a file it does
not read (quotes, a bad line...) is read and checked line by line, which names the first bad line and field.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from fastapi import Request
from sqlalchemy.orm import Session
from starlette.datastructures import FormData, UploadFile

from ..club.travellers import RESULTS_SESSION, Stored, storable, store_travellers
from ..errors import BridgeError, ConflictError
from ..io.pbn import load_pbn
from ..io.text import BOM
from ..io.travellers import load_results, traveller_columns
from ..model import Deal
from ..scoring.event import Method, TravellerColumns
from .audit import UPLOAD, note

SUFFIXES = (".pbn", ".csv", ".xml")


@dataclass(frozen=True, slots=True)
class Upload:
    """A file of travellers as read: its name, its lines, a PBN file's deals and the method it names (if any)."""

    name: str
    lines: TravellerColumns
    deals: dict[int, Deal]
    method: Method | None


def read_upload(name: str, content: bytes) -> Upload:
    """Travellers (and a PBN file's deals) from an uploaded file; errors name the file, line and field."""
    suffix = Path(name).suffix.lower()
    if suffix not in SUFFIXES:
        raise BridgeError(f"{name}: upload a .pbn, .csv or USEBIO .xml file", field="file")
    if suffix == ".csv":
        columns = _csv_columns(content)
        if columns is not None:  # read as the full reader reads it, and checked as columns
            return Upload(name, _storable(name, columns), {}, None)
    with tempfile.TemporaryDirectory(prefix="bd-upload-") as folder:
        path = Path(folder) / f"upload{suffix}"
        path.write_bytes(content)
        try:
            lines, method = load_results(path)
            deals = {b.number: b.deal for _, b in load_pbn(path).boards() if b.number} if suffix == ".pbn" else {}
        except BridgeError as err:  # "tuesday.csv, line 7, tricks: ..." with the upload's name, not ours
            message = str(err).replace(str(path), name)
            raise BridgeError(message if message.startswith(name) else f"{name}, {message}") from None
    if not lines:  # a section of no results could not show its page
        raise BridgeError(f"{name}: the file has no traveller lines", field="file")
    return Upload(name, _storable(name, TravellerColumns.of(lines)), deals, method)


def _csv_columns(content: bytes) -> TravellerColumns | None:
    """A CSV file's lines as columns, or None where the full reader is to read it (not UTF-8, anything unusual)."""
    try:
        text = content.removeprefix(BOM).decode("utf-8")
    except UnicodeDecodeError:
        return None
    return traveller_columns(text)


def _storable(name: str, lines: TravellerColumns) -> TravellerColumns:
    """The lines, which every check of ``storable`` passed; a refusal names the file."""
    try:
        storable(lines)
    except BridgeError as err:
        raise BridgeError(f"{name}, {err}") from None
    return lines


async def form_file(form: FormData, limit: int, field: str = "file") -> tuple[str, bytes]:
    """The uploaded file's name and bytes; a missing file or one over ``limit`` bytes is refused."""
    file = form.get(field)
    if not isinstance(file, UploadFile) or not file.filename:
        raise BridgeError("choose a file of travellers to upload", field=field)
    content = await file.read(limit + 1)
    if len(content) > limit:
        raise BridgeError(f"{file.filename}: the file is larger than {limit // 1000} kB", field=field)
    return file.filename, content


def upload_limit(request: Request) -> int:
    limit: int = request.app.state.settings.max_upload_bytes
    return limit


def store_upload(db: Session, request: Request, upload: Upload, event: str, session: str = "",
                 letter: str | None = None) -> Stored:
    """Store the upload as a section of results only of the event's session (``Results`` unless named), scored
    by its method before anything stays; the upload is written to the audit log in the same transaction."""
    try:
        stored = store_travellers(db, event, upload.lines, upload.deals, session=session.strip() or RESULTS_SESSION,
                                  letter=letter, method=upload.method, checked=True)
    except ConflictError as err:  # a board with a ruling on one of its results: 409, as any conflict
        raise ConflictError(f"{upload.name}: {err}") from None
    except BridgeError as err:
        raise BridgeError(f"{upload.name}: {err}") from None
    section = stored.section
    note(db, request, UPLOAD, f"section {section.id}",
         f"{upload.name}: {stored.lines} lines into {event.strip()}, {section.session.name}, section {section.letter}")
    return stored
