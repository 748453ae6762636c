"""The stored club session as plain data for the session pages and API: lists, the rounds × tables grid, the
table-round view, the header of a session board at the table, and the result read from a form.

Everything lives in the register behind the app's tables (``app.state.tables.register``): a board opened at a
table of a section and the section itself are always in the same database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fastapi import HTTPException, Request
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from starlette.datastructures import FormData, UploadFile

from ..club.at_table import Sitting, result_from_table, sitting
from ..club.movement import Movement
from ..club.movement_choice import movement_choice
from ..club.results import NOT_PLAYED, ResultIn, describe, find_result, section_boards, table_round
from ..club.setup import PlayerIn, add_pair, movement_of, pair_name, players_in, results_only, session_deal
from ..club.setup_check import Problem, SectionSetUp, SetupRefused, set_up_section
from ..errors import BridgeError
from ..io.text import decode
from ..model import Card, Deal, Rank, Seat, Strain, Suit
from ..register import Register
from ..register.models import Pair, Section, SessionResult, TableBoard
from .forms import choice, number, text
from .tables import Table, TableStore

KINDS = {"mitchell": "Mitchell", "howell": "Howell", "3/4-howell": "3/4 Howell", "teams": "Teams match"}
METHODS = {"mp": "Matchpoints", "cross-imps": "Cross-IMPs", "butler": "Butler IMPs", "teams": "Teams (IMPs, VPs)"}
EDITIONS = ("2017", "2007", "1997")
SEATS = ("N", "E", "S", "W")
STRAINS = tuple((s.letter, s.symbol) for s in Strain)
SUITS = tuple((s.letter, s.symbol) for s in sorted(Suit, reverse=True))
RANKS = tuple(r.char for r in sorted(Rank, reverse=True))


def club_register(request: Request) -> Register:
    """The register the app keeps its tables in: the sessions live there too."""
    store: TableStore = request.app.state.tables
    return store.register


def get_section(db: Session, section_id: int) -> Section:
    section = db.get(Section, section_id)
    if section is None:
        raise HTTPException(404, f"no section {section_id}")
    return section


@dataclass(frozen=True, slots=True)
class SectionBrief:
    """A line of the list of sessions."""

    id: int
    event: str
    session: str
    letter: str
    movement: str
    tables: int
    rounds: int
    pairs: int
    results: int

    @property
    def title(self) -> str:
        return f"{self.event} · {self.session} · section {self.letter}"


RESULTS_ONLY = "results only"


def brief(db: Session, section: Section) -> SectionBrief:
    """The section's line; a section of uploaded results only has no movement, tables or rounds."""
    results = db.scalar(select(func.count()).select_from(SessionResult)
                        .where(SessionResult.section_id == section.id)) or 0
    name, tables, rounds = RESULTS_ONLY, 0, 0
    if not results_only(section):
        movement = movement_of(section)
        name, tables, rounds = movement.name, movement.tables, movement.rounds
    return SectionBrief(section.id, section.session.event.name, section.session.name, section.letter, name,
                        tables, rounds, len(section.pairs), results)


def all_sections(db: Session) -> list[SectionBrief]:
    """Every section of every session, the newest first."""
    return [brief(db, s) for s in db.scalars(select(Section).order_by(Section.id.desc()))]


@dataclass(frozen=True, slots=True)
class Cell:
    """A table in a round on the dashboard: who sits there and which of its boards have results."""

    round_no: int
    table_no: int
    ns: int | None = None
    ew: int | None = None
    boards: tuple[int, ...] = ()
    done: tuple[int, ...] = ()
    sit_out: bool = False
    in_play: bool = True

    @property
    def missing(self) -> tuple[int, ...]:
        return tuple(b for b in self.boards if b not in self.done)

    @property
    def state(self) -> str:
        if not self.in_play:
            return "empty"
        if self.sit_out:
            return "sit-out"
        return "done" if not self.missing else ("partial" if self.done else "missing")


def grid(db: Session, section: Section) -> list[list[Cell]]:
    """Rounds × tables: each cell's pairs and the boards with a stored result."""
    movement = movement_of(section)
    stored: dict[tuple[int, int], set[int]] = {}
    for row in db.execute(select(SessionResult.round_no, SessionResult.table_no, SessionResult.board_id)
                          .where(SessionResult.section_id == section.id)):
        stored.setdefault((row[0], row[1]), set()).add(row[2])
    numbers = {b.id: b.number for b in section.session.boards}
    rows = []
    for r in range(1, movement.rounds + 1):
        cells = []
        for t in range(1, movement.tables + 1):
            if movement.at(r, t) is None:
                cells.append(Cell(r, t, in_play=False))
                continue
            where = table_round(db, section, r, t)
            done = tuple(sorted(numbers[i] for i in stored.get((r, t), set()) if i in numbers))
            cells.append(Cell(r, t, where.encounter.ns, where.encounter.ew, where.boards, done, where.sit_out))
        rows.append(cells)
    return rows


@dataclass(frozen=True, slots=True)
class BoardAtTable:
    """One board of a table-round: its deal, the stored result (with its audit) and the open table, if any."""

    number: int
    hands: list[tuple[str, str]]
    result: SessionResult | None
    text: str
    token: str | None
    changes: list[dict[str, Any]] = field(default_factory=list)


