"""Law 27, the insufficient bid: the checks that mutation testing of the auction laws showed were missing.

Each test names the clause it checks and asserts the law's outcome: the corrections open to the offender with their
consequences and laws, by edition (27B1(a) only when a lowest sufficient bid exists), what each correction leaves
on the table (the record, the partner's bar, the Law 26 lead restriction, the information from the withdrawn or
cancelled call, the 72C/23 flag), the exact refusal of a correction the law does not allow, and acceptance of the
insufficient bid after it was replaced (27C).  The phrases shared by every law (a bar, Law 26, Law 72C/23) come
from ``laws.common``, checked word for word in ``test_mutation_kills_laws_common``.
"""

from __future__ import annotations

import pytest

from bridge_director.errors import IllegalCallError
from bridge_director.laws.common import adjust_text, lead_text, pass_throughout
from bridge_director.model import Call, Seat, Side, Strain
from bridge_director.table.edition import Edition
from bridge_director.table.state import Bar, Flag, LeadRestriction, Record, Restriction, Unauthorised
from tablekit import table

E, W = Seat.EAST, Seat.WEST
E17, E07, E97 = Edition.L2017, Edition.L2007, Edition.L1997
NAME = "Insufficient bid"
AFTER_B1 = ("the director will adjust the score at the end of play if he judges that without the help of the "
            "insufficient bid the outcome could well have been different (Law 27D)")
H1, D1, X = Call.parse("1H"), Call.parse("1D"), Call.parse("X")


def opts(t) -> list[tuple[str, str, str, str]]:  # type: ignore[no-untyped-def]
    return [(o.key, o.label, o.consequence, o.law) for o in t.ruling.options]


def refused(laws: str = "2017", opening: str = "1S", bid: str = "1H"):  # type: ignore[no-untyped-def]
    """North opens, East bids insufficiently, South does not accept: East must correct."""
    t = table(opening, laws=laws)
    t.call("E", bid)
    t.choose("refuse")
    return t


def package(edition: Edition, bid: Call = H1) -> str:
    """Law 27B2's consequence: partner barred, Law 26, the enforced-pass adjustment."""
    return f"{pass_throughout(W)}; {lead_text(E, bid, edition)}; {adjust_text(E, edition)}"


def refusal(t, seat: str, call: str) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalCallError) as err:
        t.call(seat, call)
    return str(err.value)


# ----- 27B: the corrections, by edition ---------------------------------------------------------------------------
def test_27B_2017_corrections() -> None:
    assert opts(refused()) == [
        ("27B1(a)", "correct to 2♥ (the lowest sufficient bid in hearts)", "if the director judges that 1♥ and 2♥ "
         f"specify the same denomination(s), the auction goes on with no further rectification and no lead "
         f"restriction; {AFTER_B1}", "27B1(a)"),
        ("27B1(b)", "correct with a comparable call", "a call (a double or redouble included) that the director "
         "judges comparable to 1♥ — the same or a similar meaning, a more precise meaning, or the same purpose: the "
         f"auction goes on with no further rectification and no lead restriction; {AFTER_B1}", "27B1(b)"),
        ("27B2", "any other sufficient bid, or pass", package(E17), "27B2"),
        ("27B3", "a double or redouble that is not comparable",
         f"it is cancelled and East must make a sufficient bid or pass; {package(E17)}", "27B3")]


def test_27B_2007_corrections() -> None:
    assert opts(refused("2007")) == [
        ("27B1(a)", "correct to 2♥ (the lowest sufficient bid in hearts)", "if the director judges that both bids "
         f"are incontrovertibly not artificial, the auction goes on with no further rectification; {AFTER_B1}",
         "27B1(a)"),
        ("27B1(b)", "a call with the same or a more precise meaning", "a legal call that the director judges to have "
         "the same meaning as 1♥ or a more precise one (fully contained in the meanings of 1♥): no further "
         f"rectification; {AFTER_B1}", "27B1(b)"),
        ("27B2", "any other sufficient bid, or pass", package(E07), "27B2"),
        ("27B3", "a double or redouble not allowed by 27B1(b)",
         f"it is cancelled and East must make a sufficient bid or pass; {package(E07)}", "27B3")]


def test_27B_1997_corrections() -> None:
    assert opts(refused("1997")) == [
        ("27B1(a)", "correct to 2♥ (the lowest sufficient bid in hearts)", "if the director judges that neither bid "
         "is conventional, the auction goes on with no penalty; if information from the insufficient bid damaged the "
         "other side the director will adjust the score (Law 16C2)", "27B1(a)"),
        ("27B1(b)", "any other sufficient bid, or pass (or any correction of a conventional bid)", package(E97),
         "27B1(b), 27B2"),
        ("27B3", "an attempt to double or redouble", "a double or redouble may not be substituted: it is cancelled "
         f"and East must make a sufficient bid or pass; {package(E97)}", "27B3")]


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_27B1a_no_lowest_sufficient_bid_in_the_denomination_no_such_correction(laws: str) -> None:
    t = refused(laws, "7S", "7H")
    assert [o.key for o in t.ruling.options] == (["27B1(b)", "27B2", "27B3"] if laws != "1997"
                                                 else ["27B1(b)", "27B3"])


