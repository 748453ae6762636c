"""The psyche register: reports of psyches, misbids and deviations, the director's findings and the rulings
they lead to.  It stores; the regulation of the event's authority decides (``laws.psyche_ebu``,
``laws.psyche_acbl``, or Law 40 alone: ``laws.law40_psyches``).

- A partnership is found by its two players' names, in either order and whatever their case, across every
  session, event and club of the register (:func:`partnership_history`).
- EBU: each report keeps the director's own finding; EBU 6 B 6 is applied over the partnership's whole history
  of reports in EBU events (two Amber findings make every Amber Red, and a finding lowered later undoes what it
  caused).  A Red report gets a ruling under Law 40C1.  When its board's result is stored in a matchpoint
  section of the session, that ruling is the result's ``RedPsyche`` decision (``club.decisions``), so scoring
  the session applies 6 D 2 and the 6 D 3 penalty, once; otherwise :func:`rescore_red` records the score.
- ACBL and every other authority: no Amber; Red means the score is to be adjusted for an undisclosed
  understanding (Law 12).  In ACBL events the frequency triggers are raised per session.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..errors import ConflictError, RegisterError
from ..laws.law40_psyches import Alert, PartnershipHistory, PsycheFinding, Regime, partnership_fold, partnership_key
from ..laws.psyche_acbl import forbidden as acbl_forbidden
from ..laws.psyche_acbl import session_alerts
from ..laws.psyche_ebu import escalate, multi_forbidden, red_board_score
from ..model import Call
from ..register.models import (
    Board,
    Event,
    EventSession,
    PsycheReport,
    ResultRuling,
    Ruling,
    SessionResult,
    WorkflowStep,
)
from ..register.stored_rulings import new_ruling
from ..register.values import Authority, Colour, Departure, Side
from ..scoring.adjusted import AdjustedScore as ScoreOfRed
from ..scoring.adjusted import Unit
from .adjustments import revise_ruling, rule_on_result
from .decisions import RedPsyche

RED_PSYCHE_LAW = "40C1"
WHY = "Why is it Red?"


@dataclass(frozen=True)
class PsycheOutcome:
    """What recording or classifying a report led to."""

    report: PsycheReport
    alerts: tuple[Alert, ...]
    turned_red: tuple[PsycheReport, ...]
    notes: tuple[str, ...]


def regime_of(session: EventSession) -> Regime:
    return Regime.of(session.event.authority)


def _check_colour(regime: Regime, colour: Colour) -> None:
    if regime is not Regime.EBU and colour is Colour.AMBER:
        raise RegisterError(f"{regime.value} has no Amber: Red when the score is to be adjusted for an undisclosed "
                            "understanding, else Green", field="colour", law="40")


def _same_report(db: Session, session: EventSession, board_number: int, player: str,
                 call: str) -> PsycheReport | None:
    rows = db.scalars(select(PsycheReport).where(PsycheReport.session_id == session.id,
                                                 PsycheReport.board_number == board_number,
                                                 PsycheReport.call == call))
    return next((r for r in rows if r.player.casefold() == player.casefold()), None)


def record_psyche(db: Session, *, session: EventSession, board_number: int, player: str, partner: str, call: str,
                  departure: Departure, colour: Colour = Colour.GREEN, initial_action: bool = False,
                  both_partners: bool = False, meaning: str = "", partner_explanation: str | None = None,
                  director: str = "TD", opening: bool = False, artificial: bool = False,
                  conventional_response: bool = False) -> PsycheOutcome:
    """Record a reported psyche, misbid or deviation (EBU 6 C 1) with the director's classification, and apply
    the event's regulation to it and to the partnership's history.

    ``opening``: the call opened the bidding; ``artificial``: it is artificial by agreement (``meaning`` says
    how; a ``Multi`` 2♦ is named there); ``conventional_response``: a conventional response to partner's
    artificial opening.  The same call recorded again for the same board and player is the same report.
    """
    parsed = Call.parse(call)
    if board_number < 1:
        raise RegisterError(f"board number must be 1 or more, not {board_number}", field="board")
    key = partnership_key(player, partner)
    regime = regime_of(session)
    _check_colour(regime, colour)
    again = _same_report(db, session, board_number, " ".join(player.split()), str(parsed))
    if again is not None:
        if (again.departure, _finding(again)) != (departure, colour):
            raise ConflictError(f"report {again.id} already records {again.call} on board {board_number} by "
                                f"{again.player}: classify that report instead", field="report")
        return PsycheOutcome(again, tuple(_alerts(db, again)), (), (f"already recorded as report {again.id}",))
    report = PsycheReport(session=session, board_number=board_number, player=" ".join(player.split()),
                          partner=" ".join(partner.split()), partnership=key, call=str(parsed),
                          meaning=meaning.strip(), departure=departure, colour=colour,
                          initial_action=initial_action, both_partners=both_partners, escalated=False,
                          partner_explanation=partner_explanation)
    db.add(report)
    db.flush()
    _link(db, report)
    alerts: list[Alert] = []
    notes: list[str] = []
    if regime is Regime.EBU:
        multi = multi_forbidden(departure=departure, opening=opening, call=parsed,
                                multi="multi" in report.meaning.casefold(), level=session.event.level,
                                board=board_number)
        if multi is not None:
            alerts.append(multi)
        if both_partners and colour is Colour.GREEN:
            notes.append("EBU 6 B 4: both partners departed from their methods on this hand, so at least Amber is "
                         "likely to be justified")
        if not partner_explanation:
            notes.append("EBU 6 C 2: the partner has not explained in writing; unexplained actions (a failure to "
                         "raise above all) may be judged fielding")
        if opening and artificial and departure is Departure.PSYCHE:
            notes.append("EBU 6 A 6: psyching an artificial opening, even a game-forcing one, is not forbidden")
    elif regime is Regime.ACBL:
        forbidden = acbl_forbidden(departure=departure, opening=opening, artificial=artificial,
                                   conventional_response=conventional_response, call=str(parsed),
                                   board=board_number)
        if forbidden is not None:
            alerts.append(forbidden)
        earlier = [r for r in partnership_history(db, key)
                   if r.departure is Departure.PSYCHE and r.session_id != session.id]
        if earlier:
            notes.append(f"{len(earlier)} earlier psych(s) by this partnership in the register: continued psyching "
                         "can create an understanding implied from partnership experience")
    alerts += _alerts(db, report)
    turned_red = _apply_colours(db, key, director)
    return PsycheOutcome(report, tuple(alerts), turned_red, tuple(notes))


def record_finding(db: Session, *, session: EventSession, board_number: int, player: str, partner: str,
                   finding: PsycheFinding, meaning: str = "", partner_explanation: str | None = None,
                   director: str = "TD") -> PsycheOutcome:
    """Store the finding the table's questions gave (``laws.psyche_report.psyche_finding``); its alerts and
    notes come back with the register's own.  The finding must be made under the session's regulation."""
    if finding.regime is not regime_of(session):
        raise RegisterError(f"the finding was made under {finding.regime.value}, but {session.event.name} is "
                            f"played under {regime_of(session).value}", field="regime", law="40")
    outcome = record_psyche(db, session=session, board_number=board_number, player=player, partner=partner,
                            call=str(finding.call), departure=finding.departure, colour=finding.found,
                            initial_action=finding.initial_action, both_partners=finding.both_partners,
                            meaning=meaning, partner_explanation=partner_explanation, director=director)
    counted = {a.code for a in outcome.alerts}  # the register's count of the session names every board
    alerts = (*(a for a in finding.alerts if a.code not in counted), *outcome.alerts)
    return PsycheOutcome(outcome.report, alerts, outcome.turned_red, (*finding.notes, *outcome.notes))


def history_of(db: Session, session: EventSession, player: str, partner: str) -> PartnershipHistory:
    """What the register holds on a partnership before a new report in ``session``: its Amber findings in EBU
    events, its psychic initial actions and the player's psychic calls in the session, its psyches elsewhere."""
    reports = partnership_history(db, partnership_key(player, partner))
    here = [r for r in reports if r.session_id == session.id and r.departure is Departure.PSYCHE]
    return PartnershipHistory(
        ambers=sum(_finding(r) is Colour.AMBER for r in reports if r.session.event.authority is Authority.EBU),
        session_initial_psychs=sum(r.initial_action for r in here),
        player_session_psychs=sum(r.player.casefold() == " ".join(player.split()).casefold() for r in here),
        earlier_psychs=sum(r.departure is Departure.PSYCHE and r.session_id != session.id for r in reports))


