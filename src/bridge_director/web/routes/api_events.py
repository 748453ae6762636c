"""Events over JSON: upload travellers (PBN, CSV, USEBIO as text), the list, rankings, a board's table, exports.

The scorer's own readers and scoring do the work (``scoring.travellers``, ``scoring.score_event``); a refused
file names its line and field and stores nothing.  Scorers and directors upload; everyone logged in reads.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, HTTPException, Path, Query, Request
from fastapi.responses import Response

from ...errors import BridgeError
from ...io.score_csv import event_csv, standings_csv
from ...io.usebio import usebio_xml
from ...register.models import Event
from ..accounts import Account
from ..api_schemas import BoardTableOut, EventOut, LineOut, RankingsOut, StandingOut, UploadIn, UploadOut
from ..audit import UPLOAD, note
from ..event_store import EventSummary, find_event, list_events, summarise
from ..register_access import register_of
from ..schemas import ErrorOut, RecordId
from ..security import READER, SCORER
from .event_pages import read_upload, scored_event, store_checked

router = APIRouter(prefix="/api/events", tags=["events"])
MethodName = Literal["mp", "cross-imps", "butler"]
NOT_FOUND: dict[int | str, dict[str, object]] = {404: {"model": ErrorOut, "description": "no such event or board"}}
EXPORTS = {"csv": "text/csv", "standings": "text/csv", "usebio": "application/xml"}


def _event_out(summary: EventSummary) -> EventOut:
    return EventOut.model_validate(summary, from_attributes=True)


def _known(request: Request, event_id: int) -> None:
    with register_of(request).transaction() as db:
        if db.get(Event, event_id) is None:
            raise HTTPException(404, f"no event number {event_id}")


@router.get("", response_model=list[EventOut])
def events_api(request: Request, account: Annotated[Account, Depends(READER)]) -> list[EventOut]:
    """Every event in the register with its number of boards and results."""
    with register_of(request).transaction() as db:
        return [_event_out(e) for e in list_events(db)]


@router.post("/upload", status_code=201, response_model=UploadOut)
def upload_api(request: Request, body: UploadIn, account: Annotated[Account, Depends(SCORER)]) -> UploadOut:
    """Store an event's travellers (a board's earlier ones are replaced); a PBN file's deals are kept."""
    limit: int = request.app.state.settings.max_upload_bytes
    content = body.content.encode()
    if len(content) > limit:
        raise BridgeError(f"{body.filename}: the file is larger than {limit // 1000} kB", field="content")
    lines, deals, _ = read_upload(body.filename, content)
    name = body.event.strip()
    with register_of(request).transaction() as db:
        stored = store_checked(db, name, lines, deals)
        note(db, request, UPLOAD, f"event {name}", f"{body.filename}: {stored} lines")
        return UploadOut(event=_event_out(summarise(find_event(db, name))), stored=stored)


@router.get("/{event_id}/rankings", response_model=RankingsOut, responses=NOT_FOUND)
def rankings_api(request: Request, event_id: RecordId, account: Annotated[Account, Depends(READER)],
                 method: MethodName = "mp") -> RankingsOut:
    """The ranking by matchpoints, cross-IMPs or Butler IMPs."""
    _known(request, event_id)
    name, scored = scored_event(request, event_id, method)
    return RankingsOut(event=name, method=method, law=scored.law,
                       standings=[StandingOut.model_validate(s, from_attributes=True) for s in scored.standings])


@router.get("/{event_id}/boards/{board}", response_model=BoardTableOut, responses=NOT_FOUND)
def board_table_api(request: Request, event_id: RecordId, board: Annotated[int, Path(ge=1, le=999)],
                    account: Annotated[Account, Depends(READER)],
                    method: MethodName = "mp") -> BoardTableOut:
    """One board's scored travellers with each side's points, and the steps of the computation."""
    _known(request, event_id)
    name, scored = scored_event(request, event_id, method)
    found = next((b for b in scored.boards if b.board == board), None)
    if found is None:
        raise HTTPException(404, f"{name} has no results on board {board}")
    return BoardTableOut(event=name, board=board, method=method, top=found.top, datum=found.datum, steps=list(
        found.steps), lines=[LineOut(ns=x.result.ns, ew=x.result.ew, contract=x.result.contract,
                                     declarer=x.result.declarer, tricks=x.result.tricks, score=x.result.score,
                                     ns_points=x.ns, ew_points=x.ew) for x in found.lines])


@router.get("/{event_id}/export", responses={**NOT_FOUND, 200: {"content": {"text/csv": {}, "application/xml": {}},
                                                                  "description": "the file"}})
def export_api(request: Request, event_id: RecordId, account: Annotated[Account, Depends(READER)],
               format: Annotated[Literal["csv", "standings", "usebio"], Query()] = "csv",
               method: MethodName = "mp") -> Response:
    """The scored travellers (``csv``), the ranking (``standings``) or USEBIO XML (``usebio``)."""
    _known(request, event_id)
    name, scored = scored_event(request, event_id, method)
    body = {"csv": event_csv, "standings": standings_csv}[format](scored) if format != "usebio" \
        else usebio_xml(scored, title=name)
    return Response(body, media_type=f"{EXPORTS[format]}; charset=utf-8")
