"""Polls of peers for a Law 16B1(b) ruling: made from a table's pending review, answered by the peers on their
phones, taken over as the director's judgement (docs/polls.md).

A logical alternative (2017 and 2007, Law 16B1(b)) is an action a significant proportion of the player's peers
would seriously consider, some of whom might select it; the peers must be asked *without* the unauthorised
information.  So a poll shows only the offender's hand, the dealer, the vulnerability and the calls before his:
no break in tempo, remark, explanation or withdrawn call.  It is copied from the table when it is created and
stored with every answer before a page answers, so a restart loses nothing.

Each peer answers once (a second answer under the same name replaces the first; the replaced one is kept):
his call, the calls he also seriously considered, a comment.  ``poll_text`` writes the answers as the director's
``Judgement("alternatives", "poll: 4S | Pass, 4S | 4S")`` and ``use_poll`` enters it at the table, as a
conflict if the table changed since the director's page was drawn.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..errors import BridgeError, ConflictError, IllegalCallError, ParseError
from ..laws.law16_ui import STEPS, Poll, UiReview
from ..laws.pending import describe
from ..model import Auction, Bid, Call, Double, Hand, Pass, Redouble, Seat, Suit, Vulnerability
from ..register import Register
from ..register.models import PeerPoll, PollAnswer, PollAnswerChange, TableBoard, utcnow
from ..table.edition import Edition
from ..table.engine import apply
from ..table.events import Judgement
from ..table.state import TableState
from .tables import StoredTable, TableStore

LAW = "16B1(b)"
QUESTION = "alternatives"
MAX_PEER = 100
MAX_COMMENT = 1000
SUITS_DOWN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
SEATS = tuple(Seat)


class PollClosed(ConflictError):
    """A closed poll takes no more answers."""


# ----- what the peers are shown ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Shown:
    """What a poll shows its peers: the offender's seat and hand, dealer, vulnerability, the calls before his."""

    seat: Seat
    call_no: int
    taken: str
    hand: Hand
    auction: Auction
    vulnerability: Vulnerability
    laws: Edition


def review_of(state: TableState) -> UiReview:
    """The table's pending Law 16B review, at its question on the logical alternatives; refused otherwise."""
    stage = state.pending
    if not isinstance(stage, UiReview):
        what = describe(stage, state).irregularity if stage is not None else "none"
        raise BridgeError(f"a poll of peers is for a Law 16B review at its question on the logical alternatives; "
                          f"the pending ruling is: {what}", field="pending", law=LAW)
    step = STEPS[len(stage.answers)]
    if step != QUESTION:
        raise BridgeError(f"the Law 16B review is at its question '{step}', not at the logical alternatives: a poll "
                          "is taken there", field="pending", law=LAW)
    if stage.call_no is None:
        raise BridgeError("the review is of a play, not of a call: a poll shows an auction", field="call_no", law=LAW)
    return stage


def shown_of(state: TableState) -> Shown:
    """What a poll of the pending review shows (Law 16B1(b)): the calls only, never the notes of the table."""
    stage = review_of(state)
    call_no = stage.call_no
    assert call_no is not None
    seat = stage.offender
    if state.deal is None or len(state.deal[seat]) != 13:
        raise BridgeError(f"the deal of the board is not entered: the peers are shown {seat.name.title()}'s "
                          "thirteen cards", field="deal", law=LAW)
    before = state.calls[:call_no - 1]
    auction = Auction(state.dealer, tuple(ac.call for ac in before))
    if any(auction.seat_of(i) != ac.seat for i, ac in enumerate(before)) or auction.next_seat != seat:
        raise BridgeError("the auction before the call has a call out of rotation: poll the peers by hand and "
                          "enter their answers as 'poll: ...'", field="auction", law=LAW)
    return Shown(seat, call_no, stage.taken, state.deal[seat], auction, state.vulnerability, stage.edition)


