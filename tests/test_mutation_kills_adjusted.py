"""Adjusted scores and adjusted traveller lines: the checks that mutation testing showed were missing
(docs/mutation.md).

Each test names the law clause or rule it checks and asserts worked-out values: the whole adjusted score (both
sides, unit, law and every step), the exact error of a bad figure (its message, field and law), the parsers of
faults, likelihoods, units, colours and authorities, and the fractional arithmetic of split and weighted lines.
IMPs on the WBF scale: 20-40 is 1, 130-160 4, 170-210 5, 320-360 8, 430-490 10, 500-590 11, 600-740 12, 750-890 13.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction

import pytest

from bridge_director.errors import BridgeError
from bridge_director.model.contract import Contract
from bridge_director.model.seat import Seat, Side, Vulnerability
from bridge_director.scoring.adjusted import (
    PROFILES,
    AdjustedScore,
    ArtificialScore,
    Candidate,
    Colour,
    DoubleDummyReport,
    Fault,
    Likelihood,
    Outcome,
    Possible,
    ProceduralPenalty,
    Unit,
    artificial_pairs,
    artificial_percent,
    artificial_teams,
    assign_likely_probable,
    check_weights,
    double_dummy,
    law25b_knockout,
    law25b_matchpoints,
    law25b_swiss,
    parse_scores,
    profile,
    red_psyche_score,
    serious_error,
    split_matchpoints,
    weighted_average_then_correct,
    weighted_imps,
    weighted_matchpoints,
)
from bridge_director.scoring.adjusted_lines import (
    SplitField,
    Tally,
    Views,
    butler_views,
    cross_imp_views,
    describe,
    outcome_weights,
    views,
    weighted_datum,
)
from bridge_director.scoring.matchpoints import Scale

F = Fraction
QBA = PROFILES["QBA"]
SEED_FIELD = [1430, 680, 650]  # seed 004: the other three results of a board weighted 30% 1430, 70% 680
SEED_OUTCOMES = [Outcome(1430, 30), Outcome(680, 70)]


def _error(call: Callable[..., object], *args: object, **kwargs: object) -> str:
    with pytest.raises(BridgeError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


# --- artificial scores (Law 12C2) ------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "fault"), [
    ("none", Fault.NONE), ("A+", Fault.NONE), (" NOS ", Fault.NONE), ("partly", Fault.PARTLY), ("a", Fault.PARTLY),
    ("A=", Fault.PARTLY), ("Direct", Fault.DIRECT), ("A-", Fault.DIRECT), ("OS", Fault.DIRECT),
])
def test_12C2_fault_names(text: str, fault: Fault) -> None:
    assert Fault.parse(text) is fault


def test_12C2_unknown_fault_is_an_error_naming_the_law() -> None:
    assert _error(Fault.parse, "x") == "Law 12C2: fault is none (A+), partly (A) or direct (A-), not 'x'"


def test_12C2_session_percentage_is_0_to_100() -> None:
    assert artificial_percent(Fault.NONE, QBA, 100) == (100, "not at fault: 100% on its other boards beats 60% "
                                                             "(QBA session rule)")
    assert artificial_percent(Fault.DIRECT, QBA, 0) == (0, "directly at fault: 0% on its other boards is below 40% "
                                                           "(QBA session rule)")
    assert _error(artificial_percent, Fault.NONE, QBA, 100.5) == "session: a session percentage is 0 to 100, not 100.5"
    assert _error(artificial_percent, Fault.NONE, QBA, -0.5) == "session: a session percentage is 0 to 100, not -0.5"


def test_12C2_session_rule_only_beyond_the_average_plus_or_minus() -> None:
    """A session of exactly 60% (not at fault) or 40% (at fault) changes nothing: the plain award."""
    assert artificial_percent(Fault.NONE, QBA, 60) == (60, "average plus: 60% (QBA)")
    assert artificial_percent(Fault.DIRECT, QBA, 40) == (40, "average minus: 40% (QBA)")
    assert artificial_percent(Fault.PARTLY, QBA, 70) == (50, "average: 50% (QBA)")


def test_12C2_artificial_pairs_in_percent() -> None:
    assert artificial_pairs(Fault.NONE, Fault.DIRECT) == ArtificialScore(
        60, 40, Unit.PERCENT, "12C2", ("NS average plus: 60% (WBF)", "EW average minus: 40% (WBF)"))


def test_12C2_artificial_teams_in_imps() -> None:
    """Average is 0 IMPs to both; QBA's short match (under 11 boards) is +/-2, the match length in the step."""
    assert artificial_teams(Fault.PARTLY, Fault.PARTLY) == ArtificialScore(
        0, 0, Unit.IMPS, "12C2", ("average plus/minus is ±3 IMPs (WBF)",))
    assert artificial_teams(Fault.NONE, Fault.DIRECT, QBA, boards=8) == ArtificialScore(
        2, -2, Unit.IMPS, "12C2", ("average plus/minus is ±2 IMPs in a match of 8 boards (QBA)",))


