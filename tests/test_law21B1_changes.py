"""Law 21B1(a): a change of call after misinformation is the director's judgement, and Law 16C (2007 16D) says
to whom the withdrawn calls are unauthorised: the side that misinformed is the offending side."""

from __future__ import annotations

import pytest

from bridge_director.engine import Table
from bridge_director.model import Seat
from bridge_director.model.seat import Side
from tablekit import laws_flagged

FLAT = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
WITHDRAWN = {"2017": "16C2", "2007": "16D2", "1997": "16C2"}


def _final(laws: str) -> Table:
    """1NT P 3NT P P, East to call: North-South's explanations are in question; West changes his pass, over which
    North (his left-hand opponent) has called."""
    t = Table(None, dealer="N", vulnerability="None", deal=FLAT, laws=laws)
    t.auction("1NT P 3NT P P")
    return t


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_21B1a_the_director_asks_whether_the_misinformation_could_have_influenced_the_call(laws: str) -> None:
    t = _final(laws)
    t.change("W", "X")  # his partner East has not called since
    t.judge("nature", "misinformation")
    q = t.ruling.questions[0]
    assert q.key == "influenced" and q.answers == ("yes", "no")
    if laws == "1997":
        assert q.law == "21B1" and "probable" in q.text
    else:
        assert q.law == "21B1(a)" and q.text.startswith("Could West's decision to call pass well have been "
                                                        "influenced by the misinformation")


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_21B1a_change_refused_the_call_stands_and_the_attempt_is_unauthorised_to_partner(laws: str) -> None:
    t = _final(laws)
    t.change("W", "X")
    t.judge("nature", "misinformation")
    t.judge("influenced", "no")
    assert t.state.pending is None and t.state.auction_text() == "N:1NT E:Pass S:3NT W:Pass N:Pass"
    assert [(u.side, u.law) for u in t.state.unauthorised] == [(Side.EW, "16A" if laws == "1997" else "16B1")]
    assert "refused" in t.state.records[-1].outcome and "21B3" not in laws_flagged(t)


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_16C1_the_changers_withdrawn_call_is_authorised_to_him_and_unauthorised_to_the_misinforming_side(
        laws: str) -> None:
    t = _final(laws)
    t.change("W", "X")
    t.judge("nature", "misinformation")
    t.judge("influenced", "yes")
    assert t.ruling.law == "21B2" and t.ruling.chooser is Seat.NORTH  # North, West's LHO, had called over it
    assert [(u.side, u.source, u.law) for u in t.state.unauthorised] == [(Side.NS, "West's withdrawn pass",
                                                                          WITHDRAWN[laws])]
    assert "authorised to North's side" not in t.ruling.options[1].consequence
    assert "unauthorised to your side and authorised to West's side" in t.ruling.options[1].consequence


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_16C2_the_misinforming_lho_withdraws_his_call_under_21B2_it_is_unauthorised_to_his_own_side(
        laws: str) -> None:
    t = _final(laws)
    t.change("W", "X")
    t.judge("nature", "misinformation")
    t.judge("influenced", "yes")
    t.choose("withdraw", "N")
    assert t.state.auction_text() == "N:1NT E:Pass S:3NT W:X"
    assert {u.side for u in t.state.unauthorised} == {Side.NS}  # none of it against East-West, the misinformed
    assert [u.source for u in t.state.unauthorised] == ["West's withdrawn pass", "North's withdrawn pass"]
    assert {u.law for u in t.state.unauthorised} == {WITHDRAWN[laws]}
    assert "21B3" in laws_flagged(t)


def test_25A_lho_withdrawn_call_stays_unauthorised_to_the_side_that_made_the_unintended_call() -> None:
    t = _final("2017")
    t.change("W", "X")
    t.judge("nature", "unintended")
    t.choose("withdraw", "N")
    assert [(u.side, u.source) for u in t.state.unauthorised] == [(Side.EW, "West's withdrawn pass"),
                                                                  (Side.EW, "North's withdrawn pass")]
