"""The register over JSON: rulings (list with filters, detail, create, edit with the version check) and
psyches (record, list, a partnership's history).  Directors write; everyone logged in reads.

A ruling recorded here changes no score: one that does is made on the stored result
(``/api/results/{rid}/ruling``), and a penalty on the section (``/api/sections/{sid}/penalties``), so that the
ranking applies them.  A ruling's decisions on results and its penalties are listed with it.  Each write is one
register transaction; an edit from a stale version answers 409 and changes nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from sqlalchemy.orm import Session

from ...club.psyche_rules import parse_partnership
from ...club.psyches import list_reports, partnership_history, record_psyche
from ...club.travellers import RESULTS_SESSION
from ...errors import BridgeError
from ...register.events import ensure_event, ensure_session
from ...register.models import PsycheReport, Ruling
from ...register.stored_rulings import amend_ruling, record_ruling
from ...register.values import Colour, Departure
from ..accounts import Account
from ..api_schemas import DecisionOut, PenaltyOut, PsycheIn, PsycheOut, PsycheRecorded, RulingEdit, RulingIn
from ..api_schemas import RegisterRulingOut as StoredRuling
from ..audit import APPEAL, PSYCHE, RULING, note
from ..penalty_view import ruling_decisions
from ..register_access import RulingFilter, find_rulings, in_register, register_of
from ..schemas import ErrorOut, RecordId
from ..security import DIRECTOR, READER

router = APIRouter(prefix="/api/register", tags=["register"])
NOT_FOUND: dict[int | str, dict[str, object]] = {404: {"model": ErrorOut, "description": "no such ruling"}}
CONFLICT: dict[int | str, dict[str, object]] = {409: {"model": ErrorOut, "description": "changed by someone else "
                                                      "since that version: nothing saved"}}


def utc(moment: datetime) -> datetime:
    """A stored time (UTC; SQLite returns it without the zone) with its zone."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def found(db: Session, ruling_id: int) -> Ruling:
    """The ruling, or 404."""
    ruling = db.get(Ruling, ruling_id)
    if ruling is None:
        raise HTTPException(404, f"no ruling number {ruling_id}")
    return ruling


def ruling_json(r: Ruling, where: tuple[str, int] | None = None, db: Session | None = None) -> StoredRuling:
    """The stored ruling; ``where``: its event and board when known (a new ruling), saving their reads; with
    ``db``, its decisions on results (a new ruling from here has none)."""
    board = r.board if where is None else None
    event, number = where if where is not None else (
        (board.session.event.name, board.number) if board is not None else (None, None))
    return StoredRuling(
        id=r.id, version=r.version, event=event, board=number, kind=r.kind, director=r.director,
        ruled_at=utc(r.ruled_at),
        laws=r.laws, facts=r.facts, options=r.options, decision=r.decision, appeal=r.appeal,
        appeal_outcome=r.appeal_outcome, decisions=[] if db is None else [
            DecisionOut(result=d.result_id, section=d.section_id, board=d.board, decision=d.decision, active=d.active)
            for d in ruling_decisions(db, r.id)],
        penalties=[PenaltyOut(id=p.id, kind=p.kind.value, law=p.law, section=p.section_id,
                              pair=p.pair.number if p.pair is not None else None, unit=p.unit, amount=p.amount,
                              reason=p.reason, given=p.given, active=p.active, ruling_id=p.ruling_id)
                   for p in r.penalties])


def psyche_json(p: PsycheReport) -> PsycheOut:
    return PsycheOut(id=p.id, event=p.session.event.name, session=p.session.name, board=p.board_number,
                     player=p.player, partner=p.partner, partnership=p.partnership, call=p.call, meaning=p.meaning,
                     departure=p.departure.value, colour=p.colour.value, initial_action=p.initial_action,
                     both_partners=p.both_partners, escalated=p.escalated,
                     partner_explanation=p.partner_explanation, ruling_id=p.ruling_id, reported_at=utc(p.reported_at))


@router.get("/rulings", response_model=list[StoredRuling])
def list_rulings_api(request: Request, account: Annotated[Account, Depends(READER)],
                     q: Annotated[str, Query(max_length=200)] = "", event: Annotated[str, Query(max_length=200)] = "",
                     board: Annotated[int | None, Query(ge=1, le=999)] = None,
                     law: Annotated[str, Query(max_length=40)] = "",
                     director: Annotated[str, Query(max_length=100)] = "") -> list[StoredRuling]:
    """Rulings, newest first: ``q`` searches facts, options, decision and appeal; ``law`` is a prefix."""
    with register_of(request).transaction() as db:
        return [ruling_json(r, db=db) for r in find_rulings(db, RulingFilter(q, event, board, law, director))]


