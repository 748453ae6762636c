"""A psyche reported at the table, classified under the event's regulation and carried to the score (Law 40C1;
EBU Orange Book 6 D 2-3; ACBL Duplicate Decisions; the Laws alone elsewhere)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.cards.card_file import load
from bridge_director.cards.model import TableCards
from bridge_director.club.decisions import RedPsyche, decision_from_json
from bridge_director.engine import Table
from bridge_director.engine.log import dumps, loads
from bridge_director.errors import BridgeError
from bridge_director.laws import describe
from bridge_director.laws.law40_review import PsycheReview
from bridge_director.model import Seat
from bridge_director.table.events import DirectorReview, Judgement, PsycheReported
from judgekit import calls

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
CARDS = Path(__file__).parents[1] / "examples" / "cards"


def psyched(authority: str, laws: str = "2017") -> Table:
    """North opens 1♠ on a psyche (1♠ P 2♠ P P P) in an event of ``authority``; the director reviews it."""
    t = calls(Table(1, dealer="N", vulnerability="None", laws=laws, authority=authority, level=4), "1S", "P", "2S",
              "P", "P", "P")
    t.do(PsycheReported(N, 1, t.laws))
    t.do(DirectorReview("40", N, 1, t.laws))
    return t


def answer_all(t: Table, answers: dict[str, str]) -> list[str]:
    asked = []
    while isinstance(t.state.pending, PsycheReview):
        q = describe(t.state.pending, t.state).questions[0]
        asked.append(q.key)
        t.do(Judgement(q.key, answers.get(q.key, q.answers[-1] if "no" not in q.answers else "no")))
    return asked


def test_40C1_ebu_red_psyche_goes_to_the_result_as_a_red_psyche_decision() -> None:
    t = psyched("EBU")
    asked = answer_all(t, {"deliberate": "yes", "gross": "yes", "colour": "red", "explained": "yes"})
    assert asked[:2] == ["deliberate", "gross"] and "colour" in asked
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, RedPsyche) and decision.offenders == "NS"
    assert decision.penalty_percent >= 10  # 6 D 3: a Red psyche costs at least 10% of a top, once
    assert "Red psyche" in t.state.records[-1].outcome


def test_6B3_ebu_green_psyche_leaves_the_score_alone() -> None:
    t = psyched("EBU")
    answer_all(t, {"deliberate": "yes", "gross": "yes", "colour": "green", "explained": "yes"})
    assert not t.state.adjusted and "Green psyche" in t.state.records[-1].outcome


def test_40C1_acbl_regulation_has_no_amber() -> None:
    t = psyched("ACBL")
    keys = answer_all(t, {"deliberate": "yes", "gross": "yes"})
    assert "colour" not in keys
    assert t.state.records[-1].irregularity == "Psyche"


def test_40C1_laws_alone_an_understanding_partner_was_aware_of_is_flagged_for_the_score() -> None:
    t = psyched("")
    answer_all(t, {"deliberate": "yes", "gross": "yes", "aware": "yes"})
    assert any("adjusted" in f.text for f in t.state.flags)


def test_40_review_replays_from_its_log_with_its_authority() -> None:
    t = psyched("EBU")
    answer_all(t, {"deliberate": "yes", "gross": "yes", "colour": "red", "explained": "yes"})
    back = loads(dumps(t))
    assert back.state.authority == "EBU" and back.state.adjusted == t.state.adjusted


def test_40_the_reported_call_must_be_the_player_s() -> None:
    t = calls(Table(1, dealer="N", vulnerability="None"), "1S", "P")
    with pytest.raises(BridgeError, match="made by East"):
        t.do(DirectorReview("40", N, 2))


PSYCHE_DEAL = "N:8765.432.5432.32 A9.KQT9.QJT.KQT9 KQJ2.AJ5.AK6.J54 T43.876.987.A876"  # North 0 HCP, South 19


def carded(authority: str, cards: TableCards | None) -> Table:
    """North psyches 1♠ on nothing, South (19 HCP, four spades) raises to 2♠ only; the director reviews it."""
    t = calls(Table(1, dealer="N", vulnerability="None", deal=PSYCHE_DEAL, authority=authority, level=4,
                    cards=cards), "1S", "P", "2S", "P", "P", "P")
    t.do(PsycheReported(N, 1, t.laws))
    t.do(DirectorReview("40", N, 1, t.laws))
    return t


@pytest.mark.parametrize("authority", ["EBU", "ACBL", ""])
def test_40C1_the_registered_card_changes_the_advice_the_director_still_answers(authority: str) -> None:
    plain = carded(authority, None)
    bare = describe(plain.state.pending, plain.state)
    assert "from the side's card" not in bare.text
    t = carded(authority, TableCards(ns=load(CARDS / "natural-2over1.json")))
    first = describe(t.state.pending, t.state)
    assert first.questions == bare.questions  # the same questions: the card advises, it does not answer
    assert "For the director, from the side's card: points to an undisclosed agreement." in first.text
    assert "  South's later 2♠ after 1S does not fit South's hand ♠KQJ2 ♥AJ5 ♦AK6 ♣J54 (19 hcp)" in first.text
    t.do(Judgement("deliberate", "yes"))
    second = describe(t.state.pending, t.state)
    assert second.questions[0].key == "gross" and "The card suggests: yes (your judgement decides)." in second.text
    answer_all(t, {"gross": "yes", "colour": "red", "explained": "yes", "aware": "yes", "experience": "yes"})
    assert t.state.records[-1].outcome.endswith("the card: points to an undisclosed agreement")


def test_40_the_card_of_the_other_side_gives_no_advice_on_north() -> None:
    t = carded("EBU", TableCards(ew=load(CARDS / "natural-2over1.json")))
    assert "from the side's card" not in describe(t.state.pending, t.state).text
