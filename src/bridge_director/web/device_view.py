"""What the table device's pages and API share: the key that signs the links, the address a link opens, its QR
code, reading a token (a refusal as 403 or 404, naming the token), and the device page's view of the evening.

The device has no account: its pages are drawn without the login session (no cookie is set or read), and its
writes need no CSRF token, because the unguessable link in the address is the key (as the poll of peers does).
"""

from __future__ import annotations

import base64
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse, Response

from ..club.devices import (
    DOUBLES,
    LEVELS,
    RANKS,
    SECRET_NAME,
    STRAINS,
    SUITS,
    VULNERABLE,
    Device,
    DeviceEntered,
    DeviceEntry,
    DeviceRefused,
    DeviceUnknown,
    PlanBoard,
    PlanRound,
    Step,
    TablePlan,
    confirming_side,
    enter_from_device,
    read_token,
    table_plan,
)
from ..club.director_calls import REASON_TEXT, REASONS, CallView, table_calls
from ..club.report import TravellerRow, contract_text, fmt_points
from ..club.score_cache import score_cache
from ..errors import BridgeError
from ..register import Register
from ..register.models import Section
from ..register.server_state import stored_secret
from .lan import public_base, qr_svg
from .pages import TEMPLATES
from .security import client_address

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}
RANK_LABELS = {"T": "10"}
#: the tricks buttons: made exactly, overtricks, undertricks (those a level cannot have are hidden by app.css)
OVER = tuple(f"+{n}" for n in range(1, 7))
DOWN = tuple(f"-{n}" for n in range(1, 14))


def device_secret(request: Request) -> str:
    """The key that signs device links: made once and kept in the register (every worker and restart share it)."""
    known: str | None = getattr(request.app.state, "device_key", None)
    if known is None:
        register: Register = request.app.state.server_register
        known = stored_secret(register, SECRET_NAME, lambda: secrets.token_urlsafe(32))
        request.app.state.device_key = known
    return known


def club_register(request: Request) -> Register:
    register: Register = request.app.state.tables.register
    return register


def device_url(request: Request, token: str) -> str:
    return f"{public_base(request)}/device/{token}"


def qr_image(url: str) -> str:
    """``url`` as a QR code, an SVG in a data URI (shown by an ``img``; the pages' policy allows ``data:``)."""
    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(url)).decode("ascii")


class Refused(Exception):
    """A device request refused for its token: 403 (not valid here) or 404 (no link at all)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def device_of(request: Request, token: str, table_no: int | None = None) -> Device:
    """The device the token opens; ``Refused`` when it is not valid here (or names another table)."""
    secret = device_secret(request)
    try:
        with club_register(request).transaction() as db:
            return read_token(db, secret, token, table_no)
    except DeviceUnknown as err:
        raise Refused(404, str(err)) from None
    except DeviceRefused as err:
        raise Refused(403, str(err)) from None


def enter_entry(request: Request, token: str, entry: DeviceEntry, key: str, table_no: int | None = None
                ) -> DeviceEntered:
    """Store the device's result (``club.devices.enter_from_device``); ``Refused`` for its token."""
    secret = device_secret(request)
    try:
        return enter_from_device(club_register(request), secret, token, entry, key, client_address(request),
                                 table_no)
    except DeviceUnknown as err:
        raise Refused(404, str(err)) from None
    except DeviceRefused as err:
        raise Refused(403, str(err)) from None


def refusal_json(err: Refused) -> Response:
    return JSONResponse({"detail": err.message, "law": None, "field": "token"}, status_code=err.status)


def device_render(request: Request, name: str, status_code: int = 200, **context: Any) -> Response:
    """A device page, drawn without the login session: no cookie read or set, no CSRF token in its forms."""
    return TEMPLATES.TemplateResponse(request, name, {"account": None, "csrf": "", "error": None, **context},
                                      status_code=status_code)


def refusal_page(request: Request, err: Refused) -> Response:
    return device_render(request, "device_refused.html", err.status, error=err.message)


# ----- the device page ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Keyed:
    """The keypad's taps as the form sends them (what a refused entry keeps and the confirmation carries)."""

    level: str = ""
    strain: str = ""
    double: str = ""
    declarer: str = ""
    lead_suit: str = ""
    lead_rank: str = ""
    made: str = ""
    passed: bool = False

    def fields(self) -> dict[str, str]:
        out = {"level": self.level, "strain": self.strain, "double": self.double, "declarer": self.declarer,
               "lead_suit": self.lead_suit, "lead_rank": self.lead_rank, "made": self.made}
        if self.passed:
            out["passed"] = "1"
        return {k: v for k, v in out.items() if v}


