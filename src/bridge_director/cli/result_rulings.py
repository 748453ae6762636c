"""``ruling result``, ``ruling penalty`` and ``ruling appeal``: rulings that reach the score.

``ruling result`` rules on a stored result of a session (entered at a table or at the desk, or uploaded with
``session upload``).  A decision is given with options, never as a free-text score: ``--artificial A+/A-``,
``--assigned "4S N 10"``, ``--split-ns "4S N 10" --split-ew "4H E 8"``, ``--weighted "4S N 10@60" --weighted
"4S N 9@40"``, ``--fouled B``; penalties as ``--penalty PAIR:AMOUNT[:UNIT]`` (unit ``top`` by default).
``ruling penalty`` gives a procedural or disciplinary penalty on a pair's total with no result changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import BridgeError
from .register import ruling_app

if TYPE_CHECKING:
    from ..club.adjustments import PenaltyIn
    from ..club.decisions import Decision, Score

Text = Annotated[str, typer.Option(help="a score: CONTRACT DECLARER TRICKS, e.g. '4S N 10' (or PASS)")]


def _score(text: str, field: str) -> Score:
    from ..club.decisions import Score as TheScore
    words = text.split()
    if len(words) == 1 and words[0].upper() in ("PASS", "P"):
        return TheScore("PASS")
    if len(words) != 3 or not (words[2].isascii() and words[2].isdigit()):
        raise BridgeError(f"write a score as CONTRACT DECLARER TRICKS (e.g. '4S N 10'), not {text!r}", field=field)
    return TheScore(words[0].upper(), words[1].upper(), int(words[2]))


def parse_decision(artificial: str = "", assigned: str = "", split_ns: str = "", split_ew: str = "",
                   weighted: list[str] | None = None, fouled: str = "") -> Decision | None:
    """The one decision the options give (None for no adjustment); two at once is refused."""
    from ..club.decisions import Artificial, Assigned, Fouled, Split, Weighted
    from ..scoring.adjusted import Fault
    given = [name for name, value in (("artificial", artificial), ("assigned", assigned),
                                      ("split", split_ns or split_ew), ("weighted", weighted), ("fouled", fouled))
             if value]
    if len(given) > 1:
        raise BridgeError(f"give one decision, not {' and '.join(given)}", field="decision")
    if artificial:
        ns, sep, ew = artificial.partition("/")
        if not sep:
            raise BridgeError(f"write an artificial score as NS/EW, e.g. A+/A-, not {artificial!r}", field="artificial")
        return Artificial(Fault.parse(ns), Fault.parse(ew))
    if assigned:
        return Assigned(_score(assigned, "assigned"))
    if split_ns or split_ew:
        if not (split_ns and split_ew):
            raise BridgeError("a split score gives both --split-ns and --split-ew", field="split")
        return Split(_score(split_ns, "split-ns"), _score(split_ew, "split-ew"))
    if weighted:
        outcomes = []
        for item in weighted:
            score, sep, weight = item.rpartition("@")
            try:
                outcomes.append((_score(score, "weighted"), float(weight)))
            except ValueError:
                raise BridgeError(f"write an outcome as 'SCORE@PERCENT', not {item!r}", field="weighted") from None
            if not sep:
                raise BridgeError(f"write an outcome as 'SCORE@PERCENT', not {item!r}", field="weighted")
        return Weighted(tuple(outcomes))
    if fouled:
        return Fouled(fouled.strip())
    return None


def _penalties(items: list[str]) -> list[PenaltyIn]:
    from ..club.adjustments import PenaltyIn as Given
    out = []
    for item in items:
        parts = item.split(":")
        try:
            pair, amount = int(parts[0]), float(parts[1])
        except (IndexError, ValueError):
            raise BridgeError(f"write a penalty as PAIR:AMOUNT[:UNIT], not {item!r}", field="penalty") from None
        out.append(Given(pair, amount, parts[2] if len(parts) > 2 else "top"))
    return out


@ruling_app.command("result")
def result_ruling(
    result: Annotated[int, typer.Argument(help="the result's id (see `session results SECTION_ID`)")],
    director: Annotated[str, typer.Option(help="the director ruling")],
    law: Annotated[str, typer.Option(help="the laws applied, e.g. '16B, 12C1b'")],
    facts: Annotated[str, typer.Option(help="the facts found")] = "",
    artificial: Annotated[str, typer.Option(help="A+/A-, A/A ... (N-S/E-W)")] = "",
    assigned: Text = "",
    split_ns: Text = "",
    split_ew: Text = "",
    weighted: Annotated[list[str] | None, typer.Option(help="'4S N 10@60' for each outcome")] = None,
    fouled: Annotated[str, typer.Option(help="the group of a fouled board (Law 87)")] = "",
    penalty: Annotated[list[str] | None, typer.Option(help="PAIR:AMOUNT[:UNIT] (unit: top, mp, percent, imps, vps)")]
    = None,
) -> None:
    """Rule on a result of a session: the decision is applied to the score at once."""
    from ..club.adjustments import rule_on_result
    from ..register import Register
    decision = parse_decision(artificial, assigned, split_ns, split_ew, weighted, fouled)
    register = Register()
    try:
        with register.transaction() as db:
            ruling = rule_on_result(db, result, director=director, laws=law, facts=facts, decision=decision,
                                    penalties=_penalties(penalty or []))
            typer.echo(f"ruling {ruling.id} on result {result}: {ruling.decision}")
    finally:
        register.close()


@ruling_app.command("penalty")
def penalty_ruling(
    section: Annotated[int, typer.Argument(help="the section's id (see `session list`)")],
    pair: Annotated[int, typer.Argument(help="the pair's number in the section")],
    amount: Annotated[float, typer.Argument(help="how much comes off the pair's total")],
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
    ruling: Annotated[int, typer.Argument(help="the ruling's id")],
    outcome: Annotated[str, typer.Option(help="the appeal's outcome in words")],
    stands: Annotated[bool, typer.Option(help="the table result stands (no adjustment)")] = False,
    artificial: Annotated[str, typer.Option(help="A+/A-, A/A ... (N-S/E-W)")] = "",
    assigned: Text = "",
    split_ns: Text = "",
    split_ew: Text = "",
    weighted: Annotated[list[str] | None, typer.Option(help="'4S N 10@60' for each outcome")] = None,
) -> None:
    """Record an appeal's outcome: its decision replaces the ruling's, which stays in the history."""
    from ..club.adjustments import revise_ruling
    from ..register import Register
    decision = parse_decision(artificial, assigned, split_ns, split_ew, weighted)
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
    ruling: Annotated[int, typer.Argument(help="the ruling's id")],
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
