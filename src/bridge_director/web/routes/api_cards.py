"""System cards over JSON: check a card, and ask whether a replacement call is comparable (Law 23A, 2017).

The card travels in the request (our card format, docs/system-card.md): the app keeps no card of its own.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, Field

from ..accounts import Account
from ..schemas import ErrorOut
from ..security import READER

router = APIRouter()
REFUSED: dict[int | str, dict[str, Any]] = {422: {"model": ErrorOut, "description": "refused, naming the field"}}


class CardIn(BaseModel):
    card: dict[str, Any] = Field(description="a system card in our JSON format")


class CheckOut(BaseModel):
    system: str
    meanings: int
    problems: list[str]


class ComparableIn(CardIn):
    auction: str = Field("", max_length=400, description="calls from the dealer up to the offender's turn")
    withdrawn: str = Field(max_length=10, description="the insufficient bid or the cancelled call")
    replacement: str = Field(max_length=10, description="the call that replaces it")
    withdrawn_auction: str | None = Field(None, max_length=400,
                                          description="the auction the withdrawn call is read in (what was meant)")


class ComparableOut(BaseModel):
    comparable: bool | None = Field(description="null: the card cannot say; the director decides")
    law: str | None
    reason: str
    withdrawn: str
    replacement: str
    counterexample: str | None = Field(None, description="a hand the replacement shows and the withdrawn call does "
                                                         "not, as the director reads it")
    counterexample_pbn: str | None = None


@router.post("/api/cards/check", response_model=CheckOut, tags=["cards"], responses=REFUSED)
def api_card_check(body: CardIn, account: Annotated[Account, Depends(READER)]) -> CheckOut:
    """Every problem of a card, one line each naming the context and the call."""
    from ...cards.card_file import loads
    from ...cards.check import check

    card = loads(json.dumps(body.card), "card")
    return CheckOut(system=card.name, meanings=card.size, problems=check(card))


@router.post("/api/cards/comparable", response_model=ComparableOut, tags=["cards"], responses=REFUSED)
def api_card_comparable(body: ComparableIn, account: Annotated[Account, Depends(READER)]) -> ComparableOut:
    """Law 23A: the same or similar meaning (23A1), a subset (23A2, proved by the solver) or the same purpose
    (23A3); when not comparable, a hand that shows why."""
    from ...cards.card_file import loads
    from ...cards.comparable import named, show_hand
    from ...cards.question import ask

    answer = ask(loads(json.dumps(body.card), "card"), body.auction, body.withdrawn, body.replacement,
                 body.withdrawn_auction)
    v, hand = answer.verdict, answer.verdict.counterexample
    return ComparableOut(comparable=v.comparable, law=v.law, reason=v.reason,
                         withdrawn=named(answer.withdrawn, answer.withdrawn_context),
                         replacement=named(answer.replacement, answer.replacement_context),
                         counterexample=show_hand(hand) if hand is not None else None,
                         counterexample_pbn=str(hand) if hand is not None else None)
