"""Director accounts: roles, argon2 password hashes, and the store they live in.

The store is a protocol so that the web app runs on memory (tests, demo) or on the register's database.

>>> store = MemoryAccountStore()
>>> _ = store.add("td", "correct horse", Role.DIRECTOR)
>>> authenticate(store, "td", "correct horse").role.can(Permission.WRITE_TABLE)
True
>>> authenticate(store, "td", "wrong password") is None
True
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, replace
from enum import Enum
from typing import Protocol

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ..errors import BridgeError

_HASHER = PasswordHasher()
_USERNAME = re.compile(r"^[a-z0-9][a-z0-9._-]{1,39}$")
MIN_PASSWORD = 8
MAX_FULL_NAME = 100


class Permission(Enum):
    """What a request may do."""

    READ = "read"
    WRITE_SCORES = "write scores"
    WRITE_TABLE = "write table and register"


class Role(Enum):
    """A director writes everything; a scorer writes scores; a viewer reads."""

    DIRECTOR = "director"
    SCORER = "scorer"
    VIEWER = "viewer"

    def can(self, permission: Permission) -> bool:
        allowed = {
            Role.DIRECTOR: set(Permission),
            Role.SCORER: {Permission.READ, Permission.WRITE_SCORES},
            Role.VIEWER: {Permission.READ},
        }
        return permission in allowed[self]

    @classmethod
    def parse(cls, text: str) -> Role:
        for role in cls:
            if role.value == text.strip().lower():
                return role
        raise BridgeError(f"not a role: {text!r} (director, scorer or viewer)", field="role")


DEACTIVATED = "!deactivated"


@dataclass(frozen=True, slots=True)
class Account:
    """A login: the name, the role and the argon2 hash of the password (never the password).

    A deactivated account keeps its name and role but its hash is ``DEACTIVATED``: no password matches it
    and its open sessions end.  ``generation`` is the account's session generation: a session remembers the
    one it was made in, and the store raises it on every change of password or role and on a logout, which ends
    every session made before.  ``full_name`` is the person's name (empty: none), the name a written ruling shows
    the players instead of the login; a change of name ends no session.
    """

    username: str
    role: Role
    password_hash: str
    generation: int = 0
    full_name: str = ""

    @property
    def active(self) -> bool:
        return self.password_hash != DEACTIVATED


class AccountStore(Protocol):
    """Where accounts are kept."""

    def get(self, username: str) -> Account | None: ...

    def put(self, account: Account) -> None:
        """Create or replace; a change of password or role raises the generation (ending open sessions)."""

    def end_sessions(self, username: str) -> None:
        """End every open session of the account (raise its generation)."""

    def count(self) -> int: ...

    def all(self) -> list[Account]: ...


def check_username(username: str) -> str:
    """A username is 2-40 lower-case letters, digits, dots, dashes or underscores."""
    name = username.strip().lower()
    if not _USERNAME.match(name):
        raise BridgeError("a username is 2 to 40 letters, digits, '.', '-' or '_'", field="username")
    return name


def check_full_name(full_name: str) -> str:
    """A full name, stripped: at most 100 characters, on one line; empty is no name.

    >>> check_full_name("  Jane Director ")
    'Jane Director'
    >>> check_full_name("x" * 101)
    Traceback (most recent call last):
    ...
    bridge_director.errors.BridgeError: full_name: the full name is at most 100 characters (101 given)
    """
    name = full_name.strip()
    if len(name) > MAX_FULL_NAME:
        raise BridgeError(f"the full name is at most {MAX_FULL_NAME} characters ({len(name)} given)",
                          field="full_name")
    if any(not ch.isprintable() for ch in name):
        raise BridgeError("the full name is one line of printable characters", field="full_name")
    return name


def hash_password(password: str) -> str:
    if len(password) < MIN_PASSWORD:
        raise BridgeError(f"a password has at least {MIN_PASSWORD} characters", field="password")
    return _HASHER.hash(password)


def new_account(username: str, password: str, role: Role, full_name: str = "") -> Account:
    return Account(check_username(username), role, hash_password(password), full_name=check_full_name(full_name))


_DUMMY_HASH = _HASHER.hash("not a real password")


def authenticate(store: AccountStore, username: str, password: str) -> Account | None:
    """The account if the password is right; an unknown name costs the same hash as a known one."""
    account = store.get(username.strip().lower())
    if account is not None and not account.active:
        account = None
    try:
        _HASHER.verify(account.password_hash if account else _DUMMY_HASH, password)
    except (VerificationError, InvalidHashError):
        return None
    return account


class MemoryAccountStore:
    """Accounts kept in memory (tests and the demo)."""

    def __init__(self) -> None:
        self._accounts: dict[str, Account] = {}
        self._lock = threading.Lock()

    def get(self, username: str) -> Account | None:
        return self._accounts.get(username)

    def put(self, account: Account) -> None:
        with self._lock:
            old = self._accounts.get(account.username)
            generation = 0 if old is None else old.generation + ((old.role, old.password_hash)
                                                                 != (account.role, account.password_hash))
            self._accounts[account.username] = replace(account, generation=generation)

    def end_sessions(self, username: str) -> None:
        with self._lock:
            old = self._accounts.get(username)
            if old is not None:
                self._accounts[username] = replace(old, generation=old.generation + 1)

    def count(self) -> int:
        return len(self._accounts)

    def all(self) -> list[Account]:
        return sorted(self._accounts.values(), key=lambda a: a.username)

    def add(self, username: str, password: str, role: Role, full_name: str = "") -> Account:
        """Create (or replace) an account from a clear password."""
        account = new_account(username, password, role, full_name)
        self.put(account)
        return account
