"""Law 86 (team play) and the ACBL direction on rulings in team games: what becomes of a board with an infraction
before it has been played at the other table of the match.

When one side is responsible, the director rules (or says a ruling will follow after consultation) and the board
is still played at the other table: telling the players to shuffle and play a new deal is never an option, however
hard the ruling.  Only when both pairs, or neither, are at fault and play of the board has become impossible or
meaningless may the director order a redeal (so that the match is not shortened).

>>> team_board(at_fault=Fault.ONE_SIDE, played_elsewhere=False, playable=False).action
'rule'
>>> team_board(at_fault=Fault.NEITHER, played_elsewhere=False, playable=False).action
'redeal'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .ruling import RecordedStep


class Fault(StrEnum):
    """Who is responsible for what happened at this table."""

    ONE_SIDE = "one side"
    BOTH = "both sides"
    NEITHER = "neither side"


@dataclass(frozen=True)
class TeamBoard:
    """The decision: ``action`` is ``rule`` (a ruling at this table, by fault), ``redeal`` (a new deal for this
    board) or ``play`` (play on normally); ``other_table`` says what the other table does with the board."""

    action: str
    other_table: str
    step: RecordedStep


def team_board(*, at_fault: Fault, played_elsewhere: bool, playable: bool) -> TeamBoard:
    """The ruling in a team game when an infraction (or an accident) spoils a board at one table."""
    facts = {"at fault": at_fault.value, "played at the other table": "yes" if played_elsewhere else "no",
             "playable here": "yes" if playable else "no"}
    other = "its result stands" if played_elsewhere else "the board is played there as dealt"
    if at_fault is Fault.ONE_SIDE:
        answer = ("rule now, or say a ruling will follow after consultation; no reshuffle: the board keeps its deal "
                  f"and {other} (Law 86)")
        return TeamBoard("rule", other, RecordedStep("What becomes of the board?", answer, facts))
    if not playable:
        answer = ("neither or both pairs at fault and the board cannot be played meaningfully: a redeal may be "
                  "ordered so that the match is not shortened")
        return TeamBoard("redeal", "the redealt board is played at both tables",
                         RecordedStep("What becomes of the board?", answer, facts))
    answer = f"nobody is prejudiced: the board is played normally and {other}"
    return TeamBoard("play", other, RecordedStep("What becomes of the board?", answer, facts))
