"""The adjusted-score calculator: a page (a GET form, so a link can prefill it) and the same over JSON."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from pydantic import ValidationError

from ...errors import BridgeError
from ...model.numbers import is_whole
from ..accounts import Account
from ..adjusted_calc import KINDS, AdjustedIn, AdjustedOut, compute, contract_scores
from ..board_fields import board_deal, board_field
from ..dd_view import dd_table
from ..pages import render
from ..register_access import event_names
from ..schemas import ErrorOut
from ..security import READER
from .table_pages import validation_message

router = APIRouter()
PARAMS = tuple(AdjustedIn.model_fields)


@router.post("/api/adjusted", response_model=AdjustedOut, tags=["scores"],
             responses={422: {"model": ErrorOut, "description": "refused, with the law or field"}})
async def api_adjusted(body: AdjustedIn, account: Annotated[Account, Depends(READER)]) -> AdjustedOut:
    """Compute an adjusted score (weighted on matchpoints or IMPs, artificial) with every step shown."""
    return compute(body)


def _from_event(request: Request, event: str, board: str) -> tuple[list[int], str | None, list[str]]:
    """The field of NS scores and the deal of ``board`` of ``event`` (if the app has a register), and the events."""
    register = request.app.state.register
    if register is None:
        return [], None, []
    with register.transaction() as db:
        names = event_names(db)
        if not event or not is_whole(board) or event not in names:
            return [], None, names
        return board_field(db, event, int(board)), board_deal(db, event, int(board)), names


@router.get("/adjusted", include_in_schema=False)
def adjusted_page(request: Request, account: Annotated[Account, Depends(READER)]) -> Response:
    query = request.query_params
    data = {k: query[k] for k in PARAMS if query.get(k, "").strip()}
    event, board = query.get("event", "")[:200], query.get("board", "")[:4]
    field, deal, events = _from_event(request, event, board)
    if field and "field" not in data:
        data["field"] = ", ".join(str(score) for score in field)
    deal = deal or query.get("deal", "")[:80] or None
    result: AdjustedOut | None = None
    error: str | None = None
    form = AdjustedIn()
    try:
        form = AdjustedIn.model_validate(data, strict=False)
        if "go" in query:
            result = compute(form)
    except ValidationError as err:
        error = validation_message(err)
    except BridgeError as err:
        error = str(err)
    hints: list[tuple[int, str, int]] = []
    contract, declarer = query.get("contract", "")[:12], query.get("declarer", "")[:5]
    if contract and declarer and is_whole(board):
        try:
            hints = contract_scores(contract, declarer, int(board))
        except BridgeError as err:
            error = error or str(err)
    dd, dd_error = None, None
    if deal and is_whole(board):
        try:
            dd = dd_table(deal, int(board), contract if hints else "", declarer if hints else "")
        except BridgeError as err:
            dd_error = str(err)
    return render(request, "adjusted.html", status_code=422 if error else 200, form=form, kinds=KINDS,
                  result=result, error=error, hints=hints, contract=contract, declarer=declarer, board=board,
                  event=event, events=events, field_loaded=bool(field), dd=dd, dd_error=dd_error, deal=deal or "")
