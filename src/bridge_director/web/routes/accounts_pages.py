"""Accounts management (directors only): create scorer and viewer accounts, reset a password, change a scorer to
a viewer or back, deactivate, and give any account (one's own too) the full name its written rulings show the
players.

A new or reset password is made here (never typed by the director) and shown once; only its argon2 hash is
stored.  Every form carries the CSRF token; a director cannot deactivate or demote his own account.  A reset or
a deactivation ends the account's open sessions at once; every change is in the audit log, stored with it.
A name is not a credential: changing it ends no session.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from starlette.datastructures import FormData

from ...errors import BridgeError
from ..accounts import DEACTIVATED, MAX_FULL_NAME, Account, Role, check_full_name, check_username, hash_password
from ..audit import ACCOUNT, note, note_alone, server_register
from ..db_accounts import DatabaseAccountStore
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


def _full_name(form: FormData) -> str:
    """The form's full name, stripped; too long or not one line is refused, naming the field."""
    return check_full_name(text(form, "full_name", max_length=MAX_FULL_NAME, label="the full name"))


def _save(request: Request, account: Account, what: str) -> None:
    """Store the account and its audit entry: in one transaction when the accounts are in the server's register."""
    store, target = store_of(request), f"account {account.username}"
    if isinstance(store, DatabaseAccountStore) and store.register is server_register(request):
        with store.register.transaction() as db:
            store.put_in(db, account)
            note(db, request, ACCOUNT, target, what)
        return
    store.put(account)
    note_alone(request, ACCOUNT, target, what)


@router.get("/accounts")
def accounts_page(request: Request, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    return _page(request)


@router.post("/accounts")
async def create_account(request: Request, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    form = await request.form()
    try:
        name = check_username(text(form, "username", max_length=40, required=True, label="the username"))
        role = Role.parse(choice(form, "role", NEW_ROLES))
        full_name = _full_name(form)
        if store_of(request).get(name) is not None:
            raise BridgeError(f"there is already an account called {name!r}", field="username")
        password = new_password()
        _save(request, Account(name, role, hash_password(password), full_name=full_name),
              f"created ({role.value})" + (f", full name {full_name!r}" if full_name else ""))
    except BridgeError as err:
        return _page(request, 422, str(err))
    return _page(request, notice=f"{name} ({role.value}) created" + (f" for {full_name}" if full_name else ""),
                 password=(name, password))


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
        _save(request, replace(target, password_hash=hash_password(password)),
              "password reset; open sessions ended" + ("" if target.active else "; active again"))
    except BridgeError as err:
        return _page(request, 422, str(err))
    return _page(request, notice=f"new password for {target.username}"
                 + ("" if target.active else " (the account is active again)"), password=(target.username, password))


@router.post("/accounts/{username}/role")
async def change_role(request: Request, username: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """A scorer becomes a viewer or a viewer a scorer; the account's open sessions end."""
    try:
        target = _other(request, account, username[:40])
        role = Role.parse(choice(await request.form(), "role", NEW_ROLES))
        if role is target.role:
            raise BridgeError(f"{target.username} is already a {role.value}", field="role")
        if target.role.value not in NEW_ROLES:
            raise BridgeError(f"{target.username} is a {target.role.value}; only a scorer or a viewer changes role "
                              "here", field="role")
        _save(request, replace(target, role=role),
              f"role {target.role.value} -> {role.value}; open sessions ended")
    except BridgeError as err:
        return _page(request, 422, str(err))
    return _page(request, notice=f"{target.username} is now a {role.value}; the account's open sessions have ended")


@router.post("/accounts/{username}/deactivate")
async def deactivate(request: Request, username: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    try:
        target = _other(request, account, username[:40])
        _save(request, replace(target, password_hash=DEACTIVATED), "deactivated; open sessions ended")
    except BridgeError as err:
        return _page(request, 422, str(err))
    return _page(request, notice=f"{target.username} deactivated: the account can no longer log in, and its "
                                 "open sessions have ended; a password reset makes it active again")


@router.post("/accounts/{username}/name")
async def change_name(request: Request, username: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """Set, change or (empty) remove an account's full name, one's own too; no session ends."""
    try:
        target = store_of(request).get(username[:40].strip().lower())
        if target is None:
            raise BridgeError(f"no account called {username[:40]!r}", field="username")
        full_name = _full_name(await request.form())
        if full_name == target.full_name:
            raise BridgeError(f"{target.username}'s full name is already {full_name!r}" if full_name
                              else f"{target.username} has no full name", field="full_name")
        _save(request, replace(target, full_name=full_name),
              f"full name {target.full_name!r} -> {full_name!r}" if target.full_name else f"full name {full_name!r}")
    except BridgeError as err:
        return _page(request, 422, str(err))
    return _page(request, notice=f"{target.username}'s full name is now {full_name}" if full_name
                 else f"{target.username} has no full name now: the written rulings show the login")
