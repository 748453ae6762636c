"""Law 12 reviews of the engine's flags: every flag can end in a score on the result (Laws 72C / 23, 27D, 23C,
64C and the rest), with the seeds' outcomes."""

from __future__ import annotations

import pytest

from bridge_director.club.decisions import Artificial, Assigned, decision_from_json
from bridge_director.engine import Table
from bridge_director.errors import BridgeError
from bridge_director.laws import describe
from bridge_director.laws.law12_review import AdjustmentReview
from bridge_director.model import Seat
from bridge_director.table.events import DirectorReview
from judgekit import judge

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def seed004_case3() -> Table:
    """Seed 004 case 3 (2007): 1♥ (P) 1♥ not accepted, corrected to 2♥ (27B1(a)); the side found its club losers
    cheaply and stopped in 4♥ making 10 tricks."""
    t = Table(dealer="N", vulnerability="None", laws="2007")
    t.auction("1H P")
    t.call("S", "1H")
    t.choose("refuse")
    t.call("S", "2H")
    t.judge("not_artificial", "yes")
    t.auction("P 3C P 3S P 4H P P P")
    return t


def test_27D_2007_seed004_case3_helped_by_the_insufficient_bid_adjusted_to_5H_minus_one() -> None:
    t = seed004_case3()
    t.do(DirectorReview("27D", S, laws=t.laws))
    assert isinstance(t.state.pending, AdjustmentReview)
    assert "adjust if" in describe(t.state.pending, t.state).text  # the flag's own words are shown
    judge(t, ("helped", "yes"), ("score", "5H N -1"))
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, Assigned) and decision.score.ns_score(1) == -50
    assert t.state.records[-1].law == "27D"


def test_27D_lucky_guesses_are_not_adjusted() -> None:
    t = seed004_case3()
    t.do(DirectorReview("27D", S, laws=t.laws))
    judge(t, ("helped", "no"))
    assert t.state.adjusted[-1].kind == "none" and t.state.pending is None


def test_23_1997_seed001_could_have_known_then_damage_then_the_score() -> None:
    """Seed 001 (Law 23, 1997): the offender could have known that the enforced pass would help his side."""
    t = Table(dealer="N", vulnerability="None", laws="1997")
    t.call("S", "1S")  # out of turn, at his partner's turn: North must pass throughout
    t.choose("refuse")
    assert "23" in {f.law for f in t.state.flags}
    t.auction("P P 1S P P P")
    t.do(DirectorReview("23", S, laws=t.laws))
    judge(t, ("could-have-known", "yes"), ("damage", "yes"), ("score", "3H S 9"))
    assert t.state.adjusted[-1].to_json()["kind"] == "assigned"


def test_23_seed002_third_chair_could_not_have_known_the_result_stands() -> None:
    t = Table(dealer="N", vulnerability="None", laws="1997")
    t.call("S", "1S")
    t.choose("refuse")
    t.auction("P P 1S P P P")
    t.do(DirectorReview("23", S, laws=t.laws))
    judge(t, ("could-have-known", "no"))
    assert t.state.adjusted[-1].kind == "none"


def test_12C2_artificial_scores_by_share_of_fault() -> None:
    t = Table(dealer="N", vulnerability="None")
    t.auction("1NT P 3NT P P P")
    t.do(DirectorReview("12A", N, laws=t.laws))
    judge(t, ("equity", "yes"), ("score", "NS: A-; EW: A+"))
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, Artificial) and (decision.ns.value, decision.ew.value) == ("A-", "A+")


def test_12_a_review_needs_a_law_number() -> None:
    t = Table(dealer="N", vulnerability="None")
    with pytest.raises(BridgeError, match="name the law"):
        t.do(DirectorReview("equity", N))
