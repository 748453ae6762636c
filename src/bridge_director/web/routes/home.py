"""The home page and the health check."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from ..accounts import Account
from ..pages import render
from ..security import READER
from ..session_view import all_sections
from ..table_view import table_out
from ..tables import TableStore

router = APIRouter()


@router.get("/api/health", tags=["meta"])
def health() -> dict[str, str]:
    """Always ``{"status": "ok"}`` while the server runs (no login)."""
    return {"status": "ok"}


@router.get("/", include_in_schema=False)
def home(request: Request, account: Annotated[Account, Depends(READER)]) -> Response:
    store: TableStore = request.app.state.tables
    tables = [table_out(t.state, t.id) for t in reversed(store.all())]
    with store.register.transaction() as db:
        sections = all_sections(db)[:10]
    return render(request, "home.html", tables=tables, sections=sections)
