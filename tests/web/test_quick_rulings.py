"""A ruling that changes no score recorded the short way (``web.quick_rulings``) answers, stores and audits what
the route does: the same requests to an app with the short way and to one without (``test_quick_results.Twins``),
on SQLite and PostgreSQL.  A board not stored yet, a refusal and an account no longer the session's go the long
way."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from bridge_director.register.models import Ruling
from bridge_director.web import quick_rulings
from web.twins import Twins, short_ways_of

RULING = {"event": "Club pairs", "session": "Monday", "board": 7, "kind": "other", "director": "  TD ",
          "laws": " 16B ", "facts": " a hesitation ", "options": "", "decision": " score stands "}


@pytest.fixture
def short_ways(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each ruling the short way was asked for: True where it recorded it."""
    return short_ways_of(monkeypatch, quick_rulings, "quick_ruling")


def rule(twins: Twins, expect: int = 201, **changes: Any) -> Any:
    """The ruling sent to both apps; the answers the same but for the moment each was recorded."""
    answers = [client.post("/api/register/rulings", json={**RULING, **changes}) for client in twins.clients]
    assert [a.status_code for a in answers] == [expect, expect], answers[0].text
    quick, route = (a.json() for a in answers)
    if expect == 201:
        for answer in (quick, route):
            moment = datetime.fromisoformat(answer.pop("ruled_at"))
            assert timedelta(0) <= datetime.now(UTC) - moment < timedelta(minutes=1)
    assert quick == route
    return quick


def stored(twins: Twins) -> list[list[tuple[Any, ...]]]:
    found = []
    for app in twins.apps:
        with app.state.register.transaction() as db:
            found.append([(r.id, r.board_id, r.kind, r.director, r.laws, r.facts, r.options, r.decision, r.appeal,
                           r.appeal_outcome, r.version) for r in db.scalars(select(Ruling).order_by(Ruling.id))])
    return found


def test_a_ruling_on_a_known_board_goes_the_short_way_and_answers_as_the_route(twins: Twins,
                                                                              short_ways: list[bool]) -> None:
    twins.login()
    first = rule(twins)  # the board is new: the long way creates the event, the session and the board
    second = rule(twins, facts="another hesitation")
    assert (second["event"], second["board"], second["director"], second["laws"]) == ("Club pairs", 7, "TD", "16B")
    assert second["id"] == first["id"] + 1 and second["decisions"] == second["penalties"] == []
    on_nothing = rule(twins, event=None, board=None)
    assert on_nothing["event"] is None and on_nothing["board"] is None
    only_event = rule(twins, board=None)
    assert only_event["event"] is None
    assert short_ways == [False, True, True, True]
    quick, route = stored(twins)
    assert quick == route and len(quick) == 4
    quick_audit, route_audit = (rows[-4:] for rows in twins.stored())
    assert quick_audit == route_audit and quick_audit[-1][1:4] == ("ruling", f"ruling {only_event['id']}",
                                                                     "recorded")


@pytest.mark.parametrize(("changes", "field"), [
    ({"director": "   "}, "director"),
    ({"laws": "  "}, "laws"),
    ({"event": " ", "board": 3}, "event"),
    ({"event": None, "board": 3}, "event"),
    ({"facts": ""}, "facts"),
    ({"kind": "nonsense"}, "kind"),
])
def test_a_refused_ruling_is_refused_by_the_route(twins: Twins, short_ways: list[bool], changes: dict[str, Any],
                                                   field: str) -> None:
    twins.login()
    rule(twins)
    answer = rule(twins, 422, **changes)
    assert field in str(answer["field"]).lower()
    assert True not in short_ways[1:]
    quick, route = stored(twins)
    assert quick == route and len(quick) == 1


def test_only_a_director_records_a_ruling(twins: Twins, short_ways: list[bool]) -> None:
    twins.login()
    rule(twins)
    twins.login("scorer")
    assert "director" in rule(twins, 403)["detail"]
    assert short_ways == [False, False]  # the scorer's reached the statement, whose check of the role refused it
    quick, route = stored(twins)
    assert quick == route and len(quick) == 1
