"""Worker processes each listen on their own socket on the port (``web.workers``): connections opened together
are spread over the workers, a worker that dies is replaced, and SIGTERM stops them all."""

from __future__ import annotations

import http.client
import json
import multiprocessing
import os
import signal
import socket
import time
from collections import Counter
from collections.abc import Iterator

import pytest
from fastapi import FastAPI

from bridge_director.errors import BridgeError
from bridge_director.web.server import free_port, serve_workers
from bridge_director.web.workers import listening_socket

FACTORY = "tests.web.test_web_workers_spread:pid_app"


def pid_app() -> FastAPI:
    """A worker's app that names its process."""
    app = FastAPI()

    @app.get("/pid")
    def pid() -> dict[str, int]:
        return {"pid": os.getpid()}

    return app


def pids_answering(port: int, connections: int) -> Counter[int]:
    """Open ``connections`` connections at once, then ask each which process holds it."""
    opened = [http.client.HTTPConnection("127.0.0.1", port, timeout=10) for _ in range(connections)]
    try:
        for client in opened:
            client.connect()
        counts: Counter[int] = Counter()
        for client in opened:
            client.request("GET", "/pid")
            counts[json.loads(client.getresponse().read())["pid"]] += 1
        return counts
    finally:
        for client in opened:
            client.close()


def until_workers(port: int, count: int, timeout: float = 60) -> set[int]:
    deadline = time.monotonic() + timeout
    seen: set[int] = set()
    while time.monotonic() < deadline:
        try:
            seen = set(pids_answering(port, 16))
        except OSError:
            seen = set()
        if len(seen) >= count:
            return seen
        time.sleep(0.3)
    raise AssertionError(f"{count} workers did not answer within {timeout} s (saw {len(seen)})")


@pytest.fixture
def two_workers() -> Iterator[tuple[int, multiprocessing.process.BaseProcess]]:
    port = free_port()
    supervisor = multiprocessing.get_context("spawn").Process(target=serve_workers,
                                                               args=(FACTORY, "127.0.0.1", port, 2))
    supervisor.start()
    try:
        until_workers(port, 2)
        yield port, supervisor
    finally:
        if supervisor.is_alive():
            supervisor.terminate()
        supervisor.join(timeout=40)


def test_connections_opened_together_are_spread_over_both_workers(
        two_workers: tuple[int, multiprocessing.process.BaseProcess]) -> None:
    port, _ = two_workers
    counts = pids_answering(port, 64)
    assert len(counts) == 2 and sum(counts.values()) == 64
    assert min(counts.values()) >= 12, counts  # uvicorn's shared socket gave 30 of 32 to one worker


def test_a_worker_that_dies_is_replaced(two_workers: tuple[int, multiprocessing.process.BaseProcess]) -> None:
    port, _ = two_workers
    first = until_workers(port, 2)
    victim = min(first)
    time.sleep(5.5)  # past the start-up grace: a worker dying later is replaced
    os.kill(victim, signal.SIGKILL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        now = until_workers(port, 2)
        if victim not in now:
            assert len(now) == 2
            return
        time.sleep(0.3)
    raise AssertionError("the dead worker was not replaced")


def test_sigterm_stops_the_supervisor_and_every_worker(
        two_workers: tuple[int, multiprocessing.process.BaseProcess]) -> None:
    port, supervisor = two_workers
    workers = until_workers(port, 2)
    supervisor.terminate()
    supervisor.join(timeout=40)
    assert supervisor.exitcode is not None
    for pid in workers:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    with pytest.raises(OSError):
        http.client.HTTPConnection("127.0.0.1", port, timeout=2).connect()


def test_a_port_in_use_is_refused_naming_the_option() -> None:
    port = free_port()
    holder = listening_socket("127.0.0.1", port)  # two of ours share a port: that is the point
    with listening_socket("127.0.0.1", port) as second:
        assert second.getsockname()[1] == port
    try:
        taken = socket.socket()  # a program of another kind, without SO_REUSEPORT
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(BridgeError, match=r"--port") as refused:
            listening_socket("127.0.0.1", taken.getsockname()[1])
        assert "cannot listen on 127.0.0.1" in str(refused.value)
        taken.close()
    finally:
        holder.close()
