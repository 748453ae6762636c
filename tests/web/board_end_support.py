"""A board for the end-of-play tests: 1♠ by South, East ruffs the first heart lead (a revoke he wins)."""

from __future__ import annotations

from bridge_director.model import Card, Deal
from bridge_director.web.tables import Table, TableStore

# N: ♠432 ♥AKQ2 ♦5432 ♣32   E: ♠5 ♥JT98 ♦AKQ ♣AKQJT   S: ♠AKQJT9 ♥3 ♦JT9 ♣987   W: ♠876 ♥7654 ♦876 ♣654
DEAL = "N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654"
AUCTION = ("Pass", "Pass", "1S", "Pass", "Pass", "Pass")
REVOKE_TRICK = (("W", "H4"), ("N", "H2"), ("E", "S5"), ("S", "H3"))


def play_on(table: Table, cards: int = 52) -> None:
    """Play the lowest legal card of the hand in turn until ``cards`` cards are on the table, or the play ends."""
    from bridge_director.table.play import CardPlayed

    while table.state.play is not None and table.state.pending is None and not table.state.play.finished:
        play = table.state.play
        if sum(len(t.cards) for t in play.tricks) >= cards:
            return
        table.enter(CardPlayed(play.next_seat, play.legal_cards()[0], table.state.laws))


def opened(store: TableStore, *plays: tuple[str, str]) -> Table:
    """Board 1 with the deal, the auction made and ``plays`` entered."""
    from bridge_director.model import Call, Seat
    from bridge_director.table.events import CallMade
    from bridge_director.table.play import CardPlayed

    table = store.open(1, Deal.from_pbn(DEAL))
    for call in AUCTION:
        table.enter(CallMade(table.state.next_seat, Call.parse(call), table.state.laws))
    for seat, card in plays:
        table.enter(CardPlayed(Seat.parse(seat), Card.parse(card), table.state.laws))
    return table
