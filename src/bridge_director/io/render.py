"""Plain-text rendering of a board: hand diagram, auction table, play by tricks, contract and score.

>>> from bridge_director.model import Call, Claim, Deal
>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> board = Board(number=3, deal=deal, calls=tuple(Call.parse(c) for c in "1NT P P P".split()),
...               claim=Claim(Seat.SOUTH, 7))
>>> print(render_auction(board))
West  North East  South
                  1NT
Pass  Pass  Pass
>>> print(render_result(board.replay()))
1NT by S, 7 tricks (=): NS +90
"""

from __future__ import annotations

from ..errors import BridgeError
from ..model.auction import Auction
from ..model.board import Board, BoardResult
from ..model.cards import Suit
from ..model.contract import Contract
from ..model.deal import Hand
from ..model.play import Trick
from ..model.seat import Seat

_SUITS_DOWN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_COLUMNS = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)


def _suit_lines(hand: Hand) -> list[str]:
    if not len(hand):
        return ["(unknown)", "", "", ""]
    return [f"{s.symbol} " + ("".join(c.rank.char for c in hand.holding(s)) or "-") for s in _SUITS_DOWN]


def render_diagram(board: Board) -> str:
    """The four hands, North at the top, with board number, dealer and vulnerability."""
    head = [f"Board {board.number}" if board.number is not None else "Board",
            f"Dealer {board.the_dealer.name.title()}", f"Vul {board.the_vulnerability.value}"]
    north, south = _suit_lines(board.deal[Seat.NORTH]), _suit_lines(board.deal[Seat.SOUTH])
    west, east = _suit_lines(board.deal[Seat.WEST]), _suit_lines(board.deal[Seat.EAST])
    pad = " " * 14
    lines = ["   ".join(head)]
    lines += [(pad + text).rstrip() for text in north]
    lines += [f"{w:<28}{e}".rstrip() for w, e in zip(west, east, strict=True)]
    lines += [(pad + text).rstrip() for text in south]
    return "\n".join(lines)


def render_auction(board: Board) -> str:
    """The auction in four columns West, North, East, South; noted calls get a number, notes follow."""
    cells = [""] * _COLUMNS.index(board.the_dealer)
    notes: list[str] = []
    for i, call in enumerate(board.calls):
        text = str(call)
        if i in board.notes:
            notes.append(f"({len(notes) + 1}) {board.notes[i]}")
            text += f"({len(notes)})"
        cells.append(text)
    if not board.calls:
        return "(no auction recorded)"
    width = max(6, *(len(c) + 1 for c in cells))  # a noted call such as 2NT(1) keeps a space after it
    rows = ["".join(f"{name:<{width}}" for name in ("West", "North", "East", "South")).rstrip()]
    for start in range(0, len(cells), 4):
        rows.append("".join(f"{c:<{width}}" for c in cells[start:start + 4]).rstrip())
    return "\n".join(rows + notes)


def playing_contract(board: Board) -> Contract | None:
    """The contract from the auction if it ended, else the recorded one."""
    if board.calls:
        auction = Auction(board.the_dealer, board.calls)
        if auction.complete:
            return auction.contract()
    return board.recorded_contract


def render_play(board: Board, contract: Contract | None = None) -> str:
    """The play by tricks: leader, the cards in the order played, and the winner of each trick."""
    contract = contract or playing_contract(board)
    if not board.cards or contract is None:
        return "(no play recorded)"
    trump = contract.strain.suit
    leader = contract.opening_leader
    rows = ["Trick Lead  Cards             Won by"]
    for n, start in enumerate(range(0, len(board.cards), 4), start=1):
        trick = Trick(leader, tuple(board.cards[start:start + 4]))
        cards = " ".join(c.symbol for c in trick.cards)
        won = trick.winner(trump).name.title() if trick.complete else ""
        rows.append(f"{n:>5} {leader.name.title():<5} {cards:<17} {won}".rstrip())
        if trick.complete:
            leader = trick.winner(trump)
    if board.claim is not None:
        rows.append(f"Claim by {board.claim.claimer.name.title()}: {board.claim.tricks} of the remaining tricks")
    return "\n".join(rows)


def render_result(result: BoardResult) -> str:
    """Contract, tricks and score from North-South's side (Law 77)."""
    if not result.known:
        return "No result recorded"
    if result.contract is None:
        return "Passed out: NS 0"
    contract = result.contract
    text = f"{contract.level}{contract.strain.letter}{contract.doubling.suffix} by {contract.declarer.letter}"
    return (f"{text}, {result.declarer_tricks} tricks ({contract.result_text(result.declarer_tricks)}): "
            f"NS {result.score_ns:+d}")


def render_board(board: Board) -> str:
    """Diagram, auction, play and result; a board that does not replay shows its first problem."""
    parts = [render_diagram(board), "", render_auction(board), "", render_play(board), ""]
    try:
        parts.append(render_result(board.replay()))
    except BridgeError as err:
        parts.append(f"Problem: {err}")
    return "\n".join(parts)
