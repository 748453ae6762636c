"""The session's commands: ``session new|list|entry|hands|result|correct|substitute|withdraw|ranking|results|
upload|movement|import-bws|publish``.

A session lives in the register (``BRIDGE_DIRECTOR_DB``, else SQLite in the user's data directory); a section is
named by its id, which ``session new``, ``session upload`` and ``session list`` print.  A section either plays a
movement (results entered at its tables or at the desk) or holds results only (travellers uploaded from a file);
both are ranked, ruled on and listed the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import BridgeError, RegisterError
from ..model.numbers import BOARD_LIMIT, ID_LIMIT, PAIR_LIMIT, ROUND_LIMIT, TABLE_LIMIT
from .base import app
from .bounds import Whole

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from ..model import Deal
    from ..register import Register
    from ..register.models import Section
    from ..scoring.event import Method
    from ..scoring.event import Result as Line

session_app = typer.Typer(no_args_is_help=True, help="The club night: set-up, entry, hand records, results, ranking.")
app.add_typer(session_app, name="session")

SectionId = Annotated[int, typer.Argument(parser=Whole("section_id", 1, ID_LIMIT),
                                          help="the section's id (see `session list`)")]
Board = Whole("--board", 1, BOARD_LIMIT)
Tricks = Whole("tricks", 0, 13)
Pair = Whole("pair", 1, PAIR_LIMIT)
#: boards a round may have (a teams match plays up to 32 a stanza)
BOARDS_PER_ROUND = 99


def _register() -> Register:
    from ..register import Register
    return Register()


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8-sig")
    except OSError as err:
        raise BridgeError(f"cannot read {path}: {err.strerror}", field="file") from None
    except UnicodeDecodeError as err:
        raise BridgeError(f"{path} is not UTF-8 text (byte {err.start})", field="file") from None


def _section(db: Session, section_id: int) -> Section:
    from ..register.models import Section
    section = db.get(Section, section_id)
    if section is None:
        raise RegisterError(f"no section {section_id} (see `bridge-director session list`)", field="section")
    return section


@session_app.command("new")
def new(event: Annotated[str, typer.Argument(help="event name")],
        session: Annotated[str, typer.Argument(help="session name")],
        movement: Annotated[str, typer.Option(help="mitchell:N[:relay|:skip], howell:N, 3/4-howell:N, teams, "
                                                   "a shipped name or a file")] = "mitchell:7",
        boards_per_round: Annotated[int, typer.Option(parser=Whole("--boards-per-round", 1, BOARDS_PER_ROUND),
                                                      help=f"boards a round (1 to {BOARDS_PER_ROUND})")] = 3,
        section: Annotated[str, typer.Option(help="section letter")] = "A",
        method: Annotated[str, typer.Option(help="mp, cross-imps, butler or teams")] = "mp",
        laws: Annotated[str, typer.Option(help="Laws edition: 2017, 2007 or 1997")] = "2017",
        scale: Annotated[int, typer.Option(parser=Whole("--scale", 1, 2),
                                           help="matchpoints a result beaten: 2 (2 and 1) or 1 (1 and ½)")] = 2,
        entry: Annotated[Path | None, typer.Option(help="the entry as CSV: pair,player1,member1,player2,member2")]
        = None,
        hands: Annotated[Path | None, typer.Option(help="hand records: a PBN deal file")] = None) -> None:
    """Set up a session's section: movement, boards per round, scoring, entry and hand records in one go."""
    from ..club.movement_choice import movement_choice
    from ..club.setup import add_section, create_session, import_entry_csv
    chosen = movement_choice(movement)
    entry_text = _read(entry) if entry is not None else None
    deals = _deals(hands) if hands is not None else None
    register = _register()
    try:
        with register.transaction() as db:
            the_session = create_session(db, event, session)
            made = add_section(db, the_session, section, chosen, boards_per_round, method=method, laws=laws,
                               scale=scale)
            if entry_text is not None:
                import_entry_csv(db, made, entry_text)
            if deals is not None:
                from ..club.setup import store_hand_records
                store_hand_records(db, the_session, deals)
            typer.echo(f"section {made.id}: {event} / {session} / {made.letter}, {chosen.name} "
                       f"({chosen.tables} tables, {chosen.rounds} rounds), {boards_per_round} boards a round")
    finally:
        register.close()


def _deals(path: Path) -> dict[int, Deal]:
    from ..club.hand_records import load_hand_records
    return {number: record.deal for number, record in load_hand_records(path).items()}


