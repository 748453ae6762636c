"""A board at the table as an event log folded into a frozen state (see docs/table-log.md, docs/laws.md)."""

from .api import Operation, Table
from .engine import apply, replay
from .events import BidAboveSeven, CallChanged, CallMade, CardExposed, Choice, Event, Judgement, Undo
from .state import TableState

__all__ = ["BidAboveSeven", "CallChanged", "CallMade", "CardExposed", "Choice", "Event", "Judgement",
           "Operation", "Table", "TableState", "Undo", "apply", "replay"]
