"""Law 46B: an incomplete or erroneous designation of dummy's card, and its defaults.

A ``DummyCardCalled`` (declarer's words) with a full card ("SQ", "spade queen") is simply played.  Otherwise the
default of the law is worked out from the cards and the director judges whether declarer's different intention
was incontrovertible (a ``Judgement`` "intention": "no", or the card intended):

* 46B1: "high" → the highest card of the suit led; "win" → the lowest card known to win the trick; "low" → the
  lowest card of the suit led;
* 46B2: a suit without a rank → the lowest card of that suit;
* 46B3: a rank without a suit → (a) leading, the suit with which dummy won the preceding trick, if it holds that
  rank; (b) otherwise a card of that rank if one can be played legally; two or more → declarer designates;
* 46B4: a card not in dummy → the call is void and declarer designates any legal card;
* 46B5 (2017; 1997/2007 46B4 for "play anything"): no suit and no rank → either defender designates the card.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalPlayError
from ..model import Card, Play, Rank, Suit
from ..table.events import Choice, Event, Judgement
from ..table.play import CardPlayed, DummyCardCalled, is_lead, started, the_play
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .common import name, record
from .pending import describe, refuse
from .ruling import Option, Question, Ruling

SUITS = {"spade": Suit.SPADES, "spades": Suit.SPADES, "s": Suit.SPADES, "♠": Suit.SPADES,
         "heart": Suit.HEARTS, "hearts": Suit.HEARTS, "h": Suit.HEARTS, "♥": Suit.HEARTS,
         "diamond": Suit.DIAMONDS, "diamonds": Suit.DIAMONDS, "d": Suit.DIAMONDS, "♦": Suit.DIAMONDS,
         "club": Suit.CLUBS, "clubs": Suit.CLUBS, "c": Suit.CLUBS, "♣": Suit.CLUBS}
RANKS = {"ace": Rank.ACE, "a": Rank.ACE, "king": Rank.KING, "k": Rank.KING, "queen": Rank.QUEEN, "q": Rank.QUEEN,
         "jack": Rank.JACK, "j": Rank.JACK, "ten": Rank.TEN, "t": Rank.TEN, "10": Rank.TEN,
         **{w: Rank(i) for i, w in enumerate(("two", "three", "four", "five", "six", "seven", "eight", "nine"), 2)},
         **{str(i): Rank(i) for i in range(2, 10)}}
HIGH = {"high", "top", "highest", "big", "cover"}
LOW = {"low", "small", "lowest", "little", "duck"}
WIN = {"win", "winner", "take"}
ANY = {"anything", "any", "whatever", "play"}


@dataclass(frozen=True, slots=True)
class Designation(Pending):
    """Law 46B: declarer (``offender``) designated dummy's card incompletely: ``clause`` and its ``default``."""

    words: str
    clause: str
    default: Card | None
    choices: tuple[Card, ...] = ()
    chooser_is_defender: bool = False


def parse(words: str) -> tuple[Suit | None, Rank | None, str]:
    """(suit, rank, keyword) from declarer's words; keyword is high / low / win / any or ''."""
    suit: Suit | None = None
    rank: Rank | None = None
    key = ""
    for raw in words.lower().replace(",", " ").split():
        w = raw.strip(".!?\"'")
        if len(w) in (2, 3) and w[0] in "shdc♠♥♦♣" and w[1:] in RANKS:
            suit, rank = SUITS[w[0]], RANKS[w[1:]]
        elif w in SUITS:
            suit = SUITS[w]
        elif w in RANKS:
            rank = RANKS[w]
        elif w in HIGH:
            key = "high"
        elif w in LOW:
            key = "low"
        elif w in WIN:
            key = "win"
        elif w in ANY:
            key = key or "any"
    return suit, rank, key


def _legal(play: Play) -> list[Card]:
    return sorted(play.legal_cards(play.contract.dummy))


def _winning(play: Play, card: Card) -> bool:
    from ..model import Trick
    trick = play.current
    t = Trick(trick.leader, (*trick.cards, card))
    return t.winner(play.trump) == play.contract.dummy


def interpret(play: Play, words: str) -> tuple[str, Card | None, tuple[Card, ...]]:
    """(clause, default card, cards to choose from) for declarer's words."""
    dummy = play.contract.dummy
    hand = play.hands[dummy]
    legal = _legal(play)
    led = None if is_lead(play) else play.current.suit_led
    suit, rank, key = parse(words)
    if suit is not None and rank is not None:
        card = Card(suit, rank)
        if card in hand.cards:
            return "46A", card, ()
        return "46B4", None, tuple(legal)
    if key in ("high", "low") and suit is None and rank is None:
        pool = [c for c in legal if led is None or c.suit == led] or legal
        if led is None:
            return "46B5", None, tuple(legal)
        return ("46B1(a)", max(pool), ()) if key == "high" else ("46B1(c)", min(pool), ())
    if key == "win" and suit is None and rank is None:
        winners = [c for c in legal if _winning(play, c)]
        if winners and led is not None:
            return "46B1(b)", min(winners, key=lambda c: (c.suit != led, c.rank)), ()
        return "46B5", None, tuple(legal)
    if suit is not None:
        pool = [c for c in hand.cards if c.suit == suit]
        if not pool:
            return "46B4", None, tuple(legal)
        return "46B2", (max(pool) if key == "high" else min(pool)), ()
    if rank is not None:
        if led is None and len(play.completed_tricks) > 0 and play.completed_tricks[-1].winner(play.trump) == dummy:
            won = play.completed_tricks[-1].card_of(dummy)
            if won is not None and Card(won.suit, rank) in hand.cards:
                return "46B3(a)", Card(won.suit, rank), ()
        pool = [c for c in legal if c.rank == rank]
        if len(pool) == 1:
            return "46B3(b)", pool[0], ()
        if pool:
            return "46B3(b)", None, tuple(pool)
        return "46B4", None, tuple(legal)
    return "46B5", None, tuple(legal)


