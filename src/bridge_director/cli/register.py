"""The register's commands: ``ruling new|show|list``, ``psyche add|classify|list|history|rescore``,
``register export|import``.  ``ruling result|penalty|appeal|written`` (rulings that reach a score) are in
``result_rulings``.

The database is ``BRIDGE_DIRECTOR_DB`` (a ``postgresql://`` URL) or else a SQLite file in the user's data
directory.
"""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, TypeVar

import typer
from sqlalchemy import select

from ..club.decisions import decision_from_json
from ..club.psyche_rules import parse_partnership
from ..club.psyches import PsycheOutcome, classify, list_reports, partnership_history, record_psyche, rescore_red
from ..errors import RegisterError
from ..io.text import read_json, read_text
from ..model.numbers import BOARD_IMPS, BOARD_LIMIT, ID_LIMIT
from ..register import Authority, Colour, Departure, PsycheReport, Register, Side
from ..register.events import ensure_event, ensure_session
from ..register.models import ResultRuling, SessionPenalty
from ..register.stored_rulings import get_ruling, list_rulings, record_ruling
from ..register.transfer import export_register, import_register
from ..scoring.adjusted import Unit
from .base import app
from .bounds import Real, Whole
from .describe import pair_text, result_text

ruling_app = typer.Typer(no_args_is_help=True, help="Rulings: facts, laws, decisions on results, penalties, appeals.")
psyche_app = typer.Typer(no_args_is_help=True, help="The psyche register (EBU 6; ACBL psych regulations).")
register_app = typer.Typer(no_args_is_help=True, help="The whole register as JSON.")
app.add_typer(ruling_app, name="ruling")
app.add_typer(psyche_app, name="psyche")
app.add_typer(register_app, name="register")

E = TypeVar("E", bound=StrEnum)


def _choice(kind: type[E], text: str, field: str) -> E:
    try:
        return kind[text.strip().upper()]
    except KeyError:
        names = ", ".join(member.name.lower() for member in kind)
        raise RegisterError(f"{text!r} is not one of {names}", field=field) from None


Event = Annotated[str | None, typer.Option(help="Event name.")]
SessionName = Annotated[str, typer.Option("--session", help="Session name.")]
Board = Whole("--board", 1, BOARD_LIMIT)


@ruling_app.command("new")
def ruling_new(
    director: Annotated[str, typer.Option(help="Director giving the ruling.")],
    law: Annotated[str, typer.Option(help="Law(s) applied, e.g. '27B1' or '74A2'.")],
    kind: Annotated[str, typer.Option(help="Kind of ruling, e.g. ui, misinformation, mechanical.")] = "mechanical",
    event: Event = None,
    session: SessionName = "1",
    board: Annotated[int | None, typer.Option(parser=Board, help="Board number (needs --event).")] = None,
    facts: Annotated[str, typer.Option(help="Facts found.")] = "",
    options: Annotated[str, typer.Option(help="Options explained and chosen.")] = "",
    decision: Annotated[str, typer.Option(help="The decision.")] = "",
) -> None:
    """Record a ruling on a board of an event, or on no board (a ruling on conduct, say).

    A ruling that changes a score is made on the result, so that it reaches the ranking: `ruling result RESULT_ID`.

    A penalty on a pair's total is given with `ruling penalty SECTION_ID PAIR AMOUNT UNIT`."""
    with Register().transaction() as db:
        ruling = record_ruling(db, kind=kind, director=director, laws=law, event=event, session=session, board=board,
                               facts=facts, options=options, decision=decision)
        typer.echo(f"ruling {ruling.id} recorded (version {ruling.version})")


def _penalty_text(p: SessionPenalty) -> str:
    kind = p.kind.value.lower()
    if p.pair is None or (p.given is not None and not p.active):
        return f"{kind} penalty (Law {p.law}): {p.given or p.reason} (recorded as text, not applied)"
    text = (f"{kind} penalty (Law {p.law}): section {p.pair.section.letter}, {pair_text(p.pair)}, "
            f"{p.amount:g} {p.unit} off the total")
    if p.reason:
        text += f"; {p.reason}"
    return text if p.active else f"{text} (not applied)"


