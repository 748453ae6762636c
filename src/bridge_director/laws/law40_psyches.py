"""Law 40 and psyches: what a departure from the agreed methods is, whose partnership it belongs to, which
regulation governs it, and what a regulation raises for the director.

A player may make any call without announcing it, provided it rests on no undisclosed partnership
understanding (Law 40A3 in 2017 and 2007, 40A in 1997).  When partner had more reason than the opponents to
expect the departure, that is an undisclosed understanding and the score is adjusted (Law 40C1 in 2017 and 2007;
40B with the director's option of 40C in 1997).  The authority of the event adds its own regulation:

- EBU (Orange Book 6): :mod:`bridge_director.laws.psyche_ebu`;
- ACBL (Duplicate Decisions, "Psychs"): :mod:`bridge_director.laws.psyche_acbl`;
- any other authority: the Laws alone.

Every function here is pure.

>>> partnership_key("Player Z", " player   a ")
'player a & Player Z'
>>> departure_of(deliberate=True, agreed_hcp=(12, 14), hcp=11, agreed_length=4, length=4)
<Departure.DEVIATION: 'DEVIATION'>
>>> departure_of(deliberate=True, agreed_hcp=(12, 14), hcp=3, agreed_length=4, length=1)
<Departure.PSYCHE: 'PSYCHE'>
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from ..errors import ParseError
from ..model import Auction, Bid, Call, Pass, Seat
from ..model.regulation import Authority, Colour, Departure
from ..table.edition import Edition
from .ruling import Question

DEVIATION_HCP = 2  # a queen: the most the strength may differ from the agreement in a deviation
DEVIATION_LENGTH = 1  # the most the suit may be short of the agreed length in a deviation


class Regime(Enum):
    """The psyche rules an event is played under, chosen by its authority."""

    EBU = "EBU Orange Book 6"
    ACBL = "ACBL Duplicate Decisions, Psychs"
    LAWS = "Law 40"

    @classmethod
    def of(cls, authority: Authority) -> Regime:
        """EBU events follow the Orange Book, ACBL events Duplicate Decisions; every other authority (a club,
        the WBF, ABF, QBA) the Laws alone, as nothing else in our sources regulates their psyches."""
        if authority is Authority.EBU:
            return cls.EBU
        if authority is Authority.ACBL:
            return cls.ACBL
        return cls.LAWS


def right_to_psyche_law(edition: Edition) -> str:
    """The law that lets a player depart from his methods without announcing it."""
    return "40A" if edition is Edition.L1997 else "40A3"


def understanding_law(edition: Edition) -> str:
    """The law under which a psyche partner could expect is an undisclosed understanding, with its adjustment."""
    return "40B, 40C" if edition is Edition.L1997 else "40C1"


def departure_of(*, deliberate: bool, agreed_hcp: tuple[int, int], hcp: int, agreed_length: int | None = None,
                 length: int | None = None) -> Departure | None:
    """A call measured against the agreement: None within it, else a misbid, a deviation or a psyche.

    Inadvertent: a misbid (EBU 6 A 1).  Deliberate and minor: a deviation, that is the strength within a queen
    (2 HCP) of the agreed range with the suit long enough, or the suit at most one card short with the strength
    in range (ACBL Duplicate Decisions).  Deliberate and gross: a psyche (EBU 6 A 1; ACBL definition).
    """
    low, high = agreed_hcp
    if low > high or not 0 <= low <= 37 or not 0 <= hcp <= 37:
        raise ParseError(f"high-card points are 0 to 37 with the range low to high, not {hcp} against "
                         f"{low}-{high}", field="hcp")
    if (agreed_length is not None and not 0 <= agreed_length <= 13) or (length is not None and not 0 <= length <= 13):
        raise ParseError(f"a suit has 0 to 13 cards, not {length} against {agreed_length}", field="length")
    hcp_gap = max(low - hcp, hcp - high, 0)
    length_gap = 0 if agreed_length is None or length is None else max(agreed_length - length, 0)
    if hcp_gap == 0 and length_gap == 0:
        return None
    if not deliberate:
        return Departure.MISBID
    minor = (hcp_gap <= DEVIATION_HCP and length_gap == 0) or (length_gap <= DEVIATION_LENGTH and hcp_gap == 0)
    return Departure.DEVIATION if minor else Departure.PSYCHE


def departure_from_answers(*, deliberate: bool, gross: bool) -> Departure:
    """The director's two findings as a departure: inadvertent is a misbid, deliberate and gross a psyche,
    deliberate and minor a deviation (EBU 6 A 1; ACBL definitions)."""
    if not deliberate:
        return Departure.MISBID
    return Departure.PSYCHE if gross else Departure.DEVIATION


def _name(text: str) -> str:
    return " ".join(text.split())


def partnership_key(player: str, partner: str) -> str:
    """One name for a partnership, whichever member is named first and however the names are spaced."""
    names = sorted((_name(player), _name(partner)), key=str.casefold)
    if not all(names):
        raise ParseError("a partnership has two named players", field="partnership")
    if names[0].casefold() == names[1].casefold():
        raise ParseError(f"a partnership has two different players, not {names[0]!r} twice", field="partnership")
    return " & ".join(names)


def partnership_fold(key: str) -> str:
    """A partnership key as compared: the same two players match whatever the case of their names."""
    return key.casefold()


def parse_partnership(text: str) -> str:
    """``"Player A & Player Z"`` (or ``/`` or ``+`` between the names) as a partnership key."""
    for separator in ("&", "/", "+"):
        if separator in text:
            first, _, second = text.partition(separator)
            return partnership_key(first, second)
    raise ParseError(f"not a partnership: {text!r} (write 'Player One & Player Two')", field="partnership")


@dataclass(frozen=True, slots=True)
class Alert:
    """Something a regulation forbids or asks the director to look into; ``regulation`` names the clause."""

    code: str
    regulation: str
    subject: str
    boards: tuple[int, ...]
    message: str

    def __str__(self) -> str:
        return f"{self.regulation}: {self.message}"


Answers = Mapping[str, str]


def answer(answers: Answers, question: Question) -> str:
    """The director's answer to ``question``, which must be one the question lists."""
    law = question.law if question.law[:1].isdigit() else None
    where = "" if law else f" ({question.law})"
    given = answers.get(question.key)
    if given is None:
        raise ParseError(f"the director has not answered{where}: {question.text}", field=question.key, law=law)
    chosen = given.strip().lower()
    if chosen not in question.answers:
        raise ParseError(f"answer {' or '.join(question.answers)}{where}, not {given!r}", field=question.key,
                         law=law)
    return chosen


