"""EBU psyche regulations (seed 000, Orange Book 6): definitions, Multi ban, Red/Amber/Green and escalation."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session

from bridge_director.errors import ParseError, RegisterError
from bridge_director.register import Authority, Colour, Departure, EventSession, PenaltyKind, Register, Side
from bridge_director.register.events import ensure_event, ensure_session
from bridge_director.register.psyche_rules import departure_of
from bridge_director.register.psyches import classify, partnership_history, record_psyche, rescore_red
from bridge_director.scoring.adjusted import Unit


def _session(db: Session, level: int = 4, event: str = "Summer Swiss", name: str = "1") -> EventSession:
    return ensure_session(db, ensure_event(db, event, Authority.EBU, level), name)


def test_6A1_psyche_misbid_and_deviation_are_told_apart_by_intent_and_size() -> None:
    weak_two = {"agreed_hcp": (6, 10), "agreed_length": 6}
    assert departure_of(deliberate=True, hcp=1, length=3, **weak_two) is Departure.PSYCHE  # gross
    assert departure_of(deliberate=False, hcp=1, length=3, **weak_two) is Departure.MISBID  # inadvertent
    assert departure_of(deliberate=True, hcp=11, length=6, **weak_two) is Departure.DEVIATION  # minor
    assert departure_of(deliberate=True, hcp=8, length=6, **weak_two) is None  # as agreed


def test_6A4_psyching_a_multi_two_diamonds_at_level_3_is_flagged(register: Register) -> None:
    with register.transaction() as db:
        level3 = _session(db, level=3, event="Level 3 Pairs")
        outcome = record_psyche(db, session=level3, board_number=3, player="Player A", partner="Player Z",
                                call="2D", meaning="Multi", departure=Departure.PSYCHE, initial_action=True)
        assert [a.code for a in outcome.alerts] == ["EBU_MULTI_LEVEL3"]
        assert "6 A 4" in str(outcome.alerts[0])


@pytest.mark.parametrize(("level", "departure"), [(3, Departure.MISBID), (4, Departure.PSYCHE)])
def test_6A4_a_multi_misbid_or_a_multi_psyche_above_level_3_is_not_illegal(
        register: Register, level: int, departure: Departure) -> None:
    with register.transaction() as db:
        outcome = record_psyche(db, session=_session(db, level=level), board_number=3, player="Player A",
                                partner="Player Z", call="2D", meaning="Multi", departure=departure,
                                initial_action=True)
        assert outcome.alerts == ()


def test_6B3_a_red_psyche_gets_a_ruling_under_law_40C1(register: Register) -> None:
    with register.transaction() as db:
        outcome = record_psyche(db, session=_session(db), board_number=9, player="Player A", partner="Player Z",
                                call="1H", departure=Departure.PSYCHE, colour=Colour.RED, director="Director 1")
        ruling = outcome.report.ruling
        assert ruling is not None and ruling.laws == "40C1" and ruling.director == "Director 1"
        assert outcome.turned_red == (outcome.report,) and not outcome.report.escalated


def test_6B4_both_partners_psyching_on_one_hand_is_at_least_amber(register: Register) -> None:
    with register.transaction() as db:
        outcome = record_psyche(db, session=_session(db), board_number=2, player="Player A", partner="Player Z",
                                call="1S", departure=Departure.PSYCHE, colour=Colour.GREEN, both_partners=True,
                                partner_explanation="I had a real opening")
        assert outcome.report.colour is Colour.AMBER
        assert any("6 B 4" in note for note in outcome.notes)


def test_6B5_and_6D1_green_or_a_single_amber_brings_no_ruling_or_adjustment(register: Register) -> None:
    with register.transaction() as db:
        session = _session(db)
        green = record_psyche(db, session=session, board_number=1, player="Player A", partner="Player Z",
                              call="1NT", departure=Departure.PSYCHE, colour=Colour.GREEN)
        amber = record_psyche(db, session=session, board_number=5, player="Player A", partner="Player Z",
                              call="2H", departure=Departure.PSYCHE, colour=Colour.AMBER)
        assert green.report.ruling is None and amber.report.ruling is None
        assert amber.turned_red == () and amber.report.colour is Colour.AMBER


def test_6B6_a_second_amber_makes_both_red_with_rulings(register: Register) -> None:
    with register.transaction() as db:
        first = record_psyche(db, session=_session(db, name="1"), board_number=4, player="Player A",
                              partner="Player Z", call="1S", departure=Departure.PSYCHE, colour=Colour.AMBER)
        other_pair = record_psyche(db, session=_session(db, name="1"), board_number=6, player="Player B",
                                   partner="Player C", call="1D", departure=Departure.PSYCHE, colour=Colour.AMBER)
        second = record_psyche(db, session=_session(db, name="2"), board_number=17, player="Player Z",
                               partner="Player A", call="3C", departure=Departure.PSYCHE, colour=Colour.AMBER)
        assert {r.id for r in second.turned_red} == {first.report.id, second.report.id}
        for report in (first.report, second.report):
            assert (report.colour, report.escalated) == (Colour.RED, True)
            assert report.ruling is not None and "6 B 6" in report.ruling.decision
        assert other_pair.report.colour is Colour.AMBER  # another partnership's Amber is not counted
        with pytest.raises(RegisterError, match="6 B 6"):
            classify(db, first.report.id, Colour.GREEN)


def test_6B7_6B8_amber_deviation_and_amber_misbid_escalate_like_psyches(register: Register) -> None:
    with register.transaction() as db:
        session = _session(db)
        record_psyche(db, session=session, board_number=1, player="Player A", partner="Player Z", call="1NT",
                      departure=Departure.DEVIATION, colour=Colour.AMBER)
        misbid = record_psyche(db, session=session, board_number=2, player="Player A", partner="Player Z",
                               call="2S", departure=Departure.MISBID, colour=Colour.GREEN)
        assert misbid.turned_red == ()
        later = classify(db, misbid.report.id, Colour.AMBER)
        assert sorted(r.board_number for r in later.turned_red) == [1, 2]


def test_6B6_ambers_in_different_events_do_not_rescore_each_other(register: Register) -> None:
    with register.transaction() as db:
        record_psyche(db, session=_session(db, event="Spring Pairs"), board_number=4, player="Player A",
                      partner="Player Z", call="1S", departure=Departure.PSYCHE, colour=Colour.AMBER)
        second = record_psyche(db, session=_session(db, event="Autumn Pairs"), board_number=4, player="Player A",
                               partner="Player Z", call="1S", departure=Departure.PSYCHE, colour=Colour.AMBER)
        assert second.turned_red == ()
        history = partnership_history(db, "Player A & Player Z")
        assert [r.session.event.name for r in history] == ["Spring Pairs", "Autumn Pairs"]


def test_6C2_a_missing_written_explanation_is_noted(register: Register) -> None:
    with register.transaction() as db:
        outcome = record_psyche(db, session=_session(db), board_number=8, player="Player A", partner="Player Z",
                                call="1S", departure=Departure.PSYCHE)
        assert any("6 C 2" in note for note in outcome.notes)


def test_a_report_needs_a_real_call_and_two_players(register: Register) -> None:
    with pytest.raises(ParseError), register.transaction() as db:
        record_psyche(db, session=_session(db), board_number=8, player="Player A", partner="Player Z",
                      call="8S", departure=Departure.PSYCHE)
    with pytest.raises(ParseError), register.transaction() as db:
        record_psyche(db, session=_session(db), board_number=8, player="Player A", partner=" ",
                      call="1S", departure=Departure.PSYCHE)


def _red_report(db: Session, colour: Colour = Colour.RED) -> int:
    outcome = record_psyche(db, session=_session(db), board_number=9, player="Player A", partner="Player Z",
                            call="1H", departure=Departure.PSYCHE, colour=colour)
    return outcome.report.id


def test_6D2_6D3_red_board_under_60_percent_is_average_plus_minus_with_a_10_percent_penalty(
        register: Register) -> None:
    with register.transaction() as db:
        report_id = _red_report(db)
        rescore_red(db, report_id, offenders=Side.NS, opponents_result=45.0, unit=Unit.PERCENT)
    with register.transaction() as db:
        ruling = partnership_history(db, "Player A & Player Z")[0].ruling
        assert ruling is not None
        scores = {a.side: a.score for a in ruling.adjusted_scores}
        assert scores == {Side.EW: "60 %", Side.NS: "40 %"}
        assert all("40C" in a.law for a in ruling.adjusted_scores)
        [penalty] = ruling.penalties
        assert (penalty.kind, penalty.amount, penalty.offender) == (PenaltyKind.PROCEDURAL, "10 %",
                                                                    "Player A & Player Z")
        assert "6 D 2" in ruling.steps[-1].question


def test_6D2_red_board_where_opponents_gained_3_imps_stands_but_the_penalty_still_applies(
        register: Register) -> None:
    with register.transaction() as db:
        report_id = _red_report(db)
        score = rescore_red(db, report_id, offenders=Side.EW, opponents_result=5, unit=Unit.IMPS)
        assert (score.non_offenders, score.offenders) == (5, -5)
        ruling = partnership_history(db, "Player A & Player Z")[0].ruling
        assert ruling is not None and [p.amount for p in ruling.penalties] == ["2 IMP"]


def test_6D1_an_amber_board_is_not_rescored(register: Register) -> None:
    with pytest.raises(RegisterError, match="6 D 1"), register.transaction() as db:
        rescore_red(db, _red_report(db, Colour.AMBER), offenders=Side.NS, opponents_result=45.0)
