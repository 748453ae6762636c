"""The poll of peers for a Law 16B1(b) ruling, as pages (docs/polls.md).

The director makes the poll from the table's pending review (``POST /tables/{table_id}/polls``) with its peers:
the names he gives, each with a personal link, and links without a name; he shows each peer his own code
(``/polls/{token}/codes``) and follows the answers, who gave them, when and from where
(``/polls/{token}/results``); "Use this poll" enters the answers at the table as the judgement on the logical
alternatives.  A peer needs no login: the unguessable token of his link is the key, good for one answer; his page
shows the hand, dealer, vulnerability and the calls before the one reviewed, and nothing of the unauthorised
information (Law 16B1(b)).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import FormData

from ...club.polls import (
    MAX_PEERS,
    SEATS,
    SUITS_DOWN,
    AlreadyAnswered,
    AnswerView,
    Link,
    NotAPeer,
    PeerView,
    PollAction,
    PollClosed,
    PollView,
    Share,
    TooFast,
    actions_of,
    add_peers,
    answer_from,
    answers_of,
    close_poll,
    create_poll,
    get_poll,
    logical_alternatives,
    open_link,
    outcome,
    peers_of,
    polls_of_table,
    shares,
    shown_of,
    use_poll,
)
from ...errors import BridgeError, ConflictError
from ...model import DOUBLE, PASS, REDOUBLE, Bid, Call, Strain
from ...model.calls import ALL_BIDS
from ..accounts import Account
from ..forms import flag, number, text
from ..lan import public_base, qr_svg
from ..pages import TEMPLATES, render
from ..security import DIRECTOR, client_address
from .api_tables import find_table, tables_of

router = APIRouter(include_in_schema=False)
CLOSED = "This poll is closed: the director has its answers."
PERSONAL_ONLY = "This poll is answered on personal links only: ask the director for yours."
ONE_ANSWER = "This link has its answer: each link takes one answer."


# ----- what the pages show ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Button:
    """One call of the peer's bidding box: its text, its symbol, whether it is legal after the auction shown."""

    call: str
    label: str
    legal: bool
    red: bool


def bidding_box(poll: PollView) -> tuple[tuple[Button, ...], tuple[tuple[Button, ...], ...]]:
    """The box: Pass, X, XX; then the bids level by level, each enabled only if legal (Laws 18 and 19)."""
    def button(call: Call) -> Button:
        red = isinstance(call, Bid) and call.strain in (Strain.HEARTS, Strain.DIAMONDS)
        return Button(str(call), call.symbol if isinstance(call, Bid) else str(call), poll.is_legal(call), red)
    first = tuple(button(c) for c in (PASS, DOUBLE, REDOUBLE))
    levels = tuple(tuple(button(b) for b in ALL_BIDS[i:i + 5]) for i in range(0, len(ALL_BIDS), 5))
    return first, levels


def hand_rows(poll: PollView) -> list[tuple[str, str, bool]]:
    """The hand suit by suit: symbol, cards highest first (— for a void), red or not."""
    hand = poll.shown.hand
    return [(suit.symbol, " ".join(c.rank.char.replace("T", "10") for c in hand.holding(suit)) or "—",
             suit.letter in "HD") for suit in SUITS_DOWN]


def auction_rows(poll: PollView) -> list[list[str]]:
    """The calls before the one reviewed, four to a row (North to West, as on the table page), blanks before the
    dealer, and "?" at the peer's turn."""
    auction = poll.shown.auction
    cells = [""] * SEATS.index(auction.dealer) + [str(c) for c in auction.calls] + ["?"]
    return [(cells[i:i + 4] + [""] * 4)[:4] for i in range(0, len(cells), 4)]


