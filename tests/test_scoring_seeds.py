"""Every number of the seed guides' scoring examples, computed by our code (seeds 000, 001, 003, 004)."""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError
from bridge_director.model import Contract, Seat, Side, Vulnerability
from bridge_director.scoring import Scale, frequency_table, imps, matchpoints
from bridge_director.scoring.adjusted import (
    PROFILES,
    Colour,
    Fault,
    Likelihood,
    Outcome,
    Possible,
    Unit,
    artificial_pairs,
    artificial_teams,
    assign_likely_probable,
    classify_partnership,
    law25b_knockout,
    law25b_matchpoints,
    law25b_swiss,
    red_psyche_score,
    serious_error,
    weighted_average_then_correct,
    weighted_imps,
    weighted_matchpoints,
)

# Seed 004, "Weighted Scores": 32 results in six groups.
SEED004_FREQUENCIES = [(2, 480), (13, 450), (8, 420), (4, 170), (2, 110), (3, -50)]
# Seed 004, weighted example at 12 tables: the eleven other results, and the weighted table's outcomes.
SEED004_FIELD = [1430] * 2 + [680] * 5 + [650] * 2 + [-100] * 2
SEED004_OUTCOMES = [Outcome(1430, 30), Outcome(680, 40), Outcome(650, 20), Outcome(-100, 10)]


def test_frequency_table_two_one_scale_seed004() -> None:
    scores = [s for freq, s in SEED004_FREQUENCIES for _ in range(freq)]
    rows = frequency_table(scores, Scale.TWO_ONE)
    assert [(r.frequency, r.score, r.ns) for r in rows] == [
        (2, 480, 61), (13, 450, 46), (8, 420, 25), (4, 170, 13), (2, 110, 7), (3, -50, 2)]


def test_12C1c_weighted_matchpoints_fractional_frequency_table_seed004() -> None:
    result = weighted_matchpoints(SEED004_FIELD, SEED004_OUTCOMES)
    table = {r.score: (round(r.frequency, 1), round(r.ns, 1)) for r in result.frequency}
    assert table == {1430: (2.3, 20.7), 680: (5.4, 13.0), 650: (2.2, 5.4), -100: (2.1, 1.1)}
    from_table = sum(o.percent / 100 * round(table[o.score_ns][1], 1) for o in SEED004_OUTCOMES)
    assert round(from_table, 1) == 12.6
    assert result.ns == 12.6


def test_12C1c_weighted_matchpoints_each_outcome_against_field_seed004() -> None:
    result = weighted_matchpoints(SEED004_FIELD, SEED004_OUTCOMES)
    assert result.outcome_matchpoints == (20, 13, 6, 2)
    assert result.top == 22
    assert result.ew == pytest.approx(22 - 12.6)


def test_12C1c_weighted_average_then_correct_seed004() -> None:
    correction = weighted_average_then_correct(SEED004_FIELD, SEED004_OUTCOMES)
    assert (correction.non_offenders, correction.offenders) == (1.6, -1.6)


def test_12C1c_weighted_imps_seed004() -> None:
    result = weighted_imps(650, SEED004_OUTCOMES)
    assert [imps(o.score_ns - 650) for o in SEED004_OUTCOMES] == [13, 1, 0, -13]
    assert result.non_offenders == 3
    assert "total +3.00" in result.steps[-1]


def test_12C1c_weights_must_have_two_decimals_and_sum_to_100() -> None:
    with pytest.raises(BridgeError, match="sum to"):
        weighted_imps(0, [Outcome(100, 50), Outcome(200, 40)])
    with pytest.raises(BridgeError, match="two decimals"):
        weighted_imps(0, [Outcome(100, 33.333), Outcome(200, 66.667)])
    assert weighted_imps(0, [Outcome(100, 33.33), Outcome(200, 66.67)]).non_offenders == 4


