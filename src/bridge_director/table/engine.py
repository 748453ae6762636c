"""The engine: one ``singledispatch`` function applies an event to a state; ``replay`` is a fold.

The law modules plug into ``registry``; importing ``bridge_director.engine`` installs them (``laws.MODULES``).

>>> from bridge_director.engine import describe  # the law modules, installed
>>> from bridge_director.model import Call
>>> log = [CallMade(Seat.NORTH, Call.parse(c)) for c in ("1H",)] + [CallMade(Seat.EAST, Call.parse("1C"))]
>>> state = replay(log, TableState(Seat.NORTH, Vulnerability.NONE))
>>> state.phase, describe(state.pending, state).law
('ruling', '27')
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce, singledispatch

from ..errors import BridgeError, IllegalCallError
from ..model import Call, Seat, Vulnerability
from .edition import Edition
from .events import (
    BidAboveSeven,
    CallChanged,
    CallMade,
    CardExposed,
    CardFoundFaced,
    Choice,
    DirectorReview,
    Event,
    Explanation,
    ExplanationCorrected,
    Hesitation,
    ImproperDouble,
    Judgement,
    PsycheReported,
    Remark,
    ReviewRequested,
    Undo,
    WrongBoard,
)
from .registry import AFTER_CALL, AFTER_EVENT, INSTALLED, detect, resolve
from .state import AuctionCall, Bar, TableState

__all__ = ["append_call", "apply", "handle", "legal_call", "replay"]

#: the bars that last one turn of the barred seat
ONE_TURN = (Bar.PASS_ONCE, Bar.NO_DOUBLE_ONCE, Bar.REPEAT)


def apply(state: TableState, event: Event) -> TableState:
    """The state after ``event``.  Raises a ``BridgeError`` (naming the law) only for an impossible event."""
    if not INSTALLED:
        raise BridgeError("no law module is installed: import bridge_director.engine, which installs laws.MODULES")
    if isinstance(event, Undo):
        if state.previous is None:
            raise IllegalCallError("there is nothing to undo", law="17")
        return state.previous
    new = handle(event, state)
    for hook in AFTER_EVENT:
        new = hook(new)
    return new.but(events=state.events + 1, previous=state)


def append_call(state: TableState, seat: Seat, call: Call) -> TableState:
    """Record a call that stands; the bars that last one turn for ``seat`` are used up."""
    restrictions = tuple(r for r in state.restrictions if not (r.seat == seat and r.bar in ONE_TURN))
    return state.but(calls=(*state.calls, AuctionCall(seat, call)), restrictions=restrictions)


def legal_call(state: TableState, seat: Seat, call: Call, edition: Edition) -> TableState:
    """A call that stands after all checks: record it, then let the laws watching for it judge it."""
    state = append_call(state, seat, call)
    for hook in AFTER_CALL:
        state = hook(state, seat, call, edition)
    return state


@singledispatch
def handle(event: Event, state: TableState) -> TableState:
    """Per-event-type transition (extension point: ``handle.register(NewEvent)``)."""
    if state.pending is not None:
        return resolve(state.pending, state, event)
    found = detect(state, event)
    if found is None:
        raise BridgeError(f"no law module handles {type(event).__name__} here")
    return found


@handle.register
def _call(event: CallMade, state: TableState) -> TableState:
    if state.pending is not None:
        return resolve(state.pending, state, event)
    found = detect(state, event)
    return found if found is not None else legal_call(state, event.seat, event.call, event.laws)


@handle.register(Choice)
@handle.register(Judgement)
def _decision(event: Event, state: TableState) -> TableState:
    if state.pending is None:
        raise IllegalCallError("no ruling is pending", law="81C")
    return resolve(state.pending, state, event)


for _kind in (BidAboveSeven, CallChanged, CardExposed, WrongBoard, ReviewRequested, ExplanationCorrected,
              CardFoundFaced, ImproperDouble, Hesitation, Explanation, Remark, PsycheReported, DirectorReview):
    handle.register(_kind, handle.dispatch(Event))


def replay(events: Iterable[Event], start: TableState | None = None) -> TableState:
    """Fold the log over the starting state; an impossible event is reported with its position."""
    state = start if start is not None else TableState(Seat.NORTH, Vulnerability.NONE)
    for i, event in enumerate(events, 1):
        try:
            state = apply(state, event)
        except BridgeError as err:
            raise type(err)(f"event {i}: {err.message}", law=err.law, field=err.field, line=err.line) from None
    return state


def fold(events: Iterable[Event], start: TableState) -> TableState:
    """``replay`` without position reporting: the bare fold."""
    return reduce(apply, events, start)
