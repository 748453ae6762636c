"""Law 26: lead restrictions after a withdrawn call, by edition, worked out at the end of the auction."""

from __future__ import annotations

from bridge_director.engine import Judgement
from bridge_director.laws.common import say
from bridge_director.laws.law26 import lead_restrictions_in_force
from tablekit import table


def suits(t, specified: str | None, legal: str | None = None) -> None:  # type: ignore[no-untyped-def]
    """Answer the director's Law 26 questions asked once the auction is over."""
    if specified is not None:
        assert t.ruling.questions[0].key == "specified_suits", t.ruling
        t.judge("specified_suits", specified)
    if legal is not None:
        assert t.ruling.questions[0].key == "legal_suits", t.ruling
        t.judge("legal_suits", legal)
    assert t.state.pending is None


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
    assert t.state.phase == "ruling" and t.ruling.law == "26A"  # asked, never guessed
    suits(t, "H", "D")
    [text] = lead_restrictions_in_force(t.state)
    assert "require West to lead ♥, or forbid the lead of ♥" in text and "26A" in text


def test_26A_2007_suit_later_specified_no_restriction() -> None:
    t = _b2("2007", "3H", "3S P P P")  # seed 003: a restriction only "if the suit is not repeated"
    suits(t, "H", "H")
    assert lead_restrictions_in_force(t.state) == []


def test_26B_2007_withdrawn_notrump_forbid_any_one_suit() -> None:
    t = table("1S", laws="2007")
    t.call("E", "1NT")
    t.change("E", "2C")
    t.judge("nature", "change_of_mind")
    t.choose("refuse", "S")
    t.choose("stand", "E")  # 1NT stands; the attempted 2C is withdrawn
    t.auction("P P 2S P P P")
    suits(t, "none", "none")  # seed 003: "if the call had been NT ... forbid" any one suit
    [text] = lead_restrictions_in_force(t.state)
    assert "forbid West to lead any one suit" in text and "26B" in text


def test_26_1997_require_or_forbid_like_2007() -> None:
    t = _b2("1997", "2D", "2S P P P")
    suits(t, "H", "D")
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


def test_26A_judged_suits_replace_the_named_suit() -> None:
    t = _b2("2007", "2D", "2S P P P")
    suits(t, "CS", "D")  # the withdrawn 1H was artificial: clubs and spades
    [text] = lead_restrictions_in_force(t.state)
    assert "require West to lead any one of ♠, ♣, or forbid the lead of any one of ♠, ♣" in text


def test_26B_2017_legal_auction_suits_are_judged() -> None:
    t = _b2("2017", "2C", "2S P P P")  # East's 2C in the legal auction was artificial: it specified no suit
    suits(t, None, "none")
    [text] = lead_restrictions_in_force(t.state)
    assert "any one of ♠, ♥, ♦, ♣" in text


def test_26_malformed_suits_answer_refused() -> None:
    t = _b2("2007", "2D", "2S P P P")
    for bad in ("X", "HH", ""):
        assert not t.can(Judgement("specified_suits", bad))
    assert not t.can(Judgement("legal_suits", "H"))  # not the question asked


def test_26_no_question_when_the_offender_declares() -> None:
    t = _b2("2007", "2D", "P P P")
    assert t.state.pending is None and t.state.phase == "play"


def test_27B3_2007_cancelled_double_is_a_second_withdrawn_call() -> None:
    t = table("1S", laws="2007")  # seed 004: "now there are two withdrawn calls" (the IB and the double)
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "X")
    t.judge("more_precise", "no")
    t.call("E", "2D")
    assert [say(lr.withdrawn) for lr in t.state.lead_restrictions] == ["double", "1♥"]


# ----- seed 002 (1997): the Michaels cue bid and "specified suits" -------------------------------------
def _changed(first: str, then: str, opening: str = "1C"):  # type: ignore[no-untyped-def]
    """East overcalls ``first`` (Michaels) over North's ``opening`` and changes it to ``then`` (1997 25B)."""
    t = table(opening, laws="1997")
    t.call("E", first)
    t.change("E", then)
    t.judge("nature", "change_of_mind")
    t.choose("refuse", "S")
    t.choose("anew", "E")
    t.call("E", then)
    return t


def test_seed002_michaels_2C_changed_to_1H_spades_still_restricted_1997() -> None:
    t = _changed("2C", "1H")
    t.auction("1S P 4S P P P")
    suits(t, "HS", "H")  # 2C Michaels specified hearts and spades; East has since bid hearts
    [text] = lead_restrictions_in_force(t.state)
    assert text.startswith("on the opening lead, declarer may require West to lead ♠, or forbid the lead of ♠ for "
                           "as long as West keeps the lead (Law 26A")


def test_seed002_michaels_changed_to_1NT_either_major_1997() -> None:
    t = _changed("2C", "1NT")
    t.auction("2S P 4S P P P")
    suits(t, "HS", "none")
    [text] = lead_restrictions_in_force(t.state)
    assert "require West to lead any one of ♠, ♥, or forbid the lead of any one of ♠, ♥" in text


def test_seed002_michaels_spades_and_a_minor_1997() -> None:
    t = _changed("2H", "1NT", opening="1H")
    t.auction("2H P 4H P P P")
    suits(t, "Sdc", "none")  # spades and an unnamed minor: spades may be required, any of the three forbidden
    [text] = lead_restrictions_in_force(t.state)
    assert "require West to lead ♠, or forbid the lead of any one of ♠, ♦, ♣" in text


def test_seed002_suit_specified_before_no_lead_restriction_but_16C_1997() -> None:
    t = table("1C 1NT P 3NT", laws="1997")
    t.call("N", "3C")  # insufficient, corrected to pass (27B2): the withdrawn 3C names clubs, already bid
    t.choose("refuse")
    t.call("N", "P")
    t.auction("P P")
    suits(t, "C", "C")
    assert lead_restrictions_in_force(t.state) == [] and t.state.unauthorised
