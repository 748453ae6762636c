"""A psyche reported at the table: the questions the director answers, then the finding to store.

The table engine calls :func:`psyche_questions` with the auction, the number of the reported call (1 is the
dealer's first call), the authority of the event, the edition of the Laws and, for the EBU, the event's level;
it shows the questions, collects the answers by key and calls :func:`psyche_finding`, giving it what the
register knows of the partnership (:class:`PartnershipHistory`).  The finding is what the register stores.
Nothing here reads or writes a database.

>>> from bridge_director.model import Auction, Seat
>>> reported = ReportedPsyche(Auction.parse(Seat.NORTH, "1S P 2S P 4S"), 1, Authority.EBU)
>>> [q.key for q in psyche_questions(reported)]
['deliberate', 'gross', 'control', 'systemic', 'frivolous', 'both', 'explained', 'colour']
>>> answers = dict(deliberate="yes", gross="yes", control="no", systemic="no", frivolous="no", both="no",
...                explained="yes", colour="amber")
>>> psyche_finding(reported, answers, PartnershipHistory(ambers=1)).colour
<Colour.RED: 'RED'>
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Auction
from ..model.regulation import Authority, Colour, Departure
from ..table.edition import Edition
from . import psyche_acbl, psyche_ebu
from .law40_psyches import (
    NO_HISTORY,
    Answers,
    PartnershipHistory,
    PsycheFinding,
    Regime,
    TableFacts,
    answer,
    departure_from_answers,
    listed,
    right_to_psyche_law,
    understanding_law,
    yes,
)
from .ruling import Question

__all__ = ["NO_HISTORY", "PartnershipHistory", "PsycheFinding", "ReportedPsyche", "psyche_finding", "psyche_questions"]


@dataclass(frozen=True, slots=True)
class ReportedPsyche:
    """Call ``call_no`` of ``auction`` reported as a psyche in an event of ``authority`` (``level``: the EBU
    permission level of the event; ``board``: its number, named in the alerts)."""

    auction: Auction
    call_no: int
    authority: Authority
    edition: Edition = Edition.L2017
    level: int | None = None
    board: int | None = None

    @property
    def regime(self) -> Regime:
        return Regime.of(self.authority)

    @property
    def facts(self) -> TableFacts:
        return TableFacts.of(self.auction, self.call_no, self.edition, self.level)


DELIBERATE = Question("deliberate", "Was the call a deliberate misstatement of honour strength or suit length? "
                      "(no: an inadvertent one, a misbid)", ("yes", "no"), "40")
GROSS = Question("gross", "Was the misstatement gross (a psyche) rather than minor (a deviation)?", ("yes", "no"),
                 "40")


def aware_question(facts: TableFacts) -> Question:
    """The Laws alone: a departure partner could expect is an undisclosed understanding."""
    return Question("aware", f"Did partner have more reason than the opponents to be aware of the departure "
                    f"(partner's later calls: {listed(facts.partner_later)})?", ("yes", "no"),
                    understanding_law(facts.edition))


def _laws_questions(facts: TableFacts) -> tuple[Question, ...]:
    return DELIBERATE, GROSS, aware_question(facts)


def _laws_finding(facts: TableFacts, answers: Answers) -> PsycheFinding:
    deliberate = yes(answers, DELIBERATE)
    departure = departure_from_answers(deliberate=deliberate, gross=deliberate and yes(answers, GROSS))
    given = tuple((q.key, answer(answers, q)) for q in _laws_questions(facts) if q is not GROSS or deliberate)
    aware = dict(given)["aware"] == "yes"
    law = understanding_law(facts.edition)
    adjust = (f"the score is adjusted if the opponents were damaged by the undisclosed understanding (Law {law}, "
              "Law 12)" if aware else "")
    colour = Colour.RED if aware else Colour.GREEN
    notes = () if departure is Departure.PSYCHE else (f"a {departure.value.lower()}, not a psyche",)
    return PsycheFinding(Regime.LAWS, facts.seat, facts.call, facts.call_no, departure, colour, colour,
                         facts.opening, facts.initial_action, False, False, adjust, "", "",
                         law if aware else right_to_psyche_law(facts.edition), (), notes, given)


def psyche_questions(reported: ReportedPsyche) -> tuple[Question, ...]:
    """The classification questions the regulation of the event asks about the reported call."""
    facts = reported.facts
    if reported.regime is Regime.EBU:
        return psyche_ebu.questions(facts)
    if reported.regime is Regime.ACBL:
        return psyche_acbl.questions(facts)
    return _laws_questions(facts)


def psyche_finding(reported: ReportedPsyche, answers: Answers,
                   history: PartnershipHistory = NO_HISTORY) -> PsycheFinding:
    """The finding the director's ``answers`` give, applying the regulation with the partnership's ``history``.
    A missing or unlisted answer is refused naming the question's key and its clause."""
    facts = reported.facts
    if reported.regime is Regime.EBU:
        return psyche_ebu.finding(facts, answers, history, reported.board)
    if reported.regime is Regime.ACBL:
        return psyche_acbl.finding(facts, answers, history, reported.board)
    return _laws_finding(facts, answers)
