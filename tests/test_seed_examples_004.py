"""Seed 004 (Zone 7 guide, 2007 Laws): Law 27 examples whose existing tests ran only under the 2017 Laws or did
not check the stated rectification.  Each test names the seed line; see ``docs/seed-examples.md``.
"""

from __future__ import annotations

from bridge_director.table.state import Bar
from tablekit import bars, table


def _ib(auction: str, seat: str, bid: str, dealer: str = "N"):  # type: ignore[no-untyped-def]
    t = table(auction, dealer, "2007")
    t.call(seat, bid)
    assert t.ruling is not None and t.ruling.irregularity == "Insufficient bid"
    return t


def test_seed004_27B2_1S_1H_corrected_3NT_partner_passes_throughout_lead_restriction() -> None:
    """Seed 004 line 54: after (1S) 1H not accepted, Jack chooses the third option, (1S) 3NT: "Mary must pass
    throughout the auction" and there may be lead restrictions when she is first on lead."""
    t = _ib("1S", "N", "1H", dealer="W")
    t.choose("refuse")
    t.call("N", "3NT")
    t.judge("more_precise", "no")
    assert bars(t) == {("S", Bar.PASS_THROUGHOUT)}
    assert t.state.lead_restrictions


def test_seed004_27B4_second_insufficient_bid_may_be_accepted() -> None:
    """Seed 004 line 87: a "correction" by another insufficient bid: LHO may accept the second insufficient
    bid, and the auction goes on from it."""
    t = _ib("1S", "E", "1H")
    t.choose("refuse")
    t.call("E", "1D")
    t.choose("accept")
    assert t.state.auction_text() == "N:1S E:1D" and not t.state.restrictions


def test_seed004_27B4_second_insufficient_bid_refused_partner_passes_throughout() -> None:
    """Seed 004 line 87: not accepted, the offender makes any sufficient bid or pass and his partner passes for
    the rest of the auction."""
    t = _ib("1S", "E", "1H")
    t.choose("refuse")
    t.call("E", "1D")
    t.choose("refuse")
    t.call("E", "2D")
    assert t.state.pending is None
    assert bars(t) == {("W", Bar.PASS_THROUGHOUT)}


def test_seed004_27C_replacement_before_ruling_stands_unless_lho_accepts() -> None:
    """Seed 004 line 88: the offender replaced his insufficient bid before the director ruled: the replacement
    stands unless LHO accepts the insufficient bid; not accepted, the director rules as though the offender had
    chosen it (2H over 1S: the lowest sufficient bid in the suit, no rectification)."""
    t = _ib("1S", "E", "1H")
    t.call("E", "2H")
    t.choose("refuse")
    t.judge("not_artificial", "yes")
    assert t.state.auction_text() == "N:1S E:2H" and not t.state.restrictions


def test_seed004_27C_lho_accepts_the_insufficient_bid_instead() -> None:
    """Seed 004 line 88: LHO may still accept the insufficient bid; the replacement is withdrawn."""
    t = _ib("1S", "E", "1H")
    t.call("E", "2H")
    t.choose("accept")
    assert t.state.auction_text() == "N:1S E:1H"
