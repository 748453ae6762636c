"""Logging in and out: a page form and the JSON API; each login, refused login and logout in the audit log."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from ..accounts import Account, authenticate
from ..audit import LOGIN, LOGIN_REFUSED, LOGOUT, note_alone
from ..cookie_check import INSECURE, SESSION_COOKIE, CookieRefused, cookie_refused_reason, insecure_origin
from ..login_limit import LoginLimiter
from ..pages import render
from ..schemas import ErrorOut, LoginIn, SessionOut
from ..security import (
    READER,
    LoginRequired,
    check_csrf,
    client_address,
    csrf_token,
    current_account,
    end_session,
    start_session,
    store_of,
)

router = APIRouter()
BAD_LOGIN = "unknown username or wrong password"


class TooManyAttempts(Exception):
    """Too many failed logins for this username from this address, or from this address (429)."""

    def __init__(self, seconds: int) -> None:
        super().__init__(f"too many failed logins: wait {seconds} seconds and try again")
        self.seconds = seconds


def limiter(request: Request) -> LoginLimiter:
    found: LoginLimiter = request.app.state.login_limiter
    return found


def checked_login(request: Request, username: str, password: str) -> Account | None:
    """``authenticate``, refused with ``TooManyAttempts`` while this address must wait for this username (or for
    any); a wrong password is counted and logged, a right one logged."""
    limit, where = limiter(request), client_address(request)
    wait = limit.wait(username, where)
    if wait:
        raise TooManyAttempts(wait)
    account = authenticate(store_of(request), username, password)
    if account is None:
        limit.failed(username, where)
        note_alone(request, LOGIN_REFUSED, detail="unknown username or wrong password",
                   who=username.strip().lower()[:40] or "-")
    else:
        limit.succeeded(username, where)
        note_alone(request, LOGIN, who=account.username)
    return account


def logout(request: Request) -> None:
    """End every session of the logged-in account, and log it."""
    account = current_account(request)
    end_session(request)
    if account is not None:
        note_alone(request, LOGOUT, detail="every session of the account ended", who=account.username)


def _safe_next(target: str) -> str:
    """Only a path on this site (no scheme, no host) is followed after login."""
    return target if target.startswith("/") and not target.startswith("//") and "\\" not in target else "/"


@router.get("/login", include_in_schema=False)
def login_page(request: Request, next: str = "/") -> Response:
    """The login form; over plain http from another machine it says at once that the login cannot work there."""
    notice = INSECURE if insecure_origin(request) else None
    return render(request, "login.html", next=_safe_next(next), notice=notice)


async def cookie_kept(request: Request) -> None:
    """The login page set the session cookie (it holds the form's CSRF token): a form posted without it comes from
    a browser that did not keep it, and says so in plain words instead of a refusal or a loop back to the login."""
    if SESSION_COOKIE not in request.cookies:
        raise CookieRefused(cookie_refused_reason(request))


@router.post("/login", include_in_schema=False, dependencies=[Depends(cookie_kept), Depends(check_csrf)])
async def login_form(request: Request, username: Annotated[str, Form(max_length=40)],
                     password: Annotated[str, Form(max_length=200)], next: Annotated[str, Form()] = "/") -> Response:
    """The login page's form: the session cookie and its CSRF token are checked before anything else (the page
    gave the browser both)."""
    try:
        account = checked_login(request, username, password)
    except TooManyAttempts as err:
        return render(request, "login.html", status_code=429, error=str(err), next=_safe_next(next),
                      headers={"Retry-After": str(err.seconds)})
    if account is None:
        return render(request, "login.html", status_code=401, error=BAD_LOGIN, next=_safe_next(next))
    start_session(request, account)
    return RedirectResponse(_safe_next(next), status_code=303)


@router.post("/logout", include_in_schema=False, dependencies=[Depends(check_csrf)])
async def logout_form(request: Request) -> Response:
    logout(request)
    return RedirectResponse("/login", status_code=303)


@router.post("/api/login", response_model=SessionOut, tags=["session"],
             responses={401: {"description": BAD_LOGIN},
                        429: {"model": ErrorOut, "description": "too many failed logins; see Retry-After"}})
def api_login(request: Request, body: LoginIn) -> SessionOut | Response:
    """Log in; the answer carries the CSRF token every other POST must send as ``X-CSRF-Token``.

    After too many failed attempts from this address for this username, or from this address for any, a login is
    refused with 429 and ``Retry-After`` (waits that double); other addresses are not affected."""
    try:
        account = checked_login(request, body.username, body.password)
    except TooManyAttempts as err:
        return JSONResponse({"detail": str(err), "law": None, "field": "username"}, status_code=429,
                            headers={"Retry-After": str(err.seconds)})
    if account is None:
        raise LoginRequired(request.url.path)
    token = start_session(request, account)
    return SessionOut(username=account.username, role=account.role.value, csrf_token=token)


@router.post("/api/logout", status_code=204, tags=["session"])
def api_logout(request: Request, account: Annotated[Account, Depends(READER)]) -> Response:
    """End the session, and every other session of the account."""
    logout(request)
    return Response(status_code=204)


@router.get("/api/session", response_model=SessionOut, tags=["session"])
def api_session(request: Request, account: Annotated[Account, Depends(READER)]) -> SessionOut:
    """Who is logged in, and the session's CSRF token."""
    return SessionOut(username=account.username, role=account.role.value, csrf_token=csrf_token(request))
