"""Several worker processes, each listening on its own socket bound to the same port (``SO_REUSEPORT``).

uvicorn's own workers accept from one shared socket, and whichever process wakes first takes the connection: when
clients open their kept-alive connections together (the phones at the start of a round, a proxy's pool), one
worker can end up holding nearly all of them (30 of 32 was measured) while the other idles, and two workers
answer little more than one.  With a socket per worker, the kernel spreads new connections over the workers by
a hash of their addresses, so the work follows.

The supervisor starts the workers, replaces one that dies, and stops them all on SIGINT or SIGTERM (each worker
finishes the requests it has, as uvicorn does).  Where the system has no ``SO_REUSEPORT``, uvicorn's own workers
are used.
"""

from __future__ import annotations

import multiprocessing
import signal
import socket
import time
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any

import uvicorn

from ..errors import BridgeError

#: a worker that dies this soon after it started is not started again (a broken app would loop)
QUICK_DEATH = 5.0


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket on ``host:port`` that other processes may bind as well (``SO_REUSEPORT``)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        raise BridgeError(f"cannot listen on {host}:{port}: {err.strerror or err} (choose another --port)",
                          field="--port") from None
    sock.listen(2048)
    return sock


def run_worker(factory: str, host: str, port: int, options: dict[str, Any]) -> None:
    """One worker process: its own socket on the shared port, the app built by ``factory`` (``module:function``)."""
    sock = listening_socket(host, port)
    server = uvicorn.Server(uvicorn.Config(factory, factory=True, host=host, port=port, **options))
    server.run(sockets=[sock])


def supervise(factory: str, host: str, port: int, workers: int, options: dict[str, Any]) -> None:
    """Run ``workers`` processes until SIGINT or SIGTERM; a worker that dies is replaced."""
    if not hasattr(socket, "SO_REUSEPORT"):  # pragma: no cover - every Linux and BSD has it
        uvicorn.run(factory, factory=True, host=host, port=port, workers=workers, **options)
        return
    listening_socket(host, port).close()  # the port is free: say so here, not in every worker
    context = multiprocessing.get_context("spawn")
    stopping = False

    def stop(_signal: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    def start() -> tuple[BaseProcess, float]:
        process = context.Process(target=run_worker, args=(factory, host, port, options), daemon=False)
        process.start()
        return process, time.monotonic()

    previous = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
    running = [start() for _ in range(workers)]
    try:
        while not stopping and running:
            time.sleep(0.2)
            for index, (process, started) in enumerate(running):
                if not process.is_alive() and not stopping:
                    if time.monotonic() - started < QUICK_DEATH:
                        raise BridgeError(f"a worker stopped as it started (exit code {process.exitcode}): "
                                          "see its message above", field="--workers")
                    running[index] = start()
    finally:
        for process, _ in running:
            if process.is_alive():
                process.terminate()  # SIGTERM: uvicorn finishes the requests under way, then stops
        for process, _ in running:
            process.join(timeout=30)
            if process.is_alive():
                process.kill()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
