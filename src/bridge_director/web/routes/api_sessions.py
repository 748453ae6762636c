"""The club session over JSON: set-up, entry, hand records, results and corrections, the ranking, and opening
a session's board at a table.  Scorers and directors set up sessions and write results; directors open tables; every
logged-in account reads."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request
from sqlalchemy.orm import Session

from ...club.at_table import open_board, sitting
from ...club.results import ResultIn, correct_result, section_results, store_result
from ...club.scores import score_section
from ...club.setup import PlayerIn, add_pair, store_hand_records, substitute, withdraw
from ...register.models import Section, SessionResult
from ...scoring.event import EventScore
from ..accounts import Account
from ..audit import CORRECTION, RESULT, note
from ..register_access import in_register
from ..schemas import ErrorOut, RecordId
from ..section_scores import line_text, section_scores
from ..security import DIRECTOR, READER, SCORER
from ..session_schemas import (
    ChangeOut,
    ClubSessionOut,
    CorrectionIn,
    HandRecordsIn,
    MovementOut,
    PairIn,
    PairOut,
    PairsMethod,
    ResultBody,
    ResultEntryIn,
    ResultOut,
    SectionBriefOut,
    SectionOut,
    SectionRankingOut,
    SectionStandingOut,
    SessionSetupIn,
    SessionTableIn,
    SessionTableOut,
    SubstituteIn,
    WithdrawIn,
)
from ..session_view import (
    SetUp,
    all_sections,
    brief,
    change_text,
    club_register,
    entry_rows,
    get_section,
    load_deals,
    movement_summary,
    set_up,
)
from ..table_view import table_out
from .api_tables import tables_of

router = APIRouter(prefix="/api", tags=["session"])
REFUSED: dict[int | str, dict[str, object]] = {
    404: {"model": ErrorOut, "description": "no such section or result"},
    422: {"model": ErrorOut, "description": "refused: the message names the field"},
}
CONFLICT: dict[int | str, dict[str, object]] = {
    409: {"model": ErrorOut, "description": "a different result is stored, or the version is stale"}}


def section_out(db: Session, section: Section) -> SectionOut:
    line, movement = brief(db, section), movement_summary(section)
    return SectionOut(id=section.id, event=line.event, session=line.session, letter=section.letter,
                      method=section.method, laws=section.laws,
                      movement=MovementOut.model_validate(movement) if movement is not None else None,
                      pairs=[PairOut.model_validate(p) for p in entry_rows(section)], results=line.results)


def result_out(row: SessionResult, board: int | None = None) -> ResultOut:
    """The stored result (``board``: its number when known, saving a read of the board)."""
    return ResultOut(id=row.id, section=row.section_id, round=row.round_no, table=row.table_no,
                     board=row.board.number if board is None else board, ns=row.ns_pair.number,
                     ew=row.ew_pair.number, status=row.status,
                     contract=row.contract, declarer=row.declarer, tricks=row.tricks, lead=row.lead,
                     ns_score=row.ns_score, ns_award=row.ns_award, ew_award=row.ew_award, text=line_text(row),
                     version=row.version, entered_by=row.entered_by,
                     changes=[ChangeOut(by=c.changed_by, at=c.changed_at.isoformat(timespec="seconds"),
                                        old=change_text(c.old), new=change_text(c.new), reason=c.reason)
                              for c in row.changes])


def club_result(body: ResultBody) -> ResultIn:
    return ResultIn(body.contract, body.declarer, body.tricks, body.lead, body.status)


@router.get("/sessions", response_model=list[ClubSessionOut])
def list_sessions(request: Request, account: Annotated[Account, Depends(READER)]) -> list[ClubSessionOut]:
    """Every session with its sections, the newest first; a section's ``id`` names it everywhere else."""
    out: dict[tuple[str, str], ClubSessionOut] = {}
    with club_register(request).transaction() as db:
        for line in all_sections(db):
            entry = out.setdefault((line.event, line.session),
                                   ClubSessionOut(event=line.event, session=line.session, sections=[]))
            entry.sections.append(SectionBriefOut(id=line.id, letter=line.letter, movement=line.movement,
                                                  tables=line.tables, rounds=line.rounds, pairs=line.pairs,
                                                  results=line.results))
    return list(out.values())


