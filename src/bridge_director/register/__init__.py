"""The director's register: rulings, psyches, penalties and appeals on a real database.

SQLite by default (a file in the user's data directory), PostgreSQL when ``BRIDGE_DIRECTOR_DB`` holds a
``postgresql://`` URL.  Every write is a transaction; rulings carry a version column so that two directors
editing the same ruling get a :class:`~bridge_director.errors.ConflictError` instead of a silent overwrite.
"""

from .accounts import AccountRecord
from .audit import AuditEntry
from .db import Register, database_url
from .models import AdjustedScore, Base, Board, Event, EventSession, Penalty, PsycheReport, Result, Ruling, WorkflowStep
from .server_state import LoginFailure, ServerSecret
from .values import Authority, Colour, Departure, PenaltyKind, Side

__all__ = [
    "AccountRecord", "AdjustedScore", "AuditEntry", "Authority", "Base", "Board", "Colour", "Departure", "Event",
    "EventSession", "LoginFailure", "Penalty", "PenaltyKind", "PsycheReport", "Register", "Result", "Ruling",
    "ServerSecret", "Side", "WorkflowStep", "database_url",
]