# Seed 004, 12C1(e): three travellers of nine results (the starred line is the table in question).
SEED004_WITHOUT_INFRACTION = [140, 140, -110, 50, -50, 140, 110, -110, 50]
SEED004_AFTER_INFRACTION = [50, 140, -110, 50, -50, 140, 110, -110, 50]
SEED004_AFTER_REVOKE = [-140, 140, -110, 50, -50, 140, 110, -110, 50]


def test_12C1e_serious_error_travellers_seed004() -> None:
    assert matchpoints(SEED004_WITHOUT_INFRACTION) == [14, 14, 1, 7, 4, 14, 10, 1, 7]
    assert matchpoints(SEED004_AFTER_INFRACTION) == [8, 15, 1, 8, 4, 15, 12, 1, 8]
    assert matchpoints(SEED004_AFTER_REVOKE) == [0, 15, 3, 9, 6, 15, 12, 3, 9]


def test_12C1e_serious_error_14_8_0_gives_6_seed004() -> None:
    before = matchpoints(SEED004_WITHOUT_INFRACTION)[0]
    after = matchpoints(SEED004_AFTER_INFRACTION)[0]
    actual = matchpoints(SEED004_AFTER_REVOKE)[0]
    result = serious_error(before, after, actual, top=16)
    assert result.non_offenders == 6
    assert result.offenders == 16 - 14  # EW are scored as if NS +140, the expectation without the infraction


def test_12C2_session_rule_63_and_32_seed004() -> None:
    result = artificial_pairs(Fault.NONE, Fault.DIRECT, PROFILES["QBA"], ns_session=63.0, ew_session=32.0)
    assert (result.ns, result.ew) == (63.0, 32.0)
    plain = artificial_pairs(Fault.NONE, Fault.DIRECT, PROFILES["QBA"], ns_session=55.0, ew_session=45.0)
    assert (plain.ns, plain.ew) == (60, 40)
    no_rule = artificial_pairs(Fault.NONE, Fault.DIRECT, PROFILES["WBF"], ns_session=63.0, ew_session=32.0)
    assert (no_rule.ns, no_rule.ew) == (60, 40)


def test_12C2_average_percentages_seed003() -> None:
    result = artificial_pairs(Fault.PARTLY, Fault.DIRECT, PROFILES["EBU"])
    assert (result.ns, result.ew) == (50, 40)
    assert artificial_pairs(Fault.NONE, Fault.PARTLY, PROFILES["EBU"]).ns == 60


def test_12C2_qba_two_imps_under_11_boards_seed004() -> None:
    assert artificial_teams(Fault.NONE, Fault.DIRECT, PROFILES["QBA"], boards=10).ns == 2
    assert artificial_teams(Fault.NONE, Fault.DIRECT, PROFILES["QBA"], boards=10).ew == -2
    assert artificial_teams(Fault.NONE, Fault.DIRECT, PROFILES["QBA"], boards=11).ns == 3
    assert artificial_teams(Fault.NONE, Fault.DIRECT, PROFILES["ACBL"], boards=8).ns == 3


def test_25B_matchpoints_capped_at_average_minus_seed001() -> None:
    capped = law25b_matchpoints(9, top=12)
    assert (capped.offenders, capped.non_offenders) == (4.8, 3)
    kept = law25b_matchpoints(3, top=12)
    assert (kept.offenders, kept.non_offenders) == (3, 9)


def test_25B_swiss_and_knockout_seed001() -> None:
    table = Contract.parse("4H", Seat.NORTH).score(11, vulnerable=True)  # +650
    other_room = 100  # teammates beat 6H
    obtained = imps(table + other_room)
    assert obtained == 13
    swiss = law25b_swiss(obtained)
    assert (swiss.offenders, swiss.non_offenders) == (-3, -13)
    knockout = law25b_knockout(obtained)
    assert (knockout.offenders, knockout.non_offenders) == (5, -5)


