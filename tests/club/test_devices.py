"""Table devices and calls to the director, in the club layer, on SQLite and PostgreSQL: a link opens its own
table only (forged, revoked, another table's refused, naming the token), the keypad's taps make the result, a
result from a device is stored once per key through the scorer's path and audited, the plan of the evening follows
the movement round by round, and a call opens its board and is answered once.  Migration 0015 goes down and up."""

from __future__ import annotations

from typing import Any

import pytest
from alembic import command
from sqlalchemy import func, inspect, select, text

from bridge_director.club.devices import (
    Device,
    DeviceEntry,
    DeviceRefused,
    DeviceUnknown,
    enter_from_device,
    issue,
    keypad_entry,
    links,
    read_token,
    revoke,
    sign,
    table_plan,
)
from bridge_director.club.director_calls import answer_call, call_director, open_call, table_calls, waiting_calls
from bridge_director.club.movement_gen import mitchell
from bridge_director.club.results import ResultIn, enter_result
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session, store_hand_records
from bridge_director.club.tables import TableStore
from bridge_director.errors import BridgeError, ConflictError
from bridge_director.model import Deal
from bridge_director.register import Register
from bridge_director.register.audit import AuditEntry
from bridge_director.register.db import make_engine
from bridge_director.register.migrate import alembic_config, current, upgrade
from bridge_director.register.models import DeviceResult, DirectorCall, Section, SessionResult

SECRET = "device-test-secret-0123456789"
# N holds every top card; East, who leads against North, holds the tens, nines, jacks (and the 8-7 of spades)
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def three_tables(register: Register) -> int:
    """A 3-table Mitchell, 2 boards a round, pairs 1-6 with names and the deals of boards 1-6; its id."""
    with register.transaction() as db:
        session = create_session(db, "Tuesday pairs", "Evening")
        section = add_section(db, session, "A", mitchell(3), 2)
        for n in range(1, 7):
            add_pair(db, section, n, PlayerIn(f"Player {n}a"), PlayerIn(f"Player {n}b"))
        store_hand_records(db, session, {b: Deal.from_pbn(DEAL) for b in range(1, 7)})
        return section.id


def tokens(register: Register, sid: int) -> dict[int, str]:
    with register.transaction() as db:
        section = db.get_one(Section, sid)
        return {t: sign(SECRET, row) for t, row in links(db, section, "td").items()}


def device(register: Register, token: str, table: int | None = None) -> Device:
    with register.transaction() as db:
        return read_token(db, SECRET, token, table)


def test_a_link_opens_its_own_table_only(register: Register) -> None:
    sid = three_tables(register)
    made = tokens(register, sid)
    assert sorted(made) == [1, 2, 3] and len(set(made.values())) == 3
    assert tokens(register, sid) == made  # the page opened again: the same links, none issued twice
    found = device(register, made[2])
    assert (found.table_no, found.section_id, found.name) == (2, sid, "table 2 device")

    forged = made[2][:-3] + ("AAA" if not made[2].endswith("AAA") else "BBB")
    with pytest.raises(DeviceRefused, match="not issued by this club's director") as err:
        device(register, forged)
    assert err.value.field == "token" and forged[-6:] in str(err.value)
    with pytest.raises(DeviceRefused, match="table 2's, not table 3's"):
        device(register, made[2], table=3)
    with pytest.raises(DeviceUnknown, match="not a table's link"):
        device(register, "1")
    with register.transaction() as db, pytest.raises(DeviceRefused, match="not issued"):  # another key: refused
        read_token(db, "another-secret-0123456789", made[1])

    with register.transaction() as db:
        renewed = sign(SECRET, issue(db, db.get_one(Section, sid), 2, "td"))
    with pytest.raises(DeviceRefused, match="revoked by the director"):
        device(register, made[2])
    assert device(register, renewed).table_no == 2
    with register.transaction() as db:
        assert revoke(db, db.get_one(Section, sid), None, "td") == 3  # the end of the session: every table's
    for token in (made[1], made[3], renewed):
        with pytest.raises(DeviceRefused, match="revoked"):
            device(register, token)
    with register.transaction() as db:
        kinds = [(e.actor, e.detail) for e in db.scalars(select(AuditEntry).where(AuditEntry.kind == "table device")
                                                         .order_by(AuditEntry.id))]
    assert len(kinds) == 5 and kinds[3] == ("td", "link 4 issued, link 2 revoked")
    assert kinds[4] == ("td", "link 1, 4, 3 revoked")  # tables 1, 2 (its new link) and 3