@pytest.mark.parametrize(("name", "found"), [("qba", "QBA"), (" abf/qba ", "QBA"), ("Acbl", "ACBL")])
def test_80B2_authorities_by_name(name: str, found: str) -> None:
    assert profile(name) is PROFILES[found]


def test_80B2_unknown_authority_lists_the_known_ones() -> None:
    assert _error(profile, "NBO") == ("authority: unknown authority 'NBO'; "
                                      "known: ABF, ABF/QBA, ACBL, CLUB, EBU, QBA, WBF")


# --- what an adjusted score carries ----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "unit"), [
    ("%", Unit.PERCENT), ("Percent", Unit.PERCENT), ("MP", Unit.MATCHPOINTS), ("matchpoints", Unit.MATCHPOINTS),
    ("matchpoint", Unit.MATCHPOINTS), ("imps", Unit.IMPS), (" IMP ", Unit.IMPS), ("vp", Unit.VP),
    ("points", Unit.POINTS), ("point", Unit.POINTS),
])
def test_unit_names(text: str, unit: Unit) -> None:
    assert Unit.parse(text) is unit


def test_unknown_unit_names_the_unit_field() -> None:
    assert _error(Unit.parse, "tricks") == "unit: unit is one of %, MP, IMP, VP, points; not 'tricks'"


def test_parse_scores_names_its_field() -> None:
    assert parse_scores("420, 170 -50") == [420, 170, -50]
    assert _error(parse_scores, "420 x") == "field: not a table score: 'x'"
    assert _error(parse_scores, "420 x", "others") == "others: not a table score: 'x'"


def test_90_procedural_penalty_is_not_negative() -> None:
    assert ProceduralPenalty(0, Unit.PERCENT, "none given").amount == 0
    assert _error(ProceduralPenalty, -1, Unit.PERCENT, "slow play") == (
        "Law 90: a penalty is given as a positive amount, not -1")
    assert _error(ProceduralPenalty, -2, Unit.IMPS, "psyche", "40C") == (
        "Law 40C: a penalty is given as a positive amount, not -2")


def test_adjusted_score_explained_with_and_without_its_penalty() -> None:
    plain = AdjustedScore(60, 40, Unit.PERCENT, "12C2", ("first", "second"))
    assert plain.explain() == "Law 12C2: non-offenders 60 %, offenders 40 %\n  - first\n  - second"
    fined = AdjustedScore(60, 40, Unit.PERCENT, "40C", ("one",), ProceduralPenalty(10, Unit.PERCENT, "Red psyche"))
    assert fined.explain() == ("Law 40C: non-offenders 60 %, offenders 40 %\n  - one\n"
                               "  + procedural penalty 10 % (Red psyche; Law 90)")


# --- assigned scores (Law 12C1, the 1997/2007 procedure) -------------------------------------------------------


@pytest.mark.parametrize(("text", "likelihood"), [
    ("Likely", Likelihood.LIKELY), ("probable", Likelihood.AT_ALL_PROBABLE),
    (" At  all\tPROBABLE ", Likelihood.AT_ALL_PROBABLE), ("possible", Likelihood.POSSIBLE),
])
def test_12C2_likelihood_names(text: str, likelihood: Likelihood) -> None:
    assert Likelihood.parse(text) is likelihood


def test_12C2_unknown_likelihood_is_an_error_naming_the_law() -> None:
    assert _error(Likelihood.parse, "sure") == "Law 12C2: a result is likely, probable or possible, not 'sure'"


