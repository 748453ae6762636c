"""The psyche register under the EBU regulation (seed 000, Orange Book 6): what it stores, the partnership's
history across sessions, events and clubs, EBU 6 B 6 over that history, and the Red board's score (6 D)."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session

from bridge_director.club.psyches import (
    PsycheOutcome,
    classify,
    history_of,
    partnership_history,
    record_finding,
    record_psyche,
    rescore_red,
)
from bridge_director.errors import ConflictError, ParseError, RegisterError
from bridge_director.laws.psyche_report import ReportedPsyche, psyche_finding
from bridge_director.model import Auction, Seat
from bridge_director.register import Authority, Colour, Departure, EventSession, Register, Side
from bridge_director.register.events import ensure_event, ensure_session
from bridge_director.scoring.adjusted import Unit

AZ = "Player A & Player Z"


def _session(db: Session, level: int = 4, event: str = "Summer Swiss", name: str = "1") -> EventSession:
    return ensure_session(db, ensure_event(db, event, Authority.EBU, level), name)


def _report(db: Session, session: EventSession, board: int, colour: Colour = Colour.GREEN, *,
            player: str = "Player A", partner: str = "Player Z", call: str = "1S",
            departure: Departure = Departure.PSYCHE, **more: object) -> PsycheOutcome:
    return record_psyche(db, session=session, board_number=board, player=player, partner=partner, call=call,
                         departure=departure, colour=colour, partner_explanation="I had no reason to suspect it",
                         **more)  # type: ignore[arg-type]


def test_6A4_psyching_a_multi_two_diamonds_opening_at_level_3_is_flagged(register: Register) -> None:
    with register.transaction() as db:
        outcome = _report(db, _session(db, level=3, event="Level 3 Pairs"), 3, call="2D", meaning="Multi",
                          opening=True, initial_action=True)
        assert [(a.code, a.boards) for a in outcome.alerts] == [("EBU_MULTI_LEVEL3", (3,))]
        assert "6 A 4" in str(outcome.alerts[0])


@pytest.mark.parametrize(("level", "departure"), [(3, Departure.MISBID), (4, Departure.PSYCHE)])
def test_6A4_a_multi_misbid_or_a_multi_psyche_above_level_3_is_not_illegal(
        register: Register, level: int, departure: Departure) -> None:
    with register.transaction() as db:
        outcome = _report(db, _session(db, level=level), 3, call="2D", meaning="Multi", departure=departure,
                          opening=True, initial_action=True)
        assert outcome.alerts == ()


def test_6A6_an_artificial_opening_may_be_psyched_in_an_ebu_event(register: Register) -> None:
    with register.transaction() as db:
        outcome = _report(db, _session(db), 5, call="2C", meaning="strong, game forcing", opening=True,
                          artificial=True, initial_action=True)
        assert outcome.alerts == () and any("6 A 6" in n for n in outcome.notes)


def test_6B3_a_red_psyche_gets_a_ruling_under_law_40C1(register: Register) -> None:
    with register.transaction() as db:
        outcome = _report(db, _session(db), 9, Colour.RED, call="1H", director="Director 1")
        ruling = outcome.report.ruling
        assert ruling is not None and ruling.laws == "40C1" and ruling.director == "Director 1"
        assert "6 B 3" in ruling.decision and "6 D 3" in ruling.decision
        assert outcome.turned_red == (outcome.report,) and not outcome.report.escalated


def test_6B4_both_partners_psyching_is_likely_amber_but_the_finding_stays_the_directors(register: Register) -> None:
    with register.transaction() as db:
        outcome = _report(db, _session(db), 2, Colour.GREEN, both_partners=True)
        assert outcome.report.colour is Colour.GREEN
        assert any("6 B 4" in note and "likely" in note for note in outcome.notes)


def test_6B5_and_6D1_green_or_a_single_amber_brings_no_ruling(register: Register) -> None:
    with register.transaction() as db:
        session = _session(db)
        green = _report(db, session, 1, Colour.GREEN, call="1NT")
        amber = _report(db, session, 5, Colour.AMBER, call="2H")
        assert green.report.ruling is None and amber.report.ruling is None
        assert amber.turned_red == () and amber.report.colour is Colour.AMBER


def test_6B6_a_second_amber_makes_both_red_with_rulings(register: Register) -> None:
    with register.transaction() as db:
        first = _report(db, _session(db, name="1"), 4, Colour.AMBER)
        other_pair = _report(db, _session(db, name="1"), 6, Colour.AMBER, player="Player B", partner="Player C",
                             call="1D")
        second = _report(db, _session(db, name="2"), 17, Colour.AMBER, player="Player Z", partner="Player A",
                         call="3C")
        assert {r.id for r in second.turned_red} == {first.report.id, second.report.id}
        for report in (first.report, second.report):
            assert (report.colour, report.escalated) == (Colour.RED, True)
            assert report.ruling is not None and "6 B 6" in report.ruling.decision
        assert other_pair.report.colour is Colour.AMBER  # another partnership's Amber is not counted


def test_6B6_ambers_in_other_events_and_clubs_count(register: Register) -> None:
    """The regulation sets no limit of event: the register's whole history of the partnership is the evidence."""
    with register.transaction() as db:
        spring = _report(db, _session(db, event="North Club: Spring Pairs"), 4, Colour.AMBER)
        autumn = _report(db, _session(db, event="South Club: Autumn Pairs"), 4, Colour.AMBER,
                         player="player z", partner="PLAYER A")
        assert {r.id for r in autumn.turned_red} == {spring.report.id, autumn.report.id}
        history = partnership_history(db, "player z & player a")
        assert [(r.session.event.name, r.colour) for r in history] == [
            ("North Club: Spring Pairs", Colour.RED), ("South Club: Autumn Pairs", Colour.RED)]


