"""The ``Table``: a board at one table, driven by verify / can / do actions that return frozen records.

>>> t = Table(board=1)
>>> op = t.call("N", "1S")
>>> op = t.call("E", "1H")
>>> t.ruling.irregularity, t.ruling.chooser
('Insufficient bid', Seat.SOUTH)
>>> t.can(Choice("accept", Seat.NORTH))
False
>>> op = t.choose("accept")
>>> t.state.auction_text()
'N:1S E:1H'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import BridgeError
from ..laws.matters import Matter, open_matters
from ..laws.pending import describe
from ..laws.ruling import Ruling
from ..model import Call, Card, Deal, Seat, Strain, Vulnerability, board_dealer, board_vulnerability
from ..table.edition import Edition
from ..table.engine import apply
from ..table.events import (
    BidAboveSeven,
    CallChanged,
    CallMade,
    CardExposed,
    CardFoundFaced,
    Choice,
    DirectorReview,
    Event,
    Hesitation,
    ImproperDouble,
    Judgement,
    Undo,
    WrongBoard,
)
from ..table.state import TableState

if TYPE_CHECKING:
    from ..cards.model import TableCards


@dataclass(frozen=True, slots=True)
class Operation:
    """What one action did: the event, the states before and after, and the ruling now pending (if any)."""

    event: Event
    before: TableState
    after: TableState
    ruling: Ruling | None


def _seat(seat: Seat | str) -> Seat:
    return seat if isinstance(seat, Seat) else Seat.parse(seat)


def _call(call: Call | str) -> Call:
    return call if isinstance(call, Call) else Call.parse(call)


class Table:
    """A board at a table: the event log and the state it folds to."""

    def __init__(self, board: int | None = None, *, dealer: Seat | str | None = None,
                 vulnerability: Vulnerability | str | None = None, deal: Deal | str | None = None,
                 laws: Edition | str = Edition.L2017, cards: TableCards | None = None, authority: str = "",
                 level: int | None = None) -> None:
        d = _seat(dealer) if dealer is not None else board_dealer(board or 1)
        if vulnerability is None:
            vul = board_vulnerability(board or 1)
        else:
            vul = vulnerability if isinstance(vulnerability, Vulnerability) else Vulnerability.parse(vulnerability)
        the_deal = Deal.from_pbn(deal) if isinstance(deal, str) else deal
        self.laws = Edition.parse(laws)
        self.start = TableState(d, vul, board, the_deal, self.laws, system=cards,  # cards: Law 23A from the card
                                authority=authority.strip().upper(), level=level)
        self.state = self.start
        self.log: list[Event] = []

    # ----- the trio -------------------------------------------------------------------------------
    def verify(self, event: Event) -> TableState:
        """The state ``event`` would lead to; raises a ``BridgeError`` naming the law if it is refused."""
        return apply(self.state, event)

    def can(self, event: Event) -> bool:
        try:
            self.verify(event)
        except BridgeError:
            return False
        return True

    def do(self, event: Event) -> Operation:
        """Apply ``event`` and append it to the log (an ``Undo`` removes the last entry instead)."""
        before = self.state
        after = apply(before, event)
        if isinstance(event, Undo):
            self.log.pop()
        else:
            self.log.append(event)
        self.state = after
        return Operation(event, before, after, self.ruling)

    # ----- conveniences ---------------------------------------------------------------------------
    @property
    def ruling(self) -> Ruling | None:
        return describe(self.state.pending, self.state) if self.state.pending is not None else None

    def call(self, seat: Seat | str, call: Call | str, laws: Edition | str | None = None) -> Operation:
        return self.do(CallMade(_seat(seat), _call(call), self._laws(laws)))

    def change(self, seat: Seat | str, call: Call | str, laws: Edition | str | None = None) -> Operation:
        return self.do(CallChanged(_seat(seat), _call(call), self._laws(laws)))

    def expose(self, seat: Seat | str, *cards: Card | str, led: bool = False,
               laws: Edition | str | None = None) -> Operation:
        the_cards = tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)
        return self.do(CardExposed(_seat(seat), the_cards, led, self._laws(laws)))

    def bid_above_seven(self, seat: Seat | str, level: int, strain: Strain | str,
                        laws: Edition | str | None = None) -> Operation:
        s = strain if isinstance(strain, Strain) else Strain.parse(strain)
        return self.do(BidAboveSeven(_seat(seat), level, s, self._laws(laws)))

    def wrong_board(self, seat: Seat | str, board: int | None = None, laws: Edition | str | None = None) -> Operation:
        """Law 17D (2017: 15A): ``seat`` has been calling on cards from a wrong board (``board``)."""
        return self.do(WrongBoard(_seat(seat), board, self._laws(laws)))

    def found_faced(self, seat: Seat | str, *cards: Card | str, seen_by: tuple[Seat | str, ...] = (),
                    laws: Edition | str | None = None) -> Operation:
        """``seat``'s cards found face up before his side's auction began, seen by ``seen_by`` (Law 16)."""
        the_cards = tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)
        return self.do(CardFoundFaced(_seat(seat), the_cards, tuple(_seat(s) for s in seen_by), self._laws(laws)))

    def improper_double(self, seat: Seat | str, stated: Call | str, call: Call | str = "X",
                        laws: Edition | str | None = None) -> Operation:
        """``seat`` doubles (or redoubles) naming ``stated``, e.g. "I double 4S" (Laws 19, 16B, 73B1)."""
        return self.do(ImproperDouble(_seat(seat), _call(call), _call(stated), self._laws(laws)))

    def choose(self, option: str, seat: Seat | str | None = None) -> Operation:
        return self.do(Choice(option, _seat(seat) if seat is not None else None))

    def judge(self, question: str, answer: str) -> Operation:
        return self.do(Judgement(question, answer))

    def undo(self) -> Operation:
        return self.do(Undo())

    def hesitate(self, seat: Seat | str, *, agreed: bool = True, skip_warning: bool | None = None,
                 seconds: int | None = None, unusual: bool | None = None,
                 laws: Edition | str | None = None) -> Operation:
        """A break in tempo by ``seat`` with its context (Laws 73A2, 73D1, 85; the skip-bid warning and pause)."""
        return self.do(Hesitation(_seat(seat), agreed, self._laws(laws), skip_warning, seconds, unusual))

    def review(self, law: str, seat: Seat | str, call_no: int | None = None,
               laws: Edition | str | None = None) -> Operation:
        """Start a judgement review (16B, 21B, 40, 73F ...), or take up one put aside with ``later``."""
        return self.do(DirectorReview(law, _seat(seat), call_no, self._laws(laws)))

    def later(self) -> Operation:
        """Put the pending review aside: the table plays on; the director is called back at the end of the hand."""
        from ..laws.matters import LATER
        q = self.ruling.questions[0].key if self.ruling is not None and self.ruling.questions else ""
        return self.do(Judgement(q, LATER))

    @property
    def matters(self) -> tuple[Matter, ...]:
        """The judgement matters still open on this board (laws.matters)."""
        return open_matters(self.state)

    def auction(self, text: str) -> list[Operation]:
        """Make each call of ``text`` in turn (a convenience for legal stretches of auction)."""
        return [self.call(self.state.next_seat, word) for word in text.split()]

    def _laws(self, laws: Edition | str | None) -> Edition:
        return self.laws if laws is None else Edition.parse(laws)
