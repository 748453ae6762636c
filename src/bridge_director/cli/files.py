"""The ``show`` and ``check`` commands: print a board of a PBN/LIN file, or check every board (or, for a
USEBIO results file, every traveller line).  Both read a PBN file a piece at a time (``io.load.iter_boards``):
``check`` prints each problem as it is found and holds no board it has checked, so its memory stays flat however
long the file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from ..errors import BridgeError, ParseError
from ..io.load import FileBoard, file_kind, iter_boards, replay, usebio_problem
from ..io.render import render_auction, render_diagram, render_play, render_result
from ..model.numbers import DEAL_BOARD_LIMIT
from .base import app
from .bounds import Whole


@app.command()
def show(path: Annotated[Path, typer.Argument(help="A PBN or LIN file.")],
         board: Annotated[int | None, typer.Option("--board", "-b", parser=Whole("--board", 1, DEAL_BOARD_LIMIT),
                                                   help="Board number (default: the first).")] = None) -> None:
    """Print a board: hand diagram, auction, play by tricks, contract, result and score."""
    chosen: FileBoard | None = None
    numbers_seen: set[int] = set()
    seen = 0
    for fb in iter_boards(path):
        seen += 1
        if board is None or fb.number == board:
            chosen = fb
            break
        if fb.number is not None:
            numbers_seen.add(fb.number)
    if not seen:
        raise ParseError(f"{path} has no boards", field="file")
    if chosen is None:
        numbers = sorted(numbers_seen)
        raise ParseError(f"no board {board} in {path} (boards {numbers[0]}-{numbers[-1]})" if numbers
                         else f"no board {board} in {path}", field="--board")
    console = Console(highlight=False)
    if chosen.board is None:
        assert chosen.error is not None
        raise chosen.error
    b = chosen.board
    console.print(f"[bold]{escape(render_diagram(b))}[/bold]")
    console.print()
    console.print(escape(render_auction(b)))
    console.print()
    console.print(escape(render_play(b)))
    console.print()
    result, problem = replay(chosen)
    if result is not None:
        console.print(f"[bold green]{escape(render_result(result))}[/bold green]")
    else:
        assert problem is not None
        console.print(f"[bold red]Problem: {escape(str(problem))}[/bold red]")


@app.command()
def check(path: Annotated[Path, typer.Argument(help="A PBN, LIN or USEBIO file.")]) -> None:
    """Replay every board with legality checks; list each problem with board, line and law (exit 1 if any).

    A USEBIO results file (told by its content) has its traveller lines checked instead: per board the lines
    read, then each line whose score is not its contract's (Law 77), each pair that plays a board twice, and
    a board with more results than its stated top allows."""
    if file_kind(path) == "usebio":
        _check_usebio(path)
    boards = problems = 0
    for fb in iter_boards(path):
        boards += 1
        try:
            _, problem = replay(fb)
        except BridgeError as err:  # pragma: no cover - replay reports, never raises
            typer.echo(f"{fb.label}: {err}")
            continue
        if problem is not None:
            problems += 1
            typer.echo(str(problem))
    typer.echo(f"{path}: {boards} boards, {boards - problems} clean, {problems} with problems")
    raise typer.Exit(1 if problems else 0)


def _check_usebio(path: Path) -> None:
    from ..io.usebio import check_usebio

    report = check_usebio(path)
    title = f" {report.title!r}" if report.title else ""
    typer.echo(f"{path}: USEBIO {report.event_type or 'event'}{title}: {report.pairs} pairs, "
               f"{len(report.boards)} boards, {report.lines} traveller lines")
    for problem in report.problems:
        if problem.board is None:
            typer.echo(str(usebio_problem(problem)))
    for board in report.boards:
        typer.echo(board.summary())
        for problem in report.problems:
            if problem.board == board.board:
                typer.echo(str(usebio_problem(problem)))
    bad = {p.board for p in report.problems if p.board is not None}
    clean = sum(1 for b in report.boards if b.board not in bad)
    typer.echo(f"{path}: {len(report.boards)} boards, {clean} clean, {len(bad)} with problems "
               f"({len(report.problems)} problems)")
    raise typer.Exit(1 if report.problems else 0)
