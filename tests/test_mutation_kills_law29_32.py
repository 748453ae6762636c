"""Laws 29-32, calls out of rotation: the checks that mutation testing of the auction laws showed were missing.

Each test names the clause it checks and asserts the law's outcome when the left-hand opponent does not accept the
call, by the call (pass, bid, double), by whose turn it was (right-hand opponent's, partner's, left-hand
opponent's before the offender called, or after: a change of call) and by edition: the words of the option, the
record, the bars, the Law 26 lead restriction, the information unauthorised, the watch on the offender's next call
and what that call then brings (a repeat, the director's comparable or denomination question, or partner barred).
Phrases shared by every law come from ``laws.common`` (checked in ``test_mutation_kills_laws_common``).
"""

from __future__ import annotations

import pytest

from bridge_director.laws.common import adjust_text, lead_text, no_double_once, pass_once, pass_throughout, say
from bridge_director.laws.law25 import ChangeOfCall
from bridge_director.laws.law29_32 import ComparableCheck, DenominationCheck
from bridge_director.model import Call, Seat, Side, Strain
from bridge_director.table.edition import Edition
from bridge_director.table.state import Bar, Flag, LeadRestriction, Record, Restriction, Unauthorised, Watch
from tablekit import table

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
E17, E97 = Edition.L2017, Edition.L1997
NAME = "Call out of rotation"
ARTIFICIAL = " If the director judges the pass artificial, it is treated as a bid out of rotation (Law 30C)."
P, H1, X, H2, C3 = (Call.parse(x) for x in ("P", "1H", "X", "2H", "3C"))


def back(turn: str) -> str:
    return f"the call is cancelled and the auction goes back to {turn}, whose turn it was"


def out_of_rotation(auction: str, seat: str, call: str, laws: str):  # type: ignore[no-untyped-def]
    t = table(auction, laws=laws)
    t.call(seat, call)
    return t


def not_accepted(t, expected: str, note: str = ""):  # type: ignore[no-untyped-def]
    """The option reads ``expected``; refused, the record says so; a pass is then judged not artificial."""
    assert t.ruling.option("refuse").consequence == expected + "." + note
    stage = t.state.pending
    t.choose("refuse")
    if t.ruling is not None and t.ruling.law == "30C":
        t.judge("artificial", "no")
    rec = t.state.records[-1]
    who, turn = stage.offender.name.title(), stage.turn.name.title()
    assert rec.outcome == f"{say(stage.call)} by {who} at {turn}'s turn not accepted: {expected}"
    assert rec.irregularity == NAME and rec.offender is stage.offender and rec.edition is stage.edition
    return t


# ----- 30: a pass out of rotation ---------------------------------------------------------------------------------
@pytest.mark.parametrize("laws", ["2017", "1997"])
def test_30A_a_pass_at_rho_s_turn_the_offender_passes_once(laws: str) -> None:
    t = not_accepted(out_of_rotation("", "E", "P", laws), f"{back('North')}; {pass_once(E)} (Law 30A)", ARTIFICIAL)
    assert t.state.records[-1].law == "30"
    assert t.state.restrictions == (Restriction(E, Bar.PASS_ONCE, "30A"),)
    assert t.state.unauthorised == (Unauthorised(Side.EW, "East's cancelled pass", "16C"),)


def test_30A_1997_a_pass_at_partner_s_turn_before_any_bid_passes_once() -> None:
    t = not_accepted(out_of_rotation("", "S", "P", "1997"), f"{back('North')}; {pass_once(S)} (Law 30A)", ARTIFICIAL)
    assert t.state.restrictions == (Restriction(S, Bar.PASS_ONCE, "30A"),)


def test_30B1_2017_partner_calls_freely_the_offender_s_next_call_is_judged() -> None:
    expected = (f"{back('South')}; South may make any legal call at their turn, but may not use the information from "
                "the cancelled pass (Law 16C2); at North's next turn, if the director judges that call comparable to "
                f"the pass there is no further rectification; otherwise {pass_once(S)}; {lead_text(N, P, E17)} "
                "(Law 30B1)")
    t = not_accepted(out_of_rotation("1S P", "N", "P", "2017"), expected, ARTIFICIAL)
    assert t.state.watches == (Watch(N, P, "30B1", "next", E17, armed=True),)
    assert t.state.restrictions == ()


def test_30B1_1997_the_offender_passes_throughout_partner_may_not_double_once() -> None:
    expected = f"{back('South')}; {pass_throughout(N)}, and {no_double_once(S)} (Law 30B1)"
    t = not_accepted(out_of_rotation("1S P", "N", "P", "1997"), expected, ARTIFICIAL)
    assert t.state.restrictions == (Restriction(N, Bar.PASS_THROUGHOUT, "30B1"),
                                    Restriction(S, Bar.NO_DOUBLE_ONCE, "30B1"))
    assert t.state.flags == (Flag("23", Side.NS, adjust_text(N, E97)),)