@session_app.command("list")
def list_sections() -> None:
    """Every section of every session, with its id."""
    from sqlalchemy import select

    from ..register.models import Section
    register = _register()
    try:
        with register.transaction() as db:
            for s in db.scalars(select(Section).order_by(Section.id)):
                played = "results only" if s.movement is None else s.movement.get("name", "?")
                typer.echo(f"{s.id:>4}  {s.session.event.name} / {s.session.name} / {s.letter}: "
                           f"{played}, {len(s.pairs)} pairs")
    finally:
        register.close()


@session_app.command("entry")
def entry_cmd(section_id: SectionId, file: Annotated[Path, typer.Argument(help="CSV entry file")]) -> None:
    """Add the entry from CSV (all or nothing; a bad line is named)."""
    from ..club.setup import import_entry_csv
    text = _read(file)
    register = _register()
    try:
        with register.transaction() as db:
            pairs = import_entry_csv(db, _section(db, section_id), text)
            typer.echo(f"{len(pairs)} pairs entered")
    finally:
        register.close()


@session_app.command("hands")
def hands_cmd(section_id: SectionId, file: Annotated[Path, typer.Argument(help="PBN deal file")]) -> None:
    """Load the session's hand records (dealer and vulnerability checked against Law 2)."""
    from ..club.setup import store_hand_records
    deals = _deals(file)
    register = _register()
    try:
        with register.transaction() as db:
            boards = store_hand_records(db, _section(db, section_id).session, deals)
            typer.echo(f"{len(boards)} deals stored")
    finally:
        register.close()


@session_app.command("result")
def result_cmd(section_id: SectionId,
               round_no: Annotated[int, typer.Option("--round", parser=Whole("--round", 1, ROUND_LIMIT), help="round")],
               table: Annotated[int, typer.Option(parser=Whole("--table", 1, TABLE_LIMIT), help="table")],
               board: Annotated[int, typer.Option(parser=Board, help="board")],
               contract: Annotated[str, typer.Argument(help="4SX, 3NT, PASS, or NP for not played")],
               declarer: Annotated[str, typer.Argument(help="N, E, S or W")] = "",
               tricks: Annotated[int | None, typer.Argument(parser=Tricks, help="tricks taken by declarer")] = None,
               lead: Annotated[str, typer.Option(help="opening lead, e.g. SK")] = "") -> None:
    """Enter a result at the desk, checked against the movement and the hand record."""
    from ..club.results import NOT_PLAYED, ResultIn, describe, enter_result
    given = ResultIn("", status=NOT_PLAYED) if contract.upper() == "NP" else ResultIn(contract, declarer, tricks,
                                                                                        lead)
    register = _register()
    try:
        with register.transaction() as db:
            row = enter_result(db, _section(db, section_id), round_no, table, board, given, by="desk")
            typer.echo(f"result {row.id}: board {board}, table {table}, round {round_no}: {describe(row)}")
    finally:
        register.close()


@session_app.command("correct")
def correct_cmd(result_id: Annotated[int, typer.Argument(parser=Whole("result_id", 1, ID_LIMIT),
                                                         help="the result's id")],
                contract: Annotated[str, typer.Argument(help="4SX, 3NT, PASS")],
                declarer: Annotated[str, typer.Argument(help="N, E, S or W")] = "",
                tricks: Annotated[int | None, typer.Argument(parser=Tricks, help="tricks taken by declarer")] = None,
                version: Annotated[int, typer.Option(parser=Whole("--version", 1, ID_LIMIT),
                                                     help="the version the result was read at")] = 1,
                reason: Annotated[str, typer.Option(help="why")] = "",
                lead: Annotated[str, typer.Option(help="opening lead")] = "") -> None:
    """Correct a stored result; the old value, who and why are kept."""
    from ..club.results import ResultIn, correct_result, describe
    register = _register()
    try:
        with register.transaction() as db:
            row = correct_result(db, result_id, ResultIn(contract, declarer, tricks, lead), version=version,
                                 by="desk", reason=reason)
            typer.echo(f"result {row.id} is now {describe(row)} (version {row.version})")
    finally:
        register.close()


