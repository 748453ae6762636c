"""Write→read keeps deal, auction and play identical on generated boards (random legal auction and play)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_director.io import PbnGame, read_pbn, write_pbn
from bridge_director.model import Claim, Play
from bridge_director.model.board import Board

from strategies import deals, legal_auctions, seats


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A random board: deal, legal auction, and a legal play of random length ended by a claim."""
    deal = draw(deals())
    number = draw(st.integers(1, 64))
    dealer = draw(seats)
    auction = draw(legal_auctions(dealer=dealer))
    contract = auction.contract()
    cards = []
    claim = None
    if contract is not None:
        play = Play.start(deal, contract)
        stop = draw(st.integers(0, 52))
        while len(cards) < stop:
            card = draw(st.sampled_from(play.legal_cards()))
            play = play.add(card)
            cards.append(card)
        if len(cards) < 52:
            left = 13 - len(play.completed_tricks)
            claim = Claim(contract.declarer, draw(st.integers(0, left)))
    notes = {i: "alert" for i in range(len(auction.calls)) if draw(st.booleans()) and i % 3 == 0}
    return Board(number, deal, auction.calls, tuple(cards), claim, dealer, notes=notes)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_write_read_keeps_deal_auction_play_and_score(board: Board) -> None:
    text = write_pbn([PbnGame.from_board(board)])
    back = read_pbn(text)
    assert not back.errors
    again = back.games[0].board()
    assert (again.number, again.deal, again.calls, again.cards, again.notes) == (
        board.number, board.deal, board.calls, board.cards, board.notes)
    assert again.the_dealer is board.the_dealer
    first, second = board.replay(), again.replay()
    assert (second.contract, second.declarer_tricks, second.score_ns) == (
        first.contract, first.declarer_tricks, first.score_ns)