def test_the_keypad_taps_make_the_result() -> None:
    made = keypad_entry(2, 3, level="4", strain="H", double="X", declarer="S", made="-2", lead_suit="C",
                        lead_rank="T", confirmed_by="EW")
    assert made == DeviceEntry(2, 3, "4HX", "S", 8, "CT", "EW")
    assert keypad_entry(1, 1, level="1", strain="NT", declarer="W", made="+6").tricks == 13
    assert keypad_entry(1, 1, passed=True).contract == "PASS"
    cases: tuple[tuple[dict[str, Any], str], ...] = (({"strain": "S", "declarer": "N", "made": "="}, "level"),
                        ({"level": "4", "declarer": "N", "made": "="}, "strain"),
                        ({"level": "4", "strain": "S", "made": "="}, "declarer"),
                        ({"level": "4", "strain": "S", "declarer": "N", "made": "=", "lead_suit": "H"}, "lead"),
                        ({"level": "4", "strain": "S", "declarer": "N", "made": "+4"}, "made"),
                        ({"level": "1", "strain": "S", "declarer": "N", "made": "-8"}, "made"),
                        ({"level": "4", "strain": "S", "declarer": "N"}, "made"))
    for taps, field in cases:
        with pytest.raises(BridgeError) as err:
            keypad_entry(1, 1, **taps)
        assert err.value.field == field, taps
    with pytest.raises(BridgeError, match=r"4S takes 10 tricks to make: \+4 would be 14"):
        keypad_entry(1, 1, level="4", strain="S", declarer="N", made="+4")


def stored_results(register: Register, sid: int) -> list[tuple[int, int, str, str, int | None, str, str]]:
    with register.transaction() as db:
        return [(r.round_no, r.table_no, r.contract, r.declarer, r.tricks, r.lead, r.entered_by)
                for r in db.scalars(select(SessionResult).where(SessionResult.section_id == sid)
                                    .order_by(SessionResult.id))]


def test_a_result_from_a_device_is_stored_once_per_key(register: Register) -> None:
    sid = three_tables(register)
    token = tokens(register, sid)[1]
    entry = DeviceEntry(1, 1, "3NT", "N", 13, "CJ", "EW")  # East leads a club: his own card (Law 41)
    first = enter_from_device(register, SECRET, token, entry, "key-board-1-a", "10.0.0.7")
    assert (first.text, first.ns_score, first.repeated) == ("3NT by N, 13 tricks, +520", 520, False)
    again = enter_from_device(register, SECRET, token, entry, "key-board-1-a")
    assert (again.result_id, again.repeated) == (first.result_id, True)
    assert stored_results(register, sid) == [(1, 1, "3NT", "N", 13, "CJ", "table 1 device")]
    with pytest.raises(ConflictError, match="used for another result") as err:
        enter_from_device(register, SECRET, token, DeviceEntry(1, 1, "3NT", "N", 12, "CJ", "EW"), "key-board-1-a")
    assert err.value.field == "key"
    with pytest.raises(ConflictError, match=r"already has a result .*call the director"):  # a new key, a new result
        enter_from_device(register, SECRET, token, DeviceEntry(1, 1, "3NT", "N", 12, "CJ", "EW"), "key-board-1-b")
    with pytest.raises(BridgeError, match="not in the hand of East") as lead:
        enter_from_device(register, SECRET, token, DeviceEntry(1, 2, "4S", "N", 10, "SA", "EW"), "key-board-2-a")
    assert lead.value.field == "lead"
    with pytest.raises(BridgeError, match="declarer's opponents confirm") as side:
        enter_from_device(register, SECRET, token, DeviceEntry(1, 2, "4S", "N", 10, "", "NS"), "key-board-2-b")
    assert side.value.field == "confirmed_by"
    with pytest.raises(BridgeError, match="board 3 is not played at table 1"):
        enter_from_device(register, SECRET, token, DeviceEntry(1, 3, "4S", "N", 10, "", "EW"), "key-board-3-a")
    with pytest.raises(DeviceRefused, match="table 1's, not table 2's"):
        enter_from_device(register, SECRET, token, DeviceEntry(1, 3, "4S", "N", 10, "", "EW"), "key-b3-other", "",
                          table_no=2)
    assert len(stored_results(register, sid)) == 1  # nothing refused was stored
    with register.transaction() as db:
        assert db.scalar(select(func.count()).select_from(DeviceResult)) == 1
        audit = db.scalars(select(AuditEntry).where(AuditEntry.kind == "result")).all()
    assert [(a.actor, a.target, a.address) for a in audit] == [("table 1 device", f"result {first.result_id}",
                                                                "10.0.0.7")]
    assert "confirmed by E-W" in audit[0].detail


