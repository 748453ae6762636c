"""The declarative base every table of the register shares (one database, one migration history)."""

from __future__ import annotations

import enum
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Enum
from sqlalchemy.orm import DeclarativeBase


def utcnow() -> datetime:
    """The current time in UTC (stored with its zone where the database keeps zones)."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base: enums are stored by name in plain strings, JSON documents as JSON."""

    type_annotation_map = {  # noqa: RUF012
        enum.Enum: Enum(enum.Enum, native_enum=False, length=16),
        dict[str, Any]: JSON,
        datetime: DateTime(timezone=True),
    }
