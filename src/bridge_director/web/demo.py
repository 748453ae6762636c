"""The demo: the app on loopback with three accounts and open tables, its address and logins printed."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from fastapi import FastAPI

from .accounts import MemoryAccountStore, Role
from .app import create_app
from .server import free_port, serve
from .settings import WebSettings
from .tables import TableStore


@dataclass(frozen=True, slots=True)
class Demo:
    """A demo app and the clear passwords of its accounts (username -> password)."""

    app: FastAPI
    passwords: dict[str, str]


def build_demo(boards: tuple[int, ...] = (1, 2, 3)) -> Demo:
    """An app with a director, a scorer and a viewer (fresh random passwords) and ``boards`` open."""
    accounts = MemoryAccountStore()
    passwords = {role.value: secrets.token_urlsafe(9) for role in Role}
    for role in Role:
        accounts.add(role.value, passwords[role.value], role)
    tables = TableStore()
    for board in boards:
        tables.open(board)
    return Demo(create_app(WebSettings(), accounts, tables), passwords)


def serve_demo(host: str = "127.0.0.1", port: int | None = None, echo: Callable[[str], None] = print) -> None:
    """Start the demo and print its address and logins; serves until interrupted."""
    demo = build_demo()
    port = port or free_port(host)
    echo(f"bridge-director is at http://{host}:{port}/  (Ctrl-C stops it)")
    for name, password in demo.passwords.items():
        echo(f"  log in as {name:<8} password {password}")
    serve(demo.app, host, port)
