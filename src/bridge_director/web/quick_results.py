"""A table's new result the short way (``quick_writes``): the body read as the route reads it, the result
stored by ``club.quick_results.quick_store``, the answer the route's."""

from __future__ import annotations

import json
import re

from pydantic import ValidationError
from starlette.types import Scope

from ..club.quick_results import quick_store
from ..club.results import ResultIn
from ..register.checked_insert import Writer
from .register_access import in_register
from .session_schemas import ResultEntryIn, ResultOut


async def result_answer(scope: Scope, matched: re.Match[str], body: bytes, writer: Writer) -> bytes | None:
    """The answer to a result stored the short way; None when the route must answer (nothing written)."""
    plans = scope["app"].state.quick_writes.plans
    section = int(matched[1])
    try:
        entry = ResultEntryIn.model_validate(json.loads(body))
    except (ValueError, ValidationError):
        return None
    detail = f"section {section}, round {entry.round}, table {entry.table}, board {entry.board}"
    result = ResultIn(entry.contract, entry.declarer, entry.tricks, entry.lead, entry.status)
    stored = await in_register(plans.register, lambda: quick_store(
        plans, section, entry.round, entry.table, entry.board, result, writer, detail, ns=entry.ns, ew=entry.ew))
    if stored is None:
        return None
    return ResultOut(id=stored.id, section=section, round=stored.round_no, table=stored.table_no, board=stored.board,
                     ns=stored.ns, ew=stored.ew, status=stored.status, contract=stored.contract,
                     declarer=stored.declarer, tricks=stored.tricks, lead=stored.lead, ns_score=stored.ns_score,
                     ns_award=None, ew_award=None, text=stored.text, version=stored.version,
                     entered_by=stored.entered_by, changes=[]).model_dump_json().encode()
