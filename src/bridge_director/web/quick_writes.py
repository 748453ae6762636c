"""The busiest writes answered without the app's routing: a table's new result (``POST
/api/sections/{id}/results``, ``quick_results``) and a ruling that changes no score (``POST
/api/register/rulings``, ``quick_rulings``).  An ASGI middleware inside the session and body-limit middlewares,
so the cookie, the security headers and the size limit are the app's own.

It takes only the plain case: a logged-in account of the register's own accounts, the CSRF header right, a JSON
body of a declared length that reads as the route's schema, and a write the short way stores (checks against what
this process has read, and one statement that writes only if all of it still holds: ``register.checked_insert``).
Anything else (no session, a wrong token, a body the schema refuses, a write refused or sent again, something
changed since it was read) goes on to the route with the body as it came, and nothing has been written: the route
answers exactly as it would have, refusals, conflicts and retries alike.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..club.quick_results import SectionPlans
from ..club.quick_rulings import RulingBoards
from ..register import Register
from ..register.checked_insert import Writer
from .accounts import DEACTIVATED, Permission, Role
from .db_accounts import DatabaseAccountStore
from .quick_results import result_answer
from .quick_rulings import ruling_answer
from .security import CSRF_HEADER, SESSION_CSRF, SESSION_GENERATION, SESSION_USER, client_address


@dataclass(frozen=True, slots=True)
class QuickStores:
    """What the short ways read, kept by the app (``app.state.quick_writes``; None: every write by its route)."""

    plans: SectionPlans
    boards: RulingBoards

    @classmethod
    def of(cls, register: Register) -> QuickStores:
        return cls(SectionPlans(register), RulingBoards(register))


#: a short way's answer to a request: the JSON body of its 201, or None for the route to answer
Answer = Callable[[Scope, "re.Match[str]", bytes, Writer], Awaitable[bytes | None]]
_LARGEST_ID = 2**31 - 1
_TOKEN_HEADER = CSRF_HEADER.lower().encode()


def _roles(permission: Permission) -> tuple[str, ...]:
    return tuple(role.value for role in Role if role.can(permission))


#: the writes taken the short way: the path, the roles that may write it, the answer
WRITES: tuple[tuple[re.Pattern[str], tuple[str, ...], Answer], ...] = (
    (re.compile(r"/api/sections/([1-9][0-9]{0,9})/results"), _roles(Permission.WRITE_SCORES), result_answer),
    (re.compile(r"/api/register/rulings"), _roles(Permission.WRITE_TABLE), ruling_answer),
)


class QuickWrites:
    """ASGI middleware: the busiest writes stored the short way where they can be (the module's docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = _write_of(scope)
        if found is None:
            await self.app(scope, receive, send)
            return
        matched, roles, answer = found
        body, error = await _read_body(receive)
        writer = None if error is not None else _writer(scope, roles)
        made = None if writer is None else await answer(scope, matched, body, writer)
        if made is None:
            await self.app(scope, _replay(body, error, receive), send)
            return
        await send({"type": "http.response.start", "status": 201,
                    "headers": [(b"content-length", str(len(made)).encode()),
                                (b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": made})


def _write_of(scope: Scope) -> tuple[re.Match[str], tuple[str, ...], Answer] | None:
    """The write a request is, if it may go the short way (a POST with a JSON body of a declared length)."""
    if scope["type"] != "http" or scope["method"] != "POST" or scope.get("root_path"):
        return None
    found = next(((matched, roles, answer) for pattern, roles, answer in WRITES
                  if (matched := pattern.fullmatch(scope["path"])) is not None), None)
    if found is None or any(int(number) > _LARGEST_ID for number in found[0].groups()):
        return None
    headers = dict(scope["headers"])
    if b"content-length" not in headers or not headers.get(b"content-type", b"").startswith(b"application/json"):
        return None
    return found


def _writer(scope: Scope, roles: tuple[str, ...]) -> Writer | None:
    """Who writes, from the session, if the app's accounts are its register's and the CSRF header is right."""
    state = scope["app"].state
    accounts: Any = state.accounts
    if getattr(state, "quick_writes", None) is None or not isinstance(accounts, DatabaseAccountStore) \
            or accounts.register is not state.tables.register:
        return None
    session: dict[str, Any] = scope.get("session", {})
    user, generation, expected = session.get(SESSION_USER), session.get(SESSION_GENERATION), session.get(SESSION_CSRF)
    supplied = next((value for name, value in scope["headers"] if name == _TOKEN_HEADER), b"")
    if not (isinstance(user, str) and isinstance(generation, int) and isinstance(expected, str) and supplied
            and hmac.compare_digest(expected.encode(), supplied)):
        return None
    return Writer(user, generation, roles, DEACTIVATED, client_address(Request(scope)))


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
