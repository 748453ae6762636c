"""The JSON shapes of a ruling on a session's result (``/api/results/{rid}/ruling``, ``/api/rulings/{id}/...``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from .schemas import Strict
from .session_schemas import SectionStandingOut

DECISION = Field(default=None, description="the decision as club.decisions writes it: {kind: artificial, ns: A+, ew: "
                 "A-} | {kind: assigned, score: {contract, declarer, tricks}} | {kind: split, ns: score, ew: score} | "
                 "{kind: weighted, outcomes: [{contract, declarer, tricks, weight}]} | {kind: fouled, group}; "
                 "at teams a fouled board may add ns, ew (each team's share: A+, A, A-) and assigned (a score), "
                 "and an artificial, split or fouled decision knockout: true (Law 86); "
                 "null: no adjustment (the table result stands)",
                 examples=[{"kind": "assigned", "score": {"contract": "4S", "declarer": "N", "tricks": 10}}])


class PenaltyBody(Strict):
    """A procedural penalty (Law 90) on a pair's session total, in the section's unit."""

    pair: int = Field(ge=1, le=9999)
    amount: float = Field(gt=0, le=1000)
    unit: str = Field(default="top", max_length=8, description="top, mp, percent (matchpoints); imps; vps")


class PenaltyItem(PenaltyBody):
    """A penalty with its kind (procedural, Law 90; disciplinary, Law 91), the law cited and the reason."""

    kind: Literal["PROCEDURAL", "DISCIPLINARY"] = "PROCEDURAL"
    law: str = Field(default="", max_length=40, description="default: 90, or 91 for a disciplinary penalty")
    reason: str = Field(default="", max_length=2000)


class PenaltiesIn(Strict):
    """A ruling that gives penalties on pairs' totals and changes no result (slow play, say)."""

    laws: str = Field(default="90", min_length=1, max_length=100)
    facts: str = Field(default="", max_length=4000)
    penalties: list[PenaltyItem] = Field(min_length=1, max_length=8)


class BoardIn(Strict):
    """Team play (Law 86): the director's findings on a spoiled board, recorded as a step of the ruling."""

    at_fault: Literal["one", "both", "neither"] = Field(description="who is responsible")
    playable: bool = Field(default=False, description="the board can still be played at this table")
    result_known: bool = Field(default=False, description="the match result without it may be known to a contestant")


class RulingIn(Strict):
    laws: str = Field(min_length=1, max_length=100, examples=["16B, 12C1b"])
    facts: str = Field(default="", max_length=4000)
    decision: dict[str, Any] | None = DECISION
    penalties: list[PenaltyBody] = Field(default_factory=list, max_length=4)
    board: BoardIn | None = Field(default=None, description="teams only: Law 86, what becomes of the board")


class AppealIn(Strict):
    """An appeal's outcome: the new decision, or null for the table result."""

    appeal: str = Field(min_length=1, max_length=2000, description="who appealed and on what grounds")
    outcome: str = Field(default="", max_length=2000)
    decision: dict[str, Any] | None = DECISION


class TeamsBoardOut(BaseModel):
    """One board of a teams match: each team's IMPs (they need not balance) and the rulings behind them."""

    board: int
    home_imps: float
    away_imps: float
    rulings: list[int]


class TeamsMatchOut(BaseModel):
    """A teams match with every ruling applied: each team's IMPs and VPs, board by board, and how."""

    home: str
    away: str
    home_imps: float
    away_imps: float
    victory_points: list[float]
    boards: list[TeamsBoardOut]
    steps: list[str]


class RulingMadeOut(BaseModel):
    """The ruling as stored, and the section's standings with it applied (a teams section: its matches too, and
    the Law 86 decision on the board when one was recorded)."""

    ruling: int
    result: int | None
    section: int
    decision: str
    written: str
    standings: list[SectionStandingOut]
    matches: list[TeamsMatchOut] = Field(default_factory=list)
    board: str | None = None


class SideScoreOut(BaseModel):
    side: str
    pair: int
    points: float | None
    text: str


class DecisionStepOut(BaseModel):
    made_at: str
    text: str
    active: bool


class WrittenRulingOut(BaseModel):
    """The written ruling as data: where, who, facts, laws, the decision and what it gives each side, any penalty,
    the appeal and the decisions it replaced, and the right to appeal with its time limit and source."""

    ruling_id: int
    section_id: int
    event: str
    session: str
    section: str
    board: int | None
    round_no: int | None
    table_no: int | None
    ns_pair: int | None
    ew_pair: int | None
    ns_names: str
    ew_names: str
    table_result: str
    director: str
    ruled_at: str
    laws: str
    facts: str
    decision: str
    adjusted: str
    scores: list[SideScoreOut]
    score_text: str
    penalties: list[str]
    appeal: str | None
    appeal_outcome: str | None
    history: list[DecisionStepOut]
    authority: str
    appeal_minutes: int
    appeal_source: str
    appeal_right: str
