"""The table device over JSON (what the phone's script sends from its queue) and the director's calls.

A device needs no login: the signed link in the address is the key (so there is no session to forge and no CSRF
token to send).  A link that is not valid here (signature, revoked, another table) answers 403 and one that is
no link at all 404, each naming the field ``token``.  A result is stored once per idempotency ``key``: the same
key again answers 200 with the stored result and the header ``Idempotent-Replayed``; another result under the
same key answers 409 naming ``key``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from ...club.devices import KEY_SHAPE, DeviceEntry, PlanRound, table_plan
from ...club.director_calls import REASONS, CallView, answer_call, call_director, waiting_calls
from ...club.table_cards import Moves
from ...register.models import Section
from ..accounts import Account
from ..device_view import Refused, club_register, device_of, enter_entry, refusal_json
from ..schemas import ErrorOut, RecordId
from ..security import DIRECTOR, client_address
from .api_tables import CONFLICT, ERRORS, tables_of

router = APIRouter(prefix="/api", tags=["table devices"])
Token = Annotated[str, Path(min_length=1, max_length=300, description="the table device's link (from its address)")]
REPEATED_HEADER = "Idempotent-Replayed"
TOKEN: dict[int | str, dict[str, object]] = {
    403: {"model": ErrorOut, "description": "the link is not valid here: revoked, not signed here, another table"},
    404: {"model": ErrorOut, "description": "not a table device's link"}}
KEY = Annotated[str, Field(min_length=8, max_length=64, pattern=KEY_SHAPE.pattern,
                           description="the device's idempotency key: the same key is stored once")]


class DeviceBoardOut(BaseModel):
    board: int
    dealer: str
    vulnerable: str = Field(description="None, NS, EW or All")
    result: str = Field(description="the stored result in words (empty: none yet)")


class MovesOut(BaseModel):
    ns: int
    ew: int
    boards: str
    ns_next: str
    ew_next: str
    boards_next: str


class DeviceRoundOut(BaseModel):
    round: int
    ns: int
    ew: int
    ns_names: str
    ew_names: str
    sit_out: bool
    boards: list[DeviceBoardOut]
    moves: MovesOut | None = Field(description="where the pairs and boards go after the round")


class DevicePlanOut(BaseModel):
    """The evening at the device's table: every round, its boards and their results, the moves; and what to show
    now (``step``: ``board``, ``round_end`` or ``finished``, with its round and board)."""

    section: int
    letter: str
    title: str
    table: int
    traveller: bool = Field(description="whether the section shows a board's traveller after the table's result")
    rounds: list[DeviceRoundOut]
    step: str
    step_round: int
    step_board: int | None


class DeviceResultIn(BaseModel):
    """A result confirmed at the table: round and board, contract (``4HX``; ``PASS`` for a passed-out board),
    declarer, tricks taken by declarer, the opening lead (``SK``), and the side that confirmed it (declarer's
    opponents).  ``table``, when sent, must be the link's table."""

    model_config = ConfigDict(extra="forbid")
    key: KEY
    table: int | None = Field(default=None, ge=1, le=99)
    round: int = Field(ge=1, le=99)
    board: int = Field(ge=1, le=999)
    contract: str = Field(min_length=1, max_length=8, examples=["4HX", "3NT", "PASS"])
    declarer: str = Field(default="", max_length=1, examples=["S"])
    tricks: int | None = Field(default=None, ge=0, le=13)
    lead: str = Field(default="", max_length=3, examples=["SK"])
    confirmed_by: Literal["NS", "EW"]


class DeviceResultOut(BaseModel):
    id: int = Field(description="the stored result (the scorer's /api/results/{id})")
    round: int
    board: int
    result: str
    ns_score: int | None
    repeated: bool = Field(description="true: this key was stored already, nothing new was entered")


class CallIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: KEY | None = None
    round: int = Field(ge=1, le=99)
    board: int | None = Field(default=None, ge=1, le=999)
    what: Literal["", "auction", "play", "claim", "revoke", "other"] = ""


class CallOut(BaseModel):
    id: int
    section: int
    letter: str
    title: str
    table: int
    round: int
    board: int | None
    what: str
    called_at: datetime
    ago: str
    answered_at: datetime | None
    answered_by: str
    table_url: str | None = Field(description="the table page of the board, open with its log")


