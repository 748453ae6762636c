"""Serving the app to the phones of a club: the machine's address on the local network, its HTTPS certificate,
the address as a QR code (in the terminal and as an SVG at ``/qr``).

``lan_setup(folder, host, port)`` picks the address, makes or reuses the certificate kept in ``folder``
(``certificate.py``) and returns a ``Lan``: what ``serve`` needs (``tls``) and what the director reads
(``announce``).
"""

from __future__ import annotations

import io
import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response

from .certificate import Certificate, ensure_certificate
from .cookie_check import loopback
from .server import Tls

LAN_PORT = 8443
ANY = "0.0.0.0"  # every interface, so that the phones on the club's network reach it
#: An address of the documentation range (RFC 5737): "connecting" a UDP socket to it sends nothing, and the
#: system picks the interface (and so the address) it would use to reach the network.
PROBE = "192.0.2.1"


def lan_address() -> str:
    """This machine's address on its local network (the one a phone on the same Wi-Fi reaches); loopback when
    there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect((PROBE, 9))
            address: str = probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"
    return address


def public_host(host: str) -> str:
    """The address to print for ``host``: the LAN address when listening on every interface."""
    return lan_address() if host in (ANY, "::") else host


def url_of(host: str, port: int) -> str:
    """``https://host:port`` (an IPv6 address in brackets)."""
    try:
        shown = f"[{host}]" if ipaddress.ip_address(host).version == 6 else host
    except ValueError:
        shown = host
    return f"https://{shown}:{port}"


def _code(data: str) -> Any:
    import qrcode  # type: ignore[import-untyped]
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(data)
    code.make(fit=True)
    return code


def qr_text(data: str) -> str:
    """``data`` as a QR code of block characters, light on a dark terminal."""
    out = io.StringIO()
    _code(data).print_ascii(out=out, invert=True)
    return out.getvalue()


def qr_svg(data: str) -> bytes:
    """``data`` as a QR code in SVG (no image library needed)."""
    from qrcode.image.svg import SvgPathImage  # type: ignore[import-untyped]
    out = io.BytesIO()
    _code(data).make_image(image_factory=SvgPathImage).save(out)
    return out.getvalue()


@dataclass(frozen=True, slots=True)
class Lan:
    """The app on the club's network: where it listens, the address the phones open, its certificate."""

    host: str
    port: int
    url: str
    certificate: Certificate

    @property
    def tls(self) -> Tls:
        return Tls(str(self.certificate.cert), str(self.certificate.key))

    def announce(self, echo: Callable[[str], None]) -> None:
        """The address, the QR code for the phones and what to tell them about the certificate."""
        what = "made now" if self.certificate.made else "kept from the last start"
        echo(f"  phones on this network: open {self.url}/  (or scan the code below; also at {self.url}/qr)")
        echo(qr_text(self.url + "/").rstrip("\n"))
        echo(f"  certificate ({what}, {self.certificate.cert}): self-signed; each phone accepts it once")
        echo(f"  its SHA-256 fingerprint: {self.certificate.fingerprint}")


def _check_free(host: str, port: int) -> None:
    from ..errors import BridgeError
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as err:
            raise BridgeError(f"cannot listen on {host} port {port}: {err.strerror or err} (choose another with "
                              "--port)", field="--port") from None


def default_folder() -> Path:
    """Where the certificate is kept when no folder is named: the user's data directory (beside the default
    register)."""
    import platformdirs
    return Path(platformdirs.user_data_dir("bridge-director"))


def lan_setup(folder: Path, host: str = ANY, port: int | None = None) -> Lan:
    """The address to serve at and the certificate kept in ``folder`` (made on the first start)."""
    shown = public_host(host)
    port = port or LAN_PORT
    _check_free(host, port)
    names = (shown, socket.gethostname(), "localhost", "127.0.0.1")
    certificate = ensure_certificate(folder, tuple(n for n in names if n and n not in (ANY, "::")))
    return Lan(host, port, url_of(shown, port), certificate)


def public_base(request: Request) -> str:
    """The address a link for another phone starts with (a poll's peer, a table device, a player's card): the one
    the director's own request came by, which the phones in the room reach too; only when that is this machine
    (``localhost``, which names each phone itself) the club's network address of ``web --lan``, if it serves
    there."""
    lan: str = getattr(request.app.state, "lan_url", "")
    base = lan if lan and loopback(request.url.hostname or "") else str(request.base_url)
    return base.rstrip("/")


def add_qr_route(app: FastAPI, url: str) -> None:
    """``GET /qr``: the app's address for the phones as an SVG QR code (no login: it says only the address)."""
    image = qr_svg(url + "/")

    def qr(request: Request) -> Response:
        return Response(image, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    app.state.lan_url = url
    app.add_api_route("/qr", qr, methods=["GET"], include_in_schema=False)
