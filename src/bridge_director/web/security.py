"""Sessions, CSRF tokens, permission checks and the client's address.

The session is a signed, HttpOnly, SameSite=strict cookie (Secure unless the settings say otherwise);
it holds the username, the account's session generation when it logged in, and a CSRF token.  Every
request reads the account again and accepts the session only while the generation is the same: a logout,
a password reset, a change of role or a deactivation raises it and so ends every session of the account at
once, on every worker.  Every POST carries the CSRF token, in the ``csrf_token`` form field or the
``X-CSRF-Token`` header, except the login itself.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from collections.abc import Awaitable, Callable
from urllib.parse import quote

from fastapi import Request

from ..errors import BridgeError
from .accounts import Account, AccountStore, Permission

SESSION_USER = "user"
SESSION_CSRF = "csrf"
SESSION_GENERATION = "gen"
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
    """Log ``account`` in: a fresh session in the account's generation with a fresh CSRF token (returned)."""
    request.session.clear()
    request.session[SESSION_USER] = account.username
    request.session[SESSION_GENERATION] = account.generation
    request.state.account = account
    return csrf_token(request)


def end_session(request: Request) -> None:
    """Log out: this cookie is cleared and every session of the account ends (its generation is raised)."""
    name = request.session.get(SESSION_USER)
    request.session.clear()
    request.state.account = None
    if isinstance(name, str):
        store_of(request).end_sessions(name)


def store_of(request: Request) -> AccountStore:
    store: AccountStore = request.app.state.accounts
    return store


def current_account(request: Request) -> Account | None:
    """The logged-in account: active, and in the generation the session was made in (read once per request)."""
    if hasattr(request.state, "account"):
        known: Account | None = request.state.account
        return known
    name, generation = request.session.get(SESSION_USER), request.session.get(SESSION_GENERATION)
    account = store_of(request).get(name) if isinstance(name, str) and isinstance(generation, int) else None
    if account is None or not account.active or account.generation != generation:
        account = None
    request.state.account = account
    return account


def client_address(request: Request) -> str:
    """The client's address: the socket's peer, or, when that peer is a trusted proxy (``--trusted-proxy``),
    the last address in ``X-Forwarded-For`` that is not itself a trusted proxy.  Anything else in the header
    is ignored, so nobody chooses the address the login limit counts by sending the header himself."""
    peer = request.client.host if request.client is not None else "unknown"
    proxies: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = request.app.state.trusted_proxies
    address = peer
    if not proxies or not _within(address, proxies):
        return peer
    for hop in reversed(request.headers.get("x-forwarded-for", "").split(",")):
        try:
            address = str(ipaddress.ip_address(hop.strip()))
        except ValueError:
            return peer
        if not _within(address, proxies):
            return address
    return peer


def _within(address: str, networks: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def proxy_networks(proxies: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """The trusted proxies as networks (an address is a network of one); a wrong one is refused naming it.

    >>> [str(n) for n in proxy_networks(("127.0.0.1", "10.1.0.0/16"))]
    ['127.0.0.1/32', '10.1.0.0/16']
    """
    networks = []
    for proxy in proxies:
        try:
            networks.append(ipaddress.ip_network(proxy.strip(), strict=False))
        except ValueError:
            raise BridgeError(f"not an address or network: {proxy!r}", field="--trusted-proxy") from None
    return tuple(networks)


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


#: who may do what a permission allows, as a refusal says it
WHO_MAY = {Permission.READ: "anyone logged in", Permission.WRITE_SCORES: "a scorer or a director",
           Permission.WRITE_TABLE: "a director"}


def refusal(account: Account, permission: Permission) -> str:
    """The plain sentence a refused account reads.

    >>> from .accounts import Role
    >>> refusal(Account("sam", Role.SCORER, ""), Permission.WRITE_TABLE)
    'Only a director may do this. You are logged in as sam, a scorer.'
    """
    return f"Only {WHO_MAY[permission]} may do this. You are logged in as {account.username}, a {account.role.value}."


def require(permission: Permission) -> Callable[[Request], Awaitable[Account]]:
    """A dependency: the logged-in account, if its role has ``permission``; writes also pass the CSRF check."""
    async def dependency(request: Request) -> Account:
        account = current_account(request)
        if account is None:
            raise LoginRequired(request.url.path)
        if not account.role.can(permission):
            raise Forbidden(refusal(account, permission))
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            await check_csrf(request)
        return account
    return dependency


READER = require(Permission.READ)
SCORER = require(Permission.WRITE_SCORES)
DIRECTOR = require(Permission.WRITE_TABLE)
