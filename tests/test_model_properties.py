"""Properties of the model: auctions end, play makes 13 tricks, text forms round-trip."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_director.model import (  # noqa: F401 (names used by eval of reprs)
    Auction,
    Bid,
    Call,
    Card,
    Contract,
    Deal,
    Double,
    Pass,
    Play,
    Redouble,
    Seat,
    Strain,
    Vulnerability,
)
from bridge_director.model.calls import ALL_BIDS

from strategies import calls, cards, deals, legal_auctions, legal_plays, seats


@given(legal_auctions())
def test_law22_random_legal_auction_ends_in_contract_or_pass_out(auction: Auction) -> None:
    contract = auction.contract()
    assert auction.complete
    assert (contract is None) == auction.passed_out
    if contract is not None:
        last = auction.last_bid
        assert last is not None and (contract.level, contract.strain) == (last.level, last.strain)
        assert contract.declarer.side == auction.seat_of(auction.last_bid_index() or 0).side


@given(legal_auctions())
def test_auction_text_round_trips(auction: Auction) -> None:
    assert Auction.parse(auction.dealer, str(auction)) == auction
    assert eval(repr(auction)) == auction


@settings(max_examples=60, deadline=None)
@given(legal_plays())
def test_law44_legal_play_makes_13_tricks_and_a_consistent_score(case: tuple[Deal, Contract, list[Card]]) -> None:
    deal, contract, played = case
    play = Play.start(deal, contract)
    for card in played:
        play = play.add(card)
    assert play.finished and len(played) == 52 and len(play.tricks) == 13
    declarer = play.declarer_tricks
    assert declarer + play.tricks_won(contract.side.other) == 13
    score = contract.score_ns(declarer, Vulnerability.BOTH)
    made = declarer >= contract.level + 6
    assert (score > 0) == (made == (contract.declarer in (Seat.NORTH, Seat.SOUTH)))
    # every trick was led by the winner of the previous one
    for before, after in zip(play.tricks, play.tricks[1:], strict=False):
        assert after.leader == before.winner(play.trump)


@given(calls)
def test_call_text_round_trips(call: Call) -> None:
    assert Call.parse(str(call)) == call
    assert eval(repr(call)) == call


@given(cards)
def test_card_text_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card == Card.parse(card.symbol)
    assert eval(repr(card)) == card


@given(deals(), seats)
def test_deal_pbn_round_trips_from_any_first_seat(deal: Deal, first: Seat) -> None:
    assert Deal.from_pbn(deal.to_pbn(first)) == deal
    assert eval(repr(deal)) == deal


def test_bids_are_ordered_by_rank() -> None:
    assert list(ALL_BIDS) == sorted(ALL_BIDS)
    assert [b.rank for b in ALL_BIDS] == list(range(35))


@settings(max_examples=40, deadline=None)
@given(legal_plays())
def test_checked_play_equals_the_fold_of_play_add(case: tuple[Deal, Contract, list[Card]]) -> None:
    from bridge_director.model.board import checked_play

    deal, contract, played = case
    for cut in (0, 1, 5, 52):
        play = Play.start(deal, contract)
        for card in played[:cut]:
            play = play.add(card)
        assert checked_play(deal, contract, tuple(played[:cut])) == play


@given(legal_auctions(), st.lists(calls, max_size=4))
def test_checked_auction_equals_the_fold_of_add(auction: Auction, extra: list[Call]) -> None:
    """``Auction.checked`` accepts and refuses exactly what folding ``Auction.add`` does, with the same law."""
    from bridge_director.errors import IllegalCallError

    calls = list(auction.calls[: len(auction.calls) // 2]) + extra
    folded: Auction | IllegalCallError = Auction(auction.dealer)
    try:
        for call in calls:
            folded = folded.add(call)  # type: ignore[union-attr]
    except IllegalCallError as err:
        folded = err
    try:
        checked: Auction | IllegalCallError = Auction.checked(auction.dealer, calls)
    except IllegalCallError as err:
        checked = err
    if isinstance(folded, IllegalCallError):
        assert isinstance(checked, IllegalCallError) and checked.law == folded.law
        assert folded.message in checked.message
    else:
        assert checked == folded
