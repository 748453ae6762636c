"""A web server in a child process for the restart and worker tests: started in its own process group (so a
kill reaches its workers too), waited for on ``/api/health``, and a logged-in client for it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx


def start_server(script: Path, *args: str, wait: float = 90) -> tuple[subprocess.Popen[bytes], str]:
    """Run ``script *args PORT``; the child and its base URL once its health endpoint answers."""
    from bridge_director.web.server import free_port
    port = free_port()
    child = subprocess.Popen([sys.executable, str(script), *args, str(port)], stdout=subprocess.DEVNULL,
                             start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + wait
    while True:
        try:
            httpx.get(base + "/api/health", timeout=1).raise_for_status()
            return child, base
        except httpx.HTTPError:
            if time.monotonic() > deadline or child.poll() is not None:
                os.killpg(child.pid, signal.SIGKILL)
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)


def login(base: str, password: str, *, keepalive: bool = True, timeout: float = 30) -> httpx.Client:
    """A client logged in as ``director``, sending the CSRF token; without keep-alive every request is a new
    connection (so several workers share the requests of one login)."""
    limits = httpx.Limits() if keepalive else httpx.Limits(max_keepalive_connections=0)
    c = httpx.Client(base_url=base, timeout=timeout, limits=limits)
    r = c.post("/api/login", json={"username": "director", "password": password})
    r.raise_for_status()
    c.headers["X-CSRF-Token"] = r.json()["csrf_token"]
    return c
