"""The adjusted-score calculator: reads what the director typed and calls ``bridge_director.scoring.adjusted``.

>>> out = compute(AdjustedIn(kind="weighted-mp", field="420, 170, 140", outcomes="420 60\\n-50 40"))
>>> out.law, out.ns, out.unit
('12C1c', 3.0, 'MP')
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..errors import BridgeError
from ..model import Contract, Seat, board_vulnerability
from ..scoring.adjusted import (
    Fault,
    Outcome,
    artificial_pairs,
    artificial_teams,
    profile,
    weighted_imps,
    weighted_matchpoints,
)
from ..scoring.matchpoints import Scale

Kind = Literal["weighted-mp", "weighted-imps", "artificial-pairs", "artificial-teams"]
KINDS: dict[str, str] = {
    "weighted-mp": "Weighted score, matchpoints (Law 12C1(c))",
    "weighted-imps": "Weighted score, IMPs (Law 12C1(c))",
    "artificial-pairs": "Artificial score, pairs (Law 12C2)",
    "artificial-teams": "Artificial score, teams (Law 12C2)",
}


class AdjustedIn(BaseModel):
    """The calculator's inputs; ``outcomes`` is one outcome per line: NS score, percent, optional label."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Kind = "weighted-mp"
    field: str = Field(default="", max_length=2000, description="the other NS scores on the board, e.g. '420, 170'")
    outcomes: str = Field(default="", max_length=2000, description="one per line: NS score, percent, label")
    other_room: int | None = Field(default=None, ge=-7600, le=7600)
    scale: Literal["2-1", "1-0.5"] = "2-1"
    ns_fault: Literal["none", "partly", "direct"] = "partly"
    ew_fault: Literal["none", "partly", "direct"] = "partly"
    authority: Literal["WBF", "EBU", "ACBL", "QBA"] = "WBF"
    boards: int | None = Field(default=None, ge=1, le=200)


class AdjustedOut(BaseModel):
    kind: str
    law: str
    ns: float
    ew: float
    unit: str
    steps: list[str]


def parse_scores(text: str) -> list[int]:
    """``420, 170 -50`` as ``[420, 170, -50]``."""
    scores = []
    for word in text.replace(",", " ").split():
        try:
            scores.append(int(word))
        except ValueError:
            raise BridgeError(f"not a table score: {word!r}", field="field") from None
    return scores


def parse_outcomes(text: str) -> list[Outcome]:
    """One outcome per line: ``420 60 4♠ made`` (score, percent, label); a % sign is allowed."""
    outcomes = []
    for number, line in enumerate((ln for ln in text.splitlines() if ln.strip()), 1):
        words = line.replace("%", " ").split(maxsplit=2)
        try:
            score, percent = int(words[0]), float(words[1])
        except (ValueError, IndexError):
            raise BridgeError(f"outcome {number}: write the NS score then the percent, e.g. '420 60'",
                              field="outcomes") from None
        outcomes.append(Outcome(score, percent, words[2] if len(words) > 2 else ""))
    if not outcomes:
        raise BridgeError("enter at least one outcome: the NS score then the percent, e.g. '420 60'",
                          field="outcomes")
    return outcomes


def compute(data: AdjustedIn) -> AdjustedOut:
    """The adjusted score and how it was reached, step by step."""
    if data.kind == "weighted-mp":
        field = parse_scores(data.field)
        if not field:
            raise BridgeError("enter the other NS scores on the board (the field)", field="field")
        scale = Scale.TWO_ONE if data.scale == "2-1" else Scale.ONE_HALF
        mp = weighted_matchpoints(field, parse_outcomes(data.outcomes), scale)
        return AdjustedOut(kind=data.kind, law=mp.law, ns=mp.ns, ew=mp.ew, unit="MP",
                           steps=[*mp.steps, f"EW: {mp.top:g} - {mp.ns:g} = {mp.ew:g}"])
    if data.kind == "weighted-imps":
        if data.other_room is None:
            raise BridgeError("enter the NS score at the other table", field="other_room")
        adj = weighted_imps(data.other_room, parse_outcomes(data.outcomes))
        return AdjustedOut(kind=data.kind, law=adj.law, ns=adj.non_offenders, ew=adj.offenders,
                           unit=adj.unit.value, steps=list(adj.steps))
    authority = profile(data.authority)
    ns_fault, ew_fault = Fault.parse(data.ns_fault), Fault.parse(data.ew_fault)
    art = (artificial_pairs(ns_fault, ew_fault, authority) if data.kind == "artificial-pairs"
           else artificial_teams(ns_fault, ew_fault, authority, boards=data.boards))
    return AdjustedOut(kind=data.kind, law=art.law, ns=art.ns, ew=art.ew, unit=art.unit.value, steps=list(art.steps))


def contract_scores(contract: str, declarer: str, board: int) -> list[tuple[int, str, int]]:
    """For the prefilled contract: (tricks, result, NS score) for every number of tricks, to weigh outcomes."""
    c = Contract.parse(contract, Seat.parse(declarer))
    vul = board_vulnerability(board)
    return [(tricks, c.result_text(tricks), c.score_ns(tricks, vul)) for tricks in range(14)]
