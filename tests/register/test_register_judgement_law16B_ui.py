"""Law 16B as a guided ruling (seed 001): four questions in order, a poll of peers, every answer recorded."""

from __future__ import annotations

import pytest

from bridge_director.errors import RegisterError
from bridge_director.register import Register
from bridge_director.register.judgement import UI_QUESTIONS, PeerPoll, UiOutcome, UnauthorisedInformation
from bridge_director.register.rulings import get_ruling, new_ruling

# Seed 001: 1♠ (4♥ jump) slow pass by South, pass, North bids 4♠; five peers polled with North's hand.
POLL = PeerPoll("4S", {"peer 1": "4S", "peer 2": "Pass", "peer 3": "4S", "peer 4": "Pass", "peer 5": "4S"})


def test_slow_pass_then_4S_all_four_answers_yes_leads_to_an_adjustment(register: Register) -> None:
    ui = UnauthorisedInformation()
    assert ui.next_question == UI_QUESTIONS[0]
    assert ui.answer(True, fact="agonised 30-second pause, no skip-bid warning") is None
    assert ui.answer(True, fact="the pause suggests values, making action more attractive") is None
    assert ui.poll(POLL) is None
    assert ui.answer(True, fact="4S made; EW lost 4H") is UiOutcome.ADJUST
    with register.transaction() as db:
        ruling_id = new_ruling(db, kind="ui", director="Director 1", laws="16B, 12C1", steps=ui.steps,
                               decision=str(UiOutcome.ADJUST)).id
    with register.transaction() as db:
        steps = get_ruling(db, ruling_id).steps
        assert [s.question for s in steps] == list(UI_QUESTIONS)
        assert steps[2].evidence["logical_alternatives"] == ["Pass"]
        assert steps[2].evidence["choices"]["peer 2"] == "Pass"


def test_a_no_at_any_question_ends_with_the_score_standing() -> None:
    ui = UnauthorisedInformation()
    assert ui.answer(False, fact="10-second pause after a skip-bid warning is not undue") is UiOutcome.SCORE_STANDS
    assert ui.next_question is None
    with pytest.raises(RegisterError, match="finished"):
        ui.answer(True)


def test_overwhelming_majority_of_peers_means_no_logical_alternative() -> None:
    ui = UnauthorisedInformation()
    ui.answer(True)
    ui.answer(True)
    poll = PeerPoll("4S", {f"peer {n}": "4S" for n in range(9)} | {"peer 9": "Double"})
    assert ui.poll(poll) is UiOutcome.SCORE_STANDS
    assert ui.steps[-1].answer == "no"


def test_questions_must_be_taken_in_order() -> None:
    ui = UnauthorisedInformation()
    with pytest.raises(RegisterError, match="third question"):
        ui.poll(POLL)
    ui.answer(True)
    ui.answer(True)
    with pytest.raises(RegisterError, match="poll"):
        ui.answer(True)
