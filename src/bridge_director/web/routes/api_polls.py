"""The poll of peers for a Law 16B1(b) ruling over JSON, mirroring its pages (docs/polls.md): the director makes
a poll from the table's pending review with its peers (each gets a personal link), reads its results (who
answered, when, from where) and uses it; a peer reads the poll and answers once on his link with no login (the
unguessable token is the key, so there is no session to forge and no CSRF token to send)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Body, Depends, HTTPException, Path, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from ...club.polls import (
    MAX_COMMENT,
    MAX_PEER,
    MAX_PEERS,
    AnswerView,
    Link,
    NotAPeer,
    PeerView,
    PollView,
    TooFast,
    add_peers,
    answer_from,
    create_poll,
    peers_of,
    use_poll,
)
from ...errors import BridgeError
from ..accounts import Account
from ..schemas import ErrorOut, TableOut
from ..security import DIRECTOR, client_address
from ..table_view import table_out
from .api_tables import CONFLICT, ERRORS, find_table, tables_of
from .polls import find_link, find_poll, peer_url, results_of, takes_answers, vulnerable_text

router = APIRouter(prefix="/api", tags=["polls"])
NO_POLL: dict[int | str, dict[str, object]] = {404: {"model": ErrorOut, "description": "no such poll"}}
NO_TABLE: dict[int | str, dict[str, object]] = {404: {"model": ErrorOut, "description": "no such table"}}
CLOSED: dict[int | str, dict[str, object]] = {409: {"model": ErrorOut, "description": "the poll is closed, or this "
                                                                                      "link or peer has answered"}}
NOT_A_PEER: dict[int | str, dict[str, object]] = {
    403: {"model": ErrorOut, "description": "the poll's own token: a name the director did not give, or only personal "
                                            "links answer"},
    429: {"model": ErrorOut, "description": "too many answers from this address: see Retry-After"}}
Token = Annotated[str, Path(min_length=1, max_length=40, description="the poll's token (from its address)")]


class PollCallOut(BaseModel):
    seat: str
    call: str


class PollOut(BaseModel):
    """What the peers are shown (Law 16B1(b)): the hand, dealer, vulnerability and the calls before the one
    reviewed, with the calls legal at the peer's turn.  Nothing of the unauthorised information."""

    token: str = Field(description="the token of this address: a peer's personal link, or the poll's own")
    url: str = Field(description="the peer's page at this token")
    link: str = Field(description="'personal' (a peer's link, one answer) or 'shared' (the poll's own token)")
    peer: str | None = Field(description="the peer this link is for, when the director named him")
    takes_answer: bool = Field(description="whether an answer may be sent on this link now")
    seat: str = Field(description="the seat the peer sits in: the player whose call is reviewed")
    call_no: int = Field(description="the number of the call reviewed in the auction (1 = dealer's first call)")
    hand: str = Field(description="the thirteen cards, PBN order: spades.hearts.diamonds.clubs")
    dealer: str
    vulnerability: str
    vulnerable: str = Field(description="the vulnerability said to the peer")
    auction: list[PollCallOut]
    legal_calls: list[str]
    closed: bool


class PeerOut(BaseModel):
    """A peer of the poll (the director's view): his personal link and his answer's time, name and address."""

    number: int
    name: str = Field(description="the name the director gave ('' for a link without a name)")
    url: str = Field(description="his personal link: one answer")
    answered: bool
    answered_at: datetime | None
    answered_as: str = Field(description="the name his answer carries")
    address: str | None = Field(description="the address his answer came from")


class PollMadeOut(PollOut):
    """The poll as made (or found open), with its peers' personal links (the director's view)."""

    shared: bool = Field(description="whether the poll's own token takes one answer from each named peer")
    peers: list[PeerOut]


class PollIn(BaseModel):
    """The peers of a new poll: names (each gets a personal link) and personal links without a name, at most
    20 in all; ``shared`` opens the poll's own token to the named peers (one answer each, under the name given).
    With ``poll`` (an open poll of this table) the peers are added to that poll instead."""

    model_config = ConfigDict(extra="forbid", strict=True)
    peers: list[str] = Field(default_factory=list, max_length=MAX_PEERS, examples=[["Ann Smith", "Ben Jones"]])
    links: int = Field(default=0, ge=0, le=MAX_PEERS, description="personal links without a name")
    shared: bool = False
    poll: str | None = Field(default=None, max_length=40, description="an open poll's token: add the peers to it")