def test_12C2_likely_for_the_non_offenders_at_all_probable_for_the_offenders() -> None:
    """N-S not at fault: their best likely result is 4S= (+620); the offenders' worst at all probable is the same
    +620 (not 3S+1 at +170); the merely possible 4S+1 (+650) does not count."""
    possible = [Possible(620, "4S= by S", Likelihood.LIKELY), Possible(170, "3S+1 by S", Likelihood.AT_ALL_PROBABLE),
                Possible(650, "4S+1 by S", Likelihood.POSSIBLE)]
    assert assign_likely_probable(possible, Side.NS) == AdjustedScore(
        620, -620, Unit.POINTS, "12C2",
        ("possible: 4S= by S (likely), 3S+1 by S (at all probable), 4S+1 by S (possible)",
         "non-offenders (NS): most favourable likely result 4S= by S, +620",
         "offenders: most unfavourable result at all probable 4S= by S, -620"))
    # E-W not at fault: -620 from their side (the one likely result); N-S, the offenders, the result at all
    # probable that is worst for them, +170
    assert (assign_likely_probable(possible, Side.EW).non_offenders,
            assign_likely_probable(possible, Side.EW).offenders) == (-620, 170)
    assert _error(assign_likely_probable, possible[1:], Side.NS) == (
        "Law 12C2: at least one possible result must be judged likely")


def test_12C1_split_matchpoints_each_side_against_the_field() -> None:
    """Against 420, 170, -50 (a board of four, top 6): N-S on 450 beat all three (6); E-W on 140 beat one N-S
    score (2), so E-W get 6 - 2 = 4.  On the 1/0.5 scale (top 3): 450 gets 3, 170 ties once and beats once
    (1.5), E-W 3 - 1.5."""
    assert split_matchpoints([420, 170, -50], 450, 140) == (6, 4)
    assert split_matchpoints([420, 170, -50], 450, 170, Scale.ONE_HALF) == (3, 1.5)


# --- the old Law 25B -------------------------------------------------------------------------------------------


def test_25B_matchpoint_figures_out_of_range() -> None:
    assert _error(law25b_matchpoints, 0, top=0) == "top, Law 25B: the board top must be above 0, not 0"
    assert _error(law25b_matchpoints, 13, top=12) == (
        "offenders, Law 25B: the offenders' matchpoints are 0 to the top of 12, not 13")
    assert _error(law25b_matchpoints, -1, top=12) == (
        "offenders, Law 25B: the offenders' matchpoints are 0 to the top of 12, not -1")


def test_25B_offenders_at_or_below_average_minus_keep_the_table_result() -> None:
    """Top 12, ACBL average minus 40% = 4.8: 4.8 itself is no better, so both keep it; so does 0."""
    assert law25b_matchpoints(4.8, top=12) == AdjustedScore(
        7.2, 4.8, Unit.MATCHPOINTS, "25B2(b)(2)",
        ("offenders' 4.8 of 12 is no better than average minus 4.8: both sides keep the table result",))
    assert law25b_matchpoints(0, top=12).offenders == 0


def test_25B_offenders_above_average_minus_are_capped() -> None:
    assert law25b_matchpoints(12, top=12) == AdjustedScore(
        0, 4.8, Unit.MATCHPOINTS, "25B2(b)(2)",
        ("offenders' 12 of 12 is capped at average minus 40% = 4.8", "non-offenders keep the table result: 0"))
    # a top of 0.5 is a top (above 0); the cap is kept to two decimals: 40% of 1.01 is 0.404, capped at 0.4
    assert law25b_matchpoints(0.5, top=0.5).offenders == 0.2
    assert law25b_matchpoints(1.01, top=1.01).offenders == 0.4


def test_25B_swiss_and_knockout_in_a_short_qba_match() -> None:
    """QBA, 8 boards: average minus is -2 IMPs.  Offenders +5: capped at -2, non-offenders keep -5; at knockout
    the two are averaged: (-2 - -5) / 2 = +1.5 to the offenders (Law 86B)."""
    swiss = law25b_swiss(5, QBA, boards=8)
    assert swiss == AdjustedScore(-5, -2, Unit.IMPS, "25B2(b)(2)",
                                  ("comparison with the other table gives the offenders +5 IMPs",
                                   "offenders get at most average minus: -2; non-offenders keep -5"))
    assert law25b_knockout(5, QBA, boards=8) == AdjustedScore(
        -1.5, 1.5, Unit.IMPS, "25B2(b)(2), 86B",
        (*swiss.steps, "knockout needs one result: average of -2 and +5 = +1.5 to the offenders, -1.5 to the "
                       "non-offenders"))


