"""The busiest write, a table's new result (``POST /api/sections/{id}/results``), answered without the app's
routing: an ASGI middleware inside the session and body-limit middlewares, so the cookie, the security headers
and the size limit are the app's own.

It takes only the plain case: a logged-in account of the register's own accounts, the CSRF header right, a JSON
body that reads as ``ResultEntryIn``, and a result the short way stores (``club.quick_results``: the checks
against what this process has read of the section, and one statement that writes only if all of it still holds).
Anything else (no session, a wrong token, a body the schema refuses, a result refused or sent again, a section
changed since it was read) goes on to the route with the body as it came, and nothing has been written: the
route answers exactly as it would have, refusals, conflicts and retries alike.
"""

from __future__ import annotations

import hmac
import json
import re
from typing import Any

from pydantic import ValidationError
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..club.quick_results import SectionPlans, quick_store
from ..club.results import ResultIn
from ..register.checked_insert import Writer
from .accounts import DEACTIVATED, Permission, Role
from .db_accounts import DatabaseAccountStore
from .register_access import in_register
from .security import CSRF_HEADER, SESSION_CSRF, SESSION_GENERATION, SESSION_USER, client_address
from .session_schemas import ResultEntryIn, ResultOut

_PATH = re.compile(r"/api/sections/([1-9][0-9]{0,9})/results")
_LARGEST_ID = 2**31 - 1
_TOKEN_HEADER = CSRF_HEADER.lower().encode()
#: the roles that may write scores, as the statement checks them
WRITERS = tuple(role.value for role in Role if role.can(Permission.WRITE_SCORES))


class QuickResults:
    """ASGI middleware: a new result stored the short way where it can be (the module's docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        section = _section_of(scope)
        if section is None:
            await self.app(scope, receive, send)
            return
        body, error = await _read_body(receive)
        answer = None if error is not None else await _quick(scope, section, body)
        if answer is None:
            await self.app(scope, _replay(body, error, receive), send)
            return
        await send({"type": "http.response.start", "status": 201,
                    "headers": [(b"content-length", str(len(answer)).encode()),
                                (b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": answer})


def _section_of(scope: Scope) -> int | None:
    """The section of a result's POST that may go the short way (a JSON body of a declared length)."""
    if scope["type"] != "http" or scope["method"] != "POST" or scope.get("root_path"):
        return None
    found = _PATH.fullmatch(scope["path"])
    if found is None or int(found[1]) > _LARGEST_ID:
        return None
    headers = dict(scope["headers"])
    if b"content-length" not in headers or not headers.get(b"content-type", b"").startswith(b"application/json"):
        return None
    return int(found[1])


async def _read_body(receive: Receive) -> tuple[bytes, Exception | None]:
    """The whole body, or what came of it and the error that stopped it (the body limit's)."""
    parts: list[bytes] = []
    try:
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(parts), ConnectionError("the client went away")
            parts.append(message.get("body", b""))
            if not message.get("more_body", False):
                return b"".join(parts), None
    except Exception as err:  # given back to the route, which answers it as before
        return b"".join(parts), err


def _replay(body: bytes, error: Exception | None, receive: Receive) -> Receive:
    """The request's body again, for the route; then what the client sends next (or the error reading met)."""
    given = False

    async def again() -> Message:
        nonlocal given
        if not given:
            given = True
            if error is not None:
                raise error
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again


async def _quick(scope: Scope, section: int, body: bytes) -> bytes | None:
    """The answer to a result stored the short way; None when the route must answer (nothing written)."""
    app = scope["app"]
    plans: SectionPlans | None = getattr(app.state, "result_plans", None)
    accounts = app.state.accounts
    if plans is None or not isinstance(accounts, DatabaseAccountStore) or accounts.register is not plans.register:
        return None
    session: dict[str, Any] = scope.get("session", {})
    user, generation, expected = session.get(SESSION_USER), session.get(SESSION_GENERATION), session.get(SESSION_CSRF)
    supplied = next((value for name, value in scope["headers"] if name == _TOKEN_HEADER), b"")
    if not (isinstance(user, str) and isinstance(generation, int) and isinstance(expected, str) and supplied
            and hmac.compare_digest(expected.encode(), supplied)):
        return None
    try:
        entry = ResultEntryIn.model_validate(json.loads(body))
    except (ValueError, ValidationError):
        return None
    writer = Writer(user, generation, WRITERS, DEACTIVATED, client_address(Request(scope)))
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
