"""Seed 002 (ACBL Duplicate Decisions, 1997 Laws): worked examples that had no test asserting the seed's outcome
under its edition.  Each test names the seed line; see ``docs/seed-examples.md`` for the whole table.
"""

from __future__ import annotations

import pytest

from bridge_director.errors import IllegalCallError
from bridge_director.model import Seat
from bridge_director.scoring.adjusted import PROFILES, Fault, artificial_pairs, law25b_matchpoints
from bridge_director.table.state import Bar
from tablekit import bars, contract, laws_flagged, table


def test_seed002_17D_wrong_board_different_call_average_plus_and_minus() -> None:
    """Seed 002 line 90: a player called on the hand of another board; the proper hand is put back and the calls
    are made again; if a call an offender substitutes differs significantly, average plus to the non-offenders
    and average minus to the offenders."""
    t = table("1H", laws="1997")
    t.auction("1S 2H")
    t.wrong_board("E")
    t.call("E", "P")
    t.judge("differs", "yes")
    assert "17D2" in laws_flagged(t)
    award = artificial_pairs(Fault.NONE, Fault.DIRECT, PROFILES["ACBL"])  # North-South not at fault
    assert (award.ns, award.ew) == (60, 40)


def test_seed002_19_double_naming_the_wrong_bid_doubles_the_bid_made() -> None:
    """Seed 002 line 185: "I double 4S" when the bid was 4H: he has doubled 4H."""
    t = table("4H", laws="1997")
    t.call("E", "X")
    t.auction("P P P")
    assert contract(t) == "4HX N"


def test_seed002_25A_inadvertent_call_changed_before_partner_calls_no_penalty() -> None:
    """Seed 002 line 408: until his partner calls, a slip of the fingers may be changed without penalty."""
    t = table("1C", laws="1997")
    t.change("N", "1D")
    t.judge("nature", "unintended")
    assert t.state.auction_text() == "N:1D" and not t.state.restrictions


def test_seed002_25A_inadvertent_call_too_late_after_partner_called() -> None:
    """Seed 002 line 408: "Until his partner makes a subsequent call": once partner has called it is too late."""
    t = table("1C P 1H", laws="1997")
    with pytest.raises(IllegalCallError):
        t.change("N", "1D")


def test_seed002_25B_purposeful_change_any_call_score_capped_at_40_percent() -> None:
    """Seed 002 line 423: a purposeful change not accepted, the offender makes another call: his side gets "their
    score or an average minus, whichever is WORSE" (at most 40%); the non-offenders keep the table score."""
    t = table("1H", laws="1997")
    t.change("N", "1S")
    t.judge("nature", "change_of_mind")
    t.choose("refuse")
    t.choose("anew")
    t.call("N", "2S")
    assert "25B2(b)(2)" in laws_flagged(t)
    good = law25b_matchpoints(7, top=10)  # offenders scored 70% at the table
    assert (good.offenders, good.non_offenders) == (4, 3)
    bad = law25b_matchpoints(2, top=10)  # 20%: worse than average minus, kept
    assert (bad.offenders, bad.non_offenders) == (2, 8)


def test_seed002_33_simultaneous_call_is_subsequent_and_stands_1997() -> None:
    """Seed 002 line 682: of two calls made together, the one by the player in turn comes first; the second, if
    legal, stands."""
    t = table("1H", laws="1997")
    t.call("E", "1S")
    t.call("S", "2H")
    assert t.state.pending is None and t.state.auction_text() == "N:1H E:1S S:2H"


def test_seed002_33_simultaneous_insufficient_call_lho_may_accept_1997() -> None:
    """Seed 002 line 686: the second call insufficient: its LHO may accept it (and does so by calling)."""
    t = table("1H", laws="1997")
    t.call("E", "1S")
    t.call("S", "1D")
    assert t.ruling.law == "27" and t.ruling.chooser is Seat.WEST
    t.call("W", "P")
    assert t.state.pending is None and t.state.auction_text() == "N:1H E:1S S:1D W:Pass"


def test_seed002_34_skipped_player_gets_his_turn_1997() -> None:
    """Seed 002 line 693: a pass out of rotation accepted by a pass; the player skipped still gets to call."""
    t = table("1H", laws="1997")
    t.call("W", "P")  # at East's turn
    t.choose("accept")
    t.auction("P")  # North
    t.call("E", "P")
    assert not t.state.auction_over and t.state.next_seat is Seat.SOUTH


def test_seed002_35_call_by_player_required_to_pass_accepted_stands_1997() -> None:
    """Seed 002 line 740 (table of Law 35): an action by a player required to pass, accepted: it and later legal
    calls stand without penalty, but if he was barred for the whole auction he must pass at later turns."""
    t = table("1C", laws="1997")
    t.call("W", "P")  # pass out of rotation at East's (partner's) turn: West passes throughout
    t.choose("refuse")
    t.judge("artificial", "no")
    t.auction("P P")  # East, South
    t.call("W", "1S")
    t.choose("accept")
    assert t.state.auction_text().endswith("W:1S") and ("W", Bar.PASS_THROUGHOUT) in bars(t)


def test_seed002_35_pass_by_defender_after_final_pass_cancelled_no_penalty_1997() -> None:
    """Seed 002 line 779 (table of Law 35, not accepted): a pass by a defender after the final pass is cancelled
    and there is no penalty."""
    t = table("1H P P P", laws="1997")
    t.call("E", "P")
    t.choose("proceed")
    assert not t.state.lead_restrictions and not t.state.restrictions and contract(t) == "1H N"


def test_seed002_35_call_by_declaring_side_after_final_pass_cancelled_no_penalty_1997() -> None:
    """Seed 002 line 781: a call by a member of the declaring side after the final pass is cancelled, no
    penalty."""
    t = table("1H P P P", laws="1997")
    t.call("S", "2H")
    t.choose("proceed")
    assert not t.state.lead_restrictions and not t.state.restrictions and contract(t) == "1H N"
