"""Login rate limiting: a few failed attempts per username and per address in a sliding window.

>>> limit = LoginLimiter(attempts=2, window=60)
>>> limit.failed("td", "10.0.0.1", now=0); limit.failed("td", "10.0.0.2", now=1)
>>> limit.wait("td", "10.0.0.3", now=2), limit.wait("scorer", "10.0.0.3", now=2)
(58, 0)
>>> limit.wait("td", "10.0.0.3", now=61)
0
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque

MAX_KEYS = 10_000


class LoginLimiter:
    """At most ``attempts`` failed logins per username and per address in ``window`` seconds."""

    def __init__(self, attempts: int = 5, window: float = 60.0) -> None:
        self.attempts, self.window = attempts, window
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._failures.get(key, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        return times

    def wait(self, username: str, address: str, now: float | None = None) -> int:
        """Seconds until a login from ``address`` as ``username`` may be tried again (0: now)."""
        moment = time.monotonic() if now is None else now
        with self._lock:
            waits = [math.ceil(times[0] + self.window - moment) for key in self._keys(username, address)
                     if len(times := self._recent(key, moment)) >= self.attempts]
        return max(waits, default=0)

    def failed(self, username: str, address: str, now: float | None = None) -> None:
        """Count a failed attempt against the username and the address."""
        moment = time.monotonic() if now is None else now
        with self._lock:
            if len(self._failures) > MAX_KEYS:  # forget the oldest keys rather than grow without bound
                for key in list(self._failures)[:MAX_KEYS // 2]:
                    del self._failures[key]
            for key in self._keys(username, address):
                self._failures.setdefault(key, deque()).append(moment)

    def succeeded(self, username: str) -> None:
        """A correct password clears the username's failures (the address keeps its own)."""
        with self._lock:
            self._failures.pop(f"user:{username.strip().lower()}", None)

    @staticmethod
    def _keys(username: str, address: str) -> tuple[str, str]:
        return f"user:{username.strip().lower()}", f"addr:{address}"
