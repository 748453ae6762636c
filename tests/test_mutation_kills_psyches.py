"""Law 40 and the psyche regulations (laws.law40_psyches, psyche_ebu, psyche_acbl, psyche_report): every field of a
finding under each regulation (EBU Orange Book 6, ACBL Duplicate Decisions, the Laws alone), the alerts with their
clause, subject and board, the refusals naming their field and law, and the bounds of the measures (a queen of
strength, one card of length).  Values worked out from the clauses."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from bridge_director.errors import BridgeError, ParseError
from bridge_director.laws import psyche_acbl, psyche_ebu
from bridge_director.laws.law40_psyches import (
    NO_HISTORY,
    Alert,
    PartnershipHistory,
    PsycheFinding,
    Regime,
    TableFacts,
    answer,
    departure_of,
    listed,
    parse_partnership,
    partnership_fold,
    partnership_key,
)
from bridge_director.laws.psyche_report import ReportedPsyche, psyche_finding, psyche_questions
from bridge_director.laws.ruling import Question
from bridge_director.model import Auction, Bid, Seat, Strain
from bridge_director.model.regulation import Authority, Colour, Departure
from bridge_director.scoring.adjusted import ProceduralPenalty, Unit
from bridge_director.table.edition import Edition

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
#: North opens 1♠ (the reported call), East doubles, West bids 2NT, East 3NT, and North doubles the final 3NT
WATSON = Auction.parse(N, "1S X P 2NT P 3NT P P X P P P")
#: North opens 1♣, South responds 1♥, North rebids 1NT
CLUB = Auction.parse(N, "1C P 1H P 1NT P P P")
MULTI = Auction.parse(N, "2D P 2H P P P")
ONE_SPADE = Bid(1, Strain.SPADES)


def err(error: pytest.ExceptionInfo[BridgeError]) -> tuple[str, str | None, str | None]:
    return error.value.message, error.value.field, error.value.law


# ===== Law 40: the measures, the partnership, the answers =========================================================
@pytest.mark.parametrize(("authority", "regime"), [
    (Authority.EBU, Regime.EBU), (Authority.ACBL, Regime.ACBL), (Authority.WBF, Regime.LAWS),
    (Authority.CLUB, Regime.LAWS)])
def test_40_the_authority_chooses_the_regulation(authority: Authority, regime: Regime) -> None:
    assert Regime.of(authority) is regime


@pytest.mark.parametrize(("low", "high", "hcp"), [(12, 12, 12), (0, 37, 0), (37, 37, 37), (0, 0, 37)])
def test_40_strength_ranges_at_their_bounds_are_read(low: int, high: int, hcp: int) -> None:
    found = departure_of(deliberate=True, agreed_hcp=(low, high), hcp=hcp)
    assert found is (None if low <= hcp <= high else Departure.PSYCHE)


@pytest.mark.parametrize(("low", "high", "hcp"), [(13, 12, 12), (-1, 12, 12), (38, 38, 12), (12, 14, 38),
                                                  (12, 14, -1)])
def test_40_a_strength_out_of_bounds_is_refused_naming_the_field(low: int, high: int, hcp: int) -> None:
    with pytest.raises(ParseError) as error:
        departure_of(deliberate=True, agreed_hcp=(low, high), hcp=hcp)
    assert err(error) == (f"high-card points are 0 to 37 with the range low to high, not {hcp} against "
                          f"{low}-{high}", "hcp", None)


@pytest.mark.parametrize(("agreed", "length"), [(14, 5), (-1, 5), (5, 14), (5, -1)])
def test_40_a_suit_length_out_of_bounds_is_refused_naming_the_field(agreed: int, length: int) -> None:
    with pytest.raises(ParseError) as error:
        departure_of(deliberate=True, agreed_hcp=(12, 14), hcp=12, agreed_length=agreed, length=length)
    assert err(error) == (f"a suit has 0 to 13 cards, not {length} against {agreed}", "length", None)


@pytest.mark.parametrize(("hcp", "length", "found"), [
    (10, 5, Departure.DEVIATION),  # two points short: within a queen
    (16, 5, Departure.DEVIATION),  # two points over
    (9, 5, Departure.PSYCHE),  # three short
    (12, 4, Departure.DEVIATION),  # one card short
    (12, 3, Departure.PSYCHE),  # two cards short
    (11, 4, Departure.PSYCHE),  # a point and a card: gross
    (12, 7, None), (14, 5, None)])
def test_40_deviation_within_a_queen_or_one_card_else_psyche(hcp: int, length: int, found: Departure | None) -> None:
    assert departure_of(deliberate=True, agreed_hcp=(12, 14), hcp=hcp, agreed_length=5, length=length) is found


def test_40_suit_lengths_from_0_to_13_are_read() -> None:
    assert departure_of(deliberate=True, agreed_hcp=(0, 37), hcp=10, agreed_length=0, length=13) is None
    assert departure_of(deliberate=True, agreed_hcp=(0, 37), hcp=10, agreed_length=13, length=13) is None


def test_40_an_inadvertent_departure_is_a_misbid_and_no_length_agreed_measures_strength_only() -> None:
    assert departure_of(deliberate=False, agreed_hcp=(12, 14), hcp=3) is Departure.MISBID
    assert departure_of(deliberate=True, agreed_hcp=(12, 14), hcp=13, agreed_length=None, length=0) is None


def test_40_a_partnership_is_its_two_players_in_either_order() -> None:
    assert partnership_key("Zoe  Y", "ann x") == "ann x & Zoe Y"
    assert partnership_fold("ann x & Zoe Y") == "ann x & zoe y"
    assert parse_partnership("Bob & Ann") == "Ann & Bob"
    assert parse_partnership("Ann + Bob") == "Ann & Bob"
    assert parse_partnership("Bob / Ann") == "Ann & Bob"
    assert parse_partnership("Ann / Bob / Cy") == "Ann & Bob / Cy"  # the first separator splits


def test_40_a_partnership_needs_two_named_players() -> None:
    with pytest.raises(ParseError) as error:
        partnership_key("Ann", "  ")
    assert err(error) == ("a partnership has two named players", "partnership", None)
    with pytest.raises(ParseError) as error:
        partnership_key("Ann", "ann")
    assert err(error) == ("a partnership has two different players, not 'Ann' twice", "partnership", None)
    with pytest.raises(ParseError) as error:
        parse_partnership("Ann and Bob")
    assert err(error) == ("not a partnership: 'Ann and Bob' (write 'Player One & Player Two')", "partnership", None)


@pytest.mark.parametrize("field", ["ambers", "session_initial_psychs", "player_session_psychs", "earlier_psychs"])
def test_40_a_partnership_history_counts_cannot_be_negative(field: str) -> None:
    with pytest.raises(ParseError) as error:
        PartnershipHistory(**{field: -1})
    assert err(error) == ("a partnership's history counts reports: none can be negative", "history", None)


def test_40_the_director_answers_from_the_list_the_law_named_when_it_is_one() -> None:
    law = Question("q", "Was it a psyche?", ("yes", "no"), "7B")
    regulation = Question("r", "Was it red?", ("red", "green"), "EBU 6 B 3")
    assert answer({"q": " YES "}, law) == "yes"
    with pytest.raises(ParseError) as error:
        answer({}, law)
    assert err(error) == ("the director has not answered: Was it a psyche?", "q", "7B")
    with pytest.raises(ParseError) as error:
        answer({}, regulation)
    assert err(error) == ("the director has not answered (EBU 6 B 3): Was it red?", "r", None)
    with pytest.raises(ParseError) as error:
        answer({"r": "amber"}, regulation)
    assert err(error) == ("answer red or green (EBU 6 B 3), not 'amber'", "r", None)
    with pytest.raises(ParseError) as error:
        answer({"q": "maybe"}, law)
    assert err(error) == ("answer yes or no, not 'maybe'", "q", "7B")


def test_40_an_alert_says_its_clause_and_message() -> None:
    assert str(Alert("C", "EBU 6 A 3", "control", (1,), "not permitted")) == "EBU 6 A 3: not permitted"
    assert listed(()) == "none"


def test_40_table_facts_of_a_response_and_of_a_later_call() -> None:
    passed = CLUB.calls[1]
    assert TableFacts.of(CLUB, 3) == TableFacts(S, Bid(1, Strain.HEARTS), 3, opening=False, initial_action=False,
                                                partner_opening=Bid(1, Strain.CLUBS),
                                                partner_later=(Bid(1, Strain.NOTRUMP),), own_later=(passed,))
    later = TableFacts.of(CLUB, 5, Edition.L1997, level=1)
    assert (later.opening, later.initial_action, later.partner_opening, later.edition, later.level) == (
        False, False, None, Edition.L1997, 1)
    assert TableFacts.of(CLUB, 1, level=6).level == 6


def test_40_an_overcall_is_an_initial_action_and_partner_s_opening_is_read_before_one_s_own_bid() -> None:
    overcall = TableFacts.of(Auction.parse(N, "1C 1S"), 2)
    assert (overcall.opening, overcall.initial_action, overcall.partner_opening) == (False, True, None)
    after_passing = TableFacts.of(Auction.parse(N, "P P 1C P 1H"), 5)
    assert (after_passing.initial_action, after_passing.partner_opening) == (False, Bid(1, Strain.CLUBS))
    rebid = TableFacts.of(Auction.parse(S, "1C P 1H P 1NT P 2C"), 7)
    assert (rebid.seat, rebid.partner_opening) == (N, None)


@pytest.mark.parametrize(("call_no", "message"), [(0, "there is no call 0: the auction has 8 calls"),
                                                  (9, "there is no call 9: the auction has 8 calls")])
def test_40_a_reported_call_must_be_in_the_auction(call_no: int, message: str) -> None:
    with pytest.raises(ParseError) as error:
        TableFacts.of(CLUB, call_no)
    assert err(error) == (message, "call_no", "40")


@pytest.mark.parametrize("level", [0, 7])
def test_6_an_ebu_permission_level_is_one_to_six(level: int) -> None:
    with pytest.raises(ParseError) as error:
        TableFacts.of(CLUB, 1, level=level)
    assert err(error) == (f"an EBU permission level is 1 to 6, not {level}", "level", None)


def test_6C2_partner_raised_the_psyched_suit_or_the_call_was_no_bid() -> None:
    assert TableFacts.of(Auction.parse(N, "1S P 2S P"), 1).partner_raised()
    assert not TableFacts.of(Auction.parse(N, "1S P 2H P"), 1).partner_raised()
    assert TableFacts.of(Auction.parse(N, "P 1S X"), 3).partner_raised()  # a double names no suit


# ===== EBU Orange Book 6 ==========================================================================================
EBU_ANSWERS = {"deliberate": "yes", "gross": "yes", "control": "no", "systemic": "no", "frivolous": "no",
               "both": "no", "explained": "yes", "colour": "green"}
RED_ADJUST = ("EBU 6 D 2: the board is completed; the result stands if the opponents scored 60% or more (or gained 3 "
              "IMPs or more), else average plus to them and average minus to the psyching side")
RED_PENALTY = "EBU 6 D 3: a procedural penalty of at least 10% (2 IMPs; 0.5 VP in a VP event)"
GREEN_NOTE = "EBU 6 D 1: Amber or Green: no adjustment"
NOT_EXPLAINED = ("EBU 6 C 2: partner has not explained in writing; an unexplained failure to raise may be judged "
                 "fielding")


def ebu(auction: Auction = WATSON, call_no: int = 1, *, level: int | None = 4, board: int | None = 7,
        history: PartnershipHistory = NO_HISTORY, edition: Edition = Edition.L2017, **given: str) -> PsycheFinding:
    reported = ReportedPsyche(auction, call_no, Authority.EBU, edition, level=level, board=board)
    return psyche_finding(reported, {**EBU_ANSWERS, **given}, history)


def ebu_answers(**given: str) -> tuple[tuple[str, str], ...]:
    return tuple({**EBU_ANSWERS, **given}.items())


GREEN = PsycheFinding(Regime.EBU, N, ONE_SPADE, 1, Departure.PSYCHE, Colour.GREEN, Colour.GREEN, True, True, False,
                      True, "", "", "", "40A3", (), (GREEN_NOTE,), ebu_answers())


def test_6B5_a_green_psyche_every_field() -> None:
    assert ebu() == GREEN
    assert not GREEN.escalated


def test_6A3_6B2_a_control_makes_it_red_with_the_alert_on_the_board() -> None:
    assert ebu(control="yes") == replace(
        GREEN, found=Colour.RED, colour=Colour.RED, adjust=RED_ADJUST, penalty=RED_PENALTY, laws="40C1",
        alerts=(Alert("EBU_PSYCHE_CONTROL", "EBU 6 A 3", "control", (7,), "the partnership used an agreement that "
                      "controls a psyche, which is not permitted"),),
        notes=("EBU 6 A 3 and 6 B 2: an agreement that allows for the psyche is fielding: Red",),
        answers=ebu_answers(control="yes"))


def test_6D3_a_red_misbid_unexplained_has_no_penalty_and_skips_gross_and_frivolous() -> None:
    assert ebu(deliberate="no", colour="red", explained="no") == replace(
        GREEN, departure=Departure.MISBID, found=Colour.RED, colour=Colour.RED, explained=False, adjust=RED_ADJUST,
        laws="40C1", notes=(NOT_EXPLAINED + " (partner never bid 1S again)",
                            "EBU 6 D 3: a Red misbid has no additional procedural penalty"),
        answers=(("deliberate", "no"), ("control", "no"), ("systemic", "no"), ("both", "no"), ("explained", "no"),
                 ("colour", "red")))


def test_6C2_partner_who_raised_the_suit_needs_no_mention_of_it() -> None:
    raised = Auction.parse(N, "1S P 2S P P P")
    assert ebu(raised, explained="no").notes == (NOT_EXPLAINED, GREEN_NOTE)


def test_6B6_a_second_amber_is_red_and_says_how_many_before() -> None:
    found = ebu(colour="amber", history=PartnershipHistory(ambers=1))
    assert found == replace(
        GREEN, found=Colour.AMBER, colour=Colour.RED, adjust=RED_ADJUST, penalty=RED_PENALTY, laws="40C1",
        notes=("EBU 6 B 6: the partnership already has 1 Amber finding(s): this Amber and each earlier one become "
               "Red",), answers=ebu_answers(colour="amber"))
    assert found.escalated


def test_6B4_6D1_an_amber_with_both_partners_psyching_waits_for_a_second() -> None:
    assert ebu(colour="amber", both="yes") == replace(
        GREEN, found=Colour.AMBER, colour=Colour.AMBER, both_partners=True,
        notes=("EBU 6 D 1: Amber or Green: no adjustment unless a second Amber follows (6 B 6)",),
        answers=ebu_answers(colour="amber", both="yes"))


def test_6B4_both_partners_psyching_found_green_is_likely_amber() -> None:
    assert ebu(both="yes").notes == (
        "EBU 6 B 4: both partners psyched on this hand, so at least Amber is likely to be justified", GREEN_NOTE)


def test_6A3_6A5_1997_systemic_and_frivolous_alerts_and_conduct() -> None:
    assert ebu(systemic="yes", frivolous="yes", edition=Edition.L1997, board=None) == replace(
        GREEN, conduct="EBU 6 A 5: frivolous psyching breaches Laws 74A2, 74B1, 74C6 (a penalty under Law 90 or 91)",
        laws="40A", alerts=(Alert("EBU_SYSTEMIC", "EBU 6 A 3", "system", (), "systemic psyching of any kind is not "
                                  "permitted"),
                            Alert("EBU_FRIVOLOUS", "EBU 6 A 5", "conduct", (), "frivolous psyching is a breach of Laws "
                                  "74A2, 74B1, 74C6")),
        answers=ebu_answers(systemic="yes", frivolous="yes"))


def test_6A3_6A5_the_alerts_name_the_board_of_the_report() -> None:
    alerts = ebu(systemic="yes", frivolous="yes").alerts
    assert [(a.code, a.boards) for a in alerts] == [("EBU_SYSTEMIC", (7,)), ("EBU_FRIVOLOUS", (7,))]


@pytest.mark.parametrize("alert", [psyche_ebu.control_alert, psyche_ebu.systemic_alert, psyche_ebu.frivolous_alert])
def test_6A_an_alert_without_a_board_names_none(alert: object) -> None:
    assert alert().boards == ()  # type: ignore[operator]
    assert alert(12).boards == (12,)  # type: ignore[operator]


def test_6D3_1997_a_red_deviation_names_the_1997_laws_and_no_penalty() -> None:
    assert ebu(gross="no", colour="red", edition=Edition.L1997) == replace(
        GREEN, departure=Departure.DEVIATION, found=Colour.RED, colour=Colour.RED, adjust=RED_ADJUST,
        laws="40B, 40C", notes=("EBU 6 D 3: a Red deviation has no additional procedural penalty",),
        answers=(("deliberate", "yes"), ("gross", "no"), ("control", "no"), ("systemic", "no"), ("both", "no"),
                 ("explained", "yes"), ("colour", "red")))


def test_6A4_a_multi_psyched_at_level_3_is_forbidden() -> None:
    found = ebu(MULTI, level=3, multi="yes")
    assert found.alerts == (Alert("EBU_MULTI_LEVEL3", "EBU 6 A 4", "2D", (7,),
                                  "a Multi 2♦ opening may not be psyched in a Level 3 event"),)
    assert found.answers[2] == ("multi", "yes")


def test_6A4_a_multi_deviation_is_not_illegal_and_a_natural_2D_needs_no_note() -> None:
    assert ebu(MULTI, level=3, multi="yes", gross="no").notes == (
        "EBU 6 A 4: a Multi misbid or deviation is no psyche and so not illegal", GREEN_NOTE)
    assert ebu(MULTI, level=3, multi="no", gross="no").notes == (GREEN_NOTE,)


@pytest.mark.parametrize(("auction", "call_no", "level", "asked"), [
    (MULTI, 1, 3, True), (MULTI, 1, 4, False), (Auction.parse(N, "P 2D"), 2, 3, True),
    (Auction.parse(N, "1C P 2D"), 3, 3, False), (Auction.parse(N, "2H"), 1, 3, False)])
def test_6A4_the_multi_question_only_of_a_2D_opening_at_level_3(auction: Auction, call_no: int, level: int,
                                                                asked: bool) -> None:
    reported = ReportedPsyche(auction, call_no, Authority.EBU, level=level)
    assert ("multi" in [q.key for q in psyche_questions(reported)]) is asked


def test_6A4_multi_forbidden_only_for_a_psyche_of_a_multi_opening_at_level_3() -> None:
    two_d = Bid(2, Strain.DIAMONDS)
    kw = {"departure": Departure.PSYCHE, "opening": True, "call": two_d, "multi": True, "level": 3}
    assert psyche_ebu.multi_forbidden(**kw) == Alert(  # type: ignore[arg-type]
        "EBU_MULTI_LEVEL3", "EBU 6 A 4", "2D", (), "a Multi 2♦ opening may not be psyched in a Level 3 event")
    for change in ({"departure": Departure.DEVIATION}, {"opening": False}, {"call": ONE_SPADE}, {"multi": False},
                   {"level": 4}):
        assert psyche_ebu.multi_forbidden(**{**kw, **change}) is None  # type: ignore[arg-type]


def test_6B1_the_fielding_question_names_both_players_later_calls() -> None:
    q = psyche_ebu.fielding_question(TableFacts.of(WATSON, 1))
    assert q.text == ("Judged objectively by the standards of the player's peers, not by intent: do partner's later "
                      "calls (Pass, Pass, Pass) and the player's own (Pass, X) show an unauthorised "
                      "understanding?  red: enough on this board alone; amber: some evidence, not enough of itself; "
                      "green: nothing untoward")


@pytest.mark.parametrize(("unit", "vp", "least"), [
    (Unit.PERCENT, False, (10.0, Unit.PERCENT)), (Unit.IMPS, False, (2.0, Unit.IMPS)),
    (Unit.PERCENT, True, (0.5, Unit.VP))])
def test_6D3_the_minimum_penalty_by_unit(unit: Unit, vp: bool, least: tuple[float, Unit]) -> None:
    assert psyche_ebu.minimum_penalty(unit, vp_event=vp) == least


def test_6D3_the_minimum_penalty_is_not_a_vp_one_unless_asked() -> None:
    assert psyche_ebu.minimum_penalty(Unit.IMPS) == (2.0, Unit.IMPS)


def test_6D3_a_red_board_in_matchpoints_is_refused() -> None:
    with pytest.raises(BridgeError) as error:
        psyche_ebu.minimum_penalty(Unit.MATCHPOINTS)
    assert err(error) == ("a Red psyche board is scored in percent or IMPs", "unit", "40C")


def test_6D3_the_penalty_of_a_red_psyche_from_the_minimum_to_100() -> None:
    assert psyche_ebu.red_penalty(Departure.PSYCHE) == ProceduralPenalty(10.0, Unit.PERCENT, "Red psyche (EBU 6 D 3)",
                                                                         "90")
    assert psyche_ebu.red_penalty(Departure.PSYCHE, Unit.IMPS, penalty=100).amount == 100
    with pytest.raises(BridgeError) as error:
        psyche_ebu.red_penalty(Departure.PSYCHE, Unit.IMPS, penalty=100.5)
    assert err(error) == ("EBU 6 D 3: the penalty is at least the minimum standard of 2 IMP (a director may increase "
                          "it, not lower it) and at most 100, not 100.5", "penalty", "90")


def test_6D3_no_penalty_for_a_red_misbid() -> None:
    assert psyche_ebu.red_penalty(Departure.MISBID) is None
    with pytest.raises(BridgeError) as error:
        psyche_ebu.red_penalty(Departure.DEVIATION, penalty=10)
    assert err(error) == ("EBU 6 D 3: the additional procedural penalty follows a Red psyche, not a Red deviation",
                          "penalty", "90")


def test_6D2_a_red_board_score_refuses_a_result_that_is_no_number() -> None:
    with pytest.raises(BridgeError) as error:
        psyche_ebu.red_board_score(Departure.PSYCHE, float("nan"))
    assert err(error) == ("the opponents' result is a number, not nan", "result", "40C")


def test_6D2_6D3_a_red_psyche_in_a_vp_event_and_a_raised_penalty() -> None:
    vp = psyche_ebu.red_board_score(Departure.PSYCHE, 1.0, Unit.IMPS, vp_event=True)
    assert vp.penalty == ProceduralPenalty(0.5, Unit.VP, "Red psyche (EBU 6 D 3)", "90")
    raised = psyche_ebu.red_board_score(Departure.PSYCHE, 45.0, penalty=15.0)
    assert (raised.non_offenders, raised.offenders_net) == (60.0, 25.0)
    misbid = psyche_ebu.red_board_score(Departure.MISBID, 45.0)
    assert (misbid.penalty, misbid.offenders_net) == (None, 40)
    assert psyche_ebu.red_line(Departure.PSYCHE, 45.0, 20.0) == (60.0, 20.0)


# ===== ACBL Duplicate Decisions, Psychs ===========================================================================
ACBL_ANSWERS = {"deliberate": "yes", "gross": "yes", "artificial": "no", "control": "no", "systemic": "no",
                "frivolous": "no", "unsportsmanlike": "no", "experience": "no"}
DISCIPLINE = "disciplinary action (Law 91), not a score adjustment"


def acbl(auction: Auction = CLUB, call_no: int = 1, *, board: int | None = 5,
         history: PartnershipHistory = NO_HISTORY, edition: Edition = Edition.L2017, **given: str) -> PsycheFinding:
    reported = ReportedPsyche(auction, call_no, Authority.ACBL, edition, board=board)
    return psyche_finding(reported, {**ACBL_ANSWERS, **given}, history)


ACBL_GREEN = PsycheFinding(Regime.ACBL, N, Bid(1, Strain.CLUBS), 1, Departure.PSYCHE, Colour.GREEN, Colour.GREEN,
                           True, True, False, False, "", "", "", "40A3", (), (), tuple(ACBL_ANSWERS.items()))


def test_acbl_a_psych_with_nothing_amiss_every_field() -> None:
    assert acbl() == ACBL_GREEN


def test_acbl_regulations_1_to_3_conduct_and_experience_every_field() -> None:
    given = {k: "yes" for k in ("artificial", "control", "systemic", "frivolous", "unsportsmanlike", "experience")}
    history = PartnershipHistory(session_initial_psychs=2, player_session_psychs=2, earlier_psychs=3)
    found = acbl(history=history, **given)
    assert found == replace(
        ACBL_GREEN, found=Colour.RED, colour=Colour.RED,
        adjust="the result may be adjusted (Law 12C): an undisclosed understanding implied from partnership "
               "experience (Law 40C1)",
        conduct=f"excessive psychic bidding presumed, frivolous psychic bidding, unsportsmanlike psychic bidding: "
                f"{DISCIPLINE}",
        laws="40C1", alerts=found.alerts,
        notes=("the partnership has 3 earlier psych(s) in the register: continued psyching can create an "
               "understanding implied from partnership experience",),
        answers=tuple({**ACBL_ANSWERS, **given}.items()))
    assert found.alerts[:3] == (
        Alert("ACBL_ARTIFICIAL_OPENING", "ACBL psych regulation 1", "1C", (5,),
              "an artificial opening bid (1C) may not be psyched"),
        Alert("ACBL_PSYCHIC_CONTROL", "ACBL psych regulation 2", "control", (5,), "psychic controls are not allowed"),
        Alert("ACBL_SYSTEMIC", "ACBL psych regulation 3", "system", (5,), "a system that psychs on virtually every "
              "hand of a type, or frequent psychs with light initial actions, is not permitted"))
    assert [(a.code, a.regulation, a.subject, a.boards) for a in found.alerts[3:]] == [
        ("ACBL_EXCESSIVE", "ACBL excessive psychic bidding", "the partnership", (5,)),
        ("CLUB_MORE_THAN_TWO", "ACBL note to club managers", "the player", (5,))]


def test_acbl_alerts_of_a_report_with_no_board_name_no_board() -> None:
    given = {k: "yes" for k in ("artificial", "control", "systemic")}
    history = PartnershipHistory(session_initial_psychs=2, player_session_psychs=2)
    assert [a.boards for a in acbl(board=None, history=history, **given).alerts] == [()] * 5


@pytest.mark.parametrize(("initial", "player", "codes"), [
    (1, 1, []), (2, 1, ["ACBL_EXCESSIVE"]), (1, 2, ["CLUB_MORE_THAN_TWO"])])
def test_acbl_frequency_this_psych_makes_three_initial_actions_or_more_than_two_calls(
        initial: int, player: int, codes: list[str]) -> None:
    found = acbl(history=PartnershipHistory(session_initial_psychs=initial, player_session_psychs=player))
    assert [a.code for a in found.alerts] == codes
    assert found.conduct == (f"excessive psychic bidding presumed: {DISCIPLINE}" if initial == 2 else "")


def test_acbl_regulation_1_a_conventional_response_to_an_artificial_opening() -> None:
    found = acbl(call_no=3, conventional="yes", history=PartnershipHistory(session_initial_psychs=5,
                                                                           player_session_psychs=1))
    assert found == replace(
        ACBL_GREEN, seat=S, call=Bid(1, Strain.HEARTS), call_no=3, opening=False, initial_action=False,
        alerts=(Alert("ACBL_CONVENTIONAL_RESPONSE", "ACBL psych regulation 1", "1H", (5,),
                      "a conventional response (1H) to an artificial opening may not be psyched"),),
        answers=(("deliberate", "yes"), ("gross", "yes"), ("conventional", "yes"), ("control", "no"),
                 ("systemic", "no"), ("frivolous", "no"), ("unsportsmanlike", "no"), ("experience", "no")))


def test_acbl_a_deviation_is_no_psych_and_asks_only_about_experience() -> None:
    assert acbl(gross="no", experience="yes", edition=Edition.L1997) == replace(
        ACBL_GREEN, departure=Departure.DEVIATION, found=Colour.RED, colour=Colour.RED,
        adjust="the result may be adjusted (Law 12C): an undisclosed understanding implied from partnership "
               "experience (Law 40B, 40C)", laws="40B, 40C",
        notes=("a deviation is not a psych; frequent deviations may show an undisclosed implied agreement",),
        answers=(("deliberate", "yes"), ("gross", "no"), ("experience", "yes")))


def test_acbl_a_misbid_is_no_psych() -> None:
    assert acbl(deliberate="no", edition=Edition.L1997) == replace(
        ACBL_GREEN, departure=Departure.MISBID, laws="40A", notes=("a misbid is not a psych",),
        answers=(("deliberate", "no"), ("experience", "no")))


def test_acbl_the_questions_of_a_response_and_of_experience_name_the_calls() -> None:
    facts = TableFacts.of(CLUB, 3, Edition.L1997)
    assert psyche_acbl.response_question(facts) == Question(
        "conventional", "Is partner's opening 1C artificial, and 1H a conventional response to it?", ("yes", "no"),
        "ACBL psych regulation 1")
    assert psyche_acbl.experience_question(facts) == Question(
        "experience", "From previous experience, did partner have a better chance than the opponents of catching "
        "the departure, and allow for it (partner's later calls: 1NT)?", ("yes", "no"), "40B, 40C")


@dataclass(frozen=True)
class Report:
    player: str
    partnership: str
    board_number: int
    departure: Departure
    initial_action: bool


def test_acbl_session_alerts_count_the_psychs_of_the_session() -> None:
    reports = [Report("Ann", "Ann & Bob", n, Departure.PSYCHE, True) for n in (1, 4, 9)]
    reports.append(Report("ann", "ann & bob", 12, Departure.DEVIATION, True))
    assert psyche_acbl.session_alerts(reports) == [
        Alert("ACBL_EXCESSIVE", "ACBL excessive psychic bidding", "Ann & Bob", (1, 4, 9),
              "3 psychic initial actions by Ann & Bob reported in one session: the director investigates; excessive "
              "psyching is presumed until the players show they held a string of hands unusually suited to psychs"),
        Alert("CLUB_MORE_THAN_TWO", "ACBL note to club managers", "Ann", (1, 4, 9),
              "Ann made 3 psychic calls in one session (more than two): the burden is on the player to prove the "
              "psyching is not excessive, frivolous or unsportsmanlike")]


def test_acbl_regulation_1_forbidden_on_a_recorded_call() -> None:
    kw = {"departure": Departure.PSYCHE, "opening": True, "artificial": True, "conventional_response": False,
          "call": "1C", "board": 3}
    assert psyche_acbl.forbidden(**kw) == Alert(  # type: ignore[arg-type]
        "ACBL_ARTIFICIAL_OPENING", "ACBL psych regulation 1", "1C", (3,), "an artificial opening bid (1C) may not be "
        "psyched")
    assert psyche_acbl.forbidden(**{**kw, "departure": Departure.DEVIATION}) is None  # type: ignore[arg-type]
    assert psyche_acbl.forbidden(**{**kw, "opening": False}) is None  # type: ignore[arg-type]
    assert psyche_acbl.forbidden(**{**kw, "artificial": False}) is None  # type: ignore[arg-type]
    response = {**kw, "opening": False, "conventional_response": True, "call": "1D", "board": None}
    assert psyche_acbl.forbidden(**response) == Alert(  # type: ignore[arg-type]
        "ACBL_CONVENTIONAL_RESPONSE", "ACBL psych regulation 1", "1D", (), "a conventional response (1D) to an "
        "artificial opening may not be psyched")
    assert psyche_acbl.forbidden(**{**response, "board": 8}).boards == (8,)  # type: ignore[arg-type]


# ===== the Laws alone =============================================================================================
def laws(auction: Auction = CLUB, call_no: int = 1, edition: Edition = Edition.L2017, **given: str) -> PsycheFinding:
    return psyche_finding(ReportedPsyche(auction, call_no, Authority.CLUB, edition), given)


LAWS_GREEN = PsycheFinding(Regime.LAWS, N, Bid(1, Strain.CLUBS), 1, Departure.PSYCHE, Colour.GREEN, Colour.GREEN,
                           True, True, False, False, "", "", "", "40A3", (), (),
                           (("deliberate", "yes"), ("gross", "yes"), ("aware", "no")))


def test_40C1_partner_aware_of_the_psyche_is_an_undisclosed_understanding() -> None:
    assert laws(deliberate="yes", gross="yes", aware="no") == LAWS_GREEN
    assert laws(deliberate="yes", gross="yes", aware="yes") == replace(
        LAWS_GREEN, found=Colour.RED, colour=Colour.RED, laws="40C1",
        adjust="the score is adjusted if the opponents were damaged by the undisclosed understanding (Law 40C1, Law "
               "12)", answers=(("deliberate", "yes"), ("gross", "yes"), ("aware", "yes")))


def test_40A_1997_a_misbid_or_a_deviation_is_no_psyche() -> None:
    assert laws(deliberate="no", aware="no", edition=Edition.L1997) == replace(
        LAWS_GREEN, departure=Departure.MISBID, laws="40A", notes=("a misbid, not a psyche",),
        answers=(("deliberate", "no"), ("aware", "no")))
    assert laws(deliberate="yes", gross="no", aware="no").notes == ("a deviation, not a psyche",)


def test_40B_1997_the_aware_question_names_partner_s_later_calls_and_the_law() -> None:
    reported = ReportedPsyche(CLUB, 1, Authority.WBF, Edition.L1997)
    assert psyche_questions(reported)[2] == Question(
        "aware", "Did partner have more reason than the opponents to be aware of the departure (partner's later "
        "calls: 1H, Pass)?", ("yes", "no"), "40B, 40C")
