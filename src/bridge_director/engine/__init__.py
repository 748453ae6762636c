"""A board at a table, driven: the law modules installed into the table's fold, and what needs both.

Importing this package installs the one list of law modules (``laws.MODULES``) into the table's registry, so
whoever drives a table through here has every law in force.  ``Table`` (``api``) drives a board by verify / can /
do actions, ``log`` saves and loads its JSON table log, ``journal`` keeps every entry for the screen.
"""

from .. import laws  # noqa: F401  (installs laws.MODULES into table.registry)
from ..laws.pending import describe
from ..table import (
    BidAboveSeven,
    CallChanged,
    CallMade,
    CardExposed,
    Choice,
    Edition,
    Event,
    Judgement,
    TableState,
    Undo,
    apply,
    replay,
)
from .api import Operation, Table

__all__ = ["BidAboveSeven", "CallChanged", "CallMade", "CardExposed", "Choice", "Edition", "Event", "Judgement",
           "Operation", "Table", "TableState", "Undo", "apply", "describe", "replay"]