@session_app.command("substitute")
def substitute_cmd(section_id: SectionId, pair: Annotated[int, typer.Argument(parser=Pair, help="pair number")],
                   member: Annotated[int, typer.Argument(parser=Whole("member", 1, 2),
                                                         help="1 or 2: the member replaced")],
                   name: Annotated[str, typer.Argument(help="the substitute's name")],
                   from_round: Annotated[int, typer.Option(parser=Whole("--from-round", 1, ROUND_LIMIT),
                                                           help="first round the substitute plays")] = 1,
                   membership: Annotated[str, typer.Option(help="membership number")] = "") -> None:
    """A substitute plays for one member of a pair from a round on."""
    from ..club.setup import PlayerIn, substitute
    register = _register()
    try:
        with register.transaction() as db:
            substitute(db, _section(db, section_id), pair, member, PlayerIn(name, membership), from_round)
            typer.echo(f"{name} plays for member {member} of pair {pair} from round {from_round}")
    finally:
        register.close()


@session_app.command("withdraw")
def withdraw_cmd(section_id: SectionId, pair: Annotated[int, typer.Argument(parser=Pair, help="pair number")],
                 after_round: Annotated[int, typer.Option(parser=Whole("--after-round", 0, ROUND_LIMIT),
                                                          help="the last round the pair played")] = 0) -> None:
    """A pair leaves after a round; its later opponents sit out."""
    from ..club.setup import withdraw
    register = _register()
    try:
        with register.transaction() as db:
            withdraw(db, _section(db, section_id), pair, after_round)
            typer.echo(f"pair {pair} leaves after round {after_round}")
    finally:
        register.close()


def _print_ranking(db: Session, section: Section) -> None:
    """The section's ranking as ``session ranking`` prints it."""
    from ..club.scores import score_section
    from ..club.team_scores import score_teams
    from ..scoring.report import standings_text
    if section.method == "teams":
        names = {t.number: t.name for t in section.teams}
        for m in score_teams(db, section):
            vps = m.match.victory_points
            typer.echo(f"{names.get(m.home, m.home)} v {names.get(m.away, m.away)}: {m.match.imps:+d} IMPs, "
                       f"{vps[0]:.2f} - {vps[1]:.2f} VPs")
            for step in m.match.steps:
                typer.echo(f"  - {step}")
        return
    scored = score_section(db, section)
    typer.echo(standings_text(scored) if scored is not None else "no results yet")


@session_app.command("ranking")
def ranking_cmd(section_id: SectionId) -> None:
    """The ranking so far, with rulings and penalties applied.

    Neuberg for boards short of results; Mitchell directions apart; a teams section's matches in IMPs and VPs."""
    register = _register()
    try:
        with register.transaction() as db:
            _print_ranking(db, _section(db, section_id))
    finally:
        register.close()


@session_app.command("results")
def results_cmd(section_id: SectionId,
                board: Annotated[int | None, typer.Option(parser=Board, help="only this board")] = None) -> None:
    """Every result of a section with its id, the id that `ruling result` takes."""
    from ..club.adjustments import section_decisions
    from ..club.results import section_results
    from .describe import result_text
    register = _register()
    try:
        with register.transaction() as db:
            section = _section(db, section_id)
            ruled = section_decisions(db, section)
            for row in section_results(db, section):
                if board is not None and row.board.number != board:
                    continue
                decision = ruled.get(row.id)
                note = f"  [ruling {decision[1]}: {decision[0].text()}]" if decision is not None else ""
                typer.echo(f"{row.id:>6}  {result_text(row)}{note}")
    finally:
        register.close()


def _travellers(path: Path) -> tuple[list[Line], dict[int, Deal], Method | None]:
    """The lines of a travellers file (PBN score tables, CSV or USEBIO, read as ``score event`` reads them) and a
    PBN file's deals; a refusal names the file, the line and the field."""
    from ..io.travellers import load_results
    from ..io.usebio import is_usebio, read_usebio
    try:
        if is_usebio(path):
            usebio = read_usebio(path)
            lines, method = list(usebio.results), usebio.method
        else:
            lines, method = load_results(path)
        deals: dict[int, Deal] = {}
        if path.suffix.lower() == ".pbn":
            from ..io.pbn import load_pbn
            deals = {board.number: board.deal for _, board in load_pbn(path).boards() if board.number}
    except BridgeError as err:
        raise _in_file(path, err) from None
    for number, deal in sorted(deals.items()):
        if not deal.complete:
            raise BridgeError(f"{path}, board {number}, Deal: the deal is not 13 cards to each hand")
    if not lines:
        raise BridgeError(f"{path}: the file has no traveller lines", field="file")
    return lines, deals, method