# --- psyches (EBU 6 D, Law 40C) --------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "colour"), [(" RED ", Colour.RED), ("Amber", Colour.AMBER), ("green", Colour.GREEN)])
def test_40C_colour_names(text: str, colour: Colour) -> None:
    assert Colour.parse(text) is colour


def test_40C_unknown_colour_is_an_error_naming_the_law() -> None:
    assert _error(Colour.parse, "blue") == "Law 40C: a psyche is green, amber or red, not 'blue'"


PP_PERCENT = ProceduralPenalty(10.0, Unit.PERCENT, "Red psyche", "90")


def test_40C_red_psyche_at_60_percent_stands() -> None:
    assert red_psyche_score(60) == AdjustedScore(
        60, 40, Unit.PERCENT, "40C, 12", ("Red: opponents scored 60% (at least 60%): the result stands",), PP_PERCENT)


def test_40C_red_psyche_under_60_percent_is_cancelled() -> None:
    assert red_psyche_score(0) == AdjustedScore(
        60, 40, Unit.PERCENT, "40C, 12C2",
        ("Red: opponents scored 0%, under 60%: result cancelled",
         "average plus 60% to the opponents, average minus 40% to the psyching side"), PP_PERCENT)
    assert red_psyche_score(100).non_offenders == 100
    assert _error(red_psyche_score, 100.5) == "result: a percentage is 0 to 100, not 100.5"


def test_40C_red_psyche_at_imps() -> None:
    pp = ProceduralPenalty(2.0, Unit.IMPS, "Red psyche", "90")
    assert red_psyche_score(3, Unit.IMPS) == AdjustedScore(
        3, -3, Unit.IMPS, "40C, 12", ("Red: opponents gained 3 IMPs (at least 3): the result stands",), pp)
    assert red_psyche_score(2, Unit.IMPS) == AdjustedScore(
        3, -3, Unit.IMPS, "40C, 12C2",
        ("Red: opponents gained 2 IMPs, under 3: result cancelled",
         "average plus/minus: +3 IMPs to the opponents, -3 to the psyching side"), pp)


def test_40C_red_psyche_penalty_raised_or_in_vps_and_unit_checked() -> None:
    assert red_psyche_score(45, penalty=20).penalty == ProceduralPenalty(20, Unit.PERCENT, "Red psyche", "90")
    assert red_psyche_score(45, vp_event=True).penalty == ProceduralPenalty(0.5, Unit.VP, "Red psyche", "90")
    assert _error(red_psyche_score, 45, Unit.VP) == "unit, Law 40C: a psyche board is scored in percent or IMPs"


# --- serious error (Law 12C1(e)) -------------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "error"), [
    ((17, 8, 0), "before, Law 12C1e: the non-offenders' matchpoints are 0 to the top of 16, not 17"),
    ((14, -1, 0), "after_infraction, Law 12C1e: the non-offenders' matchpoints are 0 to the top of 16, not -1"),
    ((14, 8, 16.5), "actual, Law 12C1e: the non-offenders' matchpoints are 0 to the top of 16, not 16.5"),
])
def test_12C1e_figures_out_of_range_name_the_figure(args: tuple[float, float, float], error: str) -> None:
    assert _error(serious_error, *args, top=16) == error


def test_12C1e_figures_at_the_top_are_in_range() -> None:
    """Expected 16 (the top) before, 8 after the infraction, 0 after the serious error: 0 + (16 - 8) = 8 back;
    the offenders get 16 - 16 = 0."""
    assert serious_error(16, 8, 0, top=16) == AdjustedScore(
        8, 0, Unit.MATCHPOINTS, "12C1e",
        ("non-offenders expected 16 before the infraction and 8 after it",
         "their own serious error left 0; they get back only the infraction's damage 16 - 8 = 8: 0 + 8 = 8",
         "offenders keep the score due to their infraction alone: the expectation without it, 0"))


# --- weighted scores (Law 12C1(c)) -----------------------------------------------------------------------------


