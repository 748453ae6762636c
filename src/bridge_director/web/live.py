"""The app on the director's own register (``BRIDGE_DIRECTOR_DB``, else the user's data directory)."""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
from collections.abc import Callable
from pathlib import Path

from fastapi import FastAPI
from sqlalchemy.engine import make_url

from ..register import Register
from ..register.db import ENV_VAR
from .accounts import Role
from .app import create_app
from .db_accounts import DatabaseAccountStore
from .lan import add_qr_route, default_folder, lan_setup
from .server import free_port, serve, serve_workers, settle
from .settings import WebSettings

FIRST_ACCOUNT = "director"
#: The settings handed to worker processes (JSON of ``WebSettings``'s fields), beside ``BRIDGE_DIRECTOR_DB``.
SETTINGS_VAR = "BRIDGE_DIRECTOR_WEB_SETTINGS"
LAN_VAR = "BRIDGE_DIRECTOR_LAN_URL"


def settings_from_environment() -> WebSettings:
    """The settings a worker process was started with (defaults when none were passed)."""
    raw = os.environ.get(SETTINGS_VAR, "")
    if not raw:
        return WebSettings()
    fields = json.loads(raw)
    if "trusted_proxies" in fields:
        fields["trusted_proxies"] = tuple(fields["trusted_proxies"])
    return WebSettings(**fields)


def app_from_environment() -> FastAPI:
    """The app of one worker process: the register named by ``BRIDGE_DIRECTOR_DB``, the settings passed in
    ``BRIDGE_DIRECTOR_WEB_SETTINGS`` (and the club's address for ``/qr`` in ``BRIDGE_DIRECTOR_LAN_URL``).  Every
    worker shares the register: accounts, the session key, the login limit, the tables and the results live
    there, never in a worker's memory."""
    register = Register(migrate=False)
    app = create_app(settings_from_environment(), DatabaseAccountStore(register), register=register)
    if os.environ.get(LAN_VAR):
        add_qr_route(app, os.environ[LAN_VAR])
    settle()  # each worker freezes its start-up heap, as the single process does (server.settle)
    return app


def certificate_folder(url: str) -> Path:
    """Beside the register when it is a SQLite file; else the user's data directory."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:":
        return Path(parsed.database).resolve().parent
    return default_folder()


def serve_register(host: str = "127.0.0.1", port: int | None = None, echo: Callable[[str], None] = print,
                   url: str | None = None, workers: int = 1, settings: WebSettings | None = None,
                   lan: bool = False) -> None:
    """Serve the register at ``url`` (with ``workers`` processes); an empty account table gets a director with
    a printed password.  With ``lan``: over HTTPS on the local network, the certificate kept beside the register
    (``certificate_folder``), the address printed with its QR code."""
    settings = settings or WebSettings()
    register = Register(url)
    try:
        accounts = DatabaseAccountStore(register)
        if accounts.count() == 0:
            password = secrets.token_urlsafe(12)
            accounts.add(FIRST_ACCOUNT, password, Role.DIRECTOR)
            echo(f"  first account: {FIRST_ACCOUNT}, password {password} (shown once); give it your full name "
                 "on the Accounts page: the written rulings show it to the players")
        club = lan_setup(certificate_folder(register.url), host, port) if lan else None
        port = club.port if club is not None else port or free_port(host)
        address = club.url if club is not None else f"http://{host}:{port}"
        tls = club.tls if club is not None else None
        shown = make_url(register.url).render_as_string(hide_password=True)
        many = f", {workers} workers" if workers > 1 else ""
        echo(f"bridge-director is at {address}/  (register {shown}{many}; Ctrl-C stops it)")
        if club is not None:
            club.announce(echo)
        if workers > 1:
            os.environ[ENV_VAR] = register.url
            os.environ[SETTINGS_VAR] = json.dumps(dataclasses.asdict(settings))
            if club is not None:
                os.environ[LAN_VAR] = club.url
            serve_workers("bridge_director.web.live:app_from_environment", host, port, workers, tls)
        else:
            app = create_app(settings, accounts, register=register)
            if club is not None:
                add_qr_route(app, club.url)
            serve(app, host, port, tls)
    finally:
        register.close()
