"""Every table of the register, in one metadata (one database, one migration history).

- ``event_models``: events, sessions, boards; rulings with their guided steps; psyche reports;
- ``section_models``: sections (a movement, or results only), the entry, results with their audit, decisions
  on results and penalties on pairs, each linked to its ruling;
- ``table_models``: boards at tables (stored logs), polls of peers, the pairs' system cards;
- ``device_models``: the tables' devices (their links, results sent from them) and the calls to the director.

Any change needs a migration in ``migrations/versions``.
"""

from __future__ import annotations

from .base import Base, utcnow
from .device_models import DeviceResult, DeviceSetting, DeviceToken, DirectorCall
from .event_models import Board, Event, EventSession, PsycheReport, Ruling, WorkflowStep
from .section_models import (
    Pair,
    Player,
    ResultChange,
    ResultRuling,
    Section,
    SectionChange,
    SessionPenalty,
    SessionResult,
    Substitute,
    Team,
)
from .table_models import PairSystemCard, PeerPoll, PollAnswer, PollAnswerChange, TableBoard, TableEntry

__all__ = [
    "Base", "Board", "DeviceResult", "DeviceSetting", "DeviceToken", "DirectorCall", "Event", "EventSession",
    "Pair", "PairSystemCard", "PeerPoll", "Player", "PollAnswer", "PollAnswerChange", "PsycheReport",
    "ResultChange", "ResultRuling", "Ruling", "Section", "SectionChange", "SessionPenalty",
    "SessionResult", "Substitute", "TableBoard", "TableEntry", "Team", "WorkflowStep", "utcnow",
]
