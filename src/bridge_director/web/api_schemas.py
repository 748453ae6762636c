"""The JSON shapes of the register API (pydantic models; they make the OpenAPI description)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from .schemas import Strict

RulingKind = Literal["mechanical", "ui", "misinformation", "claim", "psyche", "other"]


class RulingIn(Strict):
    """A new ruling on a board (or on no board: conduct, say) that changes no score.  A ruling that changes a
    score is made on the stored result (``POST /api/results/{rid}/ruling``), so its decision reaches the ranking;
    a penalty on a pair's total is made on the section (``POST /api/sections/{sid}/penalties``)."""

    event: str | None = Field(default=None, max_length=200)
    session: str = Field(default="Results", min_length=1, max_length=100, description="the event's session")
    board: int | None = Field(default=None, ge=1, le=999)
    kind: RulingKind = "other"
    director: str = Field(min_length=1, max_length=100)
    laws: str = Field(min_length=1, max_length=100, examples=["16B1, 12C1"])
    facts: str = Field(min_length=1, max_length=2000)
    options: str = Field(default="", max_length=2000)
    decision: str = Field(min_length=1, max_length=2000)


class RulingEdit(Strict):
    """A change to a ruling made from ``version``; a stale version is refused with 409 and nothing changes."""

    version: int = Field(ge=1)
    laws: str | None = Field(default=None, min_length=1, max_length=100)
    facts: str | None = Field(default=None, max_length=2000)
    options: str | None = Field(default=None, max_length=2000)
    decision: str | None = Field(default=None, max_length=2000)
    appeal: str | None = Field(default=None, max_length=2000)
    appeal_outcome: str | None = Field(default=None, max_length=2000)


class PenaltyOut(BaseModel):
    """A penalty on a pair's session total; an upgraded text penalty (``given``) names no section or pair until
    it is applied (``active``)."""

    id: int
    kind: str
    law: str
    section: int | None
    pair: int | None
    unit: str
    amount: float
    reason: str
    given: str | None
    active: bool
    ruling_id: int


class DecisionOut(BaseModel):
    """A ruling's decision on a stored result (the one in force, or one an appeal replaced)."""

    result: int
    section: int
    board: int
    decision: str
    active: bool


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
    decisions: list[DecisionOut]
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


class StandingOut(BaseModel):
    place: str
    pair: str
    field: str
    total: float
    maximum: float | None
    percent: float | None
    boards: int
