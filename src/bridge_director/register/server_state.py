"""What the web server keeps in the register so that every worker and every restart shares it: the session
cookie's signing key and the failed logins counted by the login limit.  Both are left out of the register's
export (a backup must not carry the key).

>>> from bridge_director.register import Register
>>> register = Register("sqlite://")
>>> first = stored_secret(register, "session key", lambda: "made once")
>>> stored_secret(register, "session key", lambda: "made again")
'made once'
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Float, Integer, String, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, Session, mapped_column

from .db import Register
from .models import Base


class ServerSecret(Base):
    """A secret the server makes on its first start and keeps (the session cookie's signing key)."""

    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class LoginFailure(Base):
    """Failed logins counted for one key: ``scope`` is ``pair`` (an address and a username), ``address`` (an
    address, whatever the names) or ``account`` (a username, whatever the address); ``known`` marks an address that
    has logged in to the account.  ``last_at`` is the time of the last failure (or login) in seconds since the
    epoch."""

    __tablename__ = "login_failures"

    scope: Mapped[str] = mapped_column(String(8), primary_key=True)
    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    username: Mapped[str] = mapped_column(String(64), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer)
    last_at: Mapped[float] = mapped_column(Float, index=True)


def _insert(db: Session) -> Callable[..., sqlite.Insert | postgresql.Insert]:
    """The dialect's INSERT that can say ON CONFLICT (SQLite and PostgreSQL both can)."""
    return postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert


def stored_secret(register: Register, name: str, make: Callable[[], str]) -> str:
    """The secret called ``name``; made with ``make`` and stored on first use.  Two workers starting at once
    store only one (insert-or-ignore) and both read it back."""
    with register.transaction() as db:
        insert = _insert(db)
        db.execute(insert(ServerSecret).values(name=name, value=make()).on_conflict_do_nothing())
    with register.transaction() as db:
        return db.scalars(select(ServerSecret.value).where(ServerSecret.name == name)).one()


def failures(db: Session, scope: str, address: str, username: str) -> LoginFailure | None:
    """The failures counted for one key, or None."""
    return db.get(LoginFailure, (scope, address[:64], username[:64]))


def count_failure(db: Session, scope: str, address: str, username: str, now: float) -> None:
    """One more failure for the key, counted in the database itself so that two workers never lose one."""
    insert = _insert(db)
    statement = insert(LoginFailure).values(scope=scope, address=address[:64], username=username[:64], failures=1,
                                            last_at=now)
    db.execute(statement.on_conflict_do_update(
        index_elements=["scope", "address", "username"],
        set_={"failures": LoginFailure.failures + 1, "last_at": now}))


def clear_failures(db: Session, scope: str, address: str, username: str) -> None:
    db.execute(delete(LoginFailure).where(LoginFailure.scope == scope, LoginFailure.address == address[:64],
                                          LoginFailure.username == username[:64]))


#: the scope of an address that has logged in to an account (``failures`` 0), kept longer than the failures
KNOWN = "known"


def mark_known(db: Session, address: str, username: str, now: float) -> None:
    """``address`` has just logged in as ``username``: it is a known address of the account until forgotten."""
    insert = _insert(db)
    statement = insert(LoginFailure).values(scope=KNOWN, address=address[:64], username=username[:64], failures=0,
                                            last_at=now)
    db.execute(statement.on_conflict_do_update(index_elements=["scope", "address", "username"],
                                               set_={"last_at": now}))


def forget_failures(db: Session, before: float, known_before: float | None = None) -> None:
    """Forget every key whose last failure is older than ``before`` (the table stays small); a known address is
    forgotten only when its last login is older than ``known_before`` (default: ``before``)."""
    db.execute(delete(LoginFailure).where(LoginFailure.scope != KNOWN, LoginFailure.last_at < before))
    db.execute(delete(LoginFailure).where(LoginFailure.scope == KNOWN,
                                          LoginFailure.last_at < (before if known_before is None else known_before)))
