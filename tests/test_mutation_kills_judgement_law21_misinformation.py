"""Laws 20F, 21B and 75 (laws.law21_misinformation): the card read by meaning, the reminders it gives, and a
review found in the auction period that waits for the table result.

* 21B1(b): the review shows what the caller's side's card says of the call and advises from the meaning of what
  was said.  Words the card cannot check are left to the director.  A side with no registered card has no card
  evidence, even when the other side's card is known.
* 20F5(b) (1997 75D2): the declaring side is reminded to correct an explanation only when the card contradicts it.
  A paraphrase of the card, or words with nothing to check, are no reason to call the director.
* 21B1(a), 21B3: misinformation found before the opening lead lets the non-offenders change a call.  The damage
  is judged against the table result, so with the deal known the review waits, with its answer, until the end of
  the hand; with no deal there is no play to wait for.
"""

from __future__ import annotations

import pytest

from bridge_director.cards.card_file import loads
from bridge_director.cards.model import TableCards
from bridge_director.engine import Table
from bridge_director.laws.matters import Matter
from bridge_director.laws.ruling import Question
from bridge_director.model import Seat, Side
from bridge_director.table.edition import Edition
from bridge_director.table.events import DirectorReview, Explanation, Judgement
from bridge_director.table.state import Flag, Record
from judgekit import ruling
from playkit import play_out

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
WEAK_NT = loads('{"system": "weak nt", "contexts": {"": {"1N": {"shows": "hcp 12-14, balanced"}}}}')
# North: ♠AKQ2 ♥K32 ♦K32 ♣Q32, 17 HCP balanced
DEAL = "N:AKQ2.K32.K32.Q32 J43.A54.AQ7.J987 T98.QJT98.54.654 765.76.JT986.AKT"
EDITIONS = [("2017", Edition.L2017), ("2007", Edition.L2007), ("1997", Edition.L1997)]


def notrump(said: str, *, deal: str | None = DEAL, cards: TableCards | None = None, laws: str = "2017") -> Table:
    """North opens 1NT, South explains it to East as ``said`` (alerted), and all pass: 1NT by North."""
    t = Table(1, dealer="N", vulnerability="None", deal=deal, cards=cards, laws=laws)
    t.call("N", "1NT")
    t.do(Explanation(S, 1, said, E, True, t.laws))
    t.auction("P P P")
    return t


# ===== 21B1(b): the card read by meaning ============================================================================
def test_21B1b_an_explanation_with_nothing_the_card_can_check_is_left_to_the_director() -> None:
    """21B1(b): 'the usual' claims no strength, length, shape or purpose to hold against 'hcp 12-14, balanced': the
    review shows the card and the hand, and leaves the agreement to the director's judgement."""
    t = notrump("the usual", cards=TableCards(ns=WEAK_NT))
    t.do(DirectorReview("21B", N, 1, t.laws))
    assert ruling(t).text.splitlines() == [
        "Director: the explanation of North's 1NT (call 1), Laws 20F and 75 (Law 21B).",
        "Evidence: South's explanation of call 1: \"the usual\"; the system card says: hcp 12-14, balanced; North's "
        "hand does not fit the card.",
        "What was North's partnership agreement about 1NT: as South explained it, something else, or none; or was it "
        "explained rightly and misunderstood? (the evidence suggests: left to the director: the card is in words "
        "only, or the explanation says nothing the card's constraints can check)"]


def test_21B1b_a_side_without_a_registered_card_has_no_card_evidence() -> None:
    """21B1(b): only North-South's card is registered.  East's 2♣, explained by West as both majors, has no card
    behind it: the review says so and presumes a mistaken explanation without evidence to the contrary."""
    t = Table(1, dealer="N", vulnerability="None", deal=DEAL, cards=TableCards(ns=WEAK_NT))
    t.auction("1NT 2C")
    t.do(Explanation(W, 2, "both majors", N, True, t.laws))
    t.auction("P P P")
    assert not t.state.flags  # declarer's side (East-West) has no card to be reminded of
    t.do(DirectorReview("21B", E, 2, t.laws))
    assert ruling(t).text.splitlines()[1:] == [
        "Evidence: West's explanation of call 2: \"both majors\"; no system card covers the call.",
        "What was East's partnership agreement about 2♣: as West explained it, something else, or none; or was it "
        "explained rightly and misunderstood? (the evidence suggests: not as explained (Law 21B1(b): presume a "
        "mistaken explanation without evidence to the contrary))"]


