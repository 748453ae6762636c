"""A board's checked replay reports the first problem with its law; a clean board gives result and score."""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError, IllegalCallError, IllegalPlayError
from bridge_director.model import Board, Call, Card, Claim, Contract, Deal, Seat

DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def board(calls: str, cards: str = "", **kw: object) -> Board:
    return Board(number=1, deal=DEAL, calls=tuple(Call.parse(c) for c in calls.split()),
                 cards=tuple(Card.parse(c) for c in cards.split()), **kw)  # type: ignore[arg-type]


def test_law18_insufficient_bid_is_reported_with_call_number() -> None:
    with pytest.raises(IllegalCallError, match=r"call 3: 1C by South is insufficient") as info:
        board("1H P 1C P P P").replay()
    assert info.value.law == "18"


def test_law17D_unfinished_auction_is_reported() -> None:
    with pytest.raises(IllegalCallError) as info:
        board("1H P P").replay()
    assert info.value.law == "17D"


def test_law44C_revoke_is_reported_with_card_and_trick() -> None:
    # 1S by North: East leads a heart; South holds hearts but plays a spade.
    with pytest.raises(IllegalPlayError, match=r"card 2 \(trick 1\): South plays ♠7 but holds hearts") as info:
        board("1S P P P", "H7 S7").replay()
    assert info.value.law == "44C"


def test_law45_card_not_held_is_reported() -> None:
    with pytest.raises(IllegalPlayError, match="not in East's hand") as info:
        board("1S P P P", "SA").replay()
    assert info.value.law == "45"


def test_recorded_result_must_match_the_play() -> None:
    with pytest.raises(BridgeError, match="record says 9") as info:
        board("1S P P P", claim=Claim(Seat.NORTH, 13), recorded_tricks=9).replay()
    assert info.value.field == "Result"


def test_claim_after_some_tricks_gives_the_rest() -> None:
    # East leads a heart and West wins it with the ace; declarer claims ten of the last twelve.
    result = board("1S P P P", "H7 H4 HA H8", claim=Claim(Seat.NORTH, 10)).replay()
    assert result.play is not None and len(result.play.completed_tricks) == 1
    assert result.declarer_tricks == 10
    assert result.contract == Contract.parse("1S", Seat.NORTH)
    assert result.score_ns == 170


def test_passed_out_board_scores_zero() -> None:
    result = board("P P P P").replay()
    assert result.contract is None and result.score_ns == 0


def test_cards_on_a_passed_out_board_are_refused() -> None:
    with pytest.raises(IllegalPlayError) as info:
        board("P P P P", "HA").replay()
    assert info.value.law == "22A"
