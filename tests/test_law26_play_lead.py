"""Law 26 at the offender's partner's first turn to lead: declarer's choice, by edition, enforced on the lead."""

from __future__ import annotations

import pytest

from bridge_director.engine import Table
from bridge_director.errors import BridgeError, IllegalPlayError
from bridge_director.laws.law26 import lead_restrictions_in_force
from bridge_director.model import Card, Seat, Suit
from bridge_director.table.play import RevokeCorrected
from playkit import DEAL, options, play, play_out

ANSWERS = {"specified_suits": "H", "legal_suits": "none"}


def withdrawn_1h(laws: str) -> Table:
    """1♠ by South; East's insufficient 1♥ is not accepted and replaced by a pass: West, East's partner, leads."""
    t = Table(None, dealer="S", vulnerability="None", deal=DEAL, laws=laws)
    t.auction("1S P P")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "P")
    while t.ruling is not None and t.ruling.questions:
        q = t.ruling.questions[0]
        t.judge(q.key, ANSWERS.get(q.key, "no"))
    return t


def test_26B_2017_declarer_may_forbid_one_suit_at_the_opening_lead() -> None:
    t = withdrawn_1h("2017")
    r = t.ruling
    assert r is not None and r.law == "26" and r.chooser is not None and r.chooser.letter == "S"
    assert options(t) == ["forbid:S", "forbid:H", "forbid:D", "forbid:C", "none"]
    assert "opening lead" in r.text and "(Law 26B)" in r.text
    with pytest.raises(BridgeError):
        play(t, "H7")  # West waits for declarer's choice


def test_26B_2017_forbidden_suit_enforced_while_partner_keeps_the_lead() -> None:
    t = withdrawn_1h("2017")
    t.choose("forbid:H", "S")
    play(t, "D6")
    assert any(r.law == "26B" for r in t.state.records) and not t.state.period.revokes


def test_61A_26B_2017_forbidden_suit_led_is_a_revoke_corrected_before_establishment() -> None:
    """Law 61A: leading the suit declarer forbade, when able not to, is a revoke — the card is played, not
    refused; corrected before it is established (62A) the card becomes a major penalty card (62B1)."""
    t = withdrawn_1h("2017")
    t.choose("forbid:H", "S")
    play(t, "H7")
    r = t.state.period.revokes[-1]
    assert (r.seat, r.card, r.rule, r.suit, r.established) == (Seat.WEST, Card.parse("H7"), "26B", Suit.HEARTS,
                                                               False)
    assert Card.parse("H4") not in r.held and Card.parse("D6") in r.held
    with pytest.raises(IllegalPlayError):
        t.do(RevokeCorrected(Seat.WEST, Card.parse("H4")))  # another heart does not comply
    t.do(RevokeCorrected(Seat.WEST, Card.parse("D6")))
    assert t.state.play.current.cards == (Card.parse("D6"),)
    assert [(p.seat, p.card, p.major) for p in t.state.penalty_cards] == [(Seat.WEST, Card.parse("H7"), True)]


def test_26_none_imposes_nothing() -> None:
    t = withdrawn_1h("2017")
    t.choose("none")
    play(t, "H7")
    assert t.state.period.lead_rule is None


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_26A_earlier_editions_require_or_forbid_the_specified_suit(laws: str) -> None:
    t = withdrawn_1h(laws)
    assert options(t) == ["require:H", "forbid:H", "none"]
    t.choose("require:H")
    play(t, "H7")
    assert not t.state.period.revokes


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_61A_26A_failure_to_lead_the_required_suit_is_a_revoke_established_and_transferred(laws: str) -> None:
    """Law 61A: not leading the suit declarer required under Law 26A, holding it, is a revoke; once the offending
    side plays to the next trick it is established (63A1) and Law 64 transfers at the end of play."""
    t = withdrawn_1h(laws)
    t.choose("require:H")
    play(t, "D6 D2 DA D9")  # West leads a diamond holding four hearts; East wins trick 1
    r = t.state.period.revokes[-1]
    assert (r.rule, r.suit, r.trick) == ("26A", Suit.HEARTS, 1) and not r.established
    play(t, "CA")  # East leads trick 2: established
    assert t.state.period.revokes[-1].established
    play_out(t)
    t.choose("apply")
    tr = t.state.period.transfers[0]
    assert tr.offender is Seat.WEST and tr.tricks >= 1 and tr.law.startswith("64A")


def test_26_restriction_is_asked_only_once() -> None:
    t = withdrawn_1h("2017")
    t.choose("forbid:C")
    play(t, "D6 D2 DA D9")  # East wins; West's first turn to lead is over
    assert t.state.pending is None and t.state.period.lead_rule is None


def suit_named_again(laws: str) -> Table:
    """1♠ by South; East's insufficient 1♥ is not accepted and replaced by 2♥ (not comparable: West passes
    throughout); South plays 3♠, West, East's partner, leads.  East has specified hearts in the legal auction."""
    t = Table(None, dealer="S", vulnerability="None", deal=DEAL, laws=laws)
    t.auction("1S P P")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "2H")
    answers = {"specified_suits": "H", "legal_suits": "H"}
    for seat, call in (("S", "3S"), ("W", "P"), ("N", "P"), ("E", "P")):
        while t.ruling is not None and t.ruling.questions:
            q = t.ruling.questions[0]
            t.judge(q.key, answers.get(q.key, "no"))
        t.call(seat, call)
    while t.ruling is not None and t.ruling.questions:
        q = t.ruling.questions[0]
        t.judge(q.key, answers.get(q.key, "no"))
    return t


@pytest.mark.parametrize("laws", ["2007", "1997"])
def test_26A1_no_lead_restriction_when_the_offender_specified_the_suit_in_the_legal_auction(laws: str) -> None:
    """Law 26A1 (1997/2007): the withdrawn call specified hearts and the offender specified hearts in the legal
    auction: no lead restriction — declarer is offered nothing at the lead, as the board summary says."""
    t = suit_named_again(laws)
    assert t.state.contract() is not None and t.ruling is None
    assert lead_restrictions_in_force(t.state) == []
    play(t, "H7")
    assert t.state.period.lead_rule is None


def test_26B_2017_only_suits_the_offender_has_not_specified_may_be_forbidden() -> None:
    t = suit_named_again("2017")
    assert options(t) == ["forbid:S", "forbid:D", "forbid:C", "none"]
    assert len(lead_restrictions_in_force(t.state)) == 1
