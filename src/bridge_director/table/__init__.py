"""A board at the table as an event log folded into a frozen state (see docs/table-log.md, docs/laws.md).

This package is the fold and its extension points: the events, the state, the engine that applies an event
(``engine``), the play period, and the registry the law modules plug into (``registry``).  It knows no law:
``bridge_director.engine`` installs the law modules and drives a table.
"""

from .edition import Edition
from .engine import apply, replay
from .events import BidAboveSeven, CallChanged, CallMade, CardExposed, Choice, Event, Judgement, Undo
from .state import TableState

__all__ = ["BidAboveSeven", "CallChanged", "CallMade", "CardExposed", "Choice", "Edition", "Event", "Judgement",
           "TableState", "Undo", "apply", "replay"]
