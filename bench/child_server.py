"""The web app in a child process for the benchmarks: started, waited for on its health endpoint, stopped."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx


@contextmanager
def child_server(script: str, *args: str, wait: float = 30) -> Iterator[str]:
    """Run ``script --serve *args PORT`` in a child process; yields its base URL once ``/api/health`` answers."""
    from bridge_director.web.server import free_port
    port = free_port()
    child = subprocess.Popen([sys.executable, script, "--serve", *args, str(port)], env=dict(os.environ))
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                httpx.get(base + "/api/health", timeout=1).raise_for_status()
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or child.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.1)
        yield base
    finally:
        child.terminate()
        child.wait(timeout=10)