def test_30C_an_artificial_pass_is_ruled_as_a_bid_out_of_rotation() -> None:
    t = out_of_rotation("", "S", "P", "2017")
    t.choose("refuse")
    t.judge("artificial", "yes")
    rec = t.state.records[-1]
    assert rec.law == "31"
    assert rec.outcome.endswith("otherwise North must pass at their next turn to call, and only then; "
                                f"{lead_text(S, P, E17)} (Law 31B)")
    assert t.state.watches == (Watch(S, P, "31B", "next", E17, armed=True),)


# ----- 31/32 at the right-hand opponent's turn ------------------------------------------------------------------
def test_31A_2017_a_bid_at_rho_s_turn() -> None:
    expected = (f"{back('North')}. If North passes, East must repeat 1♥ and there is no further rectification; if "
                "North bids, doubles or redoubles, East may make any legal call: if the director judges it comparable "
                f"to 1♥, no further rectification; otherwise {pass_once(W)}; {lead_text(E, H1, E17)} (Law 31A)")
    t = not_accepted(out_of_rotation("", "E", "1H", "2017"), expected)
    assert t.state.records[-1].law == "31"
    assert t.state.unauthorised == (Unauthorised(Side.EW, "East's cancelled 1♥", "16C"),)
    assert t.state.watches == (Watch(E, H1, "31A", "rho", E17),)


def test_31A1_rho_passes_the_offender_repeats_no_rectification() -> None:
    t = out_of_rotation("", "E", "1H", "2017")
    t.choose("refuse")
    t.auction("P 1H")
    assert t.state.records[-1] == Record("31A1", NAME, E, "East repeated 1♥: no further rectification", E17)


def test_31A2_2017_rho_bids_the_offender_s_call_is_judged_comparable_or_not() -> None:
    t = out_of_rotation("", "E", "1H", "2017")
    t.choose("refuse")
    t.auction("1S 2H")
    assert t.state.pending == ComparableCheck(E, E17, H1, H2, "31A2")
    assert t.ruling.law == "31A2"


def test_31A_1997_a_bid_at_rho_s_turn() -> None:
    expected = (f"{back('North')}. If North passes, East must repeat 1♥ and there is no further rectification; if "
                "North bids, doubles or redoubles, East may make any legal call: a bid in the same denomination means "
                f"{pass_once(W)}; any other call means {pass_throughout(W)}, and {lead_text(E, H1, E97)} (Law 31A)")
    not_accepted(out_of_rotation("", "E", "1H", "1997"), expected)


def test_31A2_1997_a_bid_after_rho_s_bid_the_director_judges_the_denomination() -> None:
    t = out_of_rotation("", "E", "1H", "1997")
    t.choose("refuse")
    t.auction("1S 2H")
    assert t.state.pending == DenominationCheck(E, E97, H1, H2)


def test_31A2b_1997_a_double_after_rho_s_bid_partner_passes_throughout() -> None:
    t = out_of_rotation("", "E", "1H", "1997")
    t.choose("refuse")
    t.auction("1S X")
    s = t.state
    assert s.records[-1] == Record("31A2(b)", NAME, E, f"East called double: {pass_throughout(W)}", E97)
    assert s.restrictions == (Restriction(W, Bar.PASS_THROUGHOUT, "31A2(b)"),)
    assert s.lead_restrictions == (LeadRestriction(E, H1, (int(Strain.HEARTS),), E97),)
    assert s.flags == (Flag("23", Side.EW, adjust_text(E, E97)),)


def test_32A_2017_a_double_at_rho_s_turn() -> None:
    expected = (f"{back('South')}. If South passes, West must repeat double and there is no further rectification; "
                "if South bids, doubles or redoubles, West may make any legal call: if the director judges it "
                f"comparable to double, no further rectification; otherwise {pass_once(E)}; {lead_text(W, X, E17)} "
                "(Law 32A)")
    t = not_accepted(out_of_rotation("1S P", "W", "X", "2017"), expected)
    assert t.state.records[-1].law == "32" and t.state.watches == (Watch(W, X, "32A", "rho", E17),)


