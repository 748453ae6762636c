"""The audit log: who did what and when, one row per action, written in the transaction that stores the action.

Kinds are plain words (``login``, ``login refused``, ``logout``, ``account``, ``ruling``, ``appeal``, ``result``,
``correction``, ``upload``, ...) so that the register does not depend on the web layer; the actor is the
account's username (for a refused login, the name that was typed), the address the client's.

>>> from bridge_director.register import Register
>>> register = Register("sqlite://")
>>> with register.transaction() as db:
...     _ = record_action(db, "td", "ruling", "ruling 3", "Law 27: 1NT accepted", address="10.0.0.1")
...     _ = record_action(db, "scorer", "result", "result 9", "4S N 10")
>>> with register.transaction() as db:
...     [(e.actor, e.kind, e.target) for e in find_actions(db, AuditFilter(actor="td"))]
[('td', 'ruling', 'ruling 3')]
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import String, Text, insert, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from .models import Base, utcnow
from .plain import Plain

#: the longest actor, kind, target and address kept (longer text is cut, never refused: the log must not fail)
ACTOR_LENGTH, KIND_LENGTH, TARGET_LENGTH, ADDRESS_LENGTH = 40, 32, 200, 64
DETAIL_LENGTH = 2000


class AuditEntry(Base):
    """One action: when, who (account name), what kind, on what, the details, and from which address."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    actor: Mapped[str] = mapped_column(String(ACTOR_LENGTH), index=True)
    kind: Mapped[str] = mapped_column(String(KIND_LENGTH), index=True)
    target: Mapped[str] = mapped_column(String(TARGET_LENGTH), default="")
    detail: Mapped[str] = mapped_column(Text, default="")
    address: Mapped[str] = mapped_column(String(ADDRESS_LENGTH), default="")


_ADD = Plain(insert(Base.metadata.tables["audit_log"]).returning(Base.metadata.tables["audit_log"].c.id),
             columns=("actor", "kind", "target", "detail", "address", "at"))


def record_action(db: Session, actor: str, kind: str, target: str = "", detail: str = "",
                  address: str = "") -> int:
    """Add one entry to the log in ``db``'s transaction (it is stored, or not, with the action itself); its id.
    A plain INSERT, no ORM object: every write of the app logs one."""
    entry: int = _ADD.scalar(db, {
        "actor": actor[:ACTOR_LENGTH], "kind": kind[:KIND_LENGTH], "target": target[:TARGET_LENGTH],
        "detail": detail[:DETAIL_LENGTH], "address": address[:ADDRESS_LENGTH], "at": utcnow()})
    return entry


@dataclass(frozen=True, slots=True)
class AuditFilter:
    """The director's search of the log: an actor, a kind, and a date range (``since`` and ``until`` included)."""

    actor: str = ""
    kind: str = ""
    since: datetime | None = None
    until: datetime | None = None
    limit: int = 1000


def find_actions(db: Session, search: AuditFilter) -> list[AuditEntry]:
    """The entries matching ``search``, newest first (at most ``search.limit``)."""
    query = select(AuditEntry)
    if search.actor.strip():
        query = query.where(AuditEntry.actor == search.actor.strip().lower())
    if search.kind.strip():
        query = query.where(AuditEntry.kind == search.kind.strip())
    if search.since is not None:
        query = query.where(AuditEntry.at >= search.since)
    if search.until is not None:
        query = query.where(AuditEntry.at <= search.until)
    return list(db.scalars(query.order_by(AuditEntry.id.desc()).limit(search.limit)))


def actors(db: Session) -> list[str]:
    """Every actor in the log, for the page's filter."""
    return list(db.scalars(select(AuditEntry.actor).distinct().order_by(AuditEntry.actor)))


def kinds(db: Session) -> list[str]:
    """Every kind of action in the log, for the page's filter."""
    return list(db.scalars(select(AuditEntry.kind).distinct().order_by(AuditEntry.kind)))


def actions_on(db: Session, target: str) -> list[AuditEntry]:
    """Every entry about ``target`` (``result 9``, ``ruling 3``), oldest first: who entered, corrected, decided."""
    return list(db.scalars(select(AuditEntry).where(AuditEntry.target == target).order_by(AuditEntry.id)))
