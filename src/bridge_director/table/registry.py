"""The extension points of the table's fold.  A law module plugs in here and nowhere else.

A module *declares* its detectors and hooks with the decorators below; they take effect only when the module is
named in the one list of law modules (``laws.MODULES``), which ``install`` activates in its order — so the order in
which detectors and hooks run is written down in one place, not left to the order of imports.  Importing
``bridge_director.engine`` (or the ``laws`` package) installs that list.

* ``detector(order)`` registers ``f(state, event) -> TableState | None`` for a kind of event:
  return a new state (usually with a pending irregularity) if the event is that law's irregularity,
  or None to let the next detector look.  Lower ``order`` looks first.
* ``describe.register(StageType)`` turns a pending stage into what the director reads (the laws' ``Ruling``;
  ``laws.pending.describe`` is this function typed so).
* ``resolve.register(StageType)`` takes the event offered while the stage is pending (a choice, a
  judgement, a call) and returns the next state, or raises ``IllegalCallError`` naming the law.
* ``after_call(f)`` registers ``f(state, seat, call, edition) -> TableState`` run after every call that
  stands (e.g. to judge a replacement of a withdrawn call).
* ``after_event(f)`` registers ``f(state) -> TableState`` run by the engine after every event (e.g. to ask
  the director a question once the auction is over and nothing else is pending).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import singledispatch
from types import ModuleType
from typing import Any, TypeVar

from ..model import Call, Seat
from .edition import Edition
from .events import Event
from .state import Pending, TableState

Detector = Callable[[TableState, Event], "TableState | None"]
AfterCall = Callable[[TableState, Seat, Call, Edition], TableState]
AfterEvent = Callable[[TableState], TableState]
E = TypeVar("E", bound=Event)

_DETECTORS: dict[type[Event], list[tuple[int, Detector]]] = {}
AFTER_CALL: list[AfterCall] = []
AFTER_EVENT: list[AfterEvent] = []
#: what each module declared, by module name: (kind, event type or None, order, function)
_DECLARED: dict[str, list[tuple[str, type[Event] | None, int, Callable[..., Any]]]] = {}
INSTALLED: list[str] = []


def _declare(kind: str, event_type: type[Event] | None, order: int, f: Callable[..., Any]) -> None:
    _DECLARED.setdefault(f.__module__, []).append((kind, event_type, order, f))


def install(modules: Sequence[ModuleType]) -> None:
    """Activate the detectors and hooks of ``modules``, hooks in the order of the list (``laws.MODULES``)."""
    _DETECTORS.clear()
    AFTER_CALL.clear()
    AFTER_EVENT.clear()
    INSTALLED.clear()
    for module in modules:
        INSTALLED.append(module.__name__)
        for kind, event_type, order, f in _DECLARED.get(module.__name__, ()):
            if kind == "detector" and event_type is not None:
                _DETECTORS.setdefault(event_type, []).append((order, f))
            elif kind == "after_call":
                AFTER_CALL.append(f)
            elif kind == "after_event":
                AFTER_EVENT.append(f)
    for found in _DETECTORS.values():
        found.sort(key=lambda pair: pair[0])  # stable: equal orders keep the list's order


def detector(event_type: type[E], order: int) -> Callable[[Callable[[TableState, E], TableState | None]],
                                                          Callable[[TableState, E], TableState | None]]:
    """Declare a detector for ``event_type``; detectors run by ascending ``order``."""
    def deco(f: Callable[[TableState, E], TableState | None]) -> Callable[[TableState, E], TableState | None]:
        _declare("detector", event_type, order, f)
        return f
    return deco


def detect(state: TableState, event: Event) -> TableState | None:
    """The state after the first detector that recognises ``event`` as an irregularity, or None."""
    for _order, f in _DETECTORS.get(type(event), ()):
        result = f(state, event)
        if result is not None:
            return result
    return None


def after_call(f: AfterCall) -> AfterCall:
    _declare("after_call", None, 0, f)
    return f


def after_event(f: AfterEvent) -> AfterEvent:
    _declare("after_event", None, 0, f)
    return f


@singledispatch
def describe(pending: Pending, state: TableState) -> object:
    """What the director reads for a pending stage: the ruling a law module gives it."""
    raise NotImplementedError(f"no law module describes {type(pending).__name__}")


@singledispatch
def resolve(pending: Pending, state: TableState, event: Event) -> TableState:
    """The state after ``event`` is offered while ``pending`` awaits a ruling."""
    raise NotImplementedError(f"no law module resolves {type(pending).__name__}")


def what(event: Event | str) -> str:
    """An event in words, for refusals."""
    if isinstance(event, str):
        return event
    seat = getattr(event, "seat", None)
    by = f" by {seat.name.title()}" if seat is not None else ""
    if hasattr(event, "call"):
        return f"{event.call}{by}"
    if hasattr(event, "option"):
        return f"the choice '{event.option}'{by}"
    if hasattr(event, "question"):
        return f"the judgement '{event.question}: {getattr(event, 'answer', '')}'"
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", type(event).__name__).lower()  # CardExposed -> card exposed
    return f"a {words}{by}"
