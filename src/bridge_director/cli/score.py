"""``bridge-director score ...``: score an event from PBN, CSV or USEBIO travellers; IMPs and VPs."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..model.numbers import DECIMALS_LIMIT, IMP_LIMIT, MATCH_BOARDS, RESULTS_LIMIT, SCORE_LIMIT
from .base import app
from .bounds import Whole

score_app = typer.Typer(no_args_is_help=True, help="Score events: matchpoints, cross-IMPs, Butler, IMPs and VPs.")
app.add_typer(score_app, name="score")


@score_app.command("event")
def event(
    file: Annotated[Path, typer.Argument(help="travellers: .pbn (ScoreTable), .csv or USEBIO .xml")],
    method: Annotated[str, typer.Option(help="mp, cross-imps or butler (default: the file's, else mp)")] = "",
    scale: Annotated[str, typer.Option(help="matchpoint scale: 2 (2/1) or 1 (1/½)")] = "2",
    norm: Annotated[int | None, typer.Option(parser=Whole("--norm", 1, RESULTS_LIMIT),
                                             help=f"results a full board has (Neuberg, 1 to {RESULTS_LIMIT}); "
                                                  "default the file's (USEBIO: each board's stated top), else the "
                                                  "most")] = None,
    mp_places: Annotated[int | None, typer.Option(parser=Whole("--mp-places", 0, DECIMALS_LIMIT),
                                                  help="round Neuberg matchpoints to this many decimals (0 to "
                                                       f"{DECIMALS_LIMIT})")] = None,
    cross_imps: Annotated[str, typer.Option(help="cross-IMPs per board: average (per comparison) or sum")] = "average",
    boards: Annotated[bool, typer.Option(help="print each board's frequency table")] = True,
    html: Annotated[Path | None, typer.Option(help="write an HTML report with frequency charts")] = None,
    csv: Annotated[Path | None, typer.Option(help="write the scored travellers as CSV")] = None,
    usebio: Annotated[Path | None, typer.Option(help="write the scored event as USEBIO XML")] = None,
) -> None:
    """Score every board (Neuberg where short), rank the pairs (ties shared) and print the tables.

    A USEBIO file (told by its content) states each board's top in its lines' matchpoints: at matchpoints each
    board is scored to the number of results that top stands for, not to the results it happens to have."""
    from .score_event import run  # the command's work, which ``score_event.fast`` runs without Typer

    run(file, method=method, scale=scale, norm=norm, mp_places=mp_places, cross_imps=cross_imps, boards=boards,
        html=html, csv=csv, usebio=usebio, echo=typer.echo)


@score_app.command("imps")
def imps_command(difference: Annotated[int, typer.Argument(
        parser=Whole("difference", -2 * SCORE_LIMIT, 2 * SCORE_LIMIT),
        help=f"difference in total points (two table scores: {2 * SCORE_LIMIT} at most either way)")]) -> None:
    """IMPs for a points difference (WBF scale)."""
    from ..scoring.imps import imps

    typer.echo(str(imps(difference)))


@score_app.command("vp")
def vp_command(margin: Annotated[int, typer.Argument(parser=Whole("margin", -IMP_LIMIT, IMP_LIMIT),
                                                    help="IMP margin, from the first team's side")],
               boards: Annotated[int, typer.Argument(parser=Whole("boards", 1, MATCH_BOARDS),
                                                    help=f"boards in the match (1 to {MATCH_BOARDS})")]) -> None:
    """Victory points of both teams on the WBF 2013 continuous scale."""
    from ..scoring.vp import victory_points

    home, away = victory_points(margin, boards)
    typer.echo(f"{home:.2f} - {away:.2f}")


@score_app.command("teams")
def teams_command(
    file: Annotated[Path, typer.Argument(help="CSV: round,home,away,home_imps,away_imps,boards")],
) -> None:
    """Rank a Swiss or round-robin teams event: each match's IMPs to VPs (WBF 2013), totals, shared places."""
    from ..errors import ParseError
    from ..io.text import read_text
    from ..scoring import matches_from_csv, teams_ranking

    if not file.exists():
        raise ParseError(f"no such file: {file}", field="FILE")
    event = teams_ranking(matches_from_csv(read_text(file, strict=True)))  # UTF-8 only, a bad byte named
    for step in event.steps[:-1]:
        typer.echo(step)
    typer.echo("")
    typer.echo(f"{'place':>5}  {'team':<24} {'VPs':>7} {'IMPs +':>7} {'IMPs -':>7} {'played':>6}")
    for s in event.standings:
        typer.echo(f"{s.place:>5}  {s.team:<24} {s.victory_points:7.2f} {s.imps_for:7g} {s.imps_against:7g} "
                   f"{s.matches:6d}")
