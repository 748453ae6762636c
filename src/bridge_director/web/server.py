"""Running the app with uvicorn: in the foreground (the CLI) or in a background thread (tests, bench)."""

from __future__ import annotations

import gc
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import uvicorn
from fastapi import FastAPI


@dataclass(frozen=True, slots=True)
class Tls:
    """HTTPS: the certificate and private key files (PEM) uvicorn serves with."""

    cert: str
    key: str

    def options(self) -> dict[str, Any]:
        return {"ssl_certfile": self.cert, "ssl_keyfile": self.key}


def _tls(tls: Tls | None) -> dict[str, Any]:
    return tls.options() if tls is not None else {}


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


def settle() -> None:
    """Move what start-up built (modules, tables, the app) out of the collector's way: a full collection then
    scans only what requests create, so it never pauses a page for the whole heap (gc.freeze)."""
    gc.collect()
    gc.freeze()


def serve(app: FastAPI, host: str, port: int, tls: Tls | None = None) -> None:
    """Serve until interrupted (over HTTPS with ``tls``).  uvicorn's own reading of ``X-Forwarded-For`` is off:
    the app reads it, and only from a trusted proxy (``WebSettings.trusted_proxies``)."""
    settle()
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, proxy_headers=False, **_tls(tls))


def serve_workers(factory: str, host: str, port: int, workers: int, tls: Tls | None = None) -> None:
    """Serve with ``workers`` processes, each building its app from ``factory`` (``module:function``); the
    processes share only the register, so any of them can answer any request."""
    uvicorn.run(factory, factory=True, host=host, port=port, workers=workers, log_level="warning",
                access_log=False, proxy_headers=False, **_tls(tls))


@contextmanager
def background(app: FastAPI, host: str = "127.0.0.1", port: int | None = None, tls: Tls | None = None
               ) -> Iterator[str]:
    """Serve ``app`` in a thread for the ``with`` block (over HTTPS with ``tls``); yields its base URL."""
    port = port or free_port(host)
    settle()
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                                           proxy_headers=False, **_tls(tls)))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError(f"the web server did not start on {host}:{port}")
        time.sleep(0.02)
    try:
        yield f"{'https' if tls is not None else 'http'}://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