def hands_of(deal: Deal | None) -> list[tuple[str, str]]:
    """The four hands as ``("North", "♠AKQ ♥J ♦... ♣...")``; empty without a deal."""
    if deal is None:
        return []
    out = []
    for seat in Seat:
        hand = deal[seat]
        suits = " ".join(s.symbol + ("".join(c.rank.char for c in hand.holding(s)) or "—")
                         for s in sorted(Suit, reverse=True))
        out.append((seat.name.title(), suits))
    return out


def boards_at(db: Session, section: Section, round_no: int, table_no: int,
              boards: tuple[int, ...]) -> list[BoardAtTable]:
    tokens = {row.board_number: row.token for row in db.scalars(select(TableBoard).where(
        TableBoard.section_id == section.id, TableBoard.round_no == round_no, TableBoard.table_no == table_no))}
    out = []
    for board in boards:
        found = find_result(db, section, round_no, table_no, board)
        changes = [{"by": c.changed_by, "at": c.changed_at.strftime("%Y-%m-%d %H:%M"), "reason": c.reason,
                    "old": change_text(c.old), "new": change_text(c.new)} for c in (found.changes if found else [])]
        out.append(BoardAtTable(board, hands_of(session_deal(db, section.session_id, board)), found,
                                describe(found) if found is not None else "", tokens.get(board), changes))
    return out


def change_text(values: Mapping[str, Any]) -> str:
    """A result's stored values (as the audit keeps them) in words."""
    if values.get("status") == NOT_PLAYED:
        return "not played"
    if values.get("contract") == "PASS":
        return "passed out"
    score = values.get("ns_score")
    return (f"{values.get('contract')} by {values.get('declarer')}, {values.get('tricks')} tricks"
            + (f", {score:+d}" if isinstance(score, int) else ""))


def pair_line(pair: Pair | None, round_no: int | None = None) -> str:
    return f"{pair.number}: {pair_name(pair, round_no)}" if pair is not None else "—"


def entry_rows(section: Section) -> list[dict[str, Any]]:
    """The entry for the set-up page and the API: number, names, membership numbers, team, late changes."""
    out = []
    for pair in section.pairs:
        subs = [f"{s.player.name} for member {s.seat} from round {s.from_round}" for s in pair.substitutes]
        first, second = pair.player1, pair.player2  # a pair of uploaded travellers may name no player
        out.append({"number": pair.number, "names": pair_name(pair) if pair.label else " & ".join(players_in(pair)),
                    "player1": first.name if first else "", "member1": (first.membership or "") if first else "",
                    "player2": second.name if second else "", "member2": (second.membership or "") if second else "",
                    "team": pair.team.name if pair.team is not None else "", "left_after": pair.left_after,
                    "substitutes": subs})
    return out


def movement_summary(section: Section) -> dict[str, Any] | None:
    """The movement as the set-up page and the API show it; None for a section of results only."""
    if results_only(section):
        return None
    movement = movement_of(section)
    kind = getattr(movement.kind, "value", movement.kind)
    return {"name": movement.name, "kind": str(kind), "tables": movement.tables, "rounds": movement.rounds,
            "pairs": list(movement.pairs), "boards_per_round": section.boards_per_round,
            "first_board": section.first_board, "boards": list(section_boards(section)),
            "two_winners": bool(movement.two_winners)}


# ----- the set-up form ----------------------------------------------------------------------------------------


def movement_spec(kind: str, tables: int | None) -> str:
    """The movement chosen on the form as ``movement_choice`` reads it: ``mitchell:7``, ``teams``, a shipped name."""
    if kind == "teams":
        return "teams"
    if kind in KINDS:
        if tables is None:
            raise BridgeError(f"a {KINDS[kind]} needs the number of tables", field="tables")
        return f"{kind}:{tables}"
    return kind


def movement_from_form(form: FormData) -> str:
    kind = text(form, "movement", max_length=100, required=True, label="the movement")
    spec = movement_spec(kind, number(form, "tables", low=1, high=99, label="tables"))
    web_movement(spec)  # refused here, naming the field, before anything is stored
    return spec


async def upload_text(form: FormData, name: str, limit: int) -> str | None:
    """An uploaded file's text (UTF-8), or None when none was chosen."""
    file = form.get(name)
    if not isinstance(file, UploadFile) or not file.filename:
        return None
    content = await file.read(limit + 1)
    if len(content) > limit:
        raise BridgeError(f"{file.filename}: the file is larger than {limit // 1000} kB", field=name)
    return decode(content, file.filename, strict=True)  # a byte that is not UTF-8: file, line and column named


def load_deals(pbn: str) -> dict[int, Deal]:
    """The hand records of a PBN file: board number -> deal (``club.hand_records``)."""
    from ..club.hand_records import load_hand_records
    text = pbn if pbn.endswith("\n") else pbn + "\n"  # always read as text, never as a path on the server
    deals = {board: record.deal for board, record in load_hand_records(text).items()}
    if not deals:
        raise BridgeError("the hand records have no deal (PBN games with Board and Deal tags)", field="hands")
    return deals


