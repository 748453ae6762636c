"""A pair's personal score card for the players' own phones: each board the pair has played, with its points once
the board is complete, and the signed link that opens it without an account.

The card is read from the one report (``report.load_report``, scored by ``scores.score_section``): nothing is
scored here.  What this module adds is *when* a board's points are shown: only once every result the movement
expects on the board is stored (a table that sits out, a phantom pair or a pair that has left expects none), so a
pair never sees a figure that the next table's result will change.  A section of uploaded results is complete as
it stands.

The link is ``/card/{token}``: the token names the section and the pair and carries an HMAC of both under a key the
register keeps (``register.server_state.stored_secret``), so it cannot be guessed or altered, and it opens one
pair's card only.

>>> token = card_token("key", 12, 3)
>>> token.startswith("12-3-"), len(token), read_card_token("key", token)
(True, 27, (12, 3))
>>> read_card_token("another key", token)
Traceback (most recent call last):
bridge_director.errors.RegisterError: link: this score card link is not valid: ask the director for your pair's card
>>> lead_text("HK"), lead_text("ST"), lead_text("")
('♥K', '♠10', '')
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import threading
import weakref
from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..errors import RegisterError
from ..register import Register
from ..register.models import Pair, Section
from ..register.server_state import stored_secret
from ..scoring.event import Result
from .decision_text import contract_short, signed
from .report import RankingRow, SectionReport, TravellerRow, load_report
from .setup import movement_of, results_only

#: the name of the key in the register's ``server_secrets`` table
KEY_NAME = "score card key"
#: the HMAC's bytes kept in the link (128 bits: never guessed)
MAC_BYTES = 16
_TOKEN = re.compile(r"([1-9][0-9]{0,9})-([1-9][0-9]{0,5})-([A-Za-z0-9_-]{22})")
_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
METHOD_NAMES = {"mp": "Matchpoints", "cross-imps": "Cross-IMPs", "butler": "Butler IMPs"}
INVALID = "this score card link is not valid: ask the director for your pair's card"


# ----- the link ------------------------------------------------------------------------------------------------
def _mac(key: str, section_id: int, pair: int) -> str:
    digest = hmac.new(key.encode(), f"bridge-director score card {section_id} {pair}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:MAC_BYTES]).decode("ascii").rstrip("=")


def card_token(key: str, section_id: int, pair: int) -> str:
    """The token of pair ``pair``'s card in section ``section_id``: ``section-pair-mac``."""
    return f"{section_id}-{pair}-{_mac(key, section_id, pair)}"


def read_card_token(key: str, token: str) -> tuple[int, int]:
    """The section and pair a token opens; anything altered or made up is a RegisterError naming the link."""
    found = _TOKEN.fullmatch(token) if len(token) <= 60 else None
    if found is None:
        raise RegisterError(INVALID, field="link")
    section_id, pair = int(found.group(1)), int(found.group(2))
    if not hmac.compare_digest(found.group(3), _mac(key, section_id, pair)):
        raise RegisterError(INVALID, field="link")
    return section_id, pair


_KEYS: weakref.WeakKeyDictionary[Register, str] = weakref.WeakKeyDictionary()
_KEYS_LOCK = threading.Lock()


def card_key(register: Register) -> str:
    """The register's key for the cards' links: made on first use and stored, so every worker and every restart
    (and the command line) make the same links; read once per process."""
    with _KEYS_LOCK:
        found = _KEYS.get(register)
    if found is None:
        found = stored_secret(register, KEY_NAME, lambda: secrets.token_urlsafe(32))
        with _KEYS_LOCK:
            _KEYS[register] = found
    return found


