"""The director's register: events, sessions, sections, results, rulings, psyches and penalties on a real
database.  It stores; it computes nothing and rules on nothing (``club`` and ``laws`` do).

SQLite by default (a file in the user's data directory), PostgreSQL when ``BRIDGE_DIRECTOR_DB`` holds a
``postgresql://`` URL.  Every write is a transaction; rulings and results carry a version column so that two
directors editing the same record get a :class:`~bridge_director.errors.ConflictError` instead of a silent
overwrite.
"""

from .accounts import AccountRecord
from .audit import AuditEntry
from .db import Register, database_url
from .models import (
    Base,
    Board,
    Event,
    EventSession,
    Pair,
    PsycheReport,
    ResultRuling,
    Ruling,
    Section,
    SessionPenalty,
    SessionResult,
    WorkflowStep,
)
from .server_state import LoginFailure, ServerSecret
from .values import Authority, Colour, Departure, PenaltyKind, Side

__all__ = [
    "AccountRecord",
    "AuditEntry",
    "Authority",
    "Base",
    "Board",
    "Colour",
    "Departure",
    "Event",
    "EventSession",
    "LoginFailure",
    "Pair",
    "PenaltyKind",
    "PsycheReport",
    "Register",
    "ResultRuling",
    "Ruling",
    "Section",
    "ServerSecret",
    "SessionPenalty",
    "SessionResult",
    "Side",
    "WorkflowStep",
    "database_url",
]
