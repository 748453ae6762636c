"""Events at the table: everything that physically happens, recorded in order (an append-only log).

The edition of the Laws (``laws``) is chosen per event; an irregularity is ruled under the edition of
the event that caused it.  Play events (cards played, claims) are added by the play-period modules.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Call, Card, Seat, Strain
from .edition import Edition


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every table event."""


@dataclass(frozen=True, slots=True)
class CallMade(Event):
    """``seat`` makes ``call`` — in turn or not, sufficient or not, admissible or not."""

    seat: Seat
    call: Call
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class BidAboveSeven(Event):
    """Law 38: ``seat`` bids more than seven (the model's Bid cannot hold it)."""

    seat: Seat
    level: int
    strain: Strain
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class CallChanged(Event):
    """``seat`` replaces his last call by ``call`` (Laws 21B, 25)."""

    seat: Seat
    call: Call
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class CardExposed(Event):
    """Law 24: cards of ``seat`` exposed (or ``led``) during the auction."""

    seat: Seat
    cards: tuple[Card, ...]
    led: bool = False
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class Judgement(Event):
    """The director's answer to a question of the pending ruling (e.g. ``comparable``: ``yes``)."""

    question: str
    answer: str


@dataclass(frozen=True, slots=True)
class Choice(Event):
    """The choice of an option of the pending ruling, by the one entitled to choose."""

    option: str
    seat: Seat | None = None


@dataclass(frozen=True, slots=True)
class Undo(Event):
    """Undo the last entry (a mistyped one): the state returns to what it was before it."""


@dataclass(frozen=True, slots=True)
class WrongBoard(Event):
    """Law 17D (2017: Law 15A): ``seat`` has been calling on cards taken from a wrong board (``board``, if known)."""

    seat: Seat
    board: int | None = None
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class ReviewRequested(Event):
    """Law 20B/20C: ``seat`` asks for the calls to be restated (recorded; at the wrong time, noted as such)."""

    seat: Seat
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class ExplanationCorrected(Event):
    """Law 20F5: the explanation given by ``seat``'s side was mistaken and is corrected now (``seat`` corrects);
    ``call_no`` is the explained call (its number in the auction, 1 = dealer's first call) and ``answer`` the
    correct explanation, when given."""

    seat: Seat
    laws: Edition = Edition.L2017
    call_no: int | None = None
    answer: str = ""


@dataclass(frozen=True, slots=True)
class CardFoundFaced(Event):
    """Before the auction has begun for ``seat``'s side, ``cards`` of ``seat`` are found face up in the board (or
    faced by him); ``seen_by`` are the players who saw them (Law 16: 2017 16D, 2007 16C, 1997 16B)."""

    seat: Seat
    cards: tuple[Card, ...]
    seen_by: tuple[Seat, ...] = ()
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class ImproperDouble(Event):
    """``seat`` doubles or redoubles naming a bid (``stated``), e.g. "I double 4S": the double or redouble is of the
    bid as it was made, and the words are extraneous information to his partner (Laws 19, 16, 73B1)."""

    seat: Seat
    call: Call
    stated: Call
    laws: Edition = Edition.L2017


# ----- what judgement rulings need (Laws 16, 20, 21, 40, 73, 75) -------------------------------------------------
@dataclass(frozen=True, slots=True)
class Hesitation(Event):
    """Law 73A2/73D1: a break in tempo (undue hesitation or haste) by ``seat`` at his latest call or play;
    ``agreed`` is False when the table disputes that it happened (a finding of fact for the director, Law 85)."""

    seat: Seat
    agreed: bool = True
    laws: Edition = Edition.L2017
    skip_warning: bool | None = None  # the context: a skip-bid warning was given (None: not asked / no skip bid)
    seconds: int | None = None  # the pause observed, in seconds
    unusual: bool | None = None  # the director's finding: was the tempo out of the ordinary for the situation?


@dataclass(frozen=True, slots=True)
class Explanation(Event):
    """Law 20F: ``seat`` explains his partner's call number ``call_no`` (1 = dealer's first call) to ``asked_by``;
    ``alerted`` says whether the call was alerted or announced; ``answer`` is what was said.  With ``call_no``
    None it explains a play agreement of his side (``about``: opening leads, carding, discards), which belongs to
    no call (Laws 20F, 40A1)."""

    seat: Seat
    call_no: int | None
    answer: str
    asked_by: Seat | None = None
    alerted: bool = True
    laws: Edition = Edition.L2017
    about: str = ""


@dataclass(frozen=True, slots=True)
class Remark(Event):
    """Law 73B1/16B1: an extraneous remark (``text``), question or gesture (``gesture``) by ``seat``."""

    seat: Seat
    text: str
    gesture: bool = False
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class PsycheReported(Event):
    """Law 40: ``seat``'s call number ``call_no`` was a psyche (a gross and deliberate misstatement), as reported by
    the player or found by the director; the director classifies it with the authority's regulation."""

    seat: Seat
    call_no: int
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class DirectorReview(Event):
    """The director is asked for a judgement ruling: ``law`` is ``16B`` (unauthorised information: was ``seat``'s
    call number ``call_no`` suggested by it?) or ``21B`` (misinformation: the explanation of ``seat``'s call number
    ``call_no``).  The guided stage asks the law's questions in order and ends with the score."""

    law: str
    seat: Seat
    call_no: int | None = None
    laws: Edition = Edition.L2017