# ----- when a board is complete --------------------------------------------------------------------------------
def expected_results(section: Section, present: Mapping[int, int | None]) -> dict[int, int]:
    """How many results each board of the section waits for: a table of the movement counts when both its pairs
    are entered (``present``: pair number -> the last round it plays, None for all) and still playing.  A section
    of uploaded results waits for none (an empty map)."""
    if results_only(section):
        return {}
    movement = movement_of(section)
    counts: dict[int, int] = {}

    def playing(pair: int, round_no: int) -> bool:
        if pair not in present:
            return False
        last = present[pair]
        return last is None or round_no <= last

    for e in movement.encounters:
        boards = movement.boards(e.board_set, section.boards_per_round, section.first_board)
        if playing(e.ns, e.round) and playing(e.ew, e.round):
            for board in boards:
                counts[board] = counts.get(board, 0) + 1
    return counts


def section_expected(db: Session, section: Section) -> dict[int, int]:
    """``expected_results`` of the section as entered now (one query)."""
    rows = db.execute(select(Pair.number, Pair.left_after).where(Pair.section_id == section.id)).all()
    return expected_results(section, {number: left for number, left in rows})


def complete_boards(rep: SectionReport, expected: Mapping[int, int]) -> frozenset[int]:
    """The boards whose every expected result is stored (every board of a section of uploaded results)."""
    stored: dict[int, int] = {}
    for line in rep.lines:
        stored[line.board] = stored.get(line.board, 0) + 1
    return frozenset(b for b, n in stored.items() if n >= expected.get(b, 0))


# ----- the card ------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayedBoard:
    """A board on the players' card, from the pair's own side.  ``score`` is the table's score (None: not played,
    or an uploaded award); ``adjusted`` the score the ruling gave in its place (empty when the table's stands);
    ``points``, ``percent`` and ``running`` stay None until the board is complete."""

    board: int
    round_no: int
    table_no: int
    direction: str
    opponents: int
    opponent_names: str
    played: bool
    contract: str
    declarer: str
    lead: str
    tricks: int | None
    score: int | None
    adjusted: str
    ruling: int | None
    ruling_text: str
    complete: bool
    points: float | None
    percent: float | None
    running: float | None

    @property
    def score_text(self) -> str:
        return "" if self.score is None else signed(self.score)


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """Pair ``pair``'s card: its boards in the order played, the total of its complete boards (and the percentage
    of their tops at matchpoints), the boards still waiting for results, and its place once the section is
    complete (``standing``, penalties taken off)."""

    section_id: int
    title: str
    pair: int
    names: str
    unit: str
    method: str
    rows: tuple[PlayedBoard, ...]
    total: float
    percent: float | None
    scored: int
    waiting: int
    section_complete: bool
    standing: RankingRow | None
    penalties: tuple[int, ...]

    @property
    def live(self) -> bool:
        """Whether results may still come: the page refreshes itself while they do."""
        return not self.section_complete


def lead_text(lead: str) -> str:
    """A stored lead (``HK``, ``ST``) with its suit symbol (``♥K``, ``♠10``)."""
    if len(lead) != 2 or lead[0] not in _SUITS:
        return lead
    return _SUITS[lead[0]] + ("10" if lead[1] == "T" else lead[1])


def scored_results(rep: SectionReport) -> dict[tuple[int, int, int], Result]:
    """Each line as the scorer scored it (the adjusted score in place of the table's), by board and pairs."""
    found: dict[tuple[int, int, int], Result] = {}
    for board in rep.scored.boards if rep.scored is not None else ():
        for line in board.lines:
            r = line.result
            if r.ns.isdigit() and r.ew.isdigit():
                found[(r.board, int(r.ns), int(r.ew))] = r
    return found


