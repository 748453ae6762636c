"""``bridge-director adjust ...``: every kind of adjusted score, each printed with its law and steps."""

from __future__ import annotations

from typing import Annotated

import typer

from ..errors import BridgeError
from ..model.numbers import BOARD_IMPS, MATCH_BOARDS, SCORE_LIMIT, TOP_LIMIT, real, shown, table_score
from ..model.regulation import Departure
from ..model.seat import Seat, Side, Vulnerability
from ..scoring.adjusted import (
    Colour,
    Fault,
    Likelihood,
    Outcome,
    Possible,
    Unit,
    artificial_pairs,
    artificial_teams,
    assign_likely_probable,
    classify_partnership,
    double_dummy,
    law25b_knockout,
    law25b_matchpoints,
    law25b_swiss,
    parse_scores,
    profile,
    serious_error,
    weighted_average_then_correct,
    weighted_imps,
    weighted_matchpoints,
)
from .base import app
from .bounds import Real, Whole

adjust_app = typer.Typer(no_args_is_help=True, help="Adjusted scores (Laws 12, 25B, 40C, 90), with the law.")
app.add_typer(adjust_app, name="adjust")


def _outcomes(items: list[str]) -> list[Outcome]:
    """``SCORE@PERCENT`` items, e.g. ``1430@30``: a table score (Law 77) and a percentage from 0 to 100."""
    out = []
    for item in items:
        score, at, pct = item.partition("@")
        if not at:
            raise BridgeError(f"an outcome is SCORE@PERCENT, e.g. 1430@30, not {shown(item, 40)}", law="12C1c")
        out.append(Outcome(table_score(score, "outcomes"), real(pct, "outcomes", low=0.0, high=100.0)))
    return out


#: the bounds of the figures ``adjust`` takes: a board's IMPs, a percentage, a board's top and its matchpoints
Boards = Whole("--boards", 1, MATCH_BOARDS)


@adjust_app.command("artificial")
def artificial(
    ns: Annotated[str, typer.Argument(help="NS fault: none (A+), partly (A), direct (A-)")],
    ew: Annotated[str, typer.Argument(help="EW fault: none, partly, direct")],
    authority: Annotated[str, typer.Option(help="ACBL, EBU, ABF, QBA, WBF, CLUB")] = "WBF",
    teams: Annotated[bool, typer.Option(help="IMPs instead of percentages")] = False,
    boards: Annotated[int | None, typer.Option(parser=Boards, help="boards in the match (QBA: ±2 under 11)")]
    = None,
    ns_session: Annotated[float | None, typer.Option(parser=Real("--ns-session", 0, 100),
                                                     help="NS percentage on the other boards")] = None,
    ew_session: Annotated[float | None, typer.Option(parser=Real("--ew-session", 0, 100),
                                                     help="EW percentage on the other boards")] = None,
) -> None:
    """Artificial adjusted score (Law 12C2) by the authority's figures, the same profile a section of its events
    is scored with; a session percentage given replaces 60% or 40% where the authority applies the session rule
    (Law 12C2 of 2007), and is shown as not applied where it does not."""
    prof = profile(authority)
    if (ns_session is not None or ew_session is not None) and not prof.session_rule:
        typer.echo(f"  ({prof.name} does not vary 60% and 40% by the session percentage: not applied)")
    if teams:
        result = artificial_teams(Fault.parse(ns), Fault.parse(ew), prof, boards=boards)
    else:
        result = artificial_pairs(Fault.parse(ns), Fault.parse(ew), prof, ns_session=ns_session, ew_session=ew_session)
    typer.echo(f"Law {result.law}: NS {result.ns:g} {result.unit.value}, EW {result.ew:g} {result.unit.value}")
    for step in result.steps:
        typer.echo(f"  - {step}")


@adjust_app.command("weighted")
def weighted(
    outcomes: Annotated[list[str], typer.Argument(help="SCORE@PERCENT for each outcome, NS scores")],
    field: Annotated[str, typer.Option(help="the other tables' NS scores (matchpoints)")] = "",
    other_room: Annotated[int | None, typer.Option(parser=Whole("--other-room", -SCORE_LIMIT, SCORE_LIMIT),
                                                   help="NS score in the other room (IMPs)")] = None,
    manual: Annotated[bool, typer.Option(help="seed 004's average-then-correct method")] = False,
) -> None:
    """Weighted assigned score (Law 12C1(c)) on matchpoints (--field) or IMPs (--other-room)."""
    items = _outcomes(outcomes)
    if other_room is not None:
        typer.echo(weighted_imps(other_room, items).explain())
        return
    if not field:
        raise BridgeError("give --field (matchpoints) or --other-room (IMPs)", law="12C1c")
    scores = parse_scores(field, "field")
    if manual:
        typer.echo(weighted_average_then_correct(scores, items).explain())
        return
    result = weighted_matchpoints(scores, items)
    typer.echo(f"Law {result.law}: NS {result.ns:g}, EW {result.ew:g} of {result.top:g}")
    for step in result.steps:
        typer.echo(f"  - {step}")


