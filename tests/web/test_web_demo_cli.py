"""The demo app behind the README's first command, and the ``web`` command's input checks."""

from __future__ import annotations

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from bridge_director.cli import app as cli
from bridge_director.web.demo import build_demo


def test_demo_has_accounts_and_open_boards() -> None:
    demo = build_demo()
    assert set(demo.passwords) == {"director", "scorer", "viewer"}
    with TestClient(demo.app, base_url="https://testserver") as client:
        r = client.post("/api/login", json={"username": "director", "password": demo.passwords["director"]})
        assert r.status_code == 200
        assert [t["board"] for t in client.get("/api/tables").json()] == [3, 2, 1]


def test_web_command_refuses_a_bad_host_in_one_line() -> None:
    result = CliRunner().invoke(cli, ["web", "--host", "not a host"])
    assert result.exit_code != 0
    assert "not an IP address" in str(result.exception)
