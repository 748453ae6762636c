"""Law 58B: two or more cards led or played at the same time from one hand (``CardsPlayedTogether``).

The event names every card that came out of the hand together and those whose face was visible.  It is entered
either when it happens (none of the cards is in a trick yet) or when it is found later: then one of the cards is
the card the log already has in a trick (it was taken as played) and the others are still in the hand.

* 58B1: only one face visible — that card is played (or stands, if already in the trick); the others are picked
  up with no further rectification (Law 47F); what they tell is information from a withdrawn action, unauthorised
  to the offending side (2017 Law 16C, 2007 16D, 1997 16C).
* 58B2: more than one face visible — the offender designates the card he plays (ruling ``SimultaneousCards``,
  option ``play:HA``); a defender's other visible cards become penalty cards (Law 50: a single card below the ten
  is minor — the law's own example of an inadvertent exposure —, an honour or two or more are major); declarer's
  (or dummy's) go back to the hand with no rectification (Law 48A).
* 58B3: found after opponents have played to the trick and the offender designates a card other than the one in
  the trick: that card goes back, and the cards played after it go back too — an opponent may play another card
  without rectification; the offender's partner's card stands (played again at his turn) unless the suit led has
  changed.  Information from the withdrawn cards: Law 16C (2007: 16D).
* 58B4 (1997: 58C): not found until both sides have played to the next trick — Law 67 applies (67B2: the extra
  card is back in the hand, the trick's owner does not change; ``law65_67``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import IllegalPlayError
from ..model import Card, Rank, Seat
from ..table.edition import Edition
from ..table.events import Choice, Event
from ..table.play import CardPlayed, add_penalty, is_defender, sequence, started, the_play, unplace
from ..table.play_state import PlayRule
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .common import name, record, unauthorised
from .pending import describe, refuse
from .ruling import Option, Ruling


@dataclass(frozen=True, slots=True)
class CardsPlayedTogether(Event):
    """Law 58B: ``seat`` led or played ``cards`` at the same time; ``visible`` are those whose face was seen.

    For dummy's cards ``seat`` is dummy.  If one of ``cards`` is already in a trick (the card taken as played), the
    simultaneous play is found only now (58B3, 58B4).
    """

    seat: Seat
    cards: tuple[Card, ...]
    visible: tuple[Card, ...]
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class SimultaneousCards(Pending):
    """58B2: more than one face visible; ``offender`` designates one of ``visible``.  ``played`` is the card already
    in a trick when the simultaneous play was found late (else None)."""

    cards: tuple[Card, ...]
    visible: tuple[Card, ...]
    played: Card | None = None


def info_law(edition: Edition) -> str:
    """Information from withdrawn actions: 16C (2017), 16D (2007), 16C (1997)."""
    return "16D" if edition is Edition.L2007 else "16C"


def undiscovered_law(edition: Edition) -> str:
    """Not found until both sides have played to the next trick: 58B4 (2017, 2007), 58C (1997)."""
    return "58C" if edition is Edition.L1997 else "58B4"


def _symbols(cards: tuple[Card, ...] | list[Card]) -> str:
    return ", ".join(c.symbol for c in cards)


# ----- detection ------------------------------------------------------------------------------------------
@detector(CardsPlayedTogether, order=10)
def detect(state: TableState, event: CardsPlayedTogether) -> TableState | None:
    state = started(state)
    play = the_play(state)
    seat, cards, visible = event.seat, event.cards, event.visible
    if play.finished or state.period.ended:
        raise IllegalPlayError("no card is played after the play has ended", law="66")
    if len(cards) < 2 or len(set(cards)) != len(cards):
        raise IllegalPlayError("Law 58B concerns two or more different cards led or played together", law="58B")
    if not visible or not set(visible) <= set(cards) or len(set(visible)) != len(visible):
        raise IllegalPlayError("name the card(s) whose face was visible, among the cards played together (at least "
                               "one; a face-down opening lead is Law 41A)", law="58B")
    seq = sequence(play)
    in_trick = [(i, c) for i, (st, c) in enumerate(seq) if st == seat and c in cards]
    if len(in_trick) > 1:
        raise IllegalPlayError(f"{_symbols([c for _i, c in in_trick])} are in different tricks: they were not "
                               "played together", law="58B")
    hand = play.hands[seat].cards
    rest = [c for c in cards if all(c != p for _i, p in in_trick)]
    for c in rest:
        if c not in hand:
            raise IllegalPlayError(f"{c.symbol} is not in {name(seat)}'s hand", law="45")
    if not in_trick:
        if len(visible) == 1:
            return _only_one(state, event, visible[0], None)
        return state.but(pending=SimultaneousCards(seat, event.laws, cards, visible))
    index, played = in_trick[0]
    if played not in visible:
        raise IllegalPlayError(f"{played.symbol} is in the trick, so its face was seen: name it among the visible "
                               "cards", law="58B")
    trick = _trick_of(index)
    if trick < len(play.tricks) and len(play.tricks[trick].cards) >= 2:  # both sides played to the next trick
        return _undiscovered(state, event, trick)
    if len(visible) == 1:
        return _only_one(state, event, played, played)
    return state.but(pending=SimultaneousCards(seat, event.laws, cards, visible, played))


def _trick_of(index: int) -> int:
    """The 1-based number of the trick holding the ``index``-th card played (every earlier trick is complete)."""
    return index // 4 + 1


def _only_one(state: TableState, event: CardsPlayedTogether, card: Card, played: Card | None) -> TableState:
    """58B1: the visible card is played (or stands); the others are picked up with no further rectification."""
    seat, ed = event.seat, event.laws
    others = tuple(c for c in event.cards if c != card)
    law16 = info_law(ed)
    s = unauthorised(state, seat, f"{name(seat)}'s card(s) picked up under Law 58B1 ({_symbols(others)})", law16)
    stands = "stands" if played is not None else "is played"
    s = record(s, "58B1", "Cards played simultaneously", seat,
               f"only {card.symbol} was visible: it {stands}; {_symbols(others)} picked up with no further "
               f"rectification (Laws 58B1, 47F); information from them is unauthorised to {name(seat.partner)} "
               f"(Law {law16})", ed)
    if played is not None:
        return s
    from ..table.engine import handle
    return handle(CardPlayed(seat, card, ed), s)


def _undiscovered(state: TableState, event: CardsPlayedTogether, trick: int) -> TableState:
    """58B4 (1997: 58C): found after both sides played to the next trick — Law 67 (a card too few, 67B2)."""
    from .law65_67 import TrickEntry
    from .law65_67 import detect as defective
    law = undiscovered_law(event.laws)
    s = record(state, law, "Cards played simultaneously", event.seat,
               f"{name(event.seat)}'s {_symbols(event.cards)} played together to trick {trick}, found after both "
               f"sides had played to the next trick: Law 67 applies (Law {law})", event.laws)
    found = defective(s, TrickEntry("too-few", event.seat, trick, event.laws))
    assert found is not None
    return found


# ----- 58B2: the offender designates ----------------------------------------------------------------------------
def _after_cards(state: TableState, stage: SimultaneousCards) -> list[tuple[Seat, Card]]:
    """The cards played after ``stage.played`` (late discovery), in order."""
    if stage.played is None:
        return []
    seq = sequence(the_play(state))
    index = max(i for i, (st, c) in enumerate(seq) if st == stage.offender and c == stage.played)
    return seq[index + 1:]


def _others_consequence(state: TableState, stage: SimultaneousCards, card: Card) -> str:
    o = stage.offender
    others = tuple(c for c in stage.visible if c != card)
    hidden = tuple(c for c in stage.cards if c not in stage.visible)
    play = the_play(state)
    if is_defender(play, o):
        major = len(others) > 1 or others[0].rank >= Rank.TEN or any(p.seat == o for p in state.penalty_cards)
        kind = "major" if major else "minor"
        rule = ("he must play it at the first legal opportunity and declarer may restrict his partner's leads "
                "(Law 50D)" if major else f"he may not play another {others[0].suit.name.lower()[:-1]} below the "
                "ten before it, but may play an honour (Law 50C)")
        text = (f"{_symbols(others)} {'becomes a' if len(others) == 1 else 'become'} {kind} penalty card"
                f"{'' if len(others) == 1 else 's'} of {name(o)}: {rule}; information from "
                f"{'it' if len(others) == 1 else 'them'} is unauthorised to {name(o.partner)} (Laws 58B2, 50E)")
    else:
        text = (f"{_symbols(others)} {'goes' if len(others) == 1 else 'go'} back to the hand with no rectification: "
                "declarer's cards never become penalty cards (Laws 58B2, 48A)")
    if hidden:
        text += f"; {_symbols(hidden)}, not seen, {'is' if len(hidden) == 1 else 'are'} picked up (Law 47F)"
    later = _after_cards(state, stage)
    if stage.played is not None and card != stage.played and later:
        opps = sorted({st for st, _c in later if st.side != o.side}, key=lambda s: int(s))
        law16 = info_law(stage.edition)
        text += f"; {stage.played.symbol} goes back and the {len(later)} card(s) played after it go back too"
        if opps:
            text += ": " + " and ".join(name(p) for p in opps) + " may play another card without rectification"
        text += (f" (Law 58B3); information from the withdrawn cards is authorised to {name(o.lho)} and {name(o.rho)} "
                 f"and unauthorised to {name(o)} and {name(o.partner)} (Law {law16})")
        if any(st == o.partner for st, _c in later):
            text += (f"; {name(o.partner)}'s card stands and is played again at his turn (Law 47F), unless the suit "
                     "led has changed")
    return text


def _options(stage: SimultaneousCards, state: TableState) -> tuple[Option, ...]:
    out = []
    for card in stage.visible:
        stands = "stands" if card == stage.played else "is played"
        out.append(Option(f"play:{card}", f"{card.symbol}",
                          f"{card.symbol} {stands}; " + _others_consequence(state, stage, card), "58B2"))
    return tuple(out)


@describe.register
def _describe(stage: SimultaneousCards, state: TableState) -> Ruling:
    o = stage.offender
    opts = _options(stage, state)
    verb = ("led or played" if stage.played is None
            else f"played (found after {stage.played.symbol} was taken as played)")
    lines = [f"{name(o)}, you have {verb} {_symbols(stage.cards)} at the same time and the faces of "
             f"{_symbols(stage.visible)} were visible (Law 58B2). You designate the card you play:",
             *(f"{i}. {opt.label}: {opt.consequence}." for i, opt in enumerate(opts, 1)),
             f"{name(o)}, which card do you designate?"]
    return Ruling("Cards played simultaneously", "58B", stage.edition, o, o, opts, (), "\n".join(lines))


@resolve.register
def _resolve(stage: SimultaneousCards, state: TableState, event: Event) -> TableState:
    o = stage.offender
    if not (isinstance(event, Choice) and event.seat in (None, o)
            and event.option in {opt.key for opt in _options(stage, state)}):
        raise refuse(_describe(stage, state), event)
    card = next(c for c in stage.visible if f"play:{c}" == event.option)
    label = next(opt.consequence for opt in _options(stage, state) if opt.key == event.option)
    s = record(state, "58B2", "Cards played simultaneously", o, f"{name(o)} designated {card.symbol}: {label}",
               stage.edition)
    if stage.played is not None and card != stage.played:
        s = _withdraw(s, stage, card)
    elif stage.played is None:
        from ..table.engine import handle
        s = handle(CardPlayed(o, card, stage.edition), s)
    return _penalties(s, stage, card)


def _withdraw(state: TableState, stage: SimultaneousCards, card: Card) -> TableState:
    """58B3: the card taken as played goes back with the cards after it; ``card`` is played in its place."""
    o = stage.offender
    play = the_play(state)
    seq = sequence(play)
    index = max(i for i, (st, c) in enumerate(seq) if st == o and c == stage.played)
    back = seq[index:]
    revokes = tuple(r for r in state.period.revokes if not any(r.seat == st and r.card == c for st, c in back))
    s = state.but(play=unplace(play, len(back)), period=replace(state.period, revokes=revokes))
    s = unauthorised(s, o, f"the card(s) {_symbols([c for _st, c in back])} withdrawn after {name(o)}'s designation "
                     "(Law 58B3)", info_law(stage.edition))
    trick = _trick_of(index)
    lead = index % 4 == 0
    kept = next((c for i, (st, c) in enumerate(back) if st == o.partner and _trick_of(index + i) == trick),
                None)
    assert stage.played is not None
    if kept is not None and (not lead or card.suit == stage.played.suit) and s.period.play_rule is None:
        rule = PlayRule(o.partner, "card", None, trick, "47F", kept)
        s = s.but(period=replace(s.period, play_rule=rule))
    from ..table.engine import handle
    return handle(CardPlayed(o, card, stage.edition), s)


def _penalties(state: TableState, stage: SimultaneousCards, card: Card) -> TableState:
    """A defender's other visible cards become penalty cards (Law 50); then 50D2 if his partner is on lead."""
    o = stage.offender
    play = the_play(state)
    if not is_defender(play, o):
        return state
    others = tuple(c for c in stage.visible if c != card and c in play.hands[o].cards)
    if not others:
        return state
    s = state
    major = len(others) > 1 or others[0].rank >= Rank.TEN
    for c in others:
        s = add_penalty(s, o, c, major, "58B2")
    s = unauthorised(s, o, f"{name(o)}'s penalty card(s) {_symbols(others)} (Law 58B2)", "50E")
    from .law48_50 import check_lead
    return check_lead(s)
