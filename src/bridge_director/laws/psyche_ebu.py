"""The EBU psyche regulation (Orange Book 6 A-6 D, seed 000) as pure functions.

- 6 A: what is forbidden: systemic psyching and any agreement that controls a psyche (6 A 3), psyching a Multi
  2♦ opening in a Level 3 event (6 A 4; a misbid is not illegal), frivolous psyching (6 A 5).  Psyching a
  game-forcing artificial opening is no longer forbidden (6 A 6).
- 6 B: the director judges fielding objectively, by the standards of the player's peers (6 B 1, 6 B 2), and
  classifies the psyche, misbid or deviation Red (6 B 3), Amber (6 B 4) or Green (6 B 5).  Two Ambers make both
  Red (6 B 6); deviations and misbids are classified the same way (6 B 7, 6 B 8).
- 6 D: only Red changes the score (6 D 1): the result stands when the opponents scored 60% or gained 3 IMPs,
  else average plus to them and average minus to the psyching side (6 D 2); a Red *psyche* (not a Red misbid or
  deviation) adds a procedural penalty, normally the minimum standard and never less (6 D 3).

>>> escalate([Colour.AMBER, Colour.GREEN, Colour.AMBER])
(<Colour.RED: 'RED'>, <Colour.GREEN: 'GREEN'>, <Colour.RED: 'RED'>)
>>> red_board_score(Departure.PSYCHE, 45.0).offenders_net, red_board_score(Departure.MISBID, 45.0).offenders_net
(30.0, 40)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from ..errors import BridgeError
from ..model import Bid, Call, Strain
from ..model.regulation import Colour, Departure
from ..scoring.adjusted import PROFILES, AdjustedScore, ProceduralPenalty, Unit, red_psyche_score
from .law40_psyches import (
    NO_HISTORY,
    Alert,
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

#: 6 D 3: the minimum standard procedural penalty of a Red psyche, by the unit of the event
MINIMUM_PENALTY = {Unit.PERCENT: 10.0, Unit.IMPS: 2.0, Unit.VP: 0.5}
MULTI_LEVEL = 3  # 6 A 4: the event level at which a Multi 2♦ may not be psyched
FRIVOLOUS_LAWS = "74A2, 74B1, 74C6"
ORDER = (Colour.GREEN, Colour.AMBER, Colour.RED)


def escalate(findings: Sequence[Colour]) -> tuple[Colour, ...]:
    """6 B 6: when two of a partnership's psyches, misbids or deviations are found Amber, each Amber becomes Red.

    ``findings`` are the director's own classifications: a report already made Red by this rule still counts
    as an Amber found, so a third Amber joins the first two.  6 D 1 speaks of "two Amber cases" of any of the
    three departures, so all three count.
    """
    if sum(found is Colour.AMBER for found in findings) < 2:
        return tuple(findings)
    return tuple(Colour.RED if found is Colour.AMBER else found for found in findings)


def multi_forbidden(*, departure: Departure, opening: bool, call: Call, multi: bool, level: int | None,
                    board: int | None = None) -> Alert | None:
    """6 A 4: a Multi 2♦ opening may not be psyched in a Level 3 event; a misbid (or a deviation) is no psyche
    and so not illegal."""
    two_diamonds = call == Bid(2, Strain.DIAMONDS)
    if departure is not Departure.PSYCHE or not (opening and two_diamonds and multi) or level != MULTI_LEVEL:
        return None
    return Alert("EBU_MULTI_LEVEL3", "EBU 6 A 4", "2D", () if board is None else (board,),
                 "a Multi 2♦ opening may not be psyched in a Level 3 event")


def control_alert(board: int | None = None) -> Alert:
    """6 A 3: no agreement may control a psyche (a Watson double of 3NT after a psyched suit is one)."""
    return Alert("EBU_PSYCHE_CONTROL", "EBU 6 A 3", "control", () if board is None else (board,),
                 "the partnership used an agreement that controls a psyche, which is not permitted")


def systemic_alert(board: int | None = None) -> Alert:
    return Alert("EBU_SYSTEMIC", "EBU 6 A 3", "system", () if board is None else (board,),
                 "systemic psyching of any kind is not permitted")


def frivolous_alert(board: int | None = None) -> Alert:
    return Alert("EBU_FRIVOLOUS", "EBU 6 A 5", "conduct", () if board is None else (board,),
                 f"frivolous psyching is a breach of Laws {FRIVOLOUS_LAWS}")


def minimum_penalty(unit: Unit, *, vp_event: bool = False) -> tuple[float, Unit]:
    """6 D 3: 0.5 VP in a Victory Point event, else 10% or 2 IMPs."""
    penalty_unit = Unit.VP if vp_event else unit
    if penalty_unit not in MINIMUM_PENALTY:
        raise BridgeError("a Red psyche board is scored in percent or IMPs", field="unit", law="40C")
    return MINIMUM_PENALTY[penalty_unit], penalty_unit


def red_penalty(departure: Departure, unit: Unit = Unit.PERCENT, *, vp_event: bool = False,
                penalty: float | None = None) -> ProceduralPenalty | None:
    """6 D 3: the additional procedural penalty of a Red board: none unless the Red departure is a psyche;
    for a psyche the minimum standard unless the director gives more (never less)."""
    if departure is not Departure.PSYCHE:
        if penalty:
            raise BridgeError(f"EBU 6 D 3: the additional procedural penalty follows a Red psyche, not a Red "
                              f"{departure.value.lower()}", field="penalty", law="90")
        return None
    least, penalty_unit = minimum_penalty(unit, vp_event=vp_event)
    amount = least if penalty is None else penalty
    if not math.isfinite(amount) or not least <= amount <= 100:
        raise BridgeError(f"EBU 6 D 3: the penalty is at least the minimum standard of {least:g} "
                          f"{penalty_unit.value} (a director may increase it, not lower it) and at most 100, "
                          f"not {amount:g}", field="penalty", law="90")
    return ProceduralPenalty(amount, penalty_unit, f"Red {departure.value.lower()} (EBU 6 D 3)", "90")


def red_board_score(departure: Departure, opponents_result: float, unit: Unit = Unit.PERCENT, *,
                    vp_event: bool = False, penalty: float | None = None) -> AdjustedScore:
    """6 D 2 and 6 D 3: the score of a Red board.  ``opponents_result`` is the non-offenders' percentage or IMP
    gain on the board as played; the penalty is :func:`red_penalty`'s."""
    if not math.isfinite(opponents_result):
        raise BridgeError(f"the opponents' result is a number, not {opponents_result}", field="result", law="40C")
    pp = red_penalty(departure, unit, vp_event=vp_event, penalty=penalty)
    score = red_psyche_score(opponents_result, unit, authority=PROFILES["EBU"], vp_event=vp_event,
                             penalty=None if pp is None else pp.amount)
    return replace(score, penalty=pp)


