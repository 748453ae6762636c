"""Helpers for the properties of Laws 70 and 71: small end positions, and walks of the normal lines a search allows
(``claim_lines.start_search``): every one of them, one at random, or the line a search shows."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import strategies as st

from bridge_director.laws.claim_lines import Line, PythonOracle, State, _Search, canon, index, legal
from bridge_director.model import FULL_DECK, Contract, Deal, Hand, Play, Seat, Strain

from strategies import deals


@st.composite
def end_positions(draw: st.DrawFn, most: int = 4) -> Play:
    """A contract and a random legal play stopped with one to ``most`` tricks left, perhaps in the middle of a
    trick."""
    deal = draw(deals())
    declarer = draw(st.sampled_from(list(Seat)))
    strain = draw(st.sampled_from(list(Strain)))
    play = Play.start(deal, Contract.parse(f"4{strain.letter}", declarer))
    for _ in range(draw(st.integers(52 - 4 * most, 51))):
        play = play.add(draw(st.sampled_from(play.legal_cards())))
    return play


def _node(s: State) -> tuple[tuple[int, int, int, int], int, tuple[int, ...]]:
    return s.hands, s.leader, s.trick


def best_replies(search: _Search, s: State) -> list[int]:
    """The opponent's cards that are best double dummy (the non-claimers make no error, 70A)."""
    values = search.oracle.values(_node(s))
    top = max(values.values())
    return sorted(c for c, v in values.items() if v == top)


def worst(search: _Search, s: State, memo: dict[State, int], every_card: bool = False) -> int:
    """The claimer's side's tricks from ``s`` on its worst line: each of its normal cards (``every_card``: each of
    its legal cards) against each best reply — plainly, with no bound, no widening and no budget."""
    if not s.trick and not any(s.hands):
        return 0
    if s in memo:
        return memo[s]
    if search.mine(s.seat):
        cards = list(_bits(legal(s.hands[s.seat], s.trick))) if every_card else search.choices(s)
    else:
        cards = best_replies(search, s)
    value = min(won + worst(search, after, memo, every_card) for won, after in (search.play(s, c) for c in cards))
    memo[s] = value
    return value


def random_line(search: _Search, s: State, rnd: random.Random) -> int:
    """The claimer's side's tricks on one normal line picked at random against best replies."""
    won = 0
    while s.trick or any(s.hands):
        cards = search.choices(s) if search.mine(s.seat) else best_replies(search, s)
        gained, s = search.play(s, rnd.choice(cards))
        won += gained
    return won


def faults(search: _Search, s: State, line: Line) -> list[str]:
    """What makes ``line`` (a ``worst_line`` from ``s``) other than a normal line: a card of the claimer's side that
    is not one of its normal cards, or an opponent's card that is not best double dummy."""
    found: list[str] = []
    for card in [c for t in line.tricks_played for c in t.cards][line.played_before:]:
        c = index(card)
        if search.mine(s.seat):
            allowed = {canon(x, s.hands[s.seat], s.live) for x in search.choices(s)}
            if canon(c, s.hands[s.seat], s.live) not in allowed:
                found.append(f"{card} is not a normal card")
        elif c not in best_replies(search, s):
            found.append(f"{card} is not a best reply")
        s = search.play(s, c)[1]
    return found


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ----- fixed end positions (the same on every run), for the tests that check the search's shortcuts
STATEMENTS = ["", "all mine", "drawing trumps", "the rest are high", "one loser", "cashing the hearts",
              "ruffing a club in dummy", "ruffing a spade in hand", "conceding a diamond", "dummy's good",
              "finessing in spades", "finessing the queen of hearts", "clubs first, then the rest", "trumps first",
              "cash the ace of spades", "conceding a trick to the king of clubs", "ruffing two hearts"]


def python_oracle(trump: int, left: int) -> PythonOracle:
    """The solver without endplay, as an ``oracle_factory``."""
    return PythonOracle(trump)


@cache
def position(seed: int, most: int = 4) -> tuple[Play, Seat, str]:
    """The end position numbered ``seed``: a random deal and contract, random legal cards played until one to
    ``most`` tricks are left (perhaps in the middle of a trick), a claimer and a statement naming up to two of his
    side's cards."""
    rnd = random.Random(seed)
    order = list(FULL_DECK)
    rnd.shuffle(order)
    deal = Deal(tuple(Hand(frozenset(order[i * 13:(i + 1) * 13])) for i in range(4)))  # type: ignore[arg-type]
    strain = rnd.choice(list(Strain))
    play = Play.start(deal, Contract.parse(f"4{strain.letter}", rnd.choice(list(Seat))))
    for _ in range(rnd.randint(52 - 4 * most, 51)):
        play = play.add(rnd.choice(play.legal_cards()))
    claimer = rnd.choice(list(Seat))
    side = sorted((c for s in (claimer, claimer.partner) for c in play.hands[s].cards), key=str)
    named = [rnd.choice(side).symbol for _ in range(rnd.randint(0, 2))] if side else []
    return play, claimer, ", ".join([rnd.choice(STATEMENTS), *named]).strip(", ")
