"""The club session's pages: set-up (event, section, movement, entry, hand records, late changes), the rounds ×
tables dashboard, and the table-round page where a board is opened at the table or its result entered and
corrected.  Scorers and directors set up sessions and enter results (as a scorer does in ACBLscore or EBUScore);
directors open boards at the table and rule; everyone logged in reads.

A refused set-up lists every problem at once, each naming its field (and the file's line), and stores nothing;
the files chosen are kept in the form (``entry_kept``, ``hands_kept``) so the retry needs no new choice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import FormData, UploadFile

from ...club.at_table import open_board
from ...club.movement import MovementKind
from ...club.movement_choice import movement_menu
from ...club.results import correct_result, enter_result, table_round
from ...club.setup import (
    PlayerIn,
    Refusals,
    add_pair,
    import_entry_csv,
    pair_name,
    results_only,
    store_hand_records,
    substitute,
    withdraw,
)
from ...club.setup_check import Problem, SectionSetUp, SetupRefused, read_hand_records, set_up_section
from ...errors import BridgeError, ConflictError
from ...model import Deal
from ...register.models import SessionResult
from ..accounts import Account
from ..audit import CORRECTION, RESULT, note
from ..dashboard_view import marks
from ..forms import choice, flag, number, text, values
from ..pages import render
from ..schemas import RecordId
from ..security import DIRECTOR, READER, SCORER
from ..session_view import (
    EDITIONS,
    METHODS,
    RANKS,
    SEATS,
    STRAINS,
    SUITS,
    all_sections,
    boards_at,
    brief,
    club_register,
    entry_rows,
    get_section,
    grid,
    movement_from_form,
    movement_summary,
    prefill,
    result_from_form,
    upload_text,
    web_movement,
)
from .api_tables import tables_of
from .section_uploads import results_section_page

router = APIRouter(include_in_schema=False)
Round = Annotated[int, Path(ge=1, le=99)]
TableNo = Annotated[int, Path(ge=1, le=99)]
BoardNo = Annotated[int, Path(ge=1, le=999)]
UPLOADS = {"entry": "entry's CSV file", "hands": "hand records' PBN file"}


def _limit(request: Request) -> int:
    limit: int = request.app.state.settings.max_upload_bytes
    return limit


# ----- files kept between a refused set-up and its retry ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Kept:
    """A file the scorer chose, kept in the form after a refusal (hidden fields ``<part>_kept`` and
    ``<part>_kept_name``), so the retry sends it again without a new choice."""

    name: str
    text: str

    @property
    def lines(self) -> int:
        return len(self.text.splitlines())


async def chosen(form: FormData, part: str, limit: int) -> Kept | None:
    """The file chosen now; else the one kept from the last try, unless ``<part>_drop`` is ticked."""
    file = form.get(part)
    if isinstance(file, UploadFile) and file.filename:
        content = await upload_text(form, part, limit)
        return Kept(file.filename.replace("\\", "/").rsplit("/", 1)[-1][:100], content or "")
    kept = form.get(f"{part}_kept")
    if flag(form, f"{part}_drop") or not isinstance(kept, str) or not kept:
        return None
    if len(kept) > limit:
        raise BridgeError(f"the kept file is larger than {limit // 1000} kB: choose it again", field=part)
    # a form sends a kept text's line ends as CR LF: read back as they came
    return Kept(text(form, f"{part}_kept_name", max_length=100) or f"{part} file", kept.replace("\r\n", "\n"))


# ----- the list and a new session -----------------------------------------------------------------------------


@router.get("/sessions")
def sessions_page(request: Request, account: Annotated[Account, Depends(READER)]) -> Response:
    with club_register(request).transaction() as db:
        sections = all_sections(db)
    return render(request, "session_list.html", sections=sections)


PARTS = {"event": "Event", "session": "Session", "section": "Section", "movement": "Movement",
         "boards_per_round": "Boards per round", "method": "Scoring", "scale": "Matchpoint scale", "laws": "Laws",
         "entry": "Entry", "hands": "Hand records"}


def _new_page(request: Request, status_code: int = 200, problems: Sequence[Problem] = (),
              form: dict[str, str] | None = None, kept: dict[str, Kept] | None = None) -> Response:
    error = (f"The session was not set up: {len(problems)} problem{'s' if len(problems) > 1 else ''} to put "
             "right, listed below. Nothing was stored." if problems else None)
    by_part: dict[str, list[str]] = {}
    for problem in problems:
        by_part.setdefault(problem.part, []).append(problem.brief)
    return render(request, "session_new.html", status_code=status_code, error=error, problems=problems,
                  by_part=by_part, parts=PARTS, form=form or {}, kept=kept or {}, menu=movement_menu(),
                  methods=METHODS, editions=EDITIONS)


@router.get("/sessions/new")
def new_page(request: Request, account: Annotated[Account, Depends(SCORER)]) -> Response:
    return _new_page(request)


T = TypeVar("T")


@router.post("/sessions")
async def create(request: Request, account: Annotated[Account, Depends(SCORER)]) -> Response:
    """Set up event, session and section from the form: every problem is reported at once, nothing stored
    unless there is none; the files chosen are kept for the retry."""
    form = await request.form()
    problems: list[Problem] = []

    def read(part: str, reader: Callable[[], T]) -> T | None:
        try:
            return reader()
        except BridgeError as err:
            problems.append(Problem(part, err))
            return None

    event = read("event", lambda: text(form, "event", max_length=200, required=True, label="the event's name"))
    session = read("session", lambda: text(form, "session", max_length=100, required=True,
                                           label="the session's name"))
    letter = read("section", lambda: text(form, "section", max_length=8, required=True, label="the section letter"))
    spec = read("movement", lambda: movement_from_form(form))
    movement = web_movement(spec) if spec else None
    per_round = read("boards_per_round", lambda: number(form, "boards_per_round", low=1, high=36, required=True,
                                                        label="boards per round"))
    teams = movement is not None and movement.kind is MovementKind.TEAMS
    method = read("method", lambda: choice(form, "method", tuple(METHODS), default="mp")) or \
        ("teams" if teams else "mp")
    laws = read("laws", lambda: choice(form, "laws", EDITIONS, default="2017")) or "2017"
    scale = read("scale", lambda: int(choice(form, "scale", ("2", "1"), default="2"))) or 2
    kept: dict[str, Kept] = {}
    for part in ("entry", "hands"):
        try:
            found = await chosen(form, part, _limit(request))
        except BridgeError as err:
            problems.append(Problem(part, err))
            continue
        if found is not None:
            kept[part] = found
    given = SectionSetUp(event, session, letter, movement, per_round, method, laws, scale,
                         kept["entry"].text if "entry" in kept else None,
                         kept["hands"].text if "hands" in kept else None)
    try:
        with club_register(request).transaction() as db:
            section_id = set_up_section(db, given, problems).id
    except SetupRefused as err:
        return _new_page(request, 422, err.problems, _typed(form), kept)
    except BridgeError as err:
        return _new_page(request, 422, [Problem(err.field or "section", err)], _typed(form), kept)
    return RedirectResponse(f"/sessions/{section_id}/setup", status_code=303)


def _typed(form: FormData) -> dict[str, str]:
    """The form's fields as typed, the kept files' texts left out (they come back as ``kept``)."""
    return {k: v for k, v in values(form).items() if not k.endswith("_kept")}


# ----- the entry, hand records and late changes ---------------------------------------------------------------


def _setup_page(request: Request, sid: int, status_code: int = 200, error: str | None = None,
                done: str | None = None, problems: Sequence[BridgeError] = (), failed: str = "",
                kept: Kept | None = None) -> Response:
    with club_register(request).transaction() as db:
        section = get_section(db, sid)
        uploaded = results_only(section)
    if uploaded:  # no movement and no entry to set up: the section's results page
        return results_section_page(request, sid, status_code=status_code, error=error)
    with club_register(request).transaction() as db:
        section = get_section(db, sid)
        line, movement, pairs = brief(db, section), movement_summary(section), entry_rows(section)
        deals = sum(1 for b in section.session.boards if b.deal)
    return render(request, "session_setup.html", status_code=status_code, error=error, done=done, section=line,
                  movement=movement, pairs=pairs, deals=deals, problems=[str(p) for p in problems], failed=failed,
                  kept=kept)


@router.get("/sessions/{sid}/setup")
def setup_page(request: Request, sid: RecordId, account: Annotated[Account, Depends(READER)]) -> Response:
    return _setup_page(request, sid)


@router.post("/sessions/{sid}/setup/{what}")
async def setup_change(request: Request, sid: RecordId, what: str,
                       account: Annotated[Account, Depends(SCORER)]) -> Response:
    """``pair``, ``entry`` (CSV), ``hands`` (PBN), ``substitute`` or ``withdraw``: one transaction each.  A file
    refused lists every bad line or board, and is kept in the form for the retry."""
    form = await request.form()
    kept: Kept | None = None
    try:
        if what in UPLOADS:
            kept = await chosen(form, what, _limit(request))
        message = _apply(request, sid, what, form, kept)
    except Refusals as err:
        count = len(err.problems)
        return _setup_page(request, sid, 422, f"{kept.name if kept else 'The file'}: {count} problem"
                           f"{'s' if count > 1 else ''} listed below; nothing was stored.", problems=err.problems,
                           failed=what, kept=kept)
    except BridgeError as err:
        return _setup_page(request, sid, 422, str(err), failed=what, kept=kept)
    return _setup_page(request, sid, done=message)


def _apply(request: Request, sid: int, what: str, form: Any, kept: Kept | None) -> str:
    if what in UPLOADS and kept is None:
        raise BridgeError(f"choose the {UPLOADS[what]}", field=what)
    deals: dict[int, Deal] = {}
    if what == "hands" and kept is not None:
        deals, problems = read_hand_records(kept.text)
        if problems:
            raise Refusals(problems)
    with club_register(request).transaction() as db:
        section = get_section(db, sid)
        if what == "entry" and kept is not None:
            return f"{len(import_entry_csv(db, section, kept.text))} pairs entered"
        if what == "hands":
            return f"{len(store_hand_records(db, section.session, deals))} deals stored"
        if what == "pair":
            pair = add_pair(db, section, number(form, "number", low=1, high=9999, required=True, label="pair") or 0,
                            PlayerIn(text(form, "player1", max_length=100), text(form, "member1", max_length=40)),
                            PlayerIn(text(form, "player2", max_length=100), text(form, "member2", max_length=40)),
                            text(form, "team", max_length=100))
            return f"pair {pair.number} entered"
        if what == "substitute":
            pair_no = number(form, "pair", low=1, high=9999, required=True, label="pair") or 0
            member = int(choice(form, "member", ("1", "2")))
            from_round = number(form, "from_round", low=1, high=99, required=True, label="round") or 0
            substitute(db, section, pair_no, member, PlayerIn(text(form, "name", max_length=100),
                                                              text(form, "membership", max_length=40)), from_round)
            return f"{text(form, 'name')} plays for member {member} of pair {pair_no} from round {from_round}"
        if what == "withdraw":
            pair_no = number(form, "pair", low=1, high=9999, required=True, label="pair") or 0
            after = number(form, "after_round", low=0, high=99, required=True, label="round") or 0
            withdraw(db, section, pair_no, after)
            return f"pair {pair_no} leaves after round {after}"
    raise BridgeError(f"not a set-up change: {what[:20]!r}", field="what")


# ----- the dashboard and the table-round page -----------------------------------------------------------------


@router.get("/sessions/{sid}")
def dashboard(request: Request, sid: RecordId, account: Annotated[Account, Depends(READER)], method: str = "",
              stored: Annotated[int | None, Query(ge=0, le=10**6)] = None) -> Response:
    """The rounds × tables dashboard, marking the current round, the results missing and the rulings pending
    (``dashboard_view``); for a section of results only, its results page (``method``: another pairs method to
    score it by)."""
    with club_register(request).transaction() as db:
        section = get_section(db, sid)
        uploaded = results_only(section)
        if not uploaded:
            line, rows, movement = brief(db, section), grid(db, section), movement_summary(section)
            marked = marks(db, section, rows, tables_of(request))
    if uploaded:
        return results_section_page(request, sid, method[:20], stored=stored)
    return render(request, "session_dashboard.html", section=line, rows=rows, movement=movement, marks=marked)


def _round_page(request: Request, sid: int, r: int, t: int, status_code: int = 200, error: str | None = None,
                conflict: bool = False) -> Response:
    with club_register(request).transaction() as db:
        section = get_section(db, sid)
        where = table_round(db, section, r, t)
        names = {side: (f"{pair.number}: {pair_name(pair, r)}" if pair is not None else None)
                 for side, pair in (("ns", where.ns), ("ew", where.ew))}
        boards = boards_at(db, section, r, t, where.boards)
        forms = {b.number: prefill(b.result) for b in boards if b.result is not None}
        line = brief(db, section)
    return render(request, "session_round.html", status_code=status_code, error=error, conflict=conflict,
                  section=line, round_no=r, table_no=t, where=where, names=names, boards=boards, forms=forms,
                  levels=range(1, 8), strains=STRAINS, seats=SEATS, suits=SUITS, ranks=RANKS)


@router.get("/sessions/{sid}/rounds/{r}/tables/{t}")
def round_page(request: Request, sid: RecordId, r: Round, t: TableNo,
               account: Annotated[Account, Depends(READER)]) -> Response:
    return _round_page(request, sid, r, t)


@router.post("/sessions/{sid}/rounds/{r}/tables/{t}/boards/{b}/play")
def play(request: Request, sid: RecordId, r: Round, t: TableNo, b: BoardNo,
         account: Annotated[Account, Depends(DIRECTOR)]) -> Response:
    """Open the board at the table (once; again it is the same stored table) and go to its table page."""
    try:
        with club_register(request).transaction() as db:
            get_section(db, sid)
        table = open_board(tables_of(request), sid, r, t, b)
    except BridgeError as err:
        return _round_page(request, sid, r, t, 422, str(err))
    return RedirectResponse(f"/tables/{table.id}", status_code=303)


@router.post("/sessions/{sid}/rounds/{r}/tables/{t}/boards/{b}/result")
async def result(request: Request, sid: RecordId, r: Round, t: TableNo, b: BoardNo,
                 account: Annotated[Account, Depends(SCORER)]) -> Response:
    form = await request.form()
    try:
        given = result_from_form(form)
        with club_register(request).transaction() as db:
            row = enter_result(db, get_section(db, sid), r, t, b, given, by=account.username)
            note(db, request, RESULT, f"result {row.id}", f"section {sid}, round {r}, table {t}, board {b}")
    except ConflictError as err:
        return _round_page(request, sid, r, t, 409, f"board {b}: {err}", conflict=True)
    except BridgeError as err:
        return _round_page(request, sid, r, t, 422, f"board {b}: {err}")
    return RedirectResponse(f"/sessions/{sid}/rounds/{r}/tables/{t}#board-{b}", status_code=303)


@router.post("/sessions/{sid}/results/{rid}/correct")
async def correct(request: Request, sid: RecordId, rid: RecordId,
                  account: Annotated[Account, Depends(SCORER)]) -> Response:
    form = await request.form()
    r = number(form, "round", low=1, high=99, required=True, label="round") or 1
    t = number(form, "table", low=1, high=99, required=True, label="table") or 1
    try:
        given = result_from_form(form)
        version = number(form, "version", low=1, high=2**31 - 1, required=True, label="version") or 0
        reason = text(form, "reason", max_length=500)
        with club_register(request).transaction() as db:
            found = db.get(SessionResult, rid)
            if found is None or found.section_id != sid:
                raise BridgeError(f"no result {rid} in section {sid}", field="result")
            correct_result(db, rid, given, version=version, by=account.username, reason=reason)
            note(db, request, CORRECTION, f"result {rid}", reason)
    except ConflictError as err:
        return _round_page(request, sid, r, t, 409, f"{err}. Nothing was changed: the page now shows the result "
                           "as stored; enter the correction again if it is still needed.", conflict=True)
    except BridgeError as err:
        return _round_page(request, sid, r, t, 422, str(err))
    return RedirectResponse(f"/sessions/{sid}/rounds/{r}/tables/{t}", status_code=303)