@router.get("/rulings/{ruling_id}", response_model=StoredRuling, responses=NOT_FOUND)
def get_ruling_api(request: Request, ruling_id: RecordId, account: Annotated[Account, Depends(READER)]) -> StoredRuling:
    """One ruling with its decisions on results and its penalties, and its ``version`` for an edit."""
    with register_of(request).transaction() as db:
        return ruling_json(found(db, ruling_id), db=db)


@router.post("/rulings", status_code=201, response_model=StoredRuling)
async def create_ruling_api(request: Request, body: RulingIn,
                            account: Annotated[Account, Depends(DIRECTOR)]) -> StoredRuling:
    """Record a ruling that changes no score (on a board, or on no board); one that changes a score is made on
    the result, ``POST /api/results/{rid}/ruling``."""
    register = register_of(request)

    def store() -> StoredRuling:
        with register.transaction() as db:
            ruling = record_ruling(db, kind=body.kind, director=body.director.strip(), laws=body.laws.strip(),
                                   event=body.event, session=body.session.strip() or RESULTS_SESSION,
                                   board=body.board, facts=body.facts.strip(), options=body.options.strip(),
                                   decision=body.decision.strip())
            db.flush()
            note(db, request, RULING, f"ruling {ruling.id}", "recorded")
            placed = None
            if body.event is not None and body.board is not None and ruling.board_id is not None:
                placed = (body.event.strip(), body.board)
            return ruling_json(ruling, placed)

    return await in_register(register, store)


@router.patch("/rulings/{ruling_id}", response_model=StoredRuling, responses={**NOT_FOUND, **CONFLICT})
def edit_ruling_api(request: Request, ruling_id: RecordId, body: RulingEdit,
                    account: Annotated[Account, Depends(DIRECTOR)]) -> StoredRuling:
    """Change a ruling's laws, facts, options, decision or appeal, from the ``version`` read (409 if stale)."""
    changes = body.model_dump(exclude={"version"}, exclude_unset=True)
    if not changes:
        raise BridgeError("nothing to change: send at least one of laws, facts, options, decision, appeal, "
                          "appeal_outcome", field="body")
    if "laws" in changes and not (changes["laws"] or "").strip():
        raise BridgeError("a ruling names the law(s) applied", field="laws")
    with register_of(request).transaction() as db:
        found(db, ruling_id)
        amended = amend_ruling(db, ruling_id, body.version, **changes)
        note(db, request, APPEAL if {"appeal", "appeal_outcome"} & set(changes) else RULING, f"ruling {ruling_id}",
             "edited: " + ", ".join(sorted(changes)))
        return ruling_json(amended, db=db)


@router.get("/psyches", response_model=list[PsycheOut], tags=["psyches"])
def list_psyches_api(request: Request, account: Annotated[Account, Depends(READER)],
                     event: Annotated[str, Query(max_length=200)] = "") -> list[PsycheOut]:
    """Psyche reports, newest first (``event`` filters by the event's name)."""
    with register_of(request).transaction() as db:
        return [psyche_json(p) for p in reversed(list_reports(db, event=event or None))]


@router.post("/psyches", status_code=201, response_model=PsycheRecorded, tags=["psyches"])
def add_psyche_api(request: Request, body: PsycheIn, account: Annotated[Account, Depends(DIRECTOR)]) -> PsycheRecorded:
    """Record a report; the register applies EBU 6 B 4 / 6 B 6 and answers its alerts and notes."""
    with register_of(request).transaction() as db:
        session = ensure_session(db, ensure_event(db, body.event.strip()), body.session.strip())
        outcome = record_psyche(db, session=session, board_number=body.board, player=body.player,
                                partner=body.partner, call=body.call, departure=Departure(body.departure),
                                colour=Colour(body.colour), initial_action=body.initial_action,
                                both_partners=body.both_partners, meaning=body.meaning,
                                partner_explanation=body.partner_explanation, director=account.username)
        db.flush()
        note(db, request, PSYCHE, f"psyche {outcome.report.id}", "recorded")
        return PsycheRecorded(report=psyche_json(outcome.report), alerts=[str(a) for a in outcome.alerts],
                              notes=list(outcome.notes), turned_red=[r.id for r in outcome.turned_red])


@router.get("/psyches/history", response_model=list[PsycheOut], tags=["psyches"])
def psyche_history_api(request: Request, account: Annotated[Account, Depends(READER)],
                       partnership: Annotated[str, Query(min_length=3, max_length=210,
                                                         examples=["North 3 & South 3"])]) -> list[PsycheOut]:
    """A partnership's reports across events, oldest first (``A & B`` in either order)."""
    key = parse_partnership(partnership)
    with register_of(request).transaction() as db:
        return [psyche_json(p) for p in partnership_history(db, key)]
