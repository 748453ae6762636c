"""Misinformation at the table (Laws 20F, 21, 40, 47E, 75), every seed example checked by its outcome: the call a
player may change, or the score the ruling gives."""

from __future__ import annotations

import pytest

from bridge_director.cards.card_file import loads
from bridge_director.cards.model import TableCards
from bridge_director.club.decisions import Assigned, decision_from_json
from bridge_director.engine import Table
from bridge_director.errors import BridgeError
from bridge_director.laws import describe
from bridge_director.laws.law21_misinformation import MiReview
from bridge_director.model import Card, Seat
from bridge_director.table.events import DirectorReview, Explanation, ExplanationCorrected
from bridge_director.table.play import CardPlayed, ClaimMade
from judgekit import calls, judge

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
TRANSFERS = loads('{"system": "transfers", "contexts": {"1N": {"2D": {"shows": "hearts 5+", "purpose": "transfer"}}}}')
#: North 1NT, South 2♦ with five hearts (a transfer by the card), or with long diamonds
HEARTS = "N:AKQ2.K32.K32.Q32 J43.A54.AQ7.J987 T98.QJT98.54.654 765.76.JT986.AKT"
DIAMONDS = "N:AKQ2.K32.K32.Q32 J43.A54.AQ7.J987 T98.Q8.JT9865.54 765.JT976.4.AKT6"


def transfer_auction(deal: str, explanation: str, *, alerted: bool = True, cards: TableCards | None = None,
                     laws: str = "2017") -> Table:
    t = calls(Table(1, dealer="N", vulnerability="None", deal=deal, laws=laws, cards=cards), "1NT", "P", "2D")
    t.do(Explanation(N, 3, explanation, W, alerted, t.laws))
    return t


def review(t: Table, seat: Seat = S, call_no: int = 3) -> Table:
    t.do(DirectorReview("21B", seat, call_no, t.laws))
    return t


def played_out(t: Table, declarer: Seat, tricks: int, lead: str) -> Table:
    """The rest of the auction passes; the opening lead; declarer claims ``tricks`` and the defenders agree."""
    while not t.state.auction_over:
        t.call(t.state.next_seat, "P")
    t.do(CardPlayed(declarer.lho, Card.parse(lead)))
    t.do(ClaimMade(declarer, tricks, "", t.laws))
    from bridge_director.table.events import Choice
    t.do(Choice("agree", declarer.lho))
    return t


def test_75C_seed001_mistaken_call_with_the_card_showing_the_explanation_no_redress() -> None:
    """Seed 001 and 003: the explanation matches the agreement on the card, the bidder's hand does not: a misbid."""
    t = review(transfer_auction(DIAMONDS, "hearts 5+; purpose: transfer", cards=TableCards(ns=TRANSFERS)))
    assert isinstance(t.state.pending, MiReview)
    assert "suggests: as explained" in describe(t.state.pending, t.state).text
    judge(t, ("agreement", "as explained"))
    assert t.state.adjusted[-1].kind == "none" and t.state.adjusted[-1].law == "75C"
    assert "mistaken call" in t.state.records[-1].outcome


def test_21B1b_seed003_no_system_card_presumes_a_mistaken_explanation() -> None:
    t = review(transfer_auction(HEARTS, "natural, diamonds"))
    text = describe(t.state.pending, t.state).text
    assert "no system card covers the call" in text and "21B1(b)" in text


def test_21B3_after_the_auction_period_misinformation_with_damage_gets_an_assigned_score() -> None:
    t = transfer_auction(HEARTS, "natural, diamonds", cards=TableCards(ns=TRANSFERS))
    calls(t, "P", "2H", "P", "P", "P")
    played_out(t, N, 8, "C7")
    review(t)
    assert "not as explained" in describe(t.state.pending, t.state).text
    judge(t, ("agreement", "not as explained"), ("damage", "yes"), ("score", "2H N 7"))
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, Assigned) and decision.score.ns_score(1) == -50
    assert t.state.records[-1].law == "21B"


