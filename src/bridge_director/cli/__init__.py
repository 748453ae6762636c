"""The ``bridge-director`` command.  Each area adds its commands from its own module."""

from __future__ import annotations

import sys

import typer

from ..errors import BridgeError

app = typer.Typer(no_args_is_help=True, add_completion=False,
                  help="Laws engine, scores and register for duplicate-bridge directors.")


@app.callback()
def _root() -> None:
    """Laws engine, scores and register for duplicate-bridge directors."""

# Command modules register themselves on import.
from . import (  # noqa: E402
    adjust,  # noqa: F401
    card,  # noqa: F401  (imports its readers and z3 only when a command runs)
    demo,  # noqa: F401
    files,  # noqa: F401
    register,  # noqa: F401
    result_rulings,  # noqa: F401
    score,  # noqa: F401
    session,  # noqa: F401
    table,  # noqa: F401
    web,  # noqa: F401
)


def main() -> None:
    """Entry point: bad input is reported in one line naming the law, field or line, never a traceback."""
    try:
        app()
    except BridgeError as err:
        print(f"error: {err}", file=sys.stderr)
        sys.exit(2)
