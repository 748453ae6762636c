"""Law 26 at the offender's partner's first turn to lead: declarer's choice, by edition, enforced on the lead."""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError, IllegalPlayError
from bridge_director.table import Table
from playkit import DEAL, options, play

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
    with pytest.raises(IllegalPlayError) as err:
        play(t, "H7")
    assert err.value.law == "26B"
    play(t, "D6")
    assert t.state.records[-1].law == "26B" or any(r.law == "26B" for r in t.state.records)


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
    with pytest.raises(IllegalPlayError):
        play(t, "D6")
    play(t, "H7")


def test_26_restriction_is_asked_only_once() -> None:
    t = withdrawn_1h("2017")
    t.choose("forbid:C")
    play(t, "D6 D2 DA D9")  # East wins; West's first turn to lead is over
    assert t.state.pending is None and t.state.period.lead_rule is None