def test_12C1c_weights_checked() -> None:
    assert _error(check_weights, []) == "Law 12C1c: a weighted score needs at least one outcome"
    assert _error(check_weights, [Outcome(420, "x")]) == "Law 12C1c: weight 'x' is not a number"  # type: ignore[arg-type]
    assert _error(check_weights, [Outcome(420, float("inf"))]) == "Law 12C1c: weight inf is not a number"
    assert _error(check_weights, [Outcome(420, float("nan"))]) == "Law 12C1c: weight nan is not a number"
    assert _error(check_weights, [Outcome(420, 0), Outcome(620, 100)]) == (
        "Law 12C1c: weight 0% must be positive with at most two decimals")
    assert _error(check_weights, [Outcome(420, 30), Outcome(620, 60)]) == "Law 12C1c: weights sum to 90%, not 100%"
    assert [float(w) for w in check_weights([Outcome(420, 1), Outcome(620, 99)])] == [1.0, 99.0]


def test_12C1c_weighted_matchpoints_seed_004() -> None:
    """Against 1430, 680, 650 (top 6): 1430 ties one and beats two (5), 680 ties one and beats one (3); weighted
    30/70: 1.5 + 2.1 = 3.6.  The fractional frequencies: 1430 is 1.3 results, 680 1.7, 650 one."""
    result = weighted_matchpoints(SEED_FIELD, SEED_OUTCOMES)
    assert (result.ns, result.ew, result.top, result.outcome_matchpoints, result.law) == (3.6, 2.4, 6, (5, 3), "12C1c")
    assert result.steps == ("outcomes: 30% of +1430 + 70% of +680",
                            "each outcome against the other 3 results: +1430 -> 5, +680 -> 3",
                            "weighted: 3.6 of 6, rounded to 3.6")
    assert [(r.score, r.frequency) for r in result.frequency] == [(1430, pytest.approx(1.3)),
                                                                  (680, pytest.approx(1.7)), (650, 1)]


def test_12C1c_weighted_matchpoints_on_the_one_half_scale() -> None:
    """On the 1/0.5 scale every figure is half the 2/1 one: top 3, 2.5 and 1.5 per outcome, 1.8 weighted, and the
    fractional table's 1430 at 2.85."""
    result = weighted_matchpoints(SEED_FIELD, SEED_OUTCOMES, Scale.ONE_HALF)
    assert (result.ns, result.top, result.outcome_matchpoints) == (1.8, 3, (2.5, 1.5))
    assert [r.ns for r in result.frequency] == [pytest.approx(2.85), pytest.approx(1.35), 0]


def test_12C1c_weighted_matchpoints_rounded_to_one_decimal_by_default() -> None:
    """33/67: 0.33 x 5 + 0.67 x 3 = 3.66, kept to one decimal (3.7) unless more are asked for."""
    weights = [Outcome(1430, 33), Outcome(680, 67)]
    assert weighted_matchpoints(SEED_FIELD, weights).steps[2] == "weighted: 3.66 of 6, rounded to 3.7"
    assert weighted_matchpoints(SEED_FIELD, weights).ns == 3.7
    assert weighted_matchpoints(SEED_FIELD, weights, places=2).ns == 3.66
    assert weighted_average_then_correct(SEED_FIELD, weights).non_offenders == 0.7
    assert weighted_average_then_correct(SEED_FIELD, weights, places=2) == AdjustedScore(
        0.66, -0.66, Unit.MATCHPOINTS, "12C1c",
        ("outcomes: 33% of +1430 + 67% of +680", "each outcome against the other 3 results: +1430 -> 5, +680 -> 3",
         "weighted 3.66; the table already holds average 3",
         "correct NS by +0.66 and EW by -0.66 (adjusted score routine)"))


def test_12C1c_weighted_imps_against_the_other_room() -> None:
    """Other room +650: +1430 is 780 up (13 IMPs) at 30%, +680 is 30 up (1 IMP) at 70%: 3.9 + 0.7 = 4.6 -> 5."""
    assert weighted_imps(650, SEED_OUTCOMES) == AdjustedScore(
        5, -5, Unit.IMPS, "12C1c",
        ("other room +650", "+1430 - +650 = +780: +13 IMPs x 30% = +3.90", "+680 - +650 = +30: +1 IMPs x 70% = +0.70",
         "total +4.60, rounded to +5 IMPs"))


