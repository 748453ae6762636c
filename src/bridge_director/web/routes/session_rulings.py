"""A director's ruling on a session's result, from the phone: the form on ``/sessions/{sid}/results/{rid}/ruling``
(laws, facts, the decision from controls only, an optional procedural penalty; on a teams board the Law 86
findings, recorded as a step of the ruling, knockout averaging and a fouled board's teams' faults), the appeal
that replaces the decision, and the written ruling for the players as a page (with a print stylesheet) and as a
PDF.

Directors rule and record appeals; everyone logged in reads a written ruling.  A write is one transaction; a
refusal is one line naming the field (and the law) and stores nothing.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy.orm import Session

from ...club.adjustments import PENALTY_UNITS, active_ruling, revise_ruling, rule_on_result
from ...club.decision_text import decision_short
from ...club.decisions import Decision, decision_from_json
from ...club.results import NOT_PLAYED
from ...club.ruling_pdf import ruling_pdf, where_lines
from ...club.setup import pair_name, results_only
from ...club.team_rulings import board_fate, other_table
from ...club.written_ruling import WrittenRuling, ruling_section, written_ruling
from ...errors import BridgeError, ConflictError
from ...register.audit import actions_on
from ...register.models import SessionResult
from ..accounts import Account
from ..audit import APPEAL, RULING, note
from ..forms import text, values
from ..pages import render
from ..ruling_form import FAULTS, GROUPS, KINDS, OUTCOMES, RESPONSIBLE, WEIGHTS, decision_from_form, ruling_from_form
from ..schemas import RecordId
from ..section_scores import line_text
from ..security import DIRECTOR, READER
from ..session_view import SEATS, STRAINS, club_register

router = APIRouter(include_in_schema=False)


class Missing(BridgeError):
    """No such result or ruling in this section: the page answers 404."""


def section_result(db: Session, sid: int, rid: int) -> SessionResult:
    row = db.get(SessionResult, rid)
    if row is None or row.section_id != sid:
        raise Missing(f"there is no result {rid} in section {sid}", field="result")
    return row


def _result_view(db: Session, row: SessionResult) -> dict[str, Any]:
    """The result and its table as the form shows them, and the ruling on it (if one is in force)."""
    current = active_ruling(db, row.id)
    ruled: dict[str, Any] | None = None
    if current is not None:
        ruled = {"id": current.ruling_id, "laws": current.ruling.laws, "director": current.ruling.director,
                 "decision": decision_short(decision_from_json(current.decision), row.board.number)}
    section, board = row.section, row.board.number
    teams, elsewhere = section.method == "teams", ""
    if teams:
        other = other_table(db, row)
        elsewhere = ("not stored yet at the other table" if other is None
                     else f"at the other table (table {other.table_no}): {line_text(other)}")
    back, back_label = (f"/sessions/{section.id}#board-{board}", f"Board {board} of the section") \
        if results_only(section) else (f"/sessions/{section.id}/rounds/{row.round_no}/tables/{row.table_no}"
                                       f"#board-{board}", f"Round {row.round_no}, table {row.table_no}")
    return {"sid": section.id, "rid": row.id, "title": f"{section.session.event.name} · {section.session.name} · "
            f"section {section.letter}", "board": board, "round_no": row.round_no,
            "table_no": row.table_no, "ns": row.ns_pair.number, "ew": row.ew_pair.number,
            "ns_names": pair_name(row.ns_pair, row.round_no), "ew_names": pair_name(row.ew_pair, row.round_no),
            "table_result": line_text(row), "played": row.status != NOT_PLAYED, "ruled": ruled,
            "units": PENALTY_UNITS.get(section.method, ("top",)), "back": back, "back_label": back_label,
            "teams": teams, "other_table": elsewhere}


def _controls() -> dict[str, Any]:
    return {"kinds": KINDS, "faults": tuple(FAULTS), "groups": GROUPS, "weights": WEIGHTS, "outcomes": OUTCOMES,
            "levels": range(1, 8), "strains": STRAINS, "seats": SEATS, "responsible": RESPONSIBLE}


def _form_page(request: Request, sid: int, rid: int, status_code: int = 200, error: str | None = None,
               form: dict[str, str] | None = None) -> Response:
    try:
        with club_register(request).transaction() as db:
            view = _result_view(db, section_result(db, sid, rid))
    except Missing as err:
        return render(request, "error.html", status_code=404, error=str(err))
    return render(request, "session_ruling_form.html", status_code=status_code, error=error, r=view,
                  form=form or {}, **_controls())


@router.get("/sessions/{sid}/results/{rid}/ruling")
def ruling_form(request: Request, sid: RecordId, rid: RecordId,
                account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    return _form_page(request, sid, rid)


@router.post("/sessions/{sid}/results/{rid}/ruling")
async def rule(request: Request, sid: RecordId, rid: RecordId,
               account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    form = await request.form()
    try:
        with club_register(request).transaction() as db:
            row = section_result(db, sid, rid)
            given = ruling_from_form(form, (row.ns_pair.number, row.ew_pair.number),
                                     PENALTY_UNITS.get(row.section.method, ("top",)))
            fate = board_fate(db, rid, given.board) if given.board is not None else None
            ruling = rule_on_result(db, rid, director=account.username, laws=given.laws, decision=given.decision,
                                    facts=given.facts, penalties=given.penalties,
                                    steps=() if fate is None else (fate.step,))
            ruling_id = ruling.id
            note(db, request, RULING, f"ruling {ruling_id}", f"on result {rid}, Law {given.laws}")
    except Missing as err:
        return render(request, "error.html", status_code=404, error=str(err))
    except ConflictError as err:
        return _form_page(request, sid, rid, 409, str(err), values(form))
    except BridgeError as err:
        return _form_page(request, sid, rid, 422, str(err), values(form))
    return RedirectResponse(f"/sessions/{sid}/rulings/{ruling_id}", status_code=303)


def _in_section(db: Session, sid: int, ruling_id: int) -> SessionResult | None:
    try:
        _, section, row = ruling_section(db, ruling_id, sid)
    except BridgeError as err:
        raise Missing(str(err.message), field="ruling") from None
    if section.id != sid:
        raise Missing(f"ruling {ruling_id} is not on section {sid}", field="ruling")
    return row


@router.post("/sessions/{sid}/rulings/{ruling_id}/appeal")
async def appeal(request: Request, sid: RecordId, ruling_id: RecordId,
                 account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """The appeal's outcome: a new decision, the ruling upheld, or the table result restored."""
    form = await request.form()
    rid = None
    try:
        with club_register(request).transaction() as db:
            row = _in_section(db, sid, ruling_id)
            rid = row.id if row is not None else None
            grounds = text(form, "appeal", max_length=2000, required=True, label="the appeal")
            outcome = text(form, "outcome", max_length=2000)
            decision: Decision | None
            if form.get("appeal_kind") == "uphold":
                current = active_ruling(db, rid) if rid is not None else None
                decision = decision_from_json(current.decision) if current is not None else None
            else:
                decision = decision_from_form(form, "appeal_kind")
            revise_ruling(db, ruling_id, decision, appeal=grounds, outcome=outcome)
            note(db, request, APPEAL, f"ruling {ruling_id}", outcome)
    except Missing as err:
        return render(request, "error.html", status_code=404, error=str(err))
    except BridgeError as err:
        if rid is not None:
            return _form_page(request, sid, rid, 409 if isinstance(err, ConflictError) else 422, str(err),
                              values(form))
        return render(request, "error.html", status_code=422, error=str(err))
    return RedirectResponse(f"/sessions/{sid}/rulings/{ruling_id}", status_code=303)


