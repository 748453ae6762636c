"""The JSON shapes of the register and event API (pydantic models; they make the OpenAPI description)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from .schemas import Strict

RulingKind = Literal["mechanical", "ui", "misinformation", "claim", "psyche", "other"]
SideName = Literal["NS", "EW"]


class AdjustedScoreIn(Strict):
    side: SideName = "NS"
    score: str = Field(min_length=1, max_length=60, examples=["60% of 4S= + 40% of 4S-1", "A+"])
    law: str = Field(default="12C1", min_length=1, max_length=40)


class PenaltyIn(Strict):
    kind: Literal["PROCEDURAL", "DISCIPLINARY"] = "PROCEDURAL"
    law: str = Field(default="90", min_length=1, max_length=40)
    offender: str = Field(min_length=1, max_length=100)
    amount: str = Field(min_length=1, max_length=60)
    reason: str = Field(default="", max_length=2000)


class RulingIn(Strict):
    """A new ruling, stored whole (with its adjusted scores and penalty) or not at all."""

    event: str | None = Field(default=None, max_length=200)
    board: int | None = Field(default=None, ge=1, le=999)
    kind: RulingKind = "other"
    director: str = Field(min_length=1, max_length=100)
    laws: str = Field(min_length=1, max_length=100, examples=["16B1, 12C1"])
    facts: str = Field(min_length=1, max_length=2000)
    options: str = Field(default="", max_length=2000)
    decision: str = Field(min_length=1, max_length=2000)
    adjusted: list[AdjustedScoreIn] = Field(default_factory=list, max_length=4)
    penalty: PenaltyIn | None = None


class RulingEdit(Strict):
    """A change to a ruling made from ``version``; a stale version is refused with 409 and nothing changes."""

    version: int = Field(ge=1)
    laws: str | None = Field(default=None, min_length=1, max_length=100)
    facts: str | None = Field(default=None, max_length=2000)
    options: str | None = Field(default=None, max_length=2000)
    decision: str | None = Field(default=None, max_length=2000)
    appeal: str | None = Field(default=None, max_length=2000)
    appeal_outcome: str | None = Field(default=None, max_length=2000)


class AdjustedScoreOut(BaseModel):
    side: str
    score: str
    law: str


class PenaltyOut(BaseModel):
    id: int
    kind: str
    law: str
    offender: str
    amount: str
    reason: str
    ruling_id: int | None


class RegisterRulingOut(BaseModel):
    id: int
    version: int
    event: str | None
    board: int | None
    kind: str
    director: str
    ruled_at: datetime
    laws: str
    facts: str
    options: str
    decision: str
    appeal: str | None
    appeal_outcome: str | None
    adjusted: list[AdjustedScoreOut]
    penalties: list[PenaltyOut]


class PsycheIn(Strict):
    """A reported psyche, misbid or deviation (EBU 6 C); the register applies 6 B 4 / 6 B 6 to it."""

    event: str = Field(min_length=1, max_length=200)
    session: str = Field(default="Evening", min_length=1, max_length=100)
    board: int = Field(ge=1, le=999)
    player: str = Field(min_length=1, max_length=100)
    partner: str = Field(min_length=1, max_length=100)
    call: str = Field(min_length=1, max_length=10, examples=["1H"])
    departure: Literal["PSYCHE", "MISBID", "DEVIATION"] = "PSYCHE"
    colour: Literal["GREEN", "AMBER", "RED"] = "GREEN"
    initial_action: bool = False
    both_partners: bool = False
    meaning: str = Field(default="", max_length=100)
    partner_explanation: str | None = Field(default=None, max_length=2000)


class PsycheOut(BaseModel):
    id: int
    event: str
    session: str
    board: int
    player: str
    partner: str
    partnership: str
    call: str
    meaning: str
    departure: str
    colour: str
    initial_action: bool
    both_partners: bool
    escalated: bool
    partner_explanation: str | None
    ruling_id: int | None
    reported_at: datetime


class PsycheRecorded(BaseModel):
    report: PsycheOut
    alerts: list[str]
    notes: list[str]
    turned_red: list[int]


class UploadIn(Strict):
    """Travellers as text: ``filename`` says the format (.pbn, .csv or USEBIO .xml)."""

    event: str = Field(min_length=1, max_length=200)
    filename: str = Field(min_length=5, max_length=200, pattern=r"(?i)\.(pbn|csv|xml)$", examples=["tuesday.csv"])
    content: str = Field(min_length=1, max_length=2_000_000)


class EventOut(BaseModel):
    id: int
    name: str
    authority: str
    boards: int
    results: int


class UploadOut(BaseModel):
    event: EventOut
    stored: int


class StandingOut(BaseModel):
    place: str
    pair: str
    field: str
    total: float
    maximum: float | None
    percent: float | None
    boards: int


class RankingsOut(BaseModel):
    event: str
    method: str
    law: str
    standings: list[StandingOut]


class LineOut(BaseModel):
    ns: str
    ew: str
    contract: str
    declarer: str
    tricks: int | None
    score: int | None
    ns_points: float
    ew_points: float


class BoardTableOut(BaseModel):
    event: str
    board: int
    method: str
    top: float | None
    datum: float | None
    lines: list[LineOut]
    steps: list[str]
