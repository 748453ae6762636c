"""Hypothesis strategies for the bridge model, shared by the test modules."""

from __future__ import annotations

from hypothesis import strategies as st

from bridge_director.model import FULL_DECK, Auction, Bid, Call, Card, Contract, Deal, Hand, Play, Seat
from bridge_director.model.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE

cards = st.sampled_from(FULL_DECK)
seats = st.sampled_from(list(Seat))
calls: st.SearchStrategy[Call] = st.sampled_from([PASS, DOUBLE, REDOUBLE, *ALL_BIDS])
bids: st.SearchStrategy[Bid] = st.sampled_from(ALL_BIDS)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    """A random complete deal."""
    order = draw(st.permutations(FULL_DECK))
    return Deal(tuple(Hand(frozenset(order[i * 13:(i + 1) * 13])) for i in range(4)))  # type: ignore[arg-type]


@st.composite
def legal_auctions(draw: st.DrawFn, dealer: Seat | None = None) -> Auction:
    """A random legal, complete auction: passes are likely so it ends."""
    auction = Auction(draw(seats) if dealer is None else dealer)
    while not auction.complete:
        legal = auction.legal_calls()
        others = legal[1:]
        if others and draw(st.integers(0, 9)) >= 6:
            # bias towards low bids so that auctions have some length
            call = others[draw(st.integers(0, min(len(others) - 1, 6)))]
        else:
            call = PASS
        auction = auction.add(call)
    return auction


@st.composite
def legal_plays(draw: st.DrawFn) -> tuple[Deal, Contract, list[Card]]:
    """A deal, a contract and a random legal play of all 52 cards."""
    deal = draw(deals())
    auction = draw(legal_auctions().filter(lambda a: not a.passed_out))
    contract = auction.contract()
    assert contract is not None
    play = Play.start(deal, contract)
    played: list[Card] = []
    while not play.finished:
        card = draw(st.sampled_from(play.legal_cards()))
        play = play.add(card)
        played.append(card)
    return deal, contract, played