@adjust_app.command("serious-error")
def serious(before: Annotated[float, typer.Argument(parser=Real("before", -TOP_LIMIT, TOP_LIMIT))],
            after_infraction: Annotated[float, typer.Argument(parser=Real("after_infraction", -TOP_LIMIT,
                                                                          TOP_LIMIT))],
            actual: Annotated[float, typer.Argument(parser=Real("actual", -TOP_LIMIT, TOP_LIMIT))],
            top: Annotated[float | None, typer.Option(parser=Real("--top", 0, TOP_LIMIT),
                                                      help="board top (matchpoints); without it the figures are "
                                                           "IMPs")] = None) -> None:
    """Serious error by the non-offenders (Law 12C1(e)): figures are the non-offenders' matchpoints (with --top,
    0 to the top) or IMPs (-24 to 24); each a finite number."""
    unit = Unit.MATCHPOINTS if top is not None else Unit.IMPS  # without a top the offenders get -before: IMPs
    typer.echo(serious_error(before, after_infraction, actual, top, unit).explain())


@adjust_app.command("25b")
def law25b(
    form: Annotated[str, typer.Argument(help="mp, swiss or knockout")],
    offenders: Annotated[float, typer.Argument(parser=Real("offenders", -TOP_LIMIT, TOP_LIMIT),
                                               help="offenders' matchpoints (mp) or IMPs from the comparison")],
    top: Annotated[float | None, typer.Option(parser=Real("--top", 0, TOP_LIMIT), help="board top, for mp")]
    = None,
) -> None:
    """The old Law 25B cap (1997/2007): average minus / -3 IMPs / knockout averaging."""
    if form == "mp":
        if top is None:
            raise BridgeError("25B at matchpoints needs --top", law="25B")
        typer.echo(law25b_matchpoints(offenders, top).explain())
    elif form in {"swiss", "knockout"}:
        fn = law25b_swiss if form == "swiss" else law25b_knockout
        if not offenders.is_integer() or not -24 <= offenders <= 24:  # never truncate 13.7 to 13
            raise BridgeError(f"the offenders' IMPs on the board are a whole number from -24 to 24, not {offenders:g}",
                              law="25B", field="offenders")
        typer.echo(fn(int(offenders)).explain())
    else:
        raise BridgeError(f"form is mp, swiss or knockout, not {form!r}", law="25B")


@adjust_app.command("red-psyche")
def red_psyche(
    opponents: Annotated[float, typer.Argument(parser=Real("opponents", -100, 100),
                                               help="opponents' % (0 to 100; or IMPs gained, -24 to 24, with "
                                                    "--imps)")],
    imps: Annotated[bool, typer.Option(help="the board is scored at IMPs")] = False,
    vp: Annotated[bool, typer.Option(help="a VP event: the penalty is 0.5 VP")] = False,
    departure: Annotated[str, typer.Option(help="psyche, misbid or deviation: only a Red psyche has the 6 D 3 "
                                                "penalty")] = "psyche",
    findings: Annotated[str, typer.Option(help="the partnership's other findings, e.g. 'amber,green'")] = "",
) -> None:
    """A Red board (EBU 6 D 2; Law 40C): the result stands at ≥60% / ≥3 IMPs, else A+/A-; a Red psyche also
    costs the procedural penalty of 6 D 3 (a misbid or a deviation does not)."""
    from ..laws.psyche_ebu import red_board_score

    kind = Departure.__members__.get(departure.strip().upper())
    if kind is None:
        raise BridgeError(f"a departure is psyche, misbid or deviation, not {departure!r}", field="departure",
                          law="40C")
    if findings:
        colours = classify_partnership([Colour.parse(f) for f in findings.split(",")])
        typer.echo("findings after the two-Ambers rule: " + ", ".join(c.value for c in colours))
    score = red_board_score(kind, opponents, Unit.IMPS if imps else Unit.PERCENT, vp_event=vp)
    typer.echo(score.explain())
    if score.penalty is None:
        typer.echo(f"  no procedural penalty: 6 D 3 follows a Red psyche, not a {kind.value.lower()}")
    elif score.penalty.unit is score.unit:
        typer.echo(f"net: non-offenders {score.non_offenders:g} {score.unit.value}, offenders "
                   f"{score.offenders_net:g} {score.unit.value} after the penalty")