def test_21B3_no_damage_the_table_result_stands() -> None:
    t = transfer_auction(HEARTS, "natural, diamonds")
    calls(t, "P", "2H", "P", "P", "P")
    played_out(t, N, 8, "C7")
    judge(review(t), ("agreement", "no agreement"), ("damage", "no"))
    assert t.state.adjusted[-1].kind == "none" and "not damaged" in t.state.records[-1].outcome


def test_21B1a_seed002_during_the_auction_period_the_opponent_may_change_and_the_score_waits() -> None:
    """Seed 002: misinformation found before the opening lead is faced: the non-offender's pass may be changed
    (the final pass too), the opening lead taken back; the director reviews the score at the end."""
    t = transfer_auction(HEARTS, "natural, diamonds", alerted=False)
    calls(t, "P", "2H", "P", "P", "P")
    judge(review(t), ("agreement", "not as explained"))
    outcome = t.state.records[-1].outcome
    assert "West may change" in outcome and "final pass" in outcome and "47E2(a)" in outcome
    assert "21B3" in {f.law for f in t.state.flags}
    assert not t.state.adjusted  # no score yet: it is reviewed at the end of play


def test_20F1_a_failure_to_alert_is_shown_and_presumed_misinformation() -> None:
    t = review(transfer_auction(HEARTS, "", alerted=False, cards=TableCards(ns=TRANSFERS)))
    text = describe(t.state.pending, t.state).text
    assert "not alerted" in text and "suggests: not as explained" in text


def test_21A_seed002_a_call_on_one_s_own_misunderstanding_gets_no_redress() -> None:
    t = transfer_auction(HEARTS, "hearts 5+; purpose: transfer", cards=TableCards(ns=TRANSFERS))
    calls(t, "P", "2H", "P", "P", "P")
    played_out(t, N, 8, "C7")
    judge(review(t), ("agreement", "misunderstood"))
    assert t.state.adjusted[-1].law == "21A" and t.state.adjusted[-1].kind == "none"


def test_20F5b_declaring_side_is_reminded_to_correct_before_the_opening_lead() -> None:
    t = transfer_auction(HEARTS, "natural, diamonds", cards=TableCards(ns=TRANSFERS))
    calls(t, "P", "2H", "P", "P", "P")
    assert any(f.law == "20F5(b)" and "before the opening lead" in f.text for f in t.state.flags)
    t.do(ExplanationCorrected(N, t.laws, 3, "hearts 5+; purpose: transfer"))
    assert t.state.notes[-1].kind == "correction" and t.state.notes[-1].text.startswith("hearts")


def test_75D2_1997_the_duty_to_correct_is_named_by_its_1997_law() -> None:
    t = transfer_auction(HEARTS, "natural, diamonds", cards=TableCards(ns=TRANSFERS), laws="1997")
    calls(t, "P", "2H", "P", "P", "P")
    assert any(f.law == "75D2" for f in t.state.flags)


def test_20F1_a_player_explains_his_partner_s_calls_not_his_own() -> None:
    t = calls(Table(1, dealer="N", vulnerability="None"), "1NT", "P", "2D")
    with pytest.raises(BridgeError, match="20F1"):
        t.do(Explanation(S, 3, "transfer"))
    assert len(t.log) == 3


@pytest.mark.parametrize(("laws", "law"), [("2017", "20F5(b)"), ("1997", "75D2")])
def test_20F5b_a_defender_corrects_his_mistaken_explanation_at_the_end_of_the_play(laws: str, law: str) -> None:
    from playkit import play_out
    t = calls(Table(1, dealer="E", vulnerability="None", deal=HEARTS, laws=laws, cards=TableCards(ew=TRANSFERS)),
              "1NT", "P", "2D")
    t.do(Explanation(E, 3, "natural, diamonds", S, True, t.laws))  # the card says a transfer
    calls(t, "3C", "P", "P", "P")
    assert t.state.contract() is not None and t.state.contract().declarer is N
    assert not any(f.law == law for f in t.state.flags)  # a defender does not correct before the play ends
    play_out(t)
    [found] = [f for f in t.state.flags if f.law == law]
    assert found.side is E.side and "at the end of the play" in found.text and "hearts 5+" in found.text
