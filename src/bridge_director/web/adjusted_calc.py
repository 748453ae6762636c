"""The adjusted-score calculator: reads what the director typed and calls ``bridge_director.scoring.adjusted``.

>>> out = compute(AdjustedIn(kind="weighted-mp", field="420, 170, 140", outcomes="420 60\\n-50 40"))
>>> out.law, out.ns, out.unit
('12C1c', 3.0, 'MP')
>>> from typing import get_args
>>> sorted(_DIRECT.keys() | _BY_SIDE.keys()) == sorted(get_args(Kind)) == sorted(KINDS)  # every kind computed
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..errors import BridgeError
from ..model import Contract, Seat, board_vulnerability
from ..model.seat import Side
from ..scoring.adjusted import (
    AdjustedScore,
    Fault,
    Likelihood,
    Outcome,
    Possible,
    Unit,
    artificial_pairs,
    artificial_teams,
    assign_likely_probable,
    law25b_knockout,
    law25b_matchpoints,
    law25b_swiss,
    parse_scores,
    profile,
    red_psyche_score,
    serious_error,
    split_matchpoints,
    weighted_imps,
    weighted_matchpoints,
)
from ..scoring.matchpoints import Scale

Kind = Literal["weighted-mp", "weighted-imps", "artificial-pairs", "artificial-teams", "assigned", "split",
               "serious-error", "law25b-mp", "law25b-swiss", "law25b-knockout", "red-psyche"]
KINDS: dict[str, str] = {  # every Kind, with its label
    "weighted-mp": "Weighted score, matchpoints (Law 12C1(c))",
    "weighted-imps": "Weighted score, IMPs (Law 12C1(c))",
    "artificial-pairs": "Artificial score, pairs (Law 12C2)",
    "artificial-teams": "Artificial score, teams (Law 12C2)",
    "assigned": "Assigned score: likely / at all probable (1997 Law 12C2; 2007 12C1(e))",
    "split": "Split assigned score, matchpoints (Law 12C1)",
    "serious-error": "Serious error by the non-offenders (Law 12C1(e))",
    "law25b-mp": "Old Law 25B change of call, matchpoints",
    "law25b-swiss": "Old Law 25B change of call, Swiss teams",
    "law25b-knockout": "Old Law 25B change of call, knockout",
    "red-psyche": "Red psyche (EBU 6 D 2, Law 40C)",
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
    non_offenders: Literal["NS", "EW"] = "NS"
    possible: str = Field(default="", max_length=2000,
                          description="one per line: NS score, likely / probable / possible, label")
    ns_score: int | None = Field(default=None, ge=-7600, le=7600, description="split: the score NS are given")
    ew_score: int | None = Field(default=None, ge=-7600, le=7600, description="split: the score EW are given")
    before: float | None = Field(default=None, description="serious error: NOS expectation before the infraction")
    after_infraction: float | None = Field(default=None, description="serious error: NOS expectation after it")
    actual: float | None = Field(default=None, description="serious error: what the NOS scored")
    top: float | None = Field(default=None, gt=0, le=10000, description="the board's top in matchpoints")
    offenders_mp: float | None = Field(default=None, ge=0, le=10000)
    offenders_imps: int | None = Field(default=None, ge=-24, le=24)
    opponents_result: float | None = Field(default=None, ge=-24, le=100,
                                           description="red psyche: the opponents' % or IMP gain on the board")
    unit: Literal["percent", "imps"] = "percent"


class AdjustedOut(BaseModel):
    kind: str
    law: str
    ns: float
    ew: float
    unit: str
    steps: list[str]


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


def parse_possible(text: str) -> list[Possible]:
    """One possible result per line: ``140 likely 2♠ made`` (NS score, likelihood, label)."""
    found = []
    for number, line in enumerate((ln for ln in text.splitlines() if ln.strip()), 1):
        words = line.split(maxsplit=2)
        try:
            score, likelihood = int(words[0]), Likelihood.parse(words[1])
        except (ValueError, IndexError, BridgeError):
            raise BridgeError(f"result {number}: write the NS score then likely, probable or possible, "
                              "e.g. '140 likely'", field="possible") from None
        found.append(Possible(score, words[2] if len(words) > 2 else f"NS {score:+d}", likelihood))
    if not found:
        raise BridgeError("enter the possible results, e.g. '140 likely'", field="possible")
    return found


def _need(value: float | None, field: str, what: str) -> float:
    if value is None:
        raise BridgeError(f"enter {what}", field=field)
    return value


def _field(data: AdjustedIn) -> list[int]:
    """The other NS scores on the board; matchpoints need at least one."""
    field = parse_scores(data.field)
    if not field:
        raise BridgeError("enter the other NS scores on the board (the field)", field="field")
    return field


def _scale(data: AdjustedIn) -> Scale:
    return Scale.TWO_ONE if data.scale == "2-1" else Scale.ONE_HALF


def _by_side(data: AdjustedIn, adj: AdjustedScore) -> AdjustedOut:
    """An adjusted score given to non-offenders and offenders, as NS and EW."""
    ns, ew = ((adj.non_offenders, adj.offenders) if data.non_offenders == "NS"
              else (adj.offenders, adj.non_offenders))
    steps = [*adj.steps, f"non-offenders are {data.non_offenders}: NS {ns:g}, EW {ew:g}"]
    if adj.penalty is not None:
        steps.append(f"and apart from the board score: {adj.penalty}")
    return AdjustedOut(kind=data.kind, law=adj.law, ns=ns, ew=ew, unit=adj.unit.value, steps=steps)


def _weighted_mp(data: AdjustedIn) -> AdjustedOut:
    mp = weighted_matchpoints(_field(data), parse_outcomes(data.outcomes), _scale(data))
    return AdjustedOut(kind=data.kind, law=mp.law, ns=mp.ns, ew=mp.ew, unit="MP",
                       steps=[*mp.steps, f"EW: {mp.top:g} - {mp.ns:g} = {mp.ew:g}"])


def _weighted_imps(data: AdjustedIn) -> AdjustedOut:
    if data.other_room is None:
        raise BridgeError("enter the NS score at the other table", field="other_room")
    adj = weighted_imps(data.other_room, parse_outcomes(data.outcomes))
    return AdjustedOut(kind=data.kind, law=adj.law, ns=adj.non_offenders, ew=adj.offenders,
                       unit=adj.unit.value, steps=list(adj.steps))


def _artificial(data: AdjustedIn) -> AdjustedOut:
    authority = profile(data.authority)
    ns_fault, ew_fault = Fault.parse(data.ns_fault), Fault.parse(data.ew_fault)
    art = (artificial_pairs(ns_fault, ew_fault, authority) if data.kind == "artificial-pairs"
           else artificial_teams(ns_fault, ew_fault, authority, boards=data.boards))
    return AdjustedOut(kind=data.kind, law=art.law, ns=art.ns, ew=art.ew, unit=art.unit.value, steps=list(art.steps))


def _split(data: AdjustedIn) -> AdjustedOut:
    field = _field(data)
    ns_score = int(_need(data.ns_score, "ns_score", "the score NS are given"))
    ew_score = int(_need(data.ew_score, "ew_score", "the score EW are given"))
    scale = _scale(data)
    ns, ew = split_matchpoints(field, ns_score, ew_score, scale)
    return AdjustedOut(kind=data.kind, law="12C1", ns=ns, ew=ew, unit="MP", steps=[
        f"field: {', '.join(f'{s:+d}' for s in field)}; top {scale.top(len(field) + 1):g}",
        f"NS scored on {ns_score:+d} against the field: {ns:g}",
        f"EW scored on {ew_score:+d} against the field: {ew:g} (the two need not balance)"])


def _assigned(data: AdjustedIn) -> AdjustedScore:
    return assign_likely_probable(parse_possible(data.possible), Side(data.non_offenders))


def _serious_error(data: AdjustedIn) -> AdjustedScore:
    return serious_error(_need(data.before, "before", "the expectation before the infraction"),
                         _need(data.after_infraction, "after_infraction", "the expectation after it"),
                         _need(data.actual, "actual", "what the non-offenders scored"), data.top,
                         Unit.MATCHPOINTS if data.top is not None else Unit.IMPS)


def _law25b_mp(data: AdjustedIn) -> AdjustedScore:
    return law25b_matchpoints(_need(data.offenders_mp, "offenders_mp", "the offenders' matchpoints"),
                              _need(data.top, "top", "the top on the board"), profile(data.authority))


def _law25b_teams(data: AdjustedIn) -> AdjustedScore:
    imps = int(_need(data.offenders_imps, "offenders_imps", "the offenders' IMPs on the board"))
    rule = law25b_swiss if data.kind == "law25b-swiss" else law25b_knockout
    return rule(imps, profile(data.authority), data.boards)


def _red_psyche(data: AdjustedIn) -> AdjustedScore:
    unit = Unit.PERCENT if data.unit == "percent" else Unit.IMPS
    return red_psyche_score(_need(data.opponents_result, "opponents_result", "the opponents' result"), unit,
                            authority=profile(data.authority))


#: Kinds answered in NS and EW directly.
_DIRECT: dict[str, Callable[[AdjustedIn], AdjustedOut]] = {
    "weighted-mp": _weighted_mp, "weighted-imps": _weighted_imps, "artificial-pairs": _artificial,
    "artificial-teams": _artificial, "split": _split}
#: Kinds answered for non-offenders and offenders, turned into NS and EW by ``non_offenders``.
_BY_SIDE: dict[str, Callable[[AdjustedIn], AdjustedScore]] = {
    "assigned": _assigned, "serious-error": _serious_error, "law25b-mp": _law25b_mp,
    "law25b-swiss": _law25b_teams, "law25b-knockout": _law25b_teams, "red-psyche": _red_psyche}


def compute(data: AdjustedIn) -> AdjustedOut:
    """The adjusted score and how it was reached, step by step."""
    if data.kind in _DIRECT:
        return _DIRECT[data.kind](data)
    return _by_side(data, _BY_SIDE[data.kind](data))


def contract_scores(contract: str, declarer: str, board: int) -> list[tuple[int, str, int]]:
    """For the prefilled contract: (tricks, result, NS score) for every number of tricks, to weigh outcomes."""
    c = Contract.parse(contract, Seat.parse(declarer))
    vul = board_vulnerability(board)
    return [(tricks, c.result_text(tricks), c.score_ns(tricks, vul)) for tricks in range(14)]
