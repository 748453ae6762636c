"""Polls of peers for a Law 16B1(b) ruling: made from a table's pending review, answered by the peers on their
phones, taken over as the director's judgement (docs/polls.md).

A logical alternative (2017 and 2007, Law 16B1(b)) is an action a significant proportion of the player's peers
would seriously consider, some of whom might select it; the peers must be asked *without* the unauthorised
information.  So a poll shows only the offender's hand, the dealer, the vulnerability and the calls before his:
no break in tempo, remark, explanation or withdrawn call.  It is copied from the table when it is created and
stored with every answer before a page answers, so a restart loses nothing.

One peer, one answer.  The director names the peers, or asks for personal links, or both (at most
``MAX_PEERS``): each peer gets a link of his own with an unguessable token, good for one answer.  The poll's own
token takes answers only if the director opens it (``shared``), and then only from a peer he named, under that
name, once; names are compared by ``peer_names.peer_key`` (NFKC, case, invisible characters, look-alike letters,
spaces and dots), so nobody becomes a new peer by a zero-width space or a Cyrillic letter.  Each address may send
a few answers to a poll, then one every few seconds (``poll_limits``), counted in the register.  Every action is
in the register's audit log, in the transaction that stores it: made, peers added, answered (which peer, from
which address), refused, used, closed.

Each answer is his call, the calls he also seriously considered, a comment.  ``poll_text`` writes the answers as
the director's ``Judgement("alternatives", "poll: 4S | Pass, 4S | 4S")`` and ``use_poll`` enters it at the table,
as a conflict if the table changed since the director's page was drawn.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..errors import BridgeError, ConflictError, IllegalCallError, ParseError
from ..laws.law16_ui import STEPS, Poll, UiReview
from ..laws.pending import describe
from ..model import Auction, Bid, Call, Double, Hand, Pass, Redouble, Seat, Suit, Vulnerability
from ..register import Register
from ..register.audit import actions_on, record_action
from ..register.models import PeerPoll, PollAnswer, TableBoard
from ..register.table_models import PollPeer
from ..table.edition import Edition
from ..table.engine import apply
from ..table.events import Judgement
from ..table.state import TableState
from .peer_names import MAX_NAME, peer_key, shown_name
from .poll_limits import RateLimit, take_turn
from .tables import StoredTable, TableStore

LAW = "16B1(b)"
QUESTION = "alternatives"
MAX_PEER = MAX_NAME
MAX_COMMENT = 1000
#: the most peers (and so answers) a poll has
MAX_PEERS = 20
#: how fast one address may answer one poll (read when an answer comes: tests may change it)
ANSWER_RATE = RateLimit()
SUITS_DOWN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
SEATS = tuple(Seat)
#: the audit log's actor for a peer (he has no account) and its kinds of poll action
PEER = "peer"
MADE, PEERS_ADDED, ANSWERED, REFUSED, USED, CLOSED = (
    "poll made", "poll peers", "poll answered", "poll refused", "poll used", "poll closed")
SAME_NAMES = "names are compared without case, accents, spaces, dots and invisible characters"


class PollClosed(ConflictError):
    """A closed poll takes no more answers."""


class AlreadyAnswered(ConflictError):
    """The link, or the named peer, has its answer: one peer, one answer."""


class NotAPeer(BridgeError):
    """The poll's own token opened by someone the director did not name, or while it takes no answers."""


class TooFast(BridgeError):
    """Too many answers from one address to one poll: ``wait`` seconds until the next may be sent."""

    def __init__(self, wait: int) -> None:
        super().__init__(f"too many answers from this address: wait {wait} seconds and send again", field="poll")
        self.wait = wait


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
    shared: bool = False
    peers: int = 0

    def legal_calls(self) -> tuple[Call, ...]:
        """The calls the offender could legally make at his turn (Laws 18 and 19)."""
        return tuple(self.shown.auction.legal_calls())

    def is_legal(self, call: Call) -> bool:
        return self.shown.auction.is_legal(call)


