"""Helpers for the play-period tests: a table at the end of the auction, cards played by their holder."""

from __future__ import annotations

from bridge_director.engine import Table
from bridge_director.model import Card, Seat
from bridge_director.table.play import CardPlayed, ClaimMade

# N: ♠432 ♥AKQ2 ♦5432 ♣32   E: ♠5 ♥JT98 ♦AKQ ♣AKQJT   S: ♠AKQJT9 ♥3 ♦JT9 ♣987   W: ♠876 ♥7654 ♦876 ♣654
DEAL = "N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654"
# The foundation's example deal: every hand 4-3-3-3.
FLAT = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def table(auction: str = "P P 1S P P P", deal: str = DEAL, dealer: str = "N", laws: str = "2017",
          vul: str = "None") -> Table:
    """A table whose auction (legal, in turn) is over; default 1♠ by South, West to lead."""
    t = Table(None, dealer=dealer, vulnerability=vul, deal=deal, laws=laws)
    t.auction(auction)
    return t


def holder(t: Table, card: Card) -> Seat:
    assert t.state.deal is not None
    seat = t.state.deal.holder(card)
    assert seat is not None
    return seat


def play(t: Table, cards: str, laws: str | None = None) -> None:
    """Play each card of ``cards`` from the hand that was dealt it (in turn or not)."""
    from bridge_director.table.edition import Edition
    edition = Edition.parse(laws) if laws else t.laws
    for text in cards.split():
        card = Card.parse(text)
        t.do(CardPlayed(holder(t, card), card, edition))


def play_out(t: Table) -> None:
    """Finish the play with the lowest legal card of each player in turn (no ruling may be pending)."""
    while t.state.pending is None and t.state.play is not None and not t.state.play.finished:
        p = t.state.play
        t.do(CardPlayed(p.next_seat, min(p.legal_cards())))


def claim(t: Table, seat: str, tricks: int, statement: str = "") -> None:
    t.do(ClaimMade(Seat.parse(seat), tricks, statement, t.laws))


def options(t: Table) -> list[str]:
    assert t.ruling is not None
    return [o.key for o in t.ruling.options]
