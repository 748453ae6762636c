"""A gate between the browser and a test server: a TCP relay that, while shut, drops every connection it carries
and refuses new ones, as a lost network does.  The browser's own offline emulation has let a request through now
and then (a service worker started again, a page just reloaded); a connection dropped at the socket cannot be."""

from __future__ import annotations

import contextlib
import socket
import threading
from urllib.parse import urlsplit


class Gate:
    """Relays ``http://127.0.0.1:<port>`` to ``upstream`` (a base URL) while open; :meth:`shut` drops it all."""

    def __init__(self, upstream: str) -> None:
        parts = urlsplit(upstream)
        self._upstream = (parts.hostname or "127.0.0.1", parts.port or 80)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}"
        self._open = True
        self._live: set[socket.socket] = set()
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def shut(self) -> None:
        """Drop every connection carried now and refuse new ones until :meth:`reopen`."""
        with self._lock:
            self._open = False
            for sock in self._live:
                _close(sock)
            self._live.clear()

    def reopen(self) -> None:
        with self._lock:
            self._open = True

    def stop(self) -> None:
        self.shut()
        self._listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # stopped
            with self._lock:
                if not self._open:
                    _close(client)
                    continue
                self._live.add(client)
            try:
                server = socket.create_connection(self._upstream)
            except OSError:
                self._drop(client)
                continue
            with self._lock:
                if client not in self._live:  # shut meanwhile
                    _close(server)
                    continue
                self._live.add(server)
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):  # a side closed, or the gate shut
            while data := source.recv(65536):
                sink.sendall(data)
        self._drop(source)
        self._drop(sink)

    def _drop(self, sock: socket.socket) -> None:
        with self._lock:
            self._live.discard(sock)
        _close(sock)


def _close(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):  # already closed by the other side
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()
