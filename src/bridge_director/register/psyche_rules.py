"""Psyche regulations as pure functions: what a departure is, and when the register raises an alert.

Sources: EBU Orange Book 6 (psyche / misbid / deviation, Red-Amber-Green, two Ambers make Red, no psyche of a
Multi 2♦ at Level 3) and ACBL Duplicate Decisions, 'Psychs' (3+ psychic initial actions reported in a session;
the club 'more than two psychic calls per session' burden of proof; no psyche of an artificial opening).

>>> partnership_key("Player Z", " player a ")
'player a & Player Z'
>>> departure_of(deliberate=True, agreed_hcp=(12, 14), hcp=11, agreed_length=4, length=4)
<Departure.DEVIATION: 'DEVIATION'>
>>> departure_of(deliberate=True, agreed_hcp=(12, 14), hcp=3, agreed_length=4, length=1)
<Departure.PSYCHE: 'PSYCHE'>
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..errors import ParseError
from ..model import Bid, Call, Strain
from .values import Authority, Colour, Departure

DEVIATION_HCP = 2  # "within a queen of the agreed or announced strength"
DEVIATION_LENGTH = 1  # "varies by no more than one card from the agreed or announced length"
ACBL_SESSION_LIMIT = 3  # "three or more psychic initial actions by members of a partnership ... in one session"
CLUB_SESSION_LIMIT = 2  # "more than two psychic calls per session" puts the burden of proof on the player


def partnership_key(player: str, partner: str) -> str:
    """One name for a partnership, whichever member is named first."""
    names = sorted((player.strip(), partner.strip()), key=str.casefold)
    if not all(names):
        raise ParseError("a partnership has two named players", field="partnership")
    return " & ".join(names)


def parse_partnership(text: str) -> str:
    """``"Player A & Player Z"`` (or ``/`` or ``+`` between the names) as a partnership key."""
    for separator in ("&", "/", "+"):
        if separator in text:
            first, _, second = text.partition(separator)
            return partnership_key(first, second)
    raise ParseError(f"not a partnership: {text!r} (write 'Player One & Player Two')", field="partnership")


def departure_of(*, deliberate: bool, agreed_hcp: tuple[int, int], hcp: int, agreed_length: int | None = None,
                 length: int | None = None) -> Departure | None:
    """Classify a call against the agreement: None if within it, else misbid, deviation or psyche.

    Inadvertent → misbid.  Deliberate and minor → deviation: strength within a queen (2 HCP) of the agreed range
    with the suit long enough, or the suit at most one card short with the strength in range.  Deliberate and
    gross → psyche (EBU 6 A 1; ACBL Duplicate Decisions on deviations).
    """
    low, high = agreed_hcp
    hcp_gap = max(low - hcp, hcp - high, 0)
    length_gap = 0 if agreed_length is None or length is None else max(agreed_length - length, 0)
    if hcp_gap == 0 and length_gap == 0:
        return None
    if not deliberate:
        return Departure.MISBID
    minor = (hcp_gap <= DEVIATION_HCP and length_gap == 0) or (length_gap <= DEVIATION_LENGTH and hcp_gap == 0)
    return Departure.DEVIATION if minor else Departure.PSYCHE


def minimum_colour(*, both_partners: bool) -> Colour:
    """EBU 6 B 4: when both partners psyche on the same hand, at least Amber is likely to be justified."""
    return Colour.AMBER if both_partners else Colour.GREEN


def more_severe(first: Colour, second: Colour) -> Colour:
    order = (Colour.GREEN, Colour.AMBER, Colour.RED)
    return max(first, second, key=order.index)


def escalate(colours: Sequence[Colour]) -> list[Colour]:
    """EBU 6 B 6: once a partnership has two Ambers, every Amber becomes Red.

    >>> escalate([Colour.AMBER, Colour.GREEN, Colour.AMBER])
    [<Colour.RED: 'RED'>, <Colour.GREEN: 'GREEN'>, <Colour.RED: 'RED'>]
    >>> escalate([Colour.AMBER, Colour.GREEN])
    [<Colour.AMBER: 'AMBER'>, <Colour.GREEN: 'GREEN'>]
    """
    if sum(colour is Colour.AMBER for colour in colours) < 2:
        return list(colours)
    return [Colour.RED if colour is Colour.AMBER else colour for colour in colours]


class ReportFacts(Protocol):
    """What the triggers need to know about a report (a stored PsycheReport has all of it)."""

    @property
    def player(self) -> str: ...
    @property
    def partnership(self) -> str: ...
    @property
    def board_number(self) -> int: ...
    @property
    def departure(self) -> Departure: ...
    @property
    def initial_action(self) -> bool: ...


@dataclass(frozen=True)
class Alert:
    """Something a regulation asks the director to look into; ``regulation`` names it."""

    code: str
    regulation: str
    subject: str
    boards: tuple[int, ...]
    message: str

    def __str__(self) -> str:
        return f"{self.regulation}: {self.message}"


def session_alerts(reports: Iterable[ReportFacts]) -> list[Alert]:
    """The frequency triggers for the reports of one session.

    ACBL: three or more psychic *initial actions* by the members of a partnership → presumption of excessive
    psyching.  Club: a player with more than two psychic *calls* → the burden of proof is on that player.
    Misbids and deviations are not psyches and do not count.
    """
    by_partnership: dict[str, list[int]] = defaultdict(list)
    by_player: dict[str, list[int]] = defaultdict(list)
    for report in reports:
        if report.departure is not Departure.PSYCHE:
            continue
        by_player[report.player].append(report.board_number)
        if report.initial_action:
            by_partnership[report.partnership].append(report.board_number)
    alerts = [
        Alert("ACBL_EXCESSIVE", "ACBL excessive psychic bidding", key, tuple(boards),
              f"{len(boards)} psychic initial actions by {key} reported in one session: "
              "investigate; the pair must show they were not horsing around")
        for key, boards in by_partnership.items() if len(boards) >= ACBL_SESSION_LIMIT
    ]
    alerts += [
        Alert("CLUB_MORE_THAN_TWO", "Club psyche regulation", player, tuple(boards),
              f"{player} made {len(boards)} psychic calls in one session (more than two): the burden of proof "
              "is on the player to show the psyching is not excessive, frivolous or unsportsmanlike")
        for player, boards in by_player.items() if len(boards) > CLUB_SESSION_LIMIT
    ]
    return alerts


def forbidden_psyche(*, authority: Authority, level: int | None, call: Call, meaning: str, departure: Departure,
                     initial_action: bool) -> Alert | None:
    """A psyche the regulations forbid: a Multi 2♦ at EBU Level 3 (6 A 4); an artificial opening in ACBL events.

    A misbid is never illegal (EBU 6 A 4): only a psyche is checked.
    """
    if departure is not Departure.PSYCHE:
        return None
    is_multi = call == Bid(2, Strain.DIAMONDS) and "multi" in meaning.casefold()
    if authority is Authority.EBU and level == 3 and is_multi:
        return Alert("EBU_MULTI_LEVEL3", "EBU 6 A 4", str(call), (), "a Multi 2♦ opening may not be psyched "
                     "in a Level 3 event")
    if authority is Authority.ACBL and initial_action and meaning.strip():
        return Alert("ACBL_ARTIFICIAL_OPENING", "ACBL psych regulation 1", str(call), (),
                     f"an artificial opening bid ({meaning}) may not be psyched")
    return None
