"""ACBL psych regulations (seed 002, Duplicate Decisions 'Psychs'): frequency triggers, bans, deviations."""

from __future__ import annotations

from sqlalchemy.orm import Session

from bridge_director.register import Authority, Departure, EventSession, Register
from bridge_director.register.events import ensure_event, ensure_session
from bridge_director.register.psyche_rules import departure_of
from bridge_director.register.psyches import record_psyche


def _session(db: Session, name: str = "Afternoon", authority: Authority = Authority.ACBL) -> EventSession:
    return ensure_session(db, ensure_event(db, "Sectional Pairs", authority), name)


def _psych(db: Session, session: EventSession, board: int, player: str = "Player A", partner: str = "Player Z",
           call: str = "1D", initial: bool = True, departure: Departure = Departure.PSYCHE) -> list[str]:
    outcome = record_psyche(db, session=session, board_number=board, player=player, partner=partner, call=call,
                            departure=departure, initial_action=initial)
    return [alert.code for alert in outcome.alerts]


def test_excessive_psychic_bidding_three_1D_openings_in_a_session_raise_the_acbl_alert(register: Register) -> None:
    """'If a player opens 1♦ three times in one session with two or fewer diamonds ...'"""
    with register.transaction() as db:
        session = _session(db)
        assert _psych(db, session, 3) == []
        assert _psych(db, session, 11) == []
        codes = _psych(db, session, 19)
        assert "ACBL_EXCESSIVE" in codes


def test_excessive_psychic_bidding_counts_both_members_of_the_partnership(register: Register) -> None:
    with register.transaction() as db:
        session = _session(db)
        _psych(db, session, 1, player="Player A", partner="Player Z")
        _psych(db, session, 2, player="Player Z", partner="Player A")
        assert _psych(db, session, 3, player="Player A", partner="Player Z") == ["ACBL_EXCESSIVE"]


def test_excessive_psychic_bidding_is_per_session(register: Register) -> None:
    with register.transaction() as db:
        _psych(db, _session(db, "Afternoon"), 1)
        _psych(db, _session(db, "Afternoon"), 2)
        assert _psych(db, _session(db, "Evening"), 1) == []


def test_club_note_more_than_two_psychic_calls_by_a_player_shifts_the_burden_of_proof(register: Register) -> None:
    """Responses count for the club rule but are not initial actions for the ACBL rule."""
    with register.transaction() as db:
        session = _session(db, authority=Authority.CLUB)
        assert _psych(db, session, 1, call="2D", initial=False) == []
        assert _psych(db, session, 2, call="2H", initial=False) == []
        assert _psych(db, session, 3, call="1S", initial=False) == ["CLUB_MORE_THAN_TWO"]


def test_misbids_and_deviations_are_not_psychs_and_trigger_nothing(register: Register) -> None:
    with register.transaction() as db:
        session = _session(db)
        _psych(db, session, 1, departure=Departure.MISBID)
        _psych(db, session, 2, departure=Departure.DEVIATION)
        assert _psych(db, session, 3, departure=Departure.MISBID) == []


def test_tactical_bid_is_a_psych_response_outside_the_initial_action_count(register: Register) -> None:
    """1♠ – 2♦ on ♠QJxxx ♥Ax ♦xxx ♣KQx to ward off a diamond lead: a psych that needs no regulation."""
    with register.transaction() as db:
        session = _session(db)
        _psych(db, session, 1)
        _psych(db, session, 2, player="Player Z", partner="Player A", call="1H")
        assert _psych(db, session, 3, call="2D", initial=False) == []


def test_artificial_opening_may_not_be_psyched_in_acbl_events(register: Register) -> None:
    """Regulation 1: no psych of an artificial opening (Precision 1♣, Flannery 2♦)."""
    with register.transaction() as db:
        session = _session(db)
        flannery = record_psyche(db, session=session, board_number=5, player="Player A", partner="Player Z",
                                 call="2D", meaning="Flannery", departure=Departure.PSYCHE, initial_action=True)
        assert [a.code for a in flannery.alerts] == ["ACBL_ARTIFICIAL_OPENING"]
        natural = record_psyche(db, session=session, board_number=6, player="Player B", partner="Player C",
                                call="1S", departure=Departure.PSYCHE, initial_action=True)
        assert natural.alerts == ()


def test_deviation_is_within_a_queen_of_the_strength_or_one_card_of_the_length() -> None:
    one_heart = {"agreed_hcp": (12, 21), "agreed_length": 5}
    assert departure_of(deliberate=True, hcp=10, length=5, **one_heart) is Departure.DEVIATION
    assert departure_of(deliberate=True, hcp=9, length=5, **one_heart) is Departure.PSYCHE
    assert departure_of(deliberate=True, hcp=13, length=4, **one_heart) is Departure.DEVIATION
    assert departure_of(deliberate=True, hcp=13, length=3, **one_heart) is Departure.PSYCHE
    assert departure_of(deliberate=True, hcp=11, length=4, **one_heart) is Departure.PSYCHE  # both at once


def test_waiting_bid_2C_on_ace_queen_doubleton_is_not_a_psych() -> None:
    """1♠ – 2♣ on ♠Axxxx ♥xxxx ♦xx ♣AQ (10 HCP), taking a 2♣ response as 10+ HCP and three or more clubs."""
    assert departure_of(deliberate=True, agreed_hcp=(10, 37), hcp=10, agreed_length=3,
                        length=2) is Departure.DEVIATION