# ----- a poll as read ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PollView:
    """A stored poll: what it shows, whose it is, whether it is closed (and the table entry that used it)."""

    token: str
    table: str
    board: int
    shown: Shown
    created_by: str
    created_at: datetime
    closed: bool
    used_seq: int | None

    def legal_calls(self) -> tuple[Call, ...]:
        """The calls the offender could legally make at his turn (Laws 18 and 19)."""
        return tuple(self.shown.auction.legal_calls())

    def is_legal(self, call: Call) -> bool:
        return self.shown.auction.is_legal(call)


@dataclass(frozen=True, slots=True)
class AnswerView:
    """One peer's answer as it stands; ``replaced`` counts his earlier answers kept in the audit."""

    peer: str
    call: str
    considered: tuple[str, ...]
    comment: str
    created_at: datetime
    replaced: int = 0


@dataclass(frozen=True, slots=True)
class Share:
    """How many of ``total`` peers chose ``call``, and how many chose or seriously considered it."""

    call: str
    chose: int
    considering: int
    total: int

    @property
    def chose_percent(self) -> int:
        return round(100 * Fraction(self.chose, self.total)) if self.total else 0

    @property
    def considering_percent(self) -> int:
        return round(100 * Fraction(self.considering, self.total)) if self.total else 0


def _view(row: PeerPoll) -> PollView:
    dealer = Seat.parse(row.dealer)
    shown = Shown(Seat.parse(row.seat), row.call_no, row.taken, Hand.from_pbn(row.hand),
                  Auction(dealer, tuple(Call.parse(w) for w in row.auction.split())),
                  Vulnerability.parse(row.vulnerability), Edition.parse(row.laws))
    return PollView(row.token, row.table.token, row.table.board_number, shown, row.created_by, row.created_at,
                    row.closed, row.used_seq)


def _answer_view(row: PollAnswer) -> AnswerView:
    return AnswerView(row.peer, row.call, tuple(row.considered.split()), row.comment, row.created_at,
                      len(row.changes))


def _row(db: Session, token: str) -> PeerPoll:
    row = db.scalars(select(PeerPoll).where(PeerPoll.token == token)).one_or_none() if _plausible(token) else None
    if row is None:
        raise KeyError(token)
    return row


def _plausible(token: str) -> bool:
    return 0 < len(token) <= 40


# ----- creating, reading, closing ---------------------------------------------------------------------------------
def create_poll(db: Session, table_token: str, state: TableState, by: str) -> tuple[PollView, bool]:
    """A poll of the pending review of the table ``table_token`` (whose state is ``state``), and whether it is
    new: the open poll of the same review (same call, hand and auction) is answered instead of a second one."""
    shown = shown_of(state)
    table = db.scalars(select(TableBoard).where(TableBoard.token == table_token)).one_or_none()
    if table is None:
        raise KeyError(table_token)
    auction = " ".join(str(c) for c in shown.auction.calls)
    same = db.scalars(select(PeerPoll).where(
        PeerPoll.table_id == table.id, PeerPoll.call_no == shown.call_no, PeerPoll.seat == shown.seat.letter,
        PeerPoll.hand == str(shown.hand), PeerPoll.auction == auction, PeerPoll.closed.is_(False))
        .order_by(PeerPoll.id.desc())).first()
    if same is not None:
        return _view(same), False
    row = PeerPoll(token=secrets.token_urlsafe(18), table_id=table.id, table=table, call_no=shown.call_no,
                   seat=shown.seat.letter, taken=shown.taken, hand=str(shown.hand), dealer=shown.auction.dealer.letter,
                   vulnerability=shown.vulnerability.value, auction=auction, laws=shown.laws.value,
                   created_by=by[:100], closed=False, used_seq=None)
    db.add(row)
    db.flush()
    return _view(row), True


def get_poll(db: Session, token: str) -> PollView:
    """The poll ``token``; KeyError if there is none."""
    return _view(_row(db, token))


def polls_of_table(db: Session, table_token: str) -> list[tuple[PollView, int]]:
    """The polls made at the table ``table_token``, the newest first, each with its number of answers."""
    rows = db.scalars(select(PeerPoll).join(TableBoard).where(TableBoard.token == table_token)
                      .order_by(PeerPoll.id.desc()))
    return [(_view(row), len(row.answers)) for row in rows]


