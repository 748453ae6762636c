"""The ``web`` command: the director's web app on this machine (the demo by default)."""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Annotated

import typer

from ..errors import BridgeError
from .base import app
from .bounds import Whole


def _check_host(host: str) -> str:
    if host == "localhost":
        return host
    try:
        ipaddress.ip_address(host)
    except ValueError:
        raise BridgeError(f"not an IP address: {host!r}", field="--host") from None
    return host


Port = Annotated[int, typer.Option("--port", parser=Whole("--port", 0, 65535),
                                   help="port to listen on (0: a free one)")]
Host = Annotated[str, typer.Option("--host", help="address to listen on (loopback by default; every interface "
                                                   "with --lan)", show_default=False)]
Demo = Annotated[bool, typer.Option("--demo/--register",
                                    help="the demo (a fresh SQLite register with a demo event), or the register "
                                         "named by BRIDGE_DIRECTOR_DB (default: the user's data directory)")]
Check = Annotated[bool, typer.Option("--check", help="start the demo, fetch its home page once over HTTP, and exit")]
Data = Annotated[Path | None, typer.Option("--data", help="keep the demo's register in this folder")]
Workers = Annotated[int, typer.Option("--workers", parser=Whole("--workers", 1, 64),
                                      help="worker processes for --register (they share the register, 1 to 64)")]
Lan = Annotated[bool, typer.Option(
    "--lan", help="serve the phones of the local network over HTTPS (a self-signed certificate made on the first "
                  "start and kept beside the register); prints the address and a QR code; port 8443 unless --port")]
TrustedProxy = Annotated[list[str] | None, typer.Option(
    "--trusted-proxy", help="address or network of a reverse proxy whose X-Forwarded-For names the client "
                            "(repeat for several); without one the header is ignored")]


def _loopback(host: str) -> bool:
    return host == "localhost" or ipaddress.ip_address(host).is_loopback


def _plain_http_refused(host: str) -> BridgeError:
    return BridgeError(
        f"plain http on {host} would reach other machines, whose browsers drop the login cookie (it is kept only "
        "over HTTPS): use --lan (HTTPS with a certificate made on this machine), or a reverse proxy with a real "
        "certificate in front and --trusted-proxy naming it", field="--host")


@app.command()
def web(port: Port = 0, host: Host = "", demo: Demo = True, check: Check = False, data: Data = None,
        workers: Workers = 1, trusted_proxy: TrustedProxy = None, lan: Lan = False) -> None:
    """Start the web app (the demo by default) and print its address and logins; Ctrl-C stops it."""
    host = _check_host(host) if host else ("0.0.0.0" if lan else "127.0.0.1")  # --lan: every interface
    from ..web.security import proxy_networks
    from ..web.settings import WebSettings
    proxies = tuple(trusted_proxy or ())
    proxy_networks(proxies)  # a wrong address is refused here, naming the option
    if not lan and not proxies and not _loopback(host):
        raise _plain_http_refused(host)
    settings = WebSettings(trusted_proxies=proxies)
    if check:
        from ..web.demo import check_demo
        raise typer.Exit(check_demo(echo=typer.echo, lan=lan))
    if demo:
        from ..web.demo import serve_demo
        if data is not None:
            from ..register.db import private_folder
            private_folder(data)  # created owner-only: the register in it holds the cookie-signing key
        serve_demo(host, port or None, echo=typer.echo, folder=data, settings=settings, lan=lan)
        return
    from ..web.live import serve_register
    serve_register(host, port or None, echo=typer.echo, workers=workers, settings=settings, lan=lan)