def _in_file(path: Path, err: BridgeError) -> BridgeError:
    """The error with the file's name in front (where it does not name it already)."""
    text = str(err)
    return BridgeError(text if str(path) in text else f"{path}, {text}")


@session_app.command("upload")
def upload_cmd(file: Annotated[Path, typer.Argument(help="travellers: .pbn (ScoreTable), .csv or USEBIO .xml")],
               event: Annotated[str, typer.Option(help="event name (created if new)")],
               session: Annotated[str, typer.Option(help="session name (created if new)")] = "Results",
               section: Annotated[str, typer.Option(help="section letter (default: the session's section of "
                                                         "results only, else the first free letter)")] = "",
               method: Annotated[str, typer.Option(help="mp, cross-imps or butler (default: the file's, else mp); "
                                                        "a section's method is set by its first upload")] = "",
               authority: Annotated[str, typer.Option(help="club, ebu or acbl (for a new event)")] = "club",
               ) -> None:
    """Store a file of travellers as a section of results only, then print its ranking.

    A board uploaded again replaces its lines; a PBN file's deals go to the boards.  All or nothing: a refused
    file stores nothing, and the error names the file, the line and the field."""
    from ..club.travellers import store_travellers
    from ..register.values import Authority
    from ..scoring.event import Method
    chosen = Method.parse(method) if method.strip() else None
    try:
        the_authority = Authority[authority.strip().upper()]
    except KeyError:
        raise BridgeError(f"the authority is club, ebu or acbl, not {authority!r}", field="authority") from None
    lines, deals, file_method = _travellers(file)
    register = _register()
    try:
        with register.transaction() as db:
            try:
                stored = store_travellers(db, event, lines, deals, session=session, letter=section or None,
                                          authority=the_authority, method=chosen or file_method)
            except BridgeError as err:
                raise _in_file(file, err) from None
            made = stored.section
            typer.echo(f"section {made.id}: {made.session.event.name} / {made.session.name} / {made.letter}, "
                       f"{stored.lines} lines stored from {file.name}")
            _print_ranking(db, made)
    finally:
        register.close()


@session_app.command("movement")
def movement_cmd(spec: Annotated[str, typer.Argument(help="mitchell:N, howell:N, 3/4-howell:N, teams or a name")]
                 = "", as_json: Annotated[bool, typer.Option("--json", help="print the movement file")] = False,
                 ) -> None:
    """List the shipped movements, or show one (as a movement file with --json)."""
    import json

    from ..club.movement import shipped_movements
    from ..club.movement_choice import movement_choice
    if not spec:
        typer.echo("\n".join(shipped_movements()))
        return
    chosen = movement_choice(spec)
    if as_json:
        typer.echo(json.dumps(chosen.to_json(), indent=1))
        return
    for e in chosen.encounters:
        typer.echo(f"round {e.round:>2} table {e.table:>2}: {e.ns:>2} v {e.ew:>2}, set {e.board_set}"
                   + (" (arrow switch)" if e.arrow_switch else ""))


@session_app.command("import-bws")
def import_bws_cmd(file: Annotated[Path, typer.Argument(help="a Bridgemate control file (.bws)")],
                   event: Annotated[str, typer.Option(help="event name")],
                   session: Annotated[str, typer.Option(help="session name")],
                   ) -> None:
    """Bring a Bridgemate session (movement, pairs, names, deals, results) into the register, all or nothing."""
    from ..club.bws_import import import_bws
    register = _register()
    try:
        with register.transaction() as db:
            for made in import_bws(db, file, event, session):
                typer.echo(f"section {made.id}: {made.letter}, {len(made.pairs)} pairs")
    finally:
        register.close()


@session_app.command("publish")
def publish_cmd(section_id: SectionId,
                to: Annotated[Path, typer.Option("--to", help="the folder of static pages (made if missing)")],
                pdf: Annotated[Path | None, typer.Option("--pdf", help="also the printable PDF, to this file")]
                = None) -> None:
    """Publish the results: a folder of plain HTML pages (ranking, travellers with hand records, pairs' cards)
    to upload to the club's website, and the ranking and travellers as a PDF."""
    from ..club.publish import publish_section, write_pdf, write_site
    register = _register()
    try:
        with register.transaction() as db:
            published = publish_section(db, _section(db, section_id))
    finally:
        register.close()
    written = write_site(published.pages, to)
    typer.echo(f"{len(written)} files written to {to} (open {to / 'index.html'})")
    if pdf is not None:
        write_pdf(published.pdf, pdf)
        typer.echo(f"PDF written to {pdf}")