class PollAnswerIn(BaseModel):
    """A peer's answer: his name, the call he would make, the calls he also seriously considered, a comment."""

    model_config = ConfigDict(extra="forbid", strict=True)
    peer: str = Field(default="", max_length=MAX_PEER, description="his name: not needed on a link the director "
                                                                    "named; one answer per peer")
    call: str = Field(min_length=1, max_length=10, examples=["4S", "Pass"])
    considered: list[str] = Field(default_factory=list, max_length=40, examples=[["Pass"]])
    comment: str = Field(default="", max_length=MAX_COMMENT)


class PollAnswerOut(BaseModel):
    peer: str
    call: str
    considered: list[str]
    comment: str
    answered_at: datetime
    address: str | None = Field(description="the address the answer came from (null: before migration 0014)")
    link: str = Field(description="the peer's link it came on: his name or 'link N' ('': the poll's own token)")
    replaced: int = Field(description="how many earlier answers of this peer were replaced (before one peer, one "
                                      "answer: kept in the register)")


class ActionOut(BaseModel):
    """One entry of the audit log on the poll: made, peers, answered, refused, used, closed."""

    at: datetime
    actor: str
    kind: str
    detail: str
    address: str


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
    shared: bool
    peers: list[PeerOut]
    answers: list[PollAnswerOut]
    actions: list[ActionOut] = Field(description="the poll's audit entries, oldest first")
    shares: list[ShareOut]
    logical_alternatives: list[str]
    outcome: str | None = Field(description="what using the poll now would do at the table")
    expected: int
    used_entry: int | None = Field(description="the table entry that used the poll, once used")


class UseIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    expected: int = Field(ge=0, le=100_000, description="the table's entry count the director saw (results' "
                                                        "``expected``): another entry since is a conflict (409)")


def poll_out(request: Request, poll: PollView, link: Link | None = None, token: str | None = None) -> PollOut:
    """The poll as shown at ``token`` (a peer's link: ``link``; else the poll's own token)."""
    shown = poll.shown
    at = token or poll.token
    personal = link is not None and link.peer is not None
    return PollOut(token=at, url=peer_url(request, at), link="personal" if personal else "shared",
                   peer=(link.peer.name or None) if link is not None and link.peer is not None else None,
                   takes_answer=takes_answers(link or Link(poll, None)), seat=shown.seat.letter,
                   call_no=shown.call_no, hand=str(shown.hand), dealer=shown.auction.dealer.letter,
                   vulnerability=shown.vulnerability.value, vulnerable=vulnerable_text(poll),
                   auction=[PollCallOut(seat=shown.auction.seat_of(i).letter, call=str(c))
                            for i, c in enumerate(shown.auction.calls)],
                   legal_calls=[str(c) for c in poll.legal_calls()], closed=poll.closed)


def peer_out(request: Request, p: PeerView) -> PeerOut:
    return PeerOut(number=p.number, name=p.name, url=peer_url(request, p.token), answered=p.answered,
                   answered_at=p.answered_at, answered_as=p.answered_as, address=p.address)


def answer_out(a: AnswerView) -> PollAnswerOut:
    return PollAnswerOut(peer=a.peer, call=a.call, considered=list(a.considered), comment=a.comment,
                         answered_at=a.created_at, address=a.address, link=a.link, replaced=a.replaced)


def made_out(request: Request, poll: PollView) -> PollMadeOut:
    with tables_of(request).register.transaction() as db:
        peers = peers_of(db, poll.token)
    return PollMadeOut(**poll_out(request, poll).model_dump(), shared=poll.shared,
                       peers=[peer_out(request, p) for p in peers])


@router.post("/tables/{table_id}/polls", status_code=201, response_model=PollMadeOut,
             responses={**ERRORS, **NO_TABLE, **CLOSED})
