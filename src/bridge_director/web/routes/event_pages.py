"""Events: upload travellers (PBN, CSV, USEBIO), the rankings, each board's frequency chart, exports.

Uploads are read by the scorer's own readers (``scoring.travellers``, ``io.usebio``); a refused file names the
line and the field and stores nothing.  Scorers and directors upload; everyone logged in reads.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response
from markupsafe import Markup
from sqlalchemy.orm import Session
from starlette.datastructures import UploadFile

from ...errors import BridgeError
from ...io.pbn import load_pbn
from ...io.score_csv import event_csv, standings_csv
from ...io.travellers import load_results
from ...io.usebio import usebio_xml
from ...model import Deal
from ...register.models import Event
from ...scoring import Method, score_event
from ...scoring.event import EventScore
from ...scoring.event import Result as Line
from ...scoring.report import frequency_chart
from ..accounts import Account
from ..audit import UPLOAD, note
from ..event_checks import readable, storable
from ..event_store import event_lines, find_event, list_events, store_results
from ..forms import text
from ..pages import render
from ..register_access import register_of
from ..schemas import RecordId
from ..security import READER, SCORER

router = APIRouter(include_in_schema=False)
SUFFIXES = (".pbn", ".csv", ".xml")
METHODS = {"mp": "Matchpoints", "cross-imps": "Cross-IMPs", "butler": "Butler IMPs"}


def _events_page(request: Request, status_code: int = 200, error: str | None = None, event: str = "") -> Response:
    with register_of(request).transaction() as db:
        events = list_events(db)
    return render(request, "events.html", status_code=status_code, error=error, events=events, event=event)


@router.get("/event")
def events_page(request: Request, account: Annotated[Account, Depends(READER)]) -> Response:
    return _events_page(request)


def read_upload(name: str, content: bytes) -> tuple[list[Line], dict[int, Deal], Method | None]:
    """Travellers (and a PBN file's deals) from an uploaded file; errors name the file, line and field."""
    suffix = Path(name).suffix.lower()
    if suffix not in SUFFIXES:
        raise BridgeError(f"{name}: upload a .pbn, .csv or USEBIO .xml file", field="file")
    with tempfile.TemporaryDirectory(prefix="bd-upload-") as folder:
        path = Path(folder) / f"upload{suffix}"
        path.write_bytes(content)
        try:
            lines, method = load_results(path)
            deals = {b.number: b.deal for _, b in load_pbn(path).boards() if b.number} if suffix == ".pbn" else {}
        except BridgeError as err:  # "tuesday.csv, line 7, tricks: ..." with the upload's name, not ours
            message = str(err).replace(str(path), name)
            raise BridgeError(message if message.startswith(name) else f"{name}, {message}") from None
    if not lines:  # an event of no results could not show its page
        raise BridgeError(f"{name}: the file has no traveller lines", field="file")
    try:
        storable(lines)
    except BridgeError as err:
        raise BridgeError(f"{name}, {err}") from None
    return lines, deals, method


def store_checked(db: Session, name: str, lines: list[Line], deals: dict[int, Deal]) -> int:
    """Store an upload's lines, then read the whole event back and score it as its pages will; a refusal there
    raises, and the caller's transaction stores nothing."""
    stored = store_results(db, name, lines, deals)
    db.flush()
    try:
        readable(event_lines(db, name))
    except BridgeError as err:
        raise BridgeError(f"{name}: with this upload the event cannot be scored: {err}") from None
    return stored


@router.post("/event/upload")
async def upload(request: Request, account: Annotated[Account, Depends(SCORER)]) -> Response:
    form = await request.form()
    limit: int = request.app.state.settings.max_upload_bytes
    try:
        name = text(form, "event", max_length=200, required=True, label="the event's name")
        file = form.get("file")
        if not isinstance(file, UploadFile) or not file.filename:
            raise BridgeError("choose a file of travellers to upload", field="file")
        content = await file.read(limit + 1)
        if len(content) > limit:
            raise BridgeError(f"{file.filename}: the file is larger than {limit // 1000} kB", field="file")
        lines, deals, _ = read_upload(file.filename, content)
        with register_of(request).transaction() as db:
            stored = store_checked(db, name, lines, deals)
            event_id = find_event(db, name).id
            note(db, request, UPLOAD, f"event {name}", f"{file.filename}: {stored} lines")
    except BridgeError as err:
        return _events_page(request, 422, str(err), event=str(form.get("event", ""))[:200])
    return RedirectResponse(f"/events/{event_id}?stored={stored}", status_code=303)


def scored_event(request: Request, event_id: RecordId, method: str) -> tuple[str, EventScore]:
    chosen = Method.parse(method if method in METHODS else "mp")
    with register_of(request).transaction() as db:
        event = db.get(Event, event_id)
        if event is None:
            raise BridgeError(f"no event number {event_id}", field="event")
        name = event.name
        lines = event_lines(db, name)
    if not lines:
        raise BridgeError(f"{name}: no results yet; upload the travellers first", field="results")
    return name, score_event(lines, chosen)


@router.get("/events/{event_id}")
def event_page(request: Request, event_id: RecordId, account: Annotated[Account, Depends(READER)], method: str = "mp",
               stored: int | None = None) -> Response:
    name, scored = scored_event(request, event_id, method)
    fields = sorted({s.field for s in scored.standings})
    charts = {b.board: Markup(frequency_chart(b)) for b in scored.boards}  # numbers only, drawn by the scorer
    return render(request, "event.html", event_id=event_id, event_name=name, scored=scored, fields=fields,
                  charts=charts, method=method if method in METHODS else "mp", methods=METHODS, stored=stored)


@router.get("/events/{event_id}/export.csv")
def export_csv(request: Request, event_id: RecordId, account: Annotated[Account, Depends(READER)],
               method: str = "mp") -> Response:
    name, scored = scored_event(request, event_id, method)
    return _download(event_csv(scored), "text/csv", f"{name}.csv")


@router.get("/events/{event_id}/standings.csv")
def export_standings(request: Request, event_id: RecordId, account: Annotated[Account, Depends(READER)],
                     method: str = "mp") -> Response:
    name, scored = scored_event(request, event_id, method)
    return _download(standings_csv(scored), "text/csv", f"{name} ranking.csv")


@router.get("/events/{event_id}/usebio.xml")
def export_usebio(request: Request, event_id: RecordId, account: Annotated[Account, Depends(READER)],
                  method: str = "mp") -> Response:
    name, scored = scored_event(request, event_id, method)
    return _download(usebio_xml(scored, title=name), "application/xml", f"{name}.xml")


def _download(body: str, media_type: str, filename: str) -> Response:
    # ASCII only: a header is latin-1, and an event called "Øst 2025" must still download
    safe = "".join(ch if (ch.isascii() and ch.isalnum()) or ch in " ._-()" else "_" for ch in filename)
    return Response(body, media_type=f"{media_type}; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{safe}"'})