def test_6B6_a_third_amber_becomes_red_too(register: Register) -> None:
    with register.transaction() as db:
        session = _session(db)
        _report(db, session, 1, Colour.AMBER)
        _report(db, session, 2, Colour.AMBER, call="2S")
        third = _report(db, session, 3, Colour.AMBER, call="3S")
        assert third.turned_red == (third.report,)
        assert (third.report.colour, third.report.escalated) == (Colour.RED, True)


def test_6B6_lowering_one_amber_takes_back_the_red_of_both(register: Register) -> None:
    with register.transaction() as db:
        session = _session(db)
        first = _report(db, session, 1, Colour.AMBER)
        second = _report(db, session, 2, Colour.AMBER, call="2S")
        red_ruling = second.report.ruling
        assert red_ruling is not None
        classify(db, first.report.id, Colour.GREEN)
        assert (first.report.colour, second.report.colour) == (Colour.GREEN, Colour.AMBER)
        assert not second.report.escalated and second.report.ruling is None
        assert red_ruling.decision.startswith("Withdrawn") and "6 D 1" in red_ruling.decision


def test_6B6_a_rescored_red_board_is_not_lowered_without_correcting_its_ruling(register: Register) -> None:
    with register.transaction() as db:
        session = _session(db)
        first = _report(db, session, 1, Colour.AMBER)
        second = _report(db, session, 2, Colour.AMBER, call="2S")
        rescore_red(db, second.report.id, offenders=Side.NS, opponents_result=45.0)
        with pytest.raises(RegisterError, match="82C"):
            classify(db, first.report.id, Colour.GREEN)


def test_6B7_6B8_amber_deviation_and_amber_misbid_make_two_amber_cases(register: Register) -> None:
    with register.transaction() as db:
        session = _session(db)
        _report(db, session, 1, Colour.AMBER, call="1NT", departure=Departure.DEVIATION)
        misbid = _report(db, session, 2, Colour.GREEN, call="2S", departure=Departure.MISBID)
        assert misbid.turned_red == ()
        later = classify(db, misbid.report.id, Colour.AMBER)
        assert sorted(r.board_number for r in later.turned_red) == [1, 2]
        assert all("no procedural penalty" in (r.ruling.decision if r.ruling else "") for r in later.turned_red)


def test_6C2_a_missing_written_explanation_is_noted(register: Register) -> None:
    with register.transaction() as db:
        outcome = record_psyche(db, session=_session(db), board_number=8, player="Player A", partner="Player Z",
                                call="1S", departure=Departure.PSYCHE)
        assert any("6 C 2" in note for note in outcome.notes)


def test_6C1_the_same_report_twice_is_one_report(register: Register) -> None:
    with register.transaction() as db:
        session = _session(db)
        first = _report(db, session, 8)
        again = _report(db, session, 8, player=" player  a ")
        assert again.report is first.report and any("already recorded" in n for n in again.notes)
        with pytest.raises(ConflictError, match="classify that report"):
            _report(db, session, 8, Colour.RED)
        assert len(partnership_history(db, AZ)) == 1


def test_a_report_needs_a_real_call_and_two_players(register: Register) -> None:
    with pytest.raises(ParseError), register.transaction() as db:
        _report(db, _session(db), 8, call="8S")
    with pytest.raises(ParseError), register.transaction() as db:
        _report(db, _session(db), 8, partner=" ")
    with pytest.raises(ParseError, match="two different players"), register.transaction() as db:
        _report(db, _session(db), 8, partner="player a")


def _red_report(db: Session, colour: Colour = Colour.RED, departure: Departure = Departure.PSYCHE) -> int:
    return _report(db, _session(db), 9, colour, call="1H", departure=departure).report.id


