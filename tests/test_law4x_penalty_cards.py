"""Laws 48-52: cards exposed in the play, minor and major penalty cards, Law 50D2, several cards (51), failure (52)."""

from __future__ import annotations

import pytest

from bridge_director.errors import IllegalCallError
from bridge_director.model import Card, Seat
from playkit import options, play, table


def c(text: str) -> Card:
    return Card.parse(text)


def pcs(t) -> set[tuple[str, str, bool]]:  # type: ignore[no-untyped-def]
    return {(p.seat.letter, str(p.card), p.major) for p in t.state.penalty_cards}


def test_48A_declarer_exposes_a_card_no_rectification() -> None:
    t = table()
    play(t, "H7")
    t.expose("S", "SA")
    assert t.state.pending is None and not t.state.penalty_cards and t.state.records[-1].law == "48A"


def test_50C_single_spot_card_inadvertent_is_minor() -> None:
    t = table()
    play(t, "H7 H2")
    t.expose("W", "D6")
    assert t.ruling.questions[0].key == "deliberate"
    t.judge("deliberate", "no")
    assert pcs(t) == {("W", "D6", False)}


def test_50B_single_spot_card_exposed_deliberately_is_major() -> None:
    t = table()
    play(t, "H7 H2")
    t.expose("W", "D6")
    t.judge("deliberate", "yes")
    assert pcs(t) == {("W", "D6", True)}


def test_50B_an_honour_is_major() -> None:
    t = table()
    play(t, "H7 H2")
    t.expose("E", "CA")
    assert pcs(t) == {("E", "CA", True)}


def test_50B_two_penalty_cards_are_all_major() -> None:
    t = table()
    play(t, "H7 H2")
    t.expose("W", "D6")
    t.judge("deliberate", "no")
    t.expose("W", "C5")
    assert pcs(t) == {("W", "D6", True), ("W", "C5", True)}


def test_50D2_partner_has_the_lead_declarer_chooses() -> None:
    t = table()
    t.expose("E", "CA")  # before the opening lead: West is on lead
    r = t.ruling
    assert r.law == "50D" and r.chooser is Seat.SOUTH
    assert options(t) == ["require:C", "forbid:C", "leave"]
    with pytest.raises(IllegalCallError):
        play(t, "H7")  # West may not lead before declarer has chosen


def test_50D2a_require_the_suit_card_picked_up() -> None:
    t = table()
    t.expose("E", "CA")
    t.choose("require:C")
    assert not t.state.penalty_cards
    play(t, "C4")
    assert not t.state.period.revokes


def test_61A_50D2a_lead_of_another_suit_is_a_revoke() -> None:
    """Law 61A: West, required to lead clubs (50D2(a)), leads a heart: a revoke recorded with the rule's law."""
    t = table()
    t.expose("E", "CA")
    t.choose("require:C")
    play(t, "H7")
    r = t.state.period.revokes[-1]
    assert (r.seat, r.rule, r.card) == (Seat.WEST, "50D2", Card.parse("H7"))
    assert set(r.held) == {Card.parse(c) for c in ("C6", "C5", "C4")}


def test_50D2b_forbid_the_suit() -> None:
    t = table()
    t.expose("E", "CA")
    t.choose("forbid:C")
    play(t, "H7")
    assert not t.state.period.revokes


def test_61A_50D2b_forbidden_suit_led_is_a_revoke() -> None:
    """Law 61A: West leads the club declarer forbade (50D2(b)) holding other suits: a revoke, played."""
    t = table()
    t.expose("E", "CA")
    t.choose("forbid:C")
    play(t, "C4")
    r = t.state.period.revokes[-1]
    assert (r.seat, r.rule, r.card, r.established) == (Seat.WEST, "50D2", Card.parse("C4"), False)
    assert t.state.play.current.cards == (Card.parse("C4"),)


def test_50D2c_leave_and_50D1_first_legal_opportunity() -> None:
    t = table()
    t.expose("E", "CA")
    t.choose("leave")
    play(t, "C4 C2")
    play(t, "CK")  # East must play the ♣A now (Law 50D1): Law 52
    assert t.ruling.law == "52" and options(t) == ["accept", "require"]


def test_52B1a_declarer_accepts_the_card_played() -> None:
    t = table()
    t.expose("E", "CA")
    t.choose("leave")
    play(t, "C4 C2 CK")
    t.choose("accept")
    assert t.state.play.current.cards[-1] == c("CK") and pcs(t) == {("E", "CA", True)}


def test_52B1b_declarer_requires_the_penalty_card() -> None:
    t = table()
    t.expose("E", "CA")
    t.choose("leave")
    play(t, "C4 C2 CK")
    t.choose("require")
    assert t.state.play.current.cards[-1] == c("CA") and pcs(t) == {("E", "CK", True)}


def test_50C_minor_card_restriction() -> None:
    t = table()
    play(t, "H7 H2")
    t.expose("E", "H8")
    t.judge("deliberate", "no")
    play(t, "H9")  # a lower heart than an honour while the minor ♥8 is on the table: Law 52
    assert t.ruling.law == "52"
    t2 = table()
    play(t2, "H7 H2")
    t2.expose("E", "H8")
    t2.judge("deliberate", "no")
    play(t2, "HJ")  # an honour may be played instead
    assert t2.state.pending is None


def test_51B_requiring_a_suit_picks_up_every_card_of_it() -> None:
    t = table()
    t.expose("E", "CA", "CK")
    t.choose("require:C")
    assert not t.state.penalty_cards


def test_50D2_when_partner_gains_the_lead() -> None:
    t = table()
    play(t, "C4 C2")
    t.expose("W", "D8")
    t.judge("deliberate", "yes")
    assert t.state.pending is None  # East is not on lead yet
    play(t, "CA C7")  # East wins the trick: he gains the lead
    assert t.ruling.law == "50D" and options(t) == ["require:D", "forbid:D", "leave"]


def test_24_exposed_in_the_auction_is_a_penalty_card_for_a_defender() -> None:
    t = table(auction="P P 1S")
    t.expose("E", "DA")
    t.choose("proceed")
    t.auction("P P P")  # West must pass once (Law 24B); so he does
    assert pcs(t) == {("E", "DA", True)}
    assert t.ruling is not None and t.ruling.law == "50D"  # West is on lead