def new_poll(request: Request, response: Response, table_id: str,
             account: Annotated[Account, Depends(DIRECTOR)],
             body: Annotated[PollIn | None, Body()] = None) -> PollMadeOut:
    """Make the poll of the table's pending Law 16B review, at its question on the logical alternatives (refused,
    naming the field, otherwise), with its peers: ``peers`` named (each a personal link) and ``links`` without a
    name, one answer each.  The open poll of the same review is answered again (200) rather than a second; with
    ``poll`` the peers are added to that open poll (200)."""
    given = body or PollIn()
    table = find_table(request, table_id)
    address = client_address(request)
    if given.poll is not None:
        poll = find_poll(request, given.poll)
        if poll.table != table.id:
            raise HTTPException(404, "no such poll at this table")
        with tables_of(request).register.transaction() as db:
            add_peers(db, poll.token, given.peers, given.links, account.username, address)
        response.status_code = 200
        return made_out(request, find_poll(request, poll.token))
    try:
        with tables_of(request).register.transaction() as db:
            made, new = create_poll(db, table.id, table.state, account.username, given.peers, given.links,
                                    given.shared, address)
    except KeyError:
        raise HTTPException(404, f"no open table {table_id!r}") from None
    if not new:
        response.status_code = 200
    return made_out(request, made)


@router.get("/polls/{token}", response_model=PollOut, responses=NO_POLL)
def get_poll(request: Request, token: Token) -> PollOut:
    """The poll as its peers see it at this token, a peer's link or the poll's own (no login)."""
    link = find_link(request, token)
    return poll_out(request, link.poll, link, token)


@router.get("/polls/{token}/results", response_model=ResultsOut, responses=NO_POLL)
def get_results(request: Request, token: Token, account: Annotated[Account, Depends(DIRECTOR)]) -> ResultsOut:
    """The answers so far, the share of peers choosing and considering each call, the logical alternatives."""
    r = results_of(request, token)
    return ResultsOut(poll=poll_out(request, r.poll), table=r.poll.table, board=r.poll.board,
                      taken=r.poll.shown.taken, laws=r.poll.shown.laws.value, shared=r.poll.shared,
                      peers=[peer_out(request, p) for p in r.peers],
                      answers=[answer_out(a) for a in r.answers],
                      actions=[ActionOut(at=e.at, actor=e.actor, kind=e.kind, detail=e.detail, address=e.address)
                               for e in r.actions],
                      shares=[ShareOut(call=s.call, chose=s.chose, considering=s.considering, total=s.total)
                              for s in r.shares],
                      logical_alternatives=list(r.alternatives), outcome=r.outcome, expected=r.expected,
                      used_entry=r.poll.used_seq)


@router.post("/polls/{token}/answers", status_code=201, response_model=PollAnswerOut,
             responses={**ERRORS, **NO_POLL, **CLOSED, **NOT_A_PEER})
def post_answer(request: Request, token: Token, body: PollAnswerIn) -> PollAnswerOut | JSONResponse:
    """A peer's answer on his link, stored before the reply (no login).  Refused: a call that is not legal after
    the auction shown (422, naming the law), a closed poll or a link or peer that has answered (409), a name the
    director did not give on the poll's own token (403), too many answers from this address (429)."""
    try:
        stored = answer_from(tables_of(request).register, token, body.peer, body.call, body.considered,
                             body.comment, address=client_address(request))
    except KeyError:
        raise HTTPException(404, "no such poll: check the address") from None
    except TooFast as err:
        return refusal(err, 429, {"Retry-After": str(err.wait)})
    except NotAPeer as err:
        return refusal(err, 403)
    return answer_out(stored)


def refusal(err: BridgeError, status: int, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"detail": str(err), "law": err.law, "field": err.field}, status_code=status,
                        headers=headers)


@router.post("/polls/{token}/use", response_model=TableOut, responses={**ERRORS, **NO_POLL, **CONFLICT})
def use(request: Request, token: Token, body: UseIn, account: Annotated[Account, Depends(DIRECTOR)]) -> TableOut:
    """Enter the answers at the table as the judgement on the logical alternatives
    (``Judgement("alternatives", "poll: ...")``) and close the poll; a table changed since ``expected`` is 409."""
    find_poll(request, token)
    table = use_poll(tables_of(request), token, body.expected, account.username, client_address(request))
    return table_out(table.state, table.id, table.log)
