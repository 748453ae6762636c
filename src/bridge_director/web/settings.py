"""How the web app is configured."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class WebSettings:
    """``secure_cookies`` marks the session cookie Secure (browsers still send it to localhost over http)."""

    secret_key: str = field(default_factory=lambda: secrets.token_urlsafe(32), repr=False)
    secure_cookies: bool = True
    session_max_age: int = 12 * 3600
    max_upload_bytes: int = 2_000_000
    login_attempts: int = 5
    login_window: float = 60.0
