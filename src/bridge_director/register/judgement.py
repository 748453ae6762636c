"""Guided judgement rulings: the engine cannot judge, so it walks the director through the questions in order
and records every answer with its evidence (stored as the ruling's workflow steps).

* Unauthorised information, Law 16B: the four questions, the third answered from a poll of peers.
* Misinformation or misbid, Laws 21B and 75: the convention cards decide; misinformation is presumed.
* Disputed call: the speaker against the majority.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from ..errors import RegisterError
from .rulings import RecordedStep

UI_QUESTIONS = (
    "Was there unauthorised information (Law 16B1)?",
    "Could the action taken have been demonstrably suggested by it?",
    "Was there a logical alternative, less suggested by it (poll of peers)?",
    "Were the opponents damaged by the use of it?",
)


class UiOutcome(StrEnum):
    SCORE_STANDS = "score stands"
    ADJUST = "adjust the score (Law 16B3, Law 12C)"


@dataclass(frozen=True)
class PeerPoll:
    """A poll of the player's peers (Law 16B1(b)): the action each peer would choose.

    A logical alternative is an action that a substantial minority of peers would choose or seriously consider;
    ``substantial`` is the share the director treats as substantial (one in five unless set).

    >>> PeerPoll("4S", {"A": "4S", "B": "Pass", "C": "4S", "D": "4S", "E": "4S"}).logical_alternatives()
    ['Pass']
    >>> PeerPoll("4S", {"A": "4S", "B": "Pass", "C": "4S", "D": "4S", "E": "4S", "F": "4S"}).logical_alternatives()
    []
    """

    action_taken: str
    choices: Mapping[str, str]
    substantial: Fraction = Fraction(1, 5)

    def logical_alternatives(self) -> list[str]:
        if not self.choices:
            raise RegisterError("a poll needs at least one peer", law="16B1")
        counts = Counter(choice.strip() for choice in self.choices.values())
        total = sum(counts.values())
        return sorted(action for action, count in counts.items()
                      if action != self.action_taken.strip() and Fraction(count, total) >= self.substantial)


class UnauthorisedInformation:
    """Law 16B in four questions, answered in order; any 'no' ends it with the score standing."""

    def __init__(self) -> None:
        self.steps: list[RecordedStep] = []
        self.outcome: UiOutcome | None = None

    @property
    def next_question(self) -> str | None:
        return None if self.outcome is not None else UI_QUESTIONS[len(self.steps)]

    def answer(self, yes: bool, **evidence: str) -> UiOutcome | None:
        """Answer the next question (not the third: that one takes a poll)."""
        if len(self.steps) == 2:
            raise RegisterError("the logical-alternative question is answered with a poll of peers", law="16B1")
        return self._record(yes, dict(evidence))

    def poll(self, poll: PeerPoll) -> UiOutcome | None:
        """Answer the third question from a poll of peers."""
        if len(self.steps) != 2 or self.outcome is not None:
            raise RegisterError("a poll answers the third question, after UI and suggestion are established",
                                law="16B1")
        alternatives = poll.logical_alternatives()
        return self._record(bool(alternatives), {"action_taken": poll.action_taken, "choices": dict(poll.choices),
                                                 "substantial": str(poll.substantial),
                                                 "logical_alternatives": alternatives})

    def _record(self, yes: bool, evidence: dict[str, object]) -> UiOutcome | None:
        question = self.next_question
        if question is None:
            raise RegisterError(f"the questions are finished: {self.outcome}", law="16B")
        self.steps.append(RecordedStep(question, "yes" if yes else "no", evidence))
        if not yes:
            self.outcome = UiOutcome.SCORE_STANDS
        elif len(self.steps) == len(UI_QUESTIONS):
            self.outcome = UiOutcome.ADJUST
        return self.outcome


class Explanation(StrEnum):
    MISINFORMATION = "misinformation"  # Law 21B / 75B: opponents entitled to redress if damaged
    MISBID = "misbid"  # Law 75C: the explanation was right, the call was not: no redress
    NO_INFRACTION = "no infraction"


def misinformation_or_misbid(*, explanation: str, card: str | None, partner_card: str | None,
                             hand_fits_explanation: bool, alerted: bool = True,
                             other_evidence: str | None = None) -> tuple[Explanation, list[RecordedStep]]:
    """Laws 21B1(b) and 75C: was it a wrong explanation or a wrong call?

    ``card`` and ``partner_card`` are what each convention card says about the call (None: no card, or the
    auction is not covered).  Without evidence the director presumes misinformation; ``other_evidence`` is
    credible evidence that the agreement is as explained.
    """
    steps: list[RecordedStep] = []

    def step(question: str, answer: str, **evidence: str | None) -> None:
        steps.append(RecordedStep(question, answer, {k: v for k, v in evidence.items() if v is not None}))

    if not alerted:
        step("Was the call alerted or announced as required?", "no: a failure to alert is misinformation")
        return Explanation.MISINFORMATION, steps
    if hand_fits_explanation:
        step("Does the bidder's hand fit the explanation given?", "yes: nothing was misdescribed",
             explanation=explanation)
        return Explanation.NO_INFRACTION, steps
    step("Does the bidder's hand fit the explanation given?", "no", explanation=explanation)
    if card is None or partner_card is None:
        if other_evidence:
            step("Is there evidence of the agreement without a convention card?",
                 "yes: the agreement is as explained, so the call was a misbid", evidence=other_evidence)
            return Explanation.MISBID, steps
        step("Do both convention cards cover the call?", "no: misinformation is presumed (Law 21B1(b))",
             card=card, partner_card=partner_card)
        return Explanation.MISINFORMATION, steps
    if card.strip().casefold() != partner_card.strip().casefold():
        step("Are both convention cards marked the same?", "no: the pair has no agreement, so misinformation",
             card=card, partner_card=partner_card)
        return Explanation.MISINFORMATION, steps
    if card.strip().casefold() == explanation.strip().casefold():
        step("Does the explanation match the agreement on the cards?", "yes: the call was a misbid (Law 75C)",
             card=card)
        return Explanation.MISBID, steps
    step("Does the explanation match the agreement on the cards?", "no: a mistaken explanation (Law 75B)",
         card=card)
    return Explanation.MISINFORMATION, steps


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
            raise RegisterError("say which version the evidence supports", field="evidence")
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
