"""The register: rulings (search, filters, detail, new, edit with the version check, appeals) and psyches
(add, classify, list, a partnership's history); penalties are in ``register_penalties``.  Directors write;
everyone logged in reads.

A ruling recorded here changes no score (conduct, a board with no stored result): one that does is made on the
stored result (``/sessions/{sid}/results/{rid}/ruling``), so the ranking applies its decision.  A ruling's page
shows its decisions on results (with a link to the section) and its penalties.  Every write is one register
transaction.
"""

from __future__ import annotations

from typing import Annotated, Any, get_args

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy import select

from ...club.psyche_rules import parse_partnership
from ...club.psyches import classify, list_reports, partnership_history, record_psyche
from ...club.travellers import RESULTS_SESSION
from ...errors import BridgeError, ConflictError
from ...model.numbers import is_whole
from ...register.audit import actions_on
from ...register.events import ensure_event, ensure_session
from ...register.models import Ruling
from ...register.stored_rulings import EDITABLE, amend_ruling, get_ruling, record_appeal, record_ruling
from ...register.values import Colour, Departure
from ..accounts import Account
from ..api_schemas import RulingKind
from ..audit import APPEAL, PSYCHE, RULING, note
from ..forms import choice, number, text, values
from ..pages import render
from ..penalty_view import ruling_decisions, ruling_penalties
from ..register_access import RulingFilter, directors, event_names, find_rulings, register_of, where
from ..schemas import RecordId
from ..security import DIRECTOR, READER

router = APIRouter(include_in_schema=False)
KINDS: tuple[str, ...] = get_args(RulingKind)
COLOURS = tuple(c.value for c in Colour)
DEPARTURES = tuple(d.value for d in Departure)


def _common(request: Request) -> dict[str, Any]:
    with register_of(request).transaction() as db:
        return {"events": event_names(db), "directors": directors(db), "kinds": KINDS, "colours": COLOURS,
                "departures": DEPARTURES}


@router.get("/register")
def rulings_page(request: Request, account: Annotated[Account, Depends(READER)], q: str = "", event: str = "",
                 board: str = "", law: str = "", director: str = "") -> Response:
    error = None
    board_no = int(board) if is_whole(board.strip()) else None
    if board.strip() and board_no is None:
        error = f"board: a board number, not {board!r}"
    search = RulingFilter(q[:200], event[:200], board_no, law[:40], director[:100])
    common = _common(request)
    with register_of(request).transaction() as db:
        rulings = [(r, where(r)) for r in find_rulings(db, search)]
        return render(request, "register_rulings.html", status_code=422 if error else 200, error=error,
                      rulings=rulings, search=search, **common)


@router.get("/register/rulings/new")
def new_ruling_page(request: Request, account: Annotated[Account, Depends(DIRECTOR)], event: str = "",
                    board: str = "", laws: str = "") -> Response:
    form = {"event": event, "board": board, "laws": laws, "director": account.username}
    return render(request, "register_ruling_form.html", form=form, **_common(request))


