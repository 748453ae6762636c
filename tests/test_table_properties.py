"""Properties of the engine under random event logs, legal and illegal."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_director.engine import Table, replay
from bridge_director.engine.log import dumps, loads
from bridge_director.laws.pending import describe
from bridge_director.model import Auction, Seat
from bridge_director.table.state import TableState
from tablekit import random_walk


def _valid(state: TableState) -> bool:
    """Either a ruling is pending (and can be described) or the standing auction is a legal one."""
    if state.pending is not None:
        return describe(state.pending, state).text != ""
    return state.phase in ("auction", "play", "passed out")


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_random_logs_replay_without_crashing_and_deterministically(seed: int) -> None:
    t, _ = random_walk(seed)
    assert _valid(t.state)
    again = replay(t.log, t.start)
    assert again == t.state
    assert loads(dumps(t)).state == t.state


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=1, max_value=16))
def test_legal_auction_never_produces_a_ruling(seed: int, board: int) -> None:
    import random
    rnd = random.Random(seed)
    t = Table(board)
    auction = Auction(t.state.dealer)
    while not auction.complete:
        calls = auction.legal_calls()
        call = rnd.choice(calls) if rnd.random() < 0.3 else calls[0]
        auction = auction.add(call)
        t.call(auction.seat_of(len(auction.calls) - 1), call)
        assert t.state.pending is None
    assert t.state.auction_over and not t.state.records
    assert t.state.contract() == auction.contract()


def test_random_walks_reach_every_kind_of_ruling() -> None:
    kinds = set()
    wrong_board_cards = 0
    for seed in range(300):
        _, seen = random_walk(seed)
        kinds |= {r.law for r in seen}
        wrong_board_cards += sum("holds cards from a wrong board" in r.text for r in seen)
    assert wrong_board_cards  # a card exposed that is not in the deal of this board (17D; 2017 15A)
    assert {"27", "29", "36", "37", "38", "39", "24", "25", "26B", "16B", "21B"} <= kinds
    assert kinds & {"15A1", "17D1", "15A2", "17D2"}  # calls on cards from a wrong board (17D; 2017 15A)


def test_random_walks_answer_the_suits_questions() -> None:
    """The Law 26 judgements (specified_suits / legal_suits) are asked and answered in random logs too."""
    from bridge_director.laws.law26 import SuitsQuestion
    seen = 0
    for seed in range(300):
        t, _ = random_walk(seed)
        state = t.state
        while state is not None:
            seen += isinstance(state.pending, SuitsQuestion)
            state = state.previous
    assert seen > 0


_ = Seat
