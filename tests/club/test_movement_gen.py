"""The generated and shipped movements: sound (no board twice for a pair, no undeclared sharing) and fair."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations
from math import ceil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_director.club.movement import Movement, load_movement, shipped_movements
from bridge_director.club.movement_gen import howell, mitchell, teams_match, teams_round_robin, three_quarter_howell
from bridge_director.errors import BridgeError

SOME = settings(max_examples=25, deadline=None)


def assert_sound(m: Movement) -> None:
    """validate() finds nothing, and, expanded into boards, no pair plays a board twice and no board is at two
    tables in a round unless those tables are declared to share."""
    assert m.validate() == ()
    for k in range(1, 5):
        played: dict[int, list[int]] = defaultdict(list)
        at: dict[tuple[int, int], set[int]] = defaultdict(set)
        for e in m.encounters:
            for board in m.boards(e.board_set, k):
                played[e.ns].append(board)
                played[e.ew].append(board)
                at[(e.round, board)].add(e.table)
        for pair, boards in played.items():
            assert len(boards) == len(set(boards)), f"pair {pair} plays a board twice at {k} a round"
        for (rnd, board), tables in at.items():
            if len(tables) > 1:
                assert any(s.round == rnd and tables <= set(s.tables) for s in m.shares), (rnd, board, tables)
    for e in m.encounters:
        assert e.ns != e.ew and 1 <= e.table <= m.tables and 1 <= e.board_set <= m.sets


def meetings(m: Movement) -> Counter[frozenset[int]]:
    return Counter(frozenset((e.ns, e.ew)) for e in m.encounters)


@pytest.mark.parametrize("name", shipped_movements())
def test_every_shipped_movement_is_sound(name: str) -> None:
    assert_sound(load_movement(name))


@SOME
@given(st.integers(3, 30), st.data())
def test_mitchell_is_sound_and_ns_meets_ew_at_most_once(n: int, data: st.DataObject) -> None:
    even = "auto" if n % 2 else data.draw(st.sampled_from(["skip", "relay"]))
    full = n - 1 if even == "skip" else n
    rounds = data.draw(st.integers(1, full))
    m = mitchell(n, rounds, even=even)
    assert_sound(m)
    assert m.two_winners and m.rounds == rounds and m.pairs == tuple(range(1, 2 * n + 1))
    assert all(e.ns == e.table and n < e.ew <= 2 * n for e in m.encounters)  # N-S pairs never sit E-W
    assert max(meetings(m).values()) == 1
    if even == "relay":
        assert {(s.round, s.tables) for s in m.shares} == {(r, (1, n)) for r in range(1, rounds + 1)}
        assert m.bye_stand == n // 2
    else:
        assert m.shares == () and m.bye_stand is None


@given(st.integers(3, 30))
def test_full_mitchell_every_ns_meets_every_ew_and_plays_every_set(n: int) -> None:
    m = mitchell(n)
    assert m.rounds == n and len(meetings(m)) == n * n
    for pair in m.pairs:
        assert sorted(e.board_set for e in m.of_pair(pair)) == list(range(1, n + 1))


@given(st.integers(2, 15).map(lambda h: 2 * h))
def test_skip_mitchell_misses_one_set_and_the_ns_pair_halfway_round(n: int) -> None:
    m = mitchell(n, even="skip")
    assert m.rounds == n - 1
    for e_w in range(n + 1, 2 * n + 1):
        start = m.of_pair(e_w)[0].table
        met = {e.ns for e in m.of_pair(e_w)}
        assert set(range(1, n + 1)) - met == {(start - 1 + n // 2) % n + 1}


@SOME
@given(st.integers(3, 30), st.data())
def test_arrow_switch_swaps_directions_and_makes_one_field(n: int, data: st.DataObject) -> None:
    plain = mitchell(n)
    rounds = data.draw(st.sets(st.integers(1, n), min_size=1, max_size=3))
    m = mitchell(n, arrow_switch=rounds)
    assert_sound(m)
    assert not m.two_winners
    for e, p in zip(m.encounters, plain.encounters, strict=True):
        assert (e.ns, e.ew, e.arrow_switch) == ((p.ew, p.ns, True) if e.round in rounds else (p.ns, p.ew, False))


@given(st.integers(2, 15))
def test_complete_howell_every_pair_meets_every_other_once(n: int) -> None:
    m = howell(n)
    assert_sound(m)
    assert (m.rounds, m.sets, len(m.pairs), m.two_winners) == (2 * n - 1, 2 * n - 1, 2 * n, False)
    assert meetings(m) == Counter(frozenset(c) for c in combinations(m.pairs, 2))
    if n >= 4:
        assert m.shares == ()  # no set at two tables in a round
    for pair in m.pairs:
        assert sorted(e.board_set for e in m.of_pair(pair)) == list(range(1, 2 * n))


@given(st.integers(2, 15))
def test_three_quarter_howell_never_repeats_a_meeting_or_a_set(n: int) -> None:
    m = three_quarter_howell(n)
    assert_sound(m)
    assert m.rounds == ceil(3 * (2 * n - 1) / 4) and max(meetings(m).values()) == 1
    assert m.encounters == howell(n).encounters[:m.rounds * n]


@given(st.integers(1, 12))
def test_teams_match_pairs_of_a_team_never_meet_and_play_the_boards_both_ways(sets: int) -> None:
    m = teams_match(sets)
    assert_sound(m)
    team = {1: "A", 2: "A", 3: "B", 4: "B"}
    assert all(team[e.ns] != team[e.ew] for e in m.encounters)
    for r in range(1, sets + 1):
        one, two = m.in_round(r)
        assert one.board_set == two.board_set == r
        assert (one.ns, two.ew) == (1, 2) and (two.ns, one.ew) == (3, 4)  # each team N-S in one room, E-W in the other


@SOME
@given(st.integers(2, 15).map(lambda h: 2 * h))
def test_teams_round_robin_every_team_meets_every_other_once(teams: int) -> None:
    m = teams_round_robin(teams)
    assert_sound(m)
    matches = Counter(frozenset(((e.ns + 1) // 2, (e.ew + 1) // 2)) for e in m.encounters)
    assert set(matches.values()) == {2} and len(matches) == teams * (teams - 1) // 2
    for r in range(1, m.rounds + 1):
        seats: dict[int, list[tuple[int, str]]] = defaultdict(list)
        for e in m.in_round(r):
            assert (e.ns + 1) // 2 != (e.ew + 1) // 2  # the two pairs of a team never meet
            seats[(e.ns + 1) // 2].append((e.board_set, "N-S"))
            seats[(e.ew + 1) // 2].append((e.board_set, "E-W"))
        for (set_one, side_one), (set_two, side_two) in seats.values():
            assert set_one == set_two and side_one != side_two  # same boards, opposite directions


@pytest.mark.parametrize(("call", "field"), [
    (lambda: mitchell(2), "tables"), (lambda: mitchell(31), "tables"), (lambda: mitchell(5, 6), "rounds"),
    (lambda: mitchell(8, 8, even="skip"), "rounds"), (lambda: mitchell(8, even="double"), "even"),
    (lambda: mitchell(7, even="relay"), "even"), (lambda: mitchell(5, arrow_switch=[6]), "arrow_switch"),
    (lambda: howell(1), "tables"), (lambda: howell(16), "tables"), (lambda: howell(4, 8), "rounds"),
    (lambda: teams_match(0), "sets"), (lambda: teams_round_robin(5), "teams"),
])
def test_generator_refuses_what_it_cannot_build(call: object, field: str) -> None:
    with pytest.raises(BridgeError) as err:
        call()  # type: ignore[operator]
    assert err.value.field == field


def test_auto_picks_the_relay_for_all_rounds_and_the_skip_for_fewer() -> None:
    assert mitchell(8).name == "mitchell-8-relay" and mitchell(8).bye_stand == 4
    assert mitchell(8, 7).name == "mitchell-8-skip" and mitchell(8, 6).name == "mitchell-8-skip-6-rounds"
    assert mitchell(7, 5).name == "mitchell-7-5-rounds"
