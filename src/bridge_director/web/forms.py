"""Reading HTML forms: each field checked, with a message naming the field when it is wrong."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from starlette.datastructures import FormData

from ..errors import BridgeError, ParseError
from ..model.numbers import whole


def text(form: FormData, name: str, *, max_length: int = 2000, required: bool = False, label: str = "") -> str:
    """A text field, stripped; too long or (when required) empty is refused."""
    value = form.get(name, "")
    value = value.strip() if isinstance(value, str) else ""
    if required and not value:
        raise BridgeError(f"fill in {label or name}", field=name)
    if len(value) > max_length:
        raise BridgeError(f"{label or name} is at most {max_length} characters", field=name)
    return value


def number(form: FormData, name: str, *, low: int, high: int, required: bool = False, label: str = "") -> int | None:
    """A whole number from ``low`` to ``high``; empty gives None unless required."""
    raw = text(form, name, max_length=12, required=required, label=label)
    if not raw:
        return None
    try:
        value = whole(raw, name)  # ASCII digits only: int() also takes "١٢" and "1_000"
    except ParseError:
        raise BridgeError(f"{label or name} is a whole number, not {raw!r}", field=name) from None
    if not low <= value <= high:
        raise BridgeError(f"{label or name} is from {low} to {high}, not {value}", field=name)
    return value


def choice(form: FormData, name: str, options: tuple[str, ...], default: str | None = None) -> str:
    """One of ``options``."""
    value = text(form, name, max_length=40) or (default or "")
    if value not in options:
        raise BridgeError(f"{name} is one of {', '.join(options)}, not {value!r}", field=name)
    return value


def flag(form: FormData, name: str) -> bool:
    return form.get(name) in ("on", "yes", "true", "1")


def values(form: FormData) -> dict[str, str]:
    """The form's text fields as typed (to fill the form again after an error); the CSRF token left out."""
    return {k: v for k, v in form.items() if isinstance(v, str) and k != "csrf_token"}


def first_error(errors: Sequence[Mapping[str, Any]]) -> tuple[str, str | None]:
    """The first of pydantic's errors as a message naming the field, and that field (the API's and the pages').

    >>> first_error([{"loc": ("body", "board"), "msg": "Input should be greater than or equal to 1"}])
    ('board: Input should be greater than or equal to 1', 'board')
    """
    first = errors[0] if errors else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    message = str(first.get("msg", "invalid input"))
    return (f"{where}: {message}" if where else message), where or None
