"""The security headers every answer carries, added as the answer starts (plain ASGI: no task or stream per
request, which a ``BaseHTTPMiddleware`` costs); a header a route set itself is kept."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                                  b"frame-ancestors 'none'; form-action 'self'"),
)


#: on an answer over HTTPS (``--lan``, or a TLS server of its own): browsers keep to HTTPS for a year
HSTS = (b"strict-transport-security", b"max-age=31536000")


class SecurityHeaders:
    """ASGI middleware: ``HEADERS`` on every HTTP answer that does not name them already, and ``HSTS`` on every
    answer sent over HTTPS."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                named = {name.lower() for name, _ in headers}
                extra = (*HEADERS, HSTS) if scope.get("scheme") == "https" else HEADERS
                headers += [(name, value) for name, value in extra if name not in named]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
