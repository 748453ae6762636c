"""The register's penalties: every procedural (Law 90) and disciplinary (Law 91) penalty on a pair's session
total, a new one (a ruling that gives penalties and changes no result: ``club.adjustments.penalise``), and a
penalty upgraded from the old free-text register put in force (``club.adjustments.apply_penalty``).

Directors write; everyone logged in reads.  A write is one transaction; a refusal names the field.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import FormData

from ...club.adjustments import PenaltyIn, apply_penalty, penalise
from ...errors import BridgeError
from ...register.models import Section
from ...register.values import PenaltyKind
from ..accounts import Account
from ..audit import PENALTY, note
from ..forms import choice, number, text, values
from ..pages import render
from ..penalty_view import UNITS, all_penalties, section_choices
from ..register_access import register_of
from ..schemas import RecordId
from ..security import DIRECTOR, READER

router = APIRouter(include_in_schema=False)
KINDS = tuple(k.value for k in PenaltyKind)


def _page(request: Request, status_code: int = 200, error: str | None = None,
          form: dict[str, str] | None = None) -> Response:
    with register_of(request).transaction() as db:
        penalties, sections = all_penalties(db), section_choices(db)
    return render(request, "register_penalties.html", status_code=status_code, error=error, penalties=penalties,
                  sections=sections, units=UNITS, penalty_kinds=KINDS, form=form or {"law": "90", "unit": "top"})


@router.get("/register/penalties")
def penalties_page(request: Request, account: Annotated[Account, Depends(READER)]) -> Response:
    return _page(request)


def _amount(form: FormData) -> float:
    typed = text(form, "amount", max_length=12, required=True, label="the amount")
    try:
        amount = float(typed)
    except ValueError:
        raise BridgeError(f"the amount is a number, not {typed!r}", field="amount") from None
    if not 0 < amount <= 1000:
        raise BridgeError(f"a penalty is more than 0 and at most 1000, not {typed}", field="amount", law="90")
    return amount


def _section(form: FormData) -> int:
    return number(form, "section", low=1, high=2**31 - 1, required=True, label="the section") or 0


def _pair(form: FormData) -> int:
    return number(form, "pair", low=1, high=9999, required=True, label="the pair") or 0


@router.post("/register/penalties")
async def create_penalty(request: Request, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """A ruling giving one penalty: section, pair, amount and unit, kind, law and reason."""
    form = await request.form()
    try:
        kind = PenaltyKind(choice(form, "kind", KINDS, default=PenaltyKind.PROCEDURAL.value))
        law = text(form, "law", max_length=40) or ("91" if kind is PenaltyKind.DISCIPLINARY else "90")
        reason = text(form, "reason", max_length=2000)
        given = PenaltyIn(_pair(form), _amount(form), choice(form, "unit", UNITS, default="top"), kind, law, reason)
        section_id = _section(form)
        with register_of(request).transaction() as db:
            section = db.get(Section, section_id)
            if section is None:
                raise BridgeError(f"no section {section_id}", field="section")
            ruling = penalise(db, section, [given], director=account.username, laws=law, facts=reason)
            note(db, request, PENALTY, f"ruling {ruling.id}",
                 f"section {section_id}, pair {given.pair}: {given.amount:g} {given.unit}")
    except BridgeError as err:
        return _page(request, 422, str(err), values(form))
    return RedirectResponse("/register/penalties", status_code=303)


@router.post("/register/penalties/{penalty_id}/apply")
async def apply(request: Request, penalty_id: RecordId, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """Put a penalty recorded as text in force: its section, pair, unit and amount."""
    form = await request.form()
    try:
        section_id, pair, amount = _section(form), _pair(form), _amount(form)
        unit = choice(form, "unit", UNITS, default="top")
        with register_of(request).transaction() as db:
            penalty = apply_penalty(db, penalty_id, section_id=section_id, pair=pair, unit=unit, amount=amount)
            note(db, request, PENALTY, f"ruling {penalty.ruling_id}",
                 f"penalty {penalty_id} applied: section {section_id}, pair {pair}, {amount:g} {unit}")
    except BridgeError as err:
        return _page(request, 422, f"penalty {penalty_id}: {err}")
    return RedirectResponse("/register/penalties", status_code=303)