@detector(DummyCardCalled, order=10)
def detect(state: TableState, event: DummyCardCalled) -> TableState | None:
    state = started(state)
    play = the_play(state)
    if play.finished or state.period.ended or play.next_seat != play.contract.dummy:
        raise IllegalPlayError("a card is designated from dummy only when it is dummy's turn", law="46")
    clause, default, choices = interpret(play, event.designation)
    decl = play.contract.declarer
    if clause == "46A" and default is not None:
        return _play(state, default, event.laws)
    stage = Designation(decl, event.laws, event.designation, clause, default, choices, clause == "46B5")
    return state.but(pending=stage)


def _play(state: TableState, card: Card, edition: object) -> TableState:
    from ..table.edition import Edition
    from ..table.engine import handle
    assert isinstance(edition, Edition)
    play = the_play(state)
    return handle(CardPlayed(play.contract.dummy, card, edition), state)


def _options(stage: Designation, state: TableState) -> tuple[Option, ...]:
    if stage.default is not None:
        return ()
    who = "the defender" if stage.chooser_is_defender else "declarer"
    return tuple(Option(f"card:{c}", c.symbol, f"dummy plays {c.symbol}, as {who} designates (Law {stage.clause})",
                        stage.clause) for c in stage.choices)


WHAT = {"46B1(a)": "'high' is the highest card of the suit led", "46B1(b)": "'win' is the lowest card known to win "
        "the trick", "46B1(c)": "'low' is the lowest card of the suit led", "46B2": "a suit without a rank is the "
        "lowest card of that suit", "46B3(a)": "a rank without a suit, on a lead, continues the suit with which "
        "dummy won the preceding trick", "46B3(b)": "a rank without a suit is a card of that rank that can be "
        "played legally", "46B4": "a card that is not in dummy is a void call: declarer designates any legal card",
        "46B5": "a play without suit or rank: either defender designates dummy's card"}


@describe.register
def _describe(stage: Designation, state: TableState) -> Ruling:
    play = the_play(state)
    decl = play.contract.declarer
    opts = _options(stage, state)
    head = f"declarer called \"{stage.words}\" from dummy: {WHAT[stage.clause]} (Law {stage.clause})."
    if stage.default is not None:
        others = [str(c) for c in _legal(play) if c != stage.default]
        q = Question("intention", f"Was declarer's different intention incontrovertible? Answer 'no' for "
                     f"{stage.default.symbol}, or the card he incontrovertibly intended.", ("no", *others), "46B")
        text = (f"Director: {head[0].upper()}{head[1:]} Dummy plays {stage.default.symbol} unless declarer's "
                "different intention was incontrovertible (Law 46B).")
        return Ruling("Incomplete designation of dummy's card", "46B", stage.edition, decl, None, (), (q,), text)
    chooser = decl.lho if stage.chooser_is_defender else decl
    lines = [f"{name(chooser)}, {head}", *(f"{i}. {o.label}: {o.consequence}." for i, o in enumerate(opts, 1)),
             f"{name(chooser)}, which card?"]
    if stage.chooser_is_defender:
        lines.insert(1, f"Either defender may designate; {name(decl.lho)} is asked first.")
    return Ruling("Incomplete designation of dummy's card", "46B", stage.edition, decl, chooser, opts, (),
                  "\n".join(lines))


@resolve.register
def _resolve(stage: Designation, state: TableState, event: Event) -> TableState:
    play = the_play(state)
    decl = play.contract.declarer
    if stage.default is not None and isinstance(event, Judgement) and event.question == "intention":
        answer = event.answer.strip()
        if answer == "no":
            s = record(state.but(pending=None), stage.clause, "Incomplete designation of dummy's card", decl,
                       f"\"{stage.words}\": dummy plays {stage.default.symbol} (Law {stage.clause})", stage.edition)
            return _play(s, stage.default, stage.edition)
        intended = Card.parse(answer) if answer in {str(c) for c in _legal(play)} else None
        if intended is not None:
            s = record(state.but(pending=None), "46B", "Incomplete designation of dummy's card", decl,
                       f"\"{stage.words}\": declarer's intention of {intended.symbol} was incontrovertible (Law 46B)",
                       stage.edition)
            return _play(s, intended, stage.edition)
    if stage.default is None and isinstance(event, Choice) and event.option.startswith("card:"):
        allowed = {s for s in ((decl.lho, decl.rho) if stage.chooser_is_defender else (decl,))}
        card = next((c for c in stage.choices if f"card:{c}" == event.option), None)
        if card is not None and (event.seat is None or event.seat in allowed):
            s = record(state.but(pending=None), stage.clause, "Incomplete designation of dummy's card", decl,
                       f"\"{stage.words}\": {card.symbol} designated (Law {stage.clause})", stage.edition)
            return _play(s, card, stage.edition)
    raise refuse(_describe(stage, state), event)