def own_score(result: Result, ns: bool, unit: str) -> str:
    """The score a scored line gives one side, as that side reads it: ``+420``, ``−50``, an award (``60%`` at
    matchpoints, ``+3 IMP`` at IMPs), or a weighted score's outcomes (``60% +420, 40% −50``).

    >>> own_score(Result(1, "1", "2", 420), False, "MP")
    '−420'
    >>> own_score(Result(1, "1", "2", ns_award=60.0, ew_award=40.0), False, "MP")
    '40%'
    >>> own_score(Result(1, "1", "2", outcomes=((420, 0.6), (-50, 0.4))), True, "MP")
    '60% +420, 40% −50'
    """
    if result.ns_award is not None and result.ew_award is not None:
        award = result.ns_award if ns else result.ew_award
        return f"{award:g}%" if unit == "MP" else f"{award:+g} IMP"
    if result.outcomes:
        return ", ".join(f"{weight * 100:g}% {signed(s if ns else -s)}" for s, weight in result.outcomes)
    if not ns and result.ew_score is not None:
        return signed(-result.ew_score)
    if result.score is None:
        return ""
    return signed(result.score if ns else -result.score)


def player_card(rep: SectionReport, pair: int, expected: Mapping[int, int]) -> PlayerCard:
    """Pair ``pair``'s card from the section's report and the results each board waits for
    (``section_expected``); a pair not in the entry, or a teams section, is a RegisterError naming the field."""
    if rep.method == "teams":
        raise RegisterError("a teams section is scored by matches: there is no pair's score card", field="section")
    if pair not in rep.names:
        raise RegisterError(f"there is no pair {pair} in this section", field="pair")
    done = complete_boards(rep, expected)
    every_board = {line.board for line in rep.lines} | set(expected)
    section_complete = bool(rep.lines) and every_board <= done
    scored = scored_results(rep)
    mine = sorted((ln for ln in rep.lines if pair in (ln.ns, ln.ew)), key=lambda ln: (ln.round_no, ln.board))
    rows: list[PlayedBoard] = []
    running: float | None = None
    tops = 0.0
    counted = 0
    for ln in mine:
        row, top = _row(rep, ln, pair, ln.board in done, scored.get((ln.board, ln.ns, ln.ew)), running)
        if row.points is not None:
            running = row.running
            counted += 1
            tops += top or 0.0
        rows.append(row)
    total = running or 0.0
    percent = 100 * total / tops if rep.unit == "MP" and tops else None
    waiting = sum(1 for r in rows if r.played and not r.complete)
    standing = next((r for r in rep.ranking() if r.pair == pair), None) if section_complete else None
    return PlayerCard(rep.section_id, rep.title, pair, rep.names[pair], rep.unit,
                      METHOD_NAMES.get(rep.method, rep.method), tuple(rows), total, percent, counted, waiting,
                      section_complete, standing, rep.penalties.get(pair, ()))


def _row(rep: SectionReport, ln: TravellerRow, pair: int, complete: bool, result: Result | None,
         running: float | None) -> tuple[PlayedBoard, float | None]:
    """One board of the card, and its top (matchpoints) when its points count."""
    ns = ln.ns == pair
    score = None if ln.ns_score is None else (ln.ns_score if ns else -ln.ns_score)
    adjusted = own_score(result, ns, rep.unit) if result is not None else ""
    if score is not None and adjusted == signed(score):
        adjusted = ""  # the table result stands (a decision applied to the points only, as a Red psyche's)
    points = (ln.ns_points if ns else ln.ew_points) if complete else None
    board_score = rep.board_score(ln.board)
    top = board_score.top if board_score is not None else None
    percent = 100 * points / top if points is not None and top and rep.unit == "MP" else None
    after = (running or 0.0) + points if points is not None else running
    contract = contract_short(ln.contract) if ln.contract else ""
    row = PlayedBoard(ln.board, ln.round_no, ln.table_no, "N-S" if ns else "E-W", ln.ew if ns else ln.ns,
                      ln.ew_names if ns else ln.ns_names, ln.played, contract, ln.declarer, lead_text(ln.lead),
                      ln.tricks, score, adjusted, ln.ruling, ln.adjusted, complete, points, percent,
                      after if points is not None else None)
    return row, top


def load_player_card(db: Session, section: Section, pair: int) -> PlayerCard:
    """Pair ``pair``'s card read from the register now (the web app serves the report from its score cache)."""
    return player_card(load_report(db, section), pair, section_expected(db, section))
