"""``ruling result``, ``ruling penalty`` and ``ruling appeal``: rulings that reach the score.

``ruling result`` rules on a stored result of a session (entered at a table or at the desk, or uploaded with
``session upload``).  A decision is given with options, never as a free-text score: ``--artificial A+/A-``,
``--assigned "4S N 10"``, ``--split-ns "4S N 10" --split-ew "4H E 8"``, ``--weighted "4S N 10@60" --weighted
"4S N 9@40"``, ``--fouled B``; penalties as ``--penalty PAIR:AMOUNT[:UNIT]`` (unit ``top`` by default).
On a board of a teams match (Law 86): ``--fault one|both|neither`` (with ``--playable`` and ``--match-known``)
records what becomes of the board as a step of the ruling; ``--knockout`` averages the board's non-balancing
scores; a fouled board takes ``--fouled-fault A+/A-`` (each team's share, N-S/E-W) and, where the edition allows,
``--fouled-assigned "4S N 10"``.  ``ruling matches`` prints a teams section's matches with each ruling applied.
``ruling penalty`` gives a procedural or disciplinary penalty on a pair's total with no result changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import BridgeError
from ..model.numbers import ID_LIMIT, PAIR_LIMIT, real, shown, whole
from .bounds import Real, Whole
from .register import ruling_app

if TYPE_CHECKING:
    from ..club.adjustments import PenaltyIn
    from ..club.decisions import Decision, Score
    from ..club.team_rulings import BoardFacts
    from ..scoring.adjusted import Fault

#: the largest penalty on a pair's total, as ``club.adjustments`` stores it (in any unit)
PENALTY_LIMIT = 1000.0

Text = Annotated[str, typer.Option(help="a score: CONTRACT DECLARER TRICKS, e.g. '4S N 10' (or PASS)")]


def _score(text: str, field: str) -> Score:
    from ..club.decisions import Score as TheScore
    words = text.split()
    if len(words) == 1 and words[0].upper() in ("PASS", "P"):
        return TheScore("PASS")
    if len(words) != 3 or not (words[2].isascii() and words[2].isdigit()):
        raise BridgeError(f"write a score as CONTRACT DECLARER TRICKS (e.g. '4S N 10'), not {shown(text, 40)}",
                          field=field)
    return TheScore(words[0].upper(), words[1].upper(), whole(words[2], f"{field} tricks", low=0, high=13))


def _faults(text: str, field: str) -> tuple[Fault, Fault]:
    from ..scoring.adjusted import Fault as Share
    ns, sep, ew = text.partition("/")
    if not sep:
        raise BridgeError(f"write the shares of the fault as NS/EW, e.g. A+/A-, not {text!r}", field=field)
    return Share.parse(ns), Share.parse(ew)


def parse_decision(artificial: str = "", assigned: str = "", split_ns: str = "", split_ew: str = "",
                   weighted: list[str] | None = None, fouled: str = "", *, knockout: bool = False,
                   fouled_fault: str = "", fouled_assigned: str = "") -> Decision | None:
    """The one decision the options give (None for no adjustment); two at once is refused.  ``knockout`` (Law
    86) goes with an artificial, split or fouled decision; ``fouled_fault`` and ``fouled_assigned`` with a
    fouled board at teams."""
    from ..club.decisions import Artificial, Assigned, Fouled, Split, Weighted
    given = [name for name, value in (("artificial", artificial), ("assigned", assigned),
                                      ("split", split_ns or split_ew), ("weighted", weighted), ("fouled", fouled))
             if value]
    if len(given) > 1:
        raise BridgeError(f"give one decision, not {' and '.join(given)}", field="decision")
    if (fouled_fault or fouled_assigned) and not fouled:
        raise BridgeError("--fouled-fault and --fouled-assigned go with --fouled GROUP", field="fouled", law="86")
    if knockout and not (artificial or split_ns or split_ew or fouled):
        raise BridgeError("--knockout averages an artificial, split or fouled board's scores (Law 86)",
                          field="knockout", law="86")
    if artificial:
        return Artificial(*_faults(artificial, "artificial"), knockout)
    if assigned:
        return Assigned(_score(assigned, "assigned"))
    if split_ns or split_ew:
        if not (split_ns and split_ew):
            raise BridgeError("a split score gives both --split-ns and --split-ew", field="split")
        return Split(_score(split_ns, "split-ns"), _score(split_ew, "split-ew"), knockout)
    if weighted:
        outcomes = []
        for item in weighted:
            score, sep, weight = item.rpartition("@")
            if not sep:
                raise BridgeError(f"write an outcome as 'SCORE@PERCENT', not {shown(item, 40)}", field="weighted")
            outcomes.append((_score(score, "weighted"), real(weight, "weighted percent", low=0.0, high=100.0)))
        return Weighted(tuple(outcomes))
    if fouled:
        ns, ew = _faults(fouled_fault, "fouled-fault") if fouled_fault else (None, None)
        extra = _score(fouled_assigned, "fouled-assigned") if fouled_assigned else None
        return Fouled(fouled.strip(), ns, ew, extra, knockout)
    return None


def _penalties(items: list[str]) -> list[PenaltyIn]:
    from ..club.adjustments import PenaltyIn as Given
    out = []
    for item in items:
        parts = item.split(":")
        if len(parts) < 2:
            raise BridgeError(f"write a penalty as PAIR:AMOUNT[:UNIT], not {shown(item, 40)}", field="penalty")
        pair = whole(parts[0], "penalty pair", low=1, high=PAIR_LIMIT)
        amount = real(parts[1], "penalty amount", low=0.0, high=PENALTY_LIMIT)
        out.append(Given(pair, amount, parts[2] if len(parts) > 2 else "top"))
    return out


@ruling_app.command("result")
def result_ruling(
    result: Annotated[int, typer.Argument(parser=Whole("result", 1, ID_LIMIT),
                                          help="the result's id (see `session results SECTION_ID`)")],
    director: Annotated[str, typer.Option(help="the director ruling")],
    law: Annotated[str, typer.Option(help="the laws applied, e.g. '16B, 12C1b'")],
    facts: Annotated[str, typer.Option(help="the facts found")] = "",
    artificial: Annotated[str, typer.Option(help="A+/A-, A/A ... (N-S/E-W)")] = "",
    assigned: Text = "",
    split_ns: Text = "",
    split_ew: Text = "",
    weighted: Annotated[list[str] | None, typer.Option(help="'4S N 10@60' for each outcome")] = None,
    fouled: Annotated[str, typer.Option(help="the group of a fouled board (Law 87)")] = "",
    fouled_fault: Annotated[str, typer.Option(help="teams: a fouled board's shares of the fault, N-S/E-W teams at "
                                                   "this table, e.g. A+/A- (Law 86B2; 2007, 1997: Law 87)")] = "",
    fouled_assigned: Annotated[str, typer.Option(help="teams: the assigned score for this table on a fouled board "
                                                      "(2017 86B2(b), 2007 86D), e.g. '4S N 10'")] = "",
    knockout: Annotated[bool, typer.Option(help="teams: a knockout, the board's non-balancing scores averaged "
                                                "(1997, 2007 86B; 2017 86C)")] = False,
    fault: Annotated[str, typer.Option(help="teams, Law 86: who is responsible: one, both or neither (records "
                                            "what becomes of the board)")] = "",
    playable: Annotated[bool, typer.Option(help="teams: the board can still be played at this table")] = False,
    match_known: Annotated[bool, typer.Option(help="teams: the match result without this board may be known to a "
                                                   "contestant (no substitute board)")] = False,
    penalty: Annotated[list[str] | None, typer.Option(help="PAIR:AMOUNT[:UNIT] (unit: top, mp, percent, imps, vps)")]
    = None,
) -> None:
    """Rule on a result of a session: the decision is applied to the score at once."""
    from ..club.adjustments import rule_on_result
    from ..club.team_rulings import board_fate
    from ..register import Register
    decision = parse_decision(artificial, assigned, split_ns, split_ew, weighted, fouled, knockout=knockout,
                              fouled_fault=fouled_fault, fouled_assigned=fouled_assigned)
    facts_86 = board_facts(fault, playable, match_known)
    register = Register()
    try:
        with register.transaction() as db:
            fate = board_fate(db, result, facts_86) if facts_86 is not None else None
            ruling = rule_on_result(db, result, director=director, laws=law, facts=facts, decision=decision,
                                    penalties=_penalties(penalty or []), steps=() if fate is None else (fate.step,))
            typer.echo(f"ruling {ruling.id} on result {result}: {ruling.decision}")
            if fate is not None:
                typer.echo(f"  Law 86, the board: {fate.action}: {fate.step.answer}")
    finally:
        register.close()


def board_facts(fault: str, playable: bool, match_known: bool) -> BoardFacts | None:
    """The Law 86 findings the options give (None: no ``--fault``, no finding on the board)."""
    from ..club.team_rulings import BoardFacts as Facts
    from ..laws.law86_teams import Fault as Responsible
    if not fault.strip():
        if playable or match_known:
            raise BridgeError("--playable and --match-known go with --fault (Law 86)", field="fault", law="86")
        return None
    return Facts(Responsible.parse(fault), playable, match_known)


@ruling_app.command("matches")
def matches(
    section: Annotated[int, typer.Argument(parser=Whole("section", 1, ID_LIMIT),
                                           help="the teams section's id (see `session list`)")],
    knockout: Annotated[bool, typer.Option(help="a knockout: every board's non-balancing scores averaged "
                                                "(1997, 2007 86B; 2017 86C)")] = False,
) -> None:
    """A teams section's matches with every ruling applied: each board's IMPs and the ruling behind them, the
    match IMPs and VPs (Law 86)."""
    from ..club.team_scores import score_teams
    from ..register import Register
    from ..register.models import Section
    register = Register()
    try:
        with register.transaction() as db:
            found = db.get(Section, section)
            if found is None:
                raise BridgeError(f"no section {section} (see `bridge-director session list`)", field="section")
            if found.method != "teams":
                raise BridgeError(f"section {found.letter} is not a teams section", field="section", law="86")
            names = {t.number: t.name for t in found.teams}
            for m in score_teams(db, found, knockout=knockout):
                vps = m.match.victory_points
                typer.echo(f"{names.get(m.home, m.home)} v {names.get(m.away, m.away)}: {m.match.home_total:+g} / "
                           f"{m.match.away_total:+g} IMPs, {vps[0]:.2f} - {vps[1]:.2f} VPs")
                for step in m.match.steps:
                    typer.echo(f"  - {step}")
    finally:
        register.close()


@ruling_app.command("penalty")
def penalty_ruling(
    section: Annotated[int, typer.Argument(parser=Whole("section", 1, ID_LIMIT),
                                           help="the section's id (see `session list`)")],
    pair: Annotated[int, typer.Argument(parser=Whole("pair", 1, PAIR_LIMIT), help="the pair's number in the section")],
    amount: Annotated[float, typer.Argument(parser=Real("amount", 0, PENALTY_LIMIT),
                                            help="how much comes off the pair's total")],
    unit: Annotated[str, typer.Argument(help="top (a fraction of a top), mp or percent at matchpoints; imps at "
                                             "cross-IMPs, Butler or teams; vps at teams")],
    director: Annotated[str, typer.Option(help="the director giving the penalty")],
    kind: Annotated[str, typer.Option(help="procedural (Law 90) or disciplinary (Law 91)")] = "procedural",
    law: Annotated[str, typer.Option(help="the law applied (default 90, or 91 for a disciplinary penalty)")] = "",
    reason: Annotated[str, typer.Option(help="why, e.g. slow play")] = "",
    facts: Annotated[str, typer.Option(help="the facts found")] = "",
) -> None:
    """A penalty on a pair's session total (Law 90 or 91): a ruling of its own, no result changed."""
    from ..club.adjustments import PenaltyIn, penalise
    from ..register import Register
    from ..register.models import Section
    from ..register.values import PenaltyKind
    try:
        the_kind = PenaltyKind[kind.strip().upper()]
    except KeyError:
        raise BridgeError(f"a penalty is procedural or disciplinary, not {kind!r}", field="kind") from None
    laws = law.strip() or ("91" if the_kind is PenaltyKind.DISCIPLINARY else "90")
    given = PenaltyIn(pair, amount, unit.strip().lower(), the_kind, laws, reason)
    register = Register()
    try:
        with register.transaction() as db:
            found = db.get(Section, section)
            if found is None:
                raise BridgeError(f"no section {section} (see `bridge-director session list`)", field="section")
            ruling = penalise(db, found, [given], director=director, laws=laws, facts=facts,
                              decision=reason.strip() and f"pair {pair}: {amount:g} {given.unit} off the total "
                                                          f"({reason.strip()})")
            typer.echo(f"ruling {ruling.id}: {the_kind.value.lower()} penalty (Law {laws}), section {found.letter}, "
                       f"pair {pair}: {amount:g} {given.unit} off the total")
    finally:
        register.close()