@dataclass(frozen=True, slots=True)
class AnswerView:
    """One peer's answer: his name, call, the calls he also considered, comment, when, from which address (None:
    before migration 0014) and on which link (``link``: the peer's name or ``link N``; empty: the poll's own
    token).  ``replaced`` counts the earlier answers of his kept in the register (before 0014 only)."""

    peer: str
    call: str
    considered: tuple[str, ...]
    comment: str
    created_at: datetime
    replaced: int = 0
    address: str | None = None
    link: str = ""


@dataclass(frozen=True, slots=True)
class PeerView:
    """One peer of a poll: his number (in the order made), the name the director gave (empty: a link asked for
    without one), his personal link's token, and his answer's time, name and address once he answered."""

    number: int
    name: str
    token: str
    answered_at: datetime | None = None
    answered_as: str = ""
    address: str | None = None

    @property
    def label(self) -> str:
        return self.name or f"link {self.number}"

    @property
    def answered(self) -> bool:
        return self.answered_at is not None


@dataclass(frozen=True, slots=True)
class Link:
    """What a token in a peer's address opens: the poll, and the peer whose personal link it is (None: the
    poll's own token)."""

    poll: PollView
    peer: PeerView | None


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
                    row.closed, row.used_seq, row.shared is not False, len(row.peers))


def _numbers(row: PeerPoll) -> dict[int, int]:
    return {peer.id: n for n, peer in enumerate(row.peers, 1)}


def _peer_view(peer: PollPeer, number: int) -> PeerView:
    answer = peer.answer
    if answer is None:
        return PeerView(number, peer.name, peer.token)
    return PeerView(number, peer.name, peer.token, answer.created_at, answer.peer, answer.address)


def _answer_view(row: PollAnswer, number: int | None = None) -> AnswerView:
    link = "" if row.link is None else (row.link.name or f"link {number}")
    return AnswerView(row.peer, row.call, tuple(row.considered.split()), row.comment, row.created_at,
                      len(row.changes), row.address, link)


def _row(db: Session, token: str) -> PeerPoll:
    row = db.scalars(select(PeerPoll).where(PeerPoll.token == token)).one_or_none() if _plausible(token) else None
    if row is None:
        raise KeyError(token)
    return row


def _link_rows(db: Session, token: str) -> tuple[PeerPoll, PollPeer | None]:
    """The poll a peer's token opens, and the peer whose personal link it is (None: the poll's own token)."""
    if _plausible(token):
        peer = db.scalars(select(PollPeer).where(PollPeer.token == token)).one_or_none()
        if peer is not None:
            return peer.poll, peer
    return _row(db, token), None


def _plausible(token: str) -> bool:
    return 0 < len(token) <= 40


# ----- creating, reading, closing ---------------------------------------------------------------------------------
def _new_peers(row: PeerPoll | None, names: Sequence[str], links: int) -> list[PollPeer]:
    """The peers to add (to the poll ``row``, or to a new one): each name shown as typed (without its invisible
    characters) and keyed for comparison; a name that is empty, too long, given twice or already a peer of the
    poll is refused, naming it, as are more than ``MAX_PEERS`` peers in all."""
    if not 0 <= links <= MAX_PEERS:
        raise BridgeError(f"personal links without a name: 0 to {MAX_PEERS}, not {links}", field="links")
    taken = {p.name_key: p.name for p in row.peers if p.name_key} if row is not None else {}
    have = len(row.peers) if row is not None else 0
    if have + len(names) + links > MAX_PEERS:
        raise BridgeError(f"a poll has at most {MAX_PEERS} peers: {have} already, {len(names) + links} more asked "
                          "for", field="peers")
    made: list[PollPeer] = []
    for n, typed in enumerate(names, 1):
        if len(" ".join(typed.split())) > MAX_PEER:
            raise BridgeError(f"peer {n}: a name is at most {MAX_PEER} characters", field="peers")
        name, key = shown_name(typed), peer_key(typed)
        if not key:
            raise BridgeError(f"peer {n} has no name (invisible characters only?): type the peer's name",
                              field="peers")
        if key in taken:
            raise BridgeError(f"{name!r} is the same peer as {taken[key]!r} ({SAME_NAMES})", field="peers")
        taken[key] = name
        made.append(PollPeer(token=secrets.token_urlsafe(18), name=name, name_key=key))
    made += [PollPeer(token=secrets.token_urlsafe(18), name="", name_key=None) for _ in range(links)]
    if not made:
        raise BridgeError("name the peers who answer (one a line), or ask for personal links: each peer answers "
                          "once, on a link of his own", field="peers")
    return made