def test_32A_1997_a_double_at_rho_s_turn_then_rho_bids() -> None:
    expected = (f"{back('South')}. If South passes, West must repeat the double and there is no further "
                f"rectification; if South bids, West may make any legal call and {pass_throughout(E)}; "
                f"{lead_text(W, X, E97)} (Law 32A)")
    t = not_accepted(out_of_rotation("1S P", "W", "X", "1997"), expected)
    assert t.state.watches == (Watch(W, X, "32A", "rho", E97),)
    t.auction("2C 2H")
    assert t.state.records[-1] == Record("32A2", NAME, W, f"West called 2♥: {pass_throughout(E)}", E97)
    assert t.state.restrictions == (Restriction(E, Bar.PASS_THROUGHOUT, "32A2"),)


# ----- 31/32 at partner's turn or LHO's before the offender called ---------------------------------------------
def test_31B_2017_a_bid_at_partner_s_turn() -> None:
    expected = (f"{back('North')}; North may make any legal call at their turn but may not use the information from "
                "the cancelled bid (Law 16C2); at South's next turn, if the director judges the call comparable to "
                f"1♥, no further rectification; otherwise {pass_once(N)}; {lead_text(S, H1, E17)} (Law 31B)")
    t = not_accepted(out_of_rotation("", "S", "1H", "2017"), expected)
    assert t.state.watches == (Watch(S, H1, "31B", "next", E17, armed=True),)
    t.auction("1S P 2H")
    assert t.state.pending == ComparableCheck(S, E17, H1, H2, "31B")


def test_31B_2017_a_bid_at_lho_s_turn_before_the_offender_called() -> None:
    expected = (f"{back('North')}; East may make any legal call at their turn but may not use the information from "
                "the cancelled bid (Law 16C2); at West's next turn, if the director judges the call comparable to "
                f"1♥, no further rectification; otherwise {pass_once(E)}; {lead_text(W, H1, E17)} (Law 31B)")
    not_accepted(out_of_rotation("", "W", "1H", "2017"), expected)


def test_31B_1997_a_bid_at_partner_s_turn_partner_passes_throughout() -> None:
    expected = (f"{back('North')}; South may make any legal call at their turn; {pass_throughout(N)}; "
                f"{lead_text(S, H1, E97)} (Law 31B)")
    t = not_accepted(out_of_rotation("", "S", "1H", "1997"), expected)
    s = t.state
    assert s.restrictions == (Restriction(N, Bar.PASS_THROUGHOUT, "31B"),)
    assert s.lead_restrictions == (LeadRestriction(S, H1, (int(Strain.HEARTS),), E97),)
    assert s.flags == (Flag("23", Side.NS, adjust_text(S, E97)),)


def test_32B_2017_a_double_at_partner_s_turn() -> None:
    expected = (f"{back('East')}; East may make any legal call at their turn but may not use the information from "
                "the cancelled double (Law 16C2); at West's next turn, if the director judges the call comparable to "
                f"double, no further rectification; otherwise {pass_once(E)}; {lead_text(W, X, E17)} (Law 32B)")
    t = not_accepted(out_of_rotation("1S", "W", "X", "2017"), expected)
    assert t.ruling is None and t.state.watches == (Watch(W, X, "32B", "next", E17, armed=True),)


def test_32B_1997_a_double_at_partner_s_turn() -> None:
    expected = (f"{back('East')}; West may make any legal call at their turn; {pass_throughout(E)}; "
                f"{lead_text(W, X, E97)} (Law 32B)")
    t = not_accepted(out_of_rotation("1S", "W", "X", "1997"), expected)
    assert t.state.restrictions == (Restriction(E, Bar.PASS_THROUGHOUT, "32B"),)


# ----- a call at LHO's turn after the offender called: a change of call -------------------------------------------
@pytest.mark.parametrize(("laws", "edition"), [("2017", E17), ("1997", E97)])
def test_31C_a_call_at_lho_s_turn_after_the_offender_called_is_a_change_of_call(laws: str, edition: Edition) -> None:
    t = out_of_rotation("1S P 2S P", "W", "3C", laws)
    assert t.ruling.option("refuse").consequence == ("3♣ is treated as an attempt by West to change his call of "
                                                     "pass, and Law 25 applies.")
    assert t.ruling.option("refuse").law == "31"
    t.choose("refuse")
    assert t.state.pending == ChangeOfCall(W, edition, P, C3, 3)


def test_29_the_law_of_each_kind_of_call() -> None:
    assert out_of_rotation("1S P", "W", "X", "2017").ruling.option("refuse").law == "32"
    assert out_of_rotation("", "E", "1H", "2017").ruling.option("refuse").law == "31"
    assert out_of_rotation("", "E", "P", "2017").ruling.option("refuse").law == "30"


def test_29A_acceptance_recorded() -> None:
    t = out_of_rotation("", "E", "1H", "1997")
    t.choose("accept")
    assert t.state.records[-1] == Record("29A", NAME, E, "1♥ by East accepted", E97)
    assert t.state.calls[-1].call == H1 and t.state.next_seat is S