def test_6D2_6D3_red_board_under_60_percent_is_average_plus_minus_with_a_10_percent_penalty(
        register: Register) -> None:
    with register.transaction() as db:
        report_id = _red_report(db)
        rescore_red(db, report_id, offenders=Side.NS, opponents_result=45.0, unit=Unit.PERCENT)
    with register.transaction() as db:
        ruling = partnership_history(db, AZ)[0].ruling
        assert ruling is not None
        step = ruling.steps[-1]
        assert "6 D 2" in step.question
        assert (step.evidence["EW"], step.evidence["NS"], step.evidence["penalty"]) == (60, 40, 10)
        assert "N-S 40 %, E-W 60 %" in ruling.decision and "40C" in ruling.decision
        assert f"procedural penalty of 10 % to {AZ}" in ruling.decision
        assert ruling.penalties == []  # no pair of a section to take it off: it stays in the ruling's text


def test_6D3_recording_the_same_score_twice_gives_one_penalty(register: Register) -> None:
    with register.transaction() as db:
        report_id = _red_report(db)
        for _ in range(2):
            rescore_red(db, report_id, offenders=Side.NS, opponents_result=45.0)
        ruling = partnership_history(db, AZ)[0].ruling
        assert ruling is not None and ruling.decision.count("Scored as EBU 6 D 2") == 1
        assert sum("6 D 2" in step.question for step in ruling.steps) == 1
        with pytest.raises(ConflictError, match="82C"):
            rescore_red(db, report_id, offenders=Side.NS, opponents_result=65.0)


def test_6D2_red_board_where_opponents_gained_3_imps_stands_but_the_penalty_still_applies(
        register: Register) -> None:
    with register.transaction() as db:
        report_id = _red_report(db)
        score = rescore_red(db, report_id, offenders=Side.EW, opponents_result=5, unit=Unit.IMPS)
        assert (score.non_offenders, score.offenders, score.offenders_net) == (5, -5, -7)
        ruling = partnership_history(db, AZ)[0].ruling
        assert ruling is not None and ruling.steps[-1].evidence["penalty"] == 2
        assert "procedural penalty of 2 IMP" in ruling.decision


def test_6D3_a_red_misbid_is_rescored_without_a_penalty_and_a_psyche_penalty_may_be_raised(
        register: Register) -> None:
    with register.transaction() as db:
        misbid = _red_report(db, departure=Departure.MISBID)
        score = rescore_red(db, misbid, offenders=Side.NS, opponents_result=45.0)
        assert (score.offenders, score.penalty) == (40, None)
        ruling = partnership_history(db, AZ)[0].ruling
        assert ruling is not None and ruling.steps[-1].evidence["penalty"] is None
        assert "procedural penalty" not in ruling.decision.rpartition("Scored as")[2]
    with register.transaction() as db:
        psyche = _report(db, _session(db, event="Winter"), 2, Colour.RED, player="Player B",
                         partner="Player C").report.id
        assert rescore_red(db, psyche, offenders=Side.NS, opponents_result=45.0, penalty=20).offenders_net == 20


def test_6D1_an_amber_board_is_not_rescored(register: Register) -> None:
    with pytest.raises(RegisterError, match="6 D 1"), register.transaction() as db:
        rescore_red(db, _red_report(db, Colour.AMBER), offenders=Side.NS, opponents_result=45.0)


def test_a_finding_made_at_the_table_is_stored_with_the_history_it_used(register: Register) -> None:
    with register.transaction() as db:
        session = _session(db)
        _report(db, session, 1, Colour.AMBER)
        history = history_of(db, session, "Player Z", "Player A")
        assert history.ambers == 1 and history.session_initial_psychs == 0
        reported = ReportedPsyche(Auction.parse(Seat.NORTH, "P 1H P 2H"), 2, Authority.EBU, board=6)
        finding = psyche_finding(reported, {"deliberate": "yes", "gross": "yes", "control": "no", "systemic": "no",
                                            "frivolous": "no", "both": "no", "explained": "no", "colour": "amber"},
                                 history)
        assert finding.colour is Colour.RED
        outcome = record_finding(db, session=session, board_number=6, player="Player Z", partner="Player A",
                                 finding=finding)
        assert outcome.report.colour is Colour.RED and outcome.report.escalated
        assert len(outcome.turned_red) == 2 and any("6 C 2" in n for n in outcome.notes)
        acbl = ReportedPsyche(Auction.parse(Seat.NORTH, "1H"), 1, Authority.ACBL)
        with pytest.raises(RegisterError, match="regime"):
            record_finding(db, session=session, board_number=7, player="Player Z", partner="Player A",
                           finding=psyche_finding(acbl, {"deliberate": "no", "artificial": "no", "experience": "no",
                                                         "control": "no", "systemic": "no", "frivolous": "no",
                                                         "unsportsmanlike": "no"}))
