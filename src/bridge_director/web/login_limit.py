"""The login limit: failed logins counted in the register (shared by every worker, kept over a restart), per
address and username together and per address whatever the names, with waits that double.

A third count is kept per username across every address (``account_attempts`` free), so twenty addresses with
five guesses each do not make a hundred free guesses; it holds only at addresses the account has not logged in
from: an address that has logged in to the account keeps its own budget, so a stranger guessing from elsewhere
cannot lock the director out at her usual phone or desk.  A correct password clears its (address, username)
count and makes the address known to the account; the address keeps its own count, so one valid account does not
reset a search through the others.

>>> from bridge_director.register import Register
>>> limit = LoginLimiter(Register("sqlite://"), LoginPolicy(attempts=2, address_attempts=10, delay=60))
>>> limit.failed("td", "10.0.0.9", now=0)
>>> limit.wait("td", "10.0.0.9", now=1)
0
>>> limit.failed("td", "10.0.0.9", now=1)
>>> limit.wait("td", "10.0.0.9", now=2), limit.wait("td", "10.0.0.1", now=2), limit.wait("sb", "10.0.0.9", now=2)
(59, 0, 0)
>>> limit.failed("td", "10.0.0.9", now=61)
>>> limit.wait("td", "10.0.0.9", now=61)
120
"""

from __future__ import annotations

import ipaddress
import math
import time
from dataclasses import dataclass

from ..register import Register
from ..register.server_state import KNOWN, clear_failures, count_failure, failures, forget_failures, mark_known
from .settings import WebSettings

PAIR, ADDRESS, ACCOUNT = "pair", "address", "account"


@dataclass(frozen=True, slots=True)
class LoginPolicy:
    """``attempts`` free failures per (address, username) and ``address_attempts`` per address; then each
    further failure doubles the wait, from ``delay`` up to ``max_delay`` seconds; quiet for ``forget`` seconds,
    a key starts afresh."""

    attempts: int = 5
    address_attempts: int = 30
    delay: float = 60.0
    max_delay: float = 900.0
    forget: float = 3600.0
    account_attempts: int = 20
    known_for: float = 90 * 86400.0  # an address that logged in stays known for 90 days after its last login

    @classmethod
    def of(cls, settings: WebSettings) -> LoginPolicy:
        return cls(settings.login_attempts, settings.address_attempts, settings.login_delay,
                   settings.login_max_delay, settings.login_forget, settings.account_attempts)

    def wait_after(self, failures: int, free: int) -> float:
        """The wait after the last of ``failures`` when ``free`` are allowed: 0, then delay, 2 x delay, ...

        >>> [LoginPolicy(delay=60, max_delay=900).wait_after(n, 3) for n in range(2, 9)]
        [0.0, 60.0, 120.0, 240.0, 480.0, 900.0, 900.0]
        """
        if failures < free:
            return 0.0
        return float(min(self.delay * 2.0 ** min(failures - free, 32), self.max_delay))


def _name(username: str) -> str:
    return username.strip().lower()[:64]


def counted_address(address: str) -> str:
    """The address a failure is counted by: an IPv4 address as it is, an IPv6 address by its /64 network (one
    household or phone gets a whole /64, and could otherwise try from a fresh address each time).

    >>> counted_address("192.0.2.10"), counted_address("2001:db8:1:2:aaaa::1"), counted_address("::ffff:192.0.2.1")
    ('192.0.2.10', '2001:db8:1:2::/64', '192.0.2.1')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class LoginLimiter:
    """The limit on the register's ``login_failures`` table; ``now`` is seconds since the epoch (tests pass it)."""

    def __init__(self, register: Register, policy: LoginPolicy | None = None) -> None:
        self.register, self.policy = register, policy or LoginPolicy()

    def wait(self, username: str, address: str, now: float | None = None) -> int:
        """Seconds until a login from ``address`` as ``username`` may be tried again (0: now)."""
        moment, address = time.time() if now is None else now, counted_address(address)
        policy, waits = self.policy, [0.0]
        with self.register.transaction() as db:
            keys = [(PAIR, address, _name(username), policy.attempts), (ADDRESS, address, "", policy.address_attempts)]
            if failures(db, KNOWN, address, _name(username)) is None:  # a known address keeps its own budget
                keys.append((ACCOUNT, "", _name(username), policy.account_attempts))
            for scope, where, name, free in keys:
                found = failures(db, scope, where, name)
                if found is not None and found.last_at > moment - policy.forget:
                    waits.append(found.last_at + policy.wait_after(found.failures, free) - moment)
        return max(0, math.ceil(max(waits)))

    def failed(self, username: str, address: str, now: float | None = None) -> None:
        """Count a failed attempt against the (address, username) pair and the address."""
        moment, address = time.time() if now is None else now, counted_address(address)
        with self.register.transaction() as db:
            forget_failures(db, moment - self.policy.forget, moment - self.policy.known_for)
            count_failure(db, PAIR, address, _name(username), moment)
            count_failure(db, ADDRESS, address, "", moment)
            if failures(db, KNOWN, address, _name(username)) is None:
                count_failure(db, ACCOUNT, "", _name(username), moment)

    def succeeded(self, username: str, address: str, now: float | None = None) -> None:
        """A correct password clears the pair's failures (the address keeps its own) and makes the address known
        to the account."""
        moment = time.time() if now is None else now
        with self.register.transaction() as db:
            clear_failures(db, PAIR, counted_address(address), _name(username))
            mark_known(db, counted_address(address), _name(username), moment)
