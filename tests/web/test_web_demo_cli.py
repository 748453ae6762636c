"""The demo behind the README's first command: its data, ``web --check`` over HTTP, a clean stop on Ctrl-C,
and the ``web`` command's input checks."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from bridge_director.cli import app as cli
from bridge_director.web.demo import demo_session

COMMAND = [sys.executable, "-c", "from bridge_director.cli import main; main()"]


def test_demo_has_accounts_open_boards_an_event_and_rulings(tmp_path: Path) -> None:
    with demo_session(tmp_path) as demo:
        assert set(demo.passwords) == {"director", "scorer", "viewer"}
        assert demo.app.state.accounts.count() == 3  # in the register's database
        with TestClient(demo.app, base_url="https://testserver") as client:
            r = client.post("/api/login", json={"username": "director", "password": demo.passwords["director"]})
            assert r.status_code == 200
            tables = client.get("/api/tables").json()
            assert [t["board"] for t in tables] == [3, 2, 1]
            assert "Club night (demo) · Last week · section A" in client.get("/sessions").text
            # the five rulings of the older session of results and the two on tonight's results
            assert len(re.findall(r'href="/register/rulings/\d+"', client.get("/register").text)) == 7
            assert "North 3" in client.get("/register/psyches").text
    assert (tmp_path / "register.sqlite3").exists()  # a given folder is kept


def test_web_check_serves_the_demo_over_http_and_exits_0() -> None:
    done = subprocess.run([*COMMAND, "web", "--check"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "bridge-director is at http://127.0.0.1:" in done.stdout
    assert "log in as viewer" in done.stdout
    assert "home page: ok; director login: ok" in done.stdout


def _wait_until_serving(base_url: str) -> None:
    """Poll the health check until the server answers (or 60 s have passed)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(base_url + "api/health", timeout=5) as answer:
                if answer.status == 200:
                    return
        except OSError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.05)


def test_web_stops_cleanly_on_ctrl_c() -> None:
    process = subprocess.Popen([*COMMAND, "web"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert "bridge-director is at http://" in first
        folder = Path(process.stdout.readline().split("register ")[1].strip()).parent
        assert folder.exists()
        _wait_until_serving(first.split()[3])  # Ctrl-C once the server runs, not after a guessed pause
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    assert "Traceback" not in err and "bridge-director stopped" in out
    assert not folder.exists()  # the demo's temporary register is removed


def test_web_command_refuses_a_bad_host_in_one_line() -> None:
    result = CliRunner().invoke(cli, ["web", "--host", "not a host"])
    assert result.exit_code != 0
    assert "not an IP address" in str(result.exception)