def answers_of(db: Session, token: str) -> list[AnswerView]:
    """The answers of the poll ``token`` as they stand, in the order the peers first answered."""
    return [_answer_view(a) for a in _row(db, token).answers]


def close_poll(db: Session, token: str, used_seq: int | None = None) -> PollView:
    """Close the poll (no more answers); ``used_seq`` names the table entry that took it over."""
    row = _row(db, token)
    row.closed = True
    if used_seq is not None:
        row.used_seq = used_seq
    db.flush()
    return _view(row)


# ----- answering --------------------------------------------------------------------------------------------------
def _call(poll: PollView, text: str, field: str) -> Call:
    try:
        call = Call.parse(text)
    except ParseError as err:
        raise ParseError(err.message, field=field) from None
    problem = poll.shown.auction.illegality(call)
    if problem is not None:
        shown = str(poll.shown.auction) or "no call yet"
        raise IllegalCallError(f"{call} is not a legal call after the auction shown ({shown}): {problem[1]}",
                               law=problem[0], field=field)
    return call


def _words(considered: str | Iterable[str]) -> list[str]:
    if isinstance(considered, str):
        return considered.replace(",", " ").split()
    return [w for item in considered for w in str(item).replace(",", " ").split()]


def peer_key(name: str) -> str:
    """A peer's name folded (case and spaces), so that "Ann  Smith" and "ann smith" answer once.

    >>> peer_key("  Ann   SMITH ")
    'ann smith'
    """
    return " ".join(name.split()).casefold()[:MAX_PEER]


@dataclass(frozen=True, slots=True)
class AnswerIn:
    """A peer's answer, checked: name, call, calls also considered (legal, without his own), comment."""

    peer: str
    call: str
    considered: tuple[str, ...]
    comment: str


def read_answer(poll: PollView, peer: str, call: str, considered: str | Iterable[str] = (),
                comment: str = "") -> AnswerIn:
    """Check a peer's answer against the auction shown; a wrong field is refused, naming it (and the law for a
    call that is not legal: 18, 19A, 19B)."""
    name = " ".join(peer.split())
    if not name:
        raise BridgeError("your name is needed: one answer per peer", field="peer")
    if len(name) > MAX_PEER:
        raise BridgeError(f"your name is at most {MAX_PEER} characters", field="peer")
    if not call.strip():
        raise BridgeError("choose the call you would make", field="call")
    chosen = _call(poll, call, "call")
    words = _words(considered)
    if len(words) > 40:
        raise BridgeError("at most 40 calls also considered", field="considered")
    others = [_call(poll, w, "considered") for w in words]
    also = tuple(dict.fromkeys(str(c) for c in sorted(others, key=call_order) if c != chosen))
    note = comment.strip()
    if len(note) > MAX_COMMENT:
        raise BridgeError(f"the comment is at most {MAX_COMMENT} characters", field="comment")
    return AnswerIn(name, str(chosen), also, note)


def answer_poll(db: Session, token: str, peer: str, call: str, considered: str | Iterable[str] = (),
                comment: str = "") -> AnswerView:
    """Store a peer's answer to the poll ``token``; the same peer's earlier answer is replaced and kept in the
    audit.  A closed poll refuses (``PollClosed``); KeyError if there is no such poll."""
    row = _row(db, token)
    if row.closed:
        raise PollClosed("this poll is closed: the director has its answers", field="poll")
    given = read_answer(_view(row), peer, call, considered, comment)
    key = peer_key(given.peer)
    found = db.scalars(select(PollAnswer).where(PollAnswer.poll_id == row.id, PollAnswer.peer_key == key)
                       ).one_or_none()
    if found is None:
        found = PollAnswer(poll_id=row.id, peer=given.peer, peer_key=key, call=given.call,
                           considered=" ".join(given.considered), comment=given.comment)
        db.add(found)
    else:
        db.add(PollAnswerChange(answer=found, old={
            "call": found.call, "considered": found.considered, "comment": found.comment,
            "created_at": found.created_at.isoformat()}))
        found.peer, found.call, found.considered, found.comment = (given.peer, given.call,
                                                                   " ".join(given.considered), given.comment)
        found.created_at = utcnow()
    try:
        db.flush()
    except IntegrityError:
        raise ConflictError("the same name answered at the same moment from another phone; send again",
                            field="peer") from None
    db.refresh(found, ["changes"])
    return _answer_view(found)


