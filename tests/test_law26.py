"""Law 26: lead restrictions after a withdrawn call, by edition, worked out at the end of the auction."""

from __future__ import annotations

from bridge_director.laws.law26 import lead_restrictions_in_force
from tablekit import table


def _b2(laws: str, correction: str, then: str):  # type: ignore[no-untyped-def]
    t = table("1S", laws=laws)
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", correction)
    if t.state.pending is not None:
        t.judge(t.ruling.questions[0].key, "no")
    if t.state.pending is not None:
        t.judge(t.ruling.questions[0].key, "no")
    t.auction(then)
    return t


def test_26B_2017_declarer_may_forbid_one_suit_not_specified() -> None:
    t = _b2("2017", "2D", "2S P P P")  # East (the offender) leads first; West's first lead comes later
    [text] = lead_restrictions_in_force(t.state)
    assert text.startswith("at West's first turn to lead, declarer may forbid West to lead any one of ♠, ♥, ♣")
    assert "26B" in text


def test_26B_2017_partner_on_opening_lead() -> None:
    t = table("P 1S")
    t.call("S", "1H")
    t.choose("refuse")
    t.call("S", "2D")
    t.judge("comparable", "no")
    t.auction("2NT P 3NT P P P")
    [text] = lead_restrictions_in_force(t.state)
    assert text.startswith("on the opening lead, declarer may forbid North to lead any one of ♠, ♥, ♣")


def test_26A_2007_withdrawn_suit_not_later_bid_require_or_forbid() -> None:
    t = _b2("2007", "2D", "2S P P P")
    [text] = lead_restrictions_in_force(t.state)
    assert "require West to lead ♥, or forbid the lead of ♥" in text and "26A" in text


def test_26B_2007_suit_later_specified_forbid_any_one_suit() -> None:
    t = _b2("2007", "3H", "3S P P P")
    [text] = lead_restrictions_in_force(t.state)
    assert "forbid West to lead any one suit" in text


def test_26_1997_require_or_forbid_like_2007() -> None:
    t = _b2("1997", "2D", "2S P P P")
    [text] = lead_restrictions_in_force(t.state)
    assert "require West to lead ♥" in text


def test_26_no_restriction_when_offender_declares() -> None:
    t = _b2("2017", "2D", "P P P")
    assert lead_restrictions_in_force(t.state) == []


def test_26_no_restriction_after_comparable_call() -> None:
    t = table("1S")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "2H")
    t.judge("same_denomination", "yes")
    t.auction("2S P P P")
    assert lead_restrictions_in_force(t.state) == []
