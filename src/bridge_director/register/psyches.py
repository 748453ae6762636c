"""The psyche register: record and classify psyches, misbids and deviations; escalate; raise alerts.

EBU 6 B 6: a second Amber for a partnership (in the same event, where its scores can still be adjusted) makes
both Red; each Red report gets a ruling (Law 40C1, concealed understanding) to which its adjusted score links.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..errors import RegisterError
from ..model import Call
from ..scoring.adjusted import AdjustedScore as ScoreOfRed
from ..scoring.adjusted import Unit, red_psyche_score
from .models import Event, EventSession, PsycheReport, Ruling, WorkflowStep
from .psyche_rules import (
    Alert,
    escalate,
    forbidden_psyche,
    minimum_colour,
    more_severe,
    partnership_key,
    session_alerts,
)
from .rulings import add_penalty, adjust_score, new_ruling
from .values import Colour, Departure, PenaltyKind, Side

RED_PSYCHE_LAW = "40C1"


@dataclass(frozen=True)
class PsycheOutcome:
    """What recording or classifying a report led to."""

    report: PsycheReport
    alerts: tuple[Alert, ...]
    turned_red: tuple[PsycheReport, ...]
    notes: tuple[str, ...]


def record_psyche(db: Session, *, session: EventSession, board_number: int, player: str, partner: str, call: str,
                  departure: Departure, colour: Colour = Colour.GREEN, initial_action: bool = False,
                  both_partners: bool = False, meaning: str = "", partner_explanation: str | None = None,
                  director: str = "TD") -> PsycheOutcome:
    """Record a reported psyche, misbid or deviation (EBU 6 C 1) and apply the regulations to it."""
    parsed = Call.parse(call)
    if board_number < 1:
        raise RegisterError(f"board number must be 1 or more, not {board_number}", field="board")
    report = PsycheReport(session=session, board_number=board_number, player=player.strip(),
                          partner=partner.strip(), partnership=partnership_key(player, partner), call=str(parsed),
                          meaning=meaning.strip(), departure=departure,
                          colour=more_severe(colour, minimum_colour(both_partners=both_partners)),
                          initial_action=initial_action, both_partners=both_partners, escalated=False,
                          partner_explanation=partner_explanation)
    db.add(report)
    db.flush()
    notes: list[str] = []
    if report.colour is not colour:
        notes.append("EBU 6 B 4: both partners departed from their methods on this hand, so at least Amber")
    if not partner_explanation:
        notes.append("EBU 6 C 2: the partner has not explained in writing; unexplained actions may be "
                     "adjudged fielding")
    event = session.event
    alerts = list(session_alerts(_session_reports(db, session)))
    forbidden = forbidden_psyche(authority=event.authority, level=event.level, call=parsed, meaning=report.meaning,
                                 departure=departure, initial_action=initial_action)
    if forbidden is not None:
        alerts.insert(0, forbidden)
    turned_red = _apply_colours(db, event, report.partnership, director)
    return PsycheOutcome(report, tuple(alerts), turned_red, tuple(notes))


def get_report(db: Session, report_id: int) -> PsycheReport:
    report = db.get(PsycheReport, report_id)
    if report is None:
        raise RegisterError(f"no psyche report number {report_id}", field="report")
    return report


def classify(db: Session, report_id: int, colour: Colour, director: str = "TD") -> PsycheOutcome:
    """Classify (or re-classify) a report after investigation, then re-apply the two-Amber rule."""
    report = get_report(db, report_id)
    if report.escalated and colour is not Colour.RED:
        raise RegisterError("this report was made Red by a second Amber (EBU 6 B 6); record a new ruling "
                            "instead of lowering it", field="colour")
    report.colour = more_severe(colour, minimum_colour(both_partners=report.both_partners))
    db.flush()
    turned_red = _apply_colours(db, report.session.event, report.partnership, director)
    return PsycheOutcome(report, tuple(session_alerts(_session_reports(db, report.session))), turned_red, ())


def _session_reports(db: Session, session: EventSession) -> list[PsycheReport]:
    return list(db.scalars(select(PsycheReport).where(PsycheReport.session_id == session.id)
                           .order_by(PsycheReport.id)))


def _apply_colours(db: Session, event: Event, partnership: str, director: str) -> tuple[PsycheReport, ...]:
    """Escalate Ambers (6 B 6) and give each Red report without one a ruling; return those turned Red now."""
    reports = list(db.scalars(select(PsycheReport).join(EventSession)
                              .where(EventSession.event_id == event.id, PsycheReport.partnership == partnership)
                              .order_by(PsycheReport.id)))
    turned: list[PsycheReport] = []
    for report, colour in zip(reports, escalate([r.colour for r in reports]), strict=True):
        if colour is not report.colour:
            report.colour = colour
            report.escalated = True
        if report.colour is Colour.RED and report.ruling is None:
            report.ruling = _red_ruling(db, report, director)
            turned.append(report)
    db.flush()
    return tuple(turned)


def _red_ruling(db: Session, report: PsycheReport, director: str) -> Ruling:
    why = ("a second Amber for the partnership makes both Red (EBU 6 B 6)" if report.escalated
           else "the partnership's actions show an unauthorised understanding (EBU 6 B 3)")
    return new_ruling(
        db, kind="psyche", director=director, laws=RED_PSYCHE_LAW,
        facts=f"{report.player} made a {report.departure.value.lower()} of {report.call} on board "
              f"{report.board_number}; partner {report.partner}",
        decision=f"Red: {why}. Score to be adjusted as EBU 6 D 2, with a procedural penalty as 6 D 3.")


def list_reports(db: Session, *, event: str | None = None) -> list[PsycheReport]:
    """Reports in the order recorded, optionally of one event."""
    query = select(PsycheReport).join(EventSession).join(Event).order_by(PsycheReport.id)
    if event:
        query = query.where(Event.name == event)
    return list(db.scalars(query))


def partnership_history(db: Session, partnership: str) -> list[PsycheReport]:
    """Every report for a partnership across all events, oldest first."""
    return list(db.scalars(select(PsycheReport).where(PsycheReport.partnership == partnership)
                           .order_by(PsycheReport.reported_at, PsycheReport.id)))


def rescore_red(db: Session, report_id: int, *, offenders: Side, opponents_result: float, unit: Unit = Unit.PERCENT,
                vp_event: bool = False) -> ScoreOfRed:
    """Score the board of a Red report (EBU 6 D 2) with its procedural penalty (6 D 3), linked to its ruling.

    ``opponents_result`` is the non-offenders' percentage or IMP gain on the board; ``offenders`` is the side
    the psyching partnership sat.  The scoring rule is :func:`bridge_director.scoring.adjusted.red_psyche_score`.
    """
    report = get_report(db, report_id)
    if report.colour is not Colour.RED or report.ruling is None:
        raise RegisterError(f"report {report_id} is {report.colour.value}: only a Red board is re-scored "
                            "(EBU 6 D 1)", field="colour")
    score = red_psyche_score(opponents_result, unit, vp_event=vp_event)
    ruling = report.ruling
    non_offenders = Side.EW if offenders is Side.NS else Side.NS
    adjust_score(db, ruling, non_offenders, f"{score.non_offenders:g} {score.unit.value}", law=score.law)
    adjust_score(db, ruling, offenders, f"{score.offenders:g} {score.unit.value}", law=score.law)
    ruling.steps.append(WorkflowStep(position=len(ruling.steps) + 1, question="How is the Red board scored "
                                     "(EBU 6 D 2, 6 D 3)?", answer=score.explain(),
                                     evidence={"opponents_result": opponents_result, "unit": score.unit.value}))
    if score.penalty is not None:
        add_penalty(db, kind=PenaltyKind.PROCEDURAL, law=score.penalty.law, offender=report.partnership,
                    amount=f"{score.penalty.amount:g} {score.penalty.unit.value}", reason=score.penalty.reason,
                    ruling=ruling)
    db.flush()
    return score