@ruling_app.command("show")
def ruling_show(ruling_id: Annotated[int, typer.Argument(parser=Whole("ruling_id", 1, ID_LIMIT),
                                                         help="Ruling number.")]) -> None:
    """Show a ruling with its steps, its decision on a result, its penalties and appeal."""
    with Register().transaction() as db:
        r = get_ruling(db, ruling_id)
        where = f"{r.board.session.event.name} / {r.board.session.name} / board {r.board.number}" if r.board else "-"
        lines = [f"ruling {r.id} (version {r.version}): {r.kind}, Law {r.laws}",
                 f"director: {r.director} at {r.ruled_at.isoformat(timespec='minutes')}", f"board: {where}",
                 f"facts: {r.facts}", f"options: {r.options}", f"decision: {r.decision}"]
        lines += [f"step {s.position}: {s.question} {s.answer}" for s in r.steps]
        for link in db.scalars(select(ResultRuling).where(ResultRuling.ruling_id == r.id).order_by(ResultRuling.id)):
            state = "" if link.active else " (replaced)"
            lines.append(f"on result {link.result_id} (section {link.result.section.letter}, "
                         f"{result_text(link.result)}): "
                         f"{decision_from_json(link.decision).text()}{state}")
        lines += [_penalty_text(p) for p in sorted(r.penalties, key=lambda p: p.id)]
        if r.appeal:
            lines.append(f"appeal: {r.appeal}; outcome: {r.appeal_outcome or 'pending'}")
        typer.echo("\n".join(lines))


@ruling_app.command("list")
def ruling_list(director: Annotated[str | None, typer.Option(help="Only this director's rulings.")] = None,
                law: Annotated[str | None, typer.Option(help="Only rulings citing this law.")] = None) -> None:
    """List rulings, oldest first."""
    with Register().transaction() as db:
        for r in list_rulings(db, director=director, law=law):
            typer.echo(f"{r.id}\tLaw {r.laws}\t{r.kind}\t{r.director}\t{r.decision}")


@psyche_app.command("add")
def psyche_add(
    event: Annotated[str, typer.Option(help="Event name.")],
    board: Annotated[int, typer.Option(parser=Board, help="Board number.")],
    player: Annotated[str, typer.Option(help="Player who made the call.")],
    partner: Annotated[str, typer.Option(help="The player's partner.")],
    call: Annotated[str, typer.Option(help="The call, e.g. 1H or 2D.")],
    session: SessionName = "1",
    kind: Annotated[str, typer.Option(help="psyche, misbid or deviation.")] = "psyche",
    colour: Annotated[str, typer.Option(help="green, amber or red (amber only in EBU events).")] = "green",
    initial: Annotated[bool, typer.Option(help="Was it the side's initial action?")] = False,
    opening: Annotated[bool, typer.Option(help="Did the call open the bidding?")] = False,
    artificial: Annotated[bool, typer.Option(help="Is the call artificial by agreement?")] = False,
    conventional_response: Annotated[bool, typer.Option(
        help="A conventional response to partner's artificial opening?")] = False,
    both: Annotated[bool, typer.Option(help="Did both partners depart on this hand?")] = False,
    meaning: Annotated[str, typer.Option(help="Agreed meaning of the call (e.g. Multi), if any.")] = "",
    explanation: Annotated[str | None, typer.Option(help="The partner's written explanation.")] = None,
    director: Annotated[str, typer.Option(help="Director recording it.")] = "TD",
    authority: Annotated[str, typer.Option(help="ebu, acbl or club (for a new event).")] = "ebu",
    level: Annotated[int | None, typer.Option(parser=Whole("--level", 1, 4),
                                              help="EBU level, 1 to 4 (for a new event).")] = None,
) -> None:
    """Record a psyche, misbid or deviation under the event's regulation; prints the classification, the
    reports made Red, the alerts and the notes."""
    with Register().transaction() as db:
        ev = ensure_event(db, event, _choice(Authority, authority, "authority"), level)
        outcome = record_psyche(db, session=ensure_session(db, ev, session), board_number=board, player=player,
                                partner=partner, call=call, departure=_choice(Departure, kind, "kind"),
                                colour=_choice(Colour, colour, "colour"), initial_action=initial,
                                both_partners=both, meaning=meaning, partner_explanation=explanation,
                                director=director, opening=opening, artificial=artificial,
                                conventional_response=conventional_response)
        _print_outcome(outcome)


def _print_outcome(outcome: PsycheOutcome) -> None:
    report = outcome.report
    typer.echo(f"report {report.id}: {report.partnership}, board {report.board_number}, {report.call} "
               f"{report.departure.value.lower()}, {report.colour.value}")
    for red in outcome.turned_red:
        typer.echo(f"RED: report {red.id} (board {red.board_number}) → ruling {red.ruling_id}")
    for alert in outcome.alerts:
        typer.echo(f"ALERT {alert}")
    for note in outcome.notes:
        typer.echo(f"note: {note}")


