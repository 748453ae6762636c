"""The poll of peers for a Law 16B1(b) ruling over JSON, mirroring its pages (docs/polls.md): the director makes
a poll from the table's pending review, reads its results and uses it; a peer reads the poll and answers with
no login (the unguessable token is the key, so there is no session to forge and no CSRF token to send)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Path, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from ...club.polls import MAX_COMMENT, MAX_PEER, AnswerView, PollView, answer_poll, create_poll, use_poll
from ..accounts import Account
from ..schemas import ErrorOut, TableOut
from ..security import DIRECTOR
from ..table_view import table_out
from .api_tables import CONFLICT, ERRORS, find_table, tables_of
from .polls import find_poll, peer_url, results_of, vulnerable_text

router = APIRouter(prefix="/api", tags=["polls"])
NO_POLL: dict[int | str, dict[str, object]] = {404: {"model": ErrorOut, "description": "no such poll"}}
NO_TABLE: dict[int | str, dict[str, object]] = {404: {"model": ErrorOut, "description": "no such table"}}
CLOSED: dict[int | str, dict[str, object]] = {409: {"model": ErrorOut, "description": "the poll is closed, or the "
                                                                                      "same name answered at once"}}
Token = Annotated[str, Path(min_length=1, max_length=40, description="the poll's token (from its address)")]


class PollCallOut(BaseModel):
    seat: str
    call: str


class PollOut(BaseModel):
    """What the peers are shown (Law 16B1(b)): the hand, dealer, vulnerability and the calls before the one
    reviewed, with the calls legal at the peer's turn.  Nothing of the unauthorised information."""

    token: str
    url: str = Field(description="the peers' page")
    seat: str = Field(description="the seat the peer sits in: the player whose call is reviewed")
    call_no: int = Field(description="the number of the call reviewed in the auction (1 = dealer's first call)")
    hand: str = Field(description="the thirteen cards, PBN order: spades.hearts.diamonds.clubs")
    dealer: str
    vulnerability: str
    vulnerable: str = Field(description="the vulnerability said to the peer")
    auction: list[PollCallOut]
    legal_calls: list[str]
    closed: bool


class PollAnswerIn(BaseModel):
    """A peer's answer: his name, the call he would make, the calls he also seriously considered, a comment."""

    model_config = ConfigDict(extra="forbid", strict=True)
    peer: str = Field(min_length=1, max_length=MAX_PEER, description="one answer per name: a second replaces it")
    call: str = Field(min_length=1, max_length=10, examples=["4S", "Pass"])
    considered: list[str] = Field(default_factory=list, max_length=40, examples=[["Pass"]])
    comment: str = Field(default="", max_length=MAX_COMMENT)


class PollAnswerOut(BaseModel):
    peer: str
    call: str
    considered: list[str]
    comment: str
    answered_at: datetime
    replaced: int = Field(description="how many earlier answers of this peer were replaced (kept in the audit)")


class ShareOut(BaseModel):
    call: str
    chose: int
    considering: int = Field(description="peers who chose it or seriously considered it")
    total: int


class ResultsOut(BaseModel):
    """The director's view: the answers, the share of each call, the logical alternatives (16B1(b), under the
    review's edition), what using the poll would do, and the table's entry count to send as ``expected``."""

    poll: PollOut
    table: str
    board: int
    taken: str = Field(description="the call reviewed")
    laws: str
    answers: list[PollAnswerOut]
    shares: list[ShareOut]
    logical_alternatives: list[str]
    outcome: str | None = Field(description="what using the poll now would do at the table")
    expected: int
    used_entry: int | None = Field(description="the table entry that used the poll, once used")


class UseIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    expected: int = Field(ge=0, le=100_000, description="the table's entry count the director saw (results' "
                                                        "``expected``): another entry since is a conflict (409)")


