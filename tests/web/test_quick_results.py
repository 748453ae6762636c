"""A table's new result stored the short way (``web.quick_results``) answers, stores and audits exactly what the
route does: two apps on two registers, one with the short way and one without, are sent the same requests and
must give the same answers, rows and audit entries, on SQLite and PostgreSQL.  Whatever changes after a section's
plan was read (a pair withdrawn, hand records loaded, an account's sessions ended) sends the write the long way."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge_director.club.results import table_round
from bridge_director.register.models import Section
from bridge_director.web import quick_results
from web.test_web_session_api import setup_body
from web.twins import Twins, short_ways_of

# North holds every ten and nine, East every top card: a spade ten led by East is not his, the ace is
OTHER_DEAL = "N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 6543.876.876.876 2.5432.5432.5432"


@pytest.fixture
def short_ways(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each result the short way was asked for: True where it stored it."""
    return short_ways_of(monkeypatch, quick_results, "quick_store")


def test_a_plain_result_goes_the_short_way_and_answers_as_the_route(twins: Twins, short_ways: list[bool]) -> None:
    twins.login()
    twins.set_up()
    answer = twins.result(round=1, table=1, board=1, contract="4S", declarer="N", tricks=10, lead="ST")
    assert (answer["ns_score"], answer["lead"], answer["version"], answer["entered_by"]) == (420, "ST", 1, "director")
    assert answer["changes"] == [] and answer["text"] == "4S by N, 10 tricks, +420"
    twins.result(round=1, table=1, board=2, contract="PASS")
    twins.result(round=1, table=2, board=3, status="not-played")
    assert short_ways == [True, True, True]
    quick, route = twins.stored()
    assert quick == route and len(quick) > 3


def test_a_result_sent_again_or_in_conflict_is_answered_by_the_route(twins: Twins, short_ways: list[bool]) -> None:
    twins.login("scorer")
    twins.set_up()
    first = twins.result(round=2, table=3, board=1, contract="3NT", declarer="S", tricks=9)
    again = twins.result(round=2, table=3, board=1, contract="3NT", declarer="S", tricks=9)
    assert again == first
    conflict = twins.result(409, round=2, table=3, board=1, contract="3NT", declarer="S", tricks=8)
    assert conflict["field"] == "result"
    assert short_ways == [True, False, False]
    quick, route = twins.stored()
    assert quick == route


@pytest.mark.parametrize(("body", "field"), [
    ({"round": 1, "table": 1, "board": 3, "contract": "1NT", "declarer": "N", "tricks": 7}, "board"),
    ({"round": 9, "table": 1, "board": 1, "contract": "1NT", "declarer": "N", "tricks": 7}, "round"),
    ({"round": 1, "table": 7, "board": 1, "contract": "1NT", "declarer": "N", "tricks": 7}, "table"),
    ({"round": 1, "table": 1, "board": 1, "contract": "1NT", "declarer": "N", "tricks": 7, "ns": 2}, "pair"),
    ({"round": 1, "table": 1, "board": 1, "contract": "1NT", "declarer": "N", "tricks": 7, "lead": "SA"}, "lead"),
    ({"round": 1, "table": 1, "board": 1, "contract": "8NT", "declarer": "N", "tricks": 7}, "contract"),
    ({"round": 1, "table": 1, "board": 1, "contract": "1NT", "tricks": 7}, "declarer"),
    ({"round": 1, "table": 1, "board": 1, "contract": "1NT", "declarer": "N", "tricks": 14}, "tricks"),
])
def test_a_refused_result_is_refused_by_the_route_naming_its_field(twins: Twins, short_ways: list[bool],
                                                                     body: dict[str, Any], field: str) -> None:
    twins.login()
    twins.set_up()
    answer = twins.result(422, **body)
    assert answer["field"].lower() == field
    quick, route = twins.stored()
    assert quick == route and not [row for row in quick if len(row) > 5]  # no result stored


def test_a_write_without_the_token_or_the_role_is_refused_as_the_route_refuses(twins: Twins,
                                                                               short_ways: list[bool]) -> None:
    twins.login()
    twins.set_up()
    for client in twins.clients:
        client.headers.pop("X-CSRF-Token")
    assert "CSRF" in twins.result(403, round=1, table=1, board=1, contract="PASS")["detail"]
    twins.login("viewer")
    assert "scorer or a director" in twins.result(403, round=1, table=1, board=1, contract="PASS")["detail"]
    for client in twins.clients:
        client.cookies.clear()
    twins.result(401, round=1, table=1, board=1, contract="PASS")
    assert short_ways == [False]  # only the viewer's reached the statement, whose check of the role refused it
    quick, route = twins.stored()
    assert quick == route