# --- double dummy ----------------------------------------------------------------------------------------------

DEAL = "N:AK2.QJ3.K74.A963 QT954.K2.J952.K2 J7.AT964.AQ.QJT5 863.875.T863.874"


def test_12C1_double_dummy_report_in_full() -> None:
    """N-S hold 31 points and twelve top tricks in no trumps: 6NT by S makes 12 (990 not vulnerable), and par is
    6NT by either N or S."""
    pytest.importorskip("endplay", reason="endplay (the dd extra) is not installed")
    assert double_dummy(DEAL, ["6NT S"], Seat.NORTH, Vulnerability.NONE) == DoubleDummyReport(
        (Candidate(Contract.parse("6NT", Seat.SOUTH), 12, 990),), 990, ("6NTN=", "6NTS="), "12C1",
        ("6NT by S: 12 tricks double dummy, NS +990", "par NS +990 (6NTN=, 6NTS=)"))


# a deal turned a quarter round is itself with the suits turned too (N's spades are E's hearts, S's diamonds, W's
# clubs): whatever N-S make, E-W make one suit over; here each side makes 1NT and nothing higher
TURNING = "N:AJ4.K98.T752.Q63 Q63.AJ4.K98.T752 T752.Q63.AJ4.K98 K98.T752.Q63.AJ4"


def test_12C1_double_dummy_par_goes_to_the_dealer_side_when_both_make_the_same() -> None:
    """Both sides make 1NT and no more: the side that deals bids it first, so par is +90 with N dealing and -90
    (1NT by E or W) with E dealing."""
    pytest.importorskip("endplay", reason="endplay (the dd extra) is not installed")
    north = double_dummy(TURNING, ["1NT N", "1NT E"], Seat.NORTH, Vulnerability.NONE)
    assert [(c.tricks, c.score_ns) for c in north.candidates] == [(7, 90), (7, -90)]
    assert (north.par_score_ns, north.par_contracts) == (90, ("1NTN=", "1NTS="))
    east = double_dummy(TURNING, [], Seat.EAST, Vulnerability.NONE)
    assert (east.par_score_ns, east.par_contracts) == (-90, ("1NTE=", "1NTW="))


def test_12C1_double_dummy_candidate_needs_contract_and_declarer() -> None:
    pytest.importorskip("endplay", reason="endplay (the dd extra) is not installed")
    assert _error(double_dummy, DEAL, ["6NT"], Seat.NORTH, Vulnerability.NONE) == (
        "contract: a candidate is '<contract> <declarer>', e.g. '4S N', not '6NT'")


def test_12C1_double_dummy_without_endplay_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "endplay.dds", None)  # as if the package were missing
    assert _error(double_dummy, DEAL, ["6NT S"], Seat.NORTH, Vulnerability.NONE) == (
        "endplay: double-dummy analysis needs endplay: pip install 'bridge-director[dd]'")


# --- adjusted traveller lines ----------------------------------------------------------------------------------


def test_split_field_names_and_error() -> None:
    assert SplitField.parse(" BY_SIDE ") is SplitField.BY_SIDE
    assert SplitField.parse("Half") is SplitField.HALF
    assert _error(SplitField.parse, "both") == "split-field: split scores are scored 'by-side' or 'half', not 'both'"


def test_12C1c_outcome_weights_errors_and_scaling() -> None:
    assert _error(outcome_weights, []) == "weights, Law 12C1c: a weighted score needs at least one outcome"
    assert _error(outcome_weights, [(420, 0.0)], "board 1: ") == (
        "weights, Law 12C1c: board 1: each weight is more than 0, not 0.0")
    # within the tolerance of 1e-6 the weights are scaled to add up to exactly 1
    scaled = outcome_weights([(1430, 0.3), (680, 0.7000005)])
    assert sum(w for _, w in scaled) == 1
    assert scaled[0] == (1430, F(3, 10) / F("1.0000005"))


def test_12C1b_half_split_views_and_the_artificial_line() -> None:
    assert views(620, 100, split_field=SplitField.HALF) == Views(
        ((620, F(1)),), ((100, F(1)),), ((620, F(1, 2)), (100, F(1, 2))), ((620, F(1, 2)), (100, F(1, 2))))
    assert _error(views, None) == "score: an artificial score is not compared with the field"