def vulnerable_text(poll: PollView) -> str:
    """Who is vulnerable, said to the peer sitting in the offender's seat."""
    vul, seat = poll.shown.vulnerability, poll.shown.seat
    us, them = vul.is_vulnerable(seat), vul.is_vulnerable(seat.lho)
    if us and them:
        return "Both sides are vulnerable"
    if not us and not them:
        return "Neither side is vulnerable"
    return "You are vulnerable, they are not" if us else "They are vulnerable, you are not"


def peer_url(request: Request, token: str) -> str:
    """The address the peers open (``lan.public_base``: the one the director came by)."""
    return f"{public_base(request)}/polls/{token}"


def qr_data_uri(url: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(url)).decode("ascii")


def find_poll(request: Request, token: str) -> PollView:
    """The poll of the token (its own, the director's: never a peer's link); 404 if none."""
    try:
        with tables_of(request).register.transaction() as db:
            return get_poll(db, token)
    except KeyError:
        raise HTTPException(404, "no such poll: check the address") from None


def find_link(request: Request, token: str) -> Link:
    """What a peer's address opens: the poll and, on a personal link, its peer; 404 if nothing."""
    try:
        with tables_of(request).register.transaction() as db:
            return open_link(db, token)
    except KeyError:
        raise HTTPException(404, "no such poll: check the address") from None


def takes_answers(link: Link) -> bool:
    """Whether an answer may be sent on this link now (the poll open; the link unanswered, or the poll's own
    token open to its named peers)."""
    if link.poll.closed:
        return False
    return link.poll.shared if link.peer is None else not link.peer.answered


@dataclass(frozen=True, slots=True)
class Results:
    """The director's view of a poll: the answers (who, when, from where), its peers and their links, the shares,
    the logical alternatives, what using it does, and the poll's audit entries."""

    poll: PollView
    answers: list[AnswerView]
    shares: list[Share]
    alternatives: tuple[str, ...]
    outcome: str | None
    expected: int
    url: str
    peers: list[PeerView]
    actions: list[PollAction]

    @property
    def room(self) -> int:
        """How many more peers the poll can take."""
        return max(0, MAX_PEERS - len(self.peers))


def results_of(request: Request, token: str) -> Results:
    poll = find_poll(request, token)
    with tables_of(request).register.transaction() as db:
        answers, peers, actions = answers_of(db, token), peers_of(db, token), actions_of(db, token)
    table = tables_of(request).get(poll.table)
    after = outcome(poll, table.state, answers) if answers and poll.used_seq is None else None
    return Results(poll, answers, shares(answers), logical_alternatives(poll, answers), after, table.seq,
                   peer_url(request, token), peers, actions)


def names_of(form: FormData) -> list[str]:
    """The peers' names typed one a line (blank lines skipped)."""
    typed = text(form, "names", max_length=MAX_PEERS * 120, label="the peers' names")
    return [line.strip() for line in typed.splitlines() if line.strip()]


# ----- the director's pages ------------------------------------------------------------------------------------
def table_polls_page(request: Request, table_id: str, error: str | None = None, status_code: int = 200,
                     values: dict[str, object] | None = None) -> Response:
    """The polls of a table, and the form that makes one with its peers if its pending ruling is a Law 16B review
    at the logical alternatives (else the reason it cannot be made now)."""
    table = find_table(request, table_id)
    try:
        shown = shown_of(table.state)
        reason = None
    except BridgeError as err:
        shown, reason = None, str(err)
    with tables_of(request).register.transaction() as db:
        made = polls_of_table(db, table.id)
    open_now = next((p for p, _ in made if not p.closed and shown is not None and p.shown == shown), None)
    return render(request, "poll_table.html", status_code=status_code, error=error, table_id=table.id,
                  board=table.board, reason=reason, polls=made, most=MAX_PEERS, values=values or {},
                  open_now=open_now)