def _who(peers: Sequence[PollPeer]) -> str:
    names = [p.name for p in peers if p.name]
    unnamed = len(peers) - len(names)
    parts = ([", ".join(names)] if names else []) + ([f"{unnamed} link{'s' if unnamed != 1 else ''} without a "
                                                      "name"] if unnamed else [])
    return "; ".join(parts)


def create_poll(db: Session, table_token: str, state: TableState, by: str, names: Sequence[str] = (),
                links: int = 0, shared: bool = False, address: str = "") -> tuple[PollView, bool]:
    """A poll of the pending review of the table ``table_token`` (whose state is ``state``), and whether it is
    new: the open poll of the same review (same call, hand and auction) is answered instead of a second one, as
    it is.  A new poll has its peers: ``names`` (each gets a personal link) and ``links`` personal links without
    a name, ``MAX_PEERS`` at most; with ``shared`` its own token takes one answer from each named peer too.  It is
    audited (``by``, from ``address``) in the same transaction."""
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
    peers = _new_peers(None, names, links)
    if shared and not any(p.name for p in peers):
        raise BridgeError("the poll's own code takes answers only from peers you name: name them, or leave it "
                          "closed", field="shared")
    row = PeerPoll(token=secrets.token_urlsafe(18), table_id=table.id, table=table, call_no=shown.call_no,
                   seat=shown.seat.letter, taken=shown.taken, hand=str(shown.hand), dealer=shown.auction.dealer.letter,
                   vulnerability=shown.vulnerability.value, auction=auction, laws=shown.laws.value,
                   created_by=by[:100], closed=False, used_seq=None, shared=shared, peers=peers)
    db.add(row)
    db.flush()
    record_action(db, by, MADE, f"poll {row.id}",
                  f"table {table.token} board {table.board_number}: {shown.seat.name.title()}'s {shown.taken} "
                  f"(call {shown.call_no}); peers: {_who(peers)}; the poll's own code "
                  f"{'takes the named peers' if shared else 'takes no answer'}", address)
    return _view(row), True


def add_peers(db: Session, token: str, names: Sequence[str] = (), links: int = 0, by: str = "",
              address: str = "") -> list[PeerView]:
    """Add peers to the open poll ``token`` (a late peer): names and links as ``create_poll`` takes them, within
    ``MAX_PEERS`` in all; audited.  The new peers, with their links."""
    row = _row(db, token)
    if row.closed:
        raise PollClosed("this poll is closed: it takes no more peers", field="poll")
    peers = _new_peers(row, names, links)
    row.peers.extend(peers)
    db.flush()
    record_action(db, by, PEERS_ADDED, f"poll {row.id}", f"peers added: {_who(peers)}", address)
    numbers = _numbers(row)
    return [_peer_view(p, numbers[p.id]) for p in peers]


def get_poll(db: Session, token: str) -> PollView:
    """The poll ``token``; KeyError if there is none."""
    return _view(_row(db, token))


def polls_of_table(db: Session, table_token: str) -> list[tuple[PollView, int]]:
    """The polls made at the table ``table_token``, the newest first, each with its number of answers."""
    rows = db.scalars(select(PeerPoll).join(TableBoard).where(TableBoard.token == table_token)
                      .order_by(PeerPoll.id.desc()))
    return [(_view(row), len(row.answers)) for row in rows]


def answers_of(db: Session, token: str) -> list[AnswerView]:
    """The answers of the poll ``token``, in the order the peers answered."""
    row = _row(db, token)
    numbers = _numbers(row)
    return [_answer_view(a, numbers.get(a.link.id) if a.link is not None else None) for a in row.answers]


