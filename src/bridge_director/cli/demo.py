"""The ``demo`` command: the main job until the web app lands."""

from __future__ import annotations

import typer

from . import app


@app.command()
def demo() -> None:
    """Load the example PBN file, replay one board with every legality check and print it."""
    typer.echo("demo: not ready")
