"""Rulings on a session's results over JSON: rule on a result (the decision as ``club.decisions`` writes it; on a
teams board the Law 86 findings too), an appeal that replaces the decision, and the written ruling as data.  The
answer carries the standings, and a teams section's matches with the rulings applied.  Directors rule; every
logged-in account reads.  A refusal answers 422 naming the field and the law, and stores nothing."""

from __future__ import annotations

import math
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request
from sqlalchemy.orm import Session

from ...club.adjustments import PenaltyIn, penalise, revise_ruling, rule_on_result
from ...club.decisions import Decision, decision_from_json
from ...club.team_rulings import BoardFacts, board_fate
from ...club.team_scores import score_teams
from ...club.written_ruling import ruling_section, written_ruling
from ...errors import BridgeError, RegisterError
from ...laws.law86_teams import Fault
from ...register.models import Ruling, Section, SessionResult
from ...register.values import PenaltyKind
from ..accounts import Account
from ..audit import APPEAL, PENALTY, RULING, note
from ..ruling_schemas import (
    AppealIn,
    PenaltiesIn,
    RulingIn,
    RulingMadeOut,
    TeamsBoardOut,
    TeamsMatchOut,
    WrittenRulingOut,
)
from ..schemas import RecordId
from ..security import DIRECTOR, READER
from ..session_view import club_register
from .api_sessions import CONFLICT, REFUSED, section_ranking

router = APIRouter(prefix="/api", tags=["session"])


def decision_of(data: dict[str, Any] | None) -> Decision | None:
    """The decision a request gives (None: no adjustment); a weight that is not a finite number is refused."""
    if data is None:
        return None
    outcomes = data.get("outcomes")
    for o in outcomes if isinstance(outcomes, list) else ():
        weight = o.get("weight") if isinstance(o, dict) else None
        if isinstance(weight, float) and not math.isfinite(weight):
            raise BridgeError("each weight is a finite number of percent", field="weights", law="12C1c")
    return decision_from_json(data)


def teams_out(db: Session, section: Section) -> list[TeamsMatchOut]:
    """A teams section's matches with every ruling applied (none for a pairs section)."""
    if section.method != "teams":
        return []
    names = {t.number: t.name for t in section.teams}
    out = []
    for m in score_teams(db, section):
        boards = [TeamsBoardOut(board=b, home_imps=h, away_imps=a, rulings=list(r)) for b, h, a, r in
                  zip(m.match.boards, m.match.board_imps, m.match.away_board_imps, m.match.board_rulings, strict=True)]
        out.append(TeamsMatchOut(home=names.get(m.home, str(m.home)), away=names.get(m.away, str(m.away)),
                                 home_imps=m.match.home_total, away_imps=m.match.away_total,
                                 victory_points=list(m.match.victory_points), boards=boards,
                                 steps=list(m.match.steps)))
    return out


def _made(db: Session, ruling: Ruling, row: SessionResult | None, board: str | None = None) -> RulingMadeOut:
    section = row.section if row is not None else ruling_section(db, ruling.id)[1]
    return RulingMadeOut(ruling=ruling.id, result=row.id if row is not None else None, section=section.id,
                         decision=ruling.decision, written=f"/sessions/{section.id}/rulings/{ruling.id}",
                         standings=section_ranking(db, section).standings, matches=teams_out(db, section),
                         board=board)


@router.post("/results/{rid}/ruling", status_code=201, response_model=RulingMadeOut,
             responses={**REFUSED, **CONFLICT})
def rule_api(request: Request, rid: RecordId, body: RulingIn,
             account: Annotated[Account, Depends(DIRECTOR)]) -> RulingMadeOut:
    """Rule on a stored result: the decision is applied every time the section is scored; the answer carries
    the section's new standings.  The same ruling again is harmless; a different one over it answers 409."""
    decision = decision_of(body.decision)
    penalties = [PenaltyIn(p.pair, p.amount, p.unit) for p in body.penalties]
    with club_register(request).transaction() as db:
        row = db.get(SessionResult, rid)
        if row is None:
            raise HTTPException(404, f"no result {rid}")
        fate = None
        if body.board is not None:
            fate = board_fate(db, rid, BoardFacts(Fault.parse(body.board.at_fault), body.board.playable,
                                                  body.board.result_known))
        ruling = rule_on_result(db, rid, director=account.username, laws=body.laws, decision=decision,
                                facts=body.facts, penalties=penalties, steps=() if fate is None else (fate.step,))
        note(db, request, RULING, f"ruling {ruling.id}", f"on result {rid}, Law {body.laws}")
        return _made(db, ruling, row, None if fate is None else f"{fate.action}: {fate.step.answer}")


@router.post("/sections/{sid}/penalties", status_code=201, response_model=RulingMadeOut, responses=REFUSED)
def penalties_api(request: Request, sid: RecordId, body: PenaltiesIn,
                  account: Annotated[Account, Depends(DIRECTOR)]) -> RulingMadeOut:
    """A ruling giving penalties on pairs' session totals (Law 90, 91) and changing no result; the answer carries
    the section's standings with them taken off."""
    penalties = [PenaltyIn(p.pair, p.amount, p.unit, PenaltyKind(p.kind), p.law, p.reason) for p in body.penalties]
    with club_register(request).transaction() as db:
        section = db.get(Section, sid)
        if section is None:
            raise HTTPException(404, f"no section {sid}")
        ruling = penalise(db, section, penalties, director=account.username, laws=body.laws, facts=body.facts)
        note(db, request, PENALTY, f"ruling {ruling.id}", f"section {sid}: {len(penalties)} penalties")
        return _made(db, ruling, None)


def _ruling(db: Session, ruling_id: int) -> None:
    try:
        ruling_section(db, ruling_id)
    except RegisterError as err:
        raise HTTPException(404, err.message) from None


@router.post("/rulings/{ruling_id}/appeal", response_model=RulingMadeOut, responses={**REFUSED, **CONFLICT})
def appeal_api(request: Request, ruling_id: RecordId, body: AppealIn,
               account: Annotated[Account, Depends(DIRECTOR)]) -> RulingMadeOut:
    """An appeal's outcome replaces the decision (``decision`` null: the table result stands); the replaced
    decision stays in the ruling's history."""
    decision = decision_of(body.decision)
    with club_register(request).transaction() as db:
        _ruling(db, ruling_id)
        ruling = revise_ruling(db, ruling_id, decision, appeal=body.appeal, outcome=body.outcome)
        note(db, request, APPEAL, f"ruling {ruling_id}", body.outcome)
        return _made(db, ruling, ruling_section(db, ruling_id)[2])


@router.get("/rulings/{ruling_id}/written", response_model=WrittenRulingOut, responses=REFUSED)
def written_api(request: Request, ruling_id: RecordId,
                account: Annotated[Account, Depends(READER)]) -> WrittenRulingOut:
    """The written ruling as data, scored as the section stands now."""
    with club_register(request).transaction() as db:
        _ruling(db, ruling_id)
        return WrittenRulingOut.model_validate(written_ruling(db, ruling_id).to_json())
