"""The play period at the table: play events and the transitions of a card played in turn (Laws 41-47, 61-66).

The play starts when the auction ends (``TableState.play`` becomes a model ``Play``); every card is a
``CardPlayed`` event.  The law modules (``laws/law41_43.py`` ... ``laws/law68_71.py``) detect the
irregularities; a card that none of them claims is played here: the restrictions in force are checked
(Laws 50D2, 57A, 26 and 59), a failure to follow suit is recorded as a revoke (Law 61) and the revokes
become established when the offending side plays to a later trick (Law 63A1).

>>> from bridge_director.engine import Table
>>> t = Table(1, dealer="N", deal="N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> _ = t.auction("1NT P P P")
>>> _ = t.do(CardPlayed(Seat.EAST, Card.parse("CA")))
>>> t.state.play.current.cards, t.state.period.dummy_faced
((Card.parse('CA'),), False)
>>> _ = t.do(DummyFaced())
>>> t.state.period.dummy_faced
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..errors import BridgeError, IllegalPlayError
from ..model import Call, Card, Play, Rank, Seat, Side, Suit, Trick
from .edition import Edition
from .events import Event
from .play_rules import check_rules
from .play_state import RevokeRecord
from .registry import after_call, detector
from .state import PenaltyCard, TableState

# ----- events ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat``'s ``card`` is played (led or played to a trick; Law 45), in turn or not.

    For dummy's cards ``seat`` is dummy.  ``face_down`` marks an opening lead made face down (Law 41A).
    """

    seat: Seat
    card: Card
    laws: Edition = Edition.L2017
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class DummyFaced(Event):
    """Law 41D: after the opening lead is faced, dummy spreads his hand.  Entered when it matters (Law 47E2(a): an
    opening lead may no longer be retracted); dummy's first card played implies it."""

    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class DummyCardCalled(Event):
    """Declarer names a card from dummy, perhaps incompletely ("high", "spade", "queen"): Law 46."""

    designation: str
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class CardWithdrawn(Event):
    """The director allows ``seat``'s last played card back into the hand under ``law`` (45C4(b), 45D, 47)."""

    seat: Seat
    law: str
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class RevokeCorrected(Event):
    """Law 62A: attention is drawn to ``seat``'s revoke before it is established; ``card`` replaces it."""

    seat: Seat
    card: Card
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class ClaimMade(Event):
    """Law 68: ``seat`` claims ``tricks`` of the tricks still to play for his side (fewer = a concession)."""

    seat: Seat
    tricks: int
    statement: str = ""
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class TricksAdjusted(Event):
    """The director enters the tricks declarer is credited with (Laws 12, 62D, 64C, 69B, 71)."""

    declarer_tricks: int
    law: str
    reason: str = ""


PLAY_EVENTS: tuple[type[Event], ...] = (CardPlayed, DummyFaced, DummyCardCalled, CardWithdrawn, RevokeCorrected,
                                        ClaimMade, TricksAdjusted)

# ----- hooks the law modules register -----------------------------------------------------------------
AfterPlay = Callable[[TableState], TableState]
AFTER_TRICK: list[AfterPlay] = []
END_OF_PLAY: list[AfterPlay] = []


def after_trick(f: AfterPlay) -> AfterPlay:
    """Register ``f(state)``, run when a trick is complete and play goes on (e.g. Law 50D for the new leader)."""
    AFTER_TRICK.append(f)
    return f


def end_of_play(f: AfterPlay) -> AfterPlay:
    """Register ``f(state)``, run once when the play ends (thirteen tricks, or a claim settled)."""
    END_OF_PLAY.append(f)
    return f


# ----- queries ------------------------------------------------------------------------------------------
def seat_name(seat: Seat) -> str:
    return seat.name.title()


def the_play(state: TableState) -> Play:
    """The play, or a ``BridgeError`` when there is none (no deal, auction not over, passed out)."""
    if state.play is None:
        raise BridgeError("no card can be played: the auction is not over, the board was passed out, or the deal "
                          "is unknown", law="41")
    return state.play


def cards_played(play: Play) -> int:
    return sum(len(t.cards) for t in play.tricks)


def trick_number(play: Play) -> int:
    """The 1-based number of the trick the next card goes to."""
    done = len(play.completed_tricks)
    return done + 1 if play.current.complete or not play.current.cards else len(play.tricks)


def is_lead(play: Play) -> bool:
    """True when the next card is a lead (Law 44A)."""
    return play.current.complete or not play.current.cards


def defenders(play: Play) -> tuple[Seat, Seat]:
    return play.contract.declarer.lho, play.contract.declarer.rho


def is_defender(play: Play, seat: Seat) -> bool:
    return seat.side != play.contract.side


