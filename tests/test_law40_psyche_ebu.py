"""EBU psyche regulation (seed 000, Orange Book 6 A-6 D) as pure functions: each test names the clause it checks
and asserts the outcome the regulation states (the colour, the score, the penalty, the alert)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge_director.errors import BridgeError, ParseError
from bridge_director.laws.law40_psyches import PartnershipHistory, PsycheFinding, departure_of
from bridge_director.laws.psyche_ebu import escalate, red_board_score, red_line, red_penalty
from bridge_director.laws.psyche_report import ReportedPsyche, psyche_finding, psyche_questions
from bridge_director.model import Auction, Seat
from bridge_director.model.regulation import Authority, Colour, Departure
from bridge_director.scoring.adjusted import Unit

colours = st.sampled_from(list(Colour))

#: North opens 1♠ (the reported call), East doubles, West bids 2NT, East 3NT, and North doubles the final 3NT
WATSON = Auction.parse(Seat.NORTH, "1S X P 2NT P 3NT P P X P P P")


def answers(**given: str) -> dict[str, str]:
    """A psyche found Green with nothing else amiss, changed by ``given``."""
    base = {"deliberate": "yes", "gross": "yes", "control": "no", "systemic": "no", "frivolous": "no", "both": "no",
            "explained": "yes", "colour": "green"}
    return {**base, **given}


def ebu(auction: Auction = WATSON, call_no: int = 1, level: int | None = 4, drop: tuple[str, ...] = (),
        **given: str) -> PsycheFinding:
    """The finding on call ``call_no`` of ``auction`` in an EBU event of ``level``, on board 7."""
    reported = ReportedPsyche(auction, call_no, Authority.EBU, level=level, board=7)
    return psyche_finding(reported, {k: v for k, v in answers(**given).items() if k not in drop})


# --- 6 A: general ---------------------------------------------------------------------------------------------------

def test_6A1_psyche_misbid_and_deviation_by_intent_and_size() -> None:
    assert ebu().departure is Departure.PSYCHE
    assert ebu(gross="no").departure is Departure.DEVIATION
    assert ebu(deliberate="no").departure is Departure.MISBID
    weak_two = {"agreed_hcp": (6, 10), "agreed_length": 6}
    assert departure_of(deliberate=True, hcp=1, length=3, **weak_two) is Departure.PSYCHE  # type: ignore[arg-type]
    assert departure_of(deliberate=False, hcp=1, length=3, **weak_two) is Departure.MISBID  # type: ignore[arg-type]
    assert departure_of(deliberate=True, hcp=12, length=6, **weak_two) is Departure.DEVIATION  # type: ignore[arg-type]
    assert departure_of(deliberate=True, hcp=8, length=6, **weak_two) is None  # type: ignore[arg-type]


def test_6A1_a_misbid_needs_no_answer_on_grossness() -> None:
    assert ebu(deliberate="no", drop=("gross",)).departure is Departure.MISBID
    with pytest.raises(ParseError, match="gross"):
        ebu(deliberate="yes", drop=("gross",))


def test_6A3_watson_double_after_a_psyched_suit_is_a_forbidden_control_and_red() -> None:
    """North psyched 1♠, then doubled 3NT asking partner not to lead spades: not permitted, and an action that
    allows for the psyche is fielding, so the board is Red, adjusted, with the penalty of a Red psyche."""
    control = next(q for q in psyche_questions(ReportedPsyche(WATSON, 1, Authority.EBU)) if q.key == "control")
    assert control.law == "EBU 6 A 3" and "3NT" in control.text
    finding = ebu(control="yes", colour="green")
    assert [a.code for a in finding.alerts] == ["EBU_PSYCHE_CONTROL"]
    assert (finding.found, finding.colour) == (Colour.RED, Colour.RED)
    assert "6 D 2" in finding.adjust and "6 D 3" in finding.penalty


def test_6A3_systemic_psyching_is_not_permitted() -> None:
    finding = ebu(systemic="yes")
    assert [(a.code, a.regulation) for a in finding.alerts] == [("EBU_SYSTEMIC", "EBU 6 A 3")]


def test_6A4_psyched_multi_at_level_3_is_illegal_a_misbid_is_not() -> None:
    multi = Auction.parse(Seat.EAST, "2D P 2H P P P")
    psyche = ebu(multi, 1, level=3, multi="yes")
    assert [(a.code, a.regulation) for a in psyche.alerts] == [("EBU_MULTI_LEVEL3", "EBU 6 A 4")]
    assert psyche.alerts[0].boards == (7,)
    misbid = ebu(multi, 1, level=3, multi="yes", deliberate="no")
    assert misbid.alerts == () and any("not illegal" in n for n in misbid.notes)
    assert ebu(multi, 1, level=3, multi="no").alerts == ()  # a natural weak 2♦


def test_6A4_the_multi_question_is_asked_of_a_2D_opening_at_level_3_only() -> None:
    def keys(auction: str, call_no: int, level: int) -> list[str]:
        reported = ReportedPsyche(Auction.parse(Seat.NORTH, auction), call_no, Authority.EBU, level=level)
        return [q.key for q in psyche_questions(reported)]

    assert "multi" in keys("2D P 2H P", 1, 3)
    assert "multi" not in keys("2D P 2H P", 1, 4)  # above Level 3 the Multi may be psyched
    assert "multi" not in keys("1C 2D P", 2, 3)  # an overcall is not an opening
    assert "multi" not in dict(ebu(Auction.parse(Seat.EAST, "2D P"), 1, level=4).answers)
    assert dict(ebu(Auction.parse(Seat.EAST, "2D P"), 1, level=3, multi="yes").answers)["multi"] == "yes"


def test_6A5_frivolous_psyching_breaches_law_74() -> None:
    finding = ebu(frivolous="yes")
    assert [a.code for a in finding.alerts] == ["EBU_FRIVOLOUS"]
    assert "74A2, 74B1, 74C6" in finding.conduct
    assert ebu(frivolous="yes", gross="no").conduct == ""  # a deviation is no psyche


def test_6A6_psyching_an_artificial_game_forcing_opening_is_no_longer_forbidden() -> None:
    strong = ebu(Auction.parse(Seat.SOUTH, "2C P 2D P 2S"), 1)
    assert strong.alerts == () and strong.colour is Colour.GREEN and strong.adjust == ""


# --- 6 B: fielding and the colours -----------------------------------------------------------------------------

def test_6B1_6B2_fielding_is_judged_objectively_on_the_calls_after_the_psyche() -> None:
    reported = ReportedPsyche(Auction.parse(Seat.NORTH, "1H P 1S P 2S P 4S"), 3, Authority.EBU)
    [question] = [q for q in psyche_questions(reported) if q.key == "colour"]
    assert "not by intent" in question.text and "peers" in question.text
    assert "(2S)" in question.text  # North's raise, the calls partner made after South's 1♠
    assert question.answers == ("red", "amber", "green")


def test_6B3_one_board_may_be_enough_for_red() -> None:
    finding = ebu(colour="red")
    assert (finding.colour, finding.escalated) == (Colour.RED, False)
    assert "6 D 2" in finding.adjust and finding.laws == "40C1"


def test_6B4_both_partners_psyching_is_likely_amber_but_the_director_decides() -> None:
    green = ebu(both="yes", colour="green")
    assert green.colour is Colour.GREEN and green.both_partners
    assert any("6 B 4" in n and "likely" in n for n in green.notes)
    assert not any("6 B 4" in n for n in ebu(both="yes", colour="amber").notes)


def test_6B5_green_finds_nothing_untoward() -> None:
    finding = ebu()
    assert (finding.colour, finding.adjust, finding.penalty) == (Colour.GREEN, "", "")
    assert finding.laws == "40A3"


def test_6B6_an_amber_with_one_amber_already_found_makes_red() -> None:
    reported = ReportedPsyche(WATSON, 1, Authority.EBU)
    first = psyche_finding(reported, answers(colour="amber"))
    second = psyche_finding(reported, answers(colour="amber"), PartnershipHistory(ambers=1))
    assert (first.colour, first.escalated) == (Colour.AMBER, False)
    assert (second.found, second.colour, second.escalated) == (Colour.AMBER, Colour.RED, True)
    assert "6 D 2" in second.adjust and "6 D 3" in second.penalty
    assert psyche_finding(reported, answers(colour="green"), PartnershipHistory(ambers=3)).colour is Colour.GREEN


def test_6B6_a_third_amber_joins_the_two_already_red() -> None:
    """The findings count, not the colours after escalation: the first two Ambers are Red already."""
    assert escalate([Colour.AMBER, Colour.AMBER, Colour.AMBER]) == (Colour.RED,) * 3
    assert escalate([Colour.AMBER, Colour.GREEN, Colour.RED]) == (Colour.AMBER, Colour.GREEN, Colour.RED)


@given(st.lists(colours, max_size=12))
def test_6B6_two_ambers_make_each_amber_red_and_nothing_else_changes(findings: list[Colour]) -> None:
    result = escalate(findings)
    ambers = findings.count(Colour.AMBER)
    assert len(result) == len(findings)
    for before, after in zip(findings, result, strict=True):
        if before is Colour.AMBER:
            assert after is (Colour.RED if ambers >= 2 else Colour.AMBER)
        else:
            assert after is before


@given(st.lists(colours, max_size=12), st.randoms())
def test_6B6_the_order_of_the_boards_does_not_matter(findings: list[Colour], rnd: random.Random) -> None:
    shuffled = list(findings)
    rnd.shuffle(shuffled)
    assert sorted(escalate(findings)) == sorted(escalate(shuffled))


@pytest.mark.parametrize(("gross", "deliberate", "kind"), [("no", "yes", Departure.DEVIATION),
                                                           ("yes", "no", Departure.MISBID)])
def test_6B7_6B8_deviations_and_misbids_are_coloured_like_psyches_but_red_has_no_penalty(
        gross: str, deliberate: str, kind: Departure) -> None:
    red = ebu(gross=gross, deliberate=deliberate, colour="red")
    assert (red.departure, red.colour) == (kind, Colour.RED)
    assert "6 D 2" in red.adjust and red.penalty == ""
    amber = psyche_finding(ReportedPsyche(WATSON, 1, Authority.EBU),
                           answers(gross=gross, deliberate=deliberate, colour="amber"), PartnershipHistory(ambers=1))
    assert amber.colour is Colour.RED  # 6 D 1: "two Amber cases", whatever the departure


# --- 6 C: reporting -------------------------------------------------------------------------------------------------

def test_6C2_no_written_explanation_and_no_raise_is_noted_as_likely_fielding() -> None:
    reported = ReportedPsyche(Auction.parse(Seat.NORTH, "1H P P 2S P P P"), 1, Authority.EBU)
    finding = psyche_finding(reported, answers(explained="no"))
    [note] = [n for n in finding.notes if "6 C 2" in n]
    assert "fielding" in note and "never bid 1H again" in note
    assert not any("6 C 2" in n for n in ebu().notes)


# --- 6 D: scoring ---------------------------------------------------------------------------------------------------

def test_6D1_amber_or_green_brings_no_adjustment() -> None:
    for colour in ("amber", "green"):
        finding = ebu(colour=colour)
        assert (finding.adjust, finding.penalty) == ("", "")
        assert any("6 D 1" in n for n in finding.notes)


def test_6D2_red_under_60_percent_is_average_plus_and_minus() -> None:
    score = red_board_score(Departure.DEVIATION, 45.0)
    assert (score.non_offenders, score.offenders, score.penalty) == (60, 40, None)


def test_6D2_the_result_stands_at_60_percent_or_3_imps() -> None:
    assert red_board_score(Departure.MISBID, 60.0).non_offenders == 60.0
    assert red_board_score(Departure.MISBID, 72.5).offenders == pytest.approx(27.5)
    assert (red_board_score(Departure.MISBID, 3, Unit.IMPS).non_offenders,
            red_board_score(Departure.MISBID, 2, Unit.IMPS).non_offenders) == (3, 3)
    assert red_board_score(Departure.MISBID, -4, Unit.IMPS).offenders == -3


def test_6D3_a_red_psyche_is_scored_60_30_or_5_imps() -> None:
    assert red_line(Departure.PSYCHE, 45.0) == (60, 30)
    assert red_board_score(Departure.PSYCHE, 1, Unit.IMPS).offenders_net == -5
    stands = red_board_score(Departure.PSYCHE, 65.0)
    assert stands.non_offenders == 65.0
    assert stands.offenders_net == pytest.approx(25.0)  # the result stands, and the penalty still applies


def test_6D3_half_a_vp_in_a_vp_event() -> None:
    penalty = red_board_score(Departure.PSYCHE, 1, Unit.IMPS, vp_event=True).penalty
    assert penalty is not None and (penalty.amount, penalty.unit) == (0.5, Unit.VP)


def test_6D3_the_director_may_increase_the_penalty_never_lower_it() -> None:
    assert red_line(Departure.PSYCHE, 45.0, penalty=20) == (60, 20)
    with pytest.raises(BridgeError, match=r"6 D 3.*not lower"):
        red_penalty(Departure.PSYCHE, penalty=5)
    with pytest.raises(BridgeError, match=r"6 D 3.*Red psyche, not a Red misbid"):
        red_penalty(Departure.MISBID, penalty=10)


def test_6D3_only_a_red_psyche_has_the_additional_penalty() -> None:
    assert [red_line(kind, 45.0) for kind in Departure] == [(60, 30), (60, 40), (60, 40)]


def test_answers_are_checked_naming_the_question() -> None:
    with pytest.raises(ParseError, match=r"colour: answer red or amber or green \(EBU 6 B 1-6 B 5\)"):
        ebu(colour="purple")
    with pytest.raises(ParseError, match=r"explained: the director has not answered \(EBU 6 C 2\)"):
        ebu(drop=("explained",))
    with pytest.raises(ParseError, match="call_no, Law 40: there is no call 13"):
        ebu(call_no=13)
