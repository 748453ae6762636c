"""The session cookie, Starlette's own, with each signed value checked once: the signature of a cookie already
checked is not computed again while its age allows it (a table device sends the same cookie with every result).

>>> signer = RememberingSigner("key")
>>> signed = signer.sign(b"payload")
>>> signer.unsign(signed, max_age=60), signer.unsign(signed, max_age=60)
(b'payload', b'payload')
"""

from __future__ import annotations

import time
from typing import Literal

import itsdangerous
from itsdangerous.exc import SignatureExpired
from starlette.middleware.sessions import SessionMiddleware
from starlette.types import ASGIApp

#: the signed values a process remembers (all are forgotten when this many are held)
REMEMBERED = 4096


class RememberingSigner:
    """``itsdangerous.TimestampSigner`` remembering the values whose signatures it has checked, with their time
    of signing: a remembered value's age is checked as the signer checks it, its signature is not checked again."""

    def __init__(self, secret_key: str) -> None:
        self.signer = itsdangerous.TimestampSigner(secret_key)
        self._checked: dict[bytes, tuple[bytes, int]] = {}

    def sign(self, value: bytes) -> bytes:
        return self.signer.sign(value)

    def unsign(self, signed: bytes, max_age: int | None = None) -> bytes:
        known = self._checked.get(signed)
        if known is None:
            value, stamp = self.signer.unsign(signed, max_age=max_age, return_timestamp=True)
            if len(self._checked) >= REMEMBERED:
                self._checked.clear()
            known = self._checked[signed] = (value, int(stamp.timestamp()))
        value, signed_at = known
        age = int(time.time()) - signed_at
        if max_age is not None and not 0 <= age <= max_age:
            raise SignatureExpired(f"Signature age {age} > {max_age} seconds" if age > 0 else
                                   f"Signature age {age} < 0 seconds", payload=value)
        return value


class Sessions(SessionMiddleware):
    """Starlette's session middleware (the same cookie, the same answers) with a ``RememberingSigner``."""

    def __init__(self, app: ASGIApp, secret_key: str, session_cookie: str = "session",
                 max_age: int | None = 14 * 24 * 60 * 60, same_site: Literal["lax", "strict", "none"] = "lax",
                 https_only: bool = False) -> None:
        super().__init__(app, secret_key, session_cookie=session_cookie, max_age=max_age, same_site=same_site,
                         https_only=https_only)
        self.signer = RememberingSigner(secret_key)  # type: ignore[assignment]
