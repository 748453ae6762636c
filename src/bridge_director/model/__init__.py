"""The bridge model: seats, cards, calls, deals, auctions, contracts and play; the bounded reading of numbers
(``numbers``) and the values regulations classify by (``regulation``).

The names below are loaded with their module on first use, so a reader that needs only ``model.numbers`` (the
traveller CSV of ``score event``) does not load the deal, the auction and the board.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .auction import Auction
    from .board import Board, BoardResult
    from .calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Pass, Redouble, Strain
    from .cards import FULL_DECK, Card, Rank, Suit
    from .contract import Contract, Doubling, contract_score
    from .deal import Deal, Hand
    from .play import Claim, Play, Trick
    from .seat import Seat, Side, Vulnerability, board_dealer, board_vulnerability

_WHERE = {
    "auction": ("Auction",),
    "board": ("Board", "BoardResult"),
    "calls": ("DOUBLE", "PASS", "REDOUBLE", "Bid", "Call", "Double", "Pass", "Redouble", "Strain"),
    "cards": ("FULL_DECK", "Card", "Rank", "Suit"),
    "contract": ("Contract", "Doubling", "contract_score"),
    "deal": ("Deal", "Hand"),
    "play": ("Claim", "Play", "Trick"),
    "seat": ("Seat", "Side", "Vulnerability", "board_dealer", "board_vulnerability"),
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}

__all__ = [
    "DOUBLE", "FULL_DECK", "PASS", "REDOUBLE", "Auction", "Bid", "Board", "BoardResult", "Call", "Card",
    "Claim", "Contract", "Deal", "Double", "Doubling", "Hand", "Pass", "Play", "Rank", "Redouble", "Seat",
    "Side", "Strain", "Suit", "Trick", "Vulnerability", "board_dealer", "board_vulnerability", "contract_score",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