# ===== 20F5(b) (1997 75D2): the declaring side corrects before the opening lead =====================================
@pytest.mark.parametrize("said", ["12 to 14", "twelve to fourteen, balanced", "the usual"])
def test_20F5b_no_reminder_when_the_card_does_not_contradict_the_explanation(said: str) -> None:
    """20F5(b): the declaring side must correct a mistaken explanation.  Saying what the card says in other words is
    no mistake, and words the card cannot check are for the director to judge if called: no reminder."""
    t = notrump(said, cards=TableCards(ns=WEAK_NT))
    assert t.state.flags == ()


@pytest.mark.parametrize(("laws", "law"), [("2017", "20F5(b)"), ("2007", "20F5(b)"), ("1997", "75D2")])
def test_20F5b_the_declaring_side_is_reminded_of_an_explanation_the_card_contradicts(laws: str, law: str) -> None:
    """20F5(b) (1997 75D2): '15 to 17' against 'hcp 12-14': dummy (South) must call the director and correct it
    before the opening lead is faced."""
    t = notrump("15 to 17", cards=TableCards(ns=WEAK_NT), laws=laws)
    assert t.state.flags == (Flag(law, Side.NS, "South explained call 1 as \"15 to 17\" but the system card says \"hcp "
                                             "12-14, balanced\": South must call the director and correct it before "
                                             f"the opening lead is faced (Law {law})"),)


# ===== 21B1(a), 21B3: misinformation found in the auction period ===================================================
@pytest.mark.parametrize(("laws", "edition"), EDITIONS)
def test_21B3_misinformation_found_before_the_lead_waits_for_the_end_of_the_hand(laws: str,
                                                                                  edition: Edition) -> None:
    """21B1(a): West, whose partner has not called since, may still change his final pass; 21B3: whether the
    non-offenders were damaged is judged at the end of play.  With the deal known the review is put aside with its
    answer (an open matter, 'call the director back'); at the end of the hand the same review resumes at the damage
    question, which names the table result."""
    t = notrump("15 to 17", laws=laws)
    t.do(DirectorReview("21B", N, 1, t.laws))
    t.do(Judgement("agreement", "not as explained"))
    change = "21B1" if edition is Edition.L1997 else "21B1(a)"
    assert t.state.records[-1] == Record(
        "21B", "Misinformation", S, "misinformation: West may change the last call, the final pass too until the "
        f"opening lead is faced (Law {change}; enter a change judged 'misinformation'); the left-hand opponent may "
        "then change a later call (21B2, 16C applies); an opening lead made on the misinformation may be taken back "
        "(47E2(a)); the score is reviewed at the end of play (21B3)", edition, (("agreement", "not as explained"),))
    waiting = "Law 21B review of the explanation of North's 1NT (call 1), found so far: agreement: not as explained"
    assert t.state.pending is None
    assert t.matters == (Matter("review waiting", N, "21B", 1, waiting, False, True),)
    play_out(t)
    assert t.matters == (Matter("review waiting", N, "21B", 1, waiting, True, True),)
    t.do(DirectorReview("21B", N, 1, t.laws))
    damage = "21B3, 40C" if edition is Edition.L1997 else "21B3, 40B4"
    assert ruling(t).questions == (Question(
        "damage", "Was the non-offending side damaged by the misinformation: would its result at the table (1NT by "
        "North, 6 tricks) likely have been better with the correct explanation?", ("yes", "no"), damage),)
    assert t.matters == ()


def test_21B3_with_no_deal_known_the_review_does_not_wait_for_a_play_it_cannot_follow() -> None:
    """21B3: without the deal the engine cannot follow the play to a result, so nothing is put aside: the ruling on
    the change of call is recorded, the 21B3 flag asks for the score to be reviewed, and no matter waits."""
    t = notrump("15 to 17", deal=None)
    t.do(DirectorReview("21B", N, 1, t.laws))
    t.do(Judgement("agreement", "not as explained"))
    assert (t.state.pending, t.state.parked, t.matters) == (None, (), ())
    assert t.state.records[-1].steps == (("agreement", "not as explained"),)
    assert t.state.flags == (Flag("21B3", Side.NS, "misinformation about North's call 1: review the score at the end "
                                                   "of play if the non-offenders were damaged"),)
