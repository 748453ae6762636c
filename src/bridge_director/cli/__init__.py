"""The ``bridge-director`` command.  Each area adds its commands from its own module.

A command's module (and what it imports: the engine, the register, the scorer) is loaded only when that command
runs, so ``bridge-director --help`` and a small command start at once.  ``app`` (for tests and embedding) is the
whole command with every module loaded.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING, Any

from ..errors import BridgeError

if TYPE_CHECKING:
    import typer

#: Each top-level command: the modules that define it, and its one-line help for the command list.
COMMANDS: dict[str, tuple[tuple[str, ...], str]] = {
    "demo": (("demo",), "Load the example PBN file, replay one board with every legality check and print it."),
    "show": (("files",), "Print a board: hand diagram, auction, play by tricks, contract, result and score."),
    "check": (("files",), "Replay every board with legality checks; list each problem with board, line and law."),
    "web": (("web",), "Start the web app (the demo by default) and print its address and logins."),
    "adjust": (("adjust",), "Adjusted scores (Laws 12, 25B, 40C, 90), with the law."),
    "card": (("card",), "System cards: check, import BML, the comparable call (Law 23A)."),
    "ruling": (("register", "result_rulings"), "Rulings: facts, laws, decisions on results, penalties, appeals."),
    "psyche": (("register",), "The psyche register (EBU 6; ACBL psych regulations)."),
    "register": (("register",), "The whole register as JSON."),
    "score": (("score",), "Score events: matchpoints, cross-IMPs, Butler, IMPs and VPs."),
    "session": (("session",), "The club night: set-up, entry, hand records, results, ranking."),
    "table": (("table",), "A board at the table: the auction and the play, irregularities and rulings."),
}


def load(commands: tuple[str, ...] | None = None) -> None:
    """Import the modules of ``commands`` (all of them when None): importing a module adds its commands."""
    names = COMMANDS if commands is None else commands
    for command in names:
        for module in COMMANDS[command][0]:
            importlib.import_module(f"{__name__}.{module}")


def _root_app() -> typer.Typer:
    """The root command (Typer is loaded with it)."""
    from .base import app

    return app


def __getattr__(name: str) -> Any:
    if name == "app":
        load()
        return _root_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _list_only() -> None:
    """The command list for ``--help`` without loading any command: one placeholder per command."""
    for command, (_modules, text) in COMMANDS.items():
        _root_app().command(command, help=text, add_help_option=False)(lambda: None)


def entry() -> None:
    """The installed command: :func:`main`; after ``score event`` on a plain file, whose answer is written and
    flushed, the process ends at once instead of freeing one by one the many objects a large file made (a
    tenth of the command's time).  Nothing is left to do at that point: no file open, no exit handler."""
    if _main():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


def main() -> None:
    """Entry point: bad input is reported in one line naming the law, field or line, never a traceback."""
    _main()


def _main() -> bool:
    """:func:`main`, saying whether ``score event`` ran on its own plain path."""
    try:
        if sys.argv[1:3] == ["score", "event"]:  # plain arguments run without starting Typer (cli/score_event.py)
            from .score_event import fast

            if fast(sys.argv[3:]):
                return True
        first = next((arg for arg in sys.argv[1:] if not arg.startswith("-")), None)
        if first in COMMANDS:
            load((first,))
        elif first is None:
            _list_only()
        else:
            load()  # an unknown command: the full list in the error
        _root_app()()
        return False
    except BridgeError as err:
        print(f"error: {err}", file=sys.stderr)
        sys.exit(2)
    except BrokenPipeError:  # the reader stopped reading (``| head``): nothing more to say, to nobody
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that flushing at exit finds no pipe either
        sys.exit(1)
    except OSError as err:  # a file the command could not read or write, named
        print(f"error: {str(err.filename or '')[:80]!r}: {err.strerror or err}", file=sys.stderr)
        sys.exit(2)
