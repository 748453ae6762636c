"""The ``web`` command: the director's web app on this machine."""

from __future__ import annotations

import ipaddress

import typer

from ..errors import BridgeError
from . import app


def _check_host(host: str) -> str:
    if host == "localhost":
        return host
    try:
        ipaddress.ip_address(host)
    except ValueError:
        raise BridgeError(f"not an IP address: {host!r}", field="--host") from None
    return host


@app.command()
def web(port: int = typer.Option(0, "--port", min=0, max=65535, help="port to listen on (0: a free one)"),
        host: str = typer.Option("127.0.0.1", "--host", help="address to listen on (loopback by default)")) -> None:
    """Start the web app (demo accounts and open boards) and print its address and logins."""
    from ..web.demo import serve_demo
    serve_demo(_check_host(host), port or None, echo=typer.echo)