def entry_words(entry: DeviceEntry) -> str:
    """A result in words for the players: ``4♥X by South, lead ♠K, 10 tricks``.

    >>> entry_words(DeviceEntry(1, 5, "4HX", "S", 10, "SK"))
    '4♥X by South, lead ♠K, 10 tricks'
    >>> entry_words(DeviceEntry(1, 5, "PASS"))
    'Passed out'
    """
    if entry.contract.upper() == "PASS":
        return "Passed out"
    lead = f", lead {SUIT_SYMBOLS[entry.lead[0]]}{RANK_LABELS.get(entry.lead[1:], entry.lead[1:])}" \
        if len(entry.lead) == 2 else ", no lead entered"
    return f"{contract_text(entry.contract)} by {SEAT_NAMES.get(entry.declarer, entry.declarer)}{lead}, " \
           f"{entry.tricks} tricks"


@dataclass(frozen=True)
class DeviceView:
    """Everything the device page draws: the plan, what it shows now (``mode``) and its values."""

    token: str
    plan: TablePlan
    step: Step
    mode: str
    round: PlanRound
    board: PlanBoard | None
    keyed: Keyed = Keyed()
    entry: DeviceEntry | None = None
    key: str = ""
    stored: str = ""
    traveller: list[TravellerRow] = field(default_factory=list)
    calls: list[CallView] = field(default_factory=list)

    @property
    def plan_json(self) -> str:
        return json.dumps(self.plan.to_json(), ensure_ascii=False, separators=(",", ":"))

    @property
    def confirmer(self) -> str:
        return "N-S" if self.entry is not None and confirming_side(self.entry) == "NS" else "E-W"

    @property
    def confirm_side(self) -> str:
        return "NS" if self.confirmer == "N-S" else "EW"

    def entry_text(self) -> str:
        return entry_words(self.entry) if self.entry is not None else ""


def keypad_context() -> dict[str, Any]:
    return {"levels": LEVELS, "strains": STRAINS, "doubles": DOUBLES, "suits": SUITS, "ranks": RANKS,
            "over": OVER, "down": DOWN, "symbols": SUIT_SYMBOLS, "rank_labels": RANK_LABELS,
            "seat_names": SEAT_NAMES, "vulnerable": VULNERABLE, "reasons": REASONS[1:], "reason_text": REASON_TEXT,
            "points": fmt_points, "contract_text": contract_text}


def plan_of(request: Request, device: Device) -> tuple[TablePlan, list[CallView]]:
    with club_register(request).transaction() as db:
        section = db.get_one(Section, device.section_id)
        return table_plan(db, section, device.table_no), table_calls(db, device.section_id, device.table_no)


def traveller_of(request: Request, device: Device, board: int) -> list[TravellerRow]:
    scores = score_cache(club_register(request)).scores(device.section_id)
    return scores.report.traveller(board) if scores is not None else []


def device_page(request: Request, device: Device, *, started: int | None = None, mode: str | None = None,
                keyed: Keyed | None = None, entry: DeviceEntry | None = None, at: tuple[int, int] | None = None,
                stored: str = "", error: str | None = None, status_code: int = 200) -> Response:
    """The device page: the board to enter (or ``at`` a given round and board), the end of a round, the
    confirmation of an entry, or a board's traveller (``mode``)."""
    plan, calls = plan_of(request, device)
    step = plan.step(started)
    rnd, board = step.round, step.board
    if at is not None:
        found = plan.find(*at)
        if found is None:
            raise BridgeError(f"board {at[1]} is not played at table {device.table_no} in round {at[0]}",
                              field="board")
        rnd, board = found
    shown = mode or step.kind
    traveller = traveller_of(request, device, board.number) if shown == "done" and board is not None else []
    view = DeviceView(device.token, plan, step, shown, rnd, board, keyed or Keyed(), entry,
                      secrets.token_urlsafe(18) if shown == "confirm" else "", stored, traveller, calls)
    return device_render(request, "device.html", status_code, v=view, error=error, **keypad_context())
