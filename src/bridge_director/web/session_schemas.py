"""The JSON shapes of the session API (``/api/sessions``, ``/api/sections``, ``/api/results``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .api_schemas import StandingOut
from .schemas import Strict, TableOut

Status = Literal["played", "not-played"]
PairsMethod = Literal["mp", "cross-imps", "butler"]
Method = Literal["mp", "cross-imps", "butler", "teams"]
Laws = Literal["2017", "2007", "1997"]
ROUND = Field(ge=1, le=99, description="the round")
TABLE = Field(ge=1, le=99, description="the table")
BOARD = Field(ge=1, le=999, description="the board number")


class PairIn(Strict):
    """A pair of the entry: its number in the movement, its two players (membership numbers optional)."""

    number: int = Field(ge=1, le=9999)
    player1: str = Field(min_length=1, max_length=100)
    member1: str = Field(default="", max_length=40)
    player2: str = Field(min_length=1, max_length=100)
    member2: str = Field(default="", max_length=40)
    team: str = Field(default="", max_length=100)


class SessionSetupIn(Strict):
    """An event, its session and one section: the movement as ``mitchell:7``, ``howell:4``, ``3/4-howell:7``,
    ``teams`` or a shipped movement's name; the entry as pairs or CSV; the hand records as PBN text.
    Everything is stored in one transaction, or nothing."""

    event: str = Field(min_length=1, max_length=200)
    session: str = Field(default="Session 1", min_length=1, max_length=100)
    section: str = Field(default="A", min_length=1, max_length=8)
    movement: str = Field(min_length=1, max_length=100, examples=["mitchell:7", "howell:4", "teams"])
    boards_per_round: int = Field(ge=1, le=36)
    method: Method = "mp"
    scale: int = Field(default=2, ge=1, le=2, description="matchpoints a result beaten: 2 (2 and 1) or 1 (1 and ½)")
    laws: Laws = "2017"
    pairs: list[PairIn] = Field(default_factory=list, max_length=200)
    entry_csv: str | None = Field(default=None, max_length=200_000,
                                  description="header pair,player1,member1,player2,member2[,team]")
    hand_records: str | None = Field(default=None, max_length=2_000_000, description="a PBN file's text")


class HandRecordsIn(Strict):
    content: str = Field(min_length=1, max_length=2_000_000, description="a PBN file's text")


class SubstituteIn(Strict):
    pair: int = Field(ge=1, le=9999)
    member: Literal[1, 2] = Field(description="the member replaced")
    name: str = Field(min_length=1, max_length=100)
    membership: str = Field(default="", max_length=40)
    from_round: int = ROUND


class WithdrawIn(Strict):
    pair: int = Field(ge=1, le=9999)
    after_round: int = Field(ge=0, le=99, description="the last round the pair played (0: before play)")


class MovementOut(BaseModel):
    name: str
    kind: str
    tables: int
    rounds: int
    pairs: list[int]
    boards_per_round: int
    first_board: int
    boards: list[int]
    two_winners: bool


class PairOut(BaseModel):
    number: int
    names: str
    player1: str
    member1: str
    player2: str
    member2: str
    team: str
    left_after: int | None
    substitutes: list[str]


class SectionBriefOut(BaseModel):
    id: int
    letter: str
    movement: str
    tables: int
    rounds: int
    pairs: int
    results: int


class ClubSessionOut(BaseModel):
    """A session of an event with its sections (a section is what is ranked)."""

    event: str
    session: str
    sections: list[SectionBriefOut]


class SectionOut(BaseModel):
    """A section; ``movement`` is null for a section of results only (uploaded travellers)."""

    id: int
    event: str
    session: str
    letter: str
    method: str
    laws: str
    movement: MovementOut | None
    pairs: list[PairOut]
    results: int


class SectionUploadOut(BaseModel):
    """The section of results only an upload went into, and the number of lines stored."""

    id: int
    event: str
    session: str
    letter: str
    method: str
    stored: int
    url: str


class ResultBody(Strict):
    """A result as entered: ``contract`` ``4SX``, ``3NT`` or ``PASS``; declarer's tricks; the opening lead."""

    contract: str = Field(default="", max_length=8, examples=["4S", "3NTX", "PASS"])
    declarer: str = Field(default="", max_length=5, description="N, E, S or W")
    tricks: int | None = Field(default=None, ge=0, le=13, description="tricks taken by declarer")
    lead: str = Field(default="", max_length=3, examples=["SK", "HT"])
    status: Status = "played"


class ResultEntryIn(ResultBody):
    """A new result at a table of the section; ``ns``/``ew`` (the pair numbers) are checked when given."""

    round: int = ROUND
    table: int = TABLE
    board: int = BOARD
    ns: int | None = Field(default=None, ge=1, le=9999)
    ew: int | None = Field(default=None, ge=1, le=9999)


class CorrectionIn(ResultBody):
    """A correction of a stored result read at ``version``; a stale version answers 409."""

    version: int = Field(ge=1, le=2**31 - 1)
    reason: str = Field(default="", max_length=500)


class ChangeOut(BaseModel):
    by: str
    at: str
    old: str
    new: str
    reason: str


class ResultOut(BaseModel):
    id: int
    section: int
    round: int
    table: int
    board: int
    ns: int
    ew: int
    status: str
    contract: str
    declarer: str
    tricks: int | None
    lead: str
    ns_score: int | None
    ns_award: float | None = Field(default=None, description="an uploaded artificial line's N-S award")
    ew_award: float | None = Field(default=None, description="an uploaded artificial line's E-W award")
    text: str
    version: int
    entered_by: str
    changes: list[ChangeOut]


class SectionStandingOut(StandingOut):
    names: str


class SectionRankingOut(BaseModel):
    section: int
    method: str
    law: str
    standings: list[SectionStandingOut]


class SessionTableIn(Strict):
    round: int = ROUND
    table: int = TABLE
    board: int = BOARD


class SessionTableOut(BaseModel):
    """The stored board at a session's table: who sits there, its entry count (``seq``) and its state."""

    token: str
    seq: int
    section: str
    round: int
    table_no: int
    board: int
    ns: int
    ew: int
    ns_names: str
    ew_names: str
    state: TableOut