def get_report(db: Session, report_id: int) -> PsycheReport:
    report = db.get(PsycheReport, report_id)
    if report is None:
        raise RegisterError(f"no psyche report number {report_id}", field="report")
    return report


def classify(db: Session, report_id: int, colour: Colour, director: str = "TD") -> PsycheOutcome:
    """Record the director's (new) finding on a report, then apply EBU 6 B 6 again over the partnership's
    history: a second Amber makes both Red; a finding lowered takes back the Red it caused."""
    report = get_report(db, report_id)
    _check_colour(regime_of(report.session), colour)
    report.colour = colour
    report.escalated = False
    db.flush()
    turned_red = _apply_colours(db, report.partnership, director)
    return PsycheOutcome(report, tuple(_alerts(db, report)), turned_red, ())


def _finding(report: PsycheReport) -> Colour:
    """The director's own finding: a report made Red by 6 B 6 was found Amber."""
    return Colour.AMBER if report.escalated else report.colour


def _alerts(db: Session, report: PsycheReport) -> list[Alert]:
    """The frequency triggers of the report's session, in ACBL events."""
    if regime_of(report.session) is not Regime.ACBL:
        return []
    return session_alerts(db.scalars(select(PsycheReport).where(PsycheReport.session_id == report.session_id)
                                      .order_by(PsycheReport.id)))