def yes(answers: Answers, question: Question) -> bool:
    return answer(answers, question) == "yes"


def listed(calls: tuple[Call, ...]) -> str:
    return ", ".join(str(call) for call in calls) if calls else "none"


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What the auction tells about a reported call: who made it, whether it opened the bidding or was the
    side's first action, partner's opening when it answered one, and the two partners' calls after it."""

    seat: Seat
    call: Call
    call_no: int
    opening: bool
    initial_action: bool
    partner_opening: Bid | None
    partner_later: tuple[Call, ...]
    own_later: tuple[Call, ...]
    edition: Edition = Edition.L2017
    level: int | None = None

    @classmethod
    def of(cls, auction: Auction, call_no: int, edition: Edition = Edition.L2017,
           level: int | None = None) -> TableFacts:
        """The facts of call ``call_no`` (1 is the dealer's first call) of ``auction``."""
        if not 1 <= call_no <= len(auction.calls):
            raise ParseError(f"there is no call {call_no}: the auction has {len(auction.calls)} calls",
                             field="call_no", law="40")
        if level is not None and not 1 <= level <= 6:
            raise ParseError(f"an EBU permission level is 1 to 6, not {level}", field="level")
        index = call_no - 1
        seat = auction.seat_of(index)
        call = auction.calls[index]
        before = [(auction.seat_of(i), c) for i, c in enumerate(auction.calls[:index])]
        bids_before = [(s, c) for s, c in before if isinstance(c, Bid)]
        side_acted = any(s in (seat, seat.partner) and not isinstance(c, Pass) for s, c in before)
        own_acted = any(s is seat and not isinstance(c, Pass) for s, c in before)
        first = bids_before[0] if bids_before else None
        partner_opening = (first[1] if first is not None and first[0] is seat.partner and not own_acted
                           and isinstance(first[1], Bid) else None)
        after = [(auction.seat_of(i), c) for i, c in enumerate(auction.calls) if i > index]
        return cls(seat, call, call_no, opening=isinstance(call, Bid) and not bids_before,
                   initial_action=not isinstance(call, Pass) and not side_acted, partner_opening=partner_opening,
                   partner_later=tuple(c for s, c in after if s is seat.partner),
                   own_later=tuple(c for s, c in after if s is seat), edition=edition, level=level)

    def partner_raised(self) -> bool:
        """Did partner bid the psyched suit (or notrump) again after it?"""
        if not isinstance(self.call, Bid):
            return True
        return any(isinstance(c, Bid) and c.strain is self.call.strain for c in self.partner_later)


@dataclass(frozen=True, slots=True)
class PartnershipHistory:
    """What the register knows of a partnership before a report: how many of its reports the director found
    Amber (EBU 6 B 6), its psychic initial actions and the player's psychic calls earlier in the same session
    (ACBL), and its psyches anywhere before."""

    ambers: int = 0
    session_initial_psychs: int = 0
    player_session_psychs: int = 0
    earlier_psychs: int = 0

    def __post_init__(self) -> None:
        counts = (self.ambers, self.session_initial_psychs, self.player_session_psychs, self.earlier_psychs)
        if any(n < 0 for n in counts):
            raise ParseError("a partnership's history counts reports: none can be negative", field="history")


NO_HISTORY = PartnershipHistory()


@dataclass(frozen=True, slots=True)
class PsycheFinding:
    """The director's finding on a reported call, ready to store.

    ``found`` is the classification the director made (EBU Red, Amber or Green; under other regulations Red
    when the score is adjusted for an undisclosed understanding, else Green); ``colour`` is the classification
    after EBU 6 B 6 with the partnership's history.  ``adjust``, ``penalty`` and ``conduct`` say what follows
    for the score, a procedural penalty and the player's conduct ("" for nothing).
    """

    regime: Regime
    seat: Seat
    call: Call
    call_no: int
    departure: Departure
    found: Colour
    colour: Colour
    opening: bool
    initial_action: bool
    both_partners: bool
    explained: bool
    adjust: str
    penalty: str
    conduct: str
    laws: str
    alerts: tuple[Alert, ...]
    notes: tuple[str, ...]
    answers: tuple[tuple[str, str], ...]

    @property
    def escalated(self) -> bool:
        """Made Red by a second Amber (EBU 6 B 6), not by the director's finding on this board alone."""
        return self.found is not self.colour
