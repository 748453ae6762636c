"""Rendering pages: the templates, with the logged-in account and the CSRF token in every context."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from .security import csrf_token, current_account

TEMPLATES = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))
_SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def call_symbol(call: str) -> str:
    """``1H`` as ``1♥``; other calls as they are.

    >>> call_symbol("3S"), call_symbol("2NT"), call_symbol("Pass")
    ('3♠', '2NT', 'Pass')
    """
    if len(call) == 2 and call[0].isdigit() and call[1] in _SUITS:
        return call[0] + _SUITS[call[1]]
    return call


TEMPLATES.env.filters["call_symbol"] = call_symbol


def render(request: Request, name: str, status_code: int = 200, headers: dict[str, str] | None = None,
           **context: Any) -> HTMLResponse:
    """The page ``name`` with ``context``; ``account`` and ``csrf`` are always there."""
    context.setdefault("account", current_account(request))
    context.setdefault("error", None)
    context["csrf"] = csrf_token(request)
    return TEMPLATES.TemplateResponse(request, name, context, status_code=status_code, headers=headers)
