"""The app on the director's own register (``BRIDGE_DIRECTOR_DB``, else the user's data directory)."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from sqlalchemy.engine import make_url

from ..register import Register
from .accounts import Role
from .app import create_app
from .db_accounts import DatabaseAccountStore
from .server import free_port, serve
from .settings import WebSettings

FIRST_ACCOUNT = "director"


def serve_register(host: str = "127.0.0.1", port: int | None = None, echo: Callable[[str], None] = print,
                   url: str | None = None) -> None:
    """Serve the register at ``url``; an empty account table gets a director with a printed password."""
    register = Register(url)
    try:
        accounts = DatabaseAccountStore(register)
        if accounts.count() == 0:
            password = secrets.token_urlsafe(12)
            accounts.add(FIRST_ACCOUNT, password, Role.DIRECTOR)
            echo(f"  first account: {FIRST_ACCOUNT}, password {password} (shown once)")
        port = port or free_port(host)
        shown = make_url(register.url).render_as_string(hide_password=True)
        echo(f"bridge-director is at http://{host}:{port}/  (register {shown}; Ctrl-C stops it)")
        serve(create_app(WebSettings(), accounts, register=register), host, port)
    finally:
        register.close()