@adjust_app.command("assigned")
def assigned(
    results: Annotated[list[str], typer.Argument(help="SCORE:likely|probable|possible, NS scores")],
    non_offenders: Annotated[str, typer.Option(help="NS or EW")] = "NS",
) -> None:
    """The 1997/2007 procedure (seed 001): NOS most favourable likely, OS most unfavourable at all probable."""
    possible = []
    for item in results:
        score, _, word = item.partition(":")
        try:
            possible.append(Possible(table_score(score, "results"), score, Likelihood.parse(word)))
        except BridgeError:
            raise BridgeError(f"a result is SCORE:likely|probable|possible (a score within {SCORE_LIMIT} either "
                              f"way), not {shown(item, 40)}", law="12C2") from None
    if non_offenders.upper() not in {"NS", "EW"}:
        raise BridgeError(f"the non-offenders are NS or EW, not {non_offenders!r}", field="non-offenders")
    side = Side(non_offenders.upper())
    typer.echo(assign_likely_probable(possible, side).explain())


@adjust_app.command("dd")
def dd(
    deal: Annotated[str, typer.Argument(help='PBN deal, e.g. "N:AK2.QJ3.K74.A963 ..."')],
    contracts: Annotated[list[str], typer.Argument(help="candidates such as '4S N' '3NT S'")],
    dealer: Annotated[str, typer.Option(help="N, E, S or W")] = "N",
    vulnerable: Annotated[str, typer.Option(help="None, NS, EW or All")] = "None",
) -> None:
    """Double-dummy tricks and NS scores of candidate contracts, and the par (needs endplay)."""
    report = double_dummy(deal, contracts, Seat.parse(dealer), Vulnerability.parse(vulnerable))
    for step in report.steps:
        typer.echo(step)


@adjust_app.command("knockout")
def knockout(
    first: Annotated[float, typer.Argument(parser=Real("first", -BOARD_IMPS, BOARD_IMPS),
                                           help="one team's IMPs on the board, worked out on its own (-24 to 24)")],
    second: Annotated[float, typer.Argument(parser=Real("second", -BOARD_IMPS, BOARD_IMPS),
                                            help="the other team's IMPs on the board, worked out on its own")],
    laws: Annotated[str, typer.Option(help="edition: 2017, 2007 or 1997")] = "2017",
) -> None:
    """Non-balancing adjusted scores in a knockout: each team's IMPs on the board averaged into one result
    (1997, 2007 Law 86B; 2017 86C)."""
    from ..laws.law86_teams import clauses, knockout_average

    for value, name in ((first, "first"), (second, "second")):
        if not -24 <= value <= 24:
            raise BridgeError(f"a board's IMPs are -24 to 24, not {value:g}", field=name, law="86")
    a, b = knockout_average(first, second)
    typer.echo(f"Law {clauses(laws).knockout}: ({first:+g} - {second:+g}) / 2 = {a:+g}; "
               f"the teams {a:+g} and {b:+g} IMPs")


@adjust_app.command("fouled-teams")
def fouled_teams(
    first: Annotated[str, typer.Argument(help="one team's share of the fault: none (A+), partly (A), direct (A-)")],
    second: Annotated[str, typer.Argument(help="the other team's share of the fault")],
    laws: Annotated[str, typer.Option(help="edition: 2017, 2007 or 1997")] = "2017",
    authority: Annotated[str, typer.Option(help="ACBL, EBU, ABF, QBA, WBF, CLUB")] = "WBF",
    boards: Annotated[int | None, typer.Option(parser=Boards, help="boards in the match (QBA: ±2 under 11)")]
    = None,
    assigned_imps: Annotated[float | None, typer.Option(parser=Real("--assigned-imps", -BOARD_IMPS, BOARD_IMPS),
                                                        help="the first team's IMPs from the director's assigned "
                                                             "score (2017 86B2(b), 2007 86D)")] = None,
) -> None:
    """A board the two tables of a match played in different forms (a fouled board at teams): 2017 Law 86B2,
    2007 and 1997 Laws 87 and 12C2 / 12C1 (2007 with 86D)."""
    from ..laws.law86_teams import non_comparable

    given = non_comparable(Fault.parse(first), Fault.parse(second), imps=profile(authority).imps_for(boards),
                           assigned=assigned_imps, edition=laws)
    typer.echo(f"Law {given.law}: the teams {given.imps[0]:+g} and {given.imps[1]:+g} IMPs")
    for step in given.steps:
        typer.echo(f"  - {step}")
