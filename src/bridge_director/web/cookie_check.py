"""A login cookie the browser did not keep, said in plain words instead of a silent loop back to the login.

The session cookie is Secure: a browser keeps it over HTTPS, and over plain http only from this machine
(``localhost``, ``127.0.0.1``).  Reached over plain http by any other name or address (a phone on the club's
Wi-Fi), or with cookies blocked, the browser drops it, and the login page's form comes back without it.
"""

from __future__ import annotations

import ipaddress

from fastapi import Request

from .security import Forbidden

SESSION_COOKIE = "bd_session"
LOOPBACK_NAMES = ("localhost",)

INSECURE = ("This browser did not keep the login cookie, so nobody can log in from it this way: the page came "
            "over plain http from an address other than this computer, and the login cookie is kept only over "
            "HTTPS. Open the https:// address that the director's computer shows (bridge-director web --lan) and "
            "accept its certificate once on this device.")
BLOCKED = ("This browser did not keep the login cookie, so nobody can log in from it: allow cookies for this "
           "site (private browsing or a blocker may refuse them), then reload this page and log in again.")


class CookieRefused(Forbidden):
    """The login form came back without the session cookie the login page set."""


def loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, from the request's Host) is this machine.

    >>> loopback("localhost"), loopback("127.0.0.1"), loopback("[::1]"), loopback("club.bridge.test")
    (True, True, True, False)
    """
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def insecure_origin(request: Request) -> bool:
    """Plain http from a name or address other than loopback, with no reverse proxy in front (a proxy speaks
    HTTPS to the browser): there a Secure cookie is never kept."""
    secure: bool = request.app.state.settings.secure_cookies
    proxied = bool(request.app.state.settings.trusted_proxies)
    return secure and not proxied and request.url.scheme == "http" and not loopback(request.url.hostname or "")


def cookie_refused_reason(request: Request) -> str:
    return INSECURE if insecure_origin(request) else BLOCKED
