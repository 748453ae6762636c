"""The ``demo`` command: replay one board of the example file with every legality check and print it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import BridgeError
from ..io.pbn import load_pbn
from ..io.render import render_auction, render_diagram, render_play, render_result
from .base import app

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "club-night.pbn"


def demo_text(path: Path = EXAMPLE, number: int = 5) -> str:
    """The demo's output for board ``number`` of ``path``: diagram, auction, play, contract, result, score."""
    boards = [board for _, board in load_pbn(path).boards()]
    games = {b.number: b for b in boards}
    board = games.get(number)
    if board is None:
        raise BridgeError(f"no board {number} in {path.name} (boards: {sorted(n for n in games if n)})",
                          field="Board")
    result = board.replay()  # raises, naming the law, if anything in the record is illegal
    lines = [f"{path.name}: {len(boards)} boards read; board {number} replayed with every legality check "
             "(Laws 17-22 for the auction, 44-45 for the play, 68 for the claim, 77 for the score)", "",
             render_diagram(board), "", render_auction(board), "", render_play(board), ""]
    contract = result.contract
    if contract is not None:
        lines.append(f"Contract:  {contract}   vulnerable: {board.the_vulnerability.is_vulnerable(contract.side)}")
        lines.append(f"Result:    {result.declarer_tricks} tricks "
                     f"({contract.result_text(result.declarer_tricks)})")
        if board.claim is not None:
            lines.append(f"Claim:     {board.claim.claimer.name.title()}, {board.claim.tricks} of the tricks left"
                         + (f": \"{board.claim.statement}\"" if board.claim.statement else ""))
    lines.append(f"Score:     {render_result(result)}")
    return "\n".join(lines)


@app.command()
def demo(board: Annotated[int, typer.Option("--board", "-b", help="board number in the example file")] = 5,
         file: Annotated[Path, typer.Option("--file", "-f", help="a PBN file")] = EXAMPLE) -> None:
    """Load the example PBN file, replay one board with every legality check and print it."""
    if not file.exists():
        raise BridgeError(f"{file} does not exist", field="file")
    typer.echo(demo_text(file, board))
