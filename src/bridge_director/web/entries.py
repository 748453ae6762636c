"""From what the director entered (a form or JSON) to the table engine's events.

>>> from bridge_director.model import Seat, Vulnerability
>>> from bridge_director.table.state import TableState
>>> to_event(EntryIn(kind="call", call="1h"), TableState(Seat.EAST, Vulnerability.NONE))
CallMade(seat=Seat.EAST, call=Bid(1, Strain.HEARTS), laws=<Edition.L2017: '2017'>)
"""

from __future__ import annotations

from ..errors import BridgeError, ParseError
from ..laws.ruling import Edition
from ..model import Call, Card, Seat, Strain
from ..table.events import BidAboveSeven, CallChanged, CallMade, CardExposed, Choice, Event, Judgement, Undo
from ..table.play import CardPlayed, ClaimMade, RevokeCorrected, TricksAdjusted
from ..table.state import TableState
from .schemas import EntryIn


def _need(value: str | None, name: str) -> str:
    if value is None or not value.strip():
        raise ParseError(f"this entry needs a {name}", field=name)
    return value.strip()


def _seat(entry: EntryIn, state: TableState) -> Seat:
    """The seat entered, else the caller a pending ruling waits for, else the seat in turn."""
    if entry.seat and entry.seat.strip():
        return Seat.parse(entry.seat)
    return state.next_seat


def to_event(entry: EntryIn, state: TableState) -> Event:
    """The event for ``entry`` on ``state``; a ParseError names the field that cannot be read."""
    laws: Edition = state.laws
    if entry.kind == "call":
        return CallMade(_seat(entry, state), Call.parse(_need(entry.call, "call")), laws)
    if entry.kind == "change":
        return CallChanged(_seat(entry, state), Call.parse(_need(entry.call, "call")), laws)
    if entry.kind == "choice":
        seat = Seat.parse(entry.seat) if entry.seat else None
        return Choice(_need(entry.option, "option"), seat)
    if entry.kind == "judgement":
        return Judgement(_need(entry.question, "question"), _need(entry.answer, "answer"))
    if entry.kind == "expose":
        cards = tuple(Card.parse(text) for text in _need(entry.cards, "cards").replace(",", " ").split())
        return CardExposed(_seat(entry, state), cards, entry.led, laws)
    if entry.kind == "above_seven":
        if entry.level is None:
            raise ParseError("a bid above seven needs its level (8 or more)", field="level")
        return BidAboveSeven(_seat(entry, state), entry.level, Strain.parse(_need(entry.strain, "strain")), laws)
    if entry.kind == "undo":
        return Undo()
    if entry.kind == "play":
        card = Card.parse(_need(entry.card, "card"))
        if entry.seat and entry.seat.strip():
            return CardPlayed(Seat.parse(entry.seat), card, laws)
        if state.play is None:
            raise ParseError("a card is played after the auction", field="card")
        return CardPlayed(state.play.next_seat, card, laws)
    return _play_event(entry, state)


def _play_event(entry: EntryIn, state: TableState) -> Event:
    """A claim (the claimer defaults to declarer), a revoke corrected, or the tricks the director enters."""
    laws: Edition = state.laws
    if entry.kind == "claim":
        if entry.tricks is None:
            raise ParseError("a claim needs the number of tricks claimed", field="tricks")
        if entry.seat and entry.seat.strip():
            seat = Seat.parse(entry.seat)
        elif state.play is not None:
            seat = state.play.contract.declarer
        else:
            raise ParseError("a claim is made during the play", field="seat")
        return ClaimMade(seat, entry.tricks, (entry.statement or "").strip(), laws)
    if entry.kind == "revoke_corrected":
        return RevokeCorrected(Seat.parse(_need(entry.seat, "seat")), Card.parse(_need(entry.card, "card")), laws)
    if entry.kind == "tricks":
        if entry.tricks is None:
            raise ParseError("enter the tricks declarer is credited with (0 to 13)", field="tricks")
        return TricksAdjusted(entry.tricks, _need(entry.law, "law"), (entry.statement or "").strip())
    raise BridgeError(f"unknown entry kind {entry.kind!r}", field="kind")


def describe_event(event: Event) -> str:
    """One line of the log, in the words of the table."""
    if isinstance(event, CallMade):
        return f"{event.seat.name.title()}: {event.call}"
    if isinstance(event, CallChanged):
        return f"{event.seat.name.title()} changes the call to {event.call}"
    if isinstance(event, Choice):
        who = f"{event.seat.name.title()} chooses" if event.seat is not None else "Chosen"
        return f"{who}: {event.option}"
    if isinstance(event, Judgement):
        return f"Director judges {event.question}: {event.answer}"
    if isinstance(event, CardExposed):
        how = "leads" if event.led else "exposes"
        return f"{event.seat.name.title()} {how} {' '.join(c.symbol for c in event.cards)}"
    if isinstance(event, BidAboveSeven):
        return f"{event.seat.name.title()}: {event.level}{event.strain.letter} (above seven)"
    if isinstance(event, Undo):
        return "Undo"
    if isinstance(event, CardPlayed):
        return f"{event.seat.name.title()} plays {event.card.symbol}"
    if isinstance(event, ClaimMade):
        said = f": \"{event.statement}\"" if event.statement else " (no statement)"
        return f"{event.seat.name.title()} claims {event.tricks} of the remaining tricks{said}"
    if isinstance(event, RevokeCorrected):
        return f"{event.seat.name.title()} corrects the revoke with {event.card.symbol}"
    if isinstance(event, TricksAdjusted):
        why = f" ({event.reason})" if event.reason else ""
        return f"Director credits declarer with {event.declarer_tricks} tricks, Law {event.law}{why}"
    return type(event).__name__
