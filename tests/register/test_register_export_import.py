"""The whole register as JSON: export, import into an empty register, export again — the same document."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridge_director.errors import RegisterError
from bridge_director.register import Authority, Colour, Departure, PenaltyKind, Register, Side
from bridge_director.register.events import add_result, ensure_board, ensure_event, ensure_session
from bridge_director.register.psyches import record_psyche
from bridge_director.register.rulings import (
    RecordedStep,
    add_penalty,
    adjust_score,
    amend_ruling,
    get_ruling,
    new_ruling,
)
from bridge_director.register.transfer import export_register, import_register
from judgekit import reviewed_table


def _populate(register: Register) -> int:
    with register.transaction() as db:
        event = ensure_event(db, "National Pairs", Authority.EBU, level=4)
        session = ensure_session(db, event, "Final")
        board = ensure_board(db, session, 12, {"board": 12, "auction": ["1S", "P"], "note": "ünïcode ♠"})
        add_result(db, board, "Player A & Player Z", "Player B & Player C", "4H W -1", 100)
        review = reviewed_table().state.records[-1]
        steps = [RecordedStep(question, answer, {"law": review.law}) for question, answer in review.steps]
        ruling = new_ruling(db, kind="ui", director="Director 1", laws="16B", board=board, steps=steps)
        adjust_score(db, ruling, Side.EW, "4H W = -420", law="12C1")
        add_penalty(db, kind=PenaltyKind.DISCIPLINARY, law="91", offender="Player B", amount="warning")
        amend_ruling(db, ruling.id, 1, appeal="EW appeal", appeal_outcome="ruling upheld")
        for board_number in (3, 8):
            record_psyche(db, session=session, board_number=board_number, player="Player A", partner="Player Z",
                          call="1H", departure=Departure.PSYCHE, colour=Colour.AMBER)
        return ruling.id


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
            assert export_register(db) == exported
            ruling = get_ruling(db, ruling_id)
            assert (ruling.version, ruling.appeal_outcome) == (2, "ruling upheld")
            assert ruling.adjusted_scores[0].law == "12C1" and "less suggested: Pass" in ruling.steps[2].answer
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
        assert export_register(db) == exported
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
