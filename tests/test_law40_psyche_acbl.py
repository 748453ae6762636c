"""ACBL psych regulation (seed 002, Duplicate Decisions "Psychs", Law 40) as pure functions: the forbidden psychs,
the frequency triggers and what follows for the score and the player, each checked by its outcome."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge_director.laws.law40_psyches import NO_HISTORY, PartnershipHistory, PsycheFinding, departure_of
from bridge_director.laws.psyche_acbl import session_alerts
from bridge_director.laws.psyche_report import ReportedPsyche, psyche_finding, psyche_questions
from bridge_director.model import Auction, Seat
from bridge_director.model.regulation import Authority, Colour, Departure
from bridge_director.table.edition import Edition

ONE_DIAMOND = Auction.parse(Seat.NORTH, "1D P 1S P 2S P 4S P P P")


def answers(**given: str) -> dict[str, str]:
    """A psych with nothing forbidden, nothing frivolous, and partner with no edge on it, changed by ``given``."""
    base = {"deliberate": "yes", "gross": "yes", "artificial": "no", "conventional": "no", "control": "no",
            "systemic": "no", "frivolous": "no", "unsportsmanlike": "no", "experience": "no"}
    return {**base, **given}


def acbl(auction: Auction = ONE_DIAMOND, call_no: int = 1, history: PartnershipHistory = NO_HISTORY,
         edition: Edition = Edition.L2017, **given: str) -> PsycheFinding:
    """The finding on call ``call_no`` of ``auction`` in an ACBL event, board 19; only the questions asked are
    answered."""
    reported = ReportedPsyche(auction, call_no, Authority.ACBL, edition=edition, board=19)
    asked = {q.key for q in psyche_questions(reported)}
    return psyche_finding(reported, {k: v for k, v in answers(**given).items() if k in asked}, history)


def codes(finding: PsycheFinding) -> list[str]:
    return [alert.code for alert in finding.alerts]


@pytest.mark.parametrize("opening", ["1C", "2D"])
def test_acbl_regulation_1_precision_1C_or_flannery_2D_may_not_be_psyched(opening: str) -> None:
    auction = Auction.parse(Seat.WEST, f"{opening} P 2H P")
    finding = acbl(auction, 1, artificial="yes")
    assert codes(finding) == ["ACBL_ARTIFICIAL_OPENING"]
    assert finding.alerts[0].regulation == "ACBL psych regulation 1" and finding.alerts[0].boards == (19,)
    assert codes(acbl(auction, 1, artificial="no")) == []  # a natural opening may be psyched
    assert codes(acbl(auction, 1, artificial="yes", gross="no")) == []  # a deviation is no psych
    ebu = psyche_finding(ReportedPsyche(auction, 1, Authority.EBU),
                         {"deliberate": "yes", "gross": "yes", "control": "no", "systemic": "no", "frivolous": "no",
                          "both": "no", "explained": "yes", "colour": "green"})
    assert ebu.alerts == ()  # the authority decides: EBU 6 A 6 allows it


def test_acbl_regulation_1_conventional_response_to_an_artificial_opening() -> None:
    """North opens a Precision 1♣; South's 1♦ negative is psyched."""
    auction = Auction.parse(Seat.NORTH, "1C P 1D P")
    [question] = [q for q in psyche_questions(ReportedPsyche(auction, 3, Authority.ACBL)) if q.key == "conventional"]
    assert "1C" in question.text and "1D" in question.text
    assert codes(acbl(auction, 3, conventional="yes")) == ["ACBL_CONVENTIONAL_RESPONSE"]
    assert codes(acbl(auction, 3, conventional="no")) == []
    assert "conventional" not in {q.key for q in psyche_questions(ReportedPsyche(auction, 1, Authority.ACBL))}


def test_acbl_regulation_2_no_psychic_controls() -> None:
    """A 'natural' 2♠ response to a weak two over which opener may not raise: a control, not allowed."""
    auction = Auction.parse(Seat.NORTH, "2H P 2S P P P")
    finding = acbl(auction, 3, control="yes")
    assert codes(finding) == ["ACBL_PSYCHIC_CONTROL"]


def test_acbl_regulation_3_no_system_of_frequent_psychs() -> None:
    assert codes(acbl(systemic="yes")) == ["ACBL_SYSTEMIC"]


def test_acbl_excessive_a_third_psychic_initial_action_in_a_session_is_presumed_excessive() -> None:
    """'If a player opens 1♦ three times in one session with two or fewer diamonds...'"""
    second = acbl(history=PartnershipHistory(session_initial_psychs=1))
    third = acbl(history=PartnershipHistory(session_initial_psychs=2))
    assert codes(second) == [] and second.conduct == ""
    assert codes(third) == ["ACBL_EXCESSIVE"]
    assert "excessive" in third.conduct and "not a score adjustment" in third.conduct
    assert third.adjust == "" and third.colour is Colour.GREEN  # disciplinary action, the score stands


def test_acbl_excessive_partner_catching_the_psych_from_experience_adjusts_the_result() -> None:
    """Partner, from prior usage, has a better chance than the opponents of catching the psych: presumptive
    evidence of an undisclosed understanding, and the result of the board may be adjusted."""
    finding = acbl(history=PartnershipHistory(session_initial_psychs=2, earlier_psychs=4), experience="yes")
    assert finding.colour is Colour.RED and "Law 12C" in finding.adjust
    assert finding.laws == "40C1"
    assert any("4 earlier psych" in n for n in finding.notes)


