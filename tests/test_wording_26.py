"""Issue 26, the wording slips of the rulings: a forbidden lead is no failure to follow suit, a claimer is no
offender, North's choice is not the director's, a card is said with its suit symbol, and the Law 54C question is
asked once.  Each test asserts the exact words the director reads."""

from __future__ import annotations

import pytest

from bridge_director.engine import Table
from bridge_director.errors import BridgeError
from bridge_director.laws.law65_67 import TrickEntry
from bridge_director.laws.ruling import Ruling
from bridge_director.laws.script import answer_text, short_script, who_chooses
from bridge_director.model import Call, Seat
from bridge_director.table.events import CallMade, DirectorReview
from bridge_director.table.play import DummyCardCalled
from bridge_director.web.schemas import RulingOut
from bridge_director.web.table_view import revoke_text, table_out
from playkit import claim, play, table

# playkit's table: 1♠ by South, West on lead, North dummy.
# N: ♠432 ♥AKQ2 ♦5432 ♣32   E: ♠5 ♥JT98 ♦AKQ ♣AKQJT   S: ♠AKQJT9 ♥3 ♦JT9 ♣987   W: ♠876 ♥7654 ♦876 ♣654


def ruling(t: Table) -> Ruling:
    """The table's pending ruling (there must be one)."""
    found = t.ruling
    assert found is not None
    return found


def ruling_out(t: Table) -> RulingOut:
    """The pending ruling as the web app shows it."""
    found = table_out(t.state).ruling
    assert found is not None
    return found


def lead_out_of_turn_picked_up(option: str) -> Table:
    """East leads ♥J out of turn; South does not accept it and forbids or requires hearts (Law 54D, 50D2)."""
    t = table()
    play(t, "HJ")
    t.choose(option)
    return t


# ----- "did not follow clubs" for a forbidden lead ------------------------------------------------------------
def test_a_forbidden_lead_is_worded_as_a_lead_against_the_rule_not_a_failure_to_follow() -> None:
    t = lead_out_of_turn_picked_up("forbid")
    play(t, "H7")  # West leads the suit he was forbidden
    revoke = t.state.period.revokes[-1]
    assert revoke_text(t.state, revoke) == ("West led ♥7 on trick 1: West was forbidden to lead hearts while he "
                                            "kept the lead (Law 50D2)")
    assert table_out(t.state).revokes[-1].text == revoke_text(t.state, revoke)


def test_a_required_lead_not_made_is_worded_as_such() -> None:
    t = lead_out_of_turn_picked_up("require")
    play(t, "C4")  # West, required to lead hearts, leads a club
    said = revoke_text(t.state, t.state.period.revokes[-1])
    assert said == "West led ♣4 on trick 1: West had to lead hearts (Law 50D2)"


def test_a_failure_to_follow_suit_keeps_its_words() -> None:
    t = table()
    play(t, "H7 C2")  # North (dummy) plays a club holding hearts
    assert revoke_text(t.state, t.state.period.revokes[-1]) == "North did not follow hearts on trick 1 (♣2)"


# ----- a claimer called "Offender" ------------------------------------------------------------------------------
def test_the_seat_of_a_claim_is_the_claimer_not_an_offender() -> None:
    t = table()
    play(t, "H7")
    claim(t, "S", 12, "drawing trumps")
    assert (ruling(t).law, ruling(t).role) == ("68", "Claimer")
    assert ruling_out(t).role == "Claimer"
    t.choose("dispute", "W")
    assert (ruling(t).law, ruling(t).role, ruling(t).offender) == ("70", "Claimer", Seat.SOUTH)


def test_an_offender_is_still_called_one() -> None:
    t = table()
    play(t, "HJ")
    assert ruling(t).role == "Offender" and ruling_out(t).role == "Offender"


