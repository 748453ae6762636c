"""A director's decision on a result, as data: what the ruling does to the score, stored as JSON and applied by the
scorer.  Never free text: every figure on the results comes from one of these.

- ``Artificial``: Law 12C2 (2017: 12C2 too; 1997: 12C1) average plus / average / average minus for each side,
  by its share of the fault; the percentages follow the authority's profile and its session-percentage rule.
- ``Assigned``: Law 12C1(b) (2017) / 12C1(a) (2007) / 12C2 (1997): one score for both sides.
- ``Split``: a different assigned score for each side.
- ``Weighted``: Law 12C1(c): outcomes with weights (percent, adding up to 100).
- ``Fouled``: Law 87: the result is scored in its group; at teams, when the two tables of a match played the
  board in different forms, each team's share of the fault (and, where the edition allows, an assigned score)
  decides the board (2017 Law 86B2; 2007 and 1997 Law 87 with artificial scores, 2007 86D).
- ``knockout`` on an artificial, split or fouled decision at teams: the non-balancing scores of the board are
  averaged (1997 and 2007 Law 86B, 2017 86C).
- ``Capped`` (the old Law 25B), ``RedPsyche`` (EBU 6 D 2, 6 D 3) and ``SeriousError`` (Law 12C1(e); 2007 12C1(b))
  act on the points the table result earns, once the board is scored.

>>> d = Weighted(((Score("4S", "N", 10), 60), (Score("4S", "N", 9), 40)))
>>> decision_from_json(d.to_json()) == d
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..errors import BridgeError
from ..laws.psyche_ebu import red_line, red_penalty
from ..model import Contract, Seat, board_vulnerability
from ..register.values import Departure
from ..scoring.adjusted import Fault, Unit
from ..scoring.event import PASSED_OUT


@dataclass(frozen=True, slots=True)
class Score:
    """A table result as the director assigns it: contract (or PASS), declarer, declarer's tricks."""

    contract: str
    declarer: str = ""
    tricks: int | None = None

    def ns_score(self, board: int) -> int:
        """The Law 77 score to North-South on ``board``."""
        if self.contract.strip().upper() in PASSED_OUT:
            return 0
        if self.tricks is None or not 0 <= self.tricks <= 13:
            raise BridgeError(f"tricks are 0 to 13, not {self.tricks}", field="tricks")
        if not self.declarer:
            raise BridgeError(f"contract {self.contract} needs a declarer", field="declarer")
        return Contract.parse(self.contract, Seat.parse(self.declarer)).score_ns(self.tricks,
                                                                                 board_vulnerability(board))

    def text(self) -> str:
        if self.contract.strip().upper() in PASSED_OUT:
            return "passed out"
        return f"{self.contract} by {self.declarer}, {self.tricks} tricks"

    def to_json(self) -> dict[str, Any]:
        return {"contract": self.contract, "declarer": self.declarer, "tricks": self.tricks}


@dataclass(frozen=True, slots=True)
class NoAdjustment:
    """The director rules that the table result stands (no damage, or no infraction)."""

    law = ""

    def to_json(self) -> dict[str, Any]:
        return {"kind": "none"}

    def text(self) -> str:
        return "no adjustment: the table result stands"


@dataclass(frozen=True, slots=True)
class Artificial:
    """Law 12C2: each side's share of the fault (A+ none, A partly, A- direct); ``knockout``: averaged at teams."""

    ns: Fault
    ew: Fault
    knockout: bool = False
    law = "12C2"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "artificial", "ns": self.ns.value, "ew": self.ew.value} | _knockout(self.knockout)

    def text(self) -> str:
        return f"artificial: N-S {self.ns.value}, E-W {self.ew.value}" + KNOCKOUT_TEXT * self.knockout


@dataclass(frozen=True, slots=True)
class Assigned:
    """One assigned score for both sides."""

    score: Score
    law = "12C1b"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "assigned", "score": self.score.to_json()}

    def text(self) -> str:
        return f"assigned: {self.score.text()}"


@dataclass(frozen=True, slots=True)
class Split:
    """A different assigned score for each side; ``knockout``: averaged at teams."""

    ns: Score
    ew: Score
    knockout: bool = False
    law = "12C1b"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "split", "ns": self.ns.to_json(), "ew": self.ew.to_json()} | _knockout(self.knockout)

    def text(self) -> str:
        return f"split: N-S scored as {self.ns.text()}; E-W as {self.ew.text()}" + KNOCKOUT_TEXT * self.knockout


