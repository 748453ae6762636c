"""``web.session_cookie``: a session cookie whose signature was checked once is not checked again, but its age
still is, as ``itsdangerous`` checks it; a cookie changed by one byte is refused."""

from __future__ import annotations

import pytest
from itsdangerous.exc import BadSignature, SignatureExpired

from bridge_director.web import session_cookie
from bridge_director.web.session_cookie import RememberingSigner


def test_a_remembered_cookie_past_its_age_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    signer = RememberingSigner("key")
    signed = signer.sign(b"payload")
    assert signer.unsign(signed, max_age=60) == b"payload"  # checked, and remembered
    now = session_cookie.time.time()
    monkeypatch.setattr(session_cookie.time, "time", lambda: now + 61)
    with pytest.raises(SignatureExpired):
        signer.unsign(signed, max_age=60)
    monkeypatch.setattr(session_cookie.time, "time", lambda: now - 5)  # the clock turned back
    with pytest.raises(SignatureExpired):
        signer.unsign(signed, max_age=60)


def test_a_cookie_changed_by_one_byte_is_refused_though_its_neighbour_is_remembered() -> None:
    signer = RememberingSigner("key")
    signed = signer.sign(b"payload")
    signer.unsign(signed, max_age=60)
    changed = b"P" + signed[1:]  # the value, not the signature's last character (whose low bits may not count)
    with pytest.raises(BadSignature):
        signer.unsign(changed, max_age=60)
    with pytest.raises(BadSignature):
        RememberingSigner("another key").unsign(signed, max_age=60)


def test_the_remembered_cookies_are_forgotten_when_too_many(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_cookie, "REMEMBERED", 3)
    signer = RememberingSigner("key")
    values = [signer.sign(str(n).encode()) for n in range(4)]
    for value in values:
        signer.unsign(value, max_age=60)
    assert len(signer._checked) == 1  # the first three forgotten when the fourth came