def penalty_cards(state: TableState) -> tuple[PenaltyCard, ...]:
    """At the end of the auction: the exposed cards of defenders, major or minor (Law 24, Law 50); the play
    starts with them on the table."""
    contract = state.contract()
    if contract is None:
        return ()
    out: list[PenaltyCard] = []
    for seat in {e.seat for e in state.exposed}:
        if seat.side == contract.side:
            continue
        mine = [e for e in state.exposed if e.seat == seat]
        major = len(mine) > 1 or any(e.led or e.card.rank >= Rank.TEN for e in mine)
        out += [PenaltyCard(seat, e.card, major) for e in mine]
    return tuple(out)


def penalty_cards_of(state: TableState, seat: Seat) -> tuple[PenaltyCard, ...]:
    return tuple(p for p in state.penalty_cards if p.seat == seat)


def sequence(play: Play) -> list[tuple[Seat, Card]]:
    """Every card played, in order, with the seat that played it."""
    return [(t.seat_of(i), c) for t in play.tricks for i, c in enumerate(t.cards)]


def side_tricks(play: Play, side: Side, first: int) -> list[int]:
    """The 1-based numbers of the completed tricks from ``first`` on won by ``side``."""
    trump = play.trump
    return [i for i, t in enumerate(play.tricks, 1) if t.complete and i >= first and t.winner(trump).side == side]


# ----- operations -----------------------------------------------------------------------------------------
def started(state: TableState) -> TableState:
    """The state with the play begun (idempotent): Law 41 once the auction is over and the deal is known."""
    if state.play is not None:
        return state
    contract = state.contract()
    if contract is None or state.deal is None or not state.deal.complete:
        return state
    return state.but(play=Play.start(state.deal, contract), penalty_cards=(*state.penalty_cards, *penalty_cards(state)))


@after_call
def _start_after_auction(state: TableState, seat: Seat, call: Call, edition: Edition) -> TableState:
    if state.play is None and state.pending is None and state.auction_over and not state.passed_out:
        begun = started(state)
        if begun is not state:
            for hook in AFTER_TRICK:
                begun = hook(begun)
        return begun
    return state


def place(play: Play, seat: Seat, card: Card, *, lead: bool) -> Play:
    """``play`` with ``seat``'s ``card`` put on the table: a new trick led by ``seat``, or the next card of this one."""
    hand = play.hands[seat]
    if card not in hand.cards:
        raise IllegalPlayError(f"{card.symbol} is not in {seat_name(seat)}'s hand", law="45")
    tricks = play.tricks
    if lead:
        if play.current.cards and not play.current.complete:
            raise IllegalPlayError("a lead to a trick that is not complete", law="44")
        base = tricks if play.current.complete else tricks[:-1]
        tricks = (*base, Trick(seat, (card,)))
    else:
        trick = play.current
        if trick.complete or trick.seat_of(len(trick.cards)) != seat:
            raise IllegalPlayError(f"it is not {seat_name(seat)}'s turn to play to this trick", law="44")
        tricks = (*tricks[:-1], Trick(trick.leader, (*trick.cards, card)))
    return Play(play.contract, play.hands.replace(seat, hand.without(card)), tricks, play.claim)


def unplace(play: Play, count: int = 1) -> Play:
    """``play`` with its last ``count`` cards returned to the hands they came from."""
    seq = sequence(play)
    keep, back = seq[:len(seq) - count], seq[len(seq) - count:]
    hands = play.hands
    for seat, card in back:
        hands = hands.replace(seat, type(hands[seat]).of((*hands[seat].cards, card)))
    return rebuild(replace(play, hands=hands), keep)


def rebuild(play: Play, seq: list[tuple[Seat, Card]]) -> Play:
    """The tricks of ``seq`` (seat, card) re-formed in order (hands are taken as given)."""
    trump = play.trump
    tricks: list[Trick] = []
    leader = play.contract.opening_leader
    cur: list[Card] = []
    cur_leader = leader
    for seat, card in seq:
        if not cur:
            cur_leader = seat
        cur.append(card)
        if len(cur) == 4:
            tricks.append(Trick(cur_leader, tuple(cur)))
            leader = tricks[-1].winner(trump)
            cur = []
    if cur:
        tricks.append(Trick(cur_leader, tuple(cur)))
    elif not tricks:
        tricks.append(Trick(leader))
    return Play(play.contract, play.hands, tuple(tricks), play.claim)


def drop_penalty(state: TableState, seat: Seat, card: Card) -> TableState:
    """A penalty card leaves the table (played, or picked up under Law 50D2/51B)."""
    return state.but(penalty_cards=tuple(p for p in state.penalty_cards if not (p.seat == seat and p.card == card)))


def add_penalty(state: TableState, seat: Seat, card: Card, major: bool, law: str = "50") -> TableState:
    """Law 50: a defender's card becomes a penalty card; two or more make every one of them major (50B)."""
    mine = [p for p in state.penalty_cards if p.seat == seat and p.card != card]
    others = [p for p in state.penalty_cards if p.seat != seat]
    new = PenaltyCard(seat, card, major, law)
    if mine:
        mine = [PenaltyCard(p.seat, p.card, True, p.law) for p in mine]
        new = PenaltyCard(seat, card, True, law)
    return state.but(penalty_cards=(*others, *mine, new))


