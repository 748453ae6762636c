"""Uploaded travellers over the API: a PBN, CSV or USEBIO file (multipart) into a section of results only of the
event's session.  Scorers and directors upload; the section is then read, ranked, ruled on and exported through
``/api/sections/{sid}`` as any other.  A refused file answers 422 with one line naming the file, line and field,
and stores nothing."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, File, Form, Request, UploadFile

from ...errors import BridgeError
from ..accounts import Account
from ..security import SCORER
from ..session_schemas import SectionUploadOut
from ..session_view import club_register
from ..uploads import read_upload, store_upload, upload_limit
from .api_sessions import CONFLICT, REFUSED

router = APIRouter(prefix="/api", tags=["session"])


@router.post("/sections/upload", status_code=201, response_model=SectionUploadOut, responses={**REFUSED, **CONFLICT})
def upload_api(request: Request, account: Annotated[Account, Depends(SCORER)],
                     event: Annotated[str, Form(min_length=1, max_length=200, examples=["Tuesday pairs"])],
                     file: Annotated[UploadFile, File(description="travellers: .pbn, .csv or USEBIO .xml")],
                     session: Annotated[str, Form(max_length=100, description="default: Results")] = ""
                     ) -> SectionUploadOut:
    """Store travellers as a section of results only (a board uploaded again replaces its earlier lines; a PBN
    file's deals are kept); the section must score by its method before anything stays."""
    limit = upload_limit(request)
    name = file.filename or ""
    if not name:
        raise BridgeError("the file needs its name (.pbn, .csv or .xml)", field="file")
    content = file.file.read(limit + 1)  # a plain route: read and scored in a worker thread
    if len(content) > limit:
        raise BridgeError(f"{name}: the file is larger than {limit // 1000} kB", field="file")
    found = read_upload(name, content)
    with club_register(request).transaction() as db:
        stored = store_upload(db, request, found, event, session)
        section = stored.section
        return SectionUploadOut(id=section.id, event=section.session.event.name, session=section.session.name,
                                letter=section.letter, method=section.method, stored=stored.lines,
                                url=f"/sessions/{section.id}")