# ----- "the director rules" followed by "North chooses" ---------------------------------------------------------
def test_north_s_choice_is_north_s_in_the_table_view_as_in_the_script() -> None:
    """A seat is an IntEnum and North is 0: the view turned North's choice into None, and the page said "the
    director rules" above a script saying "North chooses:"."""
    t = Table(None, dealer="N", vulnerability="None")
    for call in ("1S", "Pass", "Pass", "1H"):  # West's 1♥ is insufficient: North chooses (Law 27)
        t.do(CallMade(t.state.next_seat, Call.parse(call), t.laws))
    assert ruling(t).chooser is Seat.NORTH
    out = table_out(t.state).ruling
    assert out is not None and out.chooser == "North"
    assert who_chooses(ruling(t)) == "North chooses:"


def test_north_must_call_in_the_table_view() -> None:
    t = Table(None, dealer="W", vulnerability="None")
    for call in ("1S", "1H"):  # North's 1♥ is insufficient; East does not accept it: North must call
        t.do(CallMade(t.state.next_seat, Call.parse(call), t.laws))
    t.choose("refuse")
    assert ruling(t).caller is Seat.NORTH
    assert ruling_out(t).caller == "North"


# ----- a card in letters ----------------------------------------------------------------------------------------
def test_a_quitted_trick_names_its_cards_with_suit_symbols() -> None:
    t = table()
    play(t, "H7 H2 H8 H3")
    t.do(TrickEntry("quitted", Seat.WEST, 1))
    assert t.state.records[-1].outcome == (
        "trick 1 belongs to East's side by the cards (West led: ♥7 ♥2 ♥8 ♥3); the card is turned the right way "
        "(Laws 65B3, 65D; after the correction period, Law 79C)")


def test_the_cards_a_director_may_answer_are_read_with_suit_symbols() -> None:
    t = table()
    play(t, "H7")
    t.do(DummyCardCalled("high", t.laws))  # dummy plays ♥A unless declarer meant another card (Law 46B)
    assert ruling(t).questions[0].answers == ("no", "H2", "HQ", "HK")  # the engine's keys stay as they are
    assert short_script(ruling(t)).endswith("Was declarer's different intention incontrovertible? (no / ♥2 / ♥Q / ♥K)")


@pytest.mark.parametrize(("answer", "said"), [("HK", "♥K"), ("ST", "♠T"), ("no", "no"), ("7", "7"), ("Sx", "Sx"),
                                              ("yes", "yes")])
def test_answer_text_turns_only_cards_into_symbols(answer: str, said: str) -> None:
    assert answer_text(answer) == said


# ----- the Law 54C question asked once ----------------------------------------------------------------------------
def test_the_54C_question_is_gone_once_answered_no() -> None:
    t = table()
    play(t, "HJ")
    assert [q.key for q in ruling(t).questions] == ["saw_dummy"]
    t.judge("saw_dummy", "no")
    assert ruling(t).questions == ()
    assert [o.key for o in ruling(t).options] == ["spread", "accept", "require", "forbid", "penalty"]
    with pytest.raises(BridgeError):
        t.judge("saw_dummy", "yes")  # answered: not asked again
    assert [o.key for o in ruling(t).options] == ["spread", "accept", "require", "forbid", "penalty"]


def test_the_54C_question_is_gone_once_answered_yes() -> None:
    t = table()
    play(t, "HJ")
    t.judge("saw_dummy", "yes")
    assert ruling(t).questions == () and [o.key for o in ruling(t).options] == ["accept"]


def test_agreement_withdrawn_names_who_withdrew_it() -> None:
    pytest.importorskip("endplay", reason="the 69B review needs the worst normal line")
    t = table()
    play(t, "H7")
    claim(t, "S", 12)
    t.choose("agree", "W")
    t.do(DirectorReview("69B", Seat.WEST))
    assert (ruling(t).law, ruling(t).role, ruling(t).offender) == ("69B", "Agreement withdrawn by", Seat.WEST)