def note(state: TableState, text: str) -> TableState:
    return state.but(period=replace(state.period, notes=(*state.period.notes, text)))


def play_card(state: TableState, seat: Seat, card: Card, edition: Edition, *, lead: bool | None = None) -> TableState:
    """A card that stands: checked against the rules in force, revoke recorded (61), revokes established (63A1)."""
    state = started(state)
    play = the_play(state)
    state, breach = check_rules(state, play, seat, card)
    as_lead = is_lead(play) if lead is None else lead
    number = trick_number(play) if not as_lead else len(play.completed_tricks) + 1
    period = state.period
    revokes = list(period.revokes)
    for i, r in enumerate(revokes):
        if not r.established and not r.corrected and r.seat.side == seat.side and number > r.trick:
            revokes[i] = replace(r, established=True)
    if not as_lead and play.revokes(card, seat):
        led = play.current.suit_led
        assert led is not None
        held = play.hands[seat].holding(led)
        faced_cards = {p.card for p in penalty_cards_of(state, seat)}
        faced = seat == play.contract.dummy or all(c in faced_cards for c in held)
        revokes.append(RevokeRecord(seat, number, card, led, held, faced, edition))
    elif breach is not None:  # Law 61A: contrary to a rectification the player could comply with
        revokes.append(RevokeRecord(seat, number, card, breach.suit, breach.held, False, edition, rule=breach.law))
        period = replace(period, notes=(*period.notes, f"revoke (Law 61A) by {seat_name(seat)} on trick {number}: "
                                        f"{card.symbol} played; {breach.text}"))
    state = drop_penalty(state, seat, card)
    new_play = place(play, seat, card, lead=as_lead)
    # Law 41D: dummy is spread once the opening lead is faced, so any card after the opening lead means it was
    period = replace(period, revokes=tuple(revokes), dummy_faced=period.dummy_faced or cards_played(play) > 0)
    if as_lead and period.lead_rule is not None and period.lead_rule.seat != seat:
        period = replace(period, lead_rule=None)
    state = state.but(play=new_play, period=period)
    pr = state.period.play_rule
    if pr is not None and pr.kind == "card" and pr.card is not None and not new_play.current.complete \
            and new_play.next_seat == pr.seat and pr.card in new_play.hands[pr.seat].cards:
        return play_card(state, pr.seat, pr.card, edition)  # a card already played (57D, 62C2) goes on the trick
    if new_play.current.complete:
        rule = state.period.lead_rule
        if rule is not None and not rule.require and new_play.next_seat != rule.seat:
            state = state.but(period=replace(state.period, lead_rule=None))
        if new_play.finished:
            return finish(state)
        for hook in AFTER_TRICK:
            state = hook(state)
    return state


def finish(state: TableState) -> TableState:
    """The play has ended: run the end-of-play laws (Law 64 transfers, Law 62D) once."""
    if state.period.ended:
        return state
    state = state.but(period=replace(state.period, ended=True))
    for hook in END_OF_PLAY:
        state = hook(state)
    return state


def establish_all(state: TableState, side: Side) -> TableState:
    """Law 63A3: every revoke of ``side`` becomes established (a claim, concession or, 2017, agreement)."""
    revokes = tuple(replace(r, established=True) if r.seat.side == side and not r.corrected else r
                    for r in state.period.revokes)
    return state.but(period=replace(state.period, revokes=revokes))


# ----- the engine's fall-backs for play events -------------------------------------------------------------
@detector(CardPlayed, order=0)
def _impossible(state: TableState, event: CardPlayed) -> TableState | None:
    """Input no law can rule on: no play in progress, the play over, a card not held (Law 45)."""
    play = the_play(started(state))
    if play.finished or state.period.ended:
        raise IllegalPlayError(f"{event.card.symbol} is played after the play has ended", law="66")
    if event.card not in play.hands[event.seat].cards:
        raise IllegalPlayError(f"{event.card.symbol} is not in {seat_name(event.seat)}'s hand", law="45")
    return None


@detector(CardPlayed, order=1000)
def _in_turn(state: TableState, event: CardPlayed) -> TableState | None:
    """A card in turn: played (a revoke is recorded, not refused: Law 61)."""
    play = the_play(started(state))
    if event.seat != play.next_seat:
        raise IllegalPlayError(f"{seat_name(event.seat)} plays out of turn and no law module rules on it",
                               law="53")
    return play_card(state, event.seat, event.card, event.laws)


@detector(DummyFaced, order=1000)
def _dummy_faced(state: TableState, event: DummyFaced) -> TableState | None:
    """Law 41D: dummy's hand is spread after the opening lead is faced."""
    play = the_play(started(state))
    if cards_played(play) == 0:
        raise IllegalPlayError("dummy is spread only after the opening lead is faced", law="41D")
    return state.but(period=replace(state.period, dummy_faced=True))


def suit_name(suit: Suit) -> str:
    return suit.name.lower()
