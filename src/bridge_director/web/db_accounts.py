"""Accounts in the register's database: the ``AccountStore`` of a server that keeps its data.

>>> from bridge_director.register import Register
>>> store = DatabaseAccountStore(Register("sqlite://"))
>>> _ = store.add("td", "correct horse", Role.DIRECTOR, "Jane Director")
>>> store.get("td").role, store.get("td").full_name, store.count(), store.get("nobody")
(<Role.DIRECTOR: 'director'>, 'Jane Director', 1, None)
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..register import Register
from ..register.accounts import AccountRecord, account_row, count_accounts, end_sessions, save_account
from .accounts import Account, Role, new_account


class DatabaseAccountStore:
    """Accounts in the register's ``accounts`` table; every write is one transaction."""

    def __init__(self, register: Register) -> None:
        self.register = register

    def get(self, username: str) -> Account | None:
        with self.register.reading() as connection:
            row = account_row(connection, username)
        if row is None:
            return None
        name, role, password_hash, generation, full_name = row
        return Account(name, Role.parse(role), password_hash, generation, full_name or "")

    def put(self, account: Account) -> None:
        with self.register.transaction() as db:
            self.put_in(db, account)

    @staticmethod
    def put_in(db: Session, account: Account) -> None:
        """``put`` in the caller's transaction (an account change and its audit entry are stored together)."""
        save_account(db, account.username, account.role.value, account.password_hash, account.full_name or None)

    def end_sessions(self, username: str) -> None:
        with self.register.transaction() as db:
            end_sessions(db, username)

    def all(self) -> list[Account]:
        with self.register.transaction() as db:
            records = db.scalars(select(AccountRecord).order_by(AccountRecord.username))
            return [Account(r.username, Role.parse(r.role), r.password_hash, r.session_generation, r.full_name or "")
                    for r in records]

    def count(self) -> int:
        with self.register.transaction() as db:
            return count_accounts(db)

    def add(self, username: str, password: str, role: Role, full_name: str = "") -> Account:
        """Create (or replace) an account from a clear password."""
        account = new_account(username, password, role, full_name)
        self.put(account)
        return account
