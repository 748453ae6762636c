"""The ACBL psych regulation as Duplicate Decisions gives it (seed 002, "Psychs", Law 40) as pure functions.

- A psych is a deliberate and gross misstatement of honour strength or suit length; a deviation (within a queen
  of the strength, or one card of the length) is not a psych.
- Forbidden: psyching an artificial opening bid (Precision 1♣, Flannery 2♦) or a conventional response to an
  artificial opening (regulation 1); psychic controls, any agreement that makes allowance for a psych
  (regulation 2); a system that psychs on virtually every hand of a type, or frequent psychs with light initial
  actions (regulation 3).
- Frequency: three or more psychic initial actions by a partnership reported in one session: the director
  investigates and presumes excessive psyching until the players show otherwise.  A club regulates by putting
  the burden of proof on a player who makes more than two psychic calls in a session.
- What follows: disciplinary action, not a score adjustment, for excessive, frivolous or unsportsmanlike
  psyching; the score is adjusted only when partner, from previous experience, allowed for the psych (an
  undisclosed understanding implied from partnership experience).  The text fixes no scoring formula: the
  adjustment is Law 12's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Protocol

from ..model.regulation import Colour, Departure
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

SESSION_LIMIT = 3  # psychic initial actions by a partnership in a session that start the presumption
CLUB_LIMIT = 2  # psychic calls by a player in a session beyond which the burden of proof is his
DISCIPLINE = "disciplinary action (Law 91), not a score adjustment"


class ReportFacts(Protocol):
    """What the frequency rules need of a stored report."""

    @property
    def player(self) -> str: ...
    @property
    def partnership(self) -> str: ...
    @property
    def board_number(self) -> int: ...
    @property
    def departure(self) -> Departure: ...
    @property
    def initial_action(self) -> bool: ...


def excessive_alert(partnership: str, boards: tuple[int, ...]) -> Alert:
    return Alert("ACBL_EXCESSIVE", "ACBL excessive psychic bidding", partnership, boards,
                 f"{len(boards)} psychic initial actions by {partnership} reported in one session: the director "
                 "investigates; excessive psyching is presumed until the players show they held a string of hands "
                 "unusually suited to psychs")


def club_alert(player: str, boards: tuple[int, ...]) -> Alert:
    return Alert("CLUB_MORE_THAN_TWO", "ACBL note to club managers", player, boards,
                 f"{player} made {len(boards)} psychic calls in one session (more than two): the burden is on the "
                 "player to prove the psyching is not excessive, frivolous or unsportsmanlike")


def session_alerts(reports: Iterable[ReportFacts]) -> list[Alert]:
    """The frequency triggers over the reports of one session.  Only psychs count: misbids and deviations are
    not psychs; a response after partner's opening is not an initial action."""
    by_partnership: dict[str, list[int]] = defaultdict(list)
    by_player: dict[str, list[int]] = defaultdict(list)
    shown: dict[str, str] = {}
    for report in reports:
        if report.departure is not Departure.PSYCHE:
            continue
        player, partnership = report.player.casefold(), report.partnership.casefold()
        shown.setdefault(player, report.player)
        shown.setdefault(partnership, report.partnership)
        by_player[player].append(report.board_number)
        if report.initial_action:
            by_partnership[partnership].append(report.board_number)
    alerts = [excessive_alert(shown[key], tuple(boards)) for key, boards in by_partnership.items()
              if len(boards) >= SESSION_LIMIT]
    alerts += [club_alert(shown[key], tuple(boards)) for key, boards in by_player.items() if len(boards) > CLUB_LIMIT]
    return alerts


def artificial_opening_alert(call: str, board: int | None = None) -> Alert:
    return Alert("ACBL_ARTIFICIAL_OPENING", "ACBL psych regulation 1", call, () if board is None else (board,),
                 f"an artificial opening bid ({call}) may not be psyched")


def conventional_response_alert(call: str, board: int | None = None) -> Alert:
    return Alert("ACBL_CONVENTIONAL_RESPONSE", "ACBL psych regulation 1", call, () if board is None else (board,),
                 f"a conventional response ({call}) to an artificial opening may not be psyched")


def forbidden(*, departure: Departure, opening: bool, artificial: bool, conventional_response: bool, call: str,
              board: int | None = None) -> Alert | None:
    """Regulation 1 on a recorded call: only a psych is checked (a deviation or misbid is no psych)."""
    if departure is not Departure.PSYCHE:
        return None
    if opening and artificial:
        return artificial_opening_alert(call, board)
    if conventional_response:
        return conventional_response_alert(call, board)
    return None


# --- the director's questions at the table and the finding they give -------------------------------------------

DELIBERATE = Question("deliberate", "Was the call a deliberate misstatement of honour strength or suit length? "
                      "(no: an inadvertent one, a misbid)", ("yes", "no"), "40")
GROSS = Question("gross", "Was it gross: strength more than a queen from the agreement, or the suit more than one "
                 "card from the agreed length? (no: a deviation, which is not a psych)", ("yes", "no"), "40")
ARTIFICIAL = Question("artificial", "Is the opening artificial by agreement (for example Precision 1♣ or "
                      "Flannery 2♦)?", ("yes", "no"), "ACBL psych regulation 1")
