"""Law 71, properties on random end positions of one to four tricks: a conceded trick is restored only when no normal
line of the conceding side loses it (careless or inferior play for the class of player included), never beyond
double dummy; and a conceder's normal lines include a claimer's, so a concession never gets back more than the
same side's claim would be awarded."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_director.laws.claim_lines import PythonOracle, start_search, worst_line
from bridge_director.laws.claim_text import read_statement
from bridge_director.laws.law68_71 import ClaimReview, double_dummy
from bridge_director.laws.pending import describe
from bridge_director.model import Play, Seat, Vulnerability
from bridge_director.table.edition import Edition
from bridge_director.table.engine import apply
from bridge_director.table.events import Choice, DirectorReview
from bridge_director.table.play import ClaimMade
from bridge_director.table.state import TableState
from bridge_director.table.summary import board_summary
from claimkit import end_positions, random_line, worst


@st.composite
def concessions(draw: st.DrawFn) -> tuple[Play, Seat, int, Edition]:
    """An end position, the side that claims some tricks (conceding the rest), how many, and the edition."""
    play = draw(end_positions(4))
    left = 13 - len(play.completed_tricks)
    return (play, draw(st.sampled_from(list(Seat))), draw(st.integers(0, left)),
            draw(st.sampled_from(list(Edition))))


def _python(trump: int, left: int) -> PythonOracle:
    return PythonOracle(trump)


@settings(max_examples=25, deadline=None)
@given(concessions())
def test_71_a_conceded_trick_is_restored_only_when_no_normal_line_loses_it(
        case: tuple[Play, Seat, int, Edition]) -> None:
    """The review offers to cancel exactly the conceded tricks beyond the conceding side's worst normal line (found
    by walking every one of its normal lines), no line picked at random among them takes fewer, and a cancelled
    concession never gives the side more than double dummy."""
    play, conceder, claimed, edition = case
    s = apply(TableState(Seat.NORTH, Vulnerability.NONE, play=play), ClaimMade(conceder, claimed, "", edition))
    s = apply(s, Choice("agree", conceder.lho))
    s = apply(s, DirectorReview("71", conceder, laws=edition))
    stage = s.pending
    assert isinstance(stage, ClaimReview)
    search, start = start_search(play, conceder, read_statement(""), concession=True, oracle_factory=_python)
    floor = worst(search, start, {})
    rnd = random.Random(claimed * 4 + int(conceder))
    assert stage.floor == floor and all(random_line(search, start, rnd) >= floor for _ in range(5))
    cancel = floor > claimed
    assert ("cancel" in [o.key for o in describe(stage, s).options]) == cancel
    if cancel:
        s = apply(s, Choice("cancel"))
        won = play.tricks_won(conceder.side) + floor
        declarer = won if conceder.side == play.contract.side else 13 - won
        assert board_summary(s).final_tricks == declarer
        assert floor <= double_dummy(play, conceder)


@settings(max_examples=25, deadline=None)
@given(concessions())
def test_71_a_conceders_normal_lines_include_a_claimers(case: tuple[Play, Seat, int, Edition]) -> None:
    """The side's worst line as a conceder never takes more than its worst line as a claimer aware of every trump
    with no statement: conceding adds careless plays (any lead, a winner thrown instead of a ruff), it removes
    none."""
    play, conceder, _claimed, _edition = case
    aware = replace(read_statement(""), mentions_trumps=True)
    conceded = worst_line(play, conceder, "", concession=True).tricks
    assert conceded <= worst_line(play, conceder, aware).tricks <= double_dummy(play, conceder)
