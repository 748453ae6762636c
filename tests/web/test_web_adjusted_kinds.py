"""Every kind of adjusted score in the calculator, the field and deal of a board loaded from an event, and the
double-dummy table of the deal."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from web.test_web_register_pages import page_login
from web.web_support import login

CASES = [
    ({"kind": "assigned", "possible": "140 likely 2S=\n170 likely 2S+1\n-100 probable 2S-1", "non_offenders": "EW"},
     ("12C2", -100.0, -140.0), "most favourable likely result 2S="),
    ({"kind": "split", "field": "420, 170, 140", "ns_score": 420, "ew_score": 170}, ("12C1", 5.0, 3.0),
     "need not balance"),
    ({"kind": "serious-error", "before": 14, "after_infraction": 8, "actual": 0, "top": 16}, ("12C1e", 6.0, 2.0),
     "0 + 6 = 6"),
    ({"kind": "law25b-mp", "offenders_mp": 9, "top": 12, "authority": "ACBL"}, ("25B2(b)(2)", 3.0, 4.8),
     "capped at average minus"),
    ({"kind": "law25b-swiss", "offenders_imps": 13, "authority": "ACBL"}, ("25B2(b)(2)", -13.0, -3.0),
     "at most average minus: -3"),
    ({"kind": "law25b-knockout", "offenders_imps": 13, "authority": "ACBL"}, ("25B2(b)(2), 86B", -5.0, 5.0),
     "knockout needs one result"),
    ({"kind": "red-psyche", "opponents_result": 45, "non_offenders": "EW", "authority": "EBU"},
     ("40C, 12C2", 40.0, 60.0), "procedural penalty 10 %"),
]


@pytest.mark.parametrize(("body", "expected", "step"), CASES, ids=[c[0]["kind"] for c in CASES])
def test_every_kind_over_json(client: TestClient, body: dict[str, Any], expected: tuple[str, float, float],
                              step: str) -> None:
    login(client, "viewer")
    r = client.post("/api/adjusted", json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    assert (out["law"], out["ns"], out["ew"]) == expected
    assert any(step in s for s in out["steps"]), out["steps"]


def test_a_missing_figure_is_named(client: TestClient) -> None:
    login(client)
    r = client.post("/api/adjusted", json={"kind": "serious-error", "before": 14, "actual": 0})
    assert r.status_code == 422 and r.json()["field"] == "after_infraction"
    r = client.post("/api/adjusted", json={"kind": "assigned", "possible": "140 perhaps"})
    assert r.status_code == 422 and "likely, probable or possible" in r.json()["detail"]


def test_the_board_of_an_event_loads_its_field_and_double_dummy_table(reg_client: TestClient) -> None:
    pytest.importorskip("endplay")
    page_login(reg_client, "viewer")
    page = reg_client.get("/adjusted", params={"event": "Club night (demo)", "board": "1"}).text
    assert 'id="field-note"' in page
    assert 'name="field" value="-980, -980, 100, -1010, -980"' in page  # 6♥ by E at five tables
    assert '<th>♥</th><td>1</td><td>12</td><td>1</td><td>12</td>' in page  # 12 tricks in hearts for E/W
    assert "par NS -980" in page
    weighted = reg_client.get("/adjusted", params={"event": "Club night (demo)", "board": "1", "go": "1",
                                                   "outcomes": "-980 70\n-1430 30"})
    assert weighted.status_code == 200 and "Law 12C1c" in weighted.text


def test_a_bad_deal_for_double_dummy_is_explained_not_fatal(client: TestClient) -> None:
    pytest.importorskip("endplay")
    login(client)
    page = client.get("/adjusted", params={"board": "1", "deal": "N:AKQ"})
    assert page.status_code == 200 and "Double dummy:" in page.text and "Deal" in page.text