# ----- the results ------------------------------------------------------------------------------------------------
def call_order(call: Call) -> int:
    """Pass, double, redouble, then the bids from 1♣ up (the bidding box's order)."""
    if isinstance(call, Bid):
        return 3 + call.rank
    return {Pass: 0, Double: 1, Redouble: 2}[type(call)]


def _order(text: str) -> int:
    try:
        return call_order(Call.parse(text))
    except ParseError:
        return 99


def shares(answers: Sequence[AnswerView]) -> list[Share]:
    """Each call named, with how many peers chose it and how many chose or considered it (most considered first)."""
    total = len(answers)
    named = dict.fromkeys(c for a in answers for c in (a.call, *a.considered))
    out = [Share(c, sum(a.call == c for a in answers), sum(a.call == c or c in a.considered for a in answers), total)
           for c in named]
    return sorted(out, key=lambda s: (-s.considering, -s.chose, _order(s.call)))


def poll_text(answers: Sequence[AnswerView]) -> str:
    """The answers as the director's judgement (Law 16B1(b)): each peer's call, then the calls he considered.

    >>> when = datetime(2026, 1, 1)
    >>> poll_text([AnswerView("A", "4S", ("Pass",), "", when), AnswerView("B", "4S", (), "", when)])
    'poll: 4S, Pass | 4S'
    """
    if not answers:
        raise BridgeError("no peer has answered yet", field="answers", law=LAW)
    return "poll: " + " | ".join(", ".join((a.call, *a.considered)) for a in answers)


def logical_alternatives(poll: PollView, answers: Sequence[AnswerView]) -> tuple[str, ...]:
    """The logical alternatives to the call taken the answers give under the edition of the review."""
    if not answers:
        return ()
    return Poll.parse(poll_text(answers)[len("poll:"):]).logical_alternatives(poll.shown.taken, poll.shown.laws)


def _judgement(poll: PollView, state: TableState, text: str) -> Judgement:
    """The judgement to enter, if the table still waits for the alternatives of the review polled."""
    stage = review_of(state)
    if (stage.call_no, stage.offender) != (poll.shown.call_no, poll.shown.seat):
        raise BridgeError(f"the pending review is of call {stage.call_no} by {stage.offender.name.title()}, not of "
                          f"the call polled (call {poll.shown.call_no} by {poll.shown.seat.name.title()})",
                          field="pending", law=LAW)
    return Judgement(QUESTION, text)


def outcome(poll: PollView, state: TableState, answers: Sequence[AnswerView]) -> str:
    """What entering the poll would do now: the review's next question, or the result that stands."""
    try:
        after = apply(state, _judgement(poll, state, poll_text(answers)))
    except BridgeError as err:
        return f"not possible now: {err}"
    if isinstance(after.pending, UiReview):
        return f"the review goes on to its question '{STEPS[len(after.pending.answers)]}'"
    return after.records[-1].outcome if after.records else "the review ends"


def use_poll(store: TableStore, token: str, expected: int, by: str) -> StoredTable:
    """Enter the poll's answers at its table as the judgement on the logical alternatives, with ``expected`` the
    entry count the director's page showed (a changed table is a ``ConflictError``); then close the poll."""
    register: Register = store.register
    with register.transaction() as db:
        poll = get_poll(db, token)
        answers = answers_of(db, token)
    if poll.used_seq is not None:
        raise BridgeError(f"this poll was used already (table entry {poll.used_seq})", field="poll", law=LAW)
    text = poll_text(answers)
    table = store.get(poll.table)
    table.enter(lambda state: _judgement(poll, state, text), expected=expected, by=by)
    with register.transaction() as db:
        close_poll(db, token, used_seq=table.seq)
    return table
