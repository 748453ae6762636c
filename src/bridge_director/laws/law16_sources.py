"""Cards found faced before the auction (Law 16: information from other sources — 16D in 2017, 16C in 2007,
16B in 1997).

A card found face up in the board, or faced by a player before the auction has begun for his side, is not a
card exposed during the auction (Law 24): whoever saw it holds extraneous information.  Nobody but its holder saw
it: it goes back into the hand.  Otherwise, before any call has been made, the director may put the players'
positions right so that the partner who saw the card holds that hand (a), have the board redealt for these
contestants where the form of contest allows (b), let the board be played and stand ready to adjust (c), or
award an artificial adjusted score (d); once a call has been made, (c) and (d) remain.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalPlayError
from ..model import Card, Seat
from ..table.edition import Edition
from ..table.events import CardFoundFaced, Choice, Event
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .common import flag, name, record, unauthorised
from .law17 import other_sources
from .pending import describe, refuse
from .ruling import Option, Ruling

NAME = "Card found faced before the auction"


def clause(edition: Edition) -> str:
    """The paragraph listing the director's powers: 16D2 (2017), 16C2 (2007), 16B (1997)."""
    return {Edition.L2017: "16D2", Edition.L2007: "16C2", Edition.L1997: "16B"}[edition]


def artificial_law(edition: Edition) -> str:
    """Artificial adjusted score: 12C2 (2017, 2007), 12C1 (1997)."""
    return "12C1" if edition is Edition.L1997 else "12C2"


@dataclass(frozen=True, slots=True)
class FoundFaced(Pending):
    """Cards of the offender (their holder) seen face up before his side's auction began."""

    cards: tuple[Card, ...]
    seen_by: tuple[Seat, ...]
    before_any_call: bool

    @property
    def viewers(self) -> tuple[Seat, ...]:
        """Those who saw the cards, the holder left out."""
        return tuple(s for s in self.seen_by if s != self.offender)


@detector(CardFoundFaced, order=10)
def detect(state: TableState, event: CardFoundFaced) -> TableState | None:
    if state.auction_over or any(ac.seat.side == event.seat.side for ac in state.calls):
        raise IllegalPlayError(f"{name(event.seat)}'s side has already called: a card exposed now is ruled under "
                               "Law 24 (exposed during the auction)", law="24")
    if not event.cards:
        raise IllegalPlayError("no card named", law=other_sources(event.laws))
    if state.deal is not None:
        for card in event.cards:
            if card not in state.deal[event.seat].cards:
                raise IllegalPlayError(f"{card.symbol} is not in {name(event.seat)}'s hand",
                                       law=other_sources(event.laws))
    return state.but(pending=FoundFaced(event.seat, event.laws, event.cards, tuple(dict.fromkeys(event.seen_by)),
                                        not state.calls))


def _options(stage: FoundFaced) -> tuple[Option, ...]:
    o, ed = stage.offender, stage.edition
    cards = ", ".join(c.symbol for c in stage.cards)
    viewers = stage.viewers
    if not viewers:
        return (Option("proceed", "put the cards back", f"nobody but {name(o)} saw {cards}: they go back into the "
                       f"hand and the board is played normally (Law {other_sources(ed)})", other_sources(ed)),)
    who = " and ".join(name(v) for v in viewers)
    law = clause(ed)
    options = []
    if stage.before_any_call and viewers == (o.partner,):
        options.append(Option("positions", "change seats", f"{name(o)} and {name(o.partner)} change seats, so "
                              f"that {name(o.partner)}, who saw {cards}, holds that hand himself; the board is "
                              f"then played normally (Law {law}(a))", f"{law}(a)"))
    if stage.before_any_call:
        options.append(Option("redeal", "redeal the board", f"the board is redealt for these four players and "
                              f"they play the new deal, where the form of contest and its scoring allow it "
                              f"(Law {law}(b))", f"{law}(b)"))
    options.append(Option("play", "play the board", f"the board is played; {cards} {_verb(stage)} unauthorised "
                          f"information to {who}; if the director judges that it affected the result he adjusts "
                          f"the score (Law {law}(c))", f"{law}(c)"))
    options.append(Option("artificial", "artificial adjusted score", "the board is not played: the director "
                          f"awards an artificial adjusted score, by fault (Laws {law}(d), {artificial_law(ed)})",
                          f"{law}(d)"))
    return tuple(options)


def _verb(stage: FoundFaced) -> str:
    return "are" if len(stage.cards) > 1 else "is"


@describe.register
def _describe(stage: FoundFaced, state: TableState) -> Ruling:
    o = stage.offender
    cards = ", ".join(c.symbol for c in stage.cards)
    options = _options(stage)
    seen = (f", seen by {' and '.join(name(v) for v in stage.viewers)}" if stage.viewers else "")
    lines = "\n".join(f"{i}. {opt.label}: {opt.consequence}." for i, opt in enumerate(options, 1))
    text = (f"{cards} of {name(o)}'s hand {_verb(stage)} found face up before the auction began for "
            f"{name(o)}'s side{seen}. This is not Law 24: it is information from another source "
            f"(Law {other_sources(stage.edition)}). Director's choice:\n{lines}")
    return Ruling(NAME, other_sources(stage.edition), stage.edition, o, None, options, (), text)


@resolve.register
def _resolve(stage: FoundFaced, state: TableState, event: Event) -> TableState:
    keys = {opt.key for opt in _options(stage)}
    if not (isinstance(event, Choice) and event.option in keys):
        raise refuse(_describe(stage, state), event)
    o, ed, law = stage.offender, stage.edition, clause(stage.edition)
    cards = ", ".join(c.symbol for c in stage.cards)
    s = state
    if event.option == "play":
        for viewer in stage.viewers:
            s = unauthorised(s, viewer, f"{name(o)}'s {cards} seen face up before the auction",
                             other_sources(ed))
            s = flag(s, f"{law}(c)", viewer, f"{name(viewer)} saw {name(o)}'s {cards} before the auction: adjust if "
                     "that information affected the result")
        outcome = "board played; " + (f"the information is unauthorised to {' and '.join(map(name, stage.viewers))}"
                                      if stage.viewers else "cards put back")
    elif event.option == "artificial":
        s = flag(s, artificial_law(ed), o, f"{name(o)}'s {cards} seen face up before the auction: the board is not "
                 f"played; artificial adjusted score (Law {law}(d))")
        outcome = "artificial adjusted score"
    elif event.option == "redeal":
        s = flag(s, f"{law}(b)", o, "board to be redealt for these contestants")
        outcome = "board redealt for these contestants"
    elif event.option == "positions":
        outcome = f"{name(o)} and {name(o.partner)} changed seats"
    else:
        outcome = "cards put back; no rectification"
    return record(s, other_sources(ed) if event.option == "proceed" else law, NAME, o, outcome, ed)