def red_line(departure: Departure, opponents_percent: float, penalty: float | None = None) -> tuple[float, float]:
    """A Red board at matchpoints, in percent of a top: (the opponents', the psyching side's after the 6 D 3
    penalty)."""
    score = red_board_score(departure, opponents_percent, Unit.PERCENT, penalty=penalty)
    return score.non_offenders, score.offenders_net


# --- the director's questions at the table and the finding they give -------------------------------------------

DELIBERATE = Question("deliberate", "Was the call a deliberate mis-statement of honour strength or suit length? "
                      "(no: an inadvertent one, a misbid)", ("yes", "no"), "EBU 6 A 1")
GROSS = Question("gross", "Was the mis-statement gross (a psyche) rather than minor (a deviation)?",
                 ("yes", "no"), "EBU 6 A 1")
MULTI = Question("multi", "Is this 2♦ opening a Multi by the partnership's agreement? (a Level 3 event)",
                 ("yes", "no"), "EBU 6 A 4")
CONTROL = Question("control", "Did the partnership use an agreement that controls the psyche (for example a "
                   "double of 3NT asking partner not to lead the suit the psycher bid)?", ("yes", "no"), "EBU 6 A 3")
SYSTEMIC = Question("systemic", "Does the partnership psyche by agreement (systemic psyching)?", ("yes", "no"),
                    "EBU 6 A 3")
FRIVOLOUS = Question("frivolous", "Was the psyche frivolous (for example, the player seems to have lost interest "
                     "in the competition)?", ("yes", "no"), "EBU 6 A 5")
BOTH = Question("both", "Did both partners psyche on this hand?", ("yes", "no"), "EBU 6 B 4")
EXPLAINED = Question("explained", "Has the psycher's partner explained their actions in writing?", ("yes", "no"),
                     "EBU 6 C 2")


def fielding_question(facts: TableFacts) -> Question:
    """6 B 1-6 B 5: the classification, judged objectively on the actions after the call."""
    return Question("colour", f"Judged objectively by the standards of the player's peers, not by intent: do "
                    f"partner's later calls ({listed(facts.partner_later)}) and the player's own "
                    f"({listed(facts.own_later)}) show an unauthorised understanding?  red: enough on this board "
                    "alone; amber: some evidence, not enough of itself; green: nothing untoward",
                    ("red", "amber", "green"), "EBU 6 B 1-6 B 5")


