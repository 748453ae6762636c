"""The root ``bridge-director`` command object; each command module adds its commands to it."""

from __future__ import annotations

import typer

HELP = "Laws engine, scores and register for duplicate-bridge directors."

app = typer.Typer(no_args_is_help=True, add_completion=False, help=HELP)


@app.callback()
def _root() -> None:
    """Laws engine, scores and register for duplicate-bridge directors."""
