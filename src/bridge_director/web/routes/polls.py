"""The poll of peers for a Law 16B1(b) ruling, as pages (docs/polls.md).

The director makes the poll from the table's pending review (``POST /tables/{table_id}/polls``), shows its link and
QR code to the peers and follows the answers (``/polls/{token}/results``); "Use this poll" enters the answers at
the table as the judgement on the logical alternatives.  A peer needs no login: the unguessable token in the
address is the key; his page shows the hand, dealer, vulnerability and the calls before the one reviewed, and
nothing of the unauthorised information (Law 16B1(b)).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import FormData

from ...club.polls import (
    SEATS,
    SUITS_DOWN,
    AnswerView,
    PollClosed,
    PollView,
    Share,
    answer_poll,
    answers_of,
    close_poll,
    create_poll,
    get_poll,
    logical_alternatives,
    outcome,
    polls_of_table,
    shares,
    shown_of,
    use_poll,
)
from ...errors import BridgeError, ConflictError
from ...model import DOUBLE, PASS, REDOUBLE, Bid, Call, Strain
from ...model.calls import ALL_BIDS
from ..accounts import Account
from ..forms import number, text
from ..lan import qr_svg
from ..pages import TEMPLATES, render
from ..security import DIRECTOR
from .api_tables import find_table, tables_of

router = APIRouter(include_in_schema=False)
CLOSED = "This poll is closed: the director has its answers."


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
    """The address the peers open: on the club's network (``web --lan``) its address, else this request's host."""
    base: str = getattr(request.app.state, "lan_url", "") or str(request.base_url)
    return f"{base.rstrip('/')}/polls/{token}"


def qr_data_uri(url: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(url)).decode("ascii")


def find_poll(request: Request, token: str) -> PollView:
    try:
        with tables_of(request).register.transaction() as db:
            return get_poll(db, token)
    except KeyError:
        raise HTTPException(404, "no such poll: check the address") from None


def poll_answers(request: Request, token: str) -> list[AnswerView]:
    with tables_of(request).register.transaction() as db:
        return answers_of(db, token)


@dataclass(frozen=True, slots=True)
class Results:
    """The director's view of a poll: the answers, the shares, the logical alternatives, what using it does."""

    poll: PollView
    answers: list[AnswerView]
    shares: list[Share]
    alternatives: tuple[str, ...]
    outcome: str | None
    expected: int
    url: str


def results_of(request: Request, token: str) -> Results:
    poll = find_poll(request, token)
    answers = poll_answers(request, token)
    table = tables_of(request).get(poll.table)
    after = outcome(poll, table.state, answers) if answers and poll.used_seq is None else None
    return Results(poll, answers, shares(answers), logical_alternatives(poll, answers), after, table.seq,
                   peer_url(request, token))


# ----- the director's pages ------------------------------------------------------------------------------------
def table_polls_page(request: Request, table_id: str, error: str | None = None, status_code: int = 200
                     ) -> Response:
    """The polls of a table, and the button that makes one if its pending ruling is a Law 16B review at the
    logical alternatives (else the reason it cannot be made now)."""
    table = find_table(request, table_id)
    try:
        shown_of(table.state)
        reason = None
    except BridgeError as err:
        reason = str(err)
    with tables_of(request).register.transaction() as db:
        made = polls_of_table(db, table.id)
    return render(request, "poll_table.html", status_code=status_code, error=error, table_id=table.id,
                  board=table.board, reason=reason, polls=made)


@router.get("/tables/{table_id}/polls")
def table_polls(request: Request, table_id: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    return table_polls_page(request, table_id)


@router.post("/tables/{table_id}/polls")
def new_poll(request: Request, table_id: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """Make the poll of the table's pending Law 16B review (or open the one already made) and show its results."""
    table = find_table(request, table_id)
    try:
        with tables_of(request).register.transaction() as db:
            poll, _ = create_poll(db, table.id, table.state, account.username)
    except KeyError:
        raise HTTPException(404, f"no open table {table_id!r}") from None
    except BridgeError as err:
        return table_polls_page(request, table_id, str(err), 422)
    return RedirectResponse(f"/polls/{poll.token}/results", status_code=303)


def results_page(request: Request, token: str, error: str | None = None, status_code: int = 200,
                 conflict: bool = False) -> Response:
    found = results_of(request, token)
    return render(request, "poll_results.html", status_code=status_code, r=found, error=error, conflict=conflict,
                  qr=qr_data_uri(found.url), hand=hand_rows(found.poll), rows=auction_rows(found.poll),
                  vulnerable=vulnerable_text(found.poll))


@router.get("/polls/{token}/results")
def show_results(request: Request, token: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    return results_page(request, token)


@router.post("/polls/{token}/use")
async def use(request: Request, token: str, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """Enter the poll at its table as the judgement on the logical alternatives; a changed table is a conflict."""
    poll = find_poll(request, token)
    form = await request.form()
    try:
        expected = number(form, "expected", low=0, high=100_000, required=True, label="expected")
        assert expected is not None
        use_poll(tables_of(request), token, expected, account.username)
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
        close_poll(db, token)
    return RedirectResponse(f"/polls/{token}/results", status_code=303)


# ----- the peer's page ---------------------------------------------------------------------------------------------
def peer_render(request: Request, name: str, status_code: int = 200, **context: object) -> Response:
    """A peer's page, drawn without the session: the token in the address is the only key, so the page needs no
    cookie and no CSRF token (there is no login for a forged request to ride on), and opening it from a QR code
    on a director's phone leaves his login alone."""
    return TEMPLATES.TemplateResponse(request, name, {"account": None, "csrf": "", "error": None, **context},
                                      status_code=status_code)


def peer_page(request: Request, poll: PollView, error: str | None = None, status_code: int = 200,
              values: dict[str, object] | None = None) -> Response:
    first, levels = bidding_box(poll)
    return peer_render(request, "poll.html", status_code, poll=poll, error=error, first=first, levels=levels,
                       hand=hand_rows(poll), rows=auction_rows(poll), vulnerable=vulnerable_text(poll),
                       values=values or {"considered": []})


def _entered(form: FormData) -> dict[str, object]:
    """What the peer sent, to fill the form again after a refusal."""
    return {"peer": str(form.get("peer", ""))[:200], "call": str(form.get("call", ""))[:10],
            "considered": [str(v)[:10] for v in form.getlist("considered")][:40],
            "comment": str(form.get("comment", ""))[:2000]}


@router.get("/polls/{token}")
def show_poll(request: Request, token: str) -> Response:
    """The peer's page: no login, the token is the key; a closed poll says so and takes no answer."""
    poll = find_poll(request, token)
    if poll.closed:
        return peer_render(request, "poll_closed.html", message=CLOSED)
    return peer_page(request, poll)


@router.post("/polls/{token}")
async def answer(request: Request, token: str) -> Response:
    """Store the peer's answer (before the page answers) and thank him; a closed poll refuses."""
    poll = find_poll(request, token)
    form = await request.form()
    try:
        peer = text(form, "peer", max_length=200, label="your name")
        comment = text(form, "comment", max_length=2000, label="the comment")
        with tables_of(request).register.transaction() as db:
            stored = answer_poll(db, token, peer, text(form, "call", max_length=10, label="your call"),
                                 [str(v) for v in form.getlist("considered")], comment)
    except PollClosed:
        return peer_render(request, "poll_closed.html", 409, message=CLOSED)
    except BridgeError as err:
        return peer_page(request, poll, str(err), 422 if not isinstance(err, ConflictError) else 409,
                         _entered(form))
    return peer_render(request, "poll_thanks.html", poll=poll, answer=stored)