def peers_of(db: Session, token: str) -> list[PeerView]:
    """The peers of the poll ``token`` (the director's view: their links, who answered, when, from where)."""
    row = _row(db, token)
    return [_peer_view(p, n) for n, p in enumerate(row.peers, 1)]


def open_link(db: Session, token: str) -> Link:
    """What a peer's address opens: the poll and, on a personal link, its peer; KeyError if nothing."""
    row, peer = _link_rows(db, token)
    return Link(_view(row), None if peer is None else _peer_view(peer, _numbers(row)[peer.id]))


@dataclass(frozen=True, slots=True)
class PollAction:
    """One entry of the audit log on a poll: when, who (an account, or ``peer``), what, and from which address."""

    at: datetime
    actor: str
    kind: str
    detail: str
    address: str


def actions_of(db: Session, token: str) -> list[PollAction]:
    """The audit log's entries on the poll ``token``, oldest first: made, peers added, answered, refused, used,
    closed, each with who and the address."""
    entries = actions_on(db, f"poll {_row(db, token).id}")
    return [PollAction(e.at, e.actor, e.kind, e.detail, e.address) for e in entries]


def close_poll(db: Session, token: str, used_seq: int | None = None, *, by: str = "", address: str = "",
               detail: str = "") -> PollView:
    """Close the poll (no more answers); ``used_seq`` names the table entry that took it over.  Audited as
    closed, or as used (with ``detail``), in the same transaction; closing a closed poll changes nothing."""
    row = _row(db, token)
    if row.closed and used_seq is None:
        return _view(row)
    row.closed = True
    if used_seq is not None:
        row.used_seq = used_seq
    db.flush()
    if used_seq is not None:
        record_action(db, by, USED, f"poll {row.id}", f"entered at table {row.table.token} as entry {used_seq}: "
                      f"{detail}", address)
    else:
        record_action(db, by, CLOSED, f"poll {row.id}", f"closed with {len(row.answers)} of {len(row.peers)} "
                      "answers", address)
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
    call that is not legal: 18, 19A, 19B).  The name is kept as typed, without its invisible characters."""
    if len(" ".join(peer.split())) > MAX_PEER:
        raise BridgeError(f"your name is at most {MAX_PEER} characters", field="peer")
    name = shown_name(peer)
    if not peer_key(name):
        raise BridgeError("your name is needed: one answer per peer", field="peer")
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


def _peer_for(row: PeerPoll, link: PollPeer | None, name: str, key: str) -> PollPeer:
    """The peer an answer is for: the link's own, or on the poll's own token the named peer of that name.  A
    name nobody was given, a peer who has answered and a name that is another peer's are refused."""
    if link is None:
        found = next((p for p in row.peers if p.name_key == key), None)
        if found is None:
            raise NotAPeer(f"{name!r} is not a peer of this poll: only the peers the director named answer here "
                           f"({SAME_NAMES})", field="peer")
        if found.answer_id is not None:
            raise AlreadyAnswered(f"{found.name} has answered already: one answer per peer", field="peer")
        return found
    if not link.name and (any(p.name_key == key for p in row.peers) or any(a.peer_key == key for a in row.answers)):
        raise AlreadyAnswered(f"a peer named {name!r} is in this poll already ({SAME_NAMES}): type your own name",
                              field="peer")
    return link


