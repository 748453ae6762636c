"""Accounts management (directors only): create scorer and viewer accounts, reset a password, deactivate.

A new or reset password is made here (never typed by the director) and shown once; only its argon2 hash is
stored.  Every form carries the CSRF token; a director cannot deactivate or demote his own account.
"""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from ...errors import BridgeError
from ..accounts import DEACTIVATED, Account, Role, check_username, hash_password
from ..forms import choice, text
from ..pages import render
from ..security import DIRECTOR, store_of

router = APIRouter(include_in_schema=False)
NEW_ROLES = ("scorer", "viewer")


def new_password() -> str:
    """A fresh password of 16 characters (about 96 bits)."""
    return secrets.token_urlsafe(12)


def _page(request: Request, status_code: int = 200, error: str | None = None, notice: str | None = None,
          password: tuple[str, str] | None = None) -> Response:
    return render(request, "accounts.html", status_code=status_code, error=error, notice=notice,
                  accounts=store_of(request).all(), roles=NEW_ROLES, password=password)


@router.get("/accounts")
def accounts_page(request: Request, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    return _page(request)


@router.post("/accounts")
async def create_account(request: Request, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    form = await request.form()
    try:
        name = check_username(text(form, "username", max_length=40, required=True, label="the username"))
        role = Role.parse(choice(form, "role", NEW_ROLES))
        if store_of(request).get(name) is not None:
            raise BridgeError(f"there is already an account called {name!r}", field="username")
        password = new_password()
        store_of(request).put(Account(name, role, hash_password(password)))
    except BridgeError as err:
        return _page(request, 422, str(err))
    return _page(request, notice=f"{name} ({role.value}) created", password=(name, password))


def _other(request: Request, me: Account, username: str) -> Account:
    target = store_of(request).get(username.strip().lower())
    if target is None:
        raise BridgeError(f"no account called {username!r}", field="username")
    if target.username == me.username:
        raise BridgeError("you cannot change your own account here; ask another director", field="username")
    return target


@router.post("/accounts/{username}/reset")
async def reset_password(request: Request, username: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    try:
        target = _other(request, account, username[:40])
        password = new_password()
        store_of(request).put(Account(target.username, target.role, hash_password(password)))
    except BridgeError as err:
        return _page(request, 422, str(err))
    return _page(request, notice=f"new password for {target.username}"
                 + ("" if target.active else " (the account is active again)"), password=(target.username, password))


@router.post("/accounts/{username}/deactivate")
async def deactivate(request: Request, username: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    try:
        target = _other(request, account, username[:40])
        store_of(request).put(Account(target.username, target.role, DEACTIVATED))
    except BridgeError as err:
        return _page(request, 422, str(err))
    return _page(request, notice=f"{target.username} deactivated: the account can no longer log in, and its "
                                 "open sessions have ended; a password reset makes it active again")
