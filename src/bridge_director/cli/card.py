"""``bridge-director card ...``: check a system card, import a BML file, ask whether a call is comparable
(Law 23A, 2017) and read what the card says about a call (docs/system-card.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..model.numbers import ID_LIMIT, PAIR_LIMIT
from .base import app
from .bounds import Whole

if TYPE_CHECKING:
    from ..cards.model import SystemCard

card_app = typer.Typer(no_args_is_help=True, help="System cards: check, import BML, the comparable call (Law 23A).")
app.add_typer(card_app, name="card")

CardPath = Annotated[Path, typer.Argument(help="a system card: our JSON card, or a .bml file (imported on the fly)")]


def read(path: Path) -> SystemCard:
    """Our JSON card, or a BML file imported."""
    if path.suffix.lower() in (".bml", ".txt"):
        from ..cards.bml import import_file
        return import_file(path)
    from ..cards.card_file import load
    return load(path)


@card_app.command("check")
def check_cmd(
    card: CardPath,
    authority: Annotated[str | None, typer.Option(
        help="ACBL or EBU: also apply that authority's convention regulations (ACBL Duplicate Decisions and the "
             "Tech File; the EBU's permitted understandings by level)")] = None,
    level: Annotated[int | None, typer.Option(parser=Whole("--level", 0, 99),
                                              help="the EBU permission level, 1 to 4 (default 4)")] = None,
) -> None:
    """Validate a card: one line per problem (context and call named), and with --authority one line per breach
    of its regulations (rule and source named); exit 1 if any."""
    from ..cards.check import EBU_DEFAULT_LEVEL, authority_of, check, regulations
    from ..errors import ParseError
    from ..model.regulation import Authority

    chosen = authority_of(authority) if authority is not None else None
    if chosen is None and level is not None:
        raise ParseError("a level is the EBU's permission level: give --authority EBU with it", field="level")
    found = read(card)
    breaches = regulations(found, chosen, level) if chosen is not None else []  # a level refused before the check
    problems = check(found) + breaches  # (the check is a solver's work, most of a second)
    for line in problems:
        typer.echo(line)
    if problems:
        raise typer.Exit(1)
    ebu = f" Level {level or EBU_DEFAULT_LEVEL}" if chosen is Authority.EBU else ""
    ruled = f", no breach of the {chosen.value}{ebu} convention regulations" if chosen is not None else ""
    typer.echo(f"{card.name}: {found.name}: {found.size} meanings in {len(found.meanings)} auctions, no problems"
               f"{ruled}")


@card_app.command("comparable")
def comparable_cmd(
    card: CardPath,
    auction: Annotated[str, typer.Option(help="the calls from the dealer up to the offender's turn, e.g. '1NT 1S' "
                                              "(a last call equal to --withdrawn is the withdrawn call itself)")],
    withdrawn: Annotated[str, typer.Option(help="the withdrawn call: the insufficient bid or the cancelled call")],
    replacement: Annotated[str, typer.Option(help="the call that replaces it")],
    withdrawn_auction: Annotated[str | None, typer.Option(
        help="the auction the withdrawn call is read in (what the offender meant); default: an insufficient bid as "
             "if the bid that makes it insufficient was not seen, any other call in --auction")] = None,
    laws: Annotated[str, typer.Option("--laws", help="edition of the Laws: 2017 (Law 23A), 2007 or 1997 (Law 27B1; "
                                                     "Laws 30-32 have no comparable call)")] = "2017",
) -> None:
    """The comparable call of the edition (2017 Law 23A; 2007 27B1(a)/(b); 1997 27B1(a)): does the replacement
    spare partner?  The clause that decides, why, and when it fails a hand that shows why."""
    from ..cards.comparable import named, show_hand
    from ..cards.editions import judge
    from ..cards.question import ask
    from ..table.edition import Edition

    edition = str(Edition.parse(laws))
    found = read(card)
    answer = ask(found, auction, withdrawn, replacement, withdrawn_auction)
    v = answer.verdict if edition == "2017" else judge(edition, found, answer.withdrawn_context, answer.withdrawn,
                                                        answer.replacement_context, answer.replacement)
    typer.echo(f"withdrawn: {named(answer.withdrawn, answer.withdrawn_context)}")
    typer.echo(f"replacement: {named(answer.replacement, answer.replacement_context)}")
    typer.echo(f"{v.heading}: {v.reason}")
    if v.counterexample is not None:
        typer.echo(f"counterexample: {show_hand(v.counterexample)}, PBN {v.counterexample}")


@card_app.command("import")
def import_cmd(
    bml: Annotated[Path, typer.Argument(help="a BML file")],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="write our JSON card here (default: print it)")]
    = None,
) -> None:
    """Import a BML file into our card format; what could not be read is listed on standard error."""
    from ..cards.bml import import_file
    from ..cards.card_file import dumps

    found = import_file(bml)
    for line in found.problems:
        typer.echo(line, err=True)
    if out is None:
        typer.echo(dumps(found), nl=False)
    else:
        out.write_text(dumps(found), encoding="utf-8")
        typer.echo(f"{out}: {found.size} meanings in {len(found.meanings)} auctions")


@card_app.command("show")
def show_cmd(
    card: CardPath,
    auction: Annotated[str, typer.Option(help="the calls from the dealer up to the turn of the player whose "
                                              "calls to list; '' for the openings")] = "",
) -> None:
    """What the card says about each call at a player's turn (the agreement, for misinformation rulings)."""
    from ..cards import context as ctx
    from ..cards.comparable import spoken

    found = read(card)
    key = ctx.key(ctx.from_words(auction))
    calls = found.meanings.get(key, {})
    typer.echo(f"{found.name}, after {key or 'no bid (openings)'}:")
    if not calls:
        typer.echo("  the card lists no call here")
    for call, meaning in calls.items():
        typer.echo(f"  {spoken(call)}: {meaning.describe()}")


@card_app.command("register")
def register_cmd(
    card: CardPath,
    section: Annotated[int, typer.Option(parser=Whole("--section", 1, ID_LIMIT),
                                         help="the section's id (see `session list`)")],
    pair: Annotated[int, typer.Option(parser=Whole("--pair", 1, PAIR_LIMIT),
                                      help="the pair's number in the section")],
) -> None:
    """Register a pair's card for a session: the rulings at its tables read it (refused if it has problems)."""
    from ..cards.card_file import dumps
    from ..club.system_cards import register_card
    from ..register import Register

    found = read(card)
    register = Register()
    try:
        with register.transaction() as db:
            stored = register_card(db, section, pair, dumps(found), card.name)
    finally:
        register.close()
    typer.echo(f"pair {pair} of section {section}: {stored.name} ({stored.size} meanings)")
