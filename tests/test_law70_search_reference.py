"""Laws 70 and 71: the claim search against a plain walk of the same normal lines, on a fixed set of end positions.

The search (``claim_lines._Search.worst``) memoises positions up to equal cards, stops at a lower bound, cuts the
normal cards tried and widens them again; the walk in ``claimkit.worst`` does none of that and tries every normal
card of the claimer's side against every best reply.  On each position below, dealt from a fixed seed, both must
give the same count (70A: the worst normal line), the line shown must be legal, normal and take that count, and
the count must lie between the worst legal line and double dummy.  The positions are the same on every run, so a
change in the search's shortcuts shows at once, and the file runs in seconds (the hypothesis properties of
``test_law70_properties.py`` explore further, more slowly).
"""

from __future__ import annotations

import pytest

from bridge_director.laws.claim_lines import State, _Search, start_search, worst_line
from bridge_director.laws.claim_text import read_statement
from bridge_director.laws.law68_71 import double_dummy
from bridge_director.model import Play, Seat
from claimkit import faults, position, python_oracle, worst

SEEDS = range(48)


def _replayed(play: Play, claimer: Seat, line: object) -> int:
    """The claimer's side's tricks on ``line`` played card by card from ``play`` (a card not held or a revoke
    raises); every hand ends empty."""
    p, won = play, 0
    for trick in line.tricks_played:  # type: ignore[attr-defined]
        done = len(p.current.cards) if not p.current.complete else 0
        for card in trick.cards[done:]:
            p = p.add(card)
        if p.current.complete and p.current.winner(p.trump).side == claimer.side:
            won += 1
    assert all(len(p.hands[s]) == 0 for s in Seat)
    return won


@pytest.mark.parametrize("concession", [False, True], ids=["70A", "71"])
@pytest.mark.parametrize("seed", SEEDS)
def test_70A_71_the_search_finds_the_plain_walks_worst_normal_line(seed: int, concession: bool) -> None:
    play, claimer, statement = position(seed)
    top_down = seed % 3 == 0
    plan = read_statement("" if concession else statement, play.trump)
    search, start = start_search(play, claimer, plan, oracle_factory=python_oracle, concession=concession,
                                 top_down=top_down)
    plain = worst(search, start, {})
    line = worst_line(play, claimer, plan, oracle_factory=python_oracle, concession=concession, top_down=top_down)
    assert line.tricks == plain
    assert line.complete
    assert _replayed(play, claimer, line) == line.tricks
    assert faults(search, start, line) == []
    assert plain <= double_dummy(play, claimer)
    if seed % 4 == 0:  # the walk over every legal card is the slow part: a quarter of the positions
        assert worst(search, start, {}, every_card=True) <= plain


@pytest.mark.parametrize("seed", SEEDS[::4])
def test_70A_endplay_and_thepython_oracle_solver_give_the_same_award(seed: int) -> None:
    play, claimer, statement = position(seed)
    assert worst_line(play, claimer, statement).tricks == \
        worst_line(play, claimer, statement, oracle_factory=python_oracle).tricks


@pytest.mark.parametrize("seed", range(1000, 1010))
def test_70A_a_narrowed_search_never_goes_below_the_plain_walk(seed: int) -> None:
    """Searched with every card tried only in the last trick (``every=1``), the opponents play one best card each and
    the claimer's side its cards that lose most double dummy first: the count can only rise from the plain walk's
    (fewer opponents' replies), never above double dummy, the line shown is still legal, and the count is that of
    every normal card tried against those replies (the last, widest pass)."""
    play, claimer, statement = position(seed, 5)
    plan = read_statement(statement, play.trump)
    search, start = start_search(play, claimer, plan, oracle_factory=python_oracle)
    plain = worst(search, start, {})
    line = worst_line(play, claimer, plan, oracle_factory=python_oracle, every=1)
    assert plain <= line.tricks <= double_dummy(play, claimer)
    assert _replayed(play, claimer, line) == line.tricks
    narrowed, begin = start_search(play, claimer, plan, oracle_factory=python_oracle, every=1)
    assert line.complete and line.tricks == _walked(narrowed, begin, {})  # the widest pass tried every normal card


@pytest.mark.parametrize("seed", range(2000, 2006))
def test_70_a_longer_end_position_shows_a_normal_line(seed: int) -> None:
    """Up to eight tricks left, endplay's solver: every card of the claimer's side on the line shown is one of its
    normal cards, every opponent's card is best double dummy, and the line takes its count."""
    play, claimer, statement = position(seed, 8)
    line = worst_line(play, claimer, statement)
    search, start = start_search(play, claimer, read_statement(statement, play.trump))
    assert faults(search, start, line) == []
    assert _replayed(play, claimer, line) == line.tricks <= double_dummy(play, claimer)



def _walked(search: _Search, st: State, memo: dict[State, int]) -> int:
    """The claimer's side's tricks from ``st`` with every normal card of his side tried and each opponent playing the
    cards the search gives him (``moves``: one double-dummy card each above ``every`` tricks), without memo, bound
    or cut."""
    if not st.trick and not any(st.hands):
        return 0
    if st not in memo:
        cards = search.choices(st) if search.mine(st.seat) else search.moves(st)[0]
        memo[st] = min(won + _walked(search, after, memo) for won, after in (search.play(st, c) for c in cards))
    return memo[st]


@pytest.mark.parametrize("seed", range(4000, 4012))
def test_70A_a_value_kept_as_exact_is_the_value_with_every_normal_card_tried(seed: int,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Searched with its widths narrowed from the first trick (``every=0``), the search keeps a position's value as
    exact for its later, wider passes only when every normal card was tried below it: a value found with fewer
    cards (a cut, or a value read back from such a search) would carry a count the claimer's worst normal line may
    not reach into the award."""
    play, claimer, statement = position(seed, 5)
    search, start = start_search(play, claimer, read_statement(statement, play.trump), oracle_factory=python_oracle,
                                 every=0)
    seen: dict[object, State] = {}
    searched = _Search.worst

    def noting(self: _Search, st: State) -> int:
        seen.setdefault(self.key(st), st)
        return searched(self, st)

    monkeypatch.setattr(_Search, "worst", noting)
    search.solve(start)
    monkeypatch.undo()
    walked: dict[State, int] = {}
    assert search.exact
    for key, value in search.exact.items():
        assert value == _walked(search, seen[key], walked)