CONTROL = Question("control", "Does the partnership have an agreement that makes allowance for a psych (for "
                   "example, opener may not raise a supposedly natural 2♠ response to a weak two)?", ("yes", "no"),
                   "ACBL psych regulation 2")
SYSTEMIC = Question("systemic", "Does the partnership's system call for psyching on virtually every hand of a "
                    "type, or combine frequent psychs with light initial actions?", ("yes", "no"),
                    "ACBL psych regulation 3")
FRIVOLOUS = Question("frivolous", "Was the psych inspired by malicious mischief or a lack of will to win?",
                     ("yes", "no"), "ACBL frivolous psychic bidding")
UNSPORTSMANLIKE = Question("unsportsmanlike", "Was it meant to give the opponents an abnormal chance of a good "
                           "score, made against a pair in contention or against inexperienced players, or only to "
                           "create action?", ("yes", "no"), "ACBL unsportsmanlike psychic bidding")


def response_question(facts: TableFacts) -> Question:
    return Question("conventional", f"Is partner's opening {facts.partner_opening} artificial, and {facts.call} a "
                    "conventional response to it?", ("yes", "no"), "ACBL psych regulation 1")


def experience_question(facts: TableFacts) -> Question:
    return Question("experience", f"From previous experience, did partner have a better chance than the opponents "
                    f"of catching the departure, and allow for it (partner's later calls: "
                    f"{listed(facts.partner_later)})?", ("yes", "no"), understanding_law(facts.edition))


def questions(facts: TableFacts) -> tuple[Question, ...]:
    """The questions the director answers on a call reported under the ACBL regulation; ``gross`` matters only
    for a deliberate call, and the regulations and conduct questions only for a psych."""
    asked = [DELIBERATE, GROSS]
    if facts.opening:
        asked.append(ARTIFICIAL)
    if facts.partner_opening is not None:
        asked.append(response_question(facts))
    return (*asked, CONTROL, SYSTEMIC, FRIVOLOUS, UNSPORTSMANLIKE, experience_question(facts))


PSYCH_ONLY = ("artificial", "conventional", "control", "systemic", "frivolous", "unsportsmanlike")


def finding(facts: TableFacts, answers: Answers, history: PartnershipHistory = NO_HISTORY,
            board: int | None = None) -> PsycheFinding:
    """The finding the answers give under the ACBL regulation, with the session's earlier psychs in ``history``."""
    deliberate = yes(answers, DELIBERATE)
    departure = departure_from_answers(deliberate=deliberate, gross=deliberate and yes(answers, GROSS))
    psych = departure is Departure.PSYCHE
    asked = questions(facts)
    skipped = ({GROSS.key} if not deliberate else set()) | (set(PSYCH_ONLY) if not psych else set())
    given = dict((q.key, answer(answers, q)) for q in asked if q.key not in skipped)
    alerts: list[Alert] = []
    notes: list[str] = []
    conduct: list[str] = []
    if psych:
        if given.get("artificial") == "yes":
            alerts.append(artificial_opening_alert(str(facts.call), board))
        if given.get("conventional") == "yes":
            alerts.append(conventional_response_alert(str(facts.call), board))
        if given["control"] == "yes":
            alerts.append(Alert("ACBL_PSYCHIC_CONTROL", "ACBL psych regulation 2", "control",
                                () if board is None else (board,), "psychic controls are not allowed"))
        if given["systemic"] == "yes":
            alerts.append(Alert("ACBL_SYSTEMIC", "ACBL psych regulation 3", "system", () if board is None else (board,),
                                "a system that psychs on virtually every hand of a type, or frequent psychs with "
                                "light initial actions, is not permitted"))
        boards = () if board is None else (board,)
        if facts.initial_action and history.session_initial_psychs + 1 >= SESSION_LIMIT:
            alerts.append(excessive_alert("the partnership", boards))
            conduct.append("excessive psychic bidding presumed")
        if history.player_session_psychs + 1 > CLUB_LIMIT:
            alerts.append(club_alert("the player", boards))
        if given["frivolous"] == "yes":
            conduct.append("frivolous psychic bidding")
        if given["unsportsmanlike"] == "yes":
            conduct.append("unsportsmanlike psychic bidding")
    elif departure is Departure.DEVIATION:
        notes.append("a deviation is not a psych; frequent deviations may show an undisclosed implied agreement")
    else:
        notes.append("a misbid is not a psych")
    if history.earlier_psychs:
        notes.append(f"the partnership has {history.earlier_psychs} earlier psych(s) in the register: continued "
                     "psyching can create an understanding implied from partnership experience")
    adjusted = given["experience"] == "yes"
    law = understanding_law(facts.edition)
    adjust = (f"the result may be adjusted (Law 12C): an undisclosed understanding implied from partnership "
              f"experience (Law {law})" if adjusted else "")
    colour = Colour.RED if adjusted else Colour.GREEN
    return PsycheFinding(Regime.ACBL, facts.seat, facts.call, facts.call_no, departure, colour, colour,
                         facts.opening, facts.initial_action, False, False, adjust, "",
                         f"{', '.join(conduct)}: {DISCIPLINE}" if conduct else "",
                         law if adjusted else right_to_psyche_law(facts.edition), tuple(alerts), tuple(notes),
                         tuple(given.items()))