def test_12C2_likely_and_at_all_probable_seed001() -> None:
    none = Vulnerability.NONE
    possible = [
        Possible(Contract.parse("2S", Seat.NORTH).score_ns(8, none), "2S=", Likelihood.POSSIBLE),
        Possible(Contract.parse("3H", Seat.EAST).score_ns(9, none), "3H= by E", Likelihood.LIKELY),
        Possible(Contract.parse("3S", Seat.NORTH).score_ns(9, none), "3S= by N", Likelihood.LIKELY),
        Possible(Contract.parse("4H", Seat.EAST).score_ns(10, none), "4H= by E", Likelihood.LIKELY),
    ]
    result = assign_likely_probable(possible, non_offenders=Side.NS)
    assert (result.non_offenders, result.offenders) == (140, -140)


def test_red_psyche_60_30_seed000() -> None:
    result = red_psyche_score(52.0, Unit.PERCENT)
    assert (result.non_offenders, result.offenders_net) == (60, 30)
    assert result.penalty is not None and result.penalty.amount == 10
    stands = red_psyche_score(61.0, Unit.PERCENT)
    assert (stands.non_offenders, stands.offenders) == (61.0, 39.0)


def test_red_psyche_5_imps_seed000() -> None:
    result = red_psyche_score(1, Unit.IMPS)
    assert (result.non_offenders, result.offenders) == (3, -3)
    assert result.offenders_net == -5
    assert red_psyche_score(3, Unit.IMPS).non_offenders == 3  # gained 3 IMPs: stands
    assert red_psyche_score(7, Unit.IMPS).offenders == -7


def test_red_psyche_half_vp_penalty_seed000() -> None:
    result = red_psyche_score(1, Unit.IMPS, vp_event=True)
    assert result.penalty is not None and (result.penalty.amount, result.penalty.unit) == (0.5, Unit.VP)
    assert result.offenders_net == -3  # penalty is in VPs, recorded apart from the IMP score


def test_two_ambers_make_both_red_seed000() -> None:
    assert classify_partnership([Colour.AMBER, Colour.GREEN, Colour.AMBER]) == (Colour.RED, Colour.GREEN, Colour.RED)
    assert classify_partnership([Colour.AMBER, Colour.GREEN]) == (Colour.AMBER, Colour.GREEN)


def test_double_dummy_refuses_an_incomplete_deal_before_the_solver_sees_it() -> None:
    pytest.importorskip("endplay", reason="endplay (the dd extra) is not installed")
    from bridge_director.errors import DealError
    from bridge_director.scoring.adjusted import double_dummy

    with pytest.raises(DealError, match="13 cards to each hand"):
        double_dummy("N:AKQ... - - -", ["4S N"], Seat.NORTH, Vulnerability.NONE)


# ---- Seed audit additions: the remaining numbers of the worked examples, each as its own assertion. ----


def test_12C1c_weighted_imps_each_weighted_line_seed004() -> None:
    """Seed 004, "At Teams": +780 → +13 × 30% = 3.9; +30 → +1 × 40% = 0.4; 0 × 20% = 0.0; −750 → −13 × 10% = −1.3;
    total 3.0, rounded to +3 for the non-offending side."""
    other_room = 650
    lines = [(o.score_ns - other_room, imps(o.score_ns - other_room), o.percent) for o in SEED004_OUTCOMES]
    assert [(net, i) for net, i, _ in lines] == [(780, 13), (30, 1), (0, 0), (-750, -13)]
    assert [round(i * w / 100, 1) for _, i, w in lines] == [3.9, 0.4, 0.0, -1.3]
    assert round(sum(i * w / 100 for _, i, w in lines), 1) == 3.0
    steps = weighted_imps(other_room, SEED004_OUTCOMES).steps
    for figure in ("+3.90", "+0.40", "+0.00", "-1.30"):
        assert any(step.endswith(figure) for step in steps)


def test_12C1c_average_then_correct_board_average_11_seed004() -> None:
    """Seed 004: "the average on the board is 11 and has already been assigned ... add 1.6 to N/S"."""
    correction = weighted_average_then_correct(SEED004_FIELD, SEED004_OUTCOMES)
    assert any("average 11" in step for step in correction.steps)
    assert weighted_matchpoints(SEED004_FIELD, SEED004_OUTCOMES).top / 2 == 11
    assert round(11 + correction.non_offenders, 1) == 12.6