@router.post("/sessions", status_code=201, response_model=SectionOut, responses=REFUSED)
def create(request: Request, body: SessionSetupIn, account: Annotated[Account, Depends(SCORER)]) -> SectionOut:
    """Set up an event's session and section: movement, scoring, entry and hand records, in one transaction."""
    pairs = tuple((p.number, PlayerIn(p.player1, p.member1), PlayerIn(p.player2, p.member2), p.team)
                  for p in body.pairs)
    given = SetUp(body.event, body.session, body.section, body.movement, body.boards_per_round, body.method,
                  body.laws, pairs, body.entry_csv, body.hand_records, body.scale)
    with club_register(request).transaction() as db:
        return section_out(db, set_up(db, given))


@router.get("/sections/{sid:int}", response_model=SectionOut, responses=REFUSED)  # not /sections/upload
def get_section_api(request: Request, sid: RecordId, account: Annotated[Account, Depends(READER)]) -> SectionOut:
    """The section: its movement (tables, rounds, boards) and its pairs with the players' names."""
    with club_register(request).transaction() as db:
        return section_out(db, get_section(db, sid))


@router.post("/sections/{sid}/pairs", status_code=201, response_model=SectionOut, responses=REFUSED)
def add_pair_api(request: Request, sid: RecordId, body: PairIn,
                 account: Annotated[Account, Depends(SCORER)]) -> SectionOut:
    """Enter a pair of the movement."""
    with club_register(request).transaction() as db:
        section = get_section(db, sid)
        add_pair(db, section, body.number, PlayerIn(body.player1, body.member1), PlayerIn(body.player2, body.member2),
                 body.team)
        db.refresh(section)
        return section_out(db, section)


@router.post("/sections/{sid}/hand-records", response_model=SectionOut, responses=REFUSED)
def hand_records_api(request: Request, sid: RecordId, body: HandRecordsIn,
                     account: Annotated[Account, Depends(SCORER)]) -> SectionOut:
    """Load the session's deals from PBN text (dealer and vulnerability checked against Law 2)."""
    deals = load_deals(body.content)
    with club_register(request).transaction() as db:
        section = get_section(db, sid)
        store_hand_records(db, section.session, deals)
        return section_out(db, section)


@router.post("/sections/{sid}/substitutes", response_model=SectionOut, responses=REFUSED)
def substitute_api(request: Request, sid: RecordId, body: SubstituteIn,
                   account: Annotated[Account, Depends(SCORER)]) -> SectionOut:
    """A substitute plays for one member of a pair from a round on."""
    with club_register(request).transaction() as db:
        section = get_section(db, sid)
        substitute(db, section, body.pair, body.member, PlayerIn(body.name, body.membership), body.from_round)
        db.flush()
        db.expire_all()
        return section_out(db, get_section(db, sid))


@router.post("/sections/{sid}/withdrawals", response_model=SectionOut, responses=REFUSED)
def withdraw_api(request: Request, sid: RecordId, body: WithdrawIn,
                 account: Annotated[Account, Depends(SCORER)]) -> SectionOut:
    """A pair leaves after a round; its later opponents sit out."""
    with club_register(request).transaction() as db:
        section = get_section(db, sid)
        withdraw(db, section, body.pair, body.after_round)
        return section_out(db, section)


@router.get("/sections/{sid}/results", response_model=list[ResultOut], responses=REFUSED)
def results_api(request: Request, sid: RecordId, account: Annotated[Account, Depends(READER)]) -> list[ResultOut]:
    """Every stored result of the section, by board, round and table."""
    with club_register(request).transaction() as db:
        return [result_out(r) for r in section_results(db, get_section(db, sid))]


@router.post("/sections/{sid}/results", status_code=201, response_model=ResultOut, responses={**REFUSED, **CONFLICT})
async def enter_api(request: Request, sid: RecordId, body: ResultEntryIn,
                    account: Annotated[Account, Depends(SCORER)]) -> ResultOut:
    """Store a result, checked against the movement (pairs, boards) and the hand record (the lead); the same
    result again is accepted as it is; a different one answers 409: correct it instead."""
    register = club_register(request)

    def store() -> ResultOut:
        with register.transaction() as db:
            stored = store_result(db, sid, body.round, body.table, body.board, club_result(body),
                                  ns=body.ns, ew=body.ew, by=account.username)
            note(db, request, RESULT, f"result {stored.id}",
                 f"section {sid}, round {body.round}, table {body.table}, board {body.board}")
            if not stored.new:  # sent again: answered as it is stored, with any corrections made since
                return result_out(db.get_one(SessionResult, stored.id), body.board)
            return ResultOut(id=stored.id, section=sid, round=stored.round_no, table=stored.table_no,
                             board=stored.board, ns=stored.ns, ew=stored.ew, status=stored.status,
                             contract=stored.contract, declarer=stored.declarer, tricks=stored.tricks,
                             lead=stored.lead, ns_score=stored.ns_score, ns_award=None, ew_award=None,
                             text=stored.text, version=stored.version, entered_by=stored.entered_by, changes=[])

    return await in_register(register, store)


