"""Artificial adjusted scores (Law 12C2): average plus, average, average minus, in percent or IMPs.

>>> qba = PROFILES["QBA"]
>>> artificial_pairs(Fault.NONE, Fault.DIRECT, qba, ns_session=63.0, ew_session=32.0).ns
63.0
>>> artificial_teams(Fault.NONE, Fault.DIRECT, qba, boards=8).ns
2
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...errors import BridgeError
from .common import Unit
from .profiles import PROFILES, AuthorityProfile


class Fault(Enum):
    """A side's share of the fault for a board that could not be played (Law 12C2(a))."""

    NONE = "A+"
    PARTLY = "A"
    DIRECT = "A-"

    @classmethod
    def parse(cls, text: str) -> Fault:
        key = text.strip().lower()
        table = {"none": cls.NONE, "a+": cls.NONE, "nos": cls.NONE, "partly": cls.PARTLY, "a": cls.PARTLY,
                 "a=": cls.PARTLY, "direct": cls.DIRECT, "a-": cls.DIRECT, "os": cls.DIRECT}
        if key not in table:
            raise BridgeError(f"fault is none (A+), partly (A) or direct (A-), not {text!r}", law="12C2")
        return table[key]


@dataclass(frozen=True, slots=True)
class ArtificialScore:
    """The two sides' artificial scores; they need not balance."""

    ns: float
    ew: float
    unit: Unit
    law: str
    steps: tuple[str, ...]


def artificial_percent(fault: Fault, authority: AuthorityProfile = PROFILES["WBF"],
                       session_percent: float | None = None) -> tuple[float, str]:
    """One side's percentage and the reason, with the authority's session-percentage rule."""
    if session_percent is not None and not 0 <= session_percent <= 100:
        raise BridgeError(f"a session percentage is 0 to 100, not {session_percent}", field="session")
    base = {Fault.NONE: authority.average_plus, Fault.PARTLY: authority.average,
            Fault.DIRECT: authority.average_minus}[fault]
    if authority.session_rule and session_percent is not None:
        if fault is Fault.NONE and session_percent > base:
            return session_percent, (f"not at fault: {session_percent:g}% on its other boards beats "
                                     f"{base:g}% ({authority.name} session rule)")
        if fault is Fault.DIRECT and session_percent < base:
            return session_percent, (f"directly at fault: {session_percent:g}% on its other boards is below "
                                     f"{base:g}% ({authority.name} session rule)")
    word = {Fault.NONE: "average plus", Fault.PARTLY: "average", Fault.DIRECT: "average minus"}[fault]
    return base, f"{word}: {base:g}% ({authority.name})"


def artificial_pairs(ns_fault: Fault, ew_fault: Fault, authority: AuthorityProfile = PROFILES["WBF"], *,
                     ns_session: float | None = None, ew_session: float | None = None) -> ArtificialScore:
    """Artificial scores at pairs, in percent of the top (Law 12C2)."""
    ns, ns_why = artificial_percent(ns_fault, authority, ns_session)
    ew, ew_why = artificial_percent(ew_fault, authority, ew_session)
    return ArtificialScore(ns, ew, Unit.PERCENT, "12C2", (f"NS {ns_why}", f"EW {ew_why}"))


def artificial_teams(ns_fault: Fault, ew_fault: Fault, authority: AuthorityProfile = PROFILES["WBF"], *,
                     boards: int | None = None) -> ArtificialScore:
    """Artificial scores at IMPs: ± the authority's IMPs (QBA: ±2 in matches under 11 boards) (Law 12C2)."""
    value = authority.imps_for(boards)
    sign = {Fault.NONE: 1, Fault.PARTLY: 0, Fault.DIRECT: -1}
    length = f" in a match of {boards} boards" if boards is not None else ""
    why = f"average plus/minus is ±{value} IMPs{length} ({authority.name})"
    return ArtificialScore(sign[ns_fault] * value, sign[ew_fault] * value, Unit.IMPS, "12C2", (why,))
