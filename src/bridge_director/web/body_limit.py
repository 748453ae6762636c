"""A limit on the size of every request's body, whatever the route: a longer ``Content-Length`` is refused
before the body is read, and a body sent in chunks is cut off at the limit (413)."""

from __future__ import annotations

from fastapi import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyTooLarge(HTTPException):
    """The request's body is longer than the server takes (413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request is larger than {limit // 1000} kB")


class BodyLimit:
    """ASGI middleware: at most ``limit`` bytes of body per request."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length", b"")
        if declared and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(scope, receive, send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        await self.app(scope, limited, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        error = BodyTooLarge(self.limit)
        body = {"detail": error.detail, "law": None, "field": "body"}
        await JSONResponse(body, status_code=413, headers={"Connection": "close"})(scope, receive, send)