# ----- 27B: what a correction leaves -------------------------------------------------------------------------------
def test_27B1b_1997_any_other_bid_partner_passes_throughout() -> None:
    t = refused("1997")
    t.call("E", "3C")
    s = t.state
    assert s.records[-1] == Record("27B1(b)", NAME, E, f"1♥ corrected to 3♣: {pass_throughout(W)}", E97)
    assert s.restrictions == (Restriction(W, Bar.PASS_THROUGHOUT, "27B1(b)"),)
    assert s.lead_restrictions == (LeadRestriction(E, H1, (int(Strain.HEARTS),), E97),)
    assert s.unauthorised == (Unauthorised(Side.EW, "East's withdrawn 1♥", "16C"),)
    assert s.flags == (Flag("23", Side.EW, adjust_text(E, E97)),)
    assert s.calls[-1].call == Call.parse("3C") and s.pending is None


def test_27B3_1997_a_double_is_cancelled_then_a_sufficient_bid_or_pass() -> None:
    t = refused("1997")
    t.call("E", "X")
    s = t.state
    assert s.unauthorised == (Unauthorised(Side.EW, "East's cancelled double", "16C"),)
    assert s.lead_restrictions == (LeadRestriction(E, X, (), E97),)
    assert t.ruling.law == "27B" and t.ruling.edition is E97 and [o.key for o in t.ruling.options] == ["27B3"]
    waiting = "is not possible while the ruling on the insufficient bid is pending; waiting for the director to " \
              "choose one of: 27B3 or a call by East"
    assert refusal(t, "E", "1D") == f"Law 27B: another insufficient bid (1♦) {waiting}"
    assert refusal(t, "E", "XX") == f"Law 27B: the inadmissible redouble {waiting}"
    assert refusal(t, "E", "X") == f"Law 27B: a double (Law 27B3: a sufficient bid or pass) {waiting}"
    t.call("E", "2C")
    s = t.state
    assert s.records[-1] == Record("27B3", NAME, E, f"1♥ corrected to 2♣: {pass_throughout(W)}", E97)
    assert s.restrictions == (Restriction(W, Bar.PASS_THROUGHOUT, "27B3"),)
    assert s.calls[-1].call == Call.parse("2C") and s.calls[-1].seat is E


def test_27B3_2007_a_double_judged_not_more_precise_is_cancelled() -> None:
    t = refused("2007")
    t.call("E", "X")
    assert t.ruling.questions[0].key == "more_precise" and t.ruling.edition is E07
    t.judge("more_precise", "no")
    s = t.state
    assert s.unauthorised == (Unauthorised(Side.EW, "East's cancelled double", "16D"),)
    assert s.lead_restrictions == (LeadRestriction(E, X, (), E07),)
    assert t.ruling.edition is E07 and [o.key for o in t.ruling.options] == ["27B3"]


def test_27B3_2017_a_double_judged_not_comparable_no_second_lead_restriction() -> None:
    t = refused("2017")
    t.call("E", "X")
    assert t.ruling.questions[0].key == "comparable" and t.ruling.edition is E17
    t.judge("comparable", "no")
    assert t.state.lead_restrictions == () and t.ruling.edition is E17


def test_27B4_a_second_insufficient_bid_not_accepted_forces_a_sufficient_bid_or_pass() -> None:
    t = refused()
    t.call("E", "1D")  # insufficient again
    assert t.ruling.law == "27B4"
    t.choose("refuse")
    waiting = "is not possible while the ruling on the insufficient bid is pending; waiting for the director to " \
              "choose one of: 27B3 or a call by East"
    assert refusal(t, "E", "1C") == f"Law 27B: another insufficient bid (1♣) {waiting}"
    assert refusal(t, "E", "X") == f"Law 27B: a double (Law 27B3: a sufficient bid or pass) {waiting}"
    t.call("E", "2C")
    s = t.state
    assert s.records[-1] == Record("27B3", NAME, E, f"1♦ corrected to 2♣: {pass_throughout(W)}", E17)
    assert s.restrictions == (Restriction(W, Bar.PASS_THROUGHOUT, "27B3"),)
    assert s.lead_restrictions == (LeadRestriction(E, D1, (int(Strain.DIAMONDS),), E17),)
    assert s.unauthorised == (Unauthorised(Side.EW, "East's withdrawn 1♦", "16C"),)
    assert s.flags == (Flag("72C", Side.EW, adjust_text(E, E17)),)


def test_27B2_2017_a_sufficient_bid_judged_not_comparable() -> None:
    t = refused()
    t.call("E", "3C")
    t.judge("comparable", "no")
    s = t.state
    assert s.records[-1] == Record("27B2", NAME, E, f"1♥ corrected to 3♣: {pass_throughout(W)}", E17)
    assert s.restrictions == (Restriction(W, Bar.PASS_THROUGHOUT, "27B2"),)
    assert s.calls[-1].call == Call.parse("3C")


# ----- 27A and 27C --------------------------------------------------------------------------------------------------
def test_27C_a_replacement_made_before_the_ruling_then_27A_acceptance() -> None:
    t = table("1S", laws="2007")
    t.call("E", "1H")
    t.call("E", "2H")  # East replaces it at once
    t.choose("accept")
    s = t.state
    assert s.records[-1] == Record("27A", NAME, E, "1♥ by East accepted by South", E07)
    assert s.unauthorised == (Unauthorised(Side.EW, "East's withdrawn replacement 2♥", "16D"),)  # 2007: 16D
    assert s.calls[-1].call == H1 and s.next_seat is Seat.SOUTH
