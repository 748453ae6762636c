"""Law 85: facts in dispute.  A disputed call (seed 001): more weight to the speaker, with the majority when everyone
else heard otherwise; substantial evidence decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..errors import BridgeError
from .ruling import RecordedStep


class Stance(StrEnum):
    """What another player at the table says about the disputed call."""

    AGREES = "agrees with the speaker"
    DISAGREES = "heard something else"
    ABSTAINS = "does not know"


@dataclass(frozen=True)
class DisputedCall:
    """The decision on a disputed call, with the guideline behind it."""

    rule_with: str  # "speaker", "majority" or "evidence"
    tendency: str
    step: RecordedStep


def disputed_call(*, partner: Stance, left: Stance, right: Stance, evidence: str | None = None,
                  evidence_supports_speaker: bool | None = None) -> DisputedCall:
    """More weight to the speaker; with the majority when everyone else heard otherwise.

    Ties (2-2, 1-1) go to the speaker.  Two against the speaker with one abstaining go to the majority: with a
    slight tendency when the speaker's partner abstains, a marked one when an opponent abstains.  Substantial
    evidence overrides the guideline.
    """
    stances = {"partner": partner.value, "left": left.value, "right": right.value}
    if evidence is not None:
        if evidence_supports_speaker is None:
            raise BridgeError("say which version the evidence supports", field="evidence")
        rule_with = "speaker" if evidence_supports_speaker else "majority"
        answer = f"rule with the evidence ({rule_with})"
        return DisputedCall("evidence", "evidence decides",
                            RecordedStep("What was the call?", answer, {**stances, "evidence": evidence}))
    against = [p for p in (partner, left, right) if p is Stance.DISAGREES]
    support = 1 + sum(p is Stance.AGREES for p in (partner, left, right))
    if len(against) == 3:
        rule_with, tendency = "majority", "every other player heard something else"
    elif len(against) == 2 and support == 1:
        if partner is Stance.ABSTAINS:
            rule_with, tendency = "majority", "slight tendency to the majority (the speaker's partner abstains)"
        else:
            rule_with, tendency = "majority", "marked tendency to the majority (an opponent abstains)"
    else:
        rule_with, tendency = "speaker", "no majority against the speaker: the speaker's version stands"
    return DisputedCall(rule_with, tendency,
                        RecordedStep("What was the call?", f"rule with the {rule_with}: {tendency}", stances))
