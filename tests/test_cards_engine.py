"""The laws engine with a system card at the table (2017): the ruling on a comparable call carries the card's
Law 23A verdict, the director still answers, and without a card the rulings are as before."""

from __future__ import annotations

from pathlib import Path

from bridge_director.cards.card_file import load, loads
from bridge_director.cards.model import TableCards
from bridge_director.engine import Table

EXAMPLES = Path(__file__).parents[1] / "examples" / "cards"
NATURAL = load(EXAMPLES / "natural-2over1.json")
STRONG_CLUB = load(EXAMPLES / "strong-club.json")


def out_of_rotation_1S_then_RHO_opens(card: TableCards | None) -> Table:
    """East deals; South bids 1S at East's turn (his RHO's); West refuses; East opens 1H; South bids 2S."""
    t = Table(dealer="E", cards=card)
    t.call("S", "1S")
    t.choose("refuse")
    t.call("E", "1H")
    t.call("S", "2S")
    return t


def test_31A2a_weak_jump_overcall_not_comparable_with_a_1S_opening_shows_a_hand() -> None:
    t = out_of_rotation_1S_then_RHO_opens(TableCards(ns=NATURAL))
    ruling = t.ruling
    assert ruling is not None and ruling.law == "31A2" and [q.key for q in ruling.questions] == ["comparable"]
    assert "reading the withdrawn 1♠ as an opening (in the auction when it was made out of rotation)" in ruling.text
    assert "2♠ is not comparable: 2♠ after (1H) (hcp 5-10, spades 6)" in ruling.text
    assert "for example ♠" in ruling.text
    t.judge("comparable", "no")  # the director confirms: North passes once (31A2(b) in 2017: 23B)
    assert [r.describe() for r in t.state.restrictions] == [
        "North must pass at the next turn (Law 31A2)"]


def test_31A2a_intermediate_jump_overcall_is_a_subset_of_the_strong_club_1S_opening() -> None:
    t = out_of_rotation_1S_then_RHO_opens(TableCards(ns=STRONG_CLUB))
    ruling = t.ruling
    assert ruling is not None
    assert "2♠ is comparable (Law 23A2): every hand 2♠ after (1H) shows (hcp 11-15, spades 6+, hearts <=3)" in \
        ruling.text
    t.judge("comparable", "yes")
    assert t.state.restrictions == () and t.state.pending is None
    assert [f.law for f in t.state.flags] == ["23C"]


def test_31A2a_the_card_of_the_other_side_is_not_used() -> None:
    t = out_of_rotation_1S_then_RHO_opens(TableCards(ew=STRONG_CLUB))
    ruling = t.ruling
    assert ruling is not None and "system card" not in ruling.text


def test_31A2a_without_a_card_the_ruling_is_unchanged() -> None:
    with_card = out_of_rotation_1S_then_RHO_opens(TableCards(ns=NATURAL)).ruling
    without = out_of_rotation_1S_then_RHO_opens(None).ruling
    assert with_card is not None and without is not None
    assert with_card.text.startswith(without.text) and "system card" not in without.text
    assert (with_card.law, with_card.questions, with_card.options) == (without.law, without.questions,
                                                                         without.options)


def test_27B1b_stolen_bid_double_for_stayman_is_comparable_and_the_list_shows_it() -> None:
    # North opens 1NT, East overcalls 2D, South bids 2C (Stayman, not seeing 2D); West does not accept it.
    t = Table(dealer="N", cards=TableCards(ns=NATURAL))
    t.auction("1NT 2D")
    t.call("S", "2C")
    t.choose("refuse")
    correction = t.ruling
    assert correction is not None and correction.law == "27B"
    text = correction.text
    assert "For the director, away from the table:" in text
    assert "reading the withdrawn 2♣ after 1N" in text
    assert "   double: comparable (Law 23A3): both have the same purpose (stayman)" in text
    assert "   3♣: not comparable: 3♣ after 1N-(2D) (hcp 10+, clubs 5+)" in text
    assert text.index("double: comparable") < text.index("3♣: not comparable")
    t.call("S", "X")
    judged = t.ruling
    assert judged is not None and judged.questions[0].key == "comparable"
    assert "double is comparable (Law 23A3): both have the same purpose (stayman)" in judged.text
    t.judge("comparable", "yes")
    assert t.state.auction_text() == "N:1NT E:2D S:X" and t.state.restrictions == ()
    assert [f.law for f in t.state.flags] == ["27D"]


def test_27B1b_not_comparable_correction_bars_partner_as_before() -> None:
    t = Table(dealer="N", cards=TableCards(ns=NATURAL))
    t.auction("1NT 2D")
    t.call("S", "2C")
    t.choose("refuse")
    t.call("S", "3C")  # the lowest sufficient club bid: 27B1(a) first (2C was Stayman: not the same denomination)
    t.judge("same_denomination", "no")
    judged = t.ruling
    assert judged is not None and "3♣ is not comparable" in judged.text and "for example ♠" in judged.text
    t.judge("comparable", "no")
    assert [r.describe() for r in t.state.restrictions] == [
        "North must pass whenever it is their turn for the rest of the auction (Law 27B2)"]


PASSES = loads('{"system": "passes", "contexts": {"": {"P": "hcp <=11"}, '
               '"1H": {"P": "hcp <=5", "1S": "hcp 6+, spades 4+"}}}')


def test_30B1bi_pass_after_partner_opens_is_a_subset_of_the_cancelled_opening_pass() -> None:
    # North deals; South passes at North's turn (his partner's); East refuses; North opens 1H, East passes.
    t = Table(dealer="N", cards=TableCards(ns=PASSES))
    t.call("S", "P")
    t.choose("refuse")
    t.judge("artificial", "no")
    t.call("N", "1H")
    t.call("E", "P")
    t.call("S", "P")
    ruling = t.ruling
    assert ruling is not None and ruling.law == "30B1"
    assert "pass is comparable (Law 23A2): every hand pass after 1H shows (hcp <=5)" in ruling.text


def test_30B1bi_a_response_is_not_a_subset_of_a_pass() -> None:
    t = Table(dealer="N", cards=TableCards(ns=PASSES))
    t.call("S", "P")
    t.choose("refuse")
    t.judge("artificial", "no")
    t.call("N", "1H")
    t.call("E", "P")
    t.call("S", "1S")
    ruling = t.ruling
    assert ruling is not None and "1♠ is not comparable" in ruling.text
    t.judge("comparable", "no")
    assert [r.describe() for r in t.state.restrictions] == ["North must pass at the next turn (Law 30B1)"]


def test_31B_bid_at_partners_turn_read_in_its_own_auction() -> None:
    # West deals and passes; South bids 1S at North's turn (his partner's): 31B, read as an opening.
    t = Table(dealer="W", cards=TableCards(ns=STRONG_CLUB))
    t.call("W", "P")
    t.call("S", "1S")  # South at North's turn: his partner's turn
    t.choose("refuse")
    t.call("N", "1H")
    t.call("E", "P")
    t.call("S", "1S")
    ruling = t.ruling
    assert ruling is not None and ruling.law == "31B"
    assert "reading the withdrawn 1♠ as an opening" in ruling.text
    assert "1♠ is not comparable: 1♠ after 1H (hcp 8+, spades 4+)" in ruling.text
