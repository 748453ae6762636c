"""Sessions, CSRF tokens and permission checks.

The session is a signed, HttpOnly, SameSite=strict cookie (Secure unless the settings say otherwise);
it holds the username and a CSRF token.  Every POST carries that token, in the ``csrf_token`` form
field or the ``X-CSRF-Token`` header, except the login itself.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Awaitable, Callable
from urllib.parse import quote

from fastapi import Request

from .accounts import Account, AccountStore, Permission

SESSION_USER = "user"
SESSION_CSRF = "csrf"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"


class LoginRequired(Exception):
    """No one is logged in (401 for the API, a redirect to the login page for pages)."""

    def __init__(self, path: str) -> None:
        super().__init__("log in first")
        self.path = path

    @property
    def login_url(self) -> str:
        return f"/login?next={quote(self.path)}"


class Forbidden(Exception):
    """Logged in, but the role does not allow this (403), or the CSRF token is missing or wrong."""


def csrf_token(request: Request) -> str:
    """The session's CSRF token, created on first use."""
    token = request.session.get(SESSION_CSRF)
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        request.session[SESSION_CSRF] = token
    return token


def start_session(request: Request, account: Account) -> str:
    """Log ``account`` in: a fresh session with a fresh CSRF token (returned)."""
    request.session.clear()
    request.session[SESSION_USER] = account.username
    return csrf_token(request)


def end_session(request: Request) -> None:
    request.session.clear()


def store_of(request: Request) -> AccountStore:
    store: AccountStore = request.app.state.accounts
    return store


def current_account(request: Request) -> Account | None:
    name = request.session.get(SESSION_USER)
    if not isinstance(name, str):
        return None
    account = store_of(request).get(name)
    return account if account is not None and account.active else None


async def _supplied_token(request: Request) -> str:
    header = request.headers.get(CSRF_HEADER)
    if header:
        return header
    content_type = request.headers.get("content-type", "")
    if content_type.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        value = (await request.form()).get(CSRF_FIELD)
        return value if isinstance(value, str) else ""
    return ""


async def check_csrf(request: Request) -> None:
    """Refuse a write whose token does not match the session's."""
    expected = request.session.get(SESSION_CSRF)
    supplied = await _supplied_token(request)
    if not isinstance(expected, str) or not hmac.compare_digest(expected.encode(), supplied.encode()):
        raise Forbidden("the form has expired or did not come from this site (CSRF token missing or wrong); "
                        "reload the page and try again")


def require(permission: Permission) -> Callable[[Request], Awaitable[Account]]:
    """A dependency: the logged-in account, if its role has ``permission``; writes also pass the CSRF check."""
    async def dependency(request: Request) -> Account:
        account = current_account(request)
        if account is None:
            raise LoginRequired(request.url.path)
        if not account.role.can(permission):
            raise Forbidden(f"a {account.role.value} may not {permission.value}")
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            await check_csrf(request)
        return account
    return dependency


READER = require(Permission.READ)
SCORER = require(Permission.WRITE_SCORES)
DIRECTOR = require(Permission.WRITE_TABLE)