@router.get("/tables/{table_id}/polls")
def table_polls(request: Request, table_id: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    return table_polls_page(request, table_id)


@router.post("/tables/{table_id}/polls")
async def new_poll(request: Request, table_id: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """Make the poll of the table's pending Law 16B review with its peers (names, links without a name, the
    poll's own code open to the named peers or not), or open the one already made, and show its results.  With
    ``poll`` (an open poll's token) the peers are added to that poll instead."""
    table = find_table(request, table_id)
    form = await request.form()
    address = client_address(request)
    adding = text(form, "poll", max_length=40)
    if adding:
        poll = find_poll(request, adding)
        if poll.table != table.id:
            raise HTTPException(404, "no such poll at this table")
        try:
            names, links = names_of(form), number(form, "links", low=0, high=MAX_PEERS, label="links") or 0
            with tables_of(request).register.transaction() as db:
                add_peers(db, adding, names, links, account.username, address)
        except BridgeError as err:
            return results_page(request, adding, str(err), 409 if isinstance(err, ConflictError) else 422)
        return RedirectResponse(f"/polls/{adding}/results#peers", status_code=303)
    try:
        names, links = names_of(form), number(form, "links", low=0, high=MAX_PEERS, label="links") or 0
        with tables_of(request).register.transaction() as db:
            poll, _ = create_poll(db, table.id, table.state, account.username, names, links, flag(form, "shared"),
                                  address)
    except KeyError:
        raise HTTPException(404, f"no open table {table_id!r}") from None
    except BridgeError as err:
        typed = {"names": str(form.get("names", ""))[:MAX_PEERS * 120], "links": str(form.get("links", ""))[:4],
                 "shared": flag(form, "shared")}
        return table_polls_page(request, table_id, str(err), 422, typed)
    return RedirectResponse(f"/polls/{poll.token}/results", status_code=303)


def results_page(request: Request, token: str, error: str | None = None, status_code: int = 200,
                 conflict: bool = False) -> Response:
    found = results_of(request, token)
    return render(request, "poll_results.html", status_code=status_code, r=found, error=error, conflict=conflict,
                  qr=qr_data_uri(found.url) if found.poll.shared and not found.poll.closed else "",
                  hand=hand_rows(found.poll), rows=auction_rows(found.poll), vulnerable=vulnerable_text(found.poll),
                  links={p.token: peer_url(request, p.token) for p in found.peers}, most=MAX_PEERS)


@router.get("/polls/{token}/results")
def show_results(request: Request, token: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    return results_page(request, token)


@router.get("/polls/{token}/codes")
def show_codes(request: Request, token: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """Each peer who has not answered yet: his name, his personal link and its QR code, to show him or print."""
    poll = find_poll(request, token)
    with tables_of(request).register.transaction() as db:
        waiting = [p for p in peers_of(db, token) if not p.answered]
    cards = [(p, peer_url(request, p.token)) for p in waiting] if not poll.closed else []
    return render(request, "poll_codes.html", poll=poll, cards=[(p, url, qr_data_uri(url)) for p, url in cards])


@router.post("/polls/{token}/use")
async def use(request: Request, token: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """Enter the poll at its table as the judgement on the logical alternatives; a changed table is a conflict."""
    poll = find_poll(request, token)
    form = await request.form()
    try:
        expected = number(form, "expected", low=0, high=100_000, required=True, label="expected")
        assert expected is not None
        use_poll(tables_of(request), token, expected, account.username, client_address(request))
    except ConflictError as err:
        return results_page(request, token, f"Nothing was entered: {err.message}", 409, conflict=True)
    except BridgeError as err:
        return results_page(request, token, str(err), 422)
    return RedirectResponse(f"/tables/{poll.table}", status_code=303)


@router.post("/polls/{token}/close")
def close(request: Request, token: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """Close the poll: no more answers are taken."""
    find_poll(request, token)
    with tables_of(request).register.transaction() as db:
        close_poll(db, token, by=account.username, address=client_address(request))
    return RedirectResponse(f"/polls/{token}/results", status_code=303)


# ----- the peer's page ---------------------------------------------------------------------------------------------
def peer_render(request: Request, name: str, status_code: int = 200, headers: dict[str, str] | None = None,
                **context: object) -> Response:
    """A peer's page, drawn without the session: the token in the address is the only key, so the page needs no
    cookie and no CSRF token (there is no login for a forged request to ride on), and opening it from a QR code
    on a director's phone leaves his login alone."""
    return TEMPLATES.TemplateResponse(request, name, {"account": None, "csrf": "", "error": None, **context},
                                      status_code=status_code, headers=headers)


def peer_page(request: Request, link: Link, token: str, error: str | None = None, status_code: int = 200,
              values: dict[str, object] | None = None, headers: dict[str, str] | None = None) -> Response:
    poll = link.poll
    first, levels = bidding_box(poll)
    return peer_render(request, "poll.html", status_code, headers, poll=poll, link=link, token=token, error=error,
                       first=first, levels=levels, hand=hand_rows(poll), rows=auction_rows(poll),
                       vulnerable=vulnerable_text(poll), values=values or {"considered": []})


def _entered(form: FormData) -> dict[str, object]:
    """What the peer sent, to fill the form again after a refusal."""
    return {"peer": str(form.get("peer", ""))[:200], "call": str(form.get("call", ""))[:10],
            "considered": [str(v)[:10] for v in form.getlist("considered")][:40],
            "comment": str(form.get("comment", ""))[:2000]}


def no_answer_page(request: Request, link: Link, refused: bool = False) -> Response | None:
    """The page of a link that takes no answer now (the poll closed, the link answered: 409 for an answer sent;
    the poll's own token while only personal links answer: 403), or None."""
    status = 409 if refused else 200
    if link.poll.closed:
        return peer_render(request, "poll_closed.html", status, message=CLOSED)
    if link.peer is not None and link.peer.answered:
        return peer_render(request, "poll_closed.html", status, title="Answered", message=ONE_ANSWER)
    if link.peer is None and not link.poll.shared:
        return peer_render(request, "poll_closed.html", 403, title="Personal links only", message=PERSONAL_ONLY)
    return None


@router.get("/polls/{token}")
def show_poll(request: Request, token: str) -> Response:
    """The peer's page: no login, the token of his link is the key; a closed poll, an answered link and the
    poll's own token while closed to answers say so and take no answer."""
    link = find_link(request, token)
    return no_answer_page(request, link) or peer_page(request, link, token)


@router.post("/polls/{token}")
async def answer(request: Request, token: str) -> Response:
    """Store the peer's answer (before the page answers) and thank him.  Refused: a closed poll or an answered
    link (409), a name the director did not give on the poll's own token (403), too many answers from one
    address (429, with Retry-After), a call that is not legal (422)."""
    link = find_link(request, token)
    form = await request.form()
    try:
        peer = text(form, "peer", max_length=400, label="your name")
        comment = text(form, "comment", max_length=2000, label="the comment")
        stored = answer_from(tables_of(request).register, token, peer,
                             text(form, "call", max_length=10, label="your call"),
                             [str(v) for v in form.getlist("considered")], comment,
                             address=client_address(request))
    except KeyError:
        raise HTTPException(404, "no such poll: check the address") from None
    except TooFast as err:
        return peer_page(request, link, token, str(err), 429, _entered(form), {"Retry-After": str(err.wait)})
    except (PollClosed, AlreadyAnswered, NotAPeer) as err:
        now = find_link(request, token)
        page = no_answer_page(request, now, refused=True)
        if page is not None:
            return page
        return peer_page(request, now, token, str(err), 403 if isinstance(err, NotAPeer) else 409, _entered(form))
    except BridgeError as err:
        return peer_page(request, link, token, str(err), 409 if isinstance(err, ConflictError) else 422,
                         _entered(form))
    return peer_render(request, "poll_thanks.html", poll=link.poll, answer=stored)
