"""A ruling that changes no score, recorded the short way (``quick_writes``): the body read as the route reads it,
the ruling stored by ``club.quick_rulings.quick_ruling``, the answer the route's."""

from __future__ import annotations

import json
import re

from pydantic import ValidationError
from starlette.types import Scope

from ..club.quick_rulings import quick_ruling
from ..club.travellers import RESULTS_SESSION
from ..register.checked_insert import Writer
from .api_schemas import RegisterRulingOut, RulingIn
from .register_access import in_register


async def ruling_answer(scope: Scope, matched: re.Match[str], body: bytes, writer: Writer) -> bytes | None:
    """The answer to a ruling recorded the short way; None when the route must answer (nothing written)."""
    boards = scope["app"].state.quick_writes.boards
    try:
        given = RulingIn.model_validate(json.loads(body))
    except (ValueError, ValidationError):
        return None
    session = given.session.strip() or RESULTS_SESSION
    director, laws = given.director.strip(), given.laws.strip()
    facts, options, decision = given.facts.strip(), given.options.strip(), given.decision.strip()
    made = await in_register(boards.register, lambda: quick_ruling(
        boards, kind=given.kind, director=director, laws=laws, event=given.event, session=session,
        board=given.board, facts=facts, options=options, decision=decision, writer=writer))
    if made is None:
        return None
    ruling_id, ruled_at = made
    placed = given.event is not None and given.board is not None
    return RegisterRulingOut(
        id=ruling_id, version=1, event=given.event.strip() if placed and given.event is not None else None,
        board=given.board if placed else None, kind=given.kind, director=director, ruled_at=ruled_at, laws=laws,
        facts=facts, options=options, decision=decision, appeal=None, appeal_outcome=None, decisions=[],
        penalties=[]).model_dump_json().encode()