def _apply_colours(db: Session, partnership: str, director: str) -> tuple[PsycheReport, ...]:
    """EBU 6 B 6 over the partnership's reports in EBU events, then each report's ruling brought in line with its
    colour; the reports whose Red ruling was put in force now."""
    reports = partnership_history(db, partnership)
    ebu = [r for r in reports if r.session.event.authority is Authority.EBU]
    findings = [_finding(r) for r in ebu]
    for report, found, colour in zip(ebu, findings, escalate(findings), strict=True):
        report.colour = colour
        report.escalated = colour is not found
    turned = [report for report in reports if _sync_ruling(db, report, director)]
    db.flush()
    return tuple(turned)


def _link(db: Session, report: PsycheReport) -> None:
    """Link the report to its board of the session and to the result its partnership played there, if stored."""
    report.board_id = db.scalar(select(Board.id).where(Board.session_id == report.session_id,
                                                       Board.number == report.board_number))
    rows = db.scalars(select(SessionResult).where(SessionResult.board_id == report.board_id)
                      .order_by(SessionResult.id)) if report.board_id is not None else ()
    report.result_id = next((row.id for row in rows if _side_of(row, report.partnership) is not None), None)


def _stored_result(db: Session, report: PsycheReport) -> tuple[SessionResult, str] | None:
    """The report's board as played by its partnership in a matchpoint section of the session, with their side."""
    rows = db.scalars(select(SessionResult).join(Board, SessionResult.board_id == Board.id)
                      .where(Board.session_id == report.session_id, Board.number == report.board_number)
                      .order_by(SessionResult.id))
    for row in rows:
        side = _side_of(row, report.partnership)
        if side is not None and row.section.method == "mp":
            return row, side
    return None


def _side_of(row: SessionResult, partnership: str) -> str | None:
    wanted = partnership_fold(partnership)
    for side, pair in (("NS", row.ns_pair), ("EW", row.ew_pair)):
        if pair.player1 is None or pair.player2 is None:
            continue  # a pair of uploaded travellers, its players not named
        names = (pair.player1.name, pair.player2.name)
        if names[0].casefold() != names[1].casefold() and partnership_fold(partnership_key(*names)) == wanted:
            return side
    return None


def _result_link(db: Session, ruling: Ruling) -> ResultRuling | None:
    return db.scalars(select(ResultRuling).where(ResultRuling.ruling_id == ruling.id,
                                                 ResultRuling.active.is_(True))).first()


