"""Rendering pages: the templates, with the logged-in account and the CSRF token in every context."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from ..errors import ParseError
from ..model import Bid, Call
from .security import csrf_token, current_account

TEMPLATES = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))


def call_symbol(call: str) -> str:
    """A bid with its suit symbol (``1H`` as ``1♥``, read by ``Call.parse``); anything else as it is.

    >>> call_symbol("3S"), call_symbol("2NT"), call_symbol("Pass"), call_symbol("")
    ('3♠', '2NT', 'Pass', '')
    """
    try:
        parsed = Call.parse(call)
    except ParseError:
        return call
    return parsed.symbol if isinstance(parsed, Bid) else call


TEMPLATES.env.filters["call_symbol"] = call_symbol


def render(request: Request, name: str, status_code: int = 200, headers: dict[str, str] | None = None,
           **context: Any) -> HTMLResponse:
    """The page ``name`` with ``context``; ``account`` and ``csrf`` are always there."""
    context.setdefault("account", current_account(request))
    context.setdefault("error", None)
    context["csrf"] = csrf_token(request)
    return TEMPLATES.TemplateResponse(request, name, context, status_code=status_code, headers=headers)
