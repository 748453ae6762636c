"""The ``table`` commands: replay a JSON table log, or drive a table interactively."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..errors import BridgeError, ParseError
from ..model import Seat
from ..table import Table
from ..table.log import load, save, state_json, summary
from . import app

table_app = typer.Typer(no_args_is_help=True, help="A board at the table: auction irregularities and rulings.")
app.add_typer(table_app, name="table")

HELP = """Type one entry per line:
  1H | P | X | XX           a call by the player in turn
  E 1H                      a call by a named seat (in or out of turn)
  change N 1S               North replaces his last call (Laws 21B, 25)
  expose E SK [D2 ...] [led]  cards exposed during the auction (Law 24)
  over7 E 8H                a bid above seven (Law 38)
  accept | refuse | ...     choose an option of the pending ruling (optionally: choose KEY SEAT)
  yes | no | <answer>       answer the director's question (or: judge QUESTION ANSWER)
  undo | show | json | save FILE | help | quit"""


@table_app.command("replay")
def replay_cmd(log: Annotated[Path, typer.Argument(help="A JSON table log (see docs/table-log.md).")],
               as_json: Annotated[bool, typer.Option("--json", help="Print the state as JSON.")] = False) -> None:
    """Replay a table log: the state, the pending ruling with its options, and the restrictions in force."""
    table = load(log)
    if as_json:
        typer.echo(json.dumps(state_json(table.state), indent=2, ensure_ascii=False))
    else:
        typer.echo(summary(table.state))


@table_app.command("play")
def play_cmd(board: Annotated[int, typer.Option("--board", help="Board number (dealer, vulnerability by Law 2).")] = 1,
             laws: Annotated[str, typer.Option("--laws", help="Edition of the Laws: 2017, 2007 or 1997.")] = "2017",
             log: Annotated[Path | None, typer.Option("--save", help="Save the table log here on quit.")] = None,
             ) -> None:
    """Drive a table in the terminal: type calls; when an irregularity occurs its options appear; choose."""
    table = Table(board, laws=laws)
    typer.echo(f"Board {board}, dealer {table.state.dealer.name.title()}, {laws} laws. Type 'help' for help.")
    while True:
        try:
            line = input(_prompt(table))
        except EOFError:
            break
        words = line.split()
        if not words:
            continue
        if words[0].lower() in ("quit", "exit", "q"):
            break
        try:
            out = entry(table, words)
        except BridgeError as err:
            typer.echo(f"refused: {err}")
            continue
        if out:
            typer.echo(out)
    if log is not None:
        save(table, log)
        typer.echo(f"saved {log}")


def _prompt(table: Table) -> str:
    ruling = table.ruling
    if ruling is None:
        return f"{table.state.next_seat.name.title()} to call> " if table.state.phase == "auction" else "> "
    if ruling.questions:
        return f"director ({'/'.join(ruling.questions[0].answers)})> "
    if ruling.caller is not None:
        return f"{ruling.caller.name.title()} to call> "
    who = ruling.chooser.name.title() if ruling.chooser is not None else "director"
    return f"{who} ({'/'.join(o.key for o in ruling.options)})> "


def entry(table: Table, words: list[str]) -> str:
    """Carry out one typed entry; return what to print."""
    head = words[0].lower()
    ruling = table.ruling
    if head == "help":
        return HELP
    if head == "show":
        return summary(table.state)
    if head == "json":
        return json.dumps(state_json(table.state), indent=2, ensure_ascii=False)
    if head == "save" and len(words) == 2:
        save(table, words[1])
        return f"saved {words[1]}"
    if head == "undo":
        table.undo()
    elif head == "change" and len(words) == 3:
        table.change(words[1], words[2])
    elif head == "expose" and len(words) >= 3:
        led = words[-1].lower() == "led"
        table.expose(words[1], *(words[2:-1] if led else words[2:]), led=led)
    elif head == "over7" and len(words) == 3:
        table.bid_above_seven(words[1], int(words[2][:-1]), words[2][-1])
    elif head == "choose" and len(words) in (2, 3):
        table.choose(words[1], words[2] if len(words) == 3 else None)
    elif head == "judge" and len(words) == 3:
        table.judge(words[1], words[2])
    elif ruling is not None and ruling.questions and len(words) == 1 and head in ruling.questions[0].answers:
        table.judge(ruling.questions[0].key, head)
    elif ruling is not None and len(words) == 1 and head in {o.key for o in ruling.options} \
            and ruling.caller is None:
        table.choose(head)
    elif len(words) == 2 and _is_seat(words[0]):
        table.call(words[0], words[1])
    elif len(words) == 1:
        seat = ruling.caller if ruling is not None and ruling.caller is not None else table.state.next_seat
        table.call(seat, words[0])
    else:
        raise ParseError(f"not understood: {' '.join(words)!r} (type 'help')", field="entry")
    return _after(table)


def _is_seat(word: str) -> bool:
    return word.upper() in ("N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST")


def _after(table: Table) -> str:
    ruling = table.ruling
    s = table.state
    if ruling is None:
        line = f"auction: {s.auction_text()}"
        if s.restrictions:
            line += "\nin force: " + "; ".join(r.describe() for r in s.restrictions)
        if s.auction_over:
            line += "\n" + summary(s)
        return line
    lines = [f"*** {ruling.irregularity} (Law {ruling.law}, {ruling.edition} laws) ***", ruling.text]
    if ruling.options and ruling.caller is None and not ruling.questions:
        lines.append("choose: " + ", ".join(o.key for o in ruling.options))
    return "\n".join(lines)


_ = Seat