def test_acbl_club_note_more_than_two_psychic_calls_by_a_player() -> None:
    assert codes(acbl(ONE_DIAMOND, 3, history=PartnershipHistory(player_session_psychs=1))) == []
    assert codes(acbl(ONE_DIAMOND, 3, history=PartnershipHistory(player_session_psychs=2))) == ["CLUB_MORE_THAN_TWO"]


@pytest.mark.parametrize("conduct", ["frivolous", "unsportsmanlike"])
def test_acbl_frivolous_or_unsportsmanlike_psychs_bring_discipline_not_a_score(conduct: str) -> None:
    finding = acbl(frivolous="yes" if conduct == "frivolous" else "no",
                   unsportsmanlike="yes" if conduct == "unsportsmanlike" else "no")
    assert finding.conduct == f"{conduct} psychic bidding: disciplinary action (Law 91), not a score adjustment"
    assert finding.adjust == ""


def test_acbl_tactical_response_is_a_psych_outside_the_initial_action_count() -> None:
    """1♠ – 2♦ on ♠QJxxx ♥Ax ♦xxx ♣KQx to ward off a diamond lead: needs no regulation."""
    auction = Auction.parse(Seat.NORTH, "1S P 2D P 2S P 4S P P P")
    finding = acbl(auction, 3, history=PartnershipHistory(session_initial_psychs=2))
    assert not finding.initial_action and not finding.opening
    assert (codes(finding), finding.conduct, finding.adjust) == ([], "", "")


def test_acbl_waiting_2C_is_not_a_psych() -> None:
    """1♠ – 2♣ on ♠Axxxx ♥xxx ♦xx ♣AQ: the length is not grossly misstated, so a deviation at most."""
    auction = Auction.parse(Seat.NORTH, "1S P 2C P 2S P 3S")
    finding = acbl(auction, 3, gross="no", history=PartnershipHistory(session_initial_psychs=5,
                                                                          player_session_psychs=5))
    assert finding.departure is Departure.DEVIATION and finding.alerts == ()
    assert any("not a psych" in n for n in finding.notes)
    assert departure_of(deliberate=True, agreed_hcp=(10, 37), hcp=10, agreed_length=3,
                        length=2) is Departure.DEVIATION


def test_acbl_deviation_is_within_a_queen_of_the_strength_or_one_card_of_the_length() -> None:
    one_heart = {"agreed_hcp": (12, 21), "agreed_length": 5}
    assert departure_of(deliberate=True, hcp=10, length=5, **one_heart) is Departure.DEVIATION  # type: ignore[arg-type]
    assert departure_of(deliberate=True, hcp=9, length=5, **one_heart) is Departure.PSYCHE  # type: ignore[arg-type]
    assert departure_of(deliberate=True, hcp=13, length=4, **one_heart) is Departure.DEVIATION  # type: ignore[arg-type]
    assert departure_of(deliberate=True, hcp=13, length=3, **one_heart) is Departure.PSYCHE  # type: ignore[arg-type]
    assert departure_of(deliberate=True, hcp=11, length=4, **one_heart) is Departure.PSYCHE  # type: ignore[arg-type]


def test_acbl_edition_names_the_law_of_an_undisclosed_understanding() -> None:
    assert acbl(edition=Edition.L1997, experience="yes").laws == "40B, 40C"
    assert acbl(edition=Edition.L1997).laws == "40A"
    assert acbl(edition=Edition.L2007).laws == "40A3"


def test_acbl_has_no_amber() -> None:
    assert "amber" not in {a for q in psyche_questions(ReportedPsyche(ONE_DIAMOND, 1, Authority.ACBL))
                           for a in q.answers}


@dataclass(frozen=True)
class Stored:
    player: str
    partnership: str
    board_number: int
    departure: Departure
    initial_action: bool


AZ = "Player A & Player Z"


def test_acbl_session_three_1D_openings_by_the_partnership() -> None:
    reports = [Stored("Player A", AZ, 3, Departure.PSYCHE, True), Stored("Player Z", AZ, 11, Departure.PSYCHE, True),
               Stored("player a", "player a & Player Z", 19, Departure.PSYCHE, True)]
    [alert] = session_alerts(reports)
    assert (alert.code, alert.subject, alert.boards) == ("ACBL_EXCESSIVE", AZ, (3, 11, 19))
    assert session_alerts(reports[:2]) == []


def test_acbl_session_player_with_three_psychic_calls_and_misbids_not_counted() -> None:
    reports = [Stored("Player A", AZ, n, Departure.PSYCHE, False) for n in (1, 2, 3)]
    assert [(a.code, a.subject, a.boards) for a in session_alerts(reports)] == [
        ("CLUB_MORE_THAN_TWO", "Player A", (1, 2, 3))]
    others = [Stored("Player A", AZ, n, kind, True) for n, kind in ((4, Departure.MISBID), (5, Departure.DEVIATION))]
    assert session_alerts(reports[:2] + others) == []


@given(st.lists(st.tuples(st.sampled_from(["Player A", "Player Z"]), st.sampled_from(list(Departure)),
                          st.booleans()), max_size=8))
def test_acbl_session_partnership_alert_exactly_at_three_psychic_initial_actions(
        calls: list[tuple[str, Departure, bool]]) -> None:
    reports = [Stored(p, AZ, n, d, i) for n, (p, d, i) in enumerate(calls, start=1)]
    initial = sum(d is Departure.PSYCHE and i for _, d, i in calls)
    assert any(a.code == "ACBL_EXCESSIVE" for a in session_alerts(reports)) == (initial >= 3)
