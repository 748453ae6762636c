"""Login accounts of the web app, kept in the register's database beside the records they write.

Only the argon2 hash of a password is stored (the web layer hashes it).  The role is plain text
(``director``, ``scorer``, ``viewer``) so the register does not depend on the web layer.  Accounts are
left out of the register's JSON export: a backup of rulings must not carry password hashes.

An account may have a full name (``full_name``, NULL when none): the name the players read on a written
ruling.  A ruling keeps the login it was made under (the audit key); ``full_names`` finds the names for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, String, bindparam, func, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..errors import RegisterError
from .models import Base, utcnow
from .plain import Plain

ROLES = ("director", "scorer", "viewer")


class AccountRecord(Base):
    """A login: unique lower-case username, role, argon2 password hash, and the person's full name if given."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(40), unique=True)
    role: Mapped[str] = mapped_column(String(16))
    password_hash: Mapped[str] = mapped_column(String(255))
    #: the name a written ruling shows the players (migration 0012); None: the login is shown
    full_name: Mapped[str | None] = mapped_column(String(100), default=None)
    #: raised by every change of password or role and by a logout: a session made before it has ended
    session_generation: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


def find_account(db: Session, username: str) -> AccountRecord | None:
    """The account called ``username``, or None."""
    return db.scalars(select(AccountRecord).where(AccountRecord.username == username)).one_or_none()


def account_row(connection: Connection, username: str) -> tuple[Any, ...] | None:
    """``find_account``'s username, role, hash, generation and full name, read on a plain connection (a request's
    first read, made before anything else: no ORM object is needed)."""
    return _ACCOUNT_ROW.one_or_none(connection, {"username": username})


#: ``account_row``'s statement, built once (building it costs more than the read it makes)
_ACCOUNT_ROW = Plain(select(AccountRecord.username, AccountRecord.role, AccountRecord.password_hash,
                            AccountRecord.session_generation, AccountRecord.full_name).where(
    AccountRecord.username == bindparam("username", type_=String)))


def save_account(db: Session, username: str, role: str, password_hash: str,
                 full_name: str | None = None) -> AccountRecord:
    """Create the account, or replace its role, hash and full name if it exists; a change of role or hash ends its
    open sessions (a change of name does not)."""
    if role not in ROLES:
        raise RegisterError(f"not a role: {role!r} ({', '.join(ROLES)})", field="role")
    record = find_account(db, username)
    if record is None:
        record = AccountRecord(username=username, role=role, password_hash=password_hash, full_name=full_name)
        db.add(record)
    else:
        if (record.role, record.password_hash) != (role, password_hash):
            record.role, record.password_hash = role, password_hash
            record.session_generation = AccountRecord.session_generation + 1
        record.full_name = full_name
    db.flush()
    return record


def full_names(db: Session, usernames: Iterable[str]) -> dict[str, str]:
    """The full name of each of ``usernames`` that is an account with one (username -> name); the others are
    left out."""
    wanted = sorted(set(usernames))
    if not wanted:
        return {}
    rows = db.execute(select(AccountRecord.username, AccountRecord.full_name)
                      .where(AccountRecord.username.in_(wanted), AccountRecord.full_name.is_not(None),
                             AccountRecord.full_name != ""))
    return {username: name for username, name in rows if name}


def end_sessions(db: Session, username: str) -> None:
    """End every open session of the account (logout): its session generation goes up by one, in the database."""
    db.execute(update(AccountRecord).where(AccountRecord.username == username)
               .values(session_generation=AccountRecord.session_generation + 1))


def count_accounts(db: Session) -> int:
    return int(db.scalar(select(func.count()).select_from(AccountRecord)) or 0)
