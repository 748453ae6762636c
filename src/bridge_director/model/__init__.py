"""The bridge model: seats, cards, calls, deals, auctions, contracts and play."""

from .auction import Auction
from .board import Board, BoardResult
from .calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Pass, Redouble, Strain
from .cards import FULL_DECK, Card, Rank, Suit
from .contract import Contract, Doubling, contract_score
from .deal import Deal, Hand
from .play import Claim, Play, Trick
from .seat import Seat, Side, Vulnerability, board_dealer, board_vulnerability

__all__ = [
    "DOUBLE", "FULL_DECK", "PASS", "REDOUBLE", "Auction", "Bid", "Board", "BoardResult", "Call", "Card",
    "Claim", "Contract", "Deal", "Double", "Doubling", "Hand", "Pass", "Play", "Rank", "Redouble", "Seat",
    "Side", "Strain", "Suit", "Trick", "Vulnerability", "board_dealer", "board_vulnerability", "contract_score",
]
