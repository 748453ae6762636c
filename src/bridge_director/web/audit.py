"""Writing the audit log from the web app: the logged-in account and the client's address beside each action.

``note(db, request, ...)`` writes in the transaction that stores the action (so the entry exists exactly when
the action does); ``note_alone`` writes in a transaction of its own on the server's register, for what is not
stored in the register (logins, logouts, accounts kept in memory).
"""

from __future__ import annotations

import io
import json
from datetime import UTC, date, datetime, time, timedelta

from fastapi import Request
from sqlalchemy.orm import Session

from ..errors import BridgeError
from ..io.spreadsheet import safe_writer
from ..register import Register
from ..register.audit import AuditEntry, AuditFilter, record_action
from .security import client_address, current_account

#: the kinds of action the web app writes
LOGIN, LOGIN_REFUSED, LOGOUT, ACCOUNT = "login", "login refused", "logout", "account"
RULING, APPEAL, RESULT, CORRECTION, UPLOAD, PENALTY, PSYCHE = (
    "ruling", "appeal", "result", "correction", "upload", "penalty", "psyche")
KINDS = (LOGIN, LOGIN_REFUSED, LOGOUT, ACCOUNT, RULING, APPEAL, RESULT, CORRECTION, UPLOAD, PENALTY, PSYCHE)


def server_register(request: Request) -> Register:
    register: Register = request.app.state.server_register
    return register


def actor(request: Request) -> str:
    account = current_account(request)
    return account.username if account is not None else "-"


def note(db: Session, request: Request, kind: str, target: str = "", detail: str = "") -> None:
    """Log an action of the logged-in account in ``db``'s transaction."""
    record_action(db, actor(request), kind, target, detail, client_address(request))


def note_alone(request: Request, kind: str, target: str = "", detail: str = "", who: str | None = None) -> None:
    """Log an action in a transaction of its own (``who`` when nobody is logged in yet: a login)."""
    with server_register(request).transaction() as db:
        record_action(db, who if who is not None else actor(request), kind, target, detail,
                      client_address(request))


def parse_day(text: str, field: str) -> date | None:
    """A date typed as ``YYYY-MM-DD`` (empty: none).

    >>> parse_day("2026-03-01", "since"), parse_day("", "since")
    (datetime.date(2026, 3, 1), None)
    """
    if not text.strip():
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise BridgeError(f"{field} is a date written 2026-03-01, not {text[:20]!r}", field=field) from None


def audit_filter(actor: str, kind: str, since: str, until: str) -> AuditFilter:
    """The page's filters: ``since`` from the start of its day, ``until`` to the end of its day (UTC)."""
    first, last = parse_day(since, "since"), parse_day(until, "until")
    return AuditFilter(actor=actor[:40], kind=kind[:32],
                       since=None if first is None else datetime.combine(first, time(), UTC),
                       until=None if last is None else datetime.combine(last + timedelta(days=1), time(), UTC)
                       - timedelta(microseconds=1))


COLUMNS = ("id", "at", "actor", "kind", "target", "detail", "address")


def as_dict(entry: AuditEntry) -> dict[str, object]:
    at = entry.at if entry.at.tzinfo is not None else entry.at.replace(tzinfo=UTC)
    return {"id": entry.id, "at": at.isoformat(timespec="seconds"), "actor": entry.actor, "kind": entry.kind,
            "target": entry.target, "detail": entry.detail, "address": entry.address}


def entries_csv(entries: list[AuditEntry]) -> str:
    """The entries as CSV (formula cells neutralised)."""
    buf = io.StringIO()
    writer = safe_writer(buf)
    writer.writerow(COLUMNS)
    for entry in entries:
        row = as_dict(entry)
        writer.writerow([row[c] for c in COLUMNS])
    return buf.getvalue()


def entries_json(entries: list[AuditEntry]) -> str:
    return json.dumps([as_dict(e) for e in entries], ensure_ascii=False, indent=1)