@dataclass(frozen=True, slots=True)
class Weighted:
    """Law 12C1(c): outcomes with their weights in percent (adding up to 100)."""

    outcomes: tuple[tuple[Score, float], ...]
    law = "12C1c"

    def __post_init__(self) -> None:
        if not self.outcomes:
            raise BridgeError("a weighted score needs at least one outcome", field="weights", law="12C1c")
        if any(not math.isfinite(w) or w <= 0 for _, w in self.outcomes):
            raise BridgeError("each weight is a number more than 0%", field="weights", law="12C1c")
        total = sum(w for _, w in self.outcomes)
        if abs(total - 100) > 1e-6:
            raise BridgeError(f"the weights add up to {total:g}%, not 100%", field="weights", law="12C1c")

    def to_json(self) -> dict[str, Any]:
        return {"kind": "weighted", "outcomes": [{**s.to_json(), "weight": w} for s, w in self.outcomes]}

    def text(self) -> str:
        return "weighted: " + " + ".join(f"{w:g}% of {s.text()}" for s, w in self.outcomes)


@dataclass(frozen=True, slots=True)
class Fouled:
    """Law 87: the board was fouled; this result is scored in its group with the results on the same cards.

    At teams, ``ns`` and ``ew`` are the shares of the fault of the teams sitting N-S and E-W at this table, for
    when the other table played the board in another form; ``assigned`` is the director's assigned score for
    this table where the edition allows one (2017 86B2(b), 2007 86D); ``knockout`` averages the board."""

    group: str
    ns: Fault | None = None
    ew: Fault | None = None
    assigned: Score | None = None
    knockout: bool = False
    law = "87"

    def __post_init__(self) -> None:
        if (self.ns is None) != (self.ew is None):
            raise BridgeError("a fouled board at teams gives both teams' shares of the fault (ns and ew)",
                              field="fault", law="86")
        if self.assigned is not None and self.ns is None:
            raise BridgeError("an assigned score on a fouled board at teams comes with the teams' shares of the fault",
                              field="fault", law="86")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "fouled", "group": self.group}
        if self.ns is not None and self.ew is not None:
            out |= {"ns": self.ns.value, "ew": self.ew.value}
        if self.assigned is not None:
            out["assigned"] = self.assigned.to_json()
        return out | _knockout(self.knockout)

    def text(self) -> str:
        out = f"fouled board: scored in group {self.group}"
        if self.ns is not None and self.ew is not None:
            out += f"; at teams N-S {self.ns.value}, E-W {self.ew.value}"
        if self.assigned is not None:
            out += f", assigned {self.assigned.text()}"
        return out + KNOCKOUT_TEXT * self.knockout


@dataclass(frozen=True, slots=True)
class Capped:
    """The old Law 25B (1997, 2007): the offenders (``NS`` or ``EW``) play for at most average minus; the
    non-offenders keep the table result.  Matchpoint sections."""

    offenders: str
    law = "25B2(b)(2)"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "old-25b", "offenders": self.offenders}

    def text(self) -> str:
        return f"old Law 25B: {self.offenders} at most average minus; the other side keeps the table result"


@dataclass(frozen=True, slots=True)
class RedPsyche:
    """A Red psyche, misbid or deviation in an EBU event (Orange Book 6 D 2, 6 D 3), by ``offenders`` (NS or EW).

    The board is scored from the table result: it stands if the opponents scored 60% or more, else average
    plus to them and average minus to the psyching side.  A Red *psyche* also costs the psyching side a
    procedural penalty on this board (6 D 3): ``penalty`` percent of a top, the minimum standard of 10% when
    None; a director may give more, never less.  A Red misbid or deviation has none.  The penalty is part of
    the decision, so however often the section is scored, or the same ruling is recorded, it counts once; do
    not give it again as a penalty on the ruling.
    """

    offenders: str
    departure: str = "psyche"
    penalty: float | None = None
    law = "40C, 12C2"

    def __post_init__(self) -> None:
        self.penalty_percent  # noqa: B018  (refuses a departure or penalty the regulation does not allow)

    @property
    def kind(self) -> Departure:
        try:
            return Departure(self.departure.upper())
        except ValueError:
            raise BridgeError(f"a Red departure is a psyche, misbid or deviation, not {self.departure!r}",
                              field="departure", law="40C") from None

    @property
    def penalty_percent(self) -> float:
        """The 6 D 3 penalty in percent of a top (0 for a misbid or deviation)."""
        given = red_penalty(self.kind, Unit.PERCENT, penalty=self.penalty)
        return 0.0 if given is None else given.amount

    def points(self, opponents: float, top: float, authority: str) -> tuple[float, float]:
        """(N-S, E-W) points on the board from the opponents' points as played, the penalty taken off."""
        if authority != "EBU":
            raise BridgeError(f"a Red psyche is scored by the EBU regulation (6 D 2), not under {authority}'s: "
                              "give an assigned score (Law 12C) instead", field="decision", law="40C")
        theirs, ours = red_line(self.kind, 100 * opponents / top, self.penalty)
        pair = (top * ours / 100, top * theirs / 100)
        return pair if self.offenders == "NS" else (pair[1], pair[0])

    def to_json(self) -> dict[str, Any]:
        return {"kind": "red-psyche", "offenders": self.offenders, "departure": self.kind.value.lower(),
                "penalty": self.penalty}

    def text(self) -> str:
        penalty = (f", less a procedural penalty of {self.penalty_percent:g}% of a top (6 D 3)"
                   if self.penalty_percent else "")
        return (f"Red {self.kind.value.lower()} by {self.offenders}: table result only if the opponents scored "
                f"60% or more, else 60% / 40%{penalty}")


