"""The audit log for directors: a page with filters (actor, kind, dates) and its export as CSV or JSON."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response

from ...errors import BridgeError
from ...register.audit import actors, find_actions, kinds
from ..accounts import Account
from ..audit import audit_filter, entries_csv, entries_json, server_register
from ..pages import render
from ..security import DIRECTOR

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Query(max_length=40)]


@router.get("/audit")
def audit_page(request: Request, account: Annotated[Account, Depends(DIRECTOR)], actor: Text = "", kind: Text = "",
               since: Text = "", until: Text = "") -> Response:
    filters = {"actor": actor, "kind": kind, "since": since, "until": until}
    error, entries = None, []
    with server_register(request).transaction() as db:
        try:
            entries = find_actions(db, audit_filter(actor, kind, since, until))
        except BridgeError as err:
            error = str(err)
        names, kinds_seen = actors(db), kinds(db)
    return render(request, "audit.html", status_code=422 if error else 200, error=error, entries=entries,
                  filters=filters, actors=names, kinds=kinds_seen)


@router.get("/audit/export")
def audit_export(request: Request, account: Annotated[Account, Depends(DIRECTOR)], actor: Text = "", kind: Text = "",
                 since: Text = "", until: Text = "", format: Annotated[str, Query(pattern="^(csv|json)$")] = "csv"
                 ) -> Response:
    """The filtered entries as ``audit.csv`` or ``audit.json``."""
    search = audit_filter(actor, kind, since, until)
    with server_register(request).transaction() as db:
        entries = find_actions(db, search)
        body = entries_csv(entries) if format == "csv" else entries_json(entries)
    media = "text/csv" if format == "csv" else "application/json"
    return Response(body, media_type=f"{media}; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="audit.{format}"'})
