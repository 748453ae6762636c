"""A psyche reported at the table (Law 40): the facts read from the auction, the questions each authority's
regulation asks, and the finding the answers give — a pure function the table engine can call."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge_director.errors import ParseError
from bridge_director.laws.law40_psyches import PartnershipHistory, Regime, TableFacts, parse_partnership
from bridge_director.laws.psyche_report import ReportedPsyche, psyche_finding, psyche_questions
from bridge_director.model import Auction, Bid, Seat, Strain
from bridge_director.model.regulation import Authority, Colour, Departure
from bridge_director.table.edition import Edition

from strategies import legal_auctions


def test_40_facts_an_opening_and_the_calls_after_it() -> None:
    facts = TableFacts.of(Auction.parse(Seat.NORTH, "1S P 2S P 4S P P P"), 1)
    assert (facts.seat, facts.call, facts.opening, facts.initial_action) == (Seat.NORTH, Bid(1, Strain.SPADES),
                                                                              True, True)
    assert [str(c) for c in facts.partner_later] == ["2S", "Pass"]
    assert [str(c) for c in facts.own_later] == ["4S"]
    assert facts.partner_opening is None and facts.partner_raised()


def test_40_facts_an_overcall_is_an_initial_action_a_response_is_not() -> None:
    auction = Auction.parse(Seat.NORTH, "1H 1S 2D 2S")
    overcall, response, raise_ = (TableFacts.of(auction, n) for n in (2, 3, 4))
    assert (overcall.opening, overcall.initial_action, overcall.partner_opening) == (False, True, None)
    assert (response.initial_action, response.partner_opening) == (False, Bid(1, Strain.HEARTS))
    assert (raise_.initial_action, raise_.partner_opening) == (False, None)  # partner overcalled, not opened


def test_40_facts_a_passed_hand_still_responds_to_partners_opening() -> None:
    facts = TableFacts.of(Auction.parse(Seat.NORTH, "P P 1C P 1D"), 5)
    assert facts.partner_opening == Bid(1, Strain.CLUBS) and not facts.initial_action


@pytest.mark.parametrize(("authority", "regime", "last"), [
    (Authority.EBU, Regime.EBU, "colour"), (Authority.ACBL, Regime.ACBL, "experience"),
    (Authority.CLUB, Regime.LAWS, "aware"), (Authority.WBF, Regime.LAWS, "aware")])
def test_40_the_authority_decides_the_questions(authority: Authority, regime: Regime, last: str) -> None:
    reported = ReportedPsyche(Auction.parse(Seat.NORTH, "1S P 2S"), 1, authority)
    assert reported.regime is regime
    assert psyche_questions(reported)[-1].key == last


@pytest.mark.parametrize(("edition", "law"), [(Edition.L2017, "40C1"), (Edition.L2007, "40C1"),
                                              (Edition.L1997, "40B, 40C")])
def test_40C1_the_laws_alone_partner_aware_of_the_psyche_adjusts(edition: Edition, law: str) -> None:
    reported = ReportedPsyche(Auction.parse(Seat.NORTH, "1S P 2S"), 1, Authority.CLUB, edition=edition)
    aware = psyche_finding(reported, {"deliberate": "yes", "gross": "yes", "aware": "yes"})
    assert (aware.colour, aware.laws) == (Colour.RED, law) and f"Law {law}" in aware.adjust
    unaware = psyche_finding(reported, {"deliberate": "no", "aware": "no"})
    assert (unaware.departure, unaware.colour, unaware.adjust) == (Departure.MISBID, Colour.GREEN, "")
    assert unaware.laws == ("40A" if edition is Edition.L1997 else "40A3")


def test_40_the_record_keeps_the_answers_and_the_history_applied() -> None:
    reported = ReportedPsyche(Auction.parse(Seat.EAST, "P 1H P 2H"), 2, Authority.EBU, board=4)
    answers = {"deliberate": "yes", "gross": "yes", "control": "no", "systemic": "no", "frivolous": "no",
               "both": "no", "explained": "yes", "colour": "AMBER"}
    record = psyche_finding(reported, answers, PartnershipHistory(ambers=1))
    assert (record.seat, record.call_no, str(record.call)) == (Seat.SOUTH, 2, "1H")
    assert dict(record.answers)["colour"] == "amber" and record.escalated


def test_40_bad_input_is_refused_with_the_field() -> None:
    auction = Auction.parse(Seat.NORTH, "1S P")
    with pytest.raises(ParseError, match="call_no, Law 40: there is no call 0"):
        psyche_questions(ReportedPsyche(auction, 0, Authority.EBU))
    with pytest.raises(ParseError, match="level: an EBU permission level is 1 to 6, not 9"):
        psyche_questions(ReportedPsyche(auction, 1, Authority.EBU, level=9))
    with pytest.raises(ParseError, match="history"):
        PartnershipHistory(ambers=-1)
    with pytest.raises(ParseError, match="aware, Law 40C1: answer yes or no"):
        psyche_finding(ReportedPsyche(auction, 1, Authority.CLUB), {"deliberate": "no", "aware": "maybe"})


def test_40_partnerships_are_named_either_way_round() -> None:
    assert parse_partnership("player z /  Player A") == parse_partnership("Player A & player z") == \
        "Player A & player z"
    with pytest.raises(ParseError, match="partnership"):
        parse_partnership("Player A")
    with pytest.raises(ParseError, match="two different players"):
        parse_partnership("Player A & player a")


@given(legal_auctions(), st.data(), st.sampled_from(list(Authority)))
def test_40_every_call_of_any_auction_can_be_reported_and_answered(auction: Auction, data: st.DataObject,
                                                                   authority: Authority) -> None:
    call_no = data.draw(st.integers(1, len(auction.calls)))
    reported = ReportedPsyche(auction, call_no, authority, level=data.draw(st.sampled_from([None, 3, 4])))
    questions = psyche_questions(reported)
    assert len({q.key for q in questions}) == len(questions) and all(q.answers for q in questions)
    chosen = {q.key: data.draw(st.sampled_from(q.answers)) for q in questions}
    finding = psyche_finding(reported, chosen)
    assert finding.seat is auction.seat_of(call_no - 1) and finding.call == auction.calls[call_no - 1]
    assert finding.regime is reported.regime
    assert bool(finding.adjust) == (finding.colour is Colour.RED)
    assert bool(finding.penalty) == (finding.colour is Colour.RED and finding.departure is Departure.PSYCHE
                                     and authority is Authority.EBU)
