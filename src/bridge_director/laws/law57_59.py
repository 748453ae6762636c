"""Laws 57-59: premature play by a defender, simultaneous plays, inability to comply.

* 57A: a defender plays to the trick before his partner has played to it: his card is a major penalty
  card and declarer chooses for partner — play his highest card of the suit led, or his lowest, or a card
  of another suit declarer names, or no card of another suit declarer names.  57C: no rectification when
  declarer has already played from both hands (the card stays to be played in turn).
* 57D (2007/2017; 1997: no rectification either): premature play (not a lead) by declarer from either hand is a
  played card and, if legal, may not be withdrawn: it is ruled, not refused — the card goes to the trick at its
  hand's turn, the defenders still to play playing in turn; an illegal one (a revoke) goes back (Laws 47B, 62B2).
* 58A: a play made at the same time as a legal play is deemed subsequent to it — the log records the
  legal one first, so the other is ruled as what it then is.
* 59: a player unable to comply with a rectification may play any correct card (enforced with each
  restriction in ``table.play.check_rules``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..model import Card, Suit
from ..table.events import Choice, Event
from ..table.play import CardPlayed, add_penalty, is_defender, is_lead, started, the_play, trick_number
from ..table.play_state import PlayRule
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .common import name, record, unauthorised
from .pending import describe, refuse
from .ruling import Option, Ruling


@dataclass(frozen=True, slots=True)
class PrematurePlay(Pending):
    """Law 57A: ``offender`` played ``card`` before his partner played to the trick."""

    card: Card


@detector(CardPlayed, order=20)
def detect(state: TableState, event: CardPlayed) -> TableState | None:
    state = started(state)
    play = the_play(state)
    if is_lead(play) or event.seat == play.next_seat or not is_defender(play, event.seat):
        return None
    trick = play.current
    played = {trick.seat_of(i) for i in range(len(trick.cards))}
    if event.seat.partner in played:  # not premature: a card played out of rotation is exposed (Laws 49, 50)
        s = add_penalty(state, event.seat, event.card, True, "49")
        s = unauthorised(s, event.seat, f"{name(event.seat)}'s {event.card.symbol} played out of rotation", "50E")
        return record(s, "49", "Card played out of rotation by a defender", event.seat,
                      f"{event.card.symbol} a major penalty card", event.laws)
    if {play.contract.declarer, play.contract.dummy} <= played:
        return None  # 57C: declarer has played from both hands
    return state.but(pending=PrematurePlay(event.seat, event.laws, event.card))


def _options(stage: PrematurePlay, state: TableState) -> tuple[Option, ...]:
    play = the_play(state)
    led = play.current.suit_led
    assert led is not None
    p = stage.offender.partner
    w = led.name.lower()[:-1]
    opts = [Option("highest", f"{name(p)} plays his highest {w}", f"{name(p)} must play the highest {w} he holds "
                   "(any card if he has none, Law 59)", "57A1(a)"),
            Option("lowest", f"{name(p)} plays his lowest {w}", f"{name(p)} must play the lowest {w} he holds "
                   "(any card if he has none, Law 59)", "57A1(b)")]
    for suit in reversed(Suit):
        if suit != led:
            s = suit.name.lower()
            opts.append(Option(f"another:{suit.letter}", f"{name(p)} plays a {s[:-1]}",
                               f"if {name(p)} has no {w}, he must play a {s[:-1]} (any card if he has none, Law 59)",
                               "57A1(c)"))
    for suit in reversed(Suit):
        if suit != led:
            s = suit.name.lower()
            opts.append(Option(f"forbid:{suit.letter}", f"{name(p)} may not play a {s[:-1]}",
                               f"{name(p)} may not play a {s[:-1]} to this trick (unless he has nothing else, Law 59)",
                               "57A1(d)"))
    return tuple(opts)


@describe.register
def _describe(stage: PrematurePlay, state: TableState) -> Ruling:
    decl = the_play(state).contract.declarer
    o = stage.offender
    opts = _options(stage, state)
    lines = [f"{name(decl)}, {name(o)} has played {stage.card.symbol} before {name(o.partner)} played to this trick "
             f"(Law 57). {stage.card.symbol} is a major penalty card (Law 50) and you choose what {name(o.partner)} "
             "must do:",
             *(f"{i}. {opt.label}: {opt.consequence}." for i, opt in enumerate(opts, 1)),
             f"{name(decl)}, which do you choose?"]
    return Ruling("Premature play by a defender", "57", stage.edition, o, decl, opts, (), "\n".join(lines))


@resolve.register
def _resolve(stage: PrematurePlay, state: TableState, event: Event) -> TableState:
    play = the_play(state)
    decl = play.contract.declarer
    keys = {o.key for o in _options(stage, state)}
    if not (isinstance(event, Choice) and event.seat in (None, decl) and event.option in keys):
        raise refuse(_describe(stage, state), event)
    kind, _, letter = event.option.partition(":")
    suit = Suit("CDHS".index(letter)) if letter else None
    o = stage.offender
    s = add_penalty(state.but(pending=None), o, stage.card, True, "57A")
    s = unauthorised(s, o, f"{name(o)}'s premature {stage.card.symbol}", "50E")
    rule = PlayRule(o.partner, {"another": "suit"}.get(kind, kind), suit, trick_number(play))
    s = s.but(period=replace(s.period, play_rule=rule))
    label = next(opt.label for opt in _options(stage, state) if opt.key == event.option)
    return record(s, "57A", "Premature play by a defender", o,
                  f"{stage.card.symbol} a major penalty card; declarer chose: {label}", stage.edition)


@detector(CardPlayed, order=21)
def detect_declarer(state: TableState, event: CardPlayed) -> TableState | None:
    """57D: declarer plays prematurely (not a lead) from his hand or dummy."""
    state = started(state)
    play = the_play(state)
    seat = event.seat
    if is_lead(play) or seat == play.next_seat or is_defender(play, seat):
        return None
    trick = play.current
    if seat in {trick.seat_of(i) for i in range(len(trick.cards))}:
        return None  # a second card to the same trick: not premature (refused as impossible input)
    pending_rule = state.period.play_rule
    if pending_rule is not None and pending_rule.kind == "card":
        return None  # one premature card at a time
    decl = play.contract.declarer
    led = trick.suit_led
    assert led is not None
    hand = "dummy" if seat == play.contract.dummy else "his own hand"
    if event.card.suit != led and play.hands[seat].has_suit(led):
        return record(state, "57D", "Premature play by declarer", decl,
                      f"{event.card.symbol} played prematurely from {hand} would not follow suit: it goes back with "
                      "no rectification (Laws 57D, 62B2)", event.laws)
    rule = PlayRule(seat, "card", None, trick_number(play), "57D", event.card)
    s = state.but(period=replace(state.period, play_rule=rule))
    return record(s, "57D", "Premature play by declarer", decl,
                  f"{event.card.symbol} played prematurely from {hand} is a played card and may not be withdrawn; "
                  f"it goes to the trick at {name(seat)}'s turn and the defenders play in turn (Law 57D)", event.laws)
