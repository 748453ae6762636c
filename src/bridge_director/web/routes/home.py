"""The home page and the health check.

The home page opens on tonight's session for a director or a scorer: the most recent section (the newest session
with a section), its current round, results missing and rulings pending (``dashboard_view``), one tap from its
dashboard.  A single board opened on its own (the engine on one deal, no session) stays one tap away under "Open a
single board"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from ...club.setup import results_only
from ..accounts import Account, Role
from ..dashboard_view import Marks, marks
from ..pages import render
from ..security import READER
from ..session_view import SectionBrief, all_sections, get_section, grid
from ..table_view import table_out
from ..tables import TableStore

router = APIRouter()


@dataclass(frozen=True, slots=True)
class Tonight:
    """The section the evening is about, with its dashboard's marks (None for a section of results only)."""

    section: SectionBrief
    marks: Marks | None


@router.get("/api/health", tags=["meta"])
def health() -> dict[str, str]:
    """Always ``{"status": "ok"}`` while the server runs (no login)."""
    return {"status": "ok"}


@router.get("/", include_in_schema=False)
def home(request: Request, account: Annotated[Account, Depends(READER)]) -> Response:
    store: TableStore = request.app.state.tables
    tables = [table_out(t.state, t.id) for t in reversed(store.all())]
    tonight = None
    with store.register.transaction() as db:
        sections = all_sections(db)[:10]
        if sections and account.role in (Role.DIRECTOR, Role.SCORER):
            newest = sections[0]  # the newest section: tonight's session
            section = get_section(db, newest.id)
            marked = None if results_only(section) else marks(db, section, grid(db, section), store)
            tonight = Tonight(newest, marked)
    return render(request, "home.html", tables=tables, sections=sections, tonight=tonight)
