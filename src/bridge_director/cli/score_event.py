"""``bridge-director score event``: the command's work, apart from the command-line library.

The command reads the largest files anyone gives this program, and starting Typer costs more than scoring a
large plain file; so when every argument is plain (a file and the options of :data:`OPTIONS`, each with a value
that needs no checking) :func:`fast` runs the command without Typer.  Anything else (``--help``, an unknown
option, a value Typer must judge) is left to Typer, which says what is wrong.  The command's help and its
options live in ``cli/score.py``; a test keeps :data:`OPTIONS` the same as them.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from ..io.usebio import UsebioEvent
    from ..scoring.event import EventScore, Result, ResultColumns

    StrPath = str | Path

#: each option's name and how its value is read: text, a whole number (ASCII digits), a path, or a flag
OPTIONS: dict[str, str] = {"--method": "text", "--scale": "text", "--norm": "number", "--mp-places": "number",
                           "--cross-imps": "text", "--boards": "flag", "--html": "path", "--csv": "path",
                           "--usebio": "path"}


def run(file: StrPath, *, method: str = "", scale: str = "2", norm: int | None = None, mp_places: int | None = None,
        cross_imps: str = "average", boards: bool = True, html: StrPath | None = None, csv: StrPath | None = None,
        usebio: StrPath | None = None, echo: Callable[[str], object] = print) -> None:
    """Score the travellers of ``file`` and print the standings (and each board); see ``cli/score.py``.  The
    numbers are bounded here as Typer's parsers bound them, for the plain path that runs without Typer."""
    from ..io.score_csv import event_csv
    from ..model.numbers import DECIMALS_LIMIT, RESULTS_LIMIT
    from .bounds import Whole

    norm = None if norm is None else Whole("--norm", 1, RESULTS_LIMIT)(norm)
    mp_places = None if mp_places is None else Whole("--mp-places", 0, DECIMALS_LIMIT)(mp_places)
    from ..io.travellers import plain_columns
    from ..scoring.event import CrossImps, Method, score_event
    from ..scoring.matchpoints import Scale
    from ..scoring.report import board_text, event_html, standings_text

    norms: dict[int, int] = {}
    usebio_event: UsebioEvent | None = None
    results: ResultColumns | list[Result]
    columns = plain_columns(file)  # a plain CSV file, read without an object a line
    if columns is not None:
        results, file_method = columns, None
    else:
        from ..io.travellers import load_results
        from ..io.usebio import is_usebio, read_usebio

        if is_usebio(file):
            usebio_event = read_usebio(file)
            results, file_method = list(usebio_event.results), usebio_event.method
            norms = usebio_event.stated_norms()
        else:
            results, file_method = load_results(file)
    chosen = Method.parse(method) if method else (file_method or Method.MATCHPOINTS)
    if norm is not None or chosen is not Method.MATCHPOINTS:
        norms = {}  # a norm given on the command line is every board's
    mp_scale, cross = Scale.parse(scale), CrossImps.parse(cross_imps)

    def score(lines: ResultColumns | list[Result], board_norm: int | None) -> EventScore:
        return score_event(lines, chosen, scale=mp_scale, norm=board_norm if board_norm is not None else norm,
                           mp_places=mp_places, cross=cross)

    if norms and usebio_event is not None:
        from ..io.usebio_scales import score_as_stated

        scored = score_as_stated(usebio_event, score)  # the file's norms, and its percentages' scale
    else:
        scored = score(results, None)
    echo(standings_text(scored))
    if boards:
        for board in scored.boards:
            echo("")
            echo(board_text(board, chosen.unit))
    if html is not None:
        _path(html).write_text(event_html(scored, title=_path(file).stem), encoding="utf-8")
        echo(f"wrote {html}")
    if csv is not None:
        with open(csv, "w", encoding="utf-8") as out:  # as Path.write_text, without loading pathlib
            out.write(event_csv(scored))
        echo(f"wrote {csv}")
    if usebio is not None:
        from ..io.usebio import write_usebio

        write_usebio(scored, _path(usebio), title=_path(file).stem)
        echo(f"wrote {usebio}")


def _path(name: StrPath) -> Path:
    from pathlib import Path  # loaded when a file is written: reading a plain file does without it

    return Path(name)


def plain_arguments(args: list[str]) -> dict[str, Any] | None:
    """``run``'s arguments from the command's arguments, or None unless each is plain (see the module)."""
    found: dict[str, Any] = {}
    files: list[str] = []
    at = 0
    while at < len(args):
        arg = args[at]
        name, equals, value = arg.partition("=")
        if not arg.startswith("-"):
            files.append(arg)
        elif OPTIONS.get(name) == "flag" and not equals:
            found["boards"] = True
        elif name == "--no-boards" and not equals:
            found["boards"] = False
        elif OPTIONS.get(name) in ("text", "number", "path"):
            if not equals:
                at += 1
                if at == len(args):
                    return None
                value = args[at]
            if not value or value.startswith("-"):
                return None
            if OPTIONS[name] == "number" and not (value.isascii() and value.isdigit() and len(value) <= 9):
                return None
            key = name[2:].replace("-", "_")
            found[key] = int(value) if OPTIONS[name] == "number" else value
        else:
            return None
        at += 1
    if len(files) != 1 or not files[0]:
        return None
    return {"file": files[0], **found}


def fast(args: list[str]) -> bool:
    """Run ``score event`` with ``args`` (what follows ``score event``) when they are all plain; False otherwise.

    The process ends when the command does, so the cyclic garbage collector is not run: the command makes no
    cycles worth collecting, and a large file makes many objects that it would walk again and again."""
    arguments = plain_arguments(args)
    if arguments is None:
        return False

    def echo(text: str) -> None:
        sys.stdout.write(text + "\n")

    gc.disable()
    try:
        run(**arguments, echo=echo)
    finally:
        gc.enable()
        sys.stdout.flush()
    return True