def _moves(moves: Moves | None) -> MovesOut | None:
    if moves is None:
        return None
    return MovesOut(ns=moves.ns, ew=moves.ew, boards=moves.boards, ns_next=moves.ns_next, ew_next=moves.ew_next,
                    boards_next=moves.boards_next)


def _round(r: PlanRound) -> DeviceRoundOut:
    return DeviceRoundOut(round=r.round, ns=r.ns, ew=r.ew, ns_names=r.ns_names, ew_names=r.ew_names,
                          sit_out=r.sit_out, moves=_moves(r.moves),
                          boards=[DeviceBoardOut(board=b.number, dealer=b.dealer, vulnerable=b.vulnerable,
                                                 result=b.result) for b in r.boards])


def call_out(call: CallView) -> CallOut:
    return CallOut(id=call.id, section=call.section_id, letter=call.letter, title=call.title, table=call.table_no,
                   round=call.round_no, board=call.board, what=call.what, called_at=call.called_at, ago=call.ago(),
                   answered_at=call.answered_at, answered_by=call.answered_by,
                   table_url=f"/tables/{call.table_token}" if call.table_token else None)


@router.get("/devices/{token}", response_model=DevicePlanOut, responses=TOKEN)
def device_plan(request: Request, token: Token) -> DevicePlanOut | Response:
    """The evening at the link's table: rounds, pairs and names, boards with their stored results, the moves."""
    try:
        device = device_of(request, token)
    except Refused as err:
        return refusal_json(err)
    with club_register(request).transaction() as db:
        plan = table_plan(db, db.get_one(Section, device.section_id), device.table_no)
    step = plan.step()
    return DevicePlanOut(section=plan.section_id, letter=plan.letter, title=plan.title, table=plan.table,
                         traveller=plan.show_traveller, rounds=[_round(r) for r in plan.rounds], step=step.kind,
                         step_round=(step.next or step.round).round,
                         step_board=step.board.number if step.board is not None else None)


@router.post("/devices/{token}/results", status_code=201, response_model=DeviceResultOut,
             responses={**ERRORS, **CONFLICT, **TOKEN})
def device_result(request: Request, response: Response, token: Token, body: DeviceResultIn
                  ) -> DeviceResultOut | Response:
    """Store a result confirmed at the table, through the scorer's path (``enter_result``, by ``table N
    device``), audited; the same ``key`` again answers the stored result (200, ``Idempotent-Replayed``).  A
    result refused (the movement, the contract, a lead not in the leader's hand, 14 tricks) answers 422 naming
    the field; another result stored there already 409."""
    entry = DeviceEntry(body.round, body.board, body.contract, body.declarer, body.tricks, body.lead,
                        body.confirmed_by)
    try:
        stored = enter_entry(request, token, entry, body.key, body.table)
    except Refused as err:
        return refusal_json(err)
    if stored.repeated:
        response.status_code = 200
        response.headers[REPEATED_HEADER] = str(stored.result_id)
    return DeviceResultOut(id=stored.result_id, round=stored.round_no, board=stored.board, result=stored.text,
                           ns_score=stored.ns_score, repeated=stored.repeated)


@router.post("/devices/{token}/calls", status_code=201, response_model=CallOut, responses={**ERRORS, **TOKEN})
def device_call(request: Request, token: Token, body: CallIn) -> CallOut | Response:
    """Call the director to the link's table about the board (opened for the director); once per ``key``."""
    try:
        device = device_of(request, token)
    except Refused as err:
        return refusal_json(err)
    assert body.what in REASONS
    call = call_director(tables_of(request), device, body.round, body.board, body.what, body.key,
                         client_address(request))
    return call_out(call)


@router.get("/calls", response_model=list[CallOut])
def calls(request: Request, account: Annotated[Account, Depends(DIRECTOR)]) -> list[CallOut]:
    """The calls waiting, the longest first."""
    with club_register(request).transaction() as db:
        return [call_out(c) for c in waiting_calls(db)]


@router.post("/calls/{call_id}/answer", response_model=CallOut, responses=ERRORS)
def answer(request: Request, call_id: RecordId, account: Annotated[Account, Depends(DIRECTOR)]) -> CallOut:
    """Mark the call answered by this director (audited); answered already, it stays as it was."""
    with club_register(request).transaction() as db:
        return call_out(answer_call(db, call_id, account.username, client_address(request)))