@router.get("/results/{rid}", response_model=ResultOut, responses=REFUSED)
def get_result_api(request: Request, rid: RecordId, account: Annotated[Account, Depends(READER)]) -> ResultOut:
    """One result with its ``version`` and the audit of its corrections."""
    with club_register(request).transaction() as db:
        row = db.get(SessionResult, rid)
        if row is None:
            raise HTTPException(404, f"no result {rid}")
        return result_out(row)


@router.put("/results/{rid}", response_model=ResultOut, responses={**REFUSED, **CONFLICT})
def correct_api(request: Request, rid: RecordId, body: CorrectionIn,
                account: Annotated[Account, Depends(SCORER)]) -> ResultOut:
    """Correct a result read at ``version``: the old and new values are kept with who and why; a stale
    ``version`` answers 409 and changes nothing."""
    with club_register(request).transaction() as db:
        if db.get(SessionResult, rid) is None:
            raise HTTPException(404, f"no result {rid}")
        row = correct_result(db, rid, club_result(body), version=body.version, by=account.username,
                             reason=body.reason)
        note(db, request, CORRECTION, f"result {rid}", body.reason)
        return result_out(row)


@router.get("/sections/{sid}/ranking", response_model=SectionRankingOut, responses=REFUSED)
def ranking_api(request: Request, sid: RecordId, account: Annotated[Account, Depends(READER)],
                method: PairsMethod | None = None) -> SectionRankingOut:
    """The standings so far (empty before the first result), with the pairs' names: the same scores as the
    results pages, from the score cache while the section is unchanged.  A section of results only may be
    scored by another pairs ``method``."""
    found = section_scores(club_register(request), sid, method)
    if found is None:
        raise HTTPException(404, f"no section {sid}")
    report = found.report
    return ranking_out(sid, report.method, report.scored, {str(n): name for n, name in report.names.items()})


def section_ranking(db: Session, section: Section) -> SectionRankingOut:
    """``score_section``'s standings with the pairs' names, read in ``db`` (which may hold unsaved changes)."""
    names = {str(p["number"]): p["names"] for p in entry_rows(section)}
    return ranking_out(section.id, section.method, score_section(db, section), names)


def ranking_out(sid: int, method: str, scored: EventScore | None, names: dict[str, str]) -> SectionRankingOut:
    """The standings of ``scored`` (empty before the first result) with the pairs' names."""
    if scored is None:
        return SectionRankingOut(section=sid, method=method, law="", standings=[])
    standings = [SectionStandingOut(place=s.place, pair=s.pair, field=s.field, total=s.total, maximum=s.maximum,
                                    percent=s.percent, boards=s.boards, names=names.get(s.pair, ""))
                 for s in scored.standings]
    return SectionRankingOut(section=sid, method=method, law=scored.law, standings=standings)


@router.post("/sections/{sid}/tables", response_model=SessionTableOut, responses=REFUSED)
def open_table_api(request: Request, sid: RecordId, body: SessionTableIn,
                   account: Annotated[Account, Depends(DIRECTOR)]) -> SessionTableOut:
    """Open (or find) the stored board at a table of the section, with its hand-record deal; a board the movement
    does not put there, or a table sitting out, is refused naming the field."""
    store = tables_of(request)
    with store.register.transaction() as db:
        get_section(db, sid)
    table = open_board(store, sid, body.round, body.table, body.board)
    with store.register.transaction() as db:
        where = sitting(db, table.id)
    if where is None:
        raise HTTPException(404, f"table {table.id} is not at a table of section {sid}")
    return SessionTableOut(token=table.id, seq=table.seq, section=where.section, round=where.round_no,
                           table_no=where.table_no, board=where.board, ns=where.ns, ew=where.ew,
                           ns_names=where.ns_names, ew_names=where.ew_names,
                           state=table_out(table.state, table.id, table.log))

