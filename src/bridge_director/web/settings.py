"""How the web app is configured."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class WebSettings:
    """The web app's settings.

    ``secret_key`` signs the session cookie; left empty, the key stored in the register is used (made on the
    first start), so logins survive a restart and every worker on the register shares them.
    ``secure_cookies`` marks the session cookie Secure (browsers still send it to localhost over http).
    ``trusted_proxies`` are the addresses (or networks, ``10.0.0.0/8``) of reverse proxies whose
    ``X-Forwarded-For`` names the client; from any other peer the header is ignored.
    The login limit: ``login_attempts`` failures from one address for one username are free, then each further
    one doubles the wait, from ``login_delay`` seconds up to ``login_max_delay``; ``address_attempts`` failures
    from one address whatever the usernames start the same growing waits for that address; ``account_attempts``
    failures for one username across every address do the same at the addresses that have never logged in to it
    (an address that has keeps its own budget); a key with no failure for ``login_forget`` seconds starts afresh.
    """

    secret_key: str = ""
    secure_cookies: bool = True
    session_max_age: int = 12 * 3600
    max_upload_bytes: int = 2_000_000
    max_body_bytes: int = 3_000_000
    trusted_proxies: tuple[str, ...] = ()
    login_attempts: int = 5
    address_attempts: int = 30
    account_attempts: int = 20
    login_delay: float = 60.0
    login_max_delay: float = 900.0
    login_forget: float = 3600.0

    def __repr__(self) -> str:
        return f"WebSettings(trusted_proxies={self.trusted_proxies!r}, secure_cookies={self.secure_cookies!r})"
