"""Law 70, properties of the adjudication on random end positions with random statements: the award never gives the
claimer's side more than double dummy allows (70A: doubtful points never favour the claimer) nor fewer than its
worst normal line (careless play included: it is that line), the line shown is legal, normal and takes exactly the
award, the Regulating Authority's top-down order (2017 70E2) never lowers it, the solver without endplay agrees
with endplay's on small end positions, and a disputed claim replayed from its JSON log (``engine.log``) proposes
the same award."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_director.engine.log import dumps, loads
from bridge_director.laws import law68_71
from bridge_director.laws.claim_lines import PythonOracle, start_search, worst_line
from bridge_director.laws.claim_text import read_statement
from bridge_director.laws.law68_71 import double_dummy
from bridge_director.model import Card, Play, Seat
from bridge_director.table.play import CardPlayed, ClaimMade
from claimkit import end_positions, faults, random_line, worst
from playkit import table

from strategies import deals

PHRASES = ["", "all mine", "drawing trumps", "the rest are high", "one loser", "cashing the hearts",
           "ruffing a club in dummy", "conceding a diamond", "dummy's good", "finessing in spades",
           "clubs first, then the rest", "trumps first"]
AUCTIONS = ["1S P P P", "1NT P P P", "P 2H P P P", "P P 3C P P P", "P P P 1D P P P"]


@st.composite
def claims(draw: st.DrawFn) -> tuple[object, Seat, int, str]:
    """A table in the play with one to six tricks left (random legal cards), a claimer, the tricks he claims and a
    statement: a phrase, perhaps with cards of his side named."""
    deal = draw(deals())
    laws = draw(st.sampled_from(["2017", "2007", "1997"]))
    t = table(auction=draw(st.sampled_from(AUCTIONS)), deal=deal.to_pbn(), laws=laws)
    played = draw(st.integers(28, 51))
    for _ in range(played):
        p = t.state.play
        assert p is not None
        card = draw(st.sampled_from(p.legal_cards()))
        t.do(CardPlayed(p.next_seat, card))
    p = t.state.play
    assert p is not None
    claimer = draw(st.sampled_from(list(Seat)))
    left = 13 - len(p.completed_tricks)
    side = [c for s in (claimer, claimer.partner) for c in p.hands[s].cards]
    named = draw(st.lists(st.sampled_from(side), max_size=3)) if side else []
    statement = ", ".join([draw(st.sampled_from(PHRASES)), *(c.symbol for c in named)]).strip(", ")
    return t, claimer, draw(st.integers(0, left)), statement


def proposed(t: object) -> int:
    return int(t.ruling.questions[0].answers[0])  # type: ignore[attr-defined]


@settings(max_examples=12, deadline=None)
@given(claims())
def test_70A_the_award_never_exceeds_double_dummy_and_replays_from_the_log(case: tuple[object, Seat, int, str]) -> None:
    t, claimer, tricks, statement = case
    t.do(ClaimMade(claimer, tricks, statement, t.laws))  # type: ignore[attr-defined]
    t.choose("dispute", claimer.lho)  # type: ignore[attr-defined]
    play: Play = t.state.play  # type: ignore[attr-defined]
    award = proposed(t)
    assert 0 <= award <= double_dummy(play, claimer)
    law68_71._line_cached.cache_clear()  # the replayed table computes the award afresh
    back = loads(dumps(t))  # type: ignore[arg-type]
    assert back.state == t.state and proposed(back) == award  # type: ignore[attr-defined]


@settings(max_examples=15, deadline=None)
@given(claims())
def test_70_the_line_shown_is_legal_and_takes_the_award(case: tuple[object, Seat, int, str]) -> None:
    t, claimer, _tricks, statement = case
    play: Play = t.state.play  # type: ignore[attr-defined]
    line = worst_line(play, claimer, statement)
    p = play
    won = 0
    for trick in line.tricks_played:
        done = len(p.current.cards) if not p.current.complete else 0
        for card in trick.cards[done:]:
            p = p.add(card)  # raises on a card not held or a revoke
        if p.current.complete and p.current.winner(p.trump).side == claimer.side:
            won += 1
    assert all(len(p.hands[s]) == 0 for s in Seat)
    assert won == line.tricks <= double_dummy(play, claimer)


@settings(max_examples=15, deadline=None)
@given(claims().filter(lambda c: 13 - len(c[0].state.play.completed_tricks) <= 4))  # type: ignore[attr-defined]
def test_70_without_endplay_small_end_positions_come_out_the_same(case: tuple[object, Seat, int, str]) -> None:
    t, claimer, _tricks, statement = case
    play: Play = t.state.play  # type: ignore[attr-defined]
    ours = worst_line(play, claimer, statement, oracle_factory=lambda trump, left: PythonOracle(trump))
    assert ours.tricks == worst_line(play, claimer, statement).tricks


def test_70_the_card_helpers_name_cards_both_ways() -> None:
    from bridge_director.laws.claim_lines import card_at, index
    assert all(card_at(index(c)) == c for c in (Card.parse("C2"), Card.parse("SA"), Card.parse("HT")))


# ----- careless play (70A; 2017 70E2): the award is the worst normal line, between the worst line and double dummy
@st.composite
def small_claims(draw: st.DrawFn) -> tuple[Play, Seat, str, bool]:
    """An end position of one to four tricks, a claimer, a statement and whether the Regulating Authority has suits
    played from the top down."""
    play = draw(end_positions(4))
    claimer = draw(st.sampled_from(list(Seat)))
    side = [c for s in (claimer, claimer.partner) for c in play.hands[s].cards]
    named = draw(st.lists(st.sampled_from(side), max_size=2)) if side else []
    statement = ", ".join([draw(st.sampled_from(PHRASES)), *(c.symbol for c in named)]).strip(", ")
    return play, claimer, statement, draw(st.booleans())


@settings(max_examples=25, deadline=None)
@given(small_claims())
def test_70A_the_award_is_the_worst_normal_line_between_the_worst_line_and_double_dummy(
        case: tuple[Play, Seat, str, bool]) -> None:
    """The award never gives the claimers more than double dummy, nor fewer than their worst normal line: it is
    that line, found by walking every normal line plainly; and no normal line is worse than the worst legal one."""
    play, claimer, statement, top_down = case
    award = worst_line(play, claimer, statement, top_down=top_down).tricks
    search, start = start_search(play, claimer, read_statement(statement, play.trump), top_down=top_down,
                                 oracle_factory=lambda trump, left: PythonOracle(trump))
    normal = worst(search, start, {})
    assert worst(search, start, {}, every_card=True) <= normal == award <= double_dummy(play, claimer)


@settings(max_examples=20, deadline=None)
@given(small_claims())
def test_70E2_the_top_down_order_never_takes_fewer_tricks(case: tuple[Play, Seat, str, bool]) -> None:
    """A careless low lead only adds lines: the Regulating Authority's top-down order can only keep or raise the
    award, and a line picked at random among the normal ones never takes fewer tricks than the award."""
    play, claimer, statement, _ = case
    careless = worst_line(play, claimer, statement).tricks
    assert careless <= worst_line(play, claimer, statement, top_down=True).tricks
    search, start = start_search(play, claimer, read_statement(statement, play.trump),
                                 oracle_factory=lambda trump, left: PythonOracle(trump))
    rnd = random.Random(len(statement) * 13 + int(claimer))
    assert all(random_line(search, start, rnd) >= careless for _ in range(5))


@settings(max_examples=12, deadline=None)
@given(end_positions(7), st.sampled_from(list(Seat)), st.sampled_from(PHRASES))
def test_70_the_line_shown_is_a_normal_line(play: Play, claimer: Seat, statement: str) -> None:
    """Up to seven tricks: each card of the claimer's side on the line shown is one of its normal cards and each
    opponent's card is best double dummy, so the award is a normal line's count (never fewer than the worst)."""
    line = worst_line(play, claimer, statement)
    search, start = start_search(play, claimer, read_statement(statement, play.trump))
    assert faults(search, start, line) == []
