"""The players' phones as table devices, and the calls to the director made from them (migration 0015).

- ``DeviceToken``: a table's link, issued by the director for one table of one section; the link itself is signed
  (``club.devices``), this row is what makes it valid: a revoked row refuses it.
- ``DeviceSetting``: what a section's table devices may show (the board's traveller after the table's result).
- ``DeviceResult``: a result entered and confirmed at a table device, with the device's idempotency key, so that a
  result sent again from the phone's queue is answered, never entered twice.  The result itself is the
  ``SessionResult`` it names: one store for every result.
- ``DirectorCall``: "Call the director" from a table: where, when, the stored board opened for it, and when and by
  whom it was answered.

Any change here needs a migration in ``migrations/versions``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, utcnow


class DeviceToken(Base):
    """A table's device link for one section: issued, and revoked (``revoked_at``) by the director."""

    __tablename__ = "device_tokens"

    id: Mapped[int] = mapped_column(primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"), index=True)
    table_no: Mapped[int]
    issued_at: Mapped[datetime] = mapped_column(default=utcnow)
    issued_by: Mapped[str] = mapped_column(String(100), default="")
    revoked_at: Mapped[datetime | None]
    revoked_by: Mapped[str] = mapped_column(String(100), default="")


class DeviceSetting(Base):
    """A section's table devices: whether they show the board's traveller once the table's result is stored."""

    __tablename__ = "device_settings"

    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"), primary_key=True)
    show_traveller: Mapped[bool] = mapped_column(default=True)
    changed_by: Mapped[str] = mapped_column(String(100), default="")
    changed_at: Mapped[datetime] = mapped_column(default=utcnow)


class DeviceResult(Base):
    """A result from a table device: the stored result, the entry as sent, the side that confirmed it, the key."""

    __tablename__ = "device_results"

    id: Mapped[int] = mapped_column(primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("device_tokens.id"), index=True)
    result_id: Mapped[int] = mapped_column(ForeignKey("session_results.id"), index=True)
    key: Mapped[str] = mapped_column(String(64), unique=True)
    entry: Mapped[dict[str, Any]]
    confirmed_by: Mapped[str] = mapped_column(String(2))
    entered_at: Mapped[datetime] = mapped_column(default=utcnow)


class DirectorCall(Base):
    """A call to the director from a table: section, table, round and board, the stored board opened for it, and
    its answer (``answered_at``, ``answered_by``).  ``key`` is the device's idempotency key."""

    __tablename__ = "director_calls"

    id: Mapped[int] = mapped_column(primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"), index=True)
    table_no: Mapped[int]
    round_no: Mapped[int]
    board: Mapped[int | None]
    device_id: Mapped[int | None] = mapped_column(ForeignKey("device_tokens.id"))
    key: Mapped[str | None] = mapped_column(String(64), unique=True)
    what: Mapped[str] = mapped_column(String(200), default="")
    table_board_id: Mapped[int | None] = mapped_column(ForeignKey("table_boards.id"))
    called_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    answered_at: Mapped[datetime | None]
    answered_by: Mapped[str] = mapped_column(String(100), default="")