def web_movement(spec: str) -> Movement:
    """The movement ``spec`` names: generated or shipped; never a file on the server."""
    from ..club.movement import shipped_movements
    kind = spec.strip().lower().partition(":")[0]
    if kind not in KINDS and kind != "three-quarter-howell" and spec.strip() not in shipped_movements():
        raise BridgeError(f"not a movement: {spec[:40]!r}; choose mitchell:N, howell:N, 3/4-howell:N, teams or a "
                          "shipped movement", field="movement")
    return movement_choice(spec)


# ----- results from the form ----------------------------------------------------------------------------------


def result_from_form(form: FormData) -> ResultIn:
    """The result the controls give: ``action`` is ``result``, ``pass`` or ``not-played``."""
    action = choice(form, "action", ("result", "pass", "not-played"), default="result")
    if action == "not-played":
        return ResultIn("", status=NOT_PLAYED)
    if action == "pass":
        return ResultIn("PASS")
    level = number(form, "level", low=1, high=7, required=True, label="the level")
    strain = choice(form, "strain", tuple(s for s, _ in STRAINS))
    double = choice(form, "double", ("", "X", "XX"), default="")
    if double == "" and text(form, "double"):
        raise BridgeError("doubled is X or XX", field="double")
    declarer = choice(form, "declarer", SEATS)
    tricks = number(form, "tricks", low=0, high=13, required=True, label="tricks taken by declarer")
    suit, rank = text(form, "lead_suit", max_length=2), text(form, "lead_rank", max_length=2)
    if bool(suit) != bool(rank):
        raise BridgeError("the lead needs both its suit and its rank (or neither)", field="lead")
    return ResultIn(f"{level}{strain}{double}", declarer, tricks, f"{suit}{rank}")


# ----- a session board at the table ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seated:
    """The session header of the table page: who plays, the stored result, and what the log says happened."""

    sitting: Sitting
    section_id: int
    hands: list[tuple[str, str]]
    stored: str
    from_log: ResultIn | None

    @property
    def round_url(self) -> str:
        return f"/sessions/{self.section_id}/rounds/{self.sitting.round_no}/tables/{self.sitting.table_no}"

    @property
    def log_text(self) -> str:
        r = self.from_log
        if r is None:
            return ""
        if r.contract == "PASS":
            return "passed out"
        return f"{r.contract} by {r.declarer}, {r.tricks} tricks" + (f", lead {Card.parse(r.lead).symbol}" if r.lead
                                                                      else "")


def seated(db: Session, table: Table) -> Seated | None:
    """The session header for ``table``, or None for a board opened on its own."""
    if table.seating.section_id is None:
        return None
    where = sitting(db, table.id)
    if where is None:
        return None
    row = db.get(SessionResult, where.result_id) if where.result_id is not None else None
    return Seated(where, table.seating.section_id, hands_of(table.state.deal), describe(row) if row else "",
                  result_from_table(table.state))


# ----- setting up ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetUp:
    """A new section as the form or the API gives it; ``pairs`` are (number, first, second, team)."""

    event: str
    session: str
    letter: str
    movement: str
    boards_per_round: int
    method: str = "mp"
    laws: str = "2017"
    pairs: tuple[tuple[int, PlayerIn, PlayerIn, str], ...] = ()
    entry_csv: str | None = None
    hand_records: str | None = None
    scale: int = 2


def set_up(db: Session, given: SetUp) -> Section:
    """Event, session, section, entry and hand records inside ``db``'s transaction: all stored, or nothing.

    Every problem is reported at once (``SetupRefused``, as the set-up form does): the movement, the section's
    fields, the entry's lines and the deals first; then, once the section stands, each pair given that is
    refused (each tried in a savepoint, so one refused pair does not hide the next)."""
    known: list[Problem] = []
    movement: Movement | None = None
    try:
        movement = web_movement(given.movement)
    except BridgeError as err:
        known.append(Problem("movement", err))
    section = set_up_section(db, SectionSetUp(given.event, given.session, given.letter, movement,
                                              given.boards_per_round, given.method, given.laws, given.scale,
                                              given.entry_csv or None, given.hand_records or None), known)
    refused: list[Problem] = []
    for number_, first, second, team in given.pairs:
        try:
            with db.begin_nested():
                add_pair(db, section, number_, first, second, team)
        except BridgeError as err:
            refused.append(Problem("pairs", err))
    if refused:
        raise SetupRefused(refused)
    return section


def prefill(row: SessionResult | None) -> dict[str, str]:
    """The result form's controls set to a stored result (the correction form starts from it)."""
    if row is None or row.status == NOT_PLAYED or not row.contract:
        return {}
    if row.contract == "PASS":
        return {"action": "pass"}
    body = row.contract[1:]
    double = "XX" if body.endswith("XX") else ("X" if body.endswith("X") else "")
    return {"level": row.contract[0], "strain": body[:len(body) - len(double)], "double": double,
            "declarer": row.declarer, "tricks": str(row.tricks), "lead_suit": row.lead[:1], "lead_rank": row.lead[1:]}
