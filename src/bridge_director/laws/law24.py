"""Law 24: cards exposed or led during the auction.  They stay face up until the auction ends; an honour,
a card led, or two or more cards bar partner for one turn; if the offender defends, each becomes a
penalty card (Law 50: a single card below honour rank not led is minor, any other is major) when the play
starts (``table.play.penalty_cards``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalPlayError
from ..model import Card, Rank
from ..table.events import CardExposed, Choice, Event
from ..table.registry import detector, resolve
from ..table.state import Bar, ExposedCard, Pending, TableState
from .common import adjust_law, adjust_text, bar, flag, name, pass_once, record, unauthorised
from .pending import describe, refuse
from .ruling import Option, Ruling

NAME = "Card exposed during the auction"


@dataclass(frozen=True, slots=True)
class Exposed(Pending):
    cards: tuple[Card, ...]
    led: bool


def serious(cards: tuple[Card, ...], led: bool) -> bool:
    """24B/24C: an honour, a card led, or more than one card."""
    return led or len(cards) > 1 or any(c.rank >= Rank.TEN for c in cards)


@detector(CardExposed, order=10)
def detect(state: TableState, event: CardExposed) -> TableState | None:
    if state.auction_over:
        return None
    if not event.cards:
        raise IllegalPlayError("no card named", law="24")
    twice = sorted({c.symbol for c in event.cards if event.cards.count(c) > 1})
    if twice:
        raise IllegalPlayError(f"{', '.join(twice)} named twice: each exposed card is named once", law="24")
    if state.deal is not None:
        for card in event.cards:
            if card not in state.deal[event.seat].cards:
                raise IllegalPlayError(f"{card.symbol} is not in {name(event.seat)}'s hand", law="24")
    return state.but(pending=Exposed(event.seat, event.laws, event.cards, event.led))


@describe.register
def _describe(stage: Exposed, state: TableState) -> Ruling:
    o = stage.offender
    cards = ", ".join(c.symbol for c in stage.cards)
    if serious(stage.cards, stage.led):
        bar_text = f"{pass_once(o.partner)} (Law 24C)" if len(stage.cards) > 1 or stage.led else \
            f"{pass_once(o.partner)} (Law 24B)"
        kind = "major"
    else:
        bar_text = "there is no further rectification in the auction (Law 24A)"
        kind = "minor"
    cons = (f"{cards} stay face up on the table until the auction ends; {bar_text}; if {name(o)} becomes a "
            f"defender, each card becomes a {kind} penalty card (Law 50); if {name(o)} becomes declarer or dummy "
            f"the cards go back into the hand with no further rectification; the information from them is "
            f"unauthorised to {name(o.partner)} (Law 16C)")
    opt = Option("proceed", "apply Law 24", cons, "24")
    text = f"{name(o)} has exposed {cards} during the auction (Law 24). Director to the table: {cons}."
    return Ruling(NAME, "24", stage.edition, o, None, (opt,), (), text)


@resolve.register
def _resolve(stage: Exposed, state: TableState, event: Event) -> TableState:
    if not (isinstance(event, Choice) and event.option == "proceed"):
        raise refuse(_describe(stage, state), event)
    o = stage.offender
    s = state.but(exposed=(*state.exposed, *(ExposedCard(o, c, stage.led) for c in stage.cards)))
    s = unauthorised(s, o, "cards exposed by " + name(o))
    if serious(stage.cards, stage.led):
        s = bar(s, o.partner, Bar.PASS_ONCE, "24")
        s = flag(s, adjust_law(stage.edition), o, adjust_text(o, stage.edition))
    return record(s, "24", NAME, o, ", ".join(c.symbol for c in stage.cards) + " exposed", stage.edition)
