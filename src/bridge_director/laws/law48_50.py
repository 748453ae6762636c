"""Laws 48-51B: cards exposed during the play and penalty cards (playing them, Laws 51A and 52: ``law51_52``).

* 48: declarer (and dummy) never has a penalty card; a card declarer exposes is not played.
* 49/50: a defender's exposed card is a penalty card; a single card below honour rank exposed
  inadvertently is minor (50C), any other (an honour, a card exposed deliberately) is major, and two or
  more penalty cards of one defender are all major (50B).  A major penalty card must be played at the
  first legal opportunity (50D1); when the offender's partner has or gains the lead, declarer may require
  or forbid the lead of its suit (the card is then picked up) or leave it on the table (50D2).
* 51: several penalty cards — requiring or forbidding a suit picks up every penalty card of that suit.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import IllegalPlayError
from ..model import Card, Rank, Seat, Suit
from ..table.events import CardExposed, Choice, Event, Judgement
from ..table.play import (
    add_penalty,
    after_trick,
    cards_played,
    drop_penalty,
    is_defender,
    is_lead,
    penalty_cards_of,
    started,
    the_play,
)
from ..table.play_state import LeadRule
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .common import name, record, unauthorised
from .pending import describe, refuse
from .ruling import Option, Question, Ruling


@dataclass(frozen=True, slots=True)
class ExposedInPlay(Pending):
    """A single spot card exposed by a defender: the director judges whether deliberately (50B/50C)."""

    card: Card


@dataclass(frozen=True, slots=True)
class PenaltyCardLead(Pending):
    """Law 50D2: ``offender`` has major penalty card(s); his partner has the lead; declarer chooses."""


def suit_word(suit: Suit) -> str:
    return suit.name.lower()


# ----- Laws 48-50: exposure during the play ---------------------------------------------------------------
@detector(CardExposed, order=60)
def detect_exposed(state: TableState, event: CardExposed) -> TableState | None:
    if not state.auction_over or state.passed_out:
        return None
    state = started(state)
    play = the_play(state)
    for card in event.cards:
        if card not in play.hands[event.seat].cards:
            raise IllegalPlayError(f"{card.symbol} is not in {name(event.seat)}'s hand", law="48")
    cards = ", ".join(c.symbol for c in event.cards)
    if not is_defender(play, event.seat):
        return record(state, "48A", "Card exposed by declarer", event.seat,
                      f"{cards} exposed by {name(event.seat)}: no rectification, the card is not played (Law 48A)",
                      event.laws)
    if len(event.cards) == 1 and event.cards[0].rank < Rank.TEN and not event.led \
            and not penalty_cards_of(state, event.seat):
        return state.but(pending=ExposedInPlay(event.seat, event.laws, event.cards[0]))
    return expose(state, event.seat, event.cards, True, event.laws)


def expose(state: TableState, seat: Seat, cards: tuple[Card, ...], major: bool, edition: object) -> TableState:
    from ..table.edition import Edition
    assert isinstance(edition, Edition)
    s = state
    for card in cards:
        s = add_penalty(s, seat, card, major or len(cards) > 1)
    s = unauthorised(s, seat, f"{name(seat)}'s penalty card(s) {', '.join(c.symbol for c in cards)}", "50E")
    kind = "major" if any(p.major for p in penalty_cards_of(s, seat)) else "minor"
    s = record(s, "49", "Card exposed by a defender", seat,
               f"{', '.join(c.symbol for c in cards)} of {name(seat)}: {kind} penalty card(s) (Law 50)", edition)
    return check_lead(s)


@describe.register
def _describe_exposed(stage: ExposedInPlay, state: TableState) -> Ruling:
    c, o = stage.card, stage.offender
    q = Question("deliberate", f"Was {name(o)}'s {c.symbol} exposed deliberately (e.g. led or played on purpose)?",
                 ("yes", "no"), "50B")
    text = (f"Director: {name(o)} has exposed {c.symbol}. If it was exposed inadvertently it is a minor penalty card: "
            f"{name(o)} may not play another {suit_word(c.suit)[:-1]} below the ten before it, but may play an "
            "honour; there is no lead restriction (Law 50C). If it was exposed deliberately it is a major penalty "
            f"card: {name(o)} must play it at the first legal opportunity and declarer may restrict "
            f"{name(o.partner)}'s leads (Law 50D). Was it deliberate?")
    return Ruling("Card exposed by a defender", "50", stage.edition, o, None, (), (q,), text)


@resolve.register
def _resolve_exposed(stage: ExposedInPlay, state: TableState, event: Event) -> TableState:
    if isinstance(event, Judgement) and event.question == "deliberate" and event.answer in ("yes", "no"):
        return expose(state.but(pending=None), stage.offender, (stage.card,), event.answer == "yes", stage.edition)
    raise refuse(_describe_exposed(stage, state), event)


# ----- Law 50D2 / 51: partner has or gains the lead -------------------------------------------------------
def check_lead(state: TableState) -> TableState:
    """Open the 50D2 ruling if the player now on lead has a partner with a major penalty card."""
    if state.pending is not None or state.play is None or state.play.finished:
        return state
    play = state.play
    if not is_lead(play) or state.period.lead_ruled == cards_played(play):
        return state
    leader = play.next_seat
    if not is_defender(play, leader):
        return state
    majors = [p for p in penalty_cards_of(state, leader.partner) if p.major]
    if not majors:
        return state
    return state.but(pending=PenaltyCardLead(leader.partner, state.laws))


after_trick(check_lead)


def _suits(state: TableState, offender: Seat) -> list[Suit]:
    return sorted({p.card.suit for p in penalty_cards_of(state, offender) if p.major}, reverse=True)


def _options_50d(stage: PenaltyCardLead, state: TableState) -> tuple[Option, ...]:
    o = stage.offender
    p = o.partner
    opts: list[Option] = []
    for suit in _suits(state, o):
        cards = ", ".join(c.card.symbol for c in penalty_cards_of(state, o) if c.card.suit == suit)
        w = suit_word(suit)
        opts.append(Option(f"require:{suit.letter}", f"require {name(p)} to lead {w}",
                           f"{cards} go back into {name(o)}'s hand; {name(p)} must lead a {w[:-1]} now (if he has "
                           f"none, any card: Law 59); the information from {cards} is unauthorised to {name(p)} "
                           "(Laws 50D2(a), 51B, 50E)", "50D2(a)"))
        opts.append(Option(f"forbid:{suit.letter}", f"forbid {name(p)} to lead {w}",
                           f"{cards} go back into {name(o)}'s hand; {name(p)} may not lead {w} for as long as he keeps "
                           f"the lead (Laws 50D2(b), 51B, 50E)", "50D2(b)"))
    opts.append(Option("leave", "neither", f"every penalty card stays face up on the table; {name(p)} leads any card; "
                       f"{name(o)} must play a major penalty card at the first legal opportunity (Law 50D2(c), 50D1)",
                       "50D2(c)"))
    return tuple(opts)


@describe.register
def _describe_50d(stage: PenaltyCardLead, state: TableState) -> Ruling:
    decl = the_play(state).contract.declarer
    o = stage.offender
    opts = _options_50d(stage, state)
    cards = ", ".join(p.card.symbol for p in penalty_cards_of(state, o))
    lines = [f"{name(decl)}, {name(o)} has the penalty card(s) {cards} and {name(o.partner)} is on lead (Law 50D).",
             f"{name(o.partner)}, do not lead until declarer has chosen.",
             *(f"{i}. {opt.label}: {opt.consequence}." for i, opt in enumerate(opts, 1)),
             f"{name(decl)}, which do you choose?"]
    return Ruling("Penalty card: partner on lead", "50D", stage.edition, o, decl, opts, (), "\n".join(lines))


@resolve.register
def _resolve_50d(stage: PenaltyCardLead, state: TableState, event: Event) -> TableState:
    play = the_play(state)
    decl, o = play.contract.declarer, stage.offender
    keys = {opt.key for opt in _options_50d(stage, state)}
    if not (isinstance(event, Choice) and event.seat in (None, decl) and event.option in keys):
        raise refuse(_describe_50d(stage, state), event)
    s = state.but(pending=None, period=replace(state.period, lead_ruled=cards_played(play)))
    return _choose_50d(s, stage, event.option, o)


def _choose_50d(s: TableState, stage: PenaltyCardLead, option: str, o: Seat) -> TableState:
    if option == "leave":
        return record(s, "50D2(c)", "Penalty card", o, f"{name(o)}'s penalty card(s) stay on the table", stage.edition)
    kind, letter = option.split(":")
    suit = Suit("CDHS".index(letter))
    for p in penalty_cards_of(s, o):
        if p.card.suit == suit:
            s = drop_penalty(s, o, p.card)
    rule = LeadRule(o.partner, suit, kind == "require", "50D2")
    s = s.but(period=replace(s.period, lead_rule=rule))
    what = f"{kind}s the lead of {suit_word(suit)}"
    return record(s, f"50D2({'a' if kind == 'require' else 'b'})", "Penalty card", o,
                  f"declarer {what} by {name(o.partner)}; the {suit_word(suit)} penalty card(s) picked up",
                  stage.edition)