def _red_decision(report: PsycheReport, side: str) -> RedPsyche:
    return RedPsyche(side, report.departure.value.lower())


def _sync_ruling(db: Session, report: PsycheReport, director: str) -> bool:
    """Bring the report's ruling in line with its colour; True when a Red ruling was put in force."""
    ruling = report.ruling
    link = None if ruling is None else _result_link(db, ruling)
    if report.colour is Colour.RED:
        if ruling is None:
            report.ruling = _red_ruling(db, report, director)
            return True
        if link is not None and link.decision.get("kind") != "red-psyche":
            side = _side_of(link.result, report.partnership)
            if side is not None:
                revise_ruling(db, ruling.id, _red_decision(report, side))
                _step(ruling, WHY, f"report {report.id} is Red again: {_why_red(report)}")
                return True
        return False
    if ruling is None:
        return False
    lowered = f"Report {report.id} is now {report.colour.value}: no adjustment (EBU 6 D 1)"
    sharing = db.scalars(select(PsycheReport).where(PsycheReport.ruling_id == ruling.id, PsycheReport.id != report.id))
    if any(other.colour is Colour.RED for other in sharing):
        report.ruling = None  # the board stays Red for the other report of the same ruling
        return False
    if link is not None:
        if link.decision.get("kind") == "red-psyche":
            revise_ruling(db, ruling.id, None)
            _step(ruling, "Is the report still Red?", lowered)
        return False
    if any(step.question == RESCORE for step in ruling.steps):
        raise RegisterError(f"report {report.id}: its board was re-scored as Red under ruling {ruling.id}; correct "
                            "that ruling (Law 82C) before lowering the classification", field="colour", law="82C")
    ruling.decision = f"Withdrawn. {lowered}."
    _step(ruling, "Is the report still Red?", lowered)
    report.ruling = None
    return False


def _step(ruling: Ruling, question: str, answer: str) -> None:
    ruling.steps.append(WorkflowStep(position=len(ruling.steps) + 1, question=question, answer=answer,
                                     evidence={}))


def _why_red(report: PsycheReport) -> str:
    regime = regime_of(report.session)
    if regime is Regime.EBU:
        return ("a second Amber for the partnership makes both Red (EBU 6 B 6)" if report.escalated
                else "the partnership's actions show an unauthorised understanding (EBU 6 B 3)")
    if regime is Regime.ACBL:
        return ("partner allowed for the psych from previous experience: an undisclosed understanding implied "
                "from partnership experience (ACBL Duplicate Decisions)")
    return "partner had more reason than the opponents to expect it: an undisclosed understanding (Law 40C1)"


def _red_ruling(db: Session, report: PsycheReport, director: str) -> Ruling:
    facts = (f"{report.player} made a {report.departure.value.lower()} of {report.call} on board "
             f"{report.board_number} ({report.session.event.name}, session {report.session.name}); partner "
             f"{report.partner}")
    why = _why_red(report)
    if regime_of(report.session) is not Regime.EBU:
        return new_ruling(db, kind="psyche", director=director, laws=RED_PSYCHE_LAW, facts=facts,
                          decision=f"Red: {why}. The score is to be adjusted under Law 12.")
    stored = _stored_result(db, report)
    if stored is not None:
        row, side = stored
        try:
            ruling = rule_on_result(db, row.id, director=director, laws=RED_PSYCHE_LAW, facts=facts,
                                    decision=_red_decision(report, side), kind="psyche")
        except ConflictError:
            pass  # the result already has another ruling: the Red one is recorded apart, below
        else:
            if not any(step.question == WHY for step in ruling.steps):
                _step(ruling, WHY, why)
            return ruling
    penalty = (", with a procedural penalty as 6 D 3" if report.departure is Departure.PSYCHE
               else "; no procedural penalty (6 D 3 follows a Red psyche only)")
    return new_ruling(db, kind="psyche", director=director, laws=RED_PSYCHE_LAW, facts=facts,
                      decision=f"Red: {why}. Score to be adjusted as EBU 6 D 2{penalty}.")


