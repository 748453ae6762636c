"""The psyche register under the ACBL regulation (seed 002, Duplicate Decisions "Psychs"): the frequency triggers
per session, the forbidden psychs, no Amber, and what a Red finding means; the authority of the event decides."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session

from bridge_director.club.psyches import PsycheOutcome, classify, history_of, record_finding, record_psyche, rescore_red
from bridge_director.errors import RegisterError
from bridge_director.laws.psyche_report import ReportedPsyche, psyche_finding
from bridge_director.model import Auction, Seat
from bridge_director.register import Authority, Colour, Departure, EventSession, Register, Side
from bridge_director.register.events import ensure_event, ensure_session


def _session(db: Session, name: str = "Afternoon", authority: Authority = Authority.ACBL,
             event: str = "Sectional Pairs") -> EventSession:
    return ensure_session(db, ensure_event(db, event, authority), name)


def _record(db: Session, session: EventSession, board: int, player: str = "Player A", partner: str = "Player Z",
            call: str = "1D", initial: bool = True, departure: Departure = Departure.PSYCHE,
            colour: Colour = Colour.GREEN, opening: bool | None = None, **more: bool | str) -> PsycheOutcome:
    """A report on ``board``; an initial action is taken as the opening unless ``opening`` says otherwise."""
    return record_psyche(db, session=session, board_number=board, player=player, partner=partner, call=call,
                         departure=departure, initial_action=initial, colour=colour,
                         opening=initial if opening is None else opening, **more)  # type: ignore[arg-type]


def _codes(outcome: PsycheOutcome) -> list[str]:
    return [alert.code for alert in outcome.alerts]


def test_acbl_excessive_three_1D_openings_in_a_session_raise_the_presumption(register: Register) -> None:
    """'If a player opens 1♦ three times in one session with two or fewer diamonds ...'"""
    with register.transaction() as db:
        session = _session(db)
        assert _codes(_record(db, session, 3)) == []
        assert _codes(_record(db, session, 11)) == []
        third = _record(db, session, 19)
        assert _codes(third) == ["ACBL_EXCESSIVE", "CLUB_MORE_THAN_TWO"]
        assert third.alerts[0].boards == (3, 11, 19) and "presumed" in third.alerts[0].message


def test_acbl_excessive_counts_both_members_of_the_partnership(register: Register) -> None:
    with register.transaction() as db:
        session = _session(db)
        _record(db, session, 1, player="Player A", partner="Player Z")
        _record(db, session, 2, player="Player Z", partner="Player A")
        assert _codes(_record(db, session, 3, player="player a", partner="player z")) == ["ACBL_EXCESSIVE"]


def test_acbl_excessive_is_per_session(register: Register) -> None:
    with register.transaction() as db:
        _record(db, _session(db, "Afternoon"), 1)
        _record(db, _session(db, "Afternoon"), 2)
        evening = _record(db, _session(db, "Evening"), 1)
        assert _codes(evening) == []
        assert any("2 earlier psych" in note for note in evening.notes)  # the history across sessions


def test_acbl_club_note_more_than_two_psychic_calls_by_a_player(register: Register) -> None:
    """Responses count for the club rule but are not initial actions for the excessive-psyching rule."""
    with register.transaction() as db:
        session = _session(db)
        assert _codes(_record(db, session, 1, call="2D", initial=False)) == []
        assert _codes(_record(db, session, 2, call="2H", initial=False)) == []
        assert _codes(_record(db, session, 3, call="1S", initial=False)) == ["CLUB_MORE_THAN_TWO"]


def test_acbl_the_authority_decides_no_frequency_rule_in_ebu_or_club_events(register: Register) -> None:
    for authority in (Authority.EBU, Authority.CLUB):
        with register.transaction() as db:
            session = _session(db, authority=authority, event=f"{authority.value} Pairs")
            outcomes = [_record(db, session, board) for board in (1, 2, 3, 4)]
            assert all(o.alerts == () for o in outcomes)


def test_acbl_misbids_and_deviations_are_not_psychs_and_trigger_nothing(register: Register) -> None:
    with register.transaction() as db:
        session = _session(db)
        _record(db, session, 1, departure=Departure.MISBID)
        _record(db, session, 2, departure=Departure.DEVIATION)
        assert _codes(_record(db, session, 3, departure=Departure.MISBID)) == []
        assert _codes(_record(db, session, 4)) == []


def test_acbl_tactical_response_is_a_psych_outside_the_initial_action_count(register: Register) -> None:
    """1♠ – 2♦ on ♠QJxxx ♥Ax ♦xxx ♣KQx to ward off a diamond lead: a psych that needs no regulation."""
    with register.transaction() as db:
        session = _session(db)
        _record(db, session, 1)
        _record(db, session, 2, player="Player Z", partner="Player A", call="1H")
        assert _codes(_record(db, session, 3, call="2D", initial=False)) == []


def test_acbl_regulation_1_an_artificial_opening_may_not_be_psyched(register: Register) -> None:
    """Precision 1♣ and Flannery 2♦ may not be psyched; a natural opening with its meaning written may."""
    with register.transaction() as db:
        session = _session(db)
        flannery = _record(db, session, 5, call="2D", meaning="Flannery", artificial=True)
        assert _codes(flannery) == ["ACBL_ARTIFICIAL_OPENING"]
        natural = _record(db, session, 6, player="Player B", partner="Player C", call="1S",
                          meaning="natural, 5+ spades, 11-19")
        assert natural.alerts == ()
        overcall = _record(db, session, 7, player="Player D", partner="Player E", call="2C", meaning="Michaels",
                           artificial=True, initial=True, opening=False)
        assert overcall.alerts == ()  # an artificial overcall is not an opening bid


def test_acbl_regulation_1_a_conventional_response_to_an_artificial_opening(register: Register) -> None:
    with register.transaction() as db:
        response = _record(db, _session(db), 4, call="1D", initial=False, conventional_response=True)
        assert _codes(response) == ["ACBL_CONVENTIONAL_RESPONSE"]


def test_acbl_has_no_amber(register: Register) -> None:
    with pytest.raises(RegisterError, match="no Amber"), register.transaction() as db:
        _record(db, _session(db), 1, colour=Colour.AMBER)
    with register.transaction() as db:
        report = _record(db, _session(db), 1).report.id
        with pytest.raises(RegisterError, match="no Amber"):
            classify(db, report, Colour.AMBER)


def test_acbl_red_means_a_law_12_adjustment_not_the_ebu_formula(register: Register) -> None:
    """Partner allowed for the psych from experience: the board is adjusted under Law 12; EBU 6 D does not apply."""
    with register.transaction() as db:
        outcome = _record(db, _session(db), 8, colour=Colour.RED)
        ruling = outcome.report.ruling
        assert ruling is not None and "Law 12" in ruling.decision and "EBU" not in ruling.decision
        assert "experience" in ruling.decision
        with pytest.raises(RegisterError, match="EBU 6 D 2"):
            rescore_red(db, outcome.report.id, offenders=Side.NS, opponents_result=45.0)
        classify(db, outcome.report.id, Colour.GREEN)
        assert outcome.report.ruling is None and ruling.decision.startswith("Withdrawn")


def test_acbl_a_table_finding_uses_the_sessions_history(register: Register) -> None:
    """The third 1♦ opening of the session, reported at the table: the history makes it excessive."""
    with register.transaction() as db:
        session = _session(db)
        _record(db, session, 3)
        _record(db, session, 11, player="Player Z", partner="Player A")
        history = history_of(db, session, "Player A", "Player Z")
        assert (history.session_initial_psychs, history.player_session_psychs, history.ambers) == (2, 1, 0)
        reported = ReportedPsyche(Auction.parse(Seat.NORTH, "1D P 1S P 2S"), 1, Authority.ACBL, board=19)
        finding = psyche_finding(reported, {"deliberate": "yes", "gross": "yes", "artificial": "no", "control": "no",
                                            "systemic": "no", "frivolous": "no", "unsportsmanlike": "no",
                                            "experience": "no"}, history)
        outcome = record_finding(db, session=session, board_number=19, player="Player A", partner="Player Z",
                                 finding=finding)
        assert [(a.code, a.boards) for a in outcome.alerts] == [("ACBL_EXCESSIVE", (3, 11, 19))]
        assert outcome.report.colour is Colour.GREEN and outcome.report.initial_action
