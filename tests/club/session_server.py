"""A web server on a register, for the SIGKILL test: ``python session_server.py DB_URL PORT``.

One director account (``director`` / ``director-pass-1``); the tables are stored in the register.
"""

from __future__ import annotations

import sys

from bridge_director.register import Register
from bridge_director.web import create_app
from bridge_director.web.accounts import Role
from bridge_director.web.db_accounts import DatabaseAccountStore
from bridge_director.web.server import serve
from bridge_director.web.settings import WebSettings
from bridge_director.web.tables import TableStore

PASSWORD = "director-pass-1"


def main(url: str, port: int) -> None:
    register = Register(url)
    accounts = DatabaseAccountStore(register)
    if accounts.get("director") is None:
        accounts.add("director", PASSWORD, Role.DIRECTOR)
    app = create_app(WebSettings(secure_cookies=False), accounts, TableStore(register), register)
    serve(app, "127.0.0.1", port)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
