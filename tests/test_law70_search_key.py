"""Law 70: the claim search's memo key (``claim_lines._Search.key``): two positions equal up to the ranks of the
cards gone meet in the memo, and no two other positions do (each is checked against a plain renumbering)."""

from __future__ import annotations

import random

import pytest

from bridge_director.laws import claim_lines
from bridge_director.laws.claim_lines import State, _relative, _Search, bits, index, legal, start_search
from bridge_director.laws.claim_text import read_statement
from bridge_director.model import Card, Rank, Suit
from claimkit import position, python_oracle


@pytest.fixture(autouse=True)
def _renumbered_afresh() -> None:
    """The renumberings are worked out here, not read from what an earlier test (or process) remembered."""
    claim_lines._RELATIVE.clear()


# ----- the memo key: positions equal up to the ranks of the cards gone meet, no two other positions do ---------------
def _renumbered(live: int, sub: int) -> int:
    """The cards of ``sub`` ranked among the ``live`` ones of their suit, the highest live card as the ace."""
    ranks = [r for r in range(12, -1, -1) if live >> r & 1]
    return sum(1 << (12 - ranks.index(r)) for r in ranks if sub >> r & 1)


@pytest.mark.parametrize("seed", range(40))
def test_70_the_renumbering_keeps_only_the_order_of_the_cards_left(seed: int) -> None:
    rnd = random.Random(seed)
    live = rnd.getrandbits(13) | (0x1FFF if seed % 5 == 0 else 0)  # a full suit now and then: the deuce stays a deuce
    sub = live & rnd.getrandbits(13)
    for _ in range(2):  # once computed, once remembered
        assert _relative(live, sub) == _renumbered(live, sub)
    assert _relative(live, live) == (0x1FFF << (13 - bin(live).count("1"))) & 0x1FFF


def _key(search: _Search, st: State, steps: tuple[object, ...]) -> tuple[object, ...]:
    """The memo key worked out plainly: between tricks each hand renumbered suit by suit, and the cards that keep
    their identity (the ones the plan names and the claimer's side's queen, king and ace of trumps, 70C)."""
    if st.trick:
        return (*st.hands, st.leader, st.trick, st.shown, st.step, st.times, st.run)
    live = st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]
    out = [sum(_renumbered(live >> 13 * s & 0x1FFF, h >> 13 * s & 0x1FFF) << 13 * s for s in range(4))
           for h in st.hands]
    named = sum(1 << index(step.card) for step in steps if step.card is not None)  # type: ignore[attr-defined]
    side = st.hands[search.claimer] | st.hands[(search.claimer + 2) % 4]
    high = sum(1 << index(Card(Suit(search.trump), r)) for r in (Rank.QUEEN, Rank.KING, Rank.ACE)) \
        if search.trump >= 0 else 0
    return (*out, st.leader, live & (named | high & side), st.shown, st.step, st.times, st.run)


@pytest.mark.parametrize("seed", range(3000, 3030))
def test_70_the_memo_key_is_the_position_up_to_equal_cards(seed: int) -> None:
    """Every position of a line from the claim, within a trick and between tricks, against the plain key."""
    play, claimer, statement = position(seed, 6)
    plan = read_statement(statement, play.trump)
    search, st = start_search(play, claimer, plan, oracle_factory=python_oracle)
    rnd = random.Random(seed)
    while st.trick or any(st.hands):
        assert search.key(st) == _key(search, st, plan.steps)
        cards = search.choices(st) if search.mine(st.seat) else list(bits(legal(st.hands[st.seat], st.trick)))
        st = search.play(st, rnd.choice(cards))[1]
