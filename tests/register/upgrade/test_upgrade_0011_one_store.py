"""Migration 0011 on the old release's register (``old_register.json``), on SQLite and on PostgreSQL: the old
tables are gone and nothing is lost: the same travellers, standings by every method, club ranking, rulings (their
adjusted scores and penalties kept), and psyche history."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from oldkit import engine_for, load_old_register, old_expected
from sqlalchemy import inspect, select
from sqlalchemy.orm import Session

from bridge_director.club.psyches import list_reports, partnership_history
from bridge_director.club.report import fmt_points, ranking_rows
from bridge_director.club.scores import score_section
from bridge_director.club.setup import results_only
from bridge_director.register import Register
from bridge_director.register.models import (
    Event,
    EventSession,
    Pair,
    PsycheReport,
    ResultRuling,
    Section,
    SessionPenalty,
    SessionResult,
)
from bridge_director.register.stored_rulings import list_rulings
from bridge_director.scoring.event import Method

GONE = {"results", "adjusted_scores", "penalties"}


@pytest.fixture
def upgraded(db_url: str) -> Iterator[Register]:
    load_old_register(db_url)
    register = Register(db_url)  # opening the register runs the migrations up to 0011
    yield register
    register.close()


def _section_of(db: Session, event: str) -> Section:
    found = [s for s in db.scalars(select(Section).join(EventSession).join(Event).where(Event.name == event))
             if results_only(s)]
    assert len(found) == 1, f"{event}: one section of uploaded results, not {len(found)}"
    return found[0]


def _labels(db: Session, section: Section) -> dict[str, str]:
    return {str(p.number): p.label or str(p.number) for p in db.scalars(select(Pair).where(Pair.section_id ==
                                                                                             section.id))}


def test_0011_drops_the_old_tables_and_keeps_no_table_log(upgraded: Register, db_url: str) -> None:
    engine = engine_for(db_url)
    try:
        names = set(inspect(engine).get_table_names())
        board_columns = {c["name"] for c in inspect(engine).get_columns("boards")}
    finally:
        engine.dispose()
    assert not names & GONE
    assert "table_log" not in board_columns


def test_0011_every_traveller_line_is_a_result_of_a_section(upgraded: Register) -> None:
    with upgraded.transaction() as db:
        for event in old_expected()["events"]:
            section = _section_of(db, event["name"])
            labels = _labels(db, section)
            rows = db.execute(select(SessionResult, Pair.number).join(Pair, Pair.id == SessionResult.ns_pair_id)
                              .where(SessionResult.section_id == section.id)).all()
            got = sorted((r.board.number, labels[str(ns)], labels[str(r.ew_pair.number)], r.contract, r.declarer,
                          r.ns_score, r.ns_award, r.ew_award) for r, ns in rows)
            want = sorted((t["board"], t["ns"], t["ew"], t["contract"], t["declarer"], t["score"], t["ns_award"],
                           t["ew_award"]) for t in event["travellers"])
            assert got == want
            deals = {str(b.number): b.deal for b in section.session.boards}
            assert {n: deals.get(n) for n in event["deals"]} == event["deals"]


def _standings(db: Session, section: Section, method: str) -> dict[str, Any]:
    scored = score_section(db, section, method=Method.parse(method))
    assert scored is not None
    labels = _labels(db, section)
    fields: dict[str, list[dict[str, Any]]] = {}
    for s in scored.standings:
        fields.setdefault(s.field, []).append({
            "place": s.place, "pair": labels[s.pair], "total": f"{s.total:.2f}",
            "percent": None if s.percent is None else f"{s.percent:.2f}", "boards": s.boards})
    return {"law": scored.law, "fields": dict(sorted(fields.items()))}


def test_0011_each_event_ranks_as_before_by_every_method(upgraded: Register) -> None:
    with upgraded.transaction() as db:
        for event in old_expected()["events"]:
            section = _section_of(db, event["name"])
            for method, want in event["standings"].items():
                assert _standings(db, section, method) == want, (event["name"], method)


def test_0011_the_club_section_ranks_as_before(upgraded: Register) -> None:
    club = old_expected()["club"]
    with upgraded.transaction() as db:
        section = db.scalars(select(Section).join(EventSession).join(Event).where(
            Event.name == club["event"], EventSession.name == club["session"], Section.letter == club["section"])).one()
        got = [{"field": r.field, "place": r.place, "pair": r.pair, "names": r.names, "total": fmt_points(r.total),
                "percent": None if r.percent is None else f"{r.percent:.2f}", "boards": r.boards,
                "penalties": list(r.penalties)} for r in ranking_rows(db, section)]
    assert got == club["ranking"]


def test_0011_every_ruling_keeps_its_record_adjusted_scores_and_penalties(upgraded: Register) -> None:
    with upgraded.transaction() as db:
        rulings = {r.id: r for r in list_rulings(db)}
        for want in old_expected()["rulings"]:
            ruling = rulings[want["id"]]
            for name in ("kind", "director", "laws", "facts", "options", "appeal", "appeal_outcome"):
                assert getattr(ruling, name) == want[name], (want["id"], name)
            board = None if ruling.board is None else {"event": ruling.board.session.event.name,
                                                       "session": ruling.board.session.name,
                                                       "number": ruling.board.number}
            assert board == want["board"]
            assert ruling.decision.startswith(want["decision"])
            for adjusted in want["adjusted"]:
                assert f"{adjusted['score']} (Law {adjusted['law']})" in ruling.decision
            assert [(s.position, s.question, s.answer, s.evidence) for s in ruling.steps] == [
                (s["position"], s["question"], s["answer"], s["evidence"]) for s in want["steps"]]
            given = [(p.kind.value, p.law, p.given, p.reason, p.active) for p in ruling.penalties if p.given]
            assert given == [(p["kind"], p["law"], f"{p['offender']}: {p['amount']}", p["reason"], False)
                             for p in want["penalties"]]
            stored = [{"pair": p.pair.number if p.pair else None, "unit": p.unit, "amount": p.amount,
                       "active": p.active} for p in ruling.penalties if p.given is None]
            assert stored == want.get("session_penalties", [])
            links = db.scalars(select(ResultRuling).where(ResultRuling.ruling_id == ruling.id)
                               .order_by(ResultRuling.id))
            assert [{"decision": x.decision, "active": x.active} for x in links] == want.get("decisions", [])


def test_0011_a_text_penalty_reads_its_pair_and_amount_where_it_can(upgraded: Register) -> None:
    with upgraded.transaction() as db:
        read = [(p.given, p.unit, p.amount, p.pair.label if p.pair else None)
                for p in db.scalars(select(SessionPenalty).where(SessionPenalty.given.is_not(None)))]
    assert ("Pair 9: 10%", "percent", 10.0, "9") in read
    assert ("Dan Fox: 1/4 top", "top", 0.25, None) in read
    assert ("Oscar West: 3 VP", "vps", 3.0, None) in read


def _psyche(report: PsycheReport) -> dict[str, Any]:
    return {"id": report.id, "event": report.session.event.name, "session": report.session.name,
            "board": report.board_number, "player": report.player, "partner": report.partner,
            "partnership": report.partnership, "call": report.call, "meaning": report.meaning,
            "departure": report.departure.value, "colour": report.colour.value,
            "initial_action": report.initial_action, "both_partners": report.both_partners,
            "escalated": report.escalated, "partner_explanation": report.partner_explanation,
            "ruling": report.ruling_id}


def test_0011_psyche_history_is_the_same_and_linked_to_boards(upgraded: Register) -> None:
    expected = old_expected()
    with upgraded.transaction() as db:
        for key, want in expected["psyche_histories"].items():
            assert [_psyche(r) for r in partnership_history(db, key)] == want
        for event in expected["events"]:
            assert [_psyche(r) for r in list_reports(db, event=event["name"])] == event["psyches"]
        reports = list(db.scalars(select(PsycheReport)))
        for report in reports:
            if report.board is not None:
                assert (report.board.session_id, report.board.number) == (report.session_id, report.board_number)
            if report.result is not None:
                assert report.result.board_id == report.board_id
        assert any(r.result is not None for r in reports)


def test_0011_an_export_of_version_1_imports_into_the_one_store(tmp_path: Any) -> None:
    from oldkit import fixture_rows, old_register

    from bridge_director.register.transfer import import_register

    private = {"accounts", "server_secrets", "login_failures", "alembic_version"}
    tables = {t["name"]: [{k: None if v == "JSON null" else v for k, v in row.items()}
                          for row in fixture_rows(t["name"])]
              for t in old_register()["tables"] if t["name"] not in private}
    register = Register(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    try:
        with register.transaction() as db:
            counts = import_register(db, {"format": "bridge-director-register", "version": 1, "tables": tables})
        assert not GONE & set(counts)
        with register.transaction() as db:
            for event in old_expected()["events"]:
                section = _section_of(db, event["name"])
                assert _standings(db, section, "mp") == event["standings"]["mp"]
    finally:
        register.close()
