"""Issue 27: the demo starts again on the folder it left, reusing its data (results, rulings, tables), never
refusing with "section A already exists"."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from bridge_director.web.demo import demo_session


def _login(client: TestClient, password: str) -> None:
    r = client.post("/api/login", json={"username": "director", "password": password})
    assert r.status_code == 200
    client.headers["X-CSRF-Token"] = r.json()["csrf_token"]


def test_the_demo_starts_again_on_its_folder_and_keeps_what_was_done(tmp_path: Path) -> None:
    with demo_session(tmp_path) as first:
        section = first.section_id
        with TestClient(first.app, base_url="https://testserver") as client:
            _login(client, first.passwords["director"])
            rulings = len(re.findall(r'href="/register/rulings/\d+"', client.get("/register").text))
            boards = [t["board"] for t in client.get("/api/tables").json()]
    with demo_session(tmp_path) as second:  # the same folder: no "section A already exists"
        assert second.section_id == section
        assert second.passwords != first.passwords  # new passwords, printed at start
        with TestClient(second.app, base_url="https://testserver") as client:
            _login(client, second.passwords["director"])
            assert len(re.findall(r'href="/register/rulings/\d+"', client.get("/register").text)) == rulings
            assert [t["board"] for t in client.get("/api/tables").json()] == boards