def test_the_plan_goes_board_by_board_and_round_by_round(register: Register) -> None:
    sid = three_tables(register)
    with register.transaction() as db:
        plan = table_plan(db, db.get_one(Section, sid), 1)
    assert [(r.round, r.ns, r.ew, [b.number for b in r.boards]) for r in plan.rounds] == [
        (1, 1, 4, [1, 2]), (2, 1, 6, [3, 4]), (3, 1, 5, [5, 6])]
    assert plan.rounds[0].ns_names == "Player 1a & Player 1b"
    first = plan.rounds[0].moves
    assert first is not None and (first.ns_next, first.ew_next, first.boards_next) == ("stays", "table 2 E-W",
                                                                                      "table 3")
    assert (plan.step().kind, plan.step().board.number) == ("board", 1)  # type: ignore[union-attr]
    with register.transaction() as db:
        section = db.get_one(Section, sid)
        for board in (1, 2):
            enter_result(db, section, 1, 1, board, ResultIn("4S", "N", 10), by="desk")
        plan = table_plan(db, section, 1)
    end = plan.step()
    assert (end.kind, end.round.round, end.next.round if end.next else None) == ("round_end", 1, 2)
    started = plan.step(started=2)
    assert (started.kind, started.round.round, started.board.number) == ("board", 2, 3)  # type: ignore[union-attr]
    assert plan.rounds[0].boards[0].result == "4S by N, 10 tricks, +420"


def test_a_call_opens_its_board_and_is_answered_once(register: Register) -> None:
    sid = three_tables(register)
    store = TableStore(register)
    found = device(register, tokens(register, sid)[3])
    call = call_director(store, found, 1, 5, "auction", "call-key-0001", "10.0.0.9")
    assert (call.table_no, call.round_no, call.board, call.what) == (3, 1, 5, "auction")
    assert call.table_token is not None and store.get(call.table_token).board == 5  # the board, open
    assert call_director(store, found, 1, 5, "auction", "call-key-0001").id == call.id
    with pytest.raises(ConflictError, match="used for another call"):
        call_director(store, found, 1, 6, "", "call-key-0001")
    with pytest.raises(BridgeError, match="rounds 1 to 3"):
        call_director(store, found, 4, 5)
    aside = call_director(store, found, 1, 1)  # not table 3's board: a call all the same
    assert aside.table_token is None
    with register.transaction() as db:
        assert [c.id for c in waiting_calls(db)] == [call.id, aside.id]
        answered = answer_call(db, aside.id, "td", "10.0.0.1")
        assert answered.answered_by == "td"
        answer_call(db, aside.id, "another")  # answered already: stays as it was
    assert open_call(store, call.id, "td") == call.table_token
    with register.transaction() as db:
        assert waiting_calls(db) == []
        assert [c.answered_by for c in table_calls(db, sid, 3)] == ["td", "td"]
        audit = [(e.actor, e.target) for e in db.scalars(select(AuditEntry).where(AuditEntry.kind == "director call")
                                                         .order_by(AuditEntry.id))]
        assert db.scalar(select(func.count()).select_from(DirectorCall)) == 2
    assert audit == [("table 3 device", f"call {call.id}"), ("table 3 device", f"call {aside.id}"),
                     ("td", f"call {aside.id}"), ("td", f"call {call.id}")]
    with pytest.raises(BridgeError, match="names no board") as err:
        open_call(store, call_director(store, found, 2, None).id, "td")
    assert err.value.field == "board"


def test_migration_0015_goes_down_and_up_again(db_url: str) -> None:
    register = Register(db_url)
    try:
        sid = three_tables(register)
        tokens(register, sid)
        with register.engine.begin() as connection:
            command.downgrade(alembic_config(connection), "0014")
        assert current(register.engine) == "0014"
    finally:
        register.close()
    engine = make_engine(db_url)
    try:
        names = set(inspect(engine).get_table_names())
        assert not names & {"device_tokens", "device_settings", "device_results", "director_calls"}
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM sections")).scalar_one() == 1  # the rest is kept
        upgrade(engine, "0015")
        assert current(engine) == "0015"
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM device_tokens")).scalar_one() == 0
    finally:
        engine.dispose()


def test_a_table_that_sits_out_a_round_goes_on_to_its_next_round(register: Register) -> None:
    with register.transaction() as db:
        section = add_section(db, create_session(db, "Short pairs", "Evening"), "A", mitchell(3), 2)
        for n in range(1, 6):  # pair 6 is missing: its opponents sit out
            add_pair(db, section, n, PlayerIn(f"Player {n}a"), PlayerIn(f"Player {n}b"))
        first = table_plan(db, section, 3)  # pair 6 would have sat E-W at table 3 in round 1
        assert [(r.round, r.sit_out) for r in first.rounds] == [(1, True), (2, False), (3, False)]
        assert (first.step().kind, first.step().round.round) == ("board", 2)
        for board in (1, 2):
            enter_result(db, section, 1, 1, board, ResultIn("PASS"), by="desk")
        plan = table_plan(db, section, 1)  # table 1 sits out round 2
    end = plan.step()
    assert (end.kind, end.round.round, end.next.round if end.next else None) == ("round_end", 1, 3)
    assert [r.ew_names for r in plan.rounds] == ["Player 4a & Player 4b", "(no pair)", "Player 5a & Player 5b"]
