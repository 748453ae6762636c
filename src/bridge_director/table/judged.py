"""What judgement rulings read and decide, kept on the table's state.

* ``Note``: something said or done at the table that a ruling may need — a break in tempo, an alert and
  explanation, a corrected explanation, a remark or gesture, a psyche reported (Laws 16, 20, 40, 73).
* ``Adjusted``: the score a judgement ruling decided (Law 12C), as data the session's result takes over: no
  adjustment, one assigned score, a split score (each side its own) or a weighted score.

>>> a = Adjusted("16B", "split", (ScoreLine("5D", "S", 12, side="NS"), ScoreLine("6D", "S", 12, side="EW")))
>>> a.to_json()["kind"], a.to_json()["ns"]
('split', {'contract': '5D', 'declarer': 'S', 'tricks': 12})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model import Seat


@dataclass(frozen=True, slots=True)
class Note:
    """A fact for judgement: ``kind`` is hesitation, explanation, correction, remark, gesture or psyche; ``at`` the
    number of calls standing when it happened and ``cards`` the number of cards played by then."""

    kind: str
    seat: Seat
    at: int
    cards: int = 0
    call_no: int | None = None
    text: str = ""
    agreed: bool = True
    asked_by: Seat | None = None
    alerted: bool = True
    skip_warning: bool | None = None
    seconds: int | None = None
    unusual: bool | None = None
    about: str = ""  # a play agreement explained (no call): opening leads, carding, discards

    def context(self) -> str:
        """A break in tempo's circumstances: the skip-bid warning, the pause, the director's finding."""
        parts = []
        if self.skip_warning is not None:
            parts.append("after a skip-bid warning" if self.skip_warning else "no skip-bid warning given")
        if self.seconds is not None:
            parts.append(f"a pause of about {self.seconds} s")
        if self.unusual is not None:
            parts.append("out of the ordinary" if self.unusual else "not out of the ordinary")
        return ", ".join(parts)

    def describe(self) -> str:
        who = self.seat.name.title()
        where = f" (after call {self.at})" if not self.cards else f" (after {self.cards} cards of the play)"
        disputed = "; disputed" if not self.agreed else ""
        if self.kind == "hesitation":
            context = self.context()
            return f"{who}'s break in tempo{where}{': ' + context if context else ''}{disputed}"
        if self.kind == "explanation":
            alert = "" if self.alerted else ", not alerted"
            if self.call_no is None:
                return f"{who}'s explanation of his side's agreement on {self.about or 'the play'}: \"{self.text}\""
            return f"{who}'s explanation of call {self.call_no}: \"{self.text}\"{alert}"
        if self.kind == "correction":
            return f"{who}'s corrected explanation of call {self.call_no or '?'}{where}: \"{self.text}\""
        if self.kind in ("remark", "gesture"):
            return f"{who}'s {self.kind}{where}: \"{self.text}\"{disputed}"
        return f"{who}'s {self.kind} (call {self.call_no})"


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One result of an adjusted score: contract (or PASS), declarer, declarer's tricks; ``weight`` in percent for a
    weighted score, ``side`` (NS or EW) for a split score."""

    contract: str
    declarer: str = ""
    tricks: int | None = None
    weight: float = 100.0
    side: str = ""

    def score_json(self) -> dict[str, Any]:
        return {"contract": self.contract, "declarer": self.declarer, "tricks": self.tricks}

    def text(self) -> str:
        if self.contract.upper() == "PASS":
            return "passed out"
        return f"{self.contract} by {Seat.parse(self.declarer).name.title()}, {self.tricks} tricks"


@dataclass(frozen=True, slots=True)
class Adjusted:
    """The score a judgement ruling decided under ``law``: ``kind`` none, assigned, split, weighted or
    artificial (each side's ``contract`` is then its share of the fault: A+, A or A-), or serious-error (``side``
    the non-offenders; ``lines`` the likely result without the infraction, then the one it led to)."""

    law: str
    kind: str
    lines: tuple[ScoreLine, ...] = ()
    reason: str = ""
    record: int = -1  # the index of its ruling in ``TableState.records``
    side: str = ""  # red-psyche: the psyching side (NS or EW)

    def to_json(self) -> dict[str, Any]:
        """The decision in the session's format (``club.decisions.decision_from_json`` reads it)."""
        if self.kind == "none":
            return {"kind": "none"}
        if self.kind == "assigned":
            return {"kind": "assigned", "score": self.lines[0].score_json()}
        if self.kind == "split":
            by = {line.side: line.score_json() for line in self.lines}
            return {"kind": "split", "ns": by["NS"], "ew": by["EW"]}
        if self.kind == "red-psyche":
            return {"kind": "red-psyche", "offenders": self.side, "departure": self.reason or "psyche"}
        if self.kind == "artificial":
            faults = {line.side: line.contract for line in self.lines}
            return {"kind": "artificial", "ns": faults["NS"], "ew": faults["EW"]}
        if self.kind == "serious-error":
            return {"kind": "serious-error", "non_offenders": self.side, "expected": self.lines[0].score_json(),
                    "after": self.lines[1].score_json()}
        return {"kind": "weighted", "outcomes": [{**line.score_json(), "weight": line.weight} for line in self.lines]}

    def text(self) -> str:
        if self.kind == "none":
            return "the table result stands"
        if self.kind == "assigned":
            return f"assigned: {self.lines[0].text()}"
        if self.kind == "red-psyche":
            return f"Red {self.reason or 'psyche'} by {self.side}: scored by EBU 6 D 2 and 6 D 3"
        if self.kind == "artificial":
            return "artificial: " + ", ".join(f"{line.side[0]}-{line.side[1]} {line.contract}" for line in self.lines)
        if self.kind == "serious-error":
            return (f"serious error by {self.side[0]}-{self.side[1]}: likely without the infraction "
                    f"{self.lines[0].text()}, after it {self.lines[1].text()}; they keep the damage they did "
                    "themselves, the offenders get the score due to their infraction alone")
        if self.kind == "split":
            return "; ".join(f"{line.side[0]}-{line.side[1]} scored as {line.text()}" for line in self.lines)
        return "weighted: " + " + ".join(f"{line.weight:g}% of {line.text()}" for line in self.lines)