def test_12C1b_half_split_cross_imps_leave_out_the_line_itself() -> None:
    """420, -50 and a split line (N-S 620, E-W 100) counted as two half results.  The split N-S pair: +200 (5),
    +670 (12) and, at half weight, +520 against its own other half (11) left out: 17.  Its E-W pair on 100:
    -320 (-8), +150 (4), -520 at half weight left out: -4 to N-S, 4 to E-W.  420: 470 (10), -200 and +320 at
    half weight (-2.5 and 4): 11.5."""
    lines = [views(420), views(-50), views(620, 100, split_field=SplitField.HALF)]
    assert cross_imp_views(lines) == [(F(23, 2), F(-23, 2)), (-18, 18), (17, 4)]


def test_tally_of_nothing_and_beyond_its_scores() -> None:
    assert Tally.of([]) == Tally((), (), ())
    tally = Tally.of([((100, F(1)),), ((200, F(1)),)])
    assert tally.beaten_and_tied(300) == (F(2), F(0))
    assert tally.beaten_and_tied(150) == (F(1), F(0))
    assert tally.beaten_and_tied(100) == (F(0), F(1))


def test_describe_a_weighted_distribution() -> None:
    assert describe(((1430, F(3, 10)), (680, F(7, 10)))) == "30% of +1430 + 70% of +680"


def test_78B_weighted_datum_trims_whole_results_worth_of_weight() -> None:
    """0, 100, 500 each twice (six results' worth): one result's weight off each end leaves 0, 100 x 2, 500, mean
    700 / 4 = 175 -> 180 (half away from zero); kept exact, 175."""
    doubled = Tally.of([((0, F(2)), (100, F(2)), (500, F(2)))])
    assert weighted_datum(doubled) == 180
    assert weighted_datum(doubled, round_to=0) == 175
    # four results' worth: one off each end leaves two (100 x 2 here), which is enough
    four = Tally.of([((0, F(1, 2)), (0, F(1, 2)), (100, F(2)), (900, F(1)))])
    assert weighted_datum(four) == 100
    # two off each end of five results' worth would leave one: nothing is left out; of seven it is
    five = Tally.of([((0, F(3, 2)), (100, F(2)), (1000, F(3, 2)))])
    assert weighted_datum(five, exclude=2, round_to=0) == 1700 / 5
    seven = Tally.of([((0, F(5, 2)), (100, F(2)), (1000, F(5, 2)))])
    assert weighted_datum(seven, exclude=2, round_to=0) == float(F(700, 3))  # 0 x 1/2 + 100 x 2 + 1000 x 1/2 over 3


def test_78B_weighted_datum_of_whole_results_passes_its_options_on() -> None:
    """0, 100, 200, 1000 once each: kept whole and exact, 325; by default one off each end, 150."""
    whole = Tally.of([((s, F(1)),) for s in (0, 100, 200, 1000)])
    assert weighted_datum(whole, exclude=0, round_to=0) == 325
    assert weighted_datum(whole) == 150


def test_78B_butler_views_default_and_given_options() -> None:
    """0, 100, 200, 300, 900, 1000: one off each end, 1500 / 4 = 375 -> 380; kept whole and exact, 2500 / 6."""
    lines = [views(s) for s in (0, 100, 200, 300, 900, 1000)]
    ns_datum, ew_datum, figures = butler_views(lines)
    assert (ns_datum, ew_datum) == (380, 380)
    assert figures[-1] == (F(12), F(-12))  # 1000 - 380 = 620: 12 IMPs
    exact = butler_views(lines, exclude=0, round_to=0)
    assert exact[:2] == (2500 / 6, 2500 / 6)


def test_scoring_imps_and_matchpoints_stay_functions_once_the_adjusted_scores_load() -> None:
    """Loading the adjusted scores loads the ``matchpoints`` and ``imps`` modules; the package's names of the same
    spelling are still the functions (a fresh interpreter, so the order of loading is this one)."""
    probe = ("import bridge_director.scoring.adjusted\n"
             "from bridge_director.scoring import imps, matchpoints\n"
             "print(imps(750), matchpoints([420, -50]))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (0, "13 [2.0, 0.0]\n"), done.stderr
