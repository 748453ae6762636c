"""The whole register as JSON: export, import into an empty register, export again — the same document."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from bridge_director.club.adjustments import PenaltyIn, rule_on_result
from bridge_director.club.decisions import Assigned, Score
from bridge_director.club.psyches import record_psyche
from bridge_director.club.travellers import store_travellers
from bridge_director.errors import RegisterError
from bridge_director.laws.ruling import RecordedStep
from bridge_director.register import Authority, Colour, Departure, PenaltyKind, Register
from bridge_director.register.events import ensure_event, ensure_session
from bridge_director.register.models import ResultRuling, SessionResult
from bridge_director.register.stored_rulings import amend_ruling, get_ruling, new_ruling
from bridge_director.register.transfer import export_register, import_register
from bridge_director.scoring.event import Result as Line
from judgekit import reviewed_table


def _populate(register: Register) -> int:
    with register.transaction() as db:
        event = ensure_event(db, "National Pairs", Authority.EBU, level=4)
        session = ensure_session(db, event, "Final")
        stored = store_travellers(db, "National Pairs", [
            Line(12, "Player A & Player Z", "Player B & Player C", 50, contract="4H", declarer="W", tricks=9),
            Line(12, "Player D & Player E", "Player F & Player G", -420, contract="4H", declarer="W", tricks=10)],
            session="Final")
        first = min(p.number for p in stored.section.pairs)
        result = db.scalars(select(SessionResult).where(SessionResult.table_no == 1)).one()
        review = reviewed_table().state.records[-1]
        steps = [RecordedStep(question, answer, {"law": review.law}) for question, answer in review.steps]
        ruling = rule_on_result(db, result.id, director="Director 1", laws="16B", kind="ui", steps=steps,
                                facts="ünïcode ♠", decision=Assigned(Score("4H", "W", 10)),
                                penalties=[PenaltyIn(first, 3, "percent", PenaltyKind.DISCIPLINARY, "91", "warning")])
        amend_ruling(db, ruling.id, 1, appeal="EW appeal", appeal_outcome="ruling upheld")
        for board_number in (3, 8):
            record_psyche(db, session=session, board_number=board_number, player="Player A", partner="Player Z",
                          call="1H", departure=Departure.PSYCHE, colour=Colour.AMBER)
        return ruling.id


def rows(document: dict[str, Any]) -> dict[str, Any]:
    """An export's rows, but for each section's ``score_version``: the score cache's counter starts at a random
    number for every section inserted (migration 0009), so that no cached score of another register matches."""
    tables = {name: [dict(row, score_version=None) if name == "sections" else row for row in table]
              for name, table in document["tables"].items()}
    return {**document, "tables": tables}


def test_round_trip_reproduces_the_register_exactly(register: Register, tmp_path: Path) -> None:
    ruling_id = _populate(register)
    with register.transaction() as db:
        exported = export_register(db)
    text = json.dumps(exported, ensure_ascii=False)  # the document is plain JSON

    copy = Register(f"sqlite:///{tmp_path / 'copy.sqlite3'}")
    try:
        with copy.transaction() as db:
            counts = import_register(db, json.loads(text))
        assert counts["psyche_reports"] == 2 and counts["rulings"] == 3  # the UI ruling + two Red psyche rulings
        with copy.transaction() as db:
            assert rows(export_register(db)) == rows(exported)
            ruling = get_ruling(db, ruling_id)
            assert (ruling.version, ruling.appeal_outcome) == (2, "ruling upheld")
            assert "less suggested: Pass" in ruling.steps[2].answer and ruling.facts == "ünïcode ♠"
            [link] = db.scalars(select(ResultRuling).where(ResultRuling.ruling_id == ruling_id))
            assert link.decision["kind"] == "assigned" and link.result.ns_score == 50
            assert [(p.kind, p.law, p.amount, p.unit) for p in ruling.penalties] == [
                (PenaltyKind.DISCIPLINARY, "91", 3, "percent")]
        with copy.transaction() as db:  # new records get fresh ids after an import
            assert new_ruling(db, kind="mechanical", director="Director 1", laws="27").id > ruling_id
    finally:
        copy.close()


def test_import_into_the_same_engine_kind_resets_ids(register: Register, tmp_path: Path) -> None:
    """Export from SQLite into this test's database (SQLite or PostgreSQL) and keep writing."""
    source = Register(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    try:
        _populate(source)
        with source.transaction() as db:
            exported = export_register(db)
    finally:
        source.close()
    with register.transaction() as db:
        import_register(db, exported)
    with register.transaction() as db:
        assert rows(export_register(db)) == rows(exported)
        new_id = new_ruling(db, kind="mechanical", director="Director 1", laws="27").id
        assert new_id == max(row["id"] for row in exported["tables"]["rulings"]) + 1


def test_import_refuses_a_non_empty_register_or_a_foreign_document(register: Register) -> None:
    _populate(register)
    with register.transaction() as db:
        exported = export_register(db)
    with pytest.raises(RegisterError, match="not empty"), register.transaction() as db:
        import_register(db, exported)
    with pytest.raises(RegisterError, match="format"), register.transaction() as db:
        import_register(db, {"format": "something else"})