def test_a_body_that_is_not_json_goes_to_the_route(twins: Twins) -> None:
    twins.login()
    twins.set_up()
    answers = [client.post(f"/api/sections/{twins.sid}/results", content=b"{not json",
                           headers={"content-type": "application/json"}) for client in twins.clients]
    assert [a.status_code for a in answers] == [422, 422] and answers[0].json() == answers[1].json()


def test_a_pair_withdrawn_after_the_plan_was_read_sends_the_write_the_long_way(twins: Twins,
                                                                              short_ways: list[bool]) -> None:
    twins.login()
    twins.set_up()
    twins.result(round=1, table=1, board=1, contract="PASS")  # the plan is read: pair 1 plays every round
    twins.send("POST", f"/api/sections/{twins.sid}/withdrawals", 200, {"pair": 1, "after_round": 1})
    refused = twins.result(422, round=2, table=1, board=3, contract="PASS")
    assert refused["field"] == "pair"
    assert short_ways == [True, False]
    quick, route = twins.stored()
    assert quick == route


def test_hand_records_loaded_after_the_plan_was_read_check_the_lead_again(twins: Twins,
                                                                          short_ways: list[bool]) -> None:
    twins.login()
    twins.send("POST", "/api/sessions", 201, setup_body(hand_records=""))
    twins.sid = twins.send("GET", "/api/sessions", 200)[0]["sections"][0]["id"]
    twins.result(round=1, table=1, board=1, contract="1NT", declarer="N", tricks=7, lead="SA")  # no hand record
    pbn = "".join(f'[Board "{b}"]\n[Deal "{OTHER_DEAL}"]\n\n' for b in range(1, 7))
    twins.send("POST", f"/api/sections/{twins.sid}/hand-records", 200, {"content": pbn})
    refused = twins.result(422, round=1, table=1, board=2, contract="1NT", declarer="N", tricks=7, lead="ST")
    assert refused["law"] == "41"  # North holds the ten now; the plan's board had no deal
    twins.result(round=1, table=1, board=2, contract="1NT", declarer="N", tricks=7, lead="SA")
    assert short_ways[0] is True and short_ways[1] is False
    quick, route = twins.stored()
    assert quick == route


def test_a_session_ended_elsewhere_is_not_written_by_the_short_way(twins: Twins, short_ways: list[bool]) -> None:
    twins.login("scorer")
    twins.set_up()
    twins.result(round=1, table=1, board=1, contract="PASS")
    for app in twins.apps:
        app.state.accounts.end_sessions("scorer")  # a logout on another device
    twins.result(401, round=1, table=1, board=2, contract="PASS")
    assert short_ways == [True, False]
    quick, route = twins.stored()
    assert quick == route



def result_body(slots: list[tuple[int, int, int]]) -> st.SearchStrategy[dict[str, Any]]:
    """A result at one of ``slots`` (round, table, board) mostly, anywhere sometimes; mostly one that can have
    happened, sometimes not."""
    where = st.sampled_from(slots) | st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 7))
    return st.builds(
        lambda at, rest: {"round": at[0], "table": at[1], "board": at[2], **rest}, where,
        st.fixed_dictionaries({
            "contract": st.sampled_from(["PASS", "1NT", "4S", "7NTXX", "3HX", "4s"]) | st.sampled_from(["8NT", ""]),
            "declarer": st.sampled_from(["N", "E", "S", "W"]) | st.sampled_from(["", "x"]),
            "tricks": st.integers(0, 13) | st.none() | st.sampled_from([-1, 14]),
            "lead": st.sampled_from(["", "", "ST", "HT", "SA", "h2", "ZZ"]),
            "status": st.sampled_from(["played", "played", "played", "not-played"]),
        }, optional={"ns": st.integers(1, 7), "ew": st.integers(1, 7)}))


@pytest.mark.parametrize("two_urls", ["sqlite"], indirect=True)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_result_is_answered_by_the_short_way_as_by_the_route(twins: Twins, short_ways: list[bool],
                                                                 data: st.DataObject) -> None:
    """Each example sends more results to the same two apps (the section fills up, results come again and in
    conflict): every answer, every row and every audit entry the same; the short way stores some of them."""
    if not twins.sid:
        twins.login("scorer")
        twins.set_up()
        with twins.apps[0].state.register.transaction() as db:
            section = db.get_one(Section, twins.sid)
            twins.slots = [(r, t, b) for r in (1, 2, 3) for t in (1, 2, 3)
                           for b in table_round(db, section, r, t).boards]
    for body in data.draw(st.lists(result_body(twins.slots), min_size=1, max_size=4)):
        quick, route = (client.post(f"/api/sections/{twins.sid}/results", json=body) for client in twins.clients)
        assert (quick.status_code, quick.json()) == (route.status_code, route.json())
    quick_rows, route_rows = twins.stored()
    assert quick_rows == route_rows