@ruling_app.command("appeal")
def appeal_ruling(
    ruling: Annotated[int, typer.Argument(parser=Whole("ruling", 1, ID_LIMIT), help="the ruling's id")],
    outcome: Annotated[str, typer.Option(help="the appeal's outcome in words")],
    stands: Annotated[bool, typer.Option(help="the table result stands (no adjustment)")] = False,
    artificial: Annotated[str, typer.Option(help="A+/A-, A/A ... (N-S/E-W)")] = "",
    assigned: Text = "",
    split_ns: Text = "",
    split_ew: Text = "",
    weighted: Annotated[list[str] | None, typer.Option(help="'4S N 10@60' for each outcome")] = None,
    knockout: Annotated[bool, typer.Option(help="teams: the board's non-balancing scores averaged (Law 86)")] = False,
) -> None:
    """Record an appeal's outcome: its decision replaces the ruling's, which stays in the history."""
    from ..club.adjustments import revise_ruling
    from ..register import Register
    decision = parse_decision(artificial, assigned, split_ns, split_ew, weighted, knockout=knockout)
    if decision is None and not stands:
        raise BridgeError("give the appeal's decision, or --stands for the table result", field="decision")
    register = Register()
    try:
        with register.transaction() as db:
            revised = revise_ruling(db, ruling, decision, appeal="appealed", outcome=outcome)
            typer.echo(f"ruling {revised.id}: appeal recorded; now {revised.decision}")
    finally:
        register.close()


@ruling_app.command("written")
def written(
    ruling: Annotated[int, typer.Argument(parser=Whole("ruling", 1, ID_LIMIT), help="the ruling's id")],
    pdf: Annotated[Path | None, typer.Option(help="write the written ruling as a PDF to this file")] = None,
) -> None:
    """The written ruling for the players: where, who, facts, laws, decision, the score it gives, penalties, the
    appeal and the right to appeal with its time limit."""
    from ..club.ruling_pdf import ruling_lines, ruling_pdf
    from ..club.written_ruling import written_ruling
    from ..register import Register
    register = Register()
    try:
        with register.transaction() as db:
            w = written_ruling(db, ruling)
    finally:
        register.close()
    if pdf is not None:
        pdf.write_bytes(ruling_pdf(w))
        typer.echo(f"written ruling {ruling}: {pdf}")
        return
    typer.echo(f"Written ruling {ruling}")
    for label, text in ruling_lines(w):
        typer.echo(f"{label}: {text}")