def list_reports(db: Session, *, event: str | None = None) -> list[PsycheReport]:
    """Reports in the order recorded, optionally of one event."""
    query = select(PsycheReport).join(EventSession).join(Event).order_by(PsycheReport.id)
    if event:
        query = query.where(Event.name == event)
    return list(db.scalars(query))


def partnership_history(db: Session, partnership: str) -> list[PsycheReport]:
    """Every report of a partnership, oldest first, across sessions, events and clubs: its two players in either
    order, whatever the case or spacing of their names."""
    first, _, second = partnership.partition("&")
    wanted = partnership_fold(partnership_key(first, second) if second.strip() else partnership)
    keys = [k for k in db.scalars(select(PsycheReport.partnership).distinct()) if partnership_fold(k) == wanted]
    if not keys:
        return []
    return list(db.scalars(select(PsycheReport).where(PsycheReport.partnership.in_(keys))
                           .order_by(PsycheReport.reported_at, PsycheReport.id)))


#: the step that records the score of a Red board not scored from a stored section
RESCORE = "How is the Red board scored (EBU 6 D 2, 6 D 3)?"


def rescore_red(db: Session, report_id: int, *, offenders: Side, opponents_result: float, unit: Unit = Unit.PERCENT,
                vp_event: bool = False, penalty: float | None = None) -> ScoreOfRed:
    """Record the score of a Red board (EBU 6 D 2) with the procedural penalty of a Red psyche (6 D 3) on its
    ruling (a step with the figures, and the decision's text), for a board whose result is in no section of the
    register: a result that is stored is scored by its ``RedPsyche`` decision instead.

    ``opponents_result`` is the non-offenders' percentage or IMP gain on the board; ``offenders`` the side the
    psyching partnership sat; ``penalty`` a larger penalty than the minimum standard.  Recording the same score
    again changes nothing; a different one is refused (the ruling is corrected instead).
    """
    report = get_report(db, report_id)
    authority = report.session.event.authority
    if authority is not Authority.EBU:
        raise RegisterError(f"EBU 6 D 2 scores Red boards of EBU events; under {authority.value} the score is "
                            "adjusted under Law 12 on the ruling", field="authority", law="40C1")
    if report.colour is not Colour.RED or report.ruling is None:
        raise RegisterError(f"report {report_id} is {report.colour.value}: only a Red board is re-scored "
                            "(EBU 6 D 1)", field="colour")
    ruling = report.ruling
    if _result_link(db, ruling) is not None:
        raise RegisterError(f"board {report.board_number} is scored from its stored session: ruling {ruling.id}'s "
                            "decision already applies EBU 6 D 2 and 6 D 3", field="report")
    score = red_board_score(report.departure, opponents_result, unit, vp_event=vp_event, penalty=penalty)
    non_offenders = Side.EW if offenders is Side.NS else Side.NS
    figures = {"opponents_result": opponents_result, "unit": score.unit.value, "offenders": offenders.value,
               non_offenders.value: score.non_offenders, offenders.value: score.offenders,
               "penalty": None if score.penalty is None else score.penalty.amount}
    done = next((step for step in ruling.steps if step.question == RESCORE), None)
    if done is not None:
        if done.evidence == figures:
            return score
        raise ConflictError(f"report {report_id}'s board was already re-scored under ruling {ruling.id}; an appeal "
                            "or the director's correction (Law 82C) changes it", field="report")
    ruling.steps.append(WorkflowStep(position=len(ruling.steps) + 1, question=RESCORE, answer=score.explain(),
                                     evidence=figures))
    given = (f"N-S {figures['NS']:g} {score.unit.value}, E-W {figures['EW']:g} {score.unit.value} "
             f"(Law {score.law})")
    if score.penalty is not None:
        given += (f"; a procedural penalty of {score.penalty.amount:g} {score.penalty.unit.value} to "
                  f"{report.partnership} ({score.penalty.law}: {score.penalty.reason})")
    ruling.decision = f"{ruling.decision}\n\nScored as EBU 6 D 2: {given}." if ruling.decision else given
    db.flush()
    return score