@router.post("/register/rulings")
async def create_ruling(request: Request, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    form = await request.form()
    try:
        with register_of(request).transaction() as db:
            ruling_id = record_ruling(
                db, kind=choice(form, "kind", KINDS, "other"), event=text(form, "event", max_length=200),
                session=text(form, "session", max_length=100) or RESULTS_SESSION,
                board=number(form, "board", low=1, high=999, label="board"),
                director=text(form, "director", max_length=100, required=True, label="the director"),
                laws=text(form, "laws", max_length=100, required=True, label="the law(s)"),
                facts=text(form, "facts", required=True, label="the facts"), options=text(form, "options"),
                decision=text(form, "decision", required=True, label="the decision")).id
            note(db, request, RULING, f"ruling {ruling_id}", "recorded")
    except BridgeError as err:
        return render(request, "register_ruling_form.html", status_code=422, error=str(err), form=values(form),
                      **_common(request))
    return RedirectResponse(f"/register/rulings/{ruling_id}", status_code=303)


def _ruling_page(request: Request, ruling_id: RecordId, status_code: int = 200, error: str | None = None,
                 typed: dict[str, str] | None = None) -> Response:
    with register_of(request).transaction() as db:
        ruling = get_ruling(db, ruling_id)
        edit = {name: getattr(ruling, name) or "" for name in EDITABLE}
        edit.update(typed or {})
        return render(request, "register_ruling.html", status_code=status_code, error=error, ruling=ruling,
                      where=where(ruling), edit=edit, editable=EDITABLE, trail=actions_on(db, f"ruling {ruling_id}"),
                      decisions=ruling_decisions(db, ruling_id), penalties=ruling_penalties(db, ruling.penalties))


@router.get("/register/rulings/{ruling_id}")
def ruling_page(request: Request, ruling_id: RecordId, account: Annotated[Account, Depends(READER)]) -> Response:
    return _ruling_page(request, ruling_id)


@router.post("/register/rulings/{ruling_id}")
async def edit_ruling(request: Request, ruling_id: RecordId,
                      account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    form = await request.form()
    typed = {name: text(form, name, max_length=100 if name == "laws" else 2000) for name in EDITABLE if name in form}
    try:
        version = number(form, "version", low=1, high=10**9, required=True, label="version")
        assert version is not None
        changes: dict[str, str | None] = {k: (v or None) if k.startswith("appeal") else v for k, v in typed.items()}
        if not changes.get("laws"):
            raise BridgeError("a ruling names the law(s) applied", field="laws")
        with register_of(request).transaction() as db:
            amend_ruling(db, ruling_id, version, **changes)
            note(db, request, APPEAL if {"appeal", "appeal_outcome"} & set(changes) else RULING,
                 f"ruling {ruling_id}", "edited: " + ", ".join(sorted(changes)))
    except ConflictError:
        return _ruling_page(request, ruling_id, 409, typed=typed,
                            error="Not saved: another director changed this ruling after you opened it. The page "
                                  "now shows their version number; your text is still in the form. Check the "
                                  "ruling above, then save again.")
    except BridgeError as err:
        return _ruling_page(request, ruling_id, 422, error=str(err), typed=typed)
    return RedirectResponse(f"/register/rulings/{ruling_id}", status_code=303)


@router.post("/register/rulings/{ruling_id}/appeal")
async def appeal_ruling(request: Request, ruling_id: RecordId,
                        account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    form = await request.form()
    try:
        version = number(form, "version", low=1, high=10**9, required=True, label="version")
        assert version is not None
        with register_of(request).transaction() as db:
            record_appeal(db, ruling_id, version, text(form, "appeal", required=True, label="the appeal"),
                          text(form, "appeal_outcome") or None)
            note(db, request, APPEAL, f"ruling {ruling_id}", "appeal recorded")
    except ConflictError:
        return _ruling_page(request, ruling_id, 409, error="Not saved: another director changed this ruling after "
                                                           "you opened it. Reload it and enter the appeal again.")
    except BridgeError as err:
        return _ruling_page(request, ruling_id, 422, error=str(err))
    return RedirectResponse(f"/register/rulings/{ruling_id}", status_code=303)


@router.get("/register/appeals")
def appeals_page(request: Request, account: Annotated[Account, Depends(READER)]) -> Response:
    with register_of(request).transaction() as db:
        rulings = [(r, where(r)) for r in db.scalars(select(Ruling).where(Ruling.appeal.is_not(None))
                                                     .order_by(Ruling.id.desc()))]
        return render(request, "register_appeals.html", rulings=rulings)


def _psyches(request: Request, event: str = "", status_code: int = 200, error: str | None = None,
             form: dict[str, str] | None = None, notes: tuple[str, ...] = ()) -> Response:
    common = _common(request)
    with register_of(request).transaction() as db:
        reports = [(r, r.session.event.name) for r in reversed(list_reports(db, event=event or None))]
        return render(request, "register_psyches.html", status_code=status_code, error=error, reports=reports,
                      event=event, notes=notes, form=form or {"session": "Evening", "departure": "PSYCHE"}, **common)


@router.get("/register/psyches")
def psyches_page(request: Request, account: Annotated[Account, Depends(READER)], event: str = "") -> Response:
    return _psyches(request, event[:200])


@router.post("/register/psyches")
async def create_psyche(request: Request, account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    form = await request.form()
    try:
        event = text(form, "event", max_length=200, required=True, label="the event")
        board = number(form, "board", low=1, high=999, required=True, label="board")
        assert board is not None
        with register_of(request).transaction() as db:
            session = ensure_session(db, ensure_event(db, event),
                                     text(form, "session", max_length=100) or "Evening")
            outcome = record_psyche(
                db, session=session, board_number=board, director=account.username,
                player=text(form, "player", max_length=100, required=True, label="the player"),
                partner=text(form, "partner", max_length=100, required=True, label="the partner"),
                call=text(form, "call", max_length=10, required=True, label="the call"),
                departure=Departure(choice(form, "departure", DEPARTURES)),
                colour=Colour(choice(form, "colour", COLOURS, "GREEN")),
                initial_action=form.get("initial") == "on", both_partners=form.get("both") == "on",
                meaning=text(form, "meaning", max_length=100),
                partner_explanation=text(form, "explanation") or None)
            note(db, request, PSYCHE, f"psyche {outcome.report.id}", "recorded")
            notes = (*(str(a) for a in outcome.alerts), *outcome.notes,
                     *(f"report {r.id} is now Red, with ruling {r.ruling_id}" for r in outcome.turned_red))
    except BridgeError as err:
        return _psyches(request, status_code=422, error=str(err), form=values(form))
    return _psyches(request, notes=(f"report {outcome.report.id} recorded", *notes))


@router.post("/register/psyches/{report_id}/classify")
async def classify_psyche(request: Request, report_id: RecordId,
                          account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    form = await request.form()
    try:
        with register_of(request).transaction() as db:
            outcome = classify(db, report_id, Colour(choice(form, "colour", COLOURS)), director=account.username)
            note(db, request, PSYCHE, f"psyche {report_id}", f"classified {outcome.report.colour.value}")
            notes = (f"report {report_id} is {outcome.report.colour.value}",
                     *(f"report {r.id} is now Red, with ruling {r.ruling_id}" for r in outcome.turned_red))
    except BridgeError as err:
        return _psyches(request, status_code=422, error=str(err))
    return _psyches(request, notes=notes)


@router.get("/register/psyches/history")
def psyche_history(request: Request, account: Annotated[Account, Depends(READER)], partnership: str = "") -> Response:
    error, key, reports = None, "", []
    try:
        key = parse_partnership(partnership[:210])
        with register_of(request).transaction() as db:
            reports = [(r, r.session.event.name) for r in partnership_history(db, key)]
    except BridgeError as err:
        error = str(err)
    return render(request, "register_history.html", status_code=422 if error else 200, error=error,
                  partnership=key or partnership, reports=reports)
