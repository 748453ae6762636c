"""The demo's director account has a full name: a ruling the demo director makes shows it to the players."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from bridge_director.web.demo import DEMO_NAMES, demo_session


def test_the_demo_director_is_named(tmp_path: Path) -> None:
    with demo_session(tmp_path) as demo:
        accounts = demo.app.state.accounts
        assert accounts.get("director").full_name == DEMO_NAMES["director"] == "Jane Director"
        assert accounts.get("scorer").full_name == ""
        with TestClient(demo.app, base_url="https://testserver") as client:
            r = client.post("/api/login", json={"username": "director", "password": demo.passwords["director"]})
            assert r.status_code == 200
            assert 'value="Jane Director"' in client.get("/accounts").text
