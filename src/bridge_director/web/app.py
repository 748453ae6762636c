"""The FastAPI application factory: security middleware, error handling, routes, static files."""

from __future__ import annotations

import secrets
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from ..club.setup_check import SetupRefused
from ..errors import BridgeError, ConflictError, MissingError
from ..register import Register
from ..register.server_state import stored_secret
from .accounts import AccountStore, MemoryAccountStore
from .body_limit import BodyLimit
from .forms import first_error
from .login_limit import LoginLimiter, LoginPolicy
from .pages import render
from .quick_writes import QuickStores, QuickWrites
from .routes import (
    accounts_pages,
    adjusted,
    api_cards,
    api_devices,
    api_docs,
    api_polls,
    api_register,
    api_session_rulings,
    api_sessions,
    api_tables,
    api_uploads,
    audit_pages,
    auth,
    device_pages,
    home,
    polls,
    register_pages,
    register_penalties,
    section_uploads,
    session_pages,
    session_results,
    session_rulings,
    table_pages,
)
from .routes.players import router as players_router
from .routes.scorer_desk import router as scorer_desk_router
from .schemas import COMMON_RESPONSES
from .security import Forbidden, LoginRequired, proxy_networks
from .security_headers import SecurityHeaders
from .session_cookie import Sessions
from .settings import WebSettings
from .tables import TableStore, scratch_register

STATIC = Path(__file__).parent / "static"
SESSION_KEY = "session key"


def _is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def create_app(settings: WebSettings | None = None, accounts: AccountStore | None = None,
               tables: TableStore | None = None, register: Register | None = None) -> FastAPI:
    """A new app; accounts default to a memory store; tables are stored in ``register`` (without one, in a
    throw-away SQLite file, and the register's pages say there is no register)."""
    settings = settings or WebSettings()
    app = FastAPI(title="bridge-director", version="0.1.0", openapi_url=None, docs_url=None, redoc_url=None,
                  responses=COMMON_RESPONSES, telemetry={"tracing": False, "metrics": False, "logs": False},
                  description="The director's table engine, rulings, scores and register. Log in with "
                              "POST /api/login; every other POST needs the X-CSRF-Token header it returns.")
    app.state.settings = settings
    app.state.accounts = accounts if accounts is not None else MemoryAccountStore()
    app.state.tables = tables if tables is not None else TableStore(register or scratch_register())
    app.state.register = register
    server_register: Register = register if register is not None else app.state.tables.register
    app.state.server_register = server_register  # the session key, the login limit, the audit log
    app.state.trusted_proxies = proxy_networks(settings.trusted_proxies)
    app.state.login_limiter = LoginLimiter(server_register, LoginPolicy.of(settings))
    key = settings.secret_key or stored_secret(server_register, SESSION_KEY, lambda: secrets.token_urlsafe(32))
    app.state.quick_writes = QuickStores.of(app.state.tables.register)  # what the short ways read
    app.add_middleware(QuickWrites)  # a new result or ruling, stored the short way where it can be (quick_writes)
    # the body limit next to the routes, so that a body cut off while it arrives answers 413 from the route
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(Sessions, secret_key=key, session_cookie="bd_session",
                       max_age=settings.session_max_age, same_site="strict", https_only=settings.secure_cookies)

    app.add_middleware(SecurityHeaders)

    @app.exception_handler(LoginRequired)
    async def login_required(request: Request, exc: LoginRequired) -> Response:
        if _is_api(request):
            return JSONResponse({"detail": "log in first (POST /api/login)"}, status_code=401)
        return RedirectResponse(exc.login_url, status_code=303)

    @app.exception_handler(Forbidden)
    async def forbidden(request: Request, exc: Forbidden) -> Response:
        if _is_api(request):
            return JSONResponse({"detail": str(exc)}, status_code=403)
        return render(request, "error.html", status_code=403, error=str(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        message, where = first_error(exc.errors())
        return JSONResponse({"detail": message, "law": None, "field": where}, status_code=422)

    @app.exception_handler(BridgeError)
    async def bridge_error(request: Request, exc: BridgeError) -> Response:
        status = 409 if isinstance(exc, ConflictError) else 404 if isinstance(exc, MissingError) else 422
        body: dict[str, object] = {"detail": str(exc), "law": exc.law, "field": exc.field}
        if isinstance(exc, SetupRefused):  # a set-up refused: every problem, each with its part and field
            body["problems"] = [{"part": p.part, "detail": p.brief, "law": p.error.law, "field": p.error.field,
                                 "line": p.error.line} for p in exc.problems]
        if _is_api(request):
            return JSONResponse(body, status_code=status)
        return render(request, "error.html", status_code=status, error=str(exc))

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # A request is matched against the routes in this order: the JSON API first, its busiest routers (results,
    # rulings, tables) at the head.  No page path starts with /api/, so the order between the two kinds changes
    # no match; within each kind, the order is kept.
    for module in (api_sessions, api_register, api_tables, home, auth, api_uploads, api_session_rulings, api_cards,
                   api_polls, api_docs, adjusted, accounts_pages, audit_pages, table_pages, register_pages,
                   register_penalties, section_uploads, session_pages, session_results, session_rulings, polls,
                   api_devices, device_pages):
        app.include_router(module.router)
    app.include_router(players_router)  # the players' score cards and the published results (routes/players.py)
    app.include_router(scorer_desk_router)  # the scorer's desk: travellers typed from the keyboard
    return app