def questions(facts: TableFacts) -> tuple[Question, ...]:
    """The questions the director answers on a call reported under the EBU regulation.  ``gross`` and
    ``frivolous`` matter only for a deliberate call; ``multi`` is asked of a 2♦ opening at Level 3."""
    asked = [DELIBERATE, GROSS]
    if facts.opening and facts.call == Bid(2, Strain.DIAMONDS) and facts.level == MULTI_LEVEL:
        asked.append(MULTI)
    return (*asked, CONTROL, SYSTEMIC, FRIVOLOUS, BOTH, EXPLAINED, fielding_question(facts))


def finding(facts: TableFacts, answers: Answers, history: PartnershipHistory = NO_HISTORY,
            board: int | None = None) -> PsycheFinding:
    """The finding the answers give under the EBU regulation, with 6 B 6 applied over ``history``."""
    deliberate = yes(answers, DELIBERATE)
    departure = departure_from_answers(deliberate=deliberate, gross=deliberate and yes(answers, GROSS))
    psyche = departure is Departure.PSYCHE
    asked = questions(facts)
    skipped = ({GROSS.key} if not deliberate else set()) | ({FRIVOLOUS.key} if not psyche else set())
    given = tuple((q.key, answer(answers, q)) for q in asked if q.key not in skipped)
    alerts: list[Alert] = []
    notes: list[str] = []
    if MULTI in asked:
        multi = yes(answers, MULTI)
        forbidden = multi_forbidden(departure=departure, opening=facts.opening, call=facts.call, multi=multi,
                                    level=facts.level, board=board)
        if forbidden is not None:
            alerts.append(forbidden)
        elif multi:
            notes.append("EBU 6 A 4: a Multi misbid or deviation is no psyche and so not illegal")
    control = yes(answers, CONTROL)
    if control:
        alerts.append(control_alert(board))
    if yes(answers, SYSTEMIC):
        alerts.append(systemic_alert(board))
    conduct = ""
    if psyche and yes(answers, FRIVOLOUS):
        alerts.append(frivolous_alert(board))
        conduct = f"EBU 6 A 5: frivolous psyching breaches Laws {FRIVOLOUS_LAWS} (a penalty under Law 90 or 91)"
    found = Colour(answer(answers, fielding_question(facts)).upper())
    if control and found is not Colour.RED:
        found = Colour.RED
        notes.append("EBU 6 A 3 and 6 B 2: an agreement that allows for the psyche is fielding: Red")
    both = yes(answers, BOTH)
    if both and found is Colour.GREEN:
        notes.append("EBU 6 B 4: both partners psyched on this hand, so at least Amber is likely to be justified")
    explained = yes(answers, EXPLAINED)
    if not explained:
        notes.append("EBU 6 C 2: partner has not explained in writing; an unexplained failure to raise may be "
                     "judged fielding" + ("" if facts.partner_raised() else f" (partner never bid "
                                          f"{facts.call} again)"))
    colour = escalate([Colour.AMBER] * history.ambers + [found])[-1]
    if colour is not found:
        notes.append(f"EBU 6 B 6: the partnership already has {history.ambers} Amber finding(s): this Amber and "
                     "each earlier one become Red")
    red = colour is Colour.RED
    adjust = ("EBU 6 D 2: the board is completed; the result stands if the opponents scored 60% or more (or "
              "gained 3 IMPs or more), else average plus to them and average minus to the psyching side"
              if red else "")
    penalty = (f"EBU 6 D 3: a procedural penalty of at least {MINIMUM_PENALTY[Unit.PERCENT]:g}% "
               f"({MINIMUM_PENALTY[Unit.IMPS]:g} IMPs; {MINIMUM_PENALTY[Unit.VP]:g} VP in a VP event)"
               if red and psyche else "")
    if red and not psyche:
        notes.append(f"EBU 6 D 3: a Red {departure.value.lower()} has no additional procedural penalty")
    if not red:
        notes.append("EBU 6 D 1: Amber or Green: no adjustment" + (" unless a second Amber follows (6 B 6)"
                                                                   if colour is Colour.AMBER else ""))
    laws = understanding_law(facts.edition) if red else right_to_psyche_law(facts.edition)
    return PsycheFinding(Regime.EBU, facts.seat, facts.call, facts.call_no, departure, found, colour,
                         facts.opening, facts.initial_action, both, explained, adjust, penalty, conduct, laws,
                         tuple(alerts), tuple(notes), given)
