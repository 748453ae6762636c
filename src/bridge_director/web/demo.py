"""The demo (the product's main job): the app on loopback with an embedded SQLite register holding a demo
event, three accounts with fresh passwords, boards 1-3 of the example file open at tables, and tonight's club
session (movement, names, hand records, results partly entered, a ruling pending: ``demo_session``).

``serve_demo()`` prints the address and the logins and serves until Ctrl-C; ``check_demo()`` starts the
same server, fetches the home page once over HTTP, and stops.
"""

from __future__ import annotations

import functools
import json
import secrets
import shutil
import ssl
import tempfile
import threading
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from ..register import Register
from .accounts import Role
from .app import create_app
from .db_accounts import DatabaseAccountStore
from .demo_data import DEMO_EVENT, EXAMPLE, demo_boards, load_demo
from .demo_session import existing_demo_session, load_demo_session, warm_double_dummy
from .lan import add_qr_route, default_folder, lan_setup
from .server import Tls, background, free_port, serve
from .settings import WebSettings
from .tables import TableStore

OPEN_BOARDS = (1, 2, 3)
#: the demo's accounts with a full name: the name its written rulings show the players instead of the login
DEMO_NAMES = {"director": "Jane Director"}


@dataclass(frozen=True, slots=True)
class Demo:
    """A demo app, the clear passwords of its accounts (username -> password), its register and folder."""

    app: FastAPI
    passwords: dict[str, str]
    register: Register
    folder: Path
    event: str = DEMO_EVENT
    section_id: int | None = None
    warming: threading.Thread | None = None


def build_demo(folder: Path | None = None, boards: tuple[int, ...] = OPEN_BOARDS, example: Path = EXAMPLE,
               warm: bool = False, settings: WebSettings | None = None) -> Demo:
    """A demo app whose SQLite register lives in ``folder`` (a new temporary folder by default).  A folder that
    already holds the demo (a demo started again on it) is reused as it was left: its results, rulings and tables
    are kept; only the accounts get new passwords."""
    folder = folder or Path(tempfile.mkdtemp(prefix="bridge-director-demo-"))
    register = Register(f"sqlite:///{folder / 'register.sqlite3'}")
    section_id = existing_demo_session(register, DEMO_EVENT)
    accounts = DatabaseAccountStore(register)
    passwords = {role.value: secrets.token_urlsafe(9) for role in Role}
    for role in Role:
        accounts.add(role.value, passwords[role.value], role, DEMO_NAMES.get(role.value, ""))
    tables = TableStore(register)
    if section_id is None:
        load_demo(register, example)
        deals = {b.number: b.deal for b in demo_boards(example)}
        for board in boards:
            tables.open(board, deals.get(board))
        section_id = load_demo_session(register, DEMO_EVENT, tables)
    warming = None
    if warm:  # the hand-record page's double dummy, solved while the director logs in
        warming = threading.Thread(target=warm_double_dummy, args=(register, section_id), daemon=True)
        warming.start()
    return Demo(create_app(settings or WebSettings(), accounts, tables, register), passwords, register, folder,
                section_id=section_id, warming=warming)


@contextmanager
def demo_session(folder: Path | None = None, warm: bool = False, settings: WebSettings | None = None
                 ) -> Iterator[Demo]:
    """A demo for the ``with`` block; a temporary folder is removed afterwards."""
    demo = build_demo(folder, warm=warm, settings=settings)
    try:
        yield demo
    finally:
        if demo.warming is not None:  # the solver runs in native code: let it finish before the process ends
            demo.warming.join(timeout=120)
        demo.register.close()
        if folder is None:
            shutil.rmtree(demo.folder, ignore_errors=True)


def _announce(demo: Demo, url: str, echo: Callable[[str], None]) -> None:
    echo(f"bridge-director is at {url}/  (Ctrl-C stops it)")
    echo(f"  demo event {demo.event!r}, register {demo.folder / 'register.sqlite3'}")
    if demo.section_id is not None:
        echo(f"  tonight's session: {url}/sessions/{demo.section_id}  (a ruling is pending at table 3)")
    for name, password in demo.passwords.items():
        echo(f"  log in as {name:<8} password {password}")


def serve_demo(host: str = "127.0.0.1", port: int | None = None, echo: Callable[[str], None] = print,
               folder: Path | None = None, settings: WebSettings | None = None, lan: bool = False) -> None:
    """Start the demo and print its address and logins; serves until interrupted (Ctrl-C).  With ``lan``: over
    HTTPS on the local network, with the certificate kept in ``folder`` (else the user's data directory), the
    address printed with its QR code for the phones."""
    with demo_session(folder, warm=True, settings=settings) as demo:
        if lan:
            club = lan_setup(folder or default_folder(), host, port)
            _announce(demo, club.url, echo)
            club.announce(echo)
            add_qr_route(demo.app, club.url)
            serve(demo.app, club.host, club.port, club.tls)
        else:
            port = port or free_port(host)
            _announce(demo, f"http://{host}:{port}", echo)
            serve(demo.app, host, port)
        echo("bridge-director stopped")


def _opener(tls: Tls | None) -> Callable[..., Any]:
    """``urlopen``, trusting only the demo's own certificate when it speaks HTTPS."""
    if tls is None:
        return urllib.request.urlopen
    context = ssl.create_default_context(cafile=tls.cert)
    return functools.partial(urllib.request.urlopen, context=context)


def check_demo(echo: Callable[[str], None] = print, lan: bool = False) -> int:
    """Start the demo server, fetch the home page (it asks for a login) and log in once; 0 if both worked.  With
    ``lan``: over HTTPS with a certificate made for the check, verified against it at ``localhost``."""
    with demo_session() as demo:
        club = lan_setup(demo.folder, "127.0.0.1", free_port()) if lan else None
        tls = club.tls if club is not None else None
        with background(demo.app, port=club.port if club is not None else None, tls=tls) as url:
            if tls is not None:
                url = url.replace("127.0.0.1", "localhost")  # the certificate names it
            _announce(demo, url, echo)
            opener = _opener(tls)
            with opener(url + "/", timeout=10) as page:  # redirected to the login page
                home_ok = page.status == 200 and b"Log in" in page.read()
            body = json.dumps({"username": "director", "password": demo.passwords["director"]}).encode()
            request = urllib.request.Request(url + "/api/login", data=body,
                                             headers={"Content-Type": "application/json"})
            with opener(request, timeout=10) as answer:
                login_ok = answer.status == 200 and json.load(answer).get("role") == "director"
    echo(f"home page: {'ok' if home_ok else 'FAILED'}; director login: {'ok' if login_ok else 'FAILED'}")
    return 0 if home_ok and login_ok else 1