def answer_poll(db: Session, token: str, peer: str, call: str, considered: str | Iterable[str] = (),
                comment: str = "", *, address: str = "") -> AnswerView:
    """Store a peer's answer, in ``db``'s transaction with its audit entry (which peer, from ``address``).
    ``token`` is a peer's personal link (good for one answer; on a link the director named, ``peer`` is not
    read) or the poll's own token (if ``shared``: one answer from each named peer, under his name).  Refused: a
    closed poll (``PollClosed``), a link or peer that has answered (``AlreadyAnswered``), a name not given by
    the director on the poll's own token or that token while closed to answers (``NotAPeer``), a call that is
    not legal (naming the law); KeyError if the token opens nothing."""
    row, link = _link_rows(db, token)
    if row.closed:
        raise PollClosed("this poll is closed: the director has its answers", field="poll")
    if link is None and row.shared is False:
        raise NotAPeer("this poll is answered on personal links only: ask the director for yours", field="link")
    if link is not None and link.answer_id is not None:
        raise AlreadyAnswered("this link has its answer already: each link takes one answer", field="link")
    given = read_answer(_view(row), link.name if link is not None and link.name else peer, call, considered,
                        comment)
    key = peer_key(given.peer)
    slot = _peer_for(row, link, given.peer, key)
    if len(row.answers) >= min(len(row.peers), MAX_PEERS):
        raise AlreadyAnswered(f"the poll has all its answers ({len(row.answers)})", field="poll")
    name, key = slot.name or given.peer, slot.name_key or key  # a named peer answers under the director's name
    answer = PollAnswer(poll_id=row.id, peer=name, peer_key=key, call=given.call,
                        considered=" ".join(given.considered), comment=given.comment, address=address[:64])
    db.add(answer)
    try:
        db.flush()
    except IntegrityError:
        raise AlreadyAnswered("the same name answered at the same moment from another phone", field="peer") from None
    claimed = db.execute(update(PollPeer).where(PollPeer.id == slot.id, PollPeer.answer_id.is_(None))
                         .values(answer_id=answer.id).execution_options(synchronize_session=False))
    if getattr(claimed, "rowcount", 0) != 1:
        raise AlreadyAnswered("this link was answered at the same moment from another phone", field="link")
    db.expire(slot)
    number = _numbers(row)[slot.id]
    also = f"; also considered {', '.join(given.considered)}" if given.considered else ""
    record_action(db, PEER, ANSWERED, f"poll {row.id}",
                  f"{slot.name or f'link {number}'}: {name} calls {given.call}{also}", address)
    db.refresh(answer, ["changes", "link"])
    return _answer_view(answer, number)


def answer_from(register: Register, token: str, peer: str, call: str, considered: str | Iterable[str] = (),
                comment: str = "", *, address: str = "", now: float | None = None,
                rate: RateLimit | None = None) -> AnswerView:
    """A peer's answer as the web takes it: first a turn from the bucket of ``address`` for the poll (its own
    transaction, so a refused answer counts too; ``TooFast`` when it is empty, audited once in a row), then
    ``answer_poll``; a refusal is audited with its reason (in a transaction of its own, as the answer's was
    undone).  KeyError if the token opens nothing."""
    moment = time.time() if now is None else now
    with register.transaction() as db:
        row, _ = _link_rows(db, token)
        target = f"poll {row.id}"
        wait, refused = take_turn(db, row.id, address, moment, rate or ANSWER_RATE)
        if refused == 1:
            record_action(db, PEER, REFUSED, target, f"too many answers from this address: the next in "
                          f"{math.ceil(wait)} s", address)
    if refused:
        raise TooFast(max(1, math.ceil(wait)))
    try:
        with register.transaction() as db:
            return answer_poll(db, token, peer, call, considered, comment, address=address)
    except BridgeError as err:
        with register.transaction() as db:
            typed = f"; name typed: {peer[:MAX_PEER]!r}" if peer.strip() else ""
            record_action(db, PEER, REFUSED, target, f"{err}{typed}", address)
        raise


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


def use_poll(store: TableStore, token: str, expected: int, by: str, address: str = "") -> StoredTable:
    """Enter the poll's answers at its table as the judgement on the logical alternatives, with ``expected`` the
    entry count the director's page showed (a changed table is a ``ConflictError``); then close the poll, audited
    as used with the answers taken (whose, and the text entered)."""
    register: Register = store.register
    with register.transaction() as db:
        poll = get_poll(db, token)
        answers = answers_of(db, token)
    if poll.used_seq is not None:
        raise BridgeError(f"this poll was used already (table entry {poll.used_seq})", field="poll", law=LAW)
    text = poll_text(answers)
    table = store.get(poll.table)
    table.enter(lambda state: _judgement(poll, state, text), expected=expected, by=by, address=address)
    with register.transaction() as db:
        close_poll(db, token, used_seq=table.seq, by=by, address=address,
                   detail=f"{text} (answers of {', '.join(a.peer for a in answers)})")
    return table