def test_12C2_session_rule_lowers_and_raises_seed003() -> None:
    """Seed 003: average minus lowered to the pair's mean when under 40%; average plus increased likewise."""
    result = artificial_pairs(Fault.NONE, Fault.DIRECT, PROFILES["EBU"], ns_session=66.5, ew_session=35.0)
    assert (result.ns, result.ew) == (66.5, 35.0)
    partly = artificial_pairs(Fault.PARTLY, Fault.PARTLY, PROFILES["EBU"], ns_session=70.0, ew_session=30.0)
    assert (partly.ns, partly.ew) == (50, 50)


def test_12C2_qba_minus_two_imps_to_the_offenders_under_11_boards_seed004() -> None:
    """Seed 004: ± 2 IMPs for matches of fewer than 11 boards (QBA), ± 3 IMPs otherwise."""
    assert PROFILES["QBA"].imps_for(boards=10) == 2
    assert PROFILES["QBA"].imps_for(boards=11) == 3
    result = artificial_teams(Fault.DIRECT, Fault.NONE, PROFILES["ABF/QBA"], boards=7)
    assert (result.ns, result.ew) == (-2, 2)


def test_likely_40_and_50_most_favourable_chosen_seed001() -> None:
    """Seed 001, step 3: of two "likely" results worth 40% and 50% to the non-offenders, 50% is selected."""
    possible = [Possible(40, "40%", Likelihood.LIKELY), Possible(50, "50%", Likelihood.LIKELY)]
    assert assign_likely_probable(possible, non_offenders=Side.NS).non_offenders == 50
    assert assign_likely_probable(possible, non_offenders=Side.EW).non_offenders == -40  # EW: the lower NS score


def test_25B_knockout_average_of_minus_3_and_plus_13_seed001() -> None:
    """Seed 001: "(13-3)/2 or 5 IMPs to the offending side and -5 IMPs for the non-offenders"."""
    knockout = law25b_knockout(13)
    assert (knockout.offenders, knockout.non_offenders) == ((13 - 3) / 2, -5)
    assert imps(-750) == -13


def test_red_psyche_exactly_60_percent_stands_seed000() -> None:
    """Seed 000, 6 D 2: "a 60% score or better ... the result stands"; 6 D 3: the penalty still applies."""
    stands = red_psyche_score(60.0, Unit.PERCENT)
    assert (stands.non_offenders, stands.offenders) == (60.0, 40.0)
    assert stands.penalty is not None and stands.penalty.amount == 10
    cancelled = red_psyche_score(59.9, Unit.PERCENT)
    assert (cancelled.non_offenders, cancelled.offenders, cancelled.offenders_net) == (60, 40, 30)
    two = red_psyche_score(2, Unit.IMPS)
    assert (two.non_offenders, two.offenders, two.offenders_net) == (3, -3, -5)
    assert two.penalty is not None and (two.penalty.amount, two.penalty.unit) == (2, Unit.IMPS)


def test_12C2_artificial_award_at_butler_is_three_imps_not_its_percentage() -> None:
    """Law 12C2 at IMPs: average plus is +3 IMPs and average minus -3, whether the award was written as PBN
    letters or as USEBIO's A6040; the percentage itself is never taken as IMPs."""
    from bridge_director.scoring import Method, Result, score_event

    played = [Result(1, str(2 * i + 1), str(2 * i + 2), s) for i, s in enumerate((420, 450, 400, -50, 420))]
    for note in ("A6040", "A+/A-"):
        award = Result(1, "11", "12", ns_award=60.0, ew_award=40.0, note=note)
        line = next(line for line in score_event([*played, award], Method.BUTLER).boards[0].lines
                    if line.result is award)
        assert (line.ns, line.ew) == (3.0, -3.0)
