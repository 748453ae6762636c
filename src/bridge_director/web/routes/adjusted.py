"""The adjusted-score calculator: a page (a GET form, so a link can prefill it) and the same over JSON."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from pydantic import ValidationError

from ...errors import BridgeError
from ..accounts import Account
from ..adjusted_calc import KINDS, AdjustedIn, AdjustedOut, compute, contract_scores
from ..pages import render
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


@router.get("/adjusted", include_in_schema=False)
def adjusted_page(request: Request, account: Annotated[Account, Depends(READER)]) -> Response:
    query = request.query_params
    data = {k: query[k] for k in PARAMS if query.get(k, "").strip()}
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
    contract, declarer, board = query.get("contract", ""), query.get("declarer", ""), query.get("board", "")
    if contract and declarer and board.isdigit():
        try:
            hints = contract_scores(contract, declarer, int(board))
        except BridgeError as err:
            error = error or str(err)
    return render(request, "adjusted.html", status_code=422 if error else 200, form=form, kinds=KINDS,
                  result=result, error=error, hints=hints, contract=contract, declarer=declarer, board=board)