def poll_out(request: Request, poll: PollView) -> PollOut:
    shown = poll.shown
    return PollOut(token=poll.token, url=peer_url(request, poll.token), seat=shown.seat.letter, call_no=shown.call_no,
                   hand=str(shown.hand), dealer=shown.auction.dealer.letter, vulnerability=shown.vulnerability.value,
                   vulnerable=vulnerable_text(poll),
                   auction=[PollCallOut(seat=shown.auction.seat_of(i).letter, call=str(c))
                            for i, c in enumerate(shown.auction.calls)],
                   legal_calls=[str(c) for c in poll.legal_calls()], closed=poll.closed)


def answer_out(a: AnswerView) -> PollAnswerOut:
    return PollAnswerOut(peer=a.peer, call=a.call, considered=list(a.considered), comment=a.comment,
                         answered_at=a.created_at, replaced=a.replaced)


@router.post("/tables/{table_id}/polls", status_code=201, response_model=PollOut,
             responses={**ERRORS, **NO_TABLE})
def new_poll(request: Request, response: Response, table_id: str,
             account: Annotated[Account, Depends(DIRECTOR)]) -> PollOut:
    """Make the poll of the table's pending Law 16B review, at its question on the logical alternatives (refused,
    naming the field, otherwise).  The open poll of the same review is answered again (200) rather than a second."""
    table = find_table(request, table_id)
    try:
        with tables_of(request).register.transaction() as db:
            poll, new = create_poll(db, table.id, table.state, account.username)
    except KeyError:
        raise HTTPException(404, f"no open table {table_id!r}") from None
    if not new:
        response.status_code = 200
    return poll_out(request, poll)


@router.get("/polls/{token}", response_model=PollOut, responses=NO_POLL)
def get_poll(request: Request, token: Token) -> PollOut:
    """The poll as its peers see it (no login)."""
    return poll_out(request, find_poll(request, token))


@router.get("/polls/{token}/results", response_model=ResultsOut, responses=NO_POLL)
def get_results(request: Request, token: Token, account: Annotated[Account, Depends(DIRECTOR)]) -> ResultsOut:
    """The answers so far, the share of peers choosing and considering each call, the logical alternatives."""
    r = results_of(request, token)
    return ResultsOut(poll=poll_out(request, r.poll), table=r.poll.table, board=r.poll.board,
                      taken=r.poll.shown.taken, laws=r.poll.shown.laws.value,
                      answers=[answer_out(a) for a in r.answers],
                      shares=[ShareOut(call=s.call, chose=s.chose, considering=s.considering, total=s.total)
                              for s in r.shares],
                      logical_alternatives=list(r.alternatives), outcome=r.outcome, expected=r.expected,
                      used_entry=r.poll.used_seq)


@router.post("/polls/{token}/answers", status_code=201, response_model=PollAnswerOut,
             responses={**ERRORS, **NO_POLL, **CLOSED})
def post_answer(request: Request, token: Token, body: PollAnswerIn) -> PollAnswerOut:
    """A peer's answer, stored before the reply (no login); a call that is not legal after the auction shown is
    refused naming the law, a closed poll with 409."""
    try:
        with tables_of(request).register.transaction() as db:
            stored = answer_poll(db, token, body.peer, body.call, body.considered, body.comment)
    except KeyError:
        raise HTTPException(404, "no such poll: check the address") from None
    return answer_out(stored)


@router.post("/polls/{token}/use", response_model=TableOut, responses={**ERRORS, **NO_POLL, **CONFLICT})
def use(request: Request, token: Token, body: UseIn, account: Annotated[Account, Depends(DIRECTOR)]) -> TableOut:
    """Enter the answers at the table as the judgement on the logical alternatives
    (``Judgement("alternatives", "poll: ...")``) and close the poll; a table changed since ``expected`` is 409."""
    find_poll(request, token)
    table = use_poll(tables_of(request), token, body.expected, account.username)
    return table_out(table.state, table.id, table.log)