@psyche_app.command("classify")
def psyche_classify(
    report_id: Annotated[int, typer.Argument(parser=Whole("report_id", 1, ID_LIMIT),
                                             help="Number of a psyche report.")],
    colour: Annotated[str, typer.Option(help="green, amber or red (amber only in EBU events).")],
    director: Annotated[str, typer.Option(help="Director classifying it.")] = "TD",
) -> None:
    """Record the director's (new) classification of a report; EBU 6 B 6 is applied again over the
    partnership's history."""
    with Register().transaction() as db:
        _print_outcome(classify(db, report_id, _choice(Colour, colour, "colour"), director=director))


def _print_reports(reports: list[PsycheReport]) -> None:
    for r in reports:
        typer.echo(f"{r.id}\t{r.session.event.name}\t{r.session.name}\tboard {r.board_number}\t{r.player}\t"
                   f"{r.call}\t{r.departure.value.lower()}\t{r.colour.value}" + ("\tescalated" if r.escalated else ""))


@psyche_app.command("list")
def psyche_list(event: Event = None) -> None:
    """List psyche reports, optionally of one event."""
    with Register().transaction() as db:
        _print_reports(list_reports(db, event=event))


@psyche_app.command("history")
def psyche_history(pair: Annotated[str, typer.Argument(help="'Player One & Player Two'.")]) -> None:
    """A partnership's reports across sessions, events and clubs (either order of the names)."""
    with Register().transaction() as db:
        reports = partnership_history(db, parse_partnership(pair))
        if not reports:
            typer.echo(f"no reports for {parse_partnership(pair)}")
        _print_reports(reports)


@psyche_app.command("rescore")
def psyche_rescore(
    report_id: Annotated[int, typer.Argument(parser=Whole("report_id", 1, ID_LIMIT),
                                             help="Number of a Red psyche report.")],
    opponents_result: Annotated[float, typer.Option(parser=Real("--opponents-result", -100, 100),
                                                    help="The opponents' result on the board (percent, 0 to "
                                                         f"100, or IMPs, -{BOARD_IMPS} to {BOARD_IMPS}).")],
    offenders: Annotated[str, typer.Option(help="The side the psyching pair sat: NS or EW.")],
    unit: Annotated[str, typer.Option(help="percent or imps.")] = "percent",
    vp: Annotated[bool, typer.Option(help="A VP event: the procedural penalty is 0.5 VP.")] = False,
    penalty: Annotated[float | None, typer.Option(
        parser=Real("--penalty", 0, 100),
        help="A larger procedural penalty than the minimum standard (EBU 6 D 3), 0 to 100.")] = None,
) -> None:
    """Score a Red board of an EBU event (6 D 2) with the procedural penalty of a Red psyche (6 D 3), both on its
    ruling; the same score again changes nothing."""
    units = {"percent": Unit.PERCENT, "%": Unit.PERCENT, "imps": Unit.IMPS, "imp": Unit.IMPS}
    chosen = units.get(unit.strip().lower())
    if chosen is None:
        raise RegisterError(f"unit must be percent or imps, not {unit!r}", field="unit")
    side = {"NS": Side.NS, "EW": Side.EW}.get(offenders.strip().upper())
    if side is None:
        raise RegisterError(f"offenders must be NS or EW, not {offenders!r}", field="offenders")
    with Register().transaction() as db:
        score = rescore_red(db, report_id, offenders=side, opponents_result=opponents_result, unit=chosen,
                            vp_event=vp, penalty=penalty)
        typer.echo(score.explain())


@register_app.command("export")
def register_export(path: Annotated[str, typer.Argument(help="File to write, or - for standard output.")]) -> None:
    """Write the whole register as JSON."""
    with Register().transaction() as db:
        text = json.dumps(export_register(db), ensure_ascii=False, indent=1)
    if path == "-":
        sys.stdout.write(text + "\n")
    else:
        try:
            Path(path).write_text(text + "\n", encoding="utf-8")
        except OSError as err:
            raise RegisterError(f"cannot write {path}: {err.strerror}", field="file") from None
        typer.echo(f"register written to {path}")


@register_app.command("import")
def register_import(path: Annotated[Path, typer.Argument(help="A file written by 'register export'.")]) -> None:
    """Load an export into an empty register."""
    document = read_json(read_text(path, strict=True), str(path))  # io.text: UTF-8, bounded numbers, no NaN
    if not isinstance(document, dict):
        raise RegisterError(f"{path} is not a register export", field="file")
    with Register().transaction() as db:
        counts = import_register(db, document)
    typer.echo("imported " + ", ".join(f"{n} {table}" for table, n in counts.items() if n))
