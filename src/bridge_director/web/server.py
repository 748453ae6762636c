"""Running the app with uvicorn: in the foreground (the CLI) or in a background thread (tests, bench).

Every connection is served with ``TCP_NODELAY``.  uvicorn's worker processes accept on a socket it made without
naming the protocol, and asyncio switches Nagle's algorithm off only on sockets that name TCP; without the switch,
a kept-alive connection waited for the client's delayed acknowledgement (40 ms on Linux) at every answer
written in two parts: about 22 requests a second per connection with two workers, against several hundred
with one.  ``NoDelayHttp`` switches it off on every connection, whatever made the listening socket.

Requests are parsed by ``httptools`` (uvicorn's compiled parser, the one its "standard" install uses) rather than
the pure-Python ``h11``: about half a millisecond of processor a request, a tenth of a small write's whole cost.
The event loop is ``uvloop`` where it is installed (a dependency on Linux and macOS; uvicorn picks it itself).
"""

from __future__ import annotations

import asyncio
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
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .workers import supervise


@dataclass(frozen=True, slots=True)
class Tls:
    """HTTPS: the certificate and private key files (PEM) uvicorn serves with."""

    cert: str
    key: str

    def options(self) -> dict[str, Any]:
        return {"ssl_certfile": self.cert, "ssl_keyfile": self.key}


def _tls(tls: Tls | None) -> dict[str, Any]:
    return tls.options() if tls is not None else {}


def no_delay(transport: asyncio.BaseTransport) -> None:
    """Switch Nagle's algorithm off on a TCP connection (small answers leave at once)."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class NoDelayHttp(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol (httptools), every connection with ``TCP_NODELAY`` (see the module's
    description)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        no_delay(transport)
        super().connection_made(transport)


#: how every server here is started (uvicorn's own reading of X-Forwarded-For is off: the app reads it, and only
#: from a trusted proxy, ``WebSettings.trusted_proxies``)
OPTIONS: dict[str, Any] = {"log_level": "warning", "access_log": False, "proxy_headers": False, "http": NoDelayHttp}


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
    uvicorn.run(app, host=host, port=port, **OPTIONS, **_tls(tls))


def serve_workers(factory: str, host: str, port: int, workers: int, tls: Tls | None = None) -> None:
    """Serve with ``workers`` processes, each building its app from ``factory`` (``module:function``) and
    listening on its own socket on the port (``web.workers``); the processes share only the register, so any of
    them can answer any request."""
    supervise(factory, host, port, workers, {**OPTIONS, **_tls(tls)})


@contextmanager
def background(app: FastAPI, host: str = "127.0.0.1", port: int | None = None, tls: Tls | None = None
               ) -> Iterator[str]:
    """Serve ``app`` in a thread for the ``with`` block (over HTTPS with ``tls``); yields its base URL."""
    port = port or free_port(host)
    settle()
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, **OPTIONS, **_tls(tls)))
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