def _written(request: Request, sid: int, ruling_id: int) -> tuple[WrittenRuling, int | None]:
    """The written ruling and the id of the result it rules on."""
    with club_register(request).transaction() as db:
        row = _in_section(db, sid, ruling_id)
        return written_ruling(db, ruling_id, sid), row.id if row is not None else None


@router.get("/sessions/{sid}/rulings/{ruling_id}.pdf")
def ruling_pdf_file(request: Request, sid: RecordId, ruling_id: RecordId,
                    account: Annotated[Account, Depends(READER)]) -> Response:
    try:
        w, _ = _written(request, sid, ruling_id)
    except Missing as err:
        return render(request, "error.html", status_code=404, error=str(err))
    return Response(ruling_pdf(w), media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="ruling-{ruling_id}.pdf"'})


@router.get("/sessions/{sid}/rulings/{ruling_id}")
def written_page(request: Request, sid: RecordId, ruling_id: RecordId,
                 account: Annotated[Account, Depends(READER)]) -> Response:
    try:
        w, rid = _written(request, sid, ruling_id)
    except Missing as err:
        return render(request, "error.html", status_code=404, error=str(err))
    with club_register(request).transaction() as db:
        trail = actions_on(db, f"ruling {ruling_id}")
    return render(request, "session_ruling.html", w=w, where=where_lines(w), rid=rid, trail=trail)
