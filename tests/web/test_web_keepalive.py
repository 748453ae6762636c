"""Every connection is served with TCP_NODELAY, on the listening socket uvicorn's worker processes share too (made
without naming the protocol, so asyncio leaves Nagle's algorithm on): a kept-alive connection never waits for the
client's delayed acknowledgement."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

from bridge_director.web import server
from bridge_director.web.server import OPTIONS, NoDelayHttp, serve_workers


def _app() -> FastAPI:
    app = FastAPI()

    @app.get("/ping")
    def ping() -> dict[str, str]:
        return {"ping": "pong"}

    return app


@contextmanager
def served(**options: Any) -> Iterator[tuple[uvicorn.Server, int]]:
    """The app on a socket made as uvicorn makes it for its workers (``Config.bind_socket``)."""
    config = uvicorn.Config(_app(), host="127.0.0.1", port=0, **options)
    sock = config.bind_socket()
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.01)
    try:
        yield server, sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def _no_delay_on_the_server_side(options: dict[str, Any]) -> list[int]:
    """TCP_NODELAY of each connection the server holds, after two requests on one kept-alive connection."""
    with served(**options) as (server, port):
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        for _ in range(2):
            client.request("GET", "/ping")
            answer = client.getresponse()
            assert answer.status == 200 and answer.read() == b'{"ping":"pong"}'
        flags = [c.transport.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
                 for c in server.server_state.connections]
        client.close()
        return flags


def test_the_workers_socket_leaves_nagle_on_without_our_protocol() -> None:
    """The cause, kept in view: uvicorn's own protocol on the workers' socket gets no TCP_NODELAY."""
    assert _no_delay_on_the_server_side({"log_level": "warning", "http": "h11", "loop": "asyncio"}) == [0]


def test_every_connection_has_nodelay_with_our_protocol() -> None:
    flags = _no_delay_on_the_server_side(OPTIONS)
    assert len(flags) == 1 and flags[0] != 0


def test_the_workers_are_started_with_the_protocol(monkeypatch: pytest.MonkeyPatch) -> None:
    started: dict[str, Any] = {}
    monkeypatch.setattr(server, "supervise", lambda app, host, port, workers, options: started.update(
        options, app=app, workers=workers))
    serve_workers("bridge_director.web.live:app_from_environment", "127.0.0.1", 8000, 2)
    assert started["http"] is NoDelayHttp and started["workers"] == 2 and started["proxy_headers"] is False