@dataclass(frozen=True, slots=True)
class SeriousError:
    """Law 12C1(e) (2017; 12C1(b) in 2007): the non-offenders (``non_offenders``) caused part of their own damage
    by a serious error or a wild or gambling action.  ``expected`` is the likely result without the infraction,
    ``after`` the result the infraction led to had they not erred; they keep the self-inflicted part, the
    offenders get the score due to their infraction alone."""

    non_offenders: str
    expected: Score
    after: Score
    law = "12C1e"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "serious-error", "non_offenders": self.non_offenders, "expected": self.expected.to_json(),
                "after": self.after.to_json()}

    def text(self) -> str:
        return (f"serious error by {self.non_offenders}: expected {self.expected.text()}, after the infraction "
                f"{self.after.text()}; they keep the damage they did themselves")


def _knockout(knockout: bool) -> dict[str, Any]:
    return {"knockout": True} if knockout else {}


def _flag(data: dict[str, Any]) -> bool:
    value = data.get("knockout", False)
    if not isinstance(value, bool):
        raise BridgeError(f"knockout is true or false, not {value!r}", field="knockout", law="86")
    return value


def _share(data: dict[str, Any], key: str) -> Fault | None:
    value = data.get(key)
    return None if value is None else Fault.parse(str(value))


Decision = NoAdjustment | Artificial | Assigned | Split | Weighted | Fouled | Capped | RedPsyche | SeriousError
#: the words a decision averaged in a knockout adds to its text
KNOCKOUT_TEXT = "; knockout: the two teams' scores averaged (Law 86)"
#: decisions applied to the board's points once it is scored (matchpoint sections)
AFTER_SCORING = (Capped, RedPsyche, SeriousError)


def _side(data: dict[str, Any], key: str) -> str:
    side = str(data.get(key, "")).upper()
    if side not in ("NS", "EW"):
        raise BridgeError(f"{key} is NS or EW, not {data.get(key)!r}", field=key)
    return side


def _score(data: Any) -> Score:
    if not isinstance(data, dict):
        raise BridgeError("a score is {contract, declarer, tricks}", field="decision")
    tricks = data.get("tricks")
    if tricks is not None and (isinstance(tricks, bool) or not isinstance(tricks, int)):
        raise BridgeError(f"tricks are a whole number, not {tricks!r}", field="tricks")
    return Score(str(data.get("contract", "")), str(data.get("declarer", "") or ""), tricks)


def decision_from_json(data: Any) -> Decision:
    """The decision a stored JSON document describes; a malformed one names the field."""
    if not isinstance(data, dict):
        raise BridgeError("a decision is a JSON object with a kind", field="decision")
    kind = data.get("kind")
    if kind == "none":
        return NoAdjustment()
    if kind == "artificial":
        return Artificial(Fault.parse(str(data.get("ns", ""))), Fault.parse(str(data.get("ew", ""))), _flag(data))
    if kind == "assigned":
        return Assigned(_score(data.get("score")))
    if kind == "split":
        return Split(_score(data.get("ns")), _score(data.get("ew")), _flag(data))
    if kind == "weighted":
        outcomes = data.get("outcomes")
        if not isinstance(outcomes, list):
            raise BridgeError("a weighted score lists its outcomes", field="outcomes", law="12C1c")
        pairs = []
        for o in outcomes:
            weight = o.get("weight") if isinstance(o, dict) else None
            if isinstance(weight, bool) or not isinstance(weight, int | float):
                raise BridgeError(f"each outcome has a weight in percent, not {weight!r}", field="weights",
                                  law="12C1c")
            pairs.append((_score(o), float(weight)))
        return Weighted(tuple(pairs))
    if kind == "fouled":
        group = str(data.get("group", "")).strip()
        if not group or len(group) > 8:
            raise BridgeError("a fouled result names its group (1 to 8 characters)", field="group", law="87")
        assigned = data.get("assigned")
        return Fouled(group, _share(data, "ns"), _share(data, "ew"), None if assigned is None else _score(assigned),
                      _flag(data))
    if kind == "old-25b":
        return Capped(_side(data, "offenders"))
    if kind == "red-psyche":
        penalty = data.get("penalty")
        if penalty is not None and (isinstance(penalty, bool) or not isinstance(penalty, int | float)):
            raise BridgeError(f"a penalty is a number of percent of a top, not {penalty!r}", field="penalty",
                              law="90")
        return RedPsyche(_side(data, "offenders"), str(data.get("departure", "psyche")),
                         None if penalty is None else float(penalty))
    if kind == "serious-error":
        return SeriousError(_side(data, "non_offenders"), _score(data.get("expected")), _score(data.get("after")))
    raise BridgeError("a decision is none, artificial, assigned, split, weighted, fouled, old-25b, red-psyche or "
                      f"serious-error, not {kind!r}", field="kind")

